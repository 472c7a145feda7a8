import Foundation
import Testing
import TreeIndex

@Suite("Expand and collapse")
struct ExpansionTests {
  typealias RowRange = TreeChanges.RowRange

  @Test func expandInsertsOneRangeAndCollapseDeletesIt() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    let expand = try index.expand([1], numberOfSubitems: 1_000_000)
    #expect(expand.insertedRowRanges == [RowRange(section: 0, rows: 2..<1_000_002)])
    #expect(expand.deletedRowRanges.isEmpty)
    #expect(index.numberOfRows == 1_000_003)
    #expect(index.row(for: [2]) == 1_000_002)
    let collapse = try index.collapse([1])
    #expect(collapse.deletedRowRanges == [RowRange(section: 0, rows: 2..<1_000_002)])
    #expect(collapse.insertedRowRanges.isEmpty)
    #expect(index.numberOfRows == 3)
  }

  @Test func reexpandingKeepsNestedExpansion() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 3)
    try index.expand([0, 1], numberOfSubitems: 2)
    try index.collapse([0])
    #expect(index.isExpanded([0, 1]), "hidden, but still expanded")
    #expect(!index.isVisible([0, 1]))
    let changes = try index.expand([0], numberOfSubitems: 3)
    #expect(changes.insertedRowRanges == [RowRange(section: 0, rows: 1..<6)])
    #expect(index.treePath(forRow: 3) == [0, 1, 0])
  }

  @Test func aDifferentCountReplacesTheSubitems() throws {
    var index = TreeIndex(numberOfRootItems: 1)
    try index.expand([0], numberOfSubitems: 3)
    try index.expand([0, 2], numberOfSubitems: 4)
    let changes = try index.expand([0], numberOfSubitems: 2)
    #expect(changes.isEmpty == false)
    try index.collapse([0])
    let replaced = try index.expand([0], numberOfSubitems: 5)
    #expect(replaced.deletedRowRanges.isEmpty, "collapsed: no old rows to delete")
    #expect(replaced.insertedRowRanges == [RowRange(section: 0, rows: 1..<6)])
    #expect(index.numberOfSubitems(of: [0, 2]) == nil, "state beneath was discarded")
    // Replacing while expanded deletes the old rows and inserts the new.
    try index.expand([0, 0], numberOfSubitems: 2)
    let visibleReplace = try index.expand([0], numberOfSubitems: 1)
    #expect(visibleReplace.deletedRowRanges == [RowRange(section: 0, rows: 1..<8)])
    #expect(visibleReplace.insertedRowRanges == [RowRange(section: 0, rows: 1..<2)])
  }

  @Test func expandingAnExpandedItemOrCollapsingACollapsedOneChangesNothing() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 2)
    let before = index
    #expect(try index.expand([0], numberOfSubitems: 2).isEmpty)
    #expect(try index.collapse([1]).isEmpty)
    #expect(try index.collapse([0, 1]).isEmpty)
    #expect(index == before)
  }

  @Test func expandingAHiddenItemRecordsStateWithoutRows() throws {
    var index = TreeIndex(numberOfRootItems: 1)
    try index.expand([0], numberOfSubitems: 2)
    try index.collapse([0])
    let changes = try index.expand([0, 1], numberOfSubitems: 10)
    #expect(changes.isEmpty)
    #expect(index.numberOfRows == 1)
    let reveal = try index.expand([0], numberOfSubitems: 2)
    #expect(reveal.insertedRowRanges == [RowRange(section: 0, rows: 1..<13)])
  }

  @Test func recursiveCollapseForgetsNestedExpansionButKeepsCounts() throws {
    var index = TreeIndex(numberOfRootItems: 1)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([0, 0], numberOfSubitems: 2)
    try index.expand([0, 0, 1], numberOfSubitems: 2)
    let changes = try index.collapse([0], recursively: true)
    #expect(changes.deletedRowRanges == [RowRange(section: 0, rows: 1..<7)])
    #expect(!index.isExpanded([0, 0]))
    #expect(index.numberOfSubitems(of: [0, 0]) == 2)
    let again = try index.expand([0], numberOfSubitems: 2)
    #expect(again.insertedRowRanges == [RowRange(section: 0, rows: 1..<3)])
    #expect(index.expandedTreePaths == [[0]])
  }

  @Test func revealExpandsEveryAncestorInOneRange() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([1], numberOfSubitems: 3)
    try index.expand([1, 2], numberOfSubitems: 3)
    try index.collapse([1, 2])
    try index.collapse([1])
    let changes = try index.reveal([1, 2, 1])
    #expect(changes.insertedRowRanges == [RowRange(section: 0, rows: 2..<8)])
    #expect(index.row(for: [1, 2, 1]) == 6)
    #expect(throws: TreeIndexError.self) { try index.reveal([0, 0]) }
  }

  @Test func collapseAllKeepsRootRowsInFlatAndEmptiesSections() throws {
    for layout in [TreeIndex.Layout.flat, .sectioned] {
      var index = try SeedExampleTests.readmeTree(layout: layout)
      let changes = index.collapseAll()
      #expect(index.expandedTreePaths.isEmpty)
      switch layout {
      case .flat:
        #expect(index.numberOfRows == 3)
        #expect(changes.numberOfDeletedRows == 12)
        #expect(
          changes.deletedRowRanges == [
            RowRange(section: 0, rows: 1..<3), RowRange(section: 0, rows: 4..<10), RowRange(section: 0, rows: 11..<15),
          ])
      case .sectioned:
        #expect(index.numberOfRows == 0)
        #expect(
          changes.deletedRowRanges == [
            RowRange(section: 0, rows: 0..<2), RowRange(section: 1, rows: 0..<6), RowRange(section: 2, rows: 0..<4),
          ])
      }
    }
  }

  @Test func queriesAroundRows() throws {
    let index = try SeedExampleTests.readmeTree(layout: .flat)
    #expect(index.rows(inSubtreeAt: [1]) == 3..<10)
    #expect(index.rows(inSubtreeAt: [1, 0]) == 4..<5)
    #expect(index.level(forRow: 6) == 2)
    #expect(index.visibleTreePath(after: [1, 1, 1]) == [1, 2])
    #expect(index.visibleTreePath(before: [1, 2]) == [1, 1, 1])
    #expect(index.visibleTreePath(after: [2, 3]) == nil)
    #expect(index.visibleTreePath(before: [0]) == nil)
    let sectioned = try SeedExampleTests.readmeTree(layout: .sectioned)
    #expect(sectioned.rows(inSubtreeAt: [1]) == 2..<8)
    #expect(sectioned.rows(inSubtreeAt: [1, 1]) == 3..<6)
    #expect(sectioned.visibleTreePath(after: [0, 1]) == [1, 0])
    #expect(sectioned.visibleTreePath(after: [1]) == [1, 0])
    #expect(sectioned.visibleTreePath(before: [1, 0]) == [0, 1])
  }
}
