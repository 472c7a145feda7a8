import _SummaryTree

// Telling, node by node, what two storages that parted from one another
// (copies of a snapshot edited apart) still hold alike, for the change set
// between them (see `TreeSnapshot+SharedPages.swift`).
//
// A node whose item or fields (links, height, summary) differ between the
// two sides was written by an edit on one side or both; so, possibly, was
// every node above it in its tree, on either side. Those nodes are
// *marked*. What a tree holds besides its marked nodes is a run of
// subtrees, each without a marked node: the same nodes, with the same
// fields, on both sides, so each of them lists the same items in the same
// order on both sides. When those subtrees also stand in the same order on
// both sides, the tree's unmarked nodes do: the marked ones are then all
// that may have changed places. Equal fields alone would not do: two
// subtrees can trade places around their parent and keep their own links,
// which is why the order of the subtrees is compared.

extension _Arena {
  /// Whether two nodes have the same item, links, height and summary.
  ///
  /// The item and the summary are compared as whole values (their
  /// `Equatable` conformances are synthesized), so a field added to either
  /// is compared too: a node changed only there must not pass for
  /// unchanged.
  @inlinable @inline(__always)
  static func hasEqualFields(_ a: SummaryForest<_Item>.Node, _ b: SummaryForest<_Item>.Node) -> Bool {
    a.left == b.left && a.right == b.right && a.parent == b.parent && a.height == b.height
      && a.total == b.total && a.element == b.element
  }

  /// The node above `x` in its owner's subitems' tree: `.null` when `x` is
  /// that tree's root, `nil` when `x` is no node of a tree or the links do
  /// not agree (the node above does not link down to `x`, or belongs to
  /// another owner), which a consistent storage never shows of an item.
  ///
  /// - Complexity: O(1).
  @inlinable
  func parentInTree(of x: _NodeID) -> _NodeID? {
    let count = forest.nodes.count
    guard x >= 0, Int(x) < count else { return nil }
    let node = forest.nodes[Int(x)]
    let owner = node.element.owner
    guard owner >= 0, Int(owner) < count else { return nil }
    if forest.nodes[Int(owner)].element.children == x { return .null }
    let parent = node.parent
    guard parent > _Arena.root, Int(parent) < count else { return nil }
    let above = forest.nodes[Int(parent)]
    guard above.left == x || above.right == x, above.element.owner == owner else { return nil }
    return parent
  }

  /// The roots of the subtrees of `owner`'s subitems' tree that hold no
  /// node of `marked`, in order: the tree read in order, each marked node
  /// opened, each other node taken whole. `false` when the walk meets more
  /// nodes than a tree of `marked` nodes and their children can hold,
  /// which a consistent storage never shows.
  ///
  /// - Parameters:
  ///   - roots: Emptied, then given the subtrees' roots.
  ///   - steps: Incremented by the nodes read.
  /// - Complexity: O(*m*) for the *m* marked nodes of the tree.
  @inlinable
  func unmarkedSubtrees(
    inTreeOf owner: _NodeID, marked: Set<_NodeID>, into roots: inout [_NodeID], steps: inout Int
  ) -> Bool {
    roots.removeAll(keepingCapacity: true)
    var opened: [_NodeID] = []
    var n = forest.nodes[Int(owner)].element.children
    // Each marked node is opened once and has two children: a longer walk
    // follows links that loop.
    var budget = 2 * marked.count + 1
    while true {
      while n >= 0 && marked.contains(n) {
        budget -= 1
        guard budget >= 0, Int(n) < forest.nodes.count else { return false }
        opened.append(n)
        n = forest.nodes[Int(n)].left
      }
      if n >= 0 { roots.append(n) }
      steps &+= 1
      guard let above = opened.popLast() else { return true }
      n = forest.nodes[Int(above)].right
    }
  }
}
