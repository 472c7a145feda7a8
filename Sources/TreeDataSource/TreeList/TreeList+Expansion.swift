import Foundation

/// Expanding and collapsing, one item or a whole subtree.
extension TreeList {
  /// Expands the item at `treePath` and hands the host the rows that appear
  /// as one update.
  ///
  /// The data source is asked the item's number of subitems — always, even
  /// when the list kept it from an earlier expansion, to catch a change
  /// nobody announced. The first time the item's subitems become visible
  /// they are asked about (expanded? height?); after that the list keeps
  /// their state, and the nested expansion beneath reappears with them. A
  /// hidden item is marked expanded without rows, and its subitems are asked
  /// about when they become visible.
  ///
  /// - Parameters:
  ///   - treePath: The item's path; every ancestor must be known to the list.
  ///   - recursively: Whether to expand every item beneath it too, asking
  ///     the data source about the whole subtree it opens.
  /// - Throws: ``/TreeIndex/TreeIndexError`` for a path that names no item (nothing is
  ///   asked or changed); ``TreeDataSourceError`` when the data source's
  ///   number of subitems contradicts what the list was told — the list has
  ///   then reloaded the item's subtree and called the host's `reloadData()`.
  /// - Complexity: O(*d* log *b*) to show a subtree expanded before; plus
  ///   O(*d* log *b*) per subitem asked about the first time; recursively,
  ///   plus the items of the subtree.
  public func expand(_ treePath: TreePath, recursively: Bool = false) throws {
    try index._validateItemPath(treePath, for: .expand)
    let notify = !index.isExpanded(treePath)
    if notify {
      guard delegate?.shouldExpandItem(at: treePath) ?? true else { return }
      delegate?.willExpandItem(at: treePath)
    }
    if recursively {
      try _edit { try _expandSubtree(treePath) }
    } else {
      try _expandItem(treePath)
    }
    if notify { delegate?.didExpandItem(at: treePath) }
  }

  /// Collapses the item at `treePath` and hands the host the rows that
  /// vanish as one update; the state beneath is kept for the next expansion
  /// unless `recursively` is `true`.
  ///
  /// - Parameters:
  ///   - treePath: The item's path.
  ///   - recursively: Whether to collapse every item beneath it too.
  /// - Throws: ``/TreeIndex/TreeIndexError`` for a path that names no item; nothing
  ///   changes.
  /// - Complexity: O(*d* log *b*), whatever the number of rows that vanish;
  ///   recursively, plus O(log *b*) per known item beneath. Asks the data
  ///   source nothing.
  public func collapse(_ treePath: TreePath, recursively: Bool = false) throws {
    try index._validateItemPath(treePath, for: .collapse)
    let notify = index.isExpanded(treePath)
    if notify {
      guard delegate?.shouldCollapseItem(at: treePath) ?? true else { return }
      delegate?.willCollapseItem(at: treePath)
    }
    let changes = try index.collapse(treePath, recursively: recursively)
    if recursively, let id = index._knownItemID(at: treePath) { _clearHeightsBeneath(id) }
    _refreshHeights(along: treePath)
    _deliver(changes)
    if notify { delegate?.didCollapseItem(at: treePath) }
  }

  /// Collapses the item at `treePath` if it is expanded, and expands it
  /// otherwise.
  ///
  /// - Parameter treePath: The item's path.
  /// - Throws: What ``expand(_:recursively:)`` and
  ///   ``collapse(_:recursively:)`` throw.
  /// - Complexity: That of the call it makes.
  public func toggle(_ treePath: TreePath) throws {
    if index.isExpanded(treePath) {
      try collapse(treePath)
    } else {
      try expand(treePath)
    }
  }

  /// Expands every ancestor of the item at `treePath`, top down, so that it
  /// becomes visible; one update for all of them.
  ///
  /// Ancestors the list never expanded are asked about as they open, so a
  /// path the data source knows can be revealed from a collapsed list (for
  /// example, a search hit).
  ///
  /// - Parameter treePath: The item's path in the data source's tree.
  /// - Throws: ``/TreeIndex/TreeIndexError`` when an index is out of range for the
  ///   counts the data source gave (nothing changes);
  ///   ``TreeDataSourceError`` as ``expand(_:recursively:)`` does.
  /// - Complexity: O(*d*² log *b*) plus the subitems asked about.
  public func reveal(_ treePath: TreePath) throws {
    guard !treePath.isEmpty else {
      throw TreeIndexError(operation: .reveal, treePath: treePath, reason: .emptyPath)
    }
    try _edit {
      for depth in 1...treePath.depth {
        let path = TreePath(treePath.prefix(depth))
        let count = index.numberOfSubitems(of: path.parent)!  // the root, or an ancestor expanded just before
        guard path[depth - 1] >= 0, path[depth - 1] < count else {
          throw TreeIndexError(
            operation: .reveal, treePath: treePath,
            reason: .indexOutOfRange(level: depth - 1, numberOfSubitems: count))
        }
        if depth < treePath.depth && !index.isExpanded(path) { try _expandItem(path) }
      }
    }
  }

