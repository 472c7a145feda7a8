import _SummaryTree

/// Changing one item's subitems: unknown ones (counts in the gaps) and
/// known ones (nodes of its tree). Each keeps the summaries of the item's
/// tree up to date; the summaries of the tree that holds the item and of
/// its ancestors are the caller's to refresh (see `TreeIndex._refresh`).
/// Each is O(log *b*).
extension _Arena {
  /// Adds `delta` to the gap of the first known subitem whose index is
  /// `index` or more. Returns `false` (and changes nothing) when there is
  /// none.
  @discardableResult
  @usableFromInline
  mutating func addToGap(ofFirstAtOrAfter index: Int, in t: _NodeID, _ delta: Int) -> Bool {
    guard let (node, _) = forest.find(index, by: _Positions.self, in: t) else { return false }
    setGap(of: node, to: gap(node) + delta)
    forest.refreshUpward(from: node, inTreeAt: t)
    return true
  }

  /// Makes room for a new unknown subitem at `index` of item `x`.
  @usableFromInline
  mutating func insertUnknownSubitem(in x: _NodeID, at index: Int) {
    addToGap(ofFirstAtOrAfter: index, in: children(x), 1)
    setCount(of: x, to: count(x) + 1)
  }

  /// Removes the unknown subitem at `index` of item `x`.
  @usableFromInline
  mutating func removeUnknownSubitem(in x: _NodeID, at index: Int) {
    addToGap(ofFirstAtOrAfter: index, in: children(x), -1)
    setCount(of: x, to: count(x) - 1)
  }

  /// Links the detached node `child` as the subitem at `index` of item `x`.
  ///
  /// - Parameter isNewSubitem: `true` when the subitem is new (the count of
  ///   `x` grows by one), `false` when it stands for the unknown subitem that
  ///   was at `index`.
  /// - Returns: The subitem's row offset among the rows beneath `x` (see
  ///   ``_ArenaReading/subitem(of:at:)``).
  @discardableResult
  @usableFromInline
  mutating func attach(_ child: _NodeID, to x: _NodeID, at index: Int, isNewSubitem: Bool) -> Int {
    // The known subitem at `index` or after it, if any, comes right after
    // `child` and keeps the unknown subitems between them in its gap.
    let tree = children(x)
    let (next, before) = forest.find(index, by: _Positions.self, in: tree) ?? (.null, total(tree))
    let gap = index - before.span
    setGap(of: child, to: gap)
    forest[child].owner = x
    if next != .null { setGap(of: next, to: self.gap(next) - (isNewSubitem ? gap : gap + 1)) }
    forest[x].children = forest.insert(child, before: next, inTreeAt: tree)
    if isNewSubitem { setCount(of: x, to: count(x) + 1) }
    return index + before.extraRows
  }

  /// Links the detached nodes `nodes`, each a new subitem with no
  /// subitems of its own, as the subitems at `index` and after it of item
  /// `x`, all of whose subitems are known (as in a snapshot, where no gap
  /// stands between siblings): one balanced tree of them joined into the
  /// tree of known subitems.
  ///
  /// - Complexity: O(*k* + log *b*) for *k* nodes.
  @usableFromInline
  mutating func attachNew(_ nodes: UnsafeBufferPointer<_NodeID>, toFullyKnown x: _NodeID, at index: Int) {
    assert(span(children(x)) == count(x), "every subitem is known")
    // Without gaps, positions are indices: the subitems before `index` go
    // left of the new ones.
    let (left, right) = forest.split(children(x), at: index, by: _Positions.self)
    for node in nodes {
      forest[node].owner = x
      setGap(of: node, to: 0)
    }
    forest[x].children = forest.merge(forest.merge(left, forest.build(nodes)), right)
    setCount(of: x, to: count(x) + nodes.count)
  }

  /// Appends `count` new known items of the known item `x`, collapsed and
  /// with no subitems, as one balanced tree not yet attached to `x` (see
  /// ``attachNew(tree:count:toFullyKnown:at:)``); the nodes are `first
  /// ..< first + count`, in order. Freed nodes are not reused, and no
  /// journal may be open.
  ///
  /// - Complexity: O(*k*) for *k* items, each node written once.
  @usableFromInline
  mutating func appendNewLeaves(count: Int, of x: _NodeID) -> (tree: _NodeID, first: _NodeID) {
    var leaf = _Item(narrowCount: 0, isExpanded: false)
    leaf.owner = x
    let (root, first) = forest.appendBalancedTree(of: leaf, count: count)
    return (root, first)
  }

  /// Attaches `tree`, a balanced tree of `count` new known subitems of `x`
  /// made by ``appendNewLeaves(count:of:)``, to the fully known item `x`,
  /// its first item at subitem `index`.
  ///
  /// - Complexity: O(log *b* + log *k*).
  @usableFromInline
  mutating func attachNew(tree: _NodeID, count: Int, toFullyKnown x: _NodeID, at index: Int) {
    assert(span(children(x)) == self.count(x), "every subitem is known")
    let (left, right) = forest.split(children(x), at: index, by: _Positions.self)
    forest[x].children = forest.merge(forest.merge(left, tree), right)
    setCount(of: x, to: self.count(x) + count)
  }

  /// Unlinks the known subitem at `index` of item `x`, which loses that
  /// subitem; returns the detached node, with its own subitems intact.
  @usableFromInline
  mutating func detach(from x: _NodeID, at index: Int) -> _NodeID {
    let child = subitem(of: x, at: index).node
    detach(child, from: x)
    return child
  }

  /// Unlinks the known subitem `child` of item `x`, which loses that
  /// subitem; the node stays allocated, with its own subitems intact.
  @usableFromInline
  mutating func detach(_ child: _NodeID, from x: _NodeID) {
    // The unknown subitems before `child` come before the known one after
    // it, if any, once it is gone.
    let tree = children(x)
    let gap = self.gap(child)
    if gap != 0 {
      let next = forest.next(after: child, inTreeAt: tree)
      if next != .null { setGap(of: next, to: self.gap(next) + gap) }
    }
    forest[x].children = forest.remove(child, fromTreeAt: tree)
    setCount(of: x, to: count(x) - 1)
  }

  /// Marks every known item beneath `x` collapsed and brings the summaries
  /// beneath `x` up to date; `x` itself keeps its state.
  ///
  /// - Returns: Those items, each with its parent.
  /// - Complexity: O(*n*) for *n* known items beneath `x`.
  @usableFromInline
  mutating func collapseDescendants(of x: _NodeID) -> [(parent: _NodeID, item: _NodeID)] {
    // Pre-order over every node beneath x, each tree's nodes before the
    // trees of their subitems; updating in reverse visits each node after
    // its links and its own subitems.
    var order: [(parent: _NodeID, item: _NodeID)] = []
    var trees: [(owner: _NodeID, root: _NodeID)] = children(x) == .null ? [] : [(x, children(x))]
    while let (owner, tree) = trees.popLast() {
      forest.forEachNode(in: tree) { node in
        order.append((owner, node))
        if forest[node].children != .null { trees.append((node, forest[node].children)) }
      }
    }
    for (_, node) in order { forest[node].isExpanded = false }
    for (_, node) in order.reversed() { forest.update(node) }
    return order
  }
}
