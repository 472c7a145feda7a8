import _SummaryTree

/// The storage of a ``TreeIndex``: every known item as an element of one
/// ``SummaryForest``, each item holding the tree of its known subitems.
/// Copy-on-write comes from the forest's node array: flat for an index,
/// in pages that copies share for a snapshot (`sharingPages`).
///
/// Node 0 is the virtual root: its `count` is the number of root items, it
/// is always expanded, and it belongs to no tree.
@usableFromInline
struct _Arena: Sendable {
  @usableFromInline
  var forest: SummaryForest<_Item>

  @inlinable
  static var root: _NodeID { 0 }

  /// Storage for `numberOfRootItems` root items, none known.
  ///
  /// - Parameter keepingSums: Whether the forest keeps each node's left
  ///   subtree's summary, and that with its own, beside it (32 bytes a
  ///   known item), so
  ///   that a lookup reads one node and its sums per tree level: what an
  ///   index of few known items and many lookups wants. A snapshot, whose
  ///   every item is known, goes without.
  /// - Parameter sharingPages: Whether the nodes are kept in pages that
  ///   copies share, so that a copy is O(1) and its first edit copies the
  ///   pages it writes: what a snapshot, copied and edited, wants. Not with
  ///   `keepingSums`.
  @usableFromInline
  init(numberOfRootItems: Int, keepingSums: Bool = true, sharingPages: Bool = false) {
    forest = SummaryForest(keepingSums: keepingSums, sharingPages: sharingPages)
    _ = allocate(count: numberOfRootItems, isExpanded: true)
  }

  /// The number of nodes in use, the virtual root and values nodes
  /// included.
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
    setCount(of: x, to: count)
  }

  // MARK: Counts and gaps

  /// Sets the number of subitems and the gap of item `x`: in its own fields
  /// when both fit in 32 bits, else in its values node, which is allocated
  /// or freed as the item turns wide or narrow. The summaries of the tree
  /// that holds `x` and above are the caller's to refresh.
  ///
  /// - Complexity: O(1), amortized when a values node is allocated.
  @inlinable @inline(__always)
  mutating func setCount(of x: _NodeID, to count: Int, gap: Int) {
    var item = forest[x]
    if !item.isWide && _Item.isNarrow(count: count, gap: gap) {
      // One write of the element: the fields' own writes would each
      // record the node and check the array's uniqueness.
      item._count = Int32(truncatingIfNeeded: count)
      item._gap = Int32(truncatingIfNeeded: gap)
      forest[x] = item
    } else {
      setWideCount(of: x, to: count, gap: gap)
    }
  }

  /// ``setCount(of:to:gap:)`` for an item that is or turns wide.
  @usableFromInline @inline(never)
  mutating func setWideCount(of x: _NodeID, to count: Int, gap: Int) {
    var item = forest[x]
    if _Item.isNarrow(count: count, gap: gap) {
      forest.free(item.valuesNode)
      item._count = Int32(truncatingIfNeeded: count)
      item._gap = Int32(truncatingIfNeeded: gap)
      forest[x] = item
      return
    }
    let kept = _Item(keepingCount: count, gap: gap)
    if item.isWide {
      forest[item.valuesNode] = kept
    } else {
      let values = forest.allocate(kept)
      item._count = ~values
      item._gap = 0
      forest[x] = item
    }
  }

  /// Sets the number of subitems of item `x`, keeping its gap.
  @inlinable @inline(__always)
  mutating func setCount(of x: _NodeID, to count: Int) {
    setCount(of: x, to: count, gap: gap(x))
  }

  /// Sets the gap of item `x`, keeping its number of subitems.
  @inlinable @inline(__always)
  mutating func setGap(of x: _NodeID, to gap: Int) {
    setCount(of: x, to: count(x), gap: gap)
  }

  // MARK: Allocation

  /// Allocates a detached node for a known item with no known subitems.
  ///
  /// - Parameter reusingFreedNodes: Whether a freed node may be handed out
  ///   again. A batch passes `false`, so that while it runs a node stands for
  ///   one item only and what it recorded per node stays unambiguous.
  @usableFromInline
  mutating func allocate(count: Int, isExpanded: Bool, reusingFreedNodes: Bool = true) -> _NodeID {
    guard _Item.isNarrow(count: count, gap: 0) else {
      let x = forest.allocate(_Item(narrowCount: 0, isExpanded: isExpanded), reusingFreedNodes: reusingFreedNodes)
      setWideCount(of: x, to: count, gap: 0)
      return x
    }
    return forest.allocate(
      _Item(narrowCount: Int32(truncatingIfNeeded: count), isExpanded: isExpanded),
      reusingFreedNodes: reusingFreedNodes)
  }

  /// Frees every node of the tree rooted at `t` and, for each, the nodes of
  /// its own subitems, all the way down, with their values nodes.
  /// Iterative: trees may be deep.
  ///
  /// - Complexity: O(*n*) for *n* nodes freed.
  @usableFromInline
  mutating func freeTree(_ t: _NodeID) {
    var doomed: [_NodeID] = []
    var trees: [_NodeID] = t == .null ? [] : [t]
    while let tree = trees.popLast() {
      forest.forEachNode(in: tree) { node in
        doomed.append(node)
        let item = forest[node]
        if item.isWide { doomed.append(item.valuesNode) }
        if item.children != .null { trees.append(item.children) }
      }
    }
    for node in doomed { forest.free(node) }
  }

  /// Frees the node of a known item and everything beneath it.
  @usableFromInline
  mutating func freeItem(_ x: _NodeID) {
    freeTree(forest[x].children)
    if forest[x].isWide { forest.free(forest[x].valuesNode) }
    forest.free(x)
  }
}

