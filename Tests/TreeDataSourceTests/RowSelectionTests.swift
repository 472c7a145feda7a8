import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// Focus, anchor and row selection of `TreeList` (by path) and
// `DiffableTreeList` (by identifier) against a model keyed by item
// identity: random sessions of clicks, Shift-clicks, Command-clicks,
// focus moves, select and deselect all, expansions, collapses and edits
// (insertions, deletions, moves, reloads, applied snapshots), both layouts,
// both hidden-selection policies. After every step the list's focus, anchor
// and selection name the model's items, and the delegate heard exactly one
// `selectionDidChange()` when they changed and none when they did not.

/// A tree of identified items with their expansion, the model's only state
/// besides the selection.
final class SelectionModelTree {
  final class Node {
    let id: Int
    var isExpanded = false
    var children: [Node] = []
    weak var parent: Node?
    init(id: Int) { self.id = id }
  }

  let root = Node(id: 0)
  let layout: TreeIndex.Layout
  var nodes: [Int: Node] = [:]
  private var nextID = 1

  init(layout: TreeIndex.Layout) { self.layout = layout }

  func makeNode() -> Node {
    defer { nextID += 1 }
    let node = Node(id: nextID)
    nodes[node.id] = node
    return node
  }

  func node(at path: TreePath?) -> Node? {
    var node = root
    for i in path ?? [] {
      guard i >= 0, i < node.children.count else { return nil }
      node = node.children[i]
    }
    return node
  }

  func path(of id: Int) -> TreePath? {
    guard var node = nodes[id] else { return nil }
    var indices: [Int] = []
    while let parent = node.parent {
      indices.append(parent.children.firstIndex { $0 === node }!)
      node = parent
    }
    return TreePath(indices.reversed())
  }

  /// The identifiers of the rows, in order: a plain walk.
  var rows: [Int] {
    var result: [Int] = []
    func walk(_ node: Node, depth: Int) {
      if layout == .flat || depth > 1 { result.append(node.id) }
      guard node.isExpanded else { return }
      for child in node.children { walk(child, depth: depth + 1) }
    }
    for root in root.children { walk(root, depth: 1) }
    return result
  }

  func subtree(of node: Node) -> [Node] { [node] + node.children.flatMap { subtree(of: $0) } }

  /// The row that stands for `id`: itself when it is a row; else its
  /// outermost collapsed ancestor when that is a row; else `nil`.
  func standIn(for id: Int, rows: Set<Int>) -> Int? {
    if rows.contains(id) { return id }
    guard let node = nodes[id] else { return nil }
    var chain: [Node] = []
    var current = node.parent
    while let c = current, c !== root {
      chain.append(c)
      current = c.parent
    }
    for ancestor in chain.reversed() where !ancestor.isExpanded { return rows.contains(ancestor.id) ? ancestor.id : nil }
    return nil
  }
}

/// The focus, anchor and selection, by identity, as the model sees them.
struct SelectionModelState: Equatable {
  var focus: Int?
  var anchor: Int?
  var selected: Set<Int> = []
  var extensionAdded: [Int] = []

  static func == (a: Self, b: Self) -> Bool { a.focus == b.focus && a.anchor == b.anchor && a.selected == b.selected }

  mutating func click(_ id: Int) {
    selected = [id]
    focus = id
    anchor = id
    extensionAdded = []
  }

  mutating func toggle(_ id: Int) {
    if selected.remove(id) == nil { selected.insert(id) }
    focus = id
    anchor = id
    extensionAdded = []
  }

  mutating func extend(to id: Int, rows: [Int]) {
    guard let anchor, let a = rows.firstIndex(of: anchor) else { return click(id) }
    let t = rows.firstIndex(of: id)!
    for item in extensionAdded { selected.remove(item) }
    extensionAdded = []
    for item in rows[min(a, t)...max(a, t)] where selected.insert(item).inserted { extensionAdded.append(item) }
    focus = id
  }

  mutating func settle(_ tree: SelectionModelTree, policy: HiddenSelectionPolicy) {
    let rows = Set(tree.rows)
    focus = focus.flatMap { tree.standIn(for: $0, rows: rows) }
    anchor = anchor.flatMap { tree.standIn(for: $0, rows: rows) }
    guard policy == .selectCollapsedItem else { return }
    selected = Set(selected.compactMap { tree.standIn(for: $0, rows: rows) })
    extensionAdded = extensionAdded.filter { selected.contains($0) }
  }

