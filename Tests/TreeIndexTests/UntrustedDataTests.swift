import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// Decoding data nobody vouches for: every document either gives an index
/// that answers every query without trapping, or `DecodingError`.
@Suite("Untrusted data: decoding validates everything")
struct UntrustedDataTests {
  static let maximum = TreeIndex.maximumNumberOfRows

  func decode(_ json: String) throws -> TreeIndex {
    try JSONDecoder().decode(TreeIndex.self, from: Data(json.utf8))
  }

  func expectCorrupted(_ json: String, mentioning words: String, sourceLocation: SourceLocation = #_sourceLocation) {
    do {
      let index = try decode(json)
      Issue.record("decoded \(index.numberOfRows) rows from \(json)", sourceLocation: sourceLocation)
    } catch DecodingError.dataCorrupted(let context) {
      #expect(context.debugDescription.contains(words), "\(context.debugDescription)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
  }

  @Test func theEncodingGrowsWithTheItemsNotTheirDepth() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([1], numberOfSubitems: 3)
    try index.expand([1, 2], numberOfSubitems: 1)
    try index.collapse([1, 2])
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let json = String(decoding: try encoder.encode(index), as: UTF8.self)
    #expect(
      json == #"{"items":[{"depth":1,"index":1,"isExpanded":true,"numberOfSubitems":3},"#
        + #"{"depth":2,"index":2,"isExpanded":false,"numberOfSubitems":1}],"layout":"flat","numberOfRootItems":2}"#)
    #expect(try decode(json) == index)
  }