  /// Expands every item of the tree, asking the data source about all of
  /// it: use it on trees known to be small.
  ///
  /// - Throws: ``TreeDataSourceError`` as ``expand(_:recursively:)`` does.
  /// - Complexity: O(*n* *d* log *b*) for *n* items.
  public func expandAll() throws {
    try _edit {
      for i in 0..<index.numberOfRootItems { try _expandSubtree([i]) }
    }
  }

  /// Collapses every item at every level; the host loses every row beneath
  /// the root items (in `.sectioned`, every row).
  ///
  /// - Complexity: O(*k* log *b*) for *k* known items. Asks the data source
  ///   nothing.
  public func collapseAll() {
    let changes = index.collapseAll()
    _clearHeightsBeneath(TreeIndex._rootItemID)
    _deliver(changes)
  }

  // MARK: Implementation

  /// Expands one valid item: the body of ``expand(_:recursively:)``.
  func _expandItem(_ treePath: TreePath) throws {
    let known = index.numberOfSubitems(of: treePath)
    let id = known == nil ? nil : index._knownItemID(at: treePath)
    let count: Int
    if let id, _loadedItems?.contains(id) == true {
      count = known!  // asked a moment ago, by this same recursive expansion
    } else {
      count = Swift.max(0, dataSource.numberOfSubitems(of: treePath))
    }
    if let known, known != count {
      try _recover(treePath, numberOfSubitems: count, expected: known)
    }
    guard !index.isExpanded(treePath) else { return }
    let isVisible = index.isVisible(treePath)
    try index.expand(treePath, numberOfSubitems: count)
    if known == nil {
      let id = index._knownItemID(at: treePath)!
      if isVisible { _populate(id, at: treePath) } else { _deferPopulation(of: id) }
    }
    // Subitems that came while hidden may be visible now.
    _resolvePendingItems()
    _refreshHeights(along: treePath)
    // The item was collapsed: every row beneath it is new.
    if isVisible { _deliver(_insertionOfRows(beneath: treePath)) }
  }

  /// Expands a valid item and everything beneath it.
  func _expandSubtree(_ treePath: TreePath) throws {
    let outermost = _loadedItems == nil
    if outermost { _loadedItems = [] }
    defer { if outermost { _loadedItems = nil } }
    try _expandItem(treePath)
    for i in 0..<index.numberOfSubitems(of: treePath)! {
      try _expandSubtree(treePath.appending(i))
    }
  }

  /// Forgets what the list knew beneath the item at `treePath`, loads it
  /// again with `count` subitems, has the host reload, and throws.
  func _recover(_ treePath: TreePath, numberOfSubitems count: Int, expected: Int) throws -> Never {
    if let id = index._knownItemID(at: treePath) {
      _dropColumns(of: Array(_knownItems(from: id).dropFirst()))
      _columns.removeColumn(id)
      _pendingItems.remove(id)
    }
    try! index.expand(treePath, numberOfSubitems: count)  // a new count: the state beneath is discarded
    let id = index._knownItemID(at: treePath)!
    if index.isVisible(treePath) { _populate(id, at: treePath) } else { _deferPopulation(of: id) }
    _refreshHeights(along: treePath)
    if _batch != nil || _openEdits > 0 {
      _needsReloadData = true
    } else {
      host?.reloadData()
    }
    throw TreeDataSourceError(
      treePath: treePath, reason: .inconsistentNumberOfSubitems(expected: expected, actual: count))
  }

  /// Sets the height beneath every known item under `id` to 0, after they
  /// were all collapsed.
  func _clearHeightsBeneath(_ id: _ItemID) {
    index._forEachKnownItem(beneath: id) { item, parent, i in
      guard _columns.hasColumn(parent) else { return }
      var entry = _columns.entry(parent, at: i)
      if entry.beneath != 0 {
        entry.beneath = 0
        _columns.setEntry(parent, at: i, to: entry)
      }
    }
  }

  /// The insertion of every row beneath the visible item at `treePath`.
  func _insertionOfRows(beneath treePath: TreePath) -> TreeChanges {
    guard let rows = index.rows(inSubtreeAt: treePath) else { return TreeChanges() }
    let range: TreeChanges.RowRange
    if layout == .sectioned && treePath.depth == 1 {
      range = .init(section: treePath[0], rows: 0..<index.numberOfRows(inSection: treePath[0]))
    } else {
      let table = index.tableIndexPath(fromTreePath: treePath)!
      range = .init(section: table[0], rows: (table[1] + 1)..<(table[1] + rows.count))
    }
    return range.rows.isEmpty ? TreeChanges() : TreeChanges(insertedRowRanges: [range])
  }
}
