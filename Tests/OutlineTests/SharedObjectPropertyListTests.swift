import ExampleTestSupport
import Foundation
import Testing
@testable import outline

/// An object of a binary property list written by hand, referring to
/// others by number, as the format allows and Foundation's writer never
/// does for containers.
private enum PropertyListObject {
  /// An array of the objects numbered so.
  case array([Int])
  /// A dictionary: its keys' objects, then its values'.
  case dictionary(keys: [Int], values: [Int])
  /// An integer from 0 to 255.
  case integer(UInt8)
  /// An ASCII string of fewer than 15 characters.
  case string(String)
}

/// The bytes of a binary property list of `objects`, the first the top
/// one: header, objects, offset table and trailer.
private func binaryPropertyList(_ objects: [PropertyListObject], top: Int = 0) -> [UInt8] {
  let referenceSize = objects.count < 256 ? 1 : 2
  func bigEndian(_ value: Int, size: Int) -> [UInt8] {
    (0..<size).reversed().map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
  }
  func marker(_ kind: UInt8, count: Int) -> [UInt8] {
    count < 15 ? [kind << 4 | UInt8(count)] : [kind << 4 | 0x0F, 0x11] + bigEndian(count, size: 2)
  }
  var bytes = Array("bplist00".utf8)
  var offsets: [Int] = []
  for object in objects {
    offsets.append(bytes.count)
    switch object {
    case .array(let elements):
      bytes += marker(0xA, count: elements.count)
      for element in elements { bytes += bigEndian(element, size: referenceSize) }
    case .dictionary(let keys, let values):
      bytes += marker(0xD, count: keys.count)
      for reference in keys + values { bytes += bigEndian(reference, size: referenceSize) }
    case .integer(let value):
      bytes += [0x10, value]
    case .string(let text):
      bytes += marker(0x5, count: text.utf8.count) + Array(text.utf8)
    }
  }
  let offsetSize = bytes.count < 256 ? 1 : bytes.count < 65_536 ? 2 : 4
  let offsetTable = bytes.count
  for offset in offsets { bytes += bigEndian(offset, size: offsetSize) }
  bytes += [0, 0, 0, 0, 0, 0, UInt8(offsetSize), UInt8(referenceSize)]
  bytes += bigEndian(objects.count, size: 8) + bigEndian(top, size: 8) + bigEndian(offsetTable, size: 8)
  return bytes
}

/// `levels` arrays, each holding the next one twice, then an integer: a
/// document of about 3 bytes a level whose outline has 2^(`levels` + 1) − 2
/// items.
private func doublingArrays(levels: Int) -> [UInt8] {
  binaryPropertyList((0..<levels).map { .array([$0 + 1, $0 + 1]) } + [.integer(1)])
}

/// The number of nodes in `nodes` and beneath.
private func nodeCount(_ nodes: [StaticTree.Node]) -> Int {
  nodes.reduce(0) { $0 + 1 + nodeCount($1.children) }
}

/// The number of dictionary entries in `nodes` and beneath: the keys the
/// census counts besides the nodes.
private func dictionaryEntryCount(_ nodes: [StaticTree.Node]) -> Int {
  nodes.reduce(0) { total, node in
    let entries = node.entry.detail?.hasPrefix("{") == true ? node.children.count : 0
    return total + entries + dictionaryEntryCount(node.children)
  }
}

