import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

// Sticky rows by row against the model, a walk over the visible rows: for
// every top row of random trees, both layouts, several maximum counts.

@Suite("Sticky rows")
struct StickyRowTests {
  @Test(arguments: DropTargetTests.seeds, RandomizedModelTests.layouts)
  func everyTopRowMatchesTheModel(seed: UInt64, layout: TreeIndex.Layout) {
    var nonEmpty = 0
    var several = 0
    var truncated = 0
    for (step, (index, model)) in DropTargetTests.trees(seed: seed, layout: layout).enumerated() {
      let rows = model.visibleRows().flatMap { $0 }.map(\.treePath)
      let heights = [Double](repeating: 1, count: rows.count)
      for topRow in -1...rows.count {
        for maximumCount in [0, 1, 2, 7] {
          let want =
            topRow < 0 || topRow >= rows.count
            ? []
            : StickyRowModel.stickyRows(
              rows: rows, heights: heights, contentOffset: Double(topRow), maximumCount: maximumCount,
              firstDepth: layout == .flat ? 1 : 2)
          let got = index.stickyRows(forTopRow: topRow, maximumCount: maximumCount)
          #expect(got == want, "seed \(seed), layout .\(layout), tree \(step), top row \(topRow), max \(maximumCount)")
          if maximumCount == 7 {
            nonEmpty += want.isEmpty ? 0 : 1
            several += want.count > 1 ? 1 : 0
          }
          if maximumCount == 1 && !want.isEmpty {
            let all = StickyRowModel.stickyRows(
              rows: rows, heights: heights, contentOffset: Double(topRow), maximumCount: 7,
              firstDepth: layout == .flat ? 1 : 2)
            truncated += all.count > 1 ? 1 : 0
            #expect(all.first == want.first, "the maximum keeps the outermost")
          }
        }
      }
    }
    #expect(nonEmpty > 20 && several > 5 && truncated > 5, "nonEmpty \(nonEmpty), several \(several)")
  }

  @Test func aSmallOutline() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 3)
    try index.expand([0, 0], numberOfSubitems: 2)
    // Rows: [0], [0, 0], [0, 0, 0], [0, 0, 1], [0, 1], [0, 2], [1].
    #expect(index.stickyRows(forTopRow: 0) == [])
    #expect(
      index.stickyRows(forTopRow: 2) == [
        TreeStickyRow(treePath: [0], row: 0, offset: 0), TreeStickyRow(treePath: [0, 0], row: 1, offset: 1),
      ])
    #expect(index.stickyRows(forTopRow: 3) == [TreeStickyRow(treePath: [0], row: 0, offset: 0)])
    #expect(index.stickyRows(forTopRow: 2, maximumCount: 1) == [TreeStickyRow(treePath: [0], row: 0, offset: 0)])
    #expect(index.stickyRows(forTopRow: 6) == [])
    #expect(index.stickyRows(forTopRow: 7) == [])
    #expect(index.stickyRows(forTopRow: -1) == [])
  }

  @Test func sectionRootsNeverStick() throws {
    var index = TreeIndex(numberOfRootItems: 2, layout: .sectioned)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([0, 0], numberOfSubitems: 3)
    // Rows: [0, 0], [0, 0, 0], [0, 0, 1], [0, 0, 2], [0, 1].
    #expect(index.stickyRows(forTopRow: 2) == [TreeStickyRow(treePath: [0, 0], row: 0, offset: 0)])
    #expect(index.stickyRows(forTopRow: 4) == [])
  }

  /// `roots` root items, each with 8 expanded subitems of 2 subitems each.
  static func deepTree(roots: Int) throws -> TreeIndex {
    var index = TreeIndex(numberOfRootItems: roots)
    try index.performBatchUpdates { index in
      for root in 0..<roots {
        try index.expand([root], numberOfSubitems: 8)
        for i in 0..<8 { try index.expand([root, i], numberOfSubitems: 2) }
      }
    }
    return index
  }

  // The same number of queries on a tree 64 times larger takes far less
  // than 64 times as long: linear work would give about 64; the bound, 8,
  // leaves room for a busy machine.
  @Test(
    .enabled(
      if: !LongTests.checksInvariants,
      "the internal checks recount the index after each of the expansions that build the trees; the time ratio is for the other builds"
    )
  )
  func stickyRowsDoNotGrowWithTheRows() throws {
    let small = try Self.deepTree(roots: 50)
    let large = try Self.deepTree(roots: 3_200)
    func queries(_ index: TreeIndex) {
      var rng = SeededGenerator(seed: 7)
      var stuck = 0
      for _ in 0..<2_000 {
        stuck += index.stickyRows(forTopRow: Int.random(in: 0..<index.numberOfRows, using: &rng)).count
      }
      #expect(stuck > 2_000)
    }
    let ratio = Growth.timeRatio(small: { queries(small) }, large: { queries(large) })
    #expect(ratio < 8, "64 times the rows: \(ratio) times the time")
  }
}
