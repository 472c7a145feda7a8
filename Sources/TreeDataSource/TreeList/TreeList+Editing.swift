import Foundation

/// Telling the list that the data changed, as one tells `UITableView`:
/// after the data source has changed, with paths in UIKit's coordinates.
extension TreeList {
  /// Tells the list that items were inserted at `treePaths`; the host gets
  /// their rows as one update.
  ///
  /// The paths are in the coordinates after the insertion, applied in
  /// ascending order. New visible items are asked about (expanded? height?)
  /// once all are in place; new hidden items when they become visible.
  /// Insertions beneath an item the list never expanded change nothing.
  ///
  /// - Parameter treePaths: The new items' paths.
  /// - Throws: ``/TreeIndex/TreeIndexError`` for an empty, duplicate or out-of-range
  ///   path; nothing changes.
  ///   Called from inside a call the list makes to its data source, host or
  ///   delegate: ``TreeDataSourceError`` with
  ///   ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes.
  /// - Complexity: O(*d* log *b*) per path and per new item asked about,
  ///   whatever the number of items the list knows.
  public func insertItems(at treePaths: [TreePath]) throws {
    try _refuseReentrantUpdate(at: treePaths.first ?? [])
    defer { _runDeferredCalls() }
    if treePaths.count == 1 && !_usesGeneralPathsOnly {
      if _batch == nil && _openEdits == 0 {
        try _insertOneItem(at: treePaths[0])
      } else {
        // Inside a batch or an edit, which reports it: one path either
        // throws before anything changes or is taken whole, so it needs no
        // edit of its own (a nested index batch and journal for each of a
        // bulk insertion's many items).
        _ = try _insertKeepingHeights(at: treePaths[0])
      }
      return
    }
    try _edit {
      let sorted = treePaths.sorted()
      for (a, b) in zip(sorted, sorted.dropFirst()) where a == b {
        throw TreeIndexError(operation: .insert, treePath: a, reason: .duplicatePath)
      }
      var placed: [(path: TreePath, parent: _ItemID)] = []
      for path in sorted {
        try _index.insertItems(at: [path])
        _selectionFollowInsertion(at: path)
        guard let parent = _parentID(of: path), _columns.hasColumn(parent) else { continue }
        _columns.insertEntry(parent, _HeightEntry(own: 0, beneath: 0, isAsked: false), at: path[path.depth - 1])
        placed.append((path, parent))
      }
      // All in place: ask about the new items that are visible; the others
      // wait until they become visible. Only the new items are visited, so
      // the cost does not grow with the items the list knows.
      for (path, parent) in placed {
        guard _index.isVisible(path) else {
          _pendingItems.insert(parent)
          continue
        }
        _columns.setEntry(parent, at: path[path.depth - 1], to: _askAbout(path, known: nil))
        _refreshHeights(along: path.parent)
      }
    }
  }

  /// ``insertItems(at:)`` of one path outside a batch or an edit: the same
  /// steps without a batch of the index or a journal of the heights, since
  /// nothing can fail once the index has taken the item (the data source's
  /// answers cannot throw). The update is the item's row, with the rows
  /// beneath it if the data source expanded it (as the index shows them at
  /// the end): what a batch around the steps would report.
  func _insertOneItem(at path: TreePath) throws {
    _openEdits += 1
    defer { _openEdits -= 1 }
    var (changes, rows) = try _insertKeepingHeights(at: path)
    // The data source expanded the item: its rows come with it.
    if _index.numberOfRows != rows { changes = _index._insertionChanges(ofItemAt: path) }
    _finishEdit(changes)
  }