/// Binary property lists whose objects are referred to many times: counted
/// on the object table, in one visit per object, and refused before
/// anything expands when they would make too many items.
@Suite struct SharedObjectPropertyListTests {
  /// Writes `bytes` to a new temporary file named `name`.
  private func write(_ bytes: [UInt8], named name: String) throws -> (folder: URL, path: String) {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("SharedObjectPropertyListTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent(name).path
    try Data(bytes).write(to: URL(fileURLWithPath: path))
    return (folder, path)
  }

  @Test func fortyDoublingArraysAreRefusedAfterOneVisitPerObject() throws {
    let bytes = doublingArrays(levels: 40)
    #expect(bytes.count < 250)
    let census = try BinaryPropertyListCensus(bytes, limit: 1_000_000, maximumDepth: 512)
    #expect(census.items == 1_000_001)
    #expect(census.objectsVisited == 41)
    #expect(census.referencesFollowed == 80)

    let (folder, path) = try write(bytes, named: "doubling.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(throws: OutlineError("cannot show \(path): its shared objects repeat into more than 1,000,000 items")) {
      try StaticTree.propertyList(contentsOf: path)
    }
    let run = try runOutline(["--plist", path])
    #expect(run.status == 1)
    #expect(run.errorOutput == "outline: cannot show \(path): its shared objects repeat into more than 1,000,000 items\n")
  }

  @Test func theCensusGrowsWithTheDocumentNotWithItsOutline() throws {
    let small = try BinaryPropertyListCensus(doublingArrays(levels: 20), limit: .max - 1, maximumDepth: 512)
    let large = try BinaryPropertyListCensus(doublingArrays(levels: 60), limit: .max - 1, maximumDepth: 512)
    #expect(small.items == (1 << 21) - 2)
    #expect(large.items == (1 << 61) - 2)
    #expect(small.referencesFollowed == 40 && large.referencesFollowed == 120)
    #expect(large.objectsVisited == 3 * small.objectsVisited - 2)
  }

  @Test func sharedObjectsUnderTheLimitAreShownWhole() throws {
    let (folder, path) = try write(doublingArrays(levels: 10), named: "ten.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tree = try StaticTree.propertyList(contentsOf: path, maximumItems: 2_046)
    #expect(nodeCount(tree.roots) == 2_046)
    #expect(tree.roots.count == 2)
    #expect(tree.roots[0].entry == OutlineEntry(name: "0", detail: "[2]", isContainer: true))
    #expect(throws: OutlineError("cannot show \(path): its shared objects repeat into more than 2,045 items")) {
      try StaticTree.propertyList(contentsOf: path, maximumItems: 2_045)
    }
    // The limit is never below the document's size in bytes (83).
    #expect(throws: OutlineError("cannot show \(path): its shared objects repeat into more than 83 items")) {
      try StaticTree.propertyList(contentsOf: path, maximumItems: 1)
    }
  }

  @Test(arguments: 0..<40)
  func theCensusCountsWhatTheOutlineBuilds(seed: Int) throws {
    var random = SeededNumbers(seed: UInt64(seed))
    // Objects refer only to later ones, so that there is no cycle; leaves
    // are shared too, as Foundation's writer shares equal strings.
    let count = Int.random(in: 2...60, using: &random)
    let leafStart = count - Int.random(in: 1...min(8, count - 1), using: &random)
    var objects: [PropertyListObject] = []
    for index in 0..<count {
      if index >= leafStart {
        objects.append(Bool.random(using: &random) ? .integer(UInt8(index)) : .string("s\(index)"))
        continue
      }
      let references = (0..<Int.random(in: 0...4, using: &random)).map { _ in
        Int.random(in: index + 1..<count, using: &random)
      }
      if Bool.random(using: &random) {
        objects.append(.array(references))
      } else {
        // Keys are distinct strings of their own, after the objects.
        let keys = references.indices.map { count + index * 4 + $0 }
        objects.append(.dictionary(keys: keys, values: references))
      }
    }
    for index in 0..<leafStart * 4 { objects.append(.string("k\(index)")) }
    let bytes = binaryPropertyList(objects)
    let census = try BinaryPropertyListCensus(bytes, limit: 1_000_000, maximumDepth: 512)
    let (folder, path) = try write(bytes, named: "random.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    let roots = try StaticTree.propertyList(contentsOf: path).roots
    var keys = dictionaryEntryCount(roots)
    if case .dictionary = objects[0] { keys += roots.count }
    #expect(census.items == nodeCount(roots) + keys, "seed \(seed)")
    #expect(census.objectsVisited <= objects.count, "seed \(seed)")
  }

  @Test func malformedObjectTablesAreOneLineErrors() throws {
    let deep = binaryPropertyList((0..<600).map { .array([$0 + 1]) } + [.integer(0)])
    for (name, bytes, reason) in [
      ("cycle.plist", binaryPropertyList([.array([1]), .array([0])]), "object 0 contains itself"),
      ("self.plist", binaryPropertyList([.array([0, 0])]), "object 0 contains itself"),
      ("dangling.plist", binaryPropertyList([.array([1, 7]), .integer(1)]), "a reference names no object"),
      ("deep.plist", deep, "nesting deeper than 512 levels"),
      ("short.plist", Array("bplist00".utf8) + [0xA0], "too short for a binary property list"),
    ] {
      let (folder, path) = try write(bytes, named: name)
      defer { try? FileManager.default.removeItem(at: folder) }
      #expect(throws: OutlineError("invalid property list in \(path): \(reason)")) {
        try StaticTree.propertyList(contentsOf: path)
      }
    }
  }
}

/// Runs the built `outline` with `arguments`, piped.
private func runOutline(_ arguments: [String]) throws -> ExecutableRun {
  try ExecutableRun(running: "outline", arguments)
}
