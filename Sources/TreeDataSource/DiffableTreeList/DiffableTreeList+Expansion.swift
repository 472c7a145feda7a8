/// The user's expansions and collapses: each one batch update for the host,
/// the delegate asked, the snapshot changed in place.
extension DiffableTreeList {
  /// Expands `item` and hands the host the rows that appear as one update,
  /// as ``TreeList/expand(_:recursively:)`` does; the list's ``snapshot``
  /// then has `item` expanded.
  ///
  /// The delegate's ``DiffableTreeListDelegate/shouldExpandItem(_:)`` is
  /// asked first (a refusal leaves everything as it was, without an
  /// error), and ``DiffableTreeListDelegate/willExpandItem(_:)`` and
  /// ``DiffableTreeListDelegate/didExpandItem(_:)`` bracket the change
  /// (`did` once the snapshot has it and the host has the update). An
  /// expanded item is left as it is, and nobody is asked. On its own, an
  /// item expands even without children (children added later are shown).
  /// Recursively, as `NSOutlineView` does, the subtree is walked top down,
  /// the item itself included: every collapsed item that has children is
  /// asked about and opened, items without children stay collapsed, a
  /// refused item stays collapsed with everything beneath it, and the walk
  /// goes on beneath items already expanded. A hidden item is expanded
  /// without rows: its children show once its ancestors are expanded.
  ///
  /// - Parameters:
  ///   - item: The item's identifier.
  ///   - recursively: Whether to expand every item beneath it too.
  /// - Throws: ``DiffableTreeListError`` with
  ///   ``DiffableTreeListError/Reason/unknownItem`` when the list has no
  ///   such item, or ``DiffableTreeListError/Reason/reentrantUpdate`` when
  ///   called while the list is calling out; nothing changes.
  /// - Complexity: O(*d* log *b*), whatever the number of rows that appear
  ///   (with ``heightOfItem`` set, plus a height asked for each);
  ///   recursively, plus O(log *b*) per item of the subtree, whatever its
  ///   depth (each level's rows are brought up to date once).
  public func expand(_ item: ItemID, recursively: Bool = false) throws {
    try _refuseUnknownOrReentrant(item, for: .expand)
    _operation {
      var opened: [ItemID] = []
      // The items opened while visible: every row beneath each is new.
      var shown: [ItemID] = []
      // Depth first, children in order; each with whether it was visible.
      var stack = [(item: item, wasVisible: _snapshot.isVisible(item))]
      while let (next, wasVisible) = stack.popLast() {
        var childrenWereVisible = wasVisible
        if !_storedSnapshot.isExpanded(next) {
          if recursively && _storedSnapshot.children(of: next).isEmpty { continue }
          guard _callOut({ delegate?.shouldExpandItem(next) ?? true }) else { continue }
          _callOut { delegate?.willExpandItem(next) }
          _markExpanded(next)
          opened.append(next)
          if wasVisible { shown.append(next) }
          childrenWereVisible = false
        }
        guard recursively else { break }
        for child in _storedSnapshot.children(of: next).reversed() { stack.append((child, childrenWereVisible)) }
      }
      _showRows(beneath: shown)
      for item in opened { delegate?.didExpandItem(item) }
    }
  }

  /// Collapses `item` and hands the host the rows that vanish as one
  /// update, as ``TreeList/collapse(_:recursively:)`` does; the list's
  /// ``snapshot`` then has `item` collapsed. The expansion beneath it is
  /// kept for the next expansion unless `recursively` is `true`.
  ///
  /// The delegate's ``DiffableTreeListDelegate/shouldCollapseItem(_:)`` is
  /// asked first when the item is expanded (a refusal leaves everything as
  /// it was, without an error), and
  /// ``DiffableTreeListDelegate/willCollapseItem(_:)`` and
  /// ``DiffableTreeListDelegate/didCollapseItem(_:)`` bracket the change; a
  /// recursive collapse asks only about `item`.
  ///
  /// - Parameters:
  ///   - item: The item's identifier.
  ///   - recursively: Whether to collapse every item beneath it too.
  /// - Throws: ``DiffableTreeListError`` with
  ///   ``DiffableTreeListError/Reason/unknownItem`` when the list has no
  ///   such item, or ``DiffableTreeListError/Reason/reentrantUpdate`` when
  ///   called while the list is calling out; nothing changes.
  /// - Complexity: O(*d* log *b*), whatever the number of rows that vanish;
  ///   recursively, plus O(log *b*) per item beneath, whatever its depth.
  public func collapse(_ item: ItemID, recursively: Bool = false) throws {
    try _refuseUnknownOrReentrant(item, for: .collapse)
    _operation {
      let notify = _snapshot.isExpanded(item)
      if notify {
        guard _callOut({ delegate?.shouldCollapseItem(item) ?? true }) else { return }
        _callOut { delegate?.willCollapseItem(item) }
      }
      // The rows beneath, while they are still there.
      let vanishing = notify ? _rowsBeneath(item) : nil
      _renewedSummaries += _snapshot._setExpanded([item], false)
      if recursively { _collapseDescendants(of: item) }
      if let vanishing {
        let changes = TreeChanges(deletedRowRanges: [vanishing.table])
        if _heights != nil { _heights!.free(_heights!.cut(vanishing.global)) }
        _deliver(changes)
      }
      if notify { delegate?.didCollapseItem(item) }
    }
  }