extension _Arena {
  /// Brings the summaries above the known item `x` up to date, to the root,
  /// after a change at or beneath it: its place in its owner's tree, which
  /// sums its rows, and so on up. The elements of the other nodes on the
  /// way must not have changed (their own summaries are read from the kept
  /// sums, when the forest keeps them), and `x`'s total must still be the
  /// one it had before the change, with every total above it up to date
  /// for it: paged storage carries the difference between `x`'s old and new
  /// totals up (see ``refreshPaged(from:)``). Attaching `x` into its owner's
  /// tree is a change of the owner: refresh from the owner.
  ///
  /// - Complexity: O(*d* log *b*), without a descent.
  @usableFromInline
  mutating func refresh(from x: _NodeID) {
    guard !forest.isJournaling else { return refresh(from: x) { _, _ in } }
    guard !forest.nodes.isPaged else { return refreshPaged(from: x) }
    // No journal to record in, and one buffer: the same walk with one write
    // access to the node array (and to the kept sums).
    let keepsSums = forest.keepsSums
    forest.nodes.withUnsafeMutableBufferPointer { nodes in
      forest.sums.withUnsafeMutableBufferPointer { sums in
        var item = x
        while item != _Arena.root {
          let owner = nodes[Int(item)].element.owner
          let root = nodes[Int(owner)].element.children
          // The summaries from `item` up to the root of its owner's tree.
          // Only `item`'s own summary changed: its ancestors in the tree
          // keep theirs, which the kept sums hold.
          var n = item
          while true {
            let node = nodes[Int(n)]
            let left = node.left < 0 ? _RowSummary.zero : nodes[Int(node.left)].total
            let right = node.right < 0 ? _RowSummary.zero : nodes[Int(node.right)].total
            if keepsSums && n != item {
              // The node's own summary is what its kept sums differ by.
              let kept = sums[Int(n)]
              let through = left + (kept.through - kept.left)
              nodes[Int(n)].total = through + right
              sums[Int(n)] = SummaryForest<_Item>.NodeSums(left: left, through: through)
            } else {
              let own = node.element.summary(reading: { nodes[Int($0)] })
              nodes[Int(n)].total = left + own + right
              if keepsSums { sums[Int(n)] = SummaryForest<_Item>.NodeSums(left: left, own: own) }
            }
            if n == root { break }
            n = node.parent
          }
          item = owner
        }
      }
    }
  }

  /// ``refresh(from:)`` over paged nodes, with no journal to record in:
  /// `x`'s total is summed anew, and what it changed by is carried up.
  ///
  /// Every total above `x` was up to date before `x` changed, so each one
  /// on the way changes by as much as `x`'s did: one read and one write per
  /// node, not a read of both children and of what the element refers to.
  /// An owner's own summary takes in the extra rows of its subitems' tree
  /// when it is expanded, and nothing of it when it is collapsed, where
  /// the walk ends; so does a walk whose difference is zero.
  ///
  /// - Complexity: O(*d* log *b*), without a descent.
  @usableFromInline
  mutating func refreshPaged(from x: _NodeID) {
    guard x != _Arena.root else { return }
    let node = forest.nodes[Int(x)]
    let total = summedTotal(of: x)
    forest.nodes[Int(x)].total = total
    var difference = total - node.total
    var item = x
    var link = (owner: node.element.owner, parent: node.parent)
    while difference != .zero {
      let ownerNode = forest.nodes[Int(link.owner)]
      // Up `item`'s place in its owner's tree, to the tree's root.
      var n = item
      var parent = link.parent
      while n != ownerNode.element.children {
        let above = forest.nodes[Int(parent)]
        forest.nodes[Int(parent)].total = above.total + difference
        // The rule callers keep: each total on the way was up to date
        // before `x` changed, so it is now, with the difference added.
        assert(above.total + difference == summedTotal(of: parent), "A total above \(x) was stale")
        n = parent
        parent = above.parent
      }
      // The owner's own summary: its subitems' extra rows, when expanded.
      guard link.owner != _Arena.root, ownerNode.element.isExpanded else { return }
      difference = _RowSummary(span: 0, extraRows: difference.extraRows)
      forest.nodes[Int(link.owner)].total = ownerNode.total + difference
      assert(ownerNode.total + difference == summedTotal(of: link.owner), "A total above \(x) was stale")
      item = link.owner
      link = (ownerNode.element.owner, ownerNode.parent)
    }
  }

  /// The total of node `n` summed from what it sums as they are now: its
  /// children's totals and its own summary.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  func summedTotal(of n: _NodeID) -> _RowSummary {
    let node = forest.nodes[Int(n)]
    return forest.total(node.left) + forest.ownSummary(of: node.element) + forest.total(node.right)
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
      forest.refreshUpward(from: item, inTreeAt: children(owner))
      visit(owner, item)
      item = owner
    }
  }
}

extension _Arena {
  /// Renews the summary of each of `nodes` in its owner's tree, given
  /// children before their parents: the one pass that brings a tree built
  /// without refreshing up to date.
  ///
  /// - Complexity: O(*n* log *b*) for *n* nodes.
  @usableFromInline
  mutating func renew(_ nodes: some Sequence<_NodeID>) {
    for node in nodes {
      forest.refreshUpward(from: node, inTreeAt: children(owner(node)))
    }
  }
}