  /// Inserts an item at `path` into the index and gives it its entry in
  /// the heights, asking about it when it is visible: one insertion, in a
  /// batch or alone. Throws before changing anything when the path is
  /// invalid; once the index has taken the item nothing can fail.
  ///
  /// - Returns: The index's change set for the insertion of the item alone,
  ///   and the number of rows right after it (before the data source's
  ///   answers, which may expand the item).
  func _insertKeepingHeights(at path: TreePath) throws -> (changes: TreeChanges, rows: Int) {
    let changes = try _index.insertItems(at: [path])
    _selectionFollowInsertion(at: path)
    let rows = _index.numberOfRows
    if let parent = _parentID(of: path), _columns.hasColumn(parent) {
      let i = path[path.depth - 1]
      _columns.insertEntry(parent, _HeightEntry(own: 0, beneath: 0, isAsked: false), at: i)
      if _index.isVisible(path) {
        _columns.setEntry(parent, at: i, to: _askAbout(path, known: nil))
        _refreshHeights(along: path.parent)
      } else {
        _pendingItems.insert(parent)
      }
    }
    return (changes, rows)
  }

  /// ``deleteItems(at:)`` of one valid path outside a batch or an edit: the
  /// same steps without a batch of the index or a journal of the heights,
  /// since nothing can fail once the path is valid (a deletion asks the
  /// data source nothing). The update is the index's own change set.
  func _deleteOneItem(at path: TreePath) throws {
    _openEdits += 1
    defer { _openEdits -= 1 }
    _finishEdit(try _deleteKeepingHeights(at: path))
  }

  /// Deletes the item at the valid `path` from the index, and its entry
  /// and the columns beneath it from the heights, whose sums above it it
  /// brings up to date: one deletion, in a batch or alone.
  ///
  /// - Returns: The index's change set for the deletion (inside a batch,
  ///   the batch's own diff reports it instead).
  func _deleteKeepingHeights(at path: TreePath) throws -> TreeChanges {
    // Written without closures: in this generic class, each would look up
    // a type's metadata at run time (about 800 instructions).
    var doomed: [_ItemID] = []
    if let item = _index._knownItemID(at: path) { doomed = _knownItems(from: item) }
    _selectionFollowDeletion(at: path)
    let changes = try _index.deleteItems(at: [path])
    if let parent = _parentID(of: path), _columns.hasColumn(parent) {
      _dropColumns(of: doomed)
      _columns.removeEntry(parent, at: path[path.depth - 1])
      _refreshHeights(along: path.parent)
    }
    return changes
  }

  /// Tells the list that the items at `treePaths` were deleted, each with
  /// everything beneath it; the host loses their rows as one update.
  ///
  /// The paths are in the coordinates before the deletion; a path beneath
  /// another deleted path is covered by it.
  ///
  /// - Parameter treePaths: The deleted items' paths.
  /// - Throws: ``/TreeIndex/TreeIndexError`` for an empty or out-of-range path;
  ///   nothing changes.
  ///   Called from inside a call the list makes to its data source, host or
  ///   delegate: ``TreeDataSourceError`` with
  ///   ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes.
  /// - Complexity: O(*d* log *b*) per path, plus the known items beneath
  ///   the deleted ones, whatever the number of items the list knows (the
  ///   edit journals what it changes; it copies nothing). Asks the data
  ///   source nothing.
  public func deleteItems(at treePaths: [TreePath]) throws {
    try _refuseReentrantUpdate(at: treePaths.first ?? [])
    defer { _runDeferredCalls() }
    try _index._validateRemovalPaths(treePaths, for: .delete)
    if treePaths.count == 1 && _batch == nil && _openEdits == 0 && !_usesGeneralPathsOnly {
      try _deleteOneItem(at: treePaths[0])
      return
    }
    if (_batch != nil || _openEdits > 0) && !_usesGeneralPathsOnly {
      // Inside a batch or an edit, which can undo them: valid paths cannot
      // fail half-way, so they need no edit of their own (a nested index
      // batch and journal for each of a refilter's many deletions).
      try _deleteValidItems(at: treePaths)
      return
    }
    try _edit { try _deleteValidItems(at: treePaths) }
  }

  /// Deletes the items at the valid `treePaths` (a path beneath another
  /// is covered by it), last first.
  ///
  /// - Complexity: O(*m* (log *m* + *d* log *b*)) for *m* paths, plus the
  ///   known items beneath the deleted ones.
  func _deleteValidItems(at treePaths: [TreePath]) throws {
    if treePaths.count == 1 {
      _ = try _deleteKeepingHeights(at: treePaths[0])
      return
    }
    var kept: [TreePath] = []
    for path in Set(treePaths).sorted() {
      if let last = kept.last, last.isAncestor(of: path) { continue }
      kept.append(path)
    }
    // Last first, so that every path is still in old coordinates.
    for path in kept.reversed() { _ = try _deleteKeepingHeights(at: path) }
  }