  /// Follows the deletion of `doomed` (with its subtree) from rows `before`.
  mutating func delete(_ doomed: Set<Int>, rowsBefore before: [Int]) {
    func replacement(_ id: Int?) -> Int? {
      guard let id, doomed.contains(id) else { return id }
      guard let first = before.firstIndex(where: { doomed.contains($0) }) else { return nil }
      return before[..<first].last
    }
    focus = replacement(focus)
    anchor = replacement(anchor)
    selected.subtract(doomed)
    extensionAdded.removeAll { doomed.contains($0) }
  }
}

/// Counts `selectionDidChange()` for both lists.
final class SelectionCounter: TreeListDelegate, DiffableTreeListDelegate {
  typealias ItemID = Int
  var calls = 0
  func selectionDidChange() { calls += 1 }
}

/// A data source over the model tree, answering expansion from it.
final class SelectionModelDataSource: TreeDataSource {
  let tree: SelectionModelTree
  init(tree: SelectionModelTree) { self.tree = tree }
  func numberOfSubitems(of parent: TreePath?) -> Int { tree.node(at: parent)?.children.count ?? 0 }
  func isExpanded(_ treePath: TreePath) -> Bool { tree.node(at: treePath)?.isExpanded ?? false }
  func item(at treePath: TreePath) -> Int { tree.node(at: treePath)?.id ?? -1 }
}

/// What a random step does.
enum SelectionStep: CaseIterable {
  case click, shiftClick, commandClick, focus, selectAll, deselectAll, expand, collapse, collapseAll
  case insert, delete, move, reload, reloadAll, badInput, batch
}

/// A random session against one list, through closures that read and drive
/// it in the model's identifiers.
struct SelectionSession {
  var rng: SeededGenerator
  let tree: SelectionModelTree
  let policy: HiddenSelectionPolicy
  var state = SelectionModelState()

  init(seed: UInt64, layout: TreeIndex.Layout, policy: HiddenSelectionPolicy) {
    rng = SeededGenerator(seed: seed)
    tree = SelectionModelTree(layout: layout)
    self.policy = policy
    for _ in 0..<Int.random(in: 2...4, using: &rng) { grow(tree.root, depth: 1) }
  }

  private mutating func grow(_ parent: SelectionModelTree.Node, depth: Int) {
    let node = tree.makeNode()
    node.parent = parent
    node.isExpanded = Bool.random(using: &rng) || depth == 1
    parent.children.append(node)
    guard depth < 4 else { return }
    for _ in 0..<Int.random(in: 0...3, using: &rng) { grow(node, depth: depth + 1) }
  }

  mutating func randomNode() -> SelectionModelTree.Node? { tree.nodes.values.sorted { $0.id < $1.id }.randomElement(using: &rng) }

  mutating func randomRow() -> Int? { tree.rows.randomElement(using: &rng) }
}

@Suite("Row selection")
struct RowSelectionTests {
  static let cases: [(TreeIndex.Layout, HiddenSelectionPolicy)] = [
    (.flat, .keepSelected), (.flat, .selectCollapsedItem), (.sectioned, .keepSelected),
    (.sectioned, .selectCollapsedItem),
  ]

  // MARK: TreeList

  private func focus(_ list: TreeList<SelectionModelDataSource>, _ tree: SelectionModelTree) -> Int? {
    list.focusedTreePath.flatMap { tree.node(at: $0)?.id }
  }

  private func focus(_ list: DiffableTreeList<Int>, _ tree: SelectionModelTree) -> Int? { list.focusedItem }

