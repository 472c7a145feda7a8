import Testing
import TreeDataSource
import TreeIndexTestSupport

/// The examples of the lists' `navigate(for:…)` doc comments, with what
/// they do.
@Suite struct KeyboardFocusExampleTests {
  @Test func treeListNavigates() throws {
    let tree = ModelTree()
    for i in 0..<3 { tree.insert(tree.makeNode(startsExpanded: i == 0), into: tree.root, at: i) }
    tree.insert(tree.makeNode(), into: tree.root.children[0], at: 0)
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    list.reloadData()
    try list.navigate(for: .down, viewportOffset: 0, viewportHeight: 400)
    #expect(list.focusedTreePath == [0] && list.selectedTreePaths == [[0]])
    try list.navigate(for: .down, viewportOffset: 0, viewportHeight: 400, selection: .extendToFocusedItem)
    #expect(list.focusedTreePath == [0, 0] && list.selectedTreePaths == [[0], [0, 0]])
  }

  @Test func diffableListNavigates() throws {
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["Fruit", "Vegetables"])
    try snapshot.append(["Apple"], to: "Fruit")
    let list = DiffableTreeList<String>()
    list.apply(snapshot)
    list.select("Fruit")
    try list.navigate(for: .right, viewportOffset: 0, viewportHeight: 400)
    #expect(list.snapshot.isExpanded("Fruit") && list.focusedItem == "Fruit" && list.numberOfRows == 3)
  }
}
