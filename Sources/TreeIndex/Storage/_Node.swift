/// The identity of a node in a ``_Arena``: its position in the node array.
typealias _NodeID = Int32

extension _NodeID {
  /// No node: an empty child tree, or a missing link.
  static var null: _NodeID { -1 }
}

/// One *known* item: an item whose number of subitems the index has been
/// told. Items that were never expanded are never allocated; they exist only
/// as counts (see ``gap``).
///
/// A node plays two parts at once:
/// - As an item, it holds its number of subitems, whether it is expanded,
///   and the root of the balanced tree of its own known subitems.
/// - As a node of its parent's balanced tree (a treap ordered by subitem
///   index and heap-ordered by `priority`), it holds its links and the
///   summaries of its treap subtree, which make position and row lookups
///   O(log *b*).
///
/// Positions are relative, as in a rope: a node stores how many unknown
/// siblings come right before it (`gap`), never its absolute index, so an
/// insertion or deletion among siblings touches O(log *b*) nodes.
struct _Node: Sendable {
  // The item.
  /// The number of subitems.
  var count: Int
  /// The root of the treap of known subitems, or `.null`.
  var children: _NodeID
  /// Whether the subitems are shown when the item itself is visible.
  var isExpanded: Bool

  // The node in its parent's treap.
  /// The number of unknown siblings between the previous known sibling (or
  /// the first subitem) and this item.
  var gap: Int
  var left: _NodeID
  var right: _NodeID
  var priority: UInt32
  /// Summary: Σ (`gap` + 1) over this treap subtree — the number of subitem
  /// positions it spans, up to and including its last node.
  var span: Int
  /// Summary: Σ ``visibleRowsBeneath`` over this treap subtree — the rows the
  /// expanded nodes add on top of one row per subitem.
  var extraRows: Int

  init(count: Int, isExpanded: Bool, priority: UInt32) {
    self.count = count
    self.children = .null
    self.isExpanded = isExpanded
    self.gap = 0
    self.left = .null
    self.right = .null
    self.priority = priority
    self.span = 1
    self.extraRows = isExpanded ? count : 0
  }
}
