import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

// Indent guides against the naive model: for every row of random trees,
// each ancestor's line continues below the row exactly when the ancestor
// has a later sibling, and the row's own line ends when it is its parent's
// last subitem.

@Suite("Indent guides")
struct IndentGuideTests {
  @Test(arguments: DropTargetTests.seeds, RandomizedModelTests.layouts)
  func everyRowMatchesTheModel(seed: UInt64, layout: TreeIndex.Layout) {
    var checkedRows = 0
    var continuing = 0
    var ending = 0
    for (step, (index, model)) in DropTargetTests.trees(seed: seed, layout: layout).enumerated() {
      let rows = model.visibleRows().flatMap { $0 }
      for (row, item) in rows.enumerated() {
        let path = item.treePath
        func isLast(_ depth: Int) -> Bool {
          let prefix = TreePath(path.prefix(depth))
          return prefix.last! == model.numberOfSubitems(of: prefix.parent)! - 1
        }
        let want = TreeIndentGuides(
          continuesBelow: (1..<path.depth).map { !isLast($0) }, isLastSubitem: isLast(path.depth))
        #expect(
          index.indentGuides(forRow: row) == want, "seed \(seed), layout .\(layout), tree \(step), row \(row)\n\(model)")
        checkedRows += 1
        continuing += want.continuesBelow.filter { $0 }.count
        ending += want.isLastSubitem ? 1 : 0
      }
      #expect(index.indentGuides(forRow: rows.count) == nil)
      #expect(index.indentGuides(forRow: -1) == nil)
    }
    #expect(checkedRows > 100 && continuing > 0 && ending > 0 && ending < checkedRows)
  }

  @Test func aSmallOutline() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([0, 0], numberOfSubitems: 1)
    #expect(index.indentGuides(forRow: 0) == .init(continuesBelow: [], isLastSubitem: false))
    #expect(index.indentGuides(forRow: 1) == .init(continuesBelow: [true], isLastSubitem: false))
    #expect(index.indentGuides(forRow: 2) == .init(continuesBelow: [true, true], isLastSubitem: true))
    #expect(index.indentGuides(forRow: 3) == .init(continuesBelow: [true], isLastSubitem: true))
    #expect(index.indentGuides(forRow: 4) == .init(continuesBelow: [], isLastSubitem: true))
  }
}
