/// The size of the outline a binary property list makes, counted on its
/// object table before anything is built.
///
/// A binary property list refers to its objects by number, and an object
/// may be referred to many times: 40 arrays of 3 bytes, each holding the
/// next one twice, expand into 2⁴¹ items. The census visits each object
/// once, whatever refers to it, and sums the sizes its references stand
/// for, so that the cost of such a document is known in O(*n*) for *n*
/// bytes, and refused before Foundation or the outline expand it.
///
/// The census follows the format's layout: an 8-byte header, the objects,
/// an offset table of each object's position, and a 32-byte trailer with
/// the sizes of offsets and references, the number of objects, the top
/// object and the table's position. Arrays, sets and dictionaries refer to
/// other objects; an object's count is its marker's low 4 bits, or, when
/// they are all set, the integer object that follows.
struct BinaryPropertyListCensus: Equatable {
  /// The items the outline would show: the values beneath a top-level
  /// container (dictionary keys included), or 1 for a top-level scalar;
  /// `limit + 1` when there are more than `limit`.
  var items: Int
  /// The objects reached from the top object, each counted once.
  var objectsVisited: Int
  /// The references followed, each once.
  var referencesFollowed: Int

  /// Why a binary property list cannot be counted: a reason for the
  /// one-line error.
  struct Malformed: Error, Equatable {
    /// What is wrong: `object 3 contains itself`.
    var reason: String
  }

  /// Whether `bytes` is a binary property list (starts with `bplist`).
  ///
  /// - Complexity: O(1).
  static func isBinaryPropertyList(_ bytes: [UInt8]) -> Bool {
    bytes.starts(with: Array("bplist".utf8))
  }

  /// Counts the items of the binary property list `bytes`, up to `limit`.
  ///
  /// - Parameters:
  ///   - bytes: A document that starts with `bplist`.
  ///   - limit: The count past which counting stops (`items` is then
  ///     `limit + 1`), less than `Int.max`.
  ///   - maximumDepth: The deepest nesting accepted.
  /// - Throws: ``Malformed`` for a trailer, offset or reference out of
  ///   range, an object that contains itself, or nesting deeper than
  ///   `maximumDepth`.
  /// - Complexity: O(*n*) for *n* bytes: each object reached and each
  ///   reference are visited once.
  init(_ bytes: [UInt8], limit: Int, maximumDepth: Int) throws(Malformed) {
    let table = try ObjectTable(bytes)
    // Sizes stop growing past the limit, which keeps them from overflowing.
    let ceiling = min(limit, Int.max - 2) + 2
    // An iterative post-order walk: a stack of (object, next reference),
    // and each object's item count once known (`nil` while in progress).
    let unknown = -1
    let inProgress = -2
    var sizes = [Int](repeating: unknown, count: table.objectCount)
    var stack: [(object: Int, references: ObjectTable.References, next: Int, size: Int)] = []
    var objectsVisited = 0
    var referencesFollowed = 0

    /// Starts on `object`, or returns its size when it is known.
    func enter(_ object: Int) throws(Malformed) -> Int? {
      switch sizes[object] {
      case inProgress: throw Malformed(reason: "object \(object) contains itself")
      case unknown: break
      case let size: return size
      }
      objectsVisited += 1
      let references = try table.references(of: object)
      guard references.count > 0 else {
        sizes[object] = 1
        return 1
      }
      guard stack.count < maximumDepth else {
        throw Malformed(reason: "nesting deeper than \(maximumDepth) levels")
      }
      sizes[object] = inProgress
      stack.append((object, references, 0, 1))
      return nil
    }

    var topSize = try enter(table.topObject)
    while topSize == nil {
      let top = stack.count - 1
      if stack[top].next == stack[top].references.count {
        let finished = stack.removeLast()
        sizes[finished.object] = finished.size
        if stack.isEmpty {
          topSize = finished.size
        } else {
          stack[top - 1].size = min(stack[top - 1].size + finished.size, ceiling)
        }
        continue
      }
      let child = try table.reference(stack[top].next, of: stack[top].references)
      stack[top].next += 1
      referencesFollowed += 1
      if let size = try enter(child) {
        stack[top].size = min(stack[top].size + size, ceiling)
      }
    }
    let size = topSize ?? 1
    items = min(try table.isContainer(table.topObject) ? size - 1 : 1, ceiling - 1)
    self.objectsVisited = objectsVisited
    self.referencesFollowed = referencesFollowed
  }
}

