/// Asking the data source: a full reload, the first look at an item's
/// subitems, and the subitems that came while hidden. Everything the list
/// learns is kept in ``TreeList/index`` (counts and expansion) and in the
/// height columns (one per known item).
extension TreeList {
  typealias _ItemID = TreeIndex._KnownItemID

  /// Forgets everything and asks the data source again: the number of root
  /// items, then, for each visible item, whether it is expanded (and if so
  /// its number of subitems) and its height. Then the host reloads.
  ///
  /// Inside ``performBatchUpdates(_:)``, the host reloads when the batch
  /// ends, instead of applying an update.
  ///
  /// - Complexity: O(*v* *d* log *b*) for *v* visible items; asks
  ///   ``TreeDataSource/numberOfSubitems(of:)`` once for the root and once
  ///   per expanded visible item, ``TreeDataSource/isExpanded(_:)`` and
  ///   ``TreeDataSource/height(ofItemAt:)`` once per visible item (no height
  ///   for a `.sectioned` root item), and ``TreeDataSource/item(at:)`` never.
  public func reloadData() {
    let numberOfRootItems = Swift.max(0, dataSource.numberOfSubitems(of: nil))
    if _batch != nil || _openEdits > 0 {
      // Inside a batch or an edit: empty the index and the columns in place,
      // under their journals, so that the batch can still be undone.
      index._removeAllItems(numberOfRootItems: numberOfRootItems)
      _columns.removeAllColumns()
    } else {
      index = TreeIndex(numberOfRootItems: numberOfRootItems, layout: layout)
      _columns = _HeightColumns()
    }
    _pendingItems = []
    _populate(TreeIndex._rootItemID, at: nil)
    if _batch != nil || _openEdits > 0 {
      _needsReloadData = true
    } else {
      host?.reloadData()
    }
  }

  /// Asks about every subitem of the known, expanded item `id` at `path`
  /// (`nil` for the root), which has just become visible, and gives the item
  /// its column; expanded subitems are loaded in turn.
  func _populate(_ id: _ItemID, at path: TreePath?) {
    var runs = _RunBuilder()
    for i in 0..<index._numberOfSubitems(of: id) {
      runs.append(_askAbout(path?.appending(i) ?? [i], known: nil))
    }
    _columns.setColumn(id, runs: runs.runs)
    _loadedItems?.insert(id)
  }

  /// Asks about one item that has just become visible: its height, and —
  /// unless the list already knows its state (`known`, or `settled` for an
  /// item it knows collapsed) — whether it is expanded; an expanded item is
  /// loaded in turn.
  ///
  /// - Returns: The item's entry for its parent's column.
  func _askAbout(_ treePath: TreePath, known: _ItemID?, settled: Bool = false) -> _HeightEntry {
    let own = _isRow(treePath) ? Swift.max(0, dataSource.height(ofItemAt: treePath)) : 0
    if let known {
      let beneath = index._isExpanded(known) ? _columns.total(known) : 0
      return _HeightEntry(own: own, beneath: beneath, isAsked: true)
    }
    // Settled but never expanded: collapsed, as the list last knew it.
    if settled { return _HeightEntry(own: own, beneath: 0, isAsked: true) }
    guard dataSource.isExpanded(treePath) else { return _HeightEntry(own: own, beneath: 0, isAsked: true) }
    let count = Swift.max(0, dataSource.numberOfSubitems(of: treePath))
    // The path is valid: its parent is known and the index is in range.
    try! index.expand(treePath, numberOfSubitems: count)
    let id = index._knownItemID(at: treePath)!
    _populate(id, at: treePath)
    return _HeightEntry(own: own, beneath: _columns.total(id), isAsked: true)
  }

  /// Gives a known item that expanded while hidden a column of subitems not
  /// asked about yet, to be asked when they become visible.
  func _deferPopulation(of id: _ItemID) {
    _columns.setColumn(id, repeating: _HeightEntry(own: 0, beneath: 0, isAsked: false), count: index._numberOfSubitems(of: id))
    _pendingItems.insert(id)
  }