  @Test func theFormWithPathsStillDecodes() throws {
    let index = try decode(
      #"{"layout":"flat","numberOfRootItems":2,"items":[{"path":[1,2],"numberOfSubitems":1,"isExpanded":false},"#
        + #"{"path":[1],"numberOfSubitems":3,"isExpanded":true}]}"#)
    #expect(index.numberOfRows == 5)
    #expect(index.numberOfSubitems(of: [1, 2]) == 1)
  }

  @Test func countsThatWouldOverflow() {
    let m = Self.maximum
    expectCorrupted(#"{"layout":"flat","numberOfRootItems":\#(Int.max),"items":[]}"#, mentioning: "root items")
    expectCorrupted(#"{"layout":"flat","numberOfRootItems":-1,"items":[]}"#, mentioning: "root items")
    expectCorrupted(
      #"{"layout":"flat","numberOfRootItems":2,"items":[{"depth":1,"index":0,"numberOfSubitems":\#(Int.max),"isExpanded":true}]}"#,
      mentioning: "subitems")
    // Two expanded items whose rows fit one by one but not together.
    expectCorrupted(
      #"{"layout":"flat","numberOfRootItems":2,"items":[{"depth":1,"index":0,"numberOfSubitems":\#(m / 2),"isExpanded":true},"#
        + #"{"depth":1,"index":1,"numberOfSubitems":\#(m / 2),"isExpanded":true}]}"#,
      mentioning: "more rows")
    // The same beneath a collapsed item: its rows are bounded too.
    expectCorrupted(
      #"{"layout":"flat","numberOfRootItems":1,"items":[{"depth":1,"index":0,"numberOfSubitems":2,"isExpanded":false},"#
        + #"{"depth":2,"index":0,"numberOfSubitems":\#(m),"isExpanded":true}]}"#,
      mentioning: "more rows")
    expectCorrupted(
      #"{"layout":"flat","numberOfRootItems":2,"items":[{"path":[0],"numberOfSubitems":\#(m / 2),"isExpanded":true},"#
        + #"{"path":[1],"numberOfSubitems":\#(m / 2),"isExpanded":true}]}"#,
      mentioning: "more rows")
    // Collapsed, the same counts are fine: only what could be shown counts.
    #expect(
      (try? decode(
        #"{"layout":"flat","numberOfRootItems":2,"items":[{"depth":1,"index":0,"numberOfSubitems":\#(m / 2),"isExpanded":false},"#
          + #"{"depth":1,"index":1,"numberOfSubitems":\#(m / 2),"isExpanded":true}]}"#))?.numberOfRows == 2 + m / 2)
  }

  @Test func itemsThatDoNotFit() {
    let prefix = #"{"layout":"flat","numberOfRootItems":2,"items":["#
    expectCorrupted(prefix + #"{"depth":2,"index":0,"numberOfSubitems":1,"isExpanded":true}]}"#, mentioning: "depth")
    expectCorrupted(prefix + #"{"depth":0,"index":0,"numberOfSubitems":1,"isExpanded":true}]}"#, mentioning: "depth")
    expectCorrupted(
      prefix
        + #"{"depth":1,"index":0,"numberOfSubitems":1,"isExpanded":true},{"depth":3,"index":0,"numberOfSubitems":1,"isExpanded":true}]}"#,
      mentioning: "depth")
    expectCorrupted(prefix + #"{"depth":1,"index":2,"numberOfSubitems":1,"isExpanded":true}]}"#, mentioning: "out of range")
    expectCorrupted(prefix + #"{"depth":1,"index":-1,"numberOfSubitems":1,"isExpanded":true}]}"#, mentioning: "out of range")
    expectCorrupted(prefix + #"{"depth":1,"index":0,"numberOfSubitems":-4,"isExpanded":true}]}"#, mentioning: "subitems")
    expectCorrupted(
      prefix
        + #"{"depth":1,"index":0,"numberOfSubitems":1,"isExpanded":true},{"depth":1,"index":0,"numberOfSubitems":1,"isExpanded":true}]}"#,
      mentioning: "listed twice")
    expectCorrupted(
      prefix
        + #"{"depth":1,"index":0,"numberOfSubitems":1,"isExpanded":true},{"depth":2,"index":1,"numberOfSubitems":1,"isExpanded":true}]}"#,
      mentioning: "[0, 1]")
    expectCorrupted(prefix + #"{"numberOfSubitems":1,"isExpanded":true}]}"#, mentioning: "neither a path")
    expectCorrupted(prefix + #"{"path":[],"numberOfSubitems":1,"isExpanded":true}]}"#, mentioning: "does not fit")
    expectCorrupted(prefix + #"{"path":[0,0],"numberOfSubitems":1,"isExpanded":true}]}"#, mentioning: "does not fit")
  }

  /// Valid documents with one number replaced by a random, often hostile,
  /// value: each decodes to an index that passes every query, or throws.
  @Test func mutatedDocumentsNeverTrap() throws {
    var generator = SeededGenerator(seed: 13)
    let documents = LongTests.choose(short: 2_000, long: 50_000)
    var decoded = 0
    for _ in 0..<documents {
      var index = TreeIndex(numberOfRootItems: Int.random(in: 0...4, using: &generator))
      for _ in 0..<6 {
        guard index.numberOfRows > 0 else { break }
        let row = Int.random(in: 0..<index.numberOfRows, using: &generator)
        let path = index.treePath(forRow: row)!
        try index.expand(path, numberOfSubitems: Int.random(in: 0...3, using: &generator))
      }
      var json = Array(String(decoding: try JSONEncoder().encode(index), as: UTF8.self))
      let digits = json.indices.filter { json[$0].isNumber }
      if let at = digits.randomElement(using: &generator) {
        let hostile = ["-1", "0", "1", "2", "9", "\(Int.max)", "\(Int.min)", "\(Self.maximum)", "\(Self.maximum / 2)"]
        json.replaceSubrange(at...at, with: hostile.randomElement(using: &generator)!)
      }
      guard let index = try? decode(String(json)) else { continue }
      decoded += 1
      #expect(index.numberOfRows >= 0 && index.numberOfRows <= Self.maximum)
      for row in [0, 1, index.numberOfRows - 1, index.numberOfRows, .max, .min] {
        if let path = index.treePath(forRow: row) { #expect(index.row(for: path) == row) }
      }
      #expect(try JSONDecoder().decode(TreeIndex.self, from: JSONEncoder().encode(index)) == index)
    }
    #expect(decoded > 0)
  }

  /// A chain of known, expanded items 100,000 deep: encoded, decoded and
  /// mapped in time that grows with the items, not with depth squared.
  @Test func aChainOneHundredThousandDeep() throws {
    let depth = 100_000
    var items: [String] = []
    items.reserveCapacity(depth)
    for level in 1...depth {
      items.append(#"{"depth":\#(level),"index":0,"numberOfSubitems":1,"isExpanded":true}"#)
    }
    let json = #"{"layout":"flat","numberOfRootItems":1,"items":["# + items.joined(separator: ",") + "]}"
    var index = try decode(json)
    #expect(index.numberOfRows == depth + 1)
    let deepest = TreePath(repeatElement(0, count: depth + 1))
    #expect(index.row(for: deepest) == depth)
    #expect(index.treePath(forRow: depth) == deepest)
    #expect(index.level(forRow: depth) == depth)
    let again = try JSONDecoder().decode(TreeIndex.self, from: JSONEncoder().encode(index))
    #expect(again == index)
    try index.collapse([0])
    #expect(index.numberOfRows == 1)
    try index.reveal(deepest)
    #expect(index.numberOfRows == depth + 1)
    try index.collapse(TreePath(repeatElement(0, count: depth / 2)))
    #expect(index.numberOfRows == depth / 2)
    try index.collapse([0], recursively: true)
    #expect(index.numberOfRows == 1)
    try index.expand([0], numberOfSubitems: 1)
    #expect(index.numberOfRows == 2)
  }
}
