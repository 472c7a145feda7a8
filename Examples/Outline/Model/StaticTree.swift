import TreeDataSource

/// An outline held in memory: the Planets sample, or a JSON or
/// property-list document.
///
/// Every question is answered by walking from a root node down the path, in
/// O(*d*) for a path of depth *d*.
final class StaticTree: OutlineSource, Sendable {
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
  let roots: [Node]

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
}