  /// Asks about the subitems that came while hidden (``_pendingItems``) and
  /// are visible now; those still hidden wait.
  ///
  /// - Complexity: nothing when no item waits; otherwise a walk over the
  ///   visible expanded known items, O(*k* log *b*).
  func _resolvePendingItems() {
    guard !_pendingItems.isEmpty else { return }
    _resolvePending(in: TreeIndex._rootItemID, at: nil)
  }

  private func _resolvePending(in id: _ItemID, at path: TreePath?) {
    if _pendingItems.remove(id) != nil {
      for range in _columns.unaskedRanges(id) {
        for i in range {
          let known = index._knownItemID(ofSubitem: i, of: id)
          let settled = _columns.entry(id, at: i).isSettled
          _columns.setEntry(id, at: i, to: _askAbout(path?.appending(i) ?? [i], known: known, settled: settled))
        }
      }
    }
    var expanded: [(index: Int, item: _ItemID)] = []
    index._forEachKnownSubitem(of: id) { i, item in
      if index._isExpanded(item) { expanded.append((i, item)) }
    }
    for (i, item) in expanded {
      _resolvePending(in: item, at: path?.appending(i) ?? [i])
      var entry = _columns.entry(id, at: i)
      let beneath = _columns.total(item)
      if entry.beneath != beneath {
        entry.beneath = beneath
        _columns.setEntry(id, at: i, to: entry)
      }
    }
  }

  /// Brings the heights shown beneath each item on the way from the root to
  /// `treePath` (`nil`: the root alone) up to date, bottom up, after a
  /// change at or beneath the deepest known item of that way.
  ///
  /// - Complexity: O(*d* log *b*).
  func _refreshHeights(along treePath: TreePath?) {
    guard let treePath else { return }
    var items: [_ItemID] = [TreeIndex._rootItemID]
    for i in treePath {
      guard i >= 0, i < index._numberOfSubitems(of: items.last!),
        let item = index._knownItemID(ofSubitem: i, of: items.last!)
      else { break }
      items.append(item)
    }
    for level in stride(from: items.count - 1, through: 1, by: -1) {
      let (parent, item, i) = (items[level - 1], items[level], treePath[level - 1])
      guard _columns.hasColumn(parent) else { continue }
      var entry = _columns.entry(parent, at: i)
      let beneath = index._isExpanded(item) && _columns.hasColumn(item) ? _columns.total(item) : 0
      if entry.beneath != beneath {
        entry.beneath = beneath
        _columns.setEntry(parent, at: i, to: entry)
      }
    }
  }

  /// Drops the columns of the known item `id` and of every known item
  /// beneath it, before the index forgets them.
  func _dropColumns(of items: [_ItemID]) {
    for item in items {
      _columns.removeColumn(item)
      _pendingItems.remove(item)
    }
  }

  /// The known item `id` and every known item beneath it.
  func _knownItems(from id: _ItemID) -> [_ItemID] {
    var items = [id]
    index._forEachKnownItem(beneath: id) { item, _, _ in items.append(item) }
    return items
  }

  /// The entry of the item at `treePath` in its parent's column, or `nil`
  /// when the path names no item whose parent has a column.
  func _entry(at treePath: TreePath) -> _HeightEntry? {
    guard let parent = _parentID(of: treePath), _columns.hasColumn(parent),
      let last = treePath.last, last >= 0, last < _columns.count(parent)
    else { return nil }
    return _columns.entry(parent, at: last)
  }

  /// The identity of the known parent of the item at `treePath` (the root
  /// for a root item), or `nil` when the parent was never expanded.
  func _parentID(of treePath: TreePath) -> _ItemID? {
    guard let parent = treePath.parent else { return treePath.isEmpty ? nil : TreeIndex._rootItemID }
    return index._knownItemID(at: parent)
  }

  /// Whether the item at `treePath` is drawn as a row when visible: every
  /// item but a `.sectioned` root item, which is a section.
  func _isRow(_ treePath: TreePath) -> Bool {
    !(layout == .sectioned && treePath.depth == 1)
  }
}

/// Collects column entries in order, coalescing equal neighbours into runs.
struct _RunBuilder {
  var runs: [(entry: _HeightEntry, length: Int)] = []

  mutating func append(_ entry: _HeightEntry) {
    if let last = runs.last, last.entry == entry {
      runs[runs.count - 1].length += 1
    } else {
      runs.append((entry, 1))
    }
  }
}
