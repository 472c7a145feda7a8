import Foundation
import Testing
import TreeDataSource

@Suite("Unannounced changes")
struct InconsistencyTests {
  /// Three root items, each with three leaves; [1] expanded, then collapsed.
  func collapsedList() throws -> (ModelTree, TreeList<ModelDataSource>, ListHostSimulator) {
    let tree = ModelTree()
    for r in 0..<3 {
      let root = tree.makeNode(startsExpanded: r == 1)
      tree.insert(root, into: tree.root, at: r)
      for c in 0..<3 { tree.insert(tree.makeNode(), into: root, at: c) }
    }
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    let host = makeHost(for: list)
    list.reloadData()
    try list.collapse([1])
    host.removeRecordedCalls()
    return (tree, list, host)
  }

  func visibleIdentities(_ tree: ModelTree, expanded: Set<Int>) -> [AnyHashable] {
    var ids: [AnyHashable] = []
    func walk(_ node: ModelNode) {
      for child in node.children {
        ids.append(child.id)
        if expanded.contains(child.id) { walk(child) }
      }
    }
    walk(tree.root)
    return ids
  }

  @Test(arguments: [true, false])
  func anUnannouncedChangeIsFoundOnExpand(inserting: Bool) throws {
    let (tree, list, host) = try collapsedList()
    let item = tree.node(at: [1])!
    if inserting {
      tree.insert(tree.makeNode(), into: item, at: 1)
    } else {
      tree.remove(item.children[0])
    }
    let actual = item.children.count
    let error = #expect(throws: TreeDataSourceError.self) { try list.expand([1]) }
    #expect(error == TreeDataSourceError(treePath: [1], reason: .inconsistentNumberOfSubitems(expected: 3, actual: actual)))
    #expect(error?.description.contains("[1]") == true)
    #expect(error?.description.contains("\(actual) subitems") == true)
    #expect(error?.description.contains("told of 3") == true)
    #expect(host.calls == [.reloadData])
    #expect(host.violations.isEmpty)
    // The host shows the data source's truth.
    #expect(list.isExpanded([1]))
    #expect(list.numberOfRows == 3 + actual)
    #expect(host.rows == [visibleIdentities(tree, expanded: [item.id])])
    #expect(host.mismatchedRows().isEmpty)
    #expect(list.contentHeight == Double(3 + actual))
    // And the list goes on: collapsing and expanding again ask one count.
    tree.forgetQuestions()
    host.removeRecordedCalls()
    try list.collapse([1])
    try list.expand([1])
    #expect(tree.questions == [Question(kind: .numberOfSubitems, id: item.id)])
    #expect(host.calls.count == 2)
    #expect(host.violations.isEmpty)
  }

  @Test func aChangeInsideABatchReloadsTheHostOnce() throws {
    let (tree, list, host) = try collapsedList()
    let item = tree.node(at: [1])!
    tree.insert(tree.makeNode(), into: item, at: 0)
    #expect(throws: TreeDataSourceError.self) {
      try list.performBatchUpdates {
        try list.expand([0])
        try list.expand([1])
      }
    }
    #expect(host.calls == [.reloadData])
    #expect(host.violations.isEmpty)
    // What the batch did before the error stays: [0] open, [1] reloaded.
    #expect(list.isExpanded([0]) && list.isExpanded([1]))
    #expect(list.numberOfRows == 3 + 3 + 4)
    #expect(host.mismatchedRows().isEmpty)
  }
}
