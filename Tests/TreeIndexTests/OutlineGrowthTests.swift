import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

// The outline queries cost O(d log b), whatever the number of rows, and a
// row mapping's questions O(log k) for k ranges: the same number of
// queries on a tree (or a change set) 64 times larger takes far less than
// 64 times as long. Linear work would give about 64; the bound, 8, leaves
// room for a busy machine.

@Suite("Outline behaviours: growth")
struct OutlineGrowthTests {
  /// `roots` root items, each expanded with 8 subitems.
  static func tree(roots: Int) throws -> TreeIndex {
    var index = TreeIndex(numberOfRootItems: roots)
    try index.performBatchUpdates { index in
      for root in 0..<roots { try index.expand([root], numberOfSubitems: 8) }
    }
    return index
  }

  @Test(
    .enabled(
      if: !LongTests.checksInvariants,
      "the internal checks recount the index after each of the expansions that build the trees; the time ratio is for the other builds"
    )
  )
  func dropTargetsAndGuidesDoNotGrowWithTheRows() throws {
    let small = try Self.tree(roots: 200)
    let large = try Self.tree(roots: 12_800)
    func queries(_ index: TreeIndex) {
      var rng = SeededGenerator(seed: 5)
      var found = 0
      for _ in 0..<2_000 {
        let row = Int.random(in: 0..<index.numberOfRows, using: &rng)
        if let levels = index.dropLevels(beforeRowAt: [0, row]),
          let target = index.dropTarget(beforeRowAt: [0, row], level: levels.upperBound),
          index.moveDestination(for: target, movingItemAt: [0]) != nil
        {
          found += 1
        }
        if index.indentGuides(forRow: row) != nil { found += 1 }
      }
      #expect(found > 2_000)
    }
    let ratio = Growth.timeRatio(small: { queries(small) }, large: { queries(large) })
    #expect(ratio < 8, "64 times the rows: \(ratio) times the time")
  }

  @Test(
    .enabled(
      if: !LongTests.checksInvariants,
      "the internal checks recount the index after each of the expansions that build the trees; the time ratio is for the other builds"
    )
  )
  func rowMappingQuestionsDoNotGrowWithTheRanges() throws {
    func changes(roots: Int) throws -> TreeChanges {
      var index = TreeIndex(numberOfRootItems: roots)
      return try index.performBatchUpdates { index in
        try index.deleteItems(at: stride(from: 0, to: roots, by: 2).map { [$0] })
      }
    }
    let small = try changes(roots: 500).rowMapping
    let large = try changes(roots: 32_000).rowMapping
    func queries(_ mapping: TreeChanges.RowMapping, rows: Int) {
      var rng = SeededGenerator(seed: 6)
      var kept = 0
      for _ in 0..<20_000 {
        let row = Int.random(in: 0..<rows, using: &rng)
        if mapping.newIndexPath(forOldIndexPath: [0, row]) != nil { kept += 1 }
      }
      #expect(kept > 0)
    }
    let ratio = Growth.timeRatio(small: { queries(small, rows: 500) }, large: { queries(large, rows: 32_000) })
    #expect(ratio < 8, "64 times the ranges: \(ratio) times the time")
  }
}