  /// Tells the list that the item at `source` moved to `destination`, with
  /// everything beneath it and its expansion state; the host gets one
  /// update that moves its rows (``/TreeIndex/TreeChanges/movedRowRanges``), or its
  /// section among sections (``/TreeIndex/TreeChanges/movedSections``), when it is
  /// visible before and after, and otherwise deletes or inserts them.
  ///
  /// `destination` is read in the tree with the item already removed, as
  /// `Array` moves are. Moves across parents and sections work.
  ///
  /// - Parameters:
  ///   - source: The item's path before the move.
  ///   - destination: The item's path after the move.
  /// - Throws: ``/TreeIndex/TreeIndexError`` for an invalid source or a destination
  ///   that does not exist once the item is removed; nothing changes.
  ///   Called from inside a call the list makes to its data source, host or
  ///   delegate: ``TreeDataSourceError`` with
  ///   ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes.
  /// - Complexity: O(*d* log *b*), whatever the size of the moved subtree
  ///   and the number of items the list knows; plus, when the moved item must
  ///   be asked about again (a row that became a section or the reverse), a
  ///   walk over the visible expanded items the list knows.
  public func moveItem(at source: TreePath, to destination: TreePath) throws {
    try _refuseReentrantUpdate(at: source)
    defer { _runDeferredCalls() }
    if _batch == nil && _openEdits == 0 && !_usesGeneralPathsOnly && _isSettledMove(from: source, to: destination) {
      try _moveOneItem(at: source, to: destination)
      return
    }
    try _edit { _ = try _moveKeepingHeights(at: source, to: destination) }
  }

  /// Whether moving the item at `source` to `destination` needs nothing
  /// asked of the data source: no item waits to be asked about, and the
  /// item's entry in its parent's column is asked and stays a row (or a
  /// section). Then the move only relinks what the list knows.
  func _isSettledMove(from source: TreePath, to destination: TreePath) -> Bool {
    guard _pendingItems.isEmpty, _isRow(source) == _isRow(destination), let last = source.last,
      let parent = _parentID(of: source), _columns.hasColumn(parent), last >= 0, last < _columns.count(parent)
    else { return false }
    return _columns.entry(parent, at: last).isAsked
  }

  /// ``moveItem(at:to:)`` of a settled move (``_isSettledMove(from:to:)``)
  /// outside a batch or an edit: the same steps without a batch of the
  /// index or a journal of the heights, since nothing can fail once the
  /// index has moved the item and nothing is asked. The update is the
  /// index's own change set.
  func _moveOneItem(at source: TreePath, to destination: TreePath) throws {
    _openEdits += 1
    defer { _openEdits -= 1 }
    _finishEdit(try _moveKeepingHeights(at: source, to: destination))
  }

