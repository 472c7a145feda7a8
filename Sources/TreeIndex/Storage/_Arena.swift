import _SummaryTree

/// The storage of a ``TreeIndex``: every known item as an element of one
/// ``SummaryForest``, each item holding the tree of its known subitems.
/// Copy-on-write comes from the forest's node array.
///
/// Node 0 is the virtual root: its `count` is the number of root items, it
/// is always expanded, and it belongs to no tree.
@usableFromInline
struct _Arena: Sendable {
  @usableFromInline
  var forest = SummaryForest<_Item>()

  @inlinable
  static var root: _NodeID { 0 }

  @usableFromInline
  init(numberOfRootItems: Int) {
    _ = forest.allocate(_Item(count: numberOfRootItems, isExpanded: true))
  }

  /// The number of nodes in use, the virtual root included.
  @inlinable
  var liveNodeCount: Int { forest.liveNodeCount }

  // MARK: Items

  /// Marks the known item `x` expanded or collapsed; the summaries above it
  /// are the caller's to refresh.
  @inlinable
  mutating func setExpanded(_ x: _NodeID, _ isExpanded: Bool) {
    forest[x].isExpanded = isExpanded
  }

  /// Gives the known item `x` `count` subitems, none of them known, and
  /// frees what it knew beneath; the summaries above it are the caller's to
  /// refresh.
  @usableFromInline
  mutating func replaceSubitems(of x: _NodeID, count: Int) {
    freeTree(forest[x].children)
    forest[x].children = .null
    forest[x].count = count
    recount(x)
  }

  // MARK: Summaries

  /// Renews the cached ``_Item/rowsBeneath`` of item `x` from its count and
  /// its subitems' tree; the summaries of the tree that holds `x` are the
  /// caller's to refresh.
  @inline(__always)
  @inlinable
  mutating func recount(_ x: _NodeID) {
    forest[x].rowsBeneath = forest[x].count + extraRows(forest[x].children)
  }

  // MARK: Allocation

  /// Allocates a detached node for a known item with no known subitems.
  ///
  /// - Parameter reusingFreedNodes: Whether a freed node may be handed out
  ///   again. A batch passes `false`, so that while it runs a node stands for
  ///   one item only and what it recorded per node stays unambiguous.
  @usableFromInline
  mutating func allocate(count: Int, isExpanded: Bool, reusingFreedNodes: Bool = true) -> _NodeID {
    forest.allocate(_Item(count: count, isExpanded: isExpanded), reusingFreedNodes: reusingFreedNodes)
  }

  /// Frees every node of the tree rooted at `t` and, for each, the nodes of
  /// its own subitems, all the way down. Iterative: trees may be deep.
  ///
  /// - Complexity: O(*n*) for *n* nodes freed.
  @usableFromInline
  mutating func freeTree(_ t: _NodeID) {
    var doomed: [_NodeID] = []
    var trees: [_NodeID] = t == .null ? [] : [t]
    while let tree = trees.popLast() {
      forest.forEachNode(in: tree) { node in
        doomed.append(node)
        let children = forest[node].children
        if children != .null { trees.append(children) }
      }
    }
    for node in doomed { forest.free(node) }
  }

  /// Frees the node of a known item and everything beneath it.
  @usableFromInline
  mutating func freeItem(_ x: _NodeID) {
    freeTree(forest[x].children)
    forest.free(x)
  }
}

extension _Arena {
  /// Brings the summaries above the known item `x` up to date, to the root,
  /// after a change at or beneath it: its cached rows, its place in its
  /// owner's tree, and so on up.
  ///
  /// - Complexity: O(*d* log *b*), without a descent.
  @usableFromInline
  mutating func refresh(from x: _NodeID) {
    guard !forest.isJournaling else { return refresh(from: x) { _, _ in } }
    // No journal to record in: the same walk with one write access to the
    // node array, each item's cached rows renewed as in `recount(_:)`.
    forest.nodes.withUnsafeMutableBufferPointer { nodes in
      var item = x
      while true {
        let children = nodes[Int(item)].element.children
        nodes[Int(item)].element.rowsBeneath =
          nodes[Int(item)].element.count + (children < 0 ? 0 : nodes[Int(children)].total.extraRows)
        if item == _Arena.root { return }
        let owner = nodes[Int(item)].element.owner
        let root = nodes[Int(owner)].element.children
        // The summaries from `item` up to the root of its owner's tree.
        var n = item
        while true {
          let node = nodes[Int(n)]
          let left = node.left < 0 ? _RowSummary.zero : nodes[Int(node.left)].total
          let right = node.right < 0 ? _RowSummary.zero : nodes[Int(node.right)].total
          nodes[Int(n)].leftTotal = left
          nodes[Int(n)].total = left + node.element.summary + right
          if n == root { break }
          n = node.parent
        }
        item = owner
      }
    }
  }

  /// ``refresh(from:)``, calling `visit` with each item on the way (root
  /// excluded) and its owner, `x` first.
  ///
  /// - Complexity: O(*d* log *b*), without a descent.
  @usableFromInline
  mutating func refresh(from x: _NodeID, visit: (_ parent: _NodeID, _ item: _NodeID) -> Void) {
    var item = x
    while item != _Arena.root {
      let owner = forest[item].owner
      recount(item)
      forest.refreshUpward(from: item, inTreeAt: children(owner))
      visit(owner, item)
      item = owner
    }
    recount(_Arena.root)
  }
}

extension _Arena {
  /// Renews the cached rows of each of `nodes`, given children before
  /// their parents, and its summary in its owner's tree; then the virtual
  /// root's: the one pass that brings a tree built without refreshing up to
  /// date.
  ///
  /// - Complexity: O(*n* log *b*) for *n* nodes.
  @usableFromInline
  mutating func renew(_ nodes: some Sequence<_NodeID>) {
    for node in nodes {
      recount(node)
      forest.refreshUpward(from: node, inTreeAt: children(owner(node)))
    }
    recount(_Arena.root)
  }
}