  /// Expands every collapsed ancestor of `item`, top down, so that it
  /// becomes visible, as ``TreeList/reveal(_:)`` does: one update for all
  /// of them, each ancestor asked about
  /// (``DiffableTreeListDelegate/shouldExpandItem(_:)``) and told of. When
  /// the delegate refuses an ancestor, it and the ancestors beneath it stay
  /// collapsed and the call returns without an error: ask the
  /// ``snapshot``'s ``/TreeIndex/TreeSnapshot/isVisible(_:)`` whether the
  /// item became visible. The item itself is not expanded.
  ///
  /// - Parameter item: The item's identifier.
  /// - Throws: ``DiffableTreeListError`` with
  ///   ``DiffableTreeListError/Reason/unknownItem`` when the list has no
  ///   such item, or ``DiffableTreeListError/Reason/reentrantUpdate`` when
  ///   called while the list is calling out; nothing changes.
  /// - Complexity: O(*d* log *b*), whatever the number of rows that appear
  ///   (with ``heightOfItem`` set, plus a height asked for each).
  public func reveal(_ item: ItemID) throws {
    try _refuseUnknownOrReentrant(item, for: .reveal)
    _operation {
      var ancestors: [ItemID] = []
      var next = _snapshot.parent(of: item)
      while let ancestor = next {
        ancestors.append(ancestor)
        next = _storedSnapshot.parent(of: ancestor)
      }
      var opened: [ItemID] = []
      for ancestor in ancestors.reversed() where !_storedSnapshot.isExpanded(ancestor) {
        guard _callOut({ delegate?.shouldExpandItem(ancestor) ?? true }) else { break }
        _callOut { delegate?.willExpandItem(ancestor) }
        _markExpanded(ancestor)
        opened.append(ancestor)
      }
      // The first ancestor opened was visible (every one above it is
      // expanded), and everything beneath it was hidden.
      _showRows(beneath: opened.prefix(1))
      for ancestor in opened { delegate?.didExpandItem(ancestor) }
    }
  }

  // MARK: Implementation

  /// Throws the error `operation` throws when the list is calling out or
  /// has no item `item`.
  func _refuseUnknownOrReentrant(_ item: ItemID, for operation: DiffableTreeListError.Operation) throws {
    guard !_isCallingOut else {
      throw DiffableTreeListError(operation: operation, item: String(describing: item), reason: .reentrantUpdate)
    }
    guard _snapshot.contains(item) else {
      throw DiffableTreeListError(operation: operation, item: String(describing: item), reason: .unknownItem)
    }
  }

  /// Hands the host the rows beneath `items` — expanded, visible items,
  /// in row order, none beneath another — as insertions, after measuring
  /// them when the list keeps heights.
  func _showRows(beneath items: some Sequence<ItemID>) {
    var inserted: [TreeChanges.RowRange] = []
    for item in items {
      guard let rows = _rowsBeneath(item) else { continue }
      inserted.append(rows.table)
      if _heights != nil { _insertMeasuredRows(rows.global) }
    }
    _deliver(TreeChanges(insertedRowRanges: inserted))
  }

  /// The rows of the visible descendants of the visible, expanded `item`,
  /// as the host numbers them and as global rows; `nil` when there are none.
  ///
  /// - Complexity: O(*d* log *b*).
  func _rowsBeneath(_ item: ItemID) -> (table: TreeChanges.RowRange, global: Range<Int>)? {
    let rows = _rows
    guard let treePath = _snapshot.treePath(of: item), let subtree = rows.rows(inSubtreeAt: treePath) else {
      return nil
    }
    let table: TreeChanges.RowRange
    let global: Range<Int>
    if layout == .sectioned && treePath.depth == 1 {
      table = .init(section: treePath[0], rows: 0..<subtree.count)
      global = subtree
    } else {
      let own = rows.tableIndexPath(fromTreePath: treePath)!
      table = .init(section: own[0], rows: (own[1] + 1)..<(own[1] + subtree.count))
      global = (subtree.lowerBound + 1)..<subtree.upperBound
    }
    return table.rows.isEmpty ? nil : (table, global)
  }

  /// Collapses every item beneath `item` in the snapshot.
  ///
  /// - Complexity: O((*s* + *d*) log *b*) for the *s* items beneath.
  func _collapseDescendants(of item: ItemID) {
    var expanded: [ItemID] = []
    var stack = Array(_snapshot.children(of: item))
    while let next = stack.popLast() {
      if _snapshot.isExpanded(next) { expanded.append(next) }
      stack.append(contentsOf: _snapshot.children(of: next))
    }
    if !expanded.isEmpty { _renewedSummaries += _snapshot._setExpanded(expanded, false) }
  }

  /// Marks `item` expanded in the stored snapshot without renewing the
  /// rows above it: the next read of ``_snapshot`` renews every item marked
  /// so, each level once, however many of them lie on one deep branch.
  ///
  /// - Complexity: O(1).
  func _markExpanded(_ item: ItemID) {
    if let node = _storedSnapshot._markExpandedWithoutRenewing(item) { _unrenewedNodes.append(node) }
  }

  /// Renews the rows above the items marked by ``_markExpanded(_:)``, and
  /// records their expansion in the snapshot; nothing when none waits.
  ///
  /// - Complexity: O((*k* + *a*) log *b*) for *k* items marked and the *a*
  ///   distinct items above them.
  func _renewExpansions() {
    guard !_unrenewedNodes.isEmpty else { return }
    let nodes = _unrenewedNodes
    _unrenewedNodes = []
    _renewedSummaries += _storedSnapshot._renewExpanded(nodes)
  }
}