  /// Moves the item at `source` to `destination` in the index, and its
  /// entry (with the columns beneath it) in the heights, whose sums along
  /// both ways it brings up to date; then asks about the items that wait
  /// and are visible now (none, for a settled move): one move, in a batch
  /// or alone.
  ///
  /// - Returns: The index's change set for the move (inside a batch, the
  ///   batch's own diff reports it instead).
  /// - Throws: ``/TreeIndex/TreeIndexError`` for an invalid source or
  ///   destination, before anything changes.
  func _moveKeepingHeights(at source: TreePath, to destination: TreePath) throws -> TreeChanges {
    // Written without closures: in this generic class, each would look up
    // a type's metadata at run time (about 800 instructions).
    var doomed: [_ItemID] = []
    if let moved = _index._knownItemID(at: source) { doomed = _knownItems(from: moved) }
    let sourceParent = _parentID(of: source)
    let changes = try _index.moveItem(at: source, to: destination)
    _selectionFollowMove(from: source, to: destination)
    if source == destination && sourceParent != nil { return changes }
    var destinationParent = _parentID(of: destination)
    if let parent = destinationParent, !_columns.hasColumn(parent) { destinationParent = nil }
    var entry: _HeightEntry? = nil
    var sourceHasColumn = false
    if let sourceParent, _columns.hasColumn(sourceParent) {
      sourceHasColumn = true
      entry = _columns.removeEntry(sourceParent, at: source[source.depth - 1])
    }
    if let destinationParent {
      var placed = entry ?? _HeightEntry(own: 0, beneath: 0, isAsked: false)
      if placed.isAsked && _isRow(source) != _isRow(destination) {
        // A row became a section (no height), or a section a row, whose
        // height is asked once it is visible; its state stays settled.
        if _isRow(destination) { placed.isAsked = false } else { placed.own = 0 }
      }
      if !placed.isAsked { _pendingItems.insert(destinationParent) }
      _columns.insertEntry(destinationParent, placed, at: destination[destination.depth - 1])
    } else {
      _dropColumns(of: doomed)
    }
    // Only now do both columns match the index, so that the sums along
    // both ways can be brought up to date (the source's parent read where
    // it stands once the item is placed).
    if sourceHasColumn, let parent = source.parent {
      _refreshHeights(along: destinationParent == nil ? parent : _shifted(parent, byInsertionAt: destination))
    }
    // An item the index never knew has no rows beneath: its entry moved as
    // it was, and only the sums above its new parent change.
    if destinationParent != nil { _refreshHeights(along: doomed.isEmpty ? destination.parent : destination) }
    _resolvePendingItems()
    return changes
  }

  /// Tells the list that the items at `treePaths` changed in place: the
  /// host redraws their rows, and their heights are asked again.
  ///
  /// Hidden items are asked again when they become visible. Inside
  /// ``performBatchUpdates(_:)`` the paths are read after the batch's
  /// earlier edits, and the rows are handed to the host in the coordinates
  /// before the batch, as `UITableView.reloadRows(at:with:)` takes them;
  /// rows the batch inserts, moves or deletes are not reloaded (they are
  /// drawn anew anyway).
  ///
  /// - Parameter treePaths: The changed items' paths.
  /// - Throws: ``/TreeIndex/TreeIndexError`` for a path that names no item; nothing
  ///   changes.
  ///   Called from inside a call the list makes to its data source, host or
  ///   delegate: ``TreeDataSourceError`` with
  ///   ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes.
  /// - Complexity: O(*m* *d* log *b*) for *m* paths, and one height asked
  ///   per visible row.
  public func reloadItems(at treePaths: [TreePath]) throws {
    try _refuseReentrantUpdate(at: treePaths.first ?? [])
    defer { _runDeferredCalls() }
    for path in treePaths { try _index._validateItemPath(path, for: .reload) }
    var rows: [IndexPath] = []
    for path in treePaths.count == 1 ? treePaths : Set(treePaths).sorted() {
      guard let parent = _parentID(of: path), _columns.hasColumn(parent) else { continue }
      let i = path[path.depth - 1]
      var entry = _columns.entry(parent, at: i)
      guard _isRow(path), let table = _index.tableIndexPath(fromTreePath: path) else {
        // Hidden (or a section): its height is asked again once visible;
        // its expansion state stays settled.
        if _isRow(path) && entry.isAsked {
          entry.isAsked = false
          _columns.setEntry(parent, at: i, to: entry)
          _pendingItems.insert(parent)
        }
        continue
      }
      entry.own = _askHeight(of: path)
      _columns.setEntry(parent, at: i, to: entry)
      _refreshHeights(along: path.parent)
      if _batch != nil {
        if let old = _index._treePathAtBatchStart(path),
          let oldTable = _index._tableIndexPathAtBatchStart(fromTreePath: old)
        {
          _batch!.reloadedRows.append(oldTable)
        }
      } else {
        rows.append(table)
      }
    }
    if !rows.isEmpty { _deliver(TreeChanges(reloadedRowRanges: Self._rowRanges(rows))) }
  }

