import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// No mapping and no expand or collapse walks the rows: on a tree of ten
/// million rows built from a few expanded items, thousands of lookups and
/// toggles take a few milliseconds even in a debug build. (Speed targets are
/// measured in Benchmarks/; the bound here only catches a walk over rows.)
@Suite("Scale")
struct ScaleTests {
  /// 10 root items, each with 1,000 subitems, of which 10 are expanded with
  /// 100,000 subitems each, and one chain six levels deeper: 10,010,028
  /// visible rows from 116 known items.
  /// With `leaves` subitems under each of the 100 expanded items (100,000
  /// by default; fewer for the same shape at a smaller size).
  static func bigTree(leaves: Int = 100_000) throws -> TreeIndex {
    var index = TreeIndex(numberOfRootItems: 10)
    for root in 0..<10 {
      try index.expand([root], numberOfSubitems: 1_000)
      for child in stride(from: 0, to: 1_000, by: 100) {
        try index.expand([root, child], numberOfSubitems: leaves)
      }
    }
    var deep: TreePath = [5, 500, 42]
    for _ in 0..<6 {
      try index.expand(deep, numberOfSubitems: 3)
      deep = deep.appending(1)
    }
    return index
  }

  /// Lookups both ways at random rows, and toggles of a root item with
  /// most rows beneath it; checks every answer.
  static func lookupsAndToggles(_ index: inout TreeIndex, seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    for _ in 0..<2_000 {
      let row = Int.random(in: 0..<index.numberOfRows, using: &generator)
      let path = try #require(index.treePath(forRow: row))
      #expect(index.row(for: path) == row)
      let table = try #require(index.tableIndexPath(fromTreePath: path))
      #expect(index.treeIndexPath(fromTablePath: table) == path)
    }
    // Toggling an item with most rows beneath it returns one range.
    for _ in 0..<1_000 {
      let collapse = try index.collapse([3])
      #expect(collapse.deletedRowRanges.count == 1)
      try index.expand([3], numberOfSubitems: 1_000)
    }
  }

  @Test func tenMillionRowsMapBothWaysFast() throws {
    var index = try Self.bigTree()
    #expect(index.numberOfRows > 10_000_000)
    try Self.lookupsAndToggles(&index, seed: 1)
    #expect(index.treePath(forRow: index.numberOfRows - 1) == [9, 999])
    #expect(index.row(for: [5, 500, 42, 1, 1, 1, 1, 1, 2]) != nil)
    // The same work on the same shape with a thousand times fewer rows:
    // logarithmic lookups and toggles take about as long (the ratio of the
    // two in one run, not a time); a walk over the rows would take a
    // thousand times as long.
    guard !LongTests.checksInvariants else { return }  // O(known items) per check
    var small = try Self.bigTree(leaves: 100)
    var large = index
    let ratio = try Growth.timeRatio(
      small: { try Self.lookupsAndToggles(&small, seed: 2) }, large: { try Self.lookupsAndToggles(&large, seed: 2) })
    #expect(ratio < 20, "10⁷ rows took \(ratio) times as long as 10⁴: something walks the rows")
  }

  @Test func memoryFollowsExpandedItemsNotRows() throws {
    // One item with 10,000,000 subitems encodes (and stores) like one with 10.
    var big = TreeIndex(numberOfRootItems: 1)
    try big.expand([0], numberOfSubitems: 10_000_000)
    var small = TreeIndex(numberOfRootItems: 1)
    try small.expand([0], numberOfSubitems: 10)
    let bigSize = try JSONEncoder().encode(big).count
    let smallSize = try JSONEncoder().encode(small).count
    #expect(bigSize - smallSize <= 6, "only the count's digits differ")
  }

  @Test func aKnownItemTakesFortyEightBytes() {
    // Two 32-bit counts, two links and a flag (17 bytes), the balanced
    // tree's height and three links in the space after them, then one
    // summary: 48 bytes. A field added or moved that costs a word shows here.
    #expect(TreeIndex._bytesPerKnownItem == 48)
  }
}
