import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Counts the calls telling that the focus or the selection changed.
private final class SelectionCallCounter: TreeListDelegate, DiffableTreeListDelegate {
  typealias ItemID = Int
  var count = 0
  func selectionDidChange() { count += 1 }
}

// Keys applied to the lists' focus: `navigate(for:…)` and `typeSelect(_:…)`
// must do what the navigation answer, `perform(_:)` and the selection
// operations do one after the other on a twin list, with at most one host
// update and exactly one delegate call when the focus, the anchor or the
// selection changed (none otherwise).
@Suite("Keys moving the lists' focus")
struct KeyboardFocusTests {
  static let keys: [TreeNavigationKey] =
    TreeNavigationKey.Direction.allCases.map { TreeNavigationKey($0) } + [
      .left(recursively: true), .right(recursively: true), .right, .down, .up,
    ]
  static let selections: [TreeNavigationSelection] = [.selectFocusedItem, .extendToFocusedItem, .keepSelection]

  @Test(arguments: [UInt64](1...6), [TreeIndex.Layout.flat, .sectioned])
  func treeListKeysDoWhatTheirStepsDo(seed: UInt64, layout: TreeIndex.Layout) throws {
    var rng = SeededGenerator(seed: seed &+ 4_242)
    let tree = ModelTree.random(size: 90, maxDepth: 5, expandedChance: 0.4, using: &rng)
    let list = TreeList(dataSource: ModelDataSource(tree: tree), layout: layout)
    let twin = TreeList(dataSource: ModelDataSource(tree: tree), layout: layout)
    let host = makeHost(for: list)
    let counter = SelectionCallCounter()
    list.delegate = counter
    list.reloadData()
    twin.reloadData()
    let isExpandable = { (path: TreePath) in !(tree.node(at: path)?.children.isEmpty ?? true) }
    var changes = 0
    for turn in 0..<250 {
      let key = Self.keys.randomElement(using: &rng)!
      let selection = Self.selections.randomElement(using: &rng)!
      let context = Comment(rawValue: "seed \(seed), .\(layout), turn \(turn), \(key), \(selection)")
      let before = (list.focusedTreePath, list.selectionAnchor, list.selectedTreePaths)
      let rowsBefore = list.numberOfRows
      host.removeRecordedCalls()
      counter.count = 0
      let action = try list.navigate(
        for: key, viewportOffset: 0, viewportHeight: 10, selection: selection, isExpandable: isExpandable)
      // The twin, step by step.
      let expected = twin.navigationAction(
        for: key, fromRow: twin.focusedTreePath.flatMap { twin.row(for: $0) }, viewportOffset: 0, viewportHeight: 10,
        isExpandable: isExpandable)
      #expect(action == expected, context)
      if let expected {
        try twin.perform(expected)
        switch selection {
        case .selectFocusedItem: twin.selectItem(at: expected.focusedItem)
        case .extendToFocusedItem: twin.extendSelection(to: expected.focusedItem)
        case .keepSelection: twin.setFocus(to: expected.focusedItem)
        }
      }
      #expect(list.focusedTreePath == twin.focusedTreePath, context)
      #expect(list.selectionAnchor == twin.selectionAnchor, context)
      #expect(list.selectedTreePaths == twin.selectedTreePaths, context)
      #expect(list.numberOfRows == twin.numberOfRows, context)
      #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty, context)
      #expect(host.calls.count == (list.numberOfRows == rowsBefore ? host.calls.count : 1), context)
      #expect(host.calls.count <= 1, context)
      let changed = (list.focusedTreePath, list.selectionAnchor, list.selectedTreePaths) != before
      #expect(counter.count == (changed ? 1 : 0), context)
      if changed { changes += 1 }
    }
    #expect(changes > 10 || list.numberOfRows < 3, "\(changes) changes")
  }

