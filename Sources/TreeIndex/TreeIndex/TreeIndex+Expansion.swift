/// Expanding and collapsing items.
extension TreeIndex {
  /// Expands the item at `treePath`, which has `numberOfSubitems` subitems.
  ///
  /// If the item was expanded before with the same number of subitems, the
  /// expansion state beneath it is kept and reappears with it. A different
  /// number replaces its subitems: what the index knew beneath it is
  /// discarded. A hidden item (an ancestor is collapsed) is marked expanded
  /// and no rows change. Expanding an expanded item with the same count
  /// changes nothing.
  ///
  /// - Parameters:
  ///   - treePath: The item's path. Every ancestor must have been expanded,
  ///     so that the index knows where the item is.
  ///   - numberOfSubitems: How many subitems the item has; 0 or more.
  /// - Returns: The rows that appear (and, when the count changed, the rows
  ///   of the old subitems that vanish).
  /// - Throws: ``TreeIndexError`` for an empty path, an index out of range,
  ///   an ancestor that was never expanded, a negative count, or rows that
  ///   would pass ``maximumNumberOfRows``; the index is then unchanged.
  /// - Complexity: O(*d* log *b*), whatever the number of rows that appear;
  ///   plus the number of known items discarded when the count changes.
  @discardableResult
  public mutating func expand(_ treePath: TreePath, numberOfSubitems: Int) throws -> TreeChanges {
    defer { _checkInvariants() }
    let (node, parent, flatRow) = try _locateItem(treePath, for: .expand)
    guard numberOfSubitems >= 0 else {
      throw TreeIndexError(
        operation: .expand, treePath: treePath, reason: .negativeNumberOfSubitems(numberOfSubitems))
    }
    try _checkExpansion(of: node, under: parent, numberOfSubitems: numberOfSubitems, at: treePath)
    var changes = _TreeChangesBuilder()
    _expand(
      treePath, node: node, parent: parent, anchor: _anchor(of: treePath, flatRow: flatRow),
      numberOfSubitems: numberOfSubitems, into: &changes)
    return changes.build()
  }

  /// Collapses the item at `treePath`, hiding its visible descendants.
  ///
  /// The expansion state beneath the item is kept: expanding it again with
  /// the same number of subitems shows the same rows. Collapsing a collapsed
  /// or never-expanded item changes nothing.
  ///
  /// - Parameter treePath: The item's path.
  /// - Returns: The rows that vanish: one range, however many rows.
  /// - Throws: ``TreeIndexError`` for an empty path, an index out of range
  ///   or an ancestor that was never expanded; the index is then unchanged.
  /// - Complexity: O(*d* log *b*), whatever the number of rows that vanish.
  @discardableResult
  public mutating func collapse(_ treePath: TreePath) throws -> TreeChanges {
    try collapse(treePath, recursively: false)
  }

  /// Collapses the item at `treePath` and, when `recursively` is `true`,
  /// every expanded item beneath it, so that expanding it again shows only
  /// its subitems.
  ///
  /// - Parameters:
  ///   - treePath: The item's path.
  ///   - recursively: Whether to collapse the known items beneath it too.
  /// - Returns: The rows that vanish.
  /// - Throws: ``TreeIndexError`` for an empty path, an index out of range
  ///   or an ancestor that was never expanded; the index is then unchanged.
  /// - Complexity: O(*d* log *b*); plus, when `recursively`, the number of
  ///   known items beneath the item.
  @discardableResult
  public mutating func collapse(_ treePath: TreePath, recursively: Bool) throws -> TreeChanges {
    defer { _checkInvariants() }
    let (node, _, flatRow) = try _locateItem(treePath, for: .collapse)
    guard node != .null else { return TreeChanges() }
    var changes = _TreeChangesBuilder()
    let wasExpanded = _arena.isExpanded(node)
    if wasExpanded, let anchor = _anchor(of: treePath, flatRow: flatRow) {
      changes.deleteRows(beneath: anchor, count: _arena.rowsBeneath(node))
    }
    if recursively {
      let collapsed = _arena.collapseDescendants(of: node)
      if _recorder != nil { _recorder!.markChanged(collapsed) }
    } else if !wasExpanded {
      return TreeChanges()
    }
    _arena.setExpanded(node, false)
    _refresh(from: node)
    return changes.build()
  }

