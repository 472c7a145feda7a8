// swift-format-ignore-file
// These tests hold the documentation's examples line for line, spacing
// and aligned comments included (see DocumentationExamples), so the
// formatter leaves them as written.

import Foundation
import Testing
import TreeDataSource

/// The examples of sticky rows and scroll anchoring (README and the lists'
/// doc comments), with the values their comments claim.
@Suite("Sticky rows and scroll anchoring: examples")
struct StickyAnchorExampleTests {
  /// A list of one expanded root item and 4 subitems, then one more root
  /// item, every row 44 high.
  func makeList() -> (TreeList<ModelDataSource>, ModelTree) {
    let tree = ModelTree()
    let root = tree.makeNode(startsExpanded: true, height: 44)
    tree.insert(root, into: tree.root, at: 0)
    for i in 0..<4 { tree.insert(tree.makeNode(height: 44), into: root, at: i) }
    tree.insert(tree.makeNode(height: 44), into: tree.root, at: 1)
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    list.reloadData()
    return (list, tree)
  }

  @Test func readme() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([0], numberOfSubitems: 2)
    let target = index.dropTarget(beforeRowAt: [0, 3], level: 1)!
    try index.moveItem(at: [2], to: index.moveDestination(for: target, movingItemAt: [2])!)
    let (list, _) = makeList()

    try index.expand([0, 1], numberOfSubitems: 2)                    // rows: [0], [0, 0], [0, 1], [0, 1, 0], [0, 1, 1], [0, 2], [1]
    #expect(index.numberOfRows == 7)
    let sticky = index.stickyRows(forTopRow: 3)                      // sticks [0] at 0, [0, 1] at 1
    #expect(sticky == [TreeStickyRow(treePath: [0], row: 0, offset: 0), TreeStickyRow(treePath: [0, 1], row: 2, offset: 1)])
    list.setScrollAnchor(atContentOffset: 130)                       // a TreeList or DiffableTreeList: the row at the top
    #expect(list.scrollAnchorTreePath == [0, 1])
    try list.collapse([0])                                           // the anchor's ancestor collapses
    let offset = list.anchoredContentOffset                          // where [0] is: scroll there
    #expect(offset == 0 && list.scrollAnchorTreePath == [0])
  }

  @Test func treeListDocComment() throws {
    let (list, tree) = makeList()
    tree.insert(tree.makeNode(height: 30), into: tree.root, at: 0)
    list.setScrollAnchor(atContentOffset: 130)
    try list.insertItems(at: [[0]])
    #expect(list.anchoredContentOffset == 160)
  }

  @Test func diffableTreeListDocComment() throws {
    let list = DiffableTreeList<String>()
    list.heightOfItem = { $0 == "new" ? 30 : 44 }
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["a", "b", "c", "d", "e"])
    list.apply(snapshot)
    var snapshotWithAnItemOnTop = list.snapshot
    try snapshotWithAnItemOnTop.insert(["new"], before: "a")
    list.setScrollAnchor(atContentOffset: 130)
    list.apply(snapshotWithAnItemOnTop)
    #expect(list.anchoredContentOffset == 160)
  }
}
