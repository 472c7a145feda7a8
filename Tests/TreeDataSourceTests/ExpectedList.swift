import Foundation
import TreeDataSource

/// What a ``TreeList`` over a ``ModelTree`` should show and ask, computed
/// naively from the tree and from what the list was told.
///
/// The list's own expansion state mirrors what it was told, by identity:
/// `decided` holds the state of every item the list has settled (asked the
/// data source about, or was told to expand or collapse); an item missing
/// from it takes the data source's flag when it first becomes visible.
/// `known` holds the items whose subitems the list knows (expanded at some
/// point; kept across collapses). `heightCached` holds the items whose
/// height the list holds. Every step records the questions it expects in
/// `expected`, and the items it expects the delegate to hear expand in
/// `opened`.
struct ExpectedList {
  let tree: ModelTree
  let layout: TreeIndex.Layout
  /// Whether the data source keeps the default height (asked, but not
  /// recorded).
  let recordsHeights: Bool
  /// Whether the delegate refuses to expand a node.
  let refusesExpansion: (ModelNode) -> Bool
  var decided: [Int: Bool] = [:]
  var known: Set<Int> = []
  var heightCached: Set<Int> = []
  var expected: [Question] = []
  /// The items opened with the delegate's leave, in order.
  var opened: [ModelNode] = []
  /// While a recursive expansion runs, the items whose count the list asked
  /// when it loaded them (it does not ask again).
  private var loaded: Set<Int>?

  init(
    tree: ModelTree, layout: TreeIndex.Layout, recordsHeights: Bool,
    refusesExpansion: @escaping (ModelNode) -> Bool = { _ in false }
  ) {
    self.tree = tree
    self.layout = layout
    self.recordsHeights = recordsHeights
    self.refusesExpansion = refusesExpansion
  }

  // MARK: Reading

  func isExpanded(_ node: ModelNode) -> Bool { node === tree.root || decided[node.id] == true }
  func isKnown(_ node: ModelNode) -> Bool { node === tree.root || known.contains(node.id) }

  /// Whether every ancestor of `node` is expanded (root items always are).
  func isVisible(_ node: ModelNode) -> Bool {
    var current = node.parent
    while let ancestor = current, ancestor !== tree.root {
      guard decided[ancestor.id] == true else { return false }
      current = ancestor.parent
    }
    return current === tree.root
  }

  /// Whether `node` is drawn as a row when visible.
  func isRow(_ node: ModelNode) -> Bool { layout == .flat || node.parent !== tree.root }

  /// Whether the list can name `node` by its path: every ancestor known.
  func isAddressable(_ node: ModelNode) -> Bool {
    var current = node.parent
    while let ancestor = current {
      guard isKnown(ancestor) else { return false }
      current = ancestor.parent
    }
    return true
  }

  /// The visible rows, per section, as identities and depths.
  /// In `.sectioned`, each section starts with its root item.
  var rowShapes: [[[Int]]] {
    zip(tree.root.children, rows).map { section, rows in
      (layout == .sectioned ? [[section.id, 0]] : []) + rows.map { [$0.id, depth(of: $0)] }
    } + (tree.root.children.isEmpty ? rows.map { $0.map { [$0.id, depth(of: $0)] } } : [])
  }

  func depth(of node: ModelNode) -> Int {
    var depth = 0
    var current = node.parent
    while let ancestor = current { depth += 1; current = ancestor.parent }
    return depth
  }

  /// The visible rows, per section.
  var rows: [[ModelNode]] {
    func appendVisible(beneath node: ModelNode, to rows: inout [ModelNode]) {
      for child in node.children {
        rows.append(child)
        if isExpanded(child) { appendVisible(beneath: child, to: &rows) }
      }
    }
    switch layout {
    case .flat:
      var rows: [ModelNode] = []
      appendVisible(beneath: tree.root, to: &rows)
      return [rows]
    case .sectioned:
      return tree.root.children.map { section in
        var rows: [ModelNode] = []
        if isExpanded(section) { appendVisible(beneath: section, to: &rows) }
        return rows
      }
    }
  }

  // MARK: Steps

  mutating func expect(_ kind: Question.Kind, _ node: ModelNode) {
    if kind == .height && !recordsHeights { return }
    expected.append(Question(kind: kind, id: node.id))
  }