  @Test(arguments: cases)
  func treeListFollowsTheModel(layout: TreeIndex.Layout, policy: HiddenSelectionPolicy) throws {
    for seed in UInt64(0)..<40 {
      var session = SelectionSession(seed: seed, layout: layout, policy: policy)
      let tree = session.tree
      let dataSource = SelectionModelDataSource(tree: tree)
      let list = TreeList(dataSource: dataSource, layout: layout)
      let counter = SelectionCounter()
      list.delegate = counter
      list.hiddenSelectionPolicy = policy
      list.reloadData()
      for stepNumber in 0..<120 {
        let before = session.state
        let callsBefore = counter.calls
        let step = SelectionStep.allCases.randomElement(using: &session.rng)!
        try run(step, on: list, session: &session)
        session.state.settle(tree, policy: policy)
        let context = Comment(rawValue: "seed \(seed) step \(stepNumber) \(step) \(layout) \(policy)")
        let id = { (path: TreePath?) in path.flatMap { tree.node(at: $0)?.id } }
        #expect(id(list.focusedTreePath) == session.state.focus, context)
        #expect(id(list.selectionAnchor) == session.state.anchor, context)
        #expect(Set(list.selectedTreePaths.compactMap(id)) == session.state.selected, context)
        #expect(list.selectedTreePaths.count == session.state.selected.count, context)
        let rows = tree.rows
        #expect(
          list.selectedRows == rows.indices.filter { session.state.selected.contains(rows[$0]) }, context)
        let expectedCalls = before == session.state ? 0 : 1
        #expect(counter.calls - callsBefore == expectedCalls, context)
        if counter.calls - callsBefore != expectedCalls || session.state.focus != focus(list, tree) { return }
      }
    }
  }

  private func run(_ step: SelectionStep, on list: TreeList<SelectionModelDataSource>, session: inout SelectionSession)
    throws
  {
    let tree = session.tree
    switch step {
    case .click, .shiftClick, .commandClick, .focus:
      guard let id = session.randomRow(), let path = tree.path(of: id) else { return }
      switch step {
      case .click:
        #expect(list.selectItem(at: path))
        session.state.click(id)
      case .shiftClick:
        #expect(list.extendSelection(to: path))
        session.state.extend(to: id, rows: tree.rows)
      case .commandClick:
        #expect(list.toggleSelection(of: path))
        session.state.toggle(id)
      default:
        #expect(list.setFocus(to: path))
        session.state.focus = id
      }
    case .selectAll:
      list.selectAll()
      session.state.selected = Set(tree.rows)
      session.state.extensionAdded = []
    case .deselectAll:
      list.deselectAll()
      session.state.selected = []
      session.state.extensionAdded = []
    case .expand, .collapse:
      guard let node = session.randomNode(), let path = tree.path(of: node.id),
        list.numberOfSubitems(of: path.parent) != nil
      else { return }
      if step == .expand {
        try list.expand(path)
        node.isExpanded = true
      } else {
        try list.collapse(path)
        node.isExpanded = false
      }
    case .collapseAll:
      guard Int.random(in: 0..<4, using: &session.rng) == 0 else { return }
      list.collapseAll()
      for node in tree.nodes.values { node.isExpanded = false }
    case .insert:
      let parent = session.randomNode() ?? tree.root
      let index = Int.random(in: 0...parent.children.count, using: &session.rng)
      let node = tree.makeNode()
      node.parent = parent
      parent.children.insert(node, at: index)
      try list.insertItems(at: [(tree.path(of: parent.id) ?? []).appending(index)].map { TreePath($0) })
    case .delete:
      guard let node = session.randomNode(), let path = tree.path(of: node.id) else { return }
      let rowsBefore = tree.rows
      let doomed = tree.subtree(of: node)
      node.parent!.children.removeAll { $0 === node }
      for gone in doomed { tree.nodes[gone.id] = nil }
      try list.deleteItems(at: [path])
      session.state.delete(Set(doomed.map(\.id)), rowsBefore: rowsBefore)
    case .move:
      guard let node = session.randomNode(), let source = tree.path(of: node.id) else { return }
      let subtree = Set(tree.subtree(of: node).map(\.id))
      let parents = [tree.root] + tree.nodes.values.filter { !subtree.contains($0.id) }.sorted { $0.id < $1.id }
      let parent = parents.randomElement(using: &session.rng)!
      node.parent!.children.removeAll { $0 === node }
      let index = Int.random(in: 0...parent.children.count, using: &session.rng)
      parent.children.insert(node, at: index)
      node.parent = parent
      try list.moveItem(at: source, to: tree.path(of: node.id)!)
    case .reload:
      // Only an item the list has learned about (its parent expanded once).
      guard let node = session.randomNode(), let path = tree.path(of: node.id),
        list.numberOfSubitems(of: path.parent) != nil
      else { return }
      try list.reloadItems(at: [path])
    case .reloadAll:
      guard Int.random(in: 0..<4, using: &session.rng) == 0 else { return }
      list.reloadData()
      session.state = SelectionModelState()
    case .badInput:
      #expect(!list.selectItem(at: [99, 0]))
      #expect(!list.extendSelection(to: [0, 99, 3]))
      #expect(!list.toggleSelection(of: [-1]))
      #expect(!list.setFocus(to: [99]))
      // A hidden item or a section is no row either.
      if let node = session.randomNode(), let path = tree.path(of: node.id), !tree.rows.contains(node.id) {
        #expect(!list.selectItem(at: path))
      }
    case .batch:
      // An insertion and a deletion in one batch; then a batch that throws
      // changes nothing.
      guard let node = session.randomNode(), let path = tree.path(of: node.id) else { return }
      let rowsBefore = tree.rows
      let doomed = tree.subtree(of: node)
      let parent = node.parent!
      let index = parent.children.firstIndex { $0 === node }!
      parent.children.remove(at: index)
      for gone in doomed { tree.nodes[gone.id] = nil }
      let fresh = tree.makeNode()
      fresh.parent = tree.root
      tree.root.children.insert(fresh, at: 0)
      try list.performBatchUpdates {
        try list.deleteItems(at: [path])
        try list.insertItems(at: [[0]])
      }
      session.state.delete(Set(doomed.map(\.id)), rowsBefore: rowsBefore)
      #expect(throws: (any Error).self) {
        try list.performBatchUpdates {
          try list.deleteItems(at: [[0]])
          try list.insertItems(at: [[1000]])
        }
      }
    }
  }

  // MARK: DiffableTreeList

  @Test(arguments: cases)
  func diffableTreeListFollowsTheModel(layout: TreeIndex.Layout, policy: HiddenSelectionPolicy) throws {
    for seed in UInt64(100)..<140 {
      var session = SelectionSession(seed: seed, layout: layout, policy: policy)
      let tree = session.tree
      let list = DiffableTreeList<Int>(layout: layout)
      let counter = SelectionCounter()
      list.delegate = counter
      list.hiddenSelectionPolicy = policy
      list.apply(Self.snapshot(of: tree))
      for stepNumber in 0..<120 {
        let before = session.state
        let callsBefore = counter.calls
        let step = SelectionStep.allCases.randomElement(using: &session.rng)!
        try run(step, on: list, session: &session)
        session.state.settle(tree, policy: policy)
        let context = Comment(rawValue: "seed \(seed) step \(stepNumber) \(step) \(layout) \(policy)")
        #expect(list.focusedItem == session.state.focus, context)
        #expect(list.selectionAnchor == session.state.anchor, context)
        #expect(list.selectedItems == session.state.selected, context)
        let rows = tree.rows
        #expect(
          list.selectedRows == rows.indices.filter { session.state.selected.contains(rows[$0]) }, context)
        let expectedCalls = before == session.state ? 0 : 1
        #expect(counter.calls - callsBefore == expectedCalls, context)
        if counter.calls - callsBefore != expectedCalls || session.state.focus != focus(list, tree) { return }
      }
    }
  }

  static func snapshot(of tree: SelectionModelTree) -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    func add(_ node: SelectionModelTree.Node) {
      try! snapshot.append(node.children.map(\.id), to: node === tree.root ? nil : node.id)
      for child in node.children { add(child) }
    }
    add(tree.root)
    snapshot.expand(tree.nodes.values.filter(\.isExpanded).map(\.id))
    return snapshot
  }

  private func run(_ step: SelectionStep, on list: DiffableTreeList<Int>, session: inout SelectionSession) throws {
    let tree = session.tree
    switch step {
    case .click, .shiftClick, .commandClick, .focus:
      guard let id = session.randomRow() else { return }
      switch step {
      case .click:
        #expect(list.select(id))
        session.state.click(id)
      case .shiftClick:
        #expect(list.extendSelection(to: id))
        session.state.extend(to: id, rows: tree.rows)
      case .commandClick:
        #expect(list.toggleSelection(of: id))
        session.state.toggle(id)
      default:
        #expect(list.setFocus(to: id))
        session.state.focus = id
      }
    case .selectAll:
      list.selectAll()
      session.state.selected = Set(tree.rows)
      session.state.extensionAdded = []
    case .deselectAll:
      list.deselectAll()
      session.state.selected = []
      session.state.extensionAdded = []
    case .expand, .collapse:
      guard let node = session.randomNode() else { return }
      if step == .expand {
        try list.expand(node.id)
        node.isExpanded = true
      } else {
        try list.collapse(node.id)
        node.isExpanded = false
      }
    case .collapseAll:
      // A snapshot that collapses some items, applied.
      var next = list.snapshot
      let collapsed = tree.nodes.values.filter { _ in Bool.random(using: &session.rng) }.map(\.id)
      next.collapse(collapsed)
      for id in collapsed { tree.nodes[id]!.isExpanded = false }
      list.apply(next)
    case .insert:
      let parent = session.randomNode() ?? tree.root
      let node = tree.makeNode()
      node.parent = parent
      parent.children.append(node)
      var next = list.snapshot
      try next.append([node.id], to: parent === tree.root ? nil : parent.id)
      list.apply(next)
    case .delete, .batch:
      // A snapshot without an item (and, for a batch, with a new root item).
      guard let node = session.randomNode() else { return }
      let rowsBefore = tree.rows
      let doomed = tree.subtree(of: node)
      node.parent!.children.removeAll { $0 === node }
      for gone in doomed { tree.nodes[gone.id] = nil }
      var next = list.snapshot
      next.delete([node.id])
      if step == .batch {
        let fresh = tree.makeNode()
        fresh.parent = tree.root
        tree.root.children.append(fresh)
        try next.append([fresh.id])
      }
      list.apply(next)
      session.state.delete(Set(doomed.map(\.id)), rowsBefore: rowsBefore)
    case .move:
      guard let node = session.randomNode() else { return }
      let subtree = Set(tree.subtree(of: node).map(\.id))
      let parents = [tree.root] + tree.nodes.values.filter { !subtree.contains($0.id) }.sorted { $0.id < $1.id }
      let parent = parents.randomElement(using: &session.rng)!
      node.parent!.children.removeAll { $0 === node }
      let index = Int.random(in: 0...parent.children.count, using: &session.rng)
      parent.children.insert(node, at: index)
      node.parent = parent
      var next = list.snapshot
      try next.move(node.id, to: parent === tree.root ? nil : parent.id, at: index)
      list.apply(next)
    case .reload:
      guard let node = session.randomNode() else { return }
      var next = list.snapshot
      next.reloadItems([node.id])
      list.apply(next)
    case .reloadAll:
      // An unrelated snapshot of the same tree.
      list.apply(Self.snapshot(of: tree))
    case .badInput:
      #expect(!list.select(-5))
      #expect(!list.extendSelection(to: -5))
      #expect(!list.toggleSelection(of: -5))
      #expect(!list.setFocus(to: -5))
      if let node = session.randomNode(), !tree.rows.contains(node.id) {
        #expect(!list.select(node.id))
      }
    }
  }

  // MARK: Behaviours by example

  @Test func shiftClickReplacesThePreviousExtensionAndKeepsTheRest() {
    let list = DiffableTreeList<Int>()
    var snapshot = list.snapshot
    try? snapshot.append(Array(0..<10))
    list.apply(snapshot)
    list.select(2)
    list.toggleSelection(of: 8)  // anchor at 8
    list.extendSelection(to: 6)
    #expect(list.selectedItems == [2, 6, 7, 8])
    list.extendSelection(to: 9)
    #expect(list.selectedItems == [2, 8, 9])
    #expect(list.focusedItem == 9 && list.selectionAnchor == 8)
  }

  @Test func collapsedItemTakesTheSelectionWhenAsked() throws {
    for policy in [HiddenSelectionPolicy.keepSelected, .selectCollapsedItem] {
      let list = DiffableTreeList<String>()
      list.hiddenSelectionPolicy = policy
      var snapshot = list.snapshot
      try snapshot.append(["Fruit", "Vegetables"])
      try snapshot.append(["Apple", "Pear"], to: "Fruit")
      snapshot.expand(["Fruit"])
      list.apply(snapshot)
      list.select("Apple")
      list.toggleSelection(of: "Pear")
      try list.collapse("Fruit")
      #expect(list.focusedItem == "Fruit")
      #expect(list.selectedItems == (policy == .keepSelected ? ["Apple", "Pear"] : ["Fruit"]))
    }
  }

  @Test func selectRowHonoursTheDelegateAndClicks() {
    final class Refusing: DiffableTreeListDelegate {
      var calls = 0
      func shouldSelectItem(_ item: Int) -> Bool { item != 1 }
      func selectionDidChange() { calls += 1 }
    }
    let list = DiffableTreeList<Int>()
    let delegate = Refusing()
    list.delegate = delegate
    var snapshot = list.snapshot
    try? snapshot.append([0, 1, 2])
    list.apply(snapshot)
    #expect(list.selectRow(at: IndexPath(indexes: [0, 1])) == nil)
    #expect(list.selectedItems.isEmpty && delegate.calls == 0)
    #expect(list.selectRow(at: IndexPath(indexes: [0, 2])) == 2)
    #expect(list.selectedItems == [2] && list.focusedItem == 2 && delegate.calls == 1)
  }

  // MARK: Growth

  /// A Shift-click walks the rows it selects after one descent: one
  /// subitem looked up per row, plus the descent, whatever the size of the
  /// list; eight times the rows, eight times the lookups.
  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func shiftClickLooksUpOneSubitemPerRow(layout: TreeIndex.Layout) throws {
    // The internal checks recount the whole snapshot after each of its
    // appends: smaller trees there, the same counts.
    let checks = LongTests.checksInvariants
    for fanOut in checks ? [3] : [4, 5] {
      let list = TreeList(dataSource: FullDataSource(fanOut: fanOut, depth: 6), layout: layout)
      list.reloadData()
      let diffable = DiffableTreeList<TreePath>(layout: layout)
      var snapshot = diffable.snapshot
      for row in 0..<list.numberOfRows {
        let path = list.treePath(forRow: row)!
        if layout == .sectioned && path.depth == 2 && path[1] == 0 { try snapshot.append([path.parent!]) }
        if layout == .flat || path.depth > 1 { try snapshot.append([path], to: path.parent) }
      }
      snapshot.expand(snapshot.items)
      diffable.apply(snapshot)
      #expect(diffable.numberOfRows == list.numberOfRows)
      var steps: [Int: (list: Int, diffable: Int)] = [:]
      let (small, large) = checks ? (50, 400) : (250, 2_000)
      for k in [small, large] {
        let start = list.numberOfRows / 8
        let (anchor, target) = (list.treePath(forRow: start)!, list.treePath(forRow: start + k - 1)!)
        list.selectItem(at: anchor)
        diffable.select(anchor)
        let before = (list._rowSelectionSteps, diffable._rowSelectionSteps)
        list.extendSelection(to: target)
        diffable.extendSelection(to: target)
        #expect(list.selectedTreePaths.count == k && diffable.selectedItems.count == k)
        steps[k] = (list._rowSelectionSteps - before.0, diffable._rowSelectionSteps - before.1)
        // One lookup per row, plus the descent and the sections passed.
        #expect(steps[k]!.list >= k - 1 && steps[k]!.list <= k + 6 + (layout == .sectioned ? fanOut : 0))
        #expect(steps[k]!.diffable == steps[k]!.list)
      }
      #expect(Double(steps[large]!.list) / Double(steps[small]!.list) < 8.1)
    }
  }
}

/// Every item has `fanOut` subitems down to `depth`, every item expanded.
final class FullDataSource: TreeDataSource {
  let fanOut: Int
  let depth: Int
  init(fanOut: Int, depth: Int) {
    self.fanOut = fanOut
    self.depth = depth
  }
  func numberOfSubitems(of parent: TreePath?) -> Int { (parent?.depth ?? 0) < depth ? fanOut : 0 }
  func isExpanded(_ treePath: TreePath) -> Bool { treePath.depth < depth }
  func item(at treePath: TreePath) -> TreePath { treePath }
}
