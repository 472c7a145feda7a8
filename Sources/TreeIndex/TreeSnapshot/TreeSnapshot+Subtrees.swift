import _SummaryTree

/// Parts of a snapshot, and the snapshot as text.
extension TreeSnapshot {
  /// The subtree of `parent` as a snapshot of its own, with the items'
  /// expansion.
  ///
  /// - Parameters:
  ///   - parent: The item whose subtree to take.
  ///   - includingParent: `true` to make `parent` the only root item;
  ///     `false` (the default) to make its children the root items.
  /// - Returns: The subtree; empty when the snapshot does not hold `parent`.
  /// - Complexity: O(*k* log *b*) for *k* items in the subtree.
  @inlinable
  public func snapshot(of parent: ItemID, includingParent: Bool = false) -> TreeSnapshot {
    var result = TreeSnapshot()
    guard let node = _node(of: parent) else { return result }
    if includingParent {
      let root = result._allocate(parent, isExpanded: _index._arena.isExpanded(node))
      result._index._arena.attach(root, to: _Arena.root, at: 0, isNewSubitem: true)
      result._graft(self, childrenOf: node, under: root)
      result._index._arena.refresh(from: root)
    } else {
      result._graft(self, childrenOf: node, under: _Arena.root)
      result._index._arena.refresh(from: _Arena.root)
    }
    result._index._checkInvariants()
    result._startHistory()
    return result
  }

  /// The snapshot as text, one line per item in depth-first order: two
  /// spaces per level, `▾` for an expanded item, `▸` for a collapsed one
  /// with children, `·` for a collapsed one without, then the identifier;
  /// `(hidden)` marks an item with a collapsed ancestor.
  ///
  /// ```text
  /// ▾ Fruit
  ///   · Apple
  ///   · Pear
  /// ▸ Vegetables
  ///   · Leek (hidden)
  /// ```
  ///
  /// - Returns: The lines, each ending in a newline.
  /// - Complexity: O(*n*) for *n* items.
  @inlinable
  public func visualDescription() -> String {
    var text = ""
    var hiddenBelow = Int.max  // the level under which items are hidden
    _forEachNodeDepthFirst { node, level in
      if level <= hiddenBelow { hiddenBelow = Int.max }
      let isExpanded = _index._arena.isExpanded(node)
      let mark = isExpanded ? "▾" : _index._arena.count(node) > 0 ? "▸" : "·"
      text += String(repeating: "  ", count: level) + mark + " " + String(describing: _item(node))
      if hiddenBelow != Int.max { text += " (hidden)" }
      text += "\n"
      if !isExpanded && hiddenBelow == Int.max { hiddenBelow = level }
    }
    return text
  }
}

extension TreeSnapshot: Equatable {
  /// Returns a Boolean value that tells whether two snapshots hold the same
  /// items, in the same places, with the same expansion. Items marked for
  /// reload do not count.
  ///
  /// - Complexity: O(*n*) for *n* items.
  @inlinable
  public static func == (lhs: TreeSnapshot, rhs: TreeSnapshot) -> Bool {
    guard lhs.count == rhs.count else { return false }
    var lhsNodes: [_NodeID] = []
    var rhsNodes: [_NodeID] = []
    lhsNodes.reserveCapacity(lhs.count)
    rhsNodes.reserveCapacity(rhs.count)
    lhs._forEachNodeDepthFirst { node, _ in lhsNodes.append(node) }
    rhs._forEachNodeDepthFirst { node, _ in rhsNodes.append(node) }
    for (l, r) in zip(lhsNodes, rhsNodes) {
      guard lhs._item(l) == rhs._item(r), lhs._index._arena.count(l) == rhs._index._arena.count(r),
        lhs._index._arena.isExpanded(l) == rhs._index._arena.isExpanded(r)
      else { return false }
    }
    return true
  }
}

extension TreeSnapshot: CustomStringConvertible {
  /// A short description: the number of items and of visible items.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var description: String {
    "TreeSnapshot(\(count) items, \(_index.numberOfRows) visible)"
  }
}