/// The object table of a binary property list: where each object is, and
/// the references of arrays, sets and dictionaries.
private struct ObjectTable {
  /// The document.
  let bytes: [UInt8]
  /// The bytes of one offset in the offset table.
  let offsetSize: Int
  /// The bytes of one reference.
  let referenceSize: Int
  /// The number of objects.
  let objectCount: Int
  /// The top object's number.
  let topObject: Int
  /// Where the offset table starts, which is where the objects end.
  let offsetTableStart: Int

  /// A container's references: `count` of them from byte `start`.
  struct References {
    /// The position of the first reference.
    var start: Int
    /// How many references.
    var count: Int
  }

  /// Reads the trailer.
  ///
  /// - Throws: ``BinaryPropertyListCensus/Malformed`` for a trailer that
  ///   does not describe the document.
  init(_ bytes: [UInt8]) throws(BinaryPropertyListCensus.Malformed) {
    self.bytes = bytes
    let trailer = bytes.count - 32
    guard trailer >= 9 else { throw .init(reason: "too short for a binary property list") }
    offsetSize = Int(bytes[trailer + 6])
    referenceSize = Int(bytes[trailer + 7])
    guard (1...8).contains(offsetSize), (1...8).contains(referenceSize) else {
      throw .init(reason: "bad sizes in the trailer")
    }
    let objectCount = Self.integer(bytes, at: trailer + 8, size: 8)
    let topObject = Self.integer(bytes, at: trailer + 16, size: 8)
    let offsetTableStart = Self.integer(bytes, at: trailer + 24, size: 8)
    guard let objectCount, let topObject, let offsetTableStart, objectCount > 0, topObject < objectCount,
      offsetTableStart >= 9, offsetTableStart < trailer,
      objectCount <= (trailer - offsetTableStart) / offsetSize
    else {
      throw .init(reason: "bad object table in the trailer")
    }
    self.objectCount = objectCount
    self.topObject = topObject
    self.offsetTableStart = offsetTableStart
  }

  /// Where `object` starts.
  private func offset(of object: Int) throws(BinaryPropertyListCensus.Malformed) -> Int {
    guard let offset = Self.integer(bytes, at: offsetTableStart + object * offsetSize, size: offsetSize),
      offset >= 8, offset < offsetTableStart
    else {
      throw .init(reason: "object \(object) is out of range")
    }
    return offset
  }

  /// Whether `object` is an array, a set or a dictionary.
  func isContainer(_ object: Int) throws(BinaryPropertyListCensus.Malformed) -> Bool {
    Self.containerKinds.contains(bytes[try offset(of: object)] >> 4)
  }

  /// The references of `object`: none for anything but an array, a set or
  /// a dictionary (whose keys' references come before its values').
  func references(of object: Int) throws(BinaryPropertyListCensus.Malformed) -> References {
    var position = try offset(of: object)
    let marker = bytes[position]
    guard Self.containerKinds.contains(marker >> 4) else { return References(start: 0, count: 0) }
    position += 1
    var count = Int(marker & 0x0F)
    if count == 0x0F {
      // The count is the integer object that follows: 0x1n, then 2ⁿ bytes.
      guard position < offsetTableStart, bytes[position] >> 4 == 0x1, bytes[position] & 0x0F <= 3,
        let value = Self.integer(bytes, at: position + 1, size: 1 << Int(bytes[position] & 0x0F))
      else {
        throw .init(reason: "bad count in object \(object)")
      }
      position += 1 + (1 << Int(bytes[position] & 0x0F))
      count = value
    }
    let perEntry = marker >> 4 == 0xD ? 2 : 1
    guard count <= (offsetTableStart - position) / (perEntry * referenceSize) else {
      throw .init(reason: "object \(object) runs past the objects")
    }
    return References(start: position, count: count * perEntry)
  }

  /// The object the reference `index` of `references` names.
  func reference(_ index: Int, of references: References) throws(BinaryPropertyListCensus.Malformed) -> Int {
    guard let object = Self.integer(bytes, at: references.start + index * referenceSize, size: referenceSize),
      object < objectCount
    else {
      throw .init(reason: "a reference names no object")
    }
    return object
  }

  /// The high nibbles of arrays (A), ordered sets (B), sets (C) and
  /// dictionaries (D).
  private static let containerKinds: ClosedRange<UInt8> = 0xA...0xD

  /// The big-endian unsigned integer of `size` bytes at `position`; `nil`
  /// when it does not fit in the document or in an `Int`.
  private static func integer(_ bytes: [UInt8], at position: Int, size: Int) -> Int? {
    guard position >= 0, size <= bytes.count - position else { return nil }
    var value: UInt64 = 0
    for index in position..<position + size { value = value << 8 | UInt64(bytes[index]) }
    return value <= UInt64(Int.max) ? Int(value) : nil
  }
}
