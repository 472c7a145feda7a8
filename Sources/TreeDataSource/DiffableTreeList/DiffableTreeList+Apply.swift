/// Applying a snapshot: the host gets the difference as one batch update.
extension DiffableTreeList {
  /// Shows `snapshot` instead of the current one, and hands the host the
  /// exact difference as one update — or nothing when the visible rows are
  /// the same and nothing is to be reloaded.
  ///
  /// The update is ``/TreeIndex/TreeSnapshot/changes(from:layout:)`` of
  /// `snapshot` from the current ``snapshot``, in the list's layout: items
  /// matched by identifier, moved items as moves (the fewest), the rows of
  /// items marked with ``/TreeIndex/TreeSnapshot/reloadItems(_:)`` reloaded.
  /// Expansion is `snapshot`'s own: derive it from ``snapshot`` to keep what
  /// the user expanded. The delegate is not asked. Once applied, the list's
  /// snapshot has no items marked for reload, so a snapshot derived from it
  /// reloads only what it marks itself.
  ///
  /// Called while the list is calling out (from the host's update, a height
  /// or a delegate's `should…`/`will…` method), the snapshot is applied as
  /// soon as that call returns, as an update of its own, and this returns
  /// an empty change set.
  ///
  /// - Parameter snapshot: The items to show, with their expansion.
  /// - Returns: The update handed to the host (empty when none was).
  /// - Complexity: When `snapshot` was made from ``snapshot`` by recent
  ///   edits (`var next = list.snapshot`, a few edits, `list.apply(next)`),
  ///   O(*k* · *d* log *b*) for the *k* identifiers edited, plus the rows
  ///   that appear or vanish (and a height asked for each new row when
  ///   ``heightOfItem`` is set), whatever the size of the tree: the list
  ///   makes the same edits on its own snapshot and tells its tree list
  ///   about each. Otherwise the change set, O((*v* + *w*) log *b* + *n* +
  ///   *m*) for *v* and *w* visible items and *n* and *m* items in the two
  ///   snapshots, plus reading the new tree's visible items again,
  ///   O(*w* (*d* + log *b*)); storing the snapshot then shares storage
  ///   with the value you pass.
  @discardableResult
  public func apply(_ snapshot: TreeSnapshot<ItemID>) -> TreeChanges {
    guard !_list._isCallingOut else {
      _whenNotCallingOut { $0.apply(snapshot) }
      return TreeChanges()
    }
    let current = self.snapshot
    let changes = snapshot.changes(from: current, layout: layout)
    if let edits = snapshot._edits(since: current) {
      if edits.isEmpty && changes.isEmpty { return changes }
      if _replay(edits, reaching: snapshot, announcing: changes) { return changes }
    }
    // Not made from the list's snapshot by recent edits (or the edits could
    // not be made again): the tree list reads the new tree.
    var stored = snapshot
    stored._removeReloadMarks()
    _list.dataSource.snapshot = stored
    _list._reload(announcing: changes)
    return changes
  }
}
