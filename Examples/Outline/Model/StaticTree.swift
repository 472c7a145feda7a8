import TreeDataSource

/// An outline held in memory: the Planets sample, or a JSON or
/// property-list document, which the browser can rearrange (`m`).
///
/// Every question is answered by walking from a root node down the path, in
/// O(*d*) for a path of depth *d*.
final class StaticTree: OutlineSource {
  /// One item and its subitems.
  struct Node: Equatable, Sendable {
    /// What the item's row shows.
    var entry: OutlineEntry
    /// The item's subitems, in order.
    var children: [Node]
    /// Whether the item starts expanded.
    var startsExpanded: Bool

    /// Creates a leaf, or a container when `children` is not empty or
    /// `entry.isContainer` is `true`.
    init(_ entry: OutlineEntry, children: [Node] = [], startsExpanded: Bool = false) {
      self.entry = entry
      if !children.isEmpty { self.entry.isContainer = true }
      self.children = children
      self.startsExpanded = startsExpanded
    }
  }

  let title: String
  /// The root items.
  private(set) var roots: [Node]

  /// Creates an outline of `roots`, titled `title`.
  init(title: String, roots: [Node]) {
    self.title = title
    self.roots = roots
  }

  /// The node at `treePath`, which must name an item.
  func node(at treePath: TreePath) -> Node {
    var node = roots[treePath[0]]
    for index in treePath.dropFirst() { node = node.children[index] }
    return node
  }

  func numberOfSubitems(of parent: TreePath?) -> Int {
    guard let parent else { return roots.count }
    return node(at: parent).children.count
  }

  func isExpanded(_ treePath: TreePath) -> Bool { node(at: treePath).startsExpanded }

  func item(at treePath: TreePath) -> OutlineEntry { node(at: treePath).entry }

  var canMoveItems: Bool { true }

  func moveItem(at source: TreePath, to destination: TreePath) -> Bool {
    guard let moved = Self.removeNode(at: source, from: &roots) else { return false }
    if Self.insert(moved, at: destination, into: &roots) { return true }
    // A destination that names no place: the item goes back.
    _ = Self.insert(moved, at: source, into: &roots)
    return false
  }

  /// Takes the node at `path` out of `nodes`, or returns `nil` when `path`
  /// names none.
  private static func removeNode(at path: TreePath, from nodes: inout [Node]) -> Node? {
    guard let first = path.first, nodes.indices.contains(first) else { return nil }
    if path.depth == 1 { return nodes.remove(at: first) }
    return removeNode(at: TreePath(path.dropFirst()), from: &nodes[first].children)
  }

  /// Puts `node` at `path` in `nodes`, or returns `false` when `path`
  /// names no place.
  private static func insert(_ node: Node, at path: TreePath, into nodes: inout [Node]) -> Bool {
    guard let first = path.first else { return false }
    if path.depth == 1 {
      guard (0...nodes.count).contains(first) else { return false }
      nodes.insert(node, at: first)
      return true
    }
    guard nodes.indices.contains(first) else { return false }
    let inserted = insert(node, at: TreePath(path.dropFirst()), into: &nodes[first].children)
    if inserted { nodes[first].entry.isContainer = true }
    return inserted
  }
}
