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
}
