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
  /// On its own, an item expands even when it has no subitems. Recursively,
  /// as `NSOutlineView` does, the list walks the subtree top down, the item
  /// itself included, and opens each collapsed item that has subitems: it
  /// asks the item's number of subitems first, leaves an item without
  /// subitems collapsed, then asks the delegate's
  /// ``TreeListDelegate/shouldExpandItem(at:)`` — a refused item stays
  /// collapsed and the walk skips what is beneath it — and tells it
  /// ``TreeListDelegate/willExpandItem(at:)`` before the item opens and
  /// ``TreeListDelegate/didExpandItem(at:)`` once the host has the update,
  /// for every item opened, in the order they opened. Items already expanded
  /// stay so, and the walk goes on beneath them.
  ///
  /// - Parameters:
  ///   - treePath: The item's path; every ancestor must be known to the list.
  ///   - recursively: Whether to expand every item beneath it too, asking
  ///     the data source about the whole subtree it opens. Over a source
  ///     whose children load (``/TreeSources/AsyncTreeSource``), an item
  ///     whose children are not loaded opens with no rows, its load
  ///     starts, and the expansion goes on beneath it when they arrive.
  /// - Throws: ``/TreeIndex/TreeIndexError`` for a path that names no item (nothing is
  ///   asked or changed); ``TreeDataSourceError`` when the data source's
  ///   number of subitems contradicts what the list was told — the list has
  ///   then reloaded the item's subtree and called the host's `reloadData()`
  ///   (recursively, the items opened before stay open and the delegate
  ///   hears `didExpandItem` for them).
  ///   Called from inside a call the list makes to its data source, host or
  ///   delegate: ``TreeDataSourceError`` with
  ///   ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes.
  /// - Complexity: O(*d* log *b*) to show a subtree expanded before; plus
  ///   O(log *b*) per subitem asked about the first time; recursively,
  ///   plus O(log *b*) per item of the subtree, whatever its depth.
  public func expand(_ treePath: TreePath, recursively: Bool = false) throws {
    try _refuseReentrantUpdate(at: treePath)
    try _operation {
      try _index._validateItemPath(treePath, for: .expand)
      if recursively {
        try _expandSubtrees([treePath])
        return
      }
      let notify = !_index.isExpanded(treePath)
      if notify {
        guard _callOut({ delegate?.shouldExpandItem(at: treePath) ?? true }) else { return }
        _callOut { delegate?.willExpandItem(at: treePath) }
      }
      do {
        try _expandItem(treePath)
      } catch let error as TreeDataSourceError where error.isRecovered {
        // The list reloaded the item's subtree, expanded.
        if notify { delegate?.didExpandItem(at: treePath) }
        throw error
      }
      (dataSource as? any _ObservesExpansion)?._listDidExpand(treePath)
      if notify { delegate?.didExpandItem(at: treePath) }
    }
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
  ///   Called from inside a call the list makes to its data source, host or
  ///   delegate: ``TreeDataSourceError`` with
  ///   ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes.
  /// - Complexity: O(*d* log *b*), whatever the number of rows that vanish;
  ///   recursively, plus O(log *b*) per known item beneath. Asks the data
  ///   source nothing.
  public func collapse(_ treePath: TreePath, recursively: Bool = false) throws {
    try _refuseReentrantUpdate(at: treePath)
    try _operation {
      try _index._validateItemPath(treePath, for: .collapse)
      let notify = _index.isExpanded(treePath)
      if notify {
        guard _callOut({ delegate?.shouldCollapseItem(at: treePath) ?? true }) else { return }
        _callOut { delegate?.willCollapseItem(at: treePath) }
      }
      let changes = try _index.collapse(treePath, recursively: recursively)
      if recursively, let id = _index._knownItemID(at: treePath) { _clearHeightsBeneath(id) }
      _refreshHeights(along: treePath)
      _deliver(changes)
      if notify { (dataSource as? any _ObservesExpansion)?._listDidCollapse(treePath) }
      if notify { delegate?.didCollapseItem(at: treePath) }
    }
  }

  /// Collapses the item at `treePath` if it is expanded, and expands it
  /// otherwise.
  ///
  /// - Parameter treePath: The item's path.
  /// - Throws: What ``expand(_:recursively:)`` and
  ///   ``collapse(_:recursively:)`` throw.
  ///   Called from inside a call the list makes to its data source, host or
  ///   delegate: ``TreeDataSourceError`` with
  ///   ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes.
  /// - Complexity: That of the call it makes.
  public func toggle(_ treePath: TreePath) throws {
    try _refuseReentrantUpdate(at: treePath)
    if _index.isExpanded(treePath) {
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
  /// example, a search hit). Each collapsed ancestor is opened as
  /// ``expand(_:recursively:)`` opens one item: the delegate's
  /// ``TreeListDelegate/shouldExpandItem(at:)`` is asked first, and
  /// ``TreeListDelegate/willExpandItem(at:)`` and
  /// ``TreeListDelegate/didExpandItem(at:)`` bracket it (`did` once the host
  /// has the update). When the delegate refuses an ancestor, it and the
  /// ancestors beneath it stay collapsed, those above it stay open, and the
  /// call returns without an error: ask ``isVisible(_:)`` to know whether the
  /// item became visible.
  ///
  /// - Parameter treePath: The item's path in the data source's tree.
  /// - Throws: ``/TreeIndex/TreeIndexError`` when an index is out of range for the
  ///   counts the data source gave (nothing changes, and no `didExpandItem`
  ///   is sent, though the delegate may have heard `willExpandItem` for
  ///   ancestors above the bad index); ``TreeDataSourceError`` as
  ///   ``expand(_:recursively:)`` does.
  ///   Called from inside a call the list makes to its data source, host or
  ///   delegate: ``TreeDataSourceError`` with
  ///   ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes.
  /// - Complexity: O(*d* log *b*), plus the subitems asked about; when
  ///   subitems that came while hidden wait, plus a walk over the visible
  ///   expanded items the list knows.
  public func reveal(_ treePath: TreePath) throws {
    try _refuseReentrantUpdate(at: treePath)
    try _operation {
      guard !treePath.isEmpty else {
        throw TreeIndexError(operation: .reveal, treePath: treePath, reason: .emptyPath)
      }
      try _openItems { opened in
        try _revealItem(treePath, opened: &opened)
        // Subitems that came while hidden may be visible now.
        _resolvePendingItems()
      }
    }
  }

  /// Expands every item of the tree that has subitems, asking the data
  /// source about all of it: use it on trees known to be small.
  ///
  /// Each root item is expanded as ``expand(_:recursively:)`` expands
  /// recursively: items without subitems stay collapsed, and the delegate
  /// is asked about (and told of) every item opened; a refused item stays
  /// collapsed with everything beneath it.
  ///
  /// - Throws: ``TreeDataSourceError`` as ``expand(_:recursively:)`` does.
  ///   Called from inside a call the list makes to its data source, host or
  ///   delegate: ``TreeDataSourceError`` with
  ///   ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes.
  /// - Complexity: O(*n* log *b*) for *n* items, whatever their depth.
  public func expandAll() throws {
    try _refuseReentrantUpdate(at: [])
    try _operation {
      try _expandSubtrees((0..<_index.numberOfRootItems).map { [$0] })
    }
  }

  /// Collapses every item at every level; the host loses every row beneath
  /// the root items (in `.sectioned`, every row).
  ///
  /// - Complexity: O(*k* log *b*) for *k* known items. Asks the data source
  ///   nothing.
  public func collapseAll() {
    _whenNotCallingOut { list in
      let changes = list._index.collapseAll()
      list._clearHeightsBeneath(TreeIndex._rootItemID)
      list._deliver(changes)
    }
  }

  // MARK: Implementation

  /// The number of subitems of the valid item at `treePath`: asked of the
  /// data source, unless the running recursive expansion loaded the item a
  /// moment ago. A count that contradicts what the list was told is
  /// recovered from, and throws.
  func _askNumberOfSubitems(of treePath: TreePath) throws -> Int {
    try _askCount(of: _index._knownItemID(at: treePath), at: treePath)
  }

  /// Expands one valid item: the body of ``expand(_:recursively:)``.
  ///
  /// - Parameters:
  ///   - treePath: The item's path.
  ///   - count: Its number of subitems when the caller has just asked it;
  ///     `nil` to ask it here.
  func _expandItem(_ treePath: TreePath, numberOfSubitems count: Int? = nil) throws {
    let count = try count ?? _askNumberOfSubitems(of: treePath)
    guard !_index.isExpanded(treePath) else { return }
    let isKnown = _index.numberOfSubitems(of: treePath) != nil
    let isVisible = _index.isVisible(treePath)
    try _index.expand(treePath, numberOfSubitems: count)
    if !isKnown, let id = _index._knownItemID(at: treePath) {
      if isVisible { _populate(id, at: treePath) } else { _deferPopulation(of: id) }
    }
    // Subitems that came while hidden may be visible now.
    _resolvePendingItems()
    _refreshHeights(along: treePath)
    // The item was collapsed: every row beneath it is new.
    if isVisible { _deliver(_insertionOfRows(beneath: treePath)) }
  }

  /// Runs `body`, which opens items and lists them, as one edit (one update
  /// for the host), then tells the delegate that each listed item expanded.
  /// When the data source contradicts the list, the items opened before stay
  /// open and are announced too; when `body` throws anything else, the edit
  /// is undone and nothing is announced.
  func _openItems(_ body: (inout _OpenedPaths) throws -> Void) throws {
    var opened = _OpenedPaths()
    do {
      try _edit { try body(&opened) }
    } catch let error as TreeDataSourceError where error.isRecovered {
      opened.forEach { delegate?.didExpandItem(at: $0) }
      throw error
    }
    opened.forEach { delegate?.didExpandItem(at: $0) }
    if !opened.awaitingSubitems.isEmpty {
      (dataSource as? any _ObservesExpansion)?._listExpandsWhenSubitemsArrive(opened.awaitingSubitems)
    }
  }

  /// Expands the valid items at `roots` and everything beneath them that
  /// has subitems and that the delegate allows, as one edit.
  func _expandSubtrees(_ roots: [TreePath]) throws {
    let outermost = _loadedItems == nil
    if outermost { _loadedItems = [] }
    defer { if outermost { _loadedItems = nil } }
    try _openItems { opened in
      for root in roots { try _expandSubtree(root, opened: &opened) }
    }
  }

  /// Forgets what the list knew beneath the item at `treePath`, loads it
  /// again with `count` subitems, has the host reload, and throws.
  func _recover(_ treePath: TreePath, numberOfSubitems count: Int, expected: Int) throws -> Never {
    // A count the index cannot hold is refused before anything changes.
    try _index._validateExpansion(treePath, numberOfSubitems: count)
    if let id = _index._knownItemID(at: treePath) {
      _dropColumns(of: Array(_knownItems(from: id).dropFirst()))
      _columns.removeColumn(id)
      _pendingItems.remove(id)
    }
    try _index.expand(treePath, numberOfSubitems: count)  // a new count: the state beneath is discarded
    _selectionForgetItems(beneath: treePath)
    if let id = _index._knownItemID(at: treePath) {
      if _index.isVisible(treePath) { _populate(id, at: treePath) } else { _deferPopulation(of: id) }
    }
    _refreshHeights(along: treePath)
    if _batch != nil || _openEdits > 0 {
      _needsReloadData = true
    } else {
      _callOut { host?.reloadData() }
    }
    throw TreeDataSourceError(
      treePath: treePath, reason: .inconsistentNumberOfSubitems(expected: expected, actual: count))
  }

  /// Sets the height beneath every known item under `id` to 0, after they
  /// were all collapsed.
  func _clearHeightsBeneath(_ id: _ItemID) {
    _index._forEachKnownItem(beneath: id) { item, parent, i in
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
    guard let rows = _index.rows(inSubtreeAt: treePath) else { return TreeChanges() }
    let range: TreeChanges.RowRange
    if layout == .sectioned && treePath.depth == 1 {
      range = .init(section: treePath[0], rows: 0..<_index.numberOfRows(inSection: treePath[0]))
    } else {
      let table = _index.tableIndexPath(fromTreePath: treePath)!
      range = .init(section: table[0], rows: (table[1] + 1)..<(table[1] + rows.count))
    }
    return range.rows.isEmpty ? TreeChanges() : TreeChanges(insertedRowRanges: [range])
  }
}