  /// Settles every visible item the list has not settled yet, as the list
  /// does when items become visible: their height (unless held) and, for an
  /// item never settled, its flag (and, when expanded, its count).
  mutating func resolve() {
    func visit(_ node: ModelNode) {
      for child in node.children {
        if decided[child.id] == nil {
          expect(.isExpanded, child)
          decided[child.id] = child.startsExpanded
          if child.startsExpanded {
            known.insert(child.id)
            expect(.numberOfSubitems, child)
            loaded?.insert(child.id)
          }
        }
        if !heightCached.contains(child.id) {
          if isRow(child) { expect(.height, child) }
          heightCached.insert(child.id)
        }
        if decided[child.id] == true { visit(child) }
      }
    }
    visit(tree.root)
  }

  mutating func reloadData() {
    decided = [:]
    known = []
    heightCached = []
    expect(.numberOfSubitems, tree.root)
    resolve()
  }

  /// Expands `node` as `TreeList.expand(_:recursively:)` does. On its own,
  /// a collapsed node asks the delegate first and opens even without
  /// subitems; recursively, each node of the walk is asked its count first,
  /// and a collapsed node opens only when it has subitems and the delegate
  /// allows it (a refused one keeps what is beneath it closed).
  mutating func expand(_ node: ModelNode, recursively: Bool) {
    if recursively {
      expandAll([node])
      return
    }
    if !isExpanded(node) {
      guard !refusesExpansion(node) else { return }
      opened.append(node)
    }
    expect(.numberOfSubitems, node)
    decided[node.id] = true
    known.insert(node.id)
    resolve()
  }

  /// Expands each of `nodes` recursively, as one walk.
  mutating func expandAll(_ nodes: [ModelNode]) {
    loaded = []
    defer { loaded = nil }
    for node in nodes { walk(node) }
  }

  private mutating func walk(_ node: ModelNode) {
    if loaded?.contains(node.id) != true { expect(.numberOfSubitems, node) }
    if !isExpanded(node) {
      guard !node.children.isEmpty, !refusesExpansion(node) else { return }
      opened.append(node)
      decided[node.id] = true
      known.insert(node.id)
      resolve()
    }
    for child in node.children { walk(child) }
  }

  mutating func collapse(_ node: ModelNode, recursively: Bool) {
    let items = recursively ? node.subtree : [node]
    for item in items where decided[item.id] != nil { decided[item.id] = false }
  }

  mutating func collapseAll() {
    for key in decided.keys { decided[key] = false }
  }

  /// Opens every collapsed ancestor of `node`, top down.
  mutating func reveal(_ node: ModelNode) {
    var ancestors: [ModelNode] = []
    var current = node.parent
    while let ancestor = current, ancestor !== tree.root {
      ancestors.append(ancestor)
      current = ancestor.parent
    }
    for ancestor in ancestors.reversed() where !isExpanded(ancestor) {
      guard !refusesExpansion(ancestor) else { return }
      expand(ancestor, recursively: false)
    }
  }

  /// Forgets what the list knew about `nodes`.
  mutating func forget(_ nodes: some Sequence<ModelNode>) {
    for node in nodes {
      decided[node.id] = nil
      known.remove(node.id)
      heightCached.remove(node.id)
    }
  }

  /// `node` was moved under its present parent: kept when the list knows
  /// that parent's subitems, otherwise forgotten with its subtree.
  /// A section that becomes a row has its height asked once visible.
  mutating func moved(_ node: ModelNode, wasRow: Bool) {
    if !isKnown(node.parent!) {
      forget(node.subtree)
    } else if !wasRow && isRow(node) {
      heightCached.remove(node.id)
    }
    resolve()
  }

  /// The items at `nodes` were reloaded: visible rows are measured again,
  /// hidden ones once they become visible.
  mutating func reload(_ nodes: [ModelNode]) {
    for node in nodes where isRow(node) {
      if isVisible(node) {
        expect(.height, node)
      } else {
        heightCached.remove(node.id)
      }
    }
  }

  /// `node`'s subitems changed unannounced and it was then expanded: the list
  /// reloads its subtree.
  mutating func recover(_ node: ModelNode) {
    forget(node.subtree.dropFirst())
    opened.append(node)
    expect(.numberOfSubitems, node)
    decided[node.id] = true
    known.insert(node.id)
    resolve()
  }
}
