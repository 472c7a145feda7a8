import Foundation
import Testing
import TreeDataSource

/// Records every delegate call, with the tree path it carried.
final class RecordingDelegate: TreeListDelegate {
  var calls: [String] = []
  var refusesExpansion = false
  /// Paths the delegate refuses to expand, whatever `refusesExpansion` says.
  var refusedPaths: Set<TreePath> = []
  var refusesSelection = false
  /// Called on each `didExpandItem`, to look at the list and host then.
  var onDidExpand: (TreePath) -> Void = { _ in }

  func shouldExpandItem(at treePath: TreePath) -> Bool {
    calls.append("shouldExpand \(treePath)")
    return !refusesExpansion && !refusedPaths.contains(treePath)
  }
  func willExpandItem(at treePath: TreePath) { calls.append("willExpand \(treePath)") }
  func didExpandItem(at treePath: TreePath) { calls.append("didExpand \(treePath)"); onDidExpand(treePath) }
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
    #expect(tree.questions.isEmpty, "a single expansion asks the delegate first")
    try list.expand([0], recursively: true)
    #expect(delegate.calls == ["shouldExpand [2]", "shouldExpand [0]"])
    #expect(list.index == index)
    #expect(list.contentHeight == height)
    #expect(host.calls.isEmpty)
    // A recursive expansion asks the count first, to leave leaves alone.
    #expect(tree.questions == [Question(kind: .numberOfSubitems, id: tree.node(at: [0])!.id)])
    #expect(!list.isExpanded([2]))
  }

  /// [0] ▸ ([0, 0] ▸ [0, 0, 0]; [0, 1]), [1] ▸ [1, 0] ▸ [1, 0, 0] ▸ [1, 0, 0, 0], [2]: leaves have
  /// no subitems.
  func makeDeepList() -> (ModelTree, TreeList<ModelDataSource>, ListHostSimulator, RecordingDelegate) {
    let tree = ModelTree()
    func add(_ path: TreePath) {
      let parent = path.parent.flatMap { tree.node(at: $0) } ?? tree.root
      tree.insert(tree.makeNode(), into: parent, at: path.last!)
    }
    for path: TreePath in [[0], [0, 0], [0, 0, 0], [0, 1], [1], [1, 0], [1, 0, 0], [1, 0, 0, 0], [2]] { add(path) }
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    let host = makeHost(for: list)
    let delegate = RecordingDelegate()
    list.delegate = delegate
    list.reloadData()
    host.removeRecordedCalls()
    tree.forgetQuestions()
    return (tree, list, host, delegate)
  }

  @Test func expandAllAsksAndTellsForEveryItemItOpensAndLeavesLeavesCollapsed() throws {
    let (_, list, host, delegate) = makeDeepList()
    delegate.refusedPaths = [[1, 0]]
    var hostCallsAtDid: [Int] = []
    delegate.onDidExpand = { _ in hostCallsAtDid.append(host.calls.count) }
    try list.expandAll()
    #expect(
      delegate.calls == [
        "shouldExpand [0]", "willExpand [0]", "shouldExpand [0, 0]", "willExpand [0, 0]",
        "shouldExpand [1]", "willExpand [1]", "shouldExpand [1, 0]",
        "didExpand [0]", "didExpand [0, 0]", "didExpand [1]",
      ])
    #expect(hostCallsAtDid == [1, 1, 1], "did comes once the host has the one update")
    #expect(host.violations.isEmpty)
    for path: TreePath in [[0], [0, 0], [1]] { #expect(list.isExpanded(path), "\(path)") }
    for path: TreePath in [[0, 0, 0], [0, 1], [1, 0], [1, 0, 0], [2]] { #expect(!list.isExpanded(path), "\(path)") }
    #expect(list.numberOfRows == 7)
    #expect(!list.isVisible([1, 0, 0]))
  }

  @Test func recursiveExpansionFollowsTheSameRuleBeneathTheItem() throws {
    let (tree, list, host, delegate) = makeDeepList()
    delegate.refusedPaths = [[1, 0, 0]]
    try list.expand([1], recursively: true)
    #expect(
      delegate.calls == [
        "shouldExpand [1]", "willExpand [1]", "shouldExpand [1, 0]", "willExpand [1, 0]", "shouldExpand [1, 0, 0]",
        "didExpand [1]", "didExpand [1, 0]",
      ])
    #expect(host.calls.count == 1)
    #expect(list.isExpanded([1, 0]) && !list.isExpanded([1, 0, 0]))
    // A leaf named by a recursive expansion stays collapsed; it is asked its count, once.
    delegate.calls = []
    host.removeRecordedCalls()
    tree.forgetQuestions()
    try list.expand([2], recursively: true)
    #expect(!list.isExpanded([2]))
    #expect(delegate.calls.isEmpty && host.calls.isEmpty)
    #expect(tree.questions == [Question(kind: .numberOfSubitems, id: tree.node(at: [2])!.id)])
    // On its own, a leaf expands (no rows appear).
    try list.expand([2])
    #expect(list.isExpanded([2]))
    #expect(delegate.calls == ["shouldExpand [2]", "willExpand [2]", "didExpand [2]"])
  }

  @Test func revealAsksAboutEachAncestorAndStopsAtARefusal() throws {
    let (_, list, host, delegate) = makeDeepList()
    try list.reveal([0, 0, 0])
    #expect(
      delegate.calls == [
        "shouldExpand [0]", "willExpand [0]", "shouldExpand [0, 0]", "willExpand [0, 0]",
        "didExpand [0]", "didExpand [0, 0]",
      ])
    #expect(list.row(for: [0, 0, 0]) == 2)
    delegate.calls = []
    host.removeRecordedCalls()
    delegate.refusedPaths = [[1, 0]]
    try list.reveal([1, 0, 0, 0])  // nothing fails
    #expect(delegate.calls == ["shouldExpand [1]", "willExpand [1]", "shouldExpand [1, 0]", "didExpand [1]"])
    #expect(list.isExpanded([1]) && !list.isExpanded([1, 0]))
    #expect(list.isVisible([1, 0]) && !list.isVisible([1, 0, 0, 0]))
    #expect(host.calls.count == 1 && host.violations.isEmpty)
    // A bad index below the ancestors: an error, nothing changed, no did.
    delegate.calls = []
    delegate.refusedPaths = []
    let index = list.index
    #expect(throws: TreeIndexError.self) { try list.reveal([1, 0, 4]) }
    #expect(list.index == index)
    #expect(!delegate.calls.contains { $0.hasPrefix("didExpand") })
  }
}
