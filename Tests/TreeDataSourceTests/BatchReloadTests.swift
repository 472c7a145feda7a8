import Foundation
import Testing
import TreeDataSource

@Suite("Reloads in batches")
struct BatchReloadTests {
  /// Six root leaves of height 1 through 6.
  func leaves(layout: TreeIndex.Layout = .flat) -> (ModelTree, TreeList<ModelDataSource>, ListHostSimulator) {
    let tree = ModelTree()
    for r in 0..<6 { tree.insert(tree.makeNode(height: r + 1), into: tree.root, at: r) }
    let list = TreeList(dataSource: ModelDataSource(tree: tree), layout: layout)
    let host = makeHost(for: list)
    list.reloadData()
    host.removeRecordedCalls()
    tree.forgetQuestions()
    return (tree, list, host)
  }

  @Test func reloadingRowsOutsideABatchRedrawsThemAndAsksTheirHeights() throws {
    let (tree, list, host) = leaves()
    tree.node(at: [4])!.height = 0
    tree.node(at: [1])!.height = 10
    try list.reloadItems(at: [[4], [1], [4]])
    #expect(
      host.calls == [.apply(TreeChanges(reloadedRowRanges: [.init(section: 0, rows: 1..<2), .init(section: 0, rows: 4..<5)]))])
    #expect(
      Set(tree.questions) == [
        Question(kind: .height, id: tree.node(at: [1])!.id), Question(kind: .height, id: tree.node(at: [4])!.id),
      ])
    #expect(tree.questions.count == 2)
    #expect(list.contentHeight == 1 + 10 + 3 + 4 + 0 + 6)
    #expect(list.row(atOffset: 14) == 3)
    #expect(list.row(atOffset: 18) == 5)
  }

  @Test func reloadsInABatchUseOldCoordinatesAndSkipDeletedAndInsertedRows() throws {
    let (tree, list, host) = leaves()
    let c = tree.node(at: [2])!
    let e = tree.node(at: [4])!
    try list.performBatchUpdates {
      tree.remove(tree.node(at: [0])!)
      try list.deleteItems(at: [[0]])
      c.height = 30
      try list.reloadItems(at: [[1]])  // c, row 2 before the batch
      let new = tree.makeNode(height: 7)
      tree.insert(new, into: tree.root, at: 0)
      try list.insertItems(at: [[0]])
      try list.reloadItems(at: [[0]])  // inserted in this batch: not reloaded
      try list.reloadItems(at: [[4]])  // e, row 4 before the batch...
      tree.remove(e)
      try list.deleteItems(at: [[4]])  // ...then deleted: not reloaded
    }
    #expect(host.violations.isEmpty, "\(host.violations)")
    guard case .apply(let changes) = host.calls.first, host.calls.count == 1 else {
      Issue.record("expected one apply, got \(host.calls)")
      return
    }
    #expect(changes.reloadedRows == [IndexPath(indexes: [0, 2])])
    #expect(Set(changes.deletedRows) == [IndexPath(indexes: [0, 0]), IndexPath(indexes: [0, 4])])
    #expect(changes.insertedRows == [IndexPath(indexes: [0, 0])])
    #expect(host.mismatchedRows().isEmpty)
    #expect(list.contentHeight == 7 + 2 + 30 + 4 + 6)
  }

  @Test func aBatchThatThrowsAnErrorOfItsOwnChangesNothing() throws {
    struct Refused: Error {}
    let (tree, list, host) = leaves(layout: .sectioned)
    let index = list.index
    tree.node(at: [1])!.height = 9
    #expect(throws: Refused.self) {
      try list.performBatchUpdates {
        try list.reloadItems(at: [[1]])
        list.collapseAll()
        throw Refused()
      }
    }
    #expect(list.index == index)
    #expect(host.calls.isEmpty)
  }
}