  /// Collapses every item, at every level, keeping the number of subitems
  /// the index knows.
  ///
  /// - Returns: The rows that vanish (in `.sectioned`, every row of every
  ///   section).
  /// - Complexity: O(*k*), where *k* is the number of known items.
  @discardableResult
  public mutating func collapseAll() -> TreeChanges {
    defer { _checkInvariants() }
    var changes = _TreeChangesBuilder()
    switch layout {
    case .flat:
      // The root items stay; the rows beneath each expanded one vanish.
      _arena.forEachKnownSubitem(of: _Arena.root) { _, node, rowOffset in
        changes.deleteRows(
          (rowOffset + 1)..<(rowOffset + 1 + _arena.visibleRowsBeneath(node)), inSection: 0)
      }
    case .sectioned:
      _arena.forEachKnownSubitem(of: _Arena.root) { index, node, _ in
        changes.deleteRows(0..<_arena.visibleRowsBeneath(node), inSection: index)
      }
    }
    let collapsed = _arena.collapseDescendants(of: _Arena.root)
    if _recorder != nil { _recorder!.markChanged(collapsed) }
    return changes.build()
  }

  /// Expands every ancestor of the item at `treePath`, so that it becomes
  /// visible, keeping the expansion state beneath each.
  ///
  /// - Parameter treePath: The item's path. Every ancestor must have been
  ///   expanded before, so that the index knows its number of subitems.
  /// - Returns: The rows that appear.
  /// - Throws: ``TreeIndexError`` for an empty path, an index out of range,
  ///   an ancestor that was never expanded, or rows that would pass
  ///   ``maximumNumberOfRows``; the index is then unchanged.
  /// - Complexity: O(*d*² log *b*).
  @discardableResult
  public mutating func reveal(_ treePath: TreePath) throws -> TreeChanges {
    defer { _checkInvariants() }
    _ = try _resolveItem(treePath, for: .reveal)
    // The known ancestors, outermost first (the path resolved, so each is).
    var ancestors: [_NodeID] = []
    ancestors.reserveCapacity(treePath.depth - 1)
    var x = _Arena.root
    for index in treePath.dropLast() {
      x = _arena.subitem(of: x, at: index).node
      ancestors.append(x)
    }
    try _checkReveal(of: treePath, ancestors: ancestors)
    var changes = _TreeChangesBuilder()
    // Deepest first: each ancestor is still hidden when it is expanded,
    // except the shallowest collapsed one, whose one range shows them all.
    for depth in ancestors.indices.reversed() where !_arena.isExpanded(ancestors[depth]) {
      let node = ancestors[depth]
      let path = TreePath(treePath.prefix(depth + 1))
      _expand(
        path, node: node, parent: depth == 0 ? _Arena.root : ancestors[depth - 1], anchor: _anchor(of: path),
        numberOfSubitems: _arena.count(node), into: &changes)
    }
    return changes.build()
  }

  /// The paths of the expanded items, in depth-first order, hidden ones
  /// included.
  ///
  /// - Complexity: O(*k* · *d*), where *k* is the number of known items.
  public var expandedTreePaths: [TreePath] {
    var result: [TreePath] = []
    _forEachKnownItem { path, _, isExpanded in
      if isExpanded { result.append(path) }
    }
    return result
  }

  /// Expands a valid item whose node and parent are resolved: the shared
  /// body of ``expand(_:numberOfSubitems:)`` and ``reveal(_:)``.
  mutating func _expand(
    _ treePath: TreePath, node: _NodeID, parent: _NodeID, anchor: _Anchor?, numberOfSubitems: Int,
    into changes: inout _TreeChangesBuilder
  ) {
    var node = node
    if node == .null {
      node = _arena.allocate(count: numberOfSubitems, isExpanded: true, reusingFreedNodes: _recorder == nil)
      _arena.attach(node, to: parent, at: treePath[treePath.depth - 1], isNewSubitem: false)
    } else {
      let oldCount = _arena.count(node)
      let wasExpanded = _arena.isExpanded(node)
      if oldCount == numberOfSubitems {
        if wasExpanded { return }
      } else {
        if wasExpanded, let anchor {
          changes.deleteRows(beneath: anchor, count: _arena.rowsBeneath(node))
        }
        _arena.replaceSubitems(of: node, count: numberOfSubitems)
        _recorder?.recordReplacement(in: node, oldCount: oldCount, newCount: numberOfSubitems)
      }
      _arena.setExpanded(node, true)
    }
    _refresh(from: node)
    if let anchor {
      changes.insertRows(beneath: anchor, count: _arena.rowsBeneath(node))
    }
  }
}