  /// Runs several edits as one update: the host gets one `apply(_:)` (or
  /// one `reloadData()`) when `updates` returns.
  ///
  /// Each edit in `updates` reads its paths after the edits before it, as
  /// with ``/TreeIndex/TreeIndex/performBatchUpdates(_:)``; the update lists deletions
  /// and move sources in old coordinates, insertions and move destinations
  /// in new ones, reports an item moved and visible before and after as a
  /// move, and leaves out rows that persist in place. Batches nest: an inner
  /// batch is part of the outer one.
  ///
  /// - Parameter updates: A closure that calls the list's edits, expansions
  ///   and reloads.
  /// - Throws: Whatever `updates` throws. After a ``/TreeIndex/TreeIndexError`` or an
  ///   error of its own the list is exactly as before the batch and the host
  ///   hears nothing; after a ``TreeDataSourceError`` the list keeps what it
  ///   learned and the host reloads.
  ///   Called from inside a call the list makes to its data source, host or
  ///   delegate: ``TreeDataSourceError`` with
  ///   ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes.
  /// - Complexity: the edits, plus the change set (see
  ///   ``/TreeIndex/TreeIndex/performBatchUpdates(_:)``); the batch journals
  ///   what it changes and copies nothing.
  public func performBatchUpdates(_ updates: () throws -> Void) throws {
    try _refuseReentrantUpdate(at: [])
    defer { _runDeferredCalls() }
    guard _batch == nil else {
      try updates()
      return
    }
    guard let (changes, reloaded) = try _runBatch(updates) else { return }
    var update = changes
    update.reloadedRowRanges = Self._rowRanges(
      reloaded.filter { row in
        !changes.deletedSections.contains(row[0])
          && !changes.movedSections.contains { $0.from == row[0] }
          && !changes.deletedRowRanges.contains { $0.section == row[0] && $0.rows.contains(row[1]) }
          && !changes.movedRowRanges.contains { $0.from.section == row[0] && $0.from.rows.contains(row[1]) }
      })
    _deliver(update)
    // A moved row keeps its cell (a table view takes no row twice in one
    // update): one that also changed is redrawn where it went, in a second
    // update.
    let redrawn = Self._movedRows(reloaded, by: changes.movedRowRanges)
    if !redrawn.isEmpty { _deliver(TreeChanges(reloadedRowRanges: Self._rowRanges(redrawn))) }
  }

  /// Where the rows of `rows` (before a batch) that `moves` moved stand
  /// after it.
  ///
  /// - Complexity: O(*r* *m*) for *r* rows and *m* moves.
  static func _movedRows(_ rows: [IndexPath], by moves: [TreeChanges.RowRangeMove]) -> [IndexPath] {
    guard !moves.isEmpty else { return [] }
    var moved: [IndexPath] = []
    for row in rows {
      guard
        let move = moves.first(where: {
          $0.from.section == row[0] && $0.from.rows.contains(row[1]) && $0.from.rows.count == $0.to.rows.count
        })
      else { continue }
      moved.append(IndexPath(indexes: [move.to.section, move.to.rows.lowerBound + row[1] - move.from.rows.lowerBound]))
    }
    return moved
  }

  // MARK: Implementation

  /// Runs `updates` as the outermost batch: one index batch and one journal
  /// of the heights, undone if `updates` throws.
  ///
  /// - Returns: The batch's change set and the rows it reloaded; `nil` when
  ///   the list had to recover from its data source and the host was told
  ///   to reload instead.
  /// - Throws: Whatever `updates` throws; the list is then as it was before
  ///   the batch, or, after a recovery, reloaded.
  func _runBatch(_ updates: () throws -> Void) throws -> (changes: TreeChanges, reloadedRows: [IndexPath])? {
    _batch = _ListBatch(indexBatch: _index._beginBatch(), pendingItems: _pendingItems)
    let savedSelection = _rowSelection
    _columns.beginJournal()
    let changes: TreeChanges
    do {
      try updates()
      changes = _index._endBatch(_batch!.indexBatch)
      _columns.commitJournal()
    } catch let error as TreeDataSourceError where error.isRecovered {
      _ = _index._endBatch(_batch!.indexBatch)
      _columns.commitJournal()
      _batch = nil
      _needsReloadData = false
      _callOut { host?.reloadData() }
      throw error
    } catch {
      _index._abandonBatch(_batch!.indexBatch)
      _columns.rollBackJournal()
      _pendingItems = _batch!.pendingItems
      _rowSelection = savedSelection
      _batch = nil
      _needsReloadData = false
      throw error
    }
    let reloaded = _batch!.reloadedRows
    _batch = nil
    if _needsReloadData {
      _needsReloadData = false
      _callOut { host?.reloadData() }
      return nil
    }
    return (changes, reloaded)
  }

