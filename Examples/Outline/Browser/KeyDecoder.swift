/// Turns the bytes a terminal sends in raw mode into keys: ASCII and UTF-8
/// characters, control bytes, and the escape sequences of arrows, Page
/// Up/Down, Home and End (both the `ESC [` and the `ESC O` forms).
///
/// A sequence split between two reads is kept until the rest arrives; an
/// escape byte that ends a read is the Escape key (terminals send a key's
/// whole sequence in one write). Unknown sequences are skipped.
struct KeyDecoder {
  /// The bytes of an incomplete sequence or character from the last read.
  private var pending: [UInt8] = []

  /// Creates a decoder with nothing pending.
  init() {}

  /// Decodes one read's bytes, with whatever the last read left pending.
  ///
  /// - Parameter bytes: The bytes of one read.
  /// - Returns: The keys they complete, in order.
  /// - Complexity: O(*n*) for *n* bytes.
  mutating func keys(from bytes: some Sequence<UInt8>) -> [Key] {
    let input = pending + Array(bytes)
    pending = []
    var keys: [Key] = []
    var i = 0
    while i < input.count {
      switch Self.decode(input, at: i) {
      case .key(let key, let length):
        keys.append(key)
        i += length
      case .skip(let length):
        i += length
      case .incomplete:
        if input[i] == 0x1B && i + 1 == input.count {
          keys.append(.escape)
          i += 1
        } else {
          pending = Array(input[i...])
          i = input.count
        }
      }
    }
    return keys
  }

  /// What the bytes at one position make.
  private enum Step {
    case key(Key, length: Int)
    case skip(length: Int)
    case incomplete
  }

  private static func decode(_ input: [UInt8], at i: Int) -> Step {
    let byte = input[i]
    switch byte {
    case 0x1B: return decodeEscape(input, at: i)
    case 0x0D, 0x0A: return .key(.enter, length: 1)
    case 0x09: return .key(.tab, length: 1)
    case 0x7F, 0x08: return .key(.backspace, length: 1)
    case 0x03: return .key(.interrupt, length: 1)
    case 0x04: return .key(.endOfInput, length: 1)
    case 0x20: return .key(.space, length: 1)
    case 0x21...0x7E: return .key(.character(Character(Unicode.Scalar(byte))), length: 1)
    case 0xC0...0xFF: return decodeUTF8(input, at: i)
    default: return .skip(length: 1)
    }
  }

  /// A multi-byte UTF-8 character starting at `i`.
  private static func decodeUTF8(_ input: [UInt8], at i: Int) -> Step {
    let byte = input[i]
    let length = byte >= 0xF0 ? 4 : byte >= 0xE0 ? 3 : 2
    // A byte that cannot continue the character ends it now, not once
    // `length` bytes have arrived: the key it starts is not held back.
    let available = input[(i + 1)..<Swift.min(i + length, input.count)]
    guard available.allSatisfy({ $0 & 0xC0 == 0x80 }) else { return .skip(length: 1) }
    guard i + length <= input.count else { return .incomplete }
    guard let scalar = String(validating: input[i..<(i + length)], as: UTF8.self)?.unicodeScalars.first
    else { return .skip(length: 1) }
    return .key(.character(Character(scalar)), length: length)
  }

  /// An escape sequence starting at `i` (`input[i]` is ESC).
  private static func decodeEscape(_ input: [UInt8], at i: Int) -> Step {
    guard i + 1 < input.count else { return .incomplete }
    let introducer = input[i + 1]
    guard introducer == UInt8(ascii: "[") || introducer == UInt8(ascii: "O") else {
      // ESC then another key: Escape, and the key after it on its own.
      return .key(.escape, length: 1)
    }
    // Parameters (digits and ';'), then one final byte in 0x40...0x7E.
    var j = i + 2
    while j < input.count, (0x30...0x3F).contains(input[j]) { j += 1 }
    guard j < input.count else { return .incomplete }
    let final = input[j]
    let parameters = String(decoding: input[(i + 2)..<j], as: UTF8.self)
    let length = j - i + 1
    // A byte that cannot end the sequence (a control byte, an escape) is
    // not part of it: skip what came before and decode that byte on its own.
    guard (0x40...0x7E).contains(final) else { return .skip(length: length - 1) }
    switch (Character(Unicode.Scalar(final)), parameters) {
    case ("A", "1;2"): return .key(.shiftUp, length: length)
    case ("B", "1;2"): return .key(.shiftDown, length: length)
    case ("C", "1;3"), ("C", "1;9"): return .key(.altRight, length: length)
    case ("D", "1;3"), ("D", "1;9"): return .key(.altLeft, length: length)
    case ("A", _): return .key(.up, length: length)
    case ("B", _): return .key(.down, length: length)
    case ("C", _): return .key(.right, length: length)
    case ("D", _): return .key(.left, length: length)
    case ("H", _): return .key(.home, length: length)
    case ("F", _): return .key(.end, length: length)
    case ("~", "1"), ("~", "7"): return .key(.home, length: length)
    case ("~", "4"), ("~", "8"): return .key(.end, length: length)
    case ("~", "5"): return .key(.pageUp, length: length)
    case ("~", "6"): return .key(.pageDown, length: length)
    default: return .skip(length: length)
    }
  }
}
