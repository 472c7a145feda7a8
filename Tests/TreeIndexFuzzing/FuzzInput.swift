/// The bytes of one fuzz input, read front to back as the choices of a
/// session; past the end every read is 0, so any input is a whole session.
struct FuzzInput {
  private let bytes: [UInt8]
  private var position = 0

  init(_ bytes: [UInt8]) { self.bytes = bytes }

  /// Whether every byte has been read.
  var isAtEnd: Bool { position >= bytes.count }

  /// The bytes not read yet.
  var rest: ArraySlice<UInt8> { bytes[Swift.min(position, bytes.count)...] }

  /// The next byte, or 0 past the end.
  mutating func byte() -> UInt8 {
    defer { position += 1 }
    return position < bytes.count ? bytes[position] : 0
  }

  /// A number in `0..<bound` (`bound` ≥ 1).
  mutating func number(below bound: Int) -> Int {
    Int(byte()) % bound
  }

  /// A Boolean value.
  mutating func flag() -> Bool { byte() & 1 == 1 }

  /// An index for a level with `count` items: mostly one in range, or the
  /// count itself, sometimes hostile (negative, huge).
  mutating func index(amongst count: Int) -> Int {
    let b = byte()
    switch b {
    case 250: return -1
    case 251: return Int.min
    case 252: return Int.max
    case 253: return count + 1
    default: return Int(b) % (count + 1)
    }
  }

  /// A number of subitems: mostly small, sometimes hostile (negative, or
  /// past what an index holds).
  mutating func numberOfSubitems() -> Int {
    let b = byte()
    switch b {
    case 250: return -1
    case 251: return Int.min
    case 252: return Int.max
    case 253: return (1 << 62) + 1
    default: return Int(b) % 5
    }
  }
}
