import _SummaryTree

// Telling, node by node, what two storages that parted from one another
// (copies of a snapshot edited apart) still hold alike, for the change set
// between them (see `TreeSnapshot+SharedPages.swift`).
//
// Equal values are not enough for a node to keep its place: the order of
// a tree's nodes is in the links of every node above them, so a node whose
// own fields are equal may still stand elsewhere among its siblings when a
// node above it was relinked (two subtrees swapped around their parent
// keep their own links). A node is unchanged when its own fields are equal
// and so are the links of every node on its way up to its tree's root, and
// that root is its owner's subitems' tree on both sides: then the node is
// reached from the same root by the same turns on both sides, and two such
// nodes of one tree stand in the same order on both sides.

extension _Arena {
  /// Whether node `x` is unchanged from `other` to this storage: its
  /// fields (item, links, height and summary) are equal on both sides, and
  /// so are the links of every node on its way up to the root of its tree,
  /// which is its owner's subitems' tree on both sides. `false` for the
  /// virtual root, for a node past either end, and for a node that belongs
  /// to no owner.
  ///
  /// - Parameter steps: Incremented by the nodes read on each side.
  /// - Complexity: O(log *b*), reading the node and its ancestors in its
  ///   tree on both sides.
  @inlinable
  func isUnchanged(_ x: _NodeID, from other: _Arena, steps: inout Int) -> Bool {
    let count = Swift.min(forest.nodes.count, other.forest.nodes.count)
    guard x > _Arena.root, Int(x) < count else { return false }
    let node = forest.nodes[Int(x)]
    let otherNode = other.forest.nodes[Int(x)]
    steps &+= 1
    guard Self.hasEqualFields(node, otherNode) else { return false }
    let owner = node.element.owner
    guard owner >= 0, Int(owner) < count else { return false }
    let root = forest.nodes[Int(owner)].element.children
    steps &+= 1
    guard root == other.forest.nodes[Int(owner)].element.children else { return false }
    var child = x
    var parent = node.parent
    // No tree is taller than 64: a longer walk follows stale links.
    var level = 0
    while child != root {
      level &+= 1
      guard parent >= 0, Int(parent) < count, level < 64 else { return false }
      let above = forest.nodes[Int(parent)]
      let otherAbove = other.forest.nodes[Int(parent)]
      steps &+= 1
      guard above.left == otherAbove.left, above.right == otherAbove.right,
        above.left == child || above.right == child
      else { return false }
      child = parent
      // A root's parent link means nothing, and is not compared.
      guard child != root else { break }
      guard above.parent == otherAbove.parent else { return false }
      parent = above.parent
    }
    return true
  }

  /// Whether two nodes have the same item fields, links, height and
  /// summary.
  @inlinable @inline(__always)
  static func hasEqualFields(_ a: SummaryForest<_Item>.Node, _ b: SummaryForest<_Item>.Node) -> Bool {
    a.left == b.left && a.right == b.right && a.parent == b.parent && a.height == b.height
      && a.total.span == b.total.span && a.total.extraRows == b.total.extraRows
      && a.element._count == b.element._count && a.element._gap == b.element._gap
      && a.element.children == b.element.children && a.element.owner == b.element.owner
      && a.element.isExpanded == b.element.isExpanded
  }
}
