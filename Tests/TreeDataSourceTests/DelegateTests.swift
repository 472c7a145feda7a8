import Foundation
import Testing
import TreeDataSource

/// Records every delegate call, with the tree path it carried.
final class RecordingDelegate: TreeListDelegate {
  var calls: [String] = []
  var refusesExpansion = false
  var refusesSelection = false

  func shouldExpandItem(at treePath: TreePath) -> Bool { calls.append("shouldExpand \(treePath)"); return !refusesExpansion }
  func willExpandItem(at treePath: TreePath) { calls.append("willExpand \(treePath)") }
  func didExpandItem(at treePath: TreePath) { calls.append("didExpand \(treePath)") }
  func shouldCollapseItem(at treePath: TreePath) -> Bool { calls.append("shouldCollapse \(treePath)"); return true }
  func willCollapseItem(at treePath: TreePath) { calls.append("willCollapse \(treePath)") }
  func didCollapseItem(at treePath: TreePath) { calls.append("didCollapse \(treePath)") }
  func shouldSelectItem(at treePath: TreePath) -> Bool { calls.append("shouldSelect \(treePath)"); return !refusesSelection }
  func didSelectItem(at treePath: TreePath) { calls.append("didSelect \(treePath)") }
}

@Suite("Delegate")
struct DelegateTests {
  func makeList() -> (ModelTree, TreeList<ModelDataSource>, ListHostSimulator, RecordingDelegate) {
    let tree = ModelTree()
    for r in 0..<3 {
      let root = tree.makeNode()
      tree.insert(root, into: tree.root, at: r)
      for c in 0..<2 { tree.insert(tree.makeNode(), into: root, at: c) }
    }
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    let host = makeHost(for: list)
    let delegate = RecordingDelegate()
    list.delegate = delegate
    list.reloadData()
    host.removeRecordedCalls()
    tree.forgetQuestions()
    return (tree, list, host, delegate)
  }

  @Test func expansionAndSelectionCallbacksCarryTreePaths() throws {
    let (_, list, host, delegate) = makeList()
    try list.toggle([1])
    #expect(delegate.calls == ["shouldExpand [1]", "willExpand [1]", "didExpand [1]"])
    #expect(host.calls.count == 1)
    delegate.calls = []
    #expect(list.selectRow(at: IndexPath(indexes: [0, 3])) == [1, 1])
    #expect(delegate.calls == ["shouldSelect [1, 1]", "didSelect [1, 1]"])
    delegate.calls = []
    try list.collapse([1])
    #expect(delegate.calls == ["shouldCollapse [1]", "willCollapse [1]", "didCollapse [1]"])
    delegate.calls = []
    // Nothing to change: no callbacks.
    try list.collapse([1])
    #expect(delegate.calls.isEmpty)
    #expect(list.selectRow(at: IndexPath(indexes: [0, 9])) == nil)
    #expect(delegate.calls.isEmpty)
    delegate.refusesSelection = true
    #expect(list.selectRow(at: IndexPath(indexes: [0, 0])) == nil)
    #expect(delegate.calls == ["shouldSelect [0]"])
  }

  @Test func aRefusedExpansionChangesNothing() throws {
    let (tree, list, host, delegate) = makeList()
    delegate.refusesExpansion = true
    let index = list.index
    let height = list.contentHeight
    try list.expand([2])
    try list.expand([0], recursively: true)
    #expect(delegate.calls == ["shouldExpand [2]", "shouldExpand [0]"])
    #expect(list.index == index)
    #expect(list.contentHeight == height)
    #expect(host.calls.isEmpty)
    #expect(tree.questions.isEmpty)
    #expect(!list.isExpanded([2]))
  }
}