  @Test(arguments: [UInt64](1...6), [TreeIndex.Layout.flat, .sectioned])
  func diffableListKeysDoWhatTheirStepsDo(seed: UInt64, layout: TreeIndex.Layout) throws {
    var rng = SeededGenerator(seed: seed &+ 9_191)
    let tree = ModelTree.random(size: 90, maxDepth: 5, expandedChance: 0.4, using: &rng)
    for node in tree.allNodes where node.children.isEmpty { node.startsExpanded = false }
    let list = try NavigationListTests.diffableList(tree, layout: layout)
    let twin = try NavigationListTests.diffableList(tree, layout: layout)
    let host = ListHostSimulator(list: list)
    let counter = SelectionCallCounter()
    list.delegate = counter
    var changes = 0
    for turn in 0..<250 {
      let key = Self.keys.randomElement(using: &rng)!
      let selection = Self.selections.randomElement(using: &rng)!
      let context = Comment(rawValue: "seed \(seed), .\(layout), turn \(turn), \(key), \(selection)")
      let before = (list.focusedItem, list.selectionAnchor, list.selectedItems)
      host.removeRecordedCalls()
      counter.count = 0
      let action = try list.navigate(for: key, viewportOffset: 0, viewportHeight: 10, selection: selection)
      let expected = twin.navigationAction(for: key, from: twin.focusedItem, viewportOffset: 0, viewportHeight: 10)
      #expect(action == expected, context)
      if let expected {
        try twin.perform(expected)
        switch selection {
        case .selectFocusedItem: twin.select(expected.focusedItem)
        case .extendToFocusedItem: twin.extendSelection(to: expected.focusedItem)
        case .keepSelection: twin.setFocus(to: expected.focusedItem)
        }
      }
      #expect(list.focusedItem == twin.focusedItem, context)
      #expect(list.selectionAnchor == twin.selectionAnchor, context)
      #expect(list.selectedItems == twin.selectedItems, context)
      #expect(list.numberOfRows == twin.numberOfRows, context)
      #expect(host.violations.isEmpty && host.calls.count <= 1, context)
      let changed = (list.focusedItem, list.selectionAnchor, list.selectedItems) != before
      #expect(counter.count == (changed ? 1 : 0), context)
      if changed { changes += 1 }
    }
    #expect(changes > 10 || list.numberOfRows < 3, "\(changes) changes")
  }

  @Test func typingSelectsTheNextMatchInBothLists() throws {
    let tree = ModelTree()
    for i in 0..<4 { tree.insert(tree.makeNode(startsExpanded: i == 1), into: tree.root, at: i) }
    tree.insert(tree.makeNode(), into: tree.root.children[1], at: 0)
    // Rows: #1 "Alpha", #2 "Beta", #5 "Ábaco", #3 "Gamma", #4 "alto"
    let names = [1: "Alpha", 2: "Beta", 3: "Gamma", 4: "alto", 5: "Ábaco"]
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    let counter = SelectionCallCounter()
    list.delegate = counter
    list.reloadData()
    var typeSelect = TreeTypeSelect()
    typeSelect.type("a", at: 0)
    let label = { (path: TreePath) in names[tree.node(at: path)!.id]! }
    #expect(list.typeSelect(typeSelect, label: label)?.focusedItem == [0])  // no focus: from the top
    #expect(list.selectedTreePaths == [[0]] && list.focusedTreePath == [0] && counter.count == 1)
    typeSelect.type("a", at: 0.5)  // the same letter again: the next match
    #expect(list.typeSelect(typeSelect, selection: .extendToFocusedItem, label: label)?.focusedItem == [1, 0])
    #expect(list.selectedTreePaths == [[0], [1], [1, 0]] && counter.count == 2)
    typeSelect.type("z", at: 0.7)
    #expect(list.typeSelect(typeSelect, label: label) == nil)
    #expect(list.focusedTreePath == [1, 0] && counter.count == 2)

    let diffable = try NavigationListTests.diffableList(tree, layout: .flat)
    diffable.delegate = counter
    typeSelect.reset()
    typeSelect.type("g", at: 1)
    #expect(diffable.typeSelect(typeSelect, selection: .keepSelection) { names[$0]! }?.focusedItem == 3)
    #expect(diffable.focusedItem == 3 && diffable.selectedItems.isEmpty && counter.count == 3)
  }
}