  /// Runs `body` as one all-or-nothing edit: one index batch, its change set
  /// handed to the host unless an outer batch or edit is open.
  func _edit(_ body: () throws -> Void) throws {
    let batch = _index._beginBatch()
    _columns.beginJournal()
    let savedPendingItems = _pendingItems
    let savedSelection = _rowSelection
    _openEdits += 1
    defer { _openEdits -= 1 }
    // Inside a batch or another edit, the outer one reports the changes.
    let isOutermost = _batch == nil && _openEdits == 1
    let changes: TreeChanges
    do {
      try body()
      if isOutermost {
        changes = _index._endBatch(batch)
      } else {
        _index._commitBatch(batch)
        changes = TreeChanges()
      }
      _columns.commitJournal()
    } catch let error as TreeDataSourceError where error.isRecovered {
      // The list recovered: keep what it learned; the host reloads.
      _ = _index._endBatch(batch)
      _columns.commitJournal()
      _finishEdit(TreeChanges())
      throw error
    } catch {
      _index._abandonBatch(batch)
      _columns.rollBackJournal()
      _pendingItems = savedPendingItems
      _rowSelection = savedSelection
      throw error
    }
    _finishEdit(changes)
  }

  /// Hands an edit's changes (or a reload) to the host when no outer batch
  /// or edit is open.
  private func _finishEdit(_ changes: TreeChanges) {
    guard _batch == nil, _openEdits == 1 else { return }
    if _needsReloadData {
      _needsReloadData = false
      _callOut { host?.reloadData() }
    } else {
      _deliver(changes, force: true)
    }
  }

  /// Hands `changes` to the host, unless they are empty or an outer batch or
  /// edit will hand over its own.
  func _deliver(_ changes: TreeChanges, force: Bool = false) {
    guard force || (_batch == nil && _openEdits == 0), !changes.isEmpty else { return }
    _carryScrollAnchor(through: changes)
    _rowSelection.needsSettling = true
    _callOut { host?.apply(changes) }
  }

  /// `path` once an item is inserted at `insertion`: one more at the level
  /// where the insertion is an earlier sibling of an item on the path.
  func _shifted(_ path: TreePath, byInsertionAt insertion: TreePath) -> TreePath {
    let level = insertion.depth - 1
    guard path.depth > level, path.prefix(level).elementsEqual(insertion.prefix(level)),
      insertion[level] <= path[level]
    else { return path }
    var shifted = path
    shifted[level] += 1
    return shifted
  }

  /// Table paths as ascending, merged row ranges.
  ///
  /// - Complexity: O(*r* log *r*) for *r* rows; O(1) for one.
  static func _rowRanges(_ rows: [IndexPath]) -> [TreeChanges.RowRange] {
    if rows.count == 1 { return [.init(section: rows[0][0], rows: rows[0][1]..<(rows[0][1] + 1))] }
    var result: [TreeChanges.RowRange] = []
    for (section, row) in rows.map({ ($0[0], $0[1]) }).sorted(by: <) {
      if let last = result.last, last.section == section, last.rows.upperBound >= row {
        // The next row, or one already listed.
        result[result.count - 1].rows = last.rows.lowerBound..<Swift.max(last.rows.upperBound, row + 1)
      } else {
        result.append(.init(section: section, rows: row..<(row + 1)))
      }
    }
    return result
  }
}
