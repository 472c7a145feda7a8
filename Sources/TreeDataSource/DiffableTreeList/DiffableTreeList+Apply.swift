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
  /// the user expanded. The delegate is not asked. The list adopts
  /// `snapshot` as it is, sharing its storage, without reading or copying
  /// the tree; once applied, the list's snapshot has no items marked for
  /// reload, so a snapshot derived from it reloads only what it marks
  /// itself.
  ///
  /// Called while the list is calling out (from the host's update, a height
  /// or a delegate's `should…`/`will…` method), the snapshot is applied as
  /// soon as that call returns, as an update of its own, and this returns
  /// an empty change set.
  ///
  /// - Parameter snapshot: The items to show, with their expansion.
  /// - Returns: The update handed to the host (empty when none was).
  /// - Complexity: The change set's: when `snapshot` was made from
  ///   ``snapshot`` by recent edits (`var next = list.snapshot`, a few
  ///   edits, `list.apply(next)`), O(*k* · *d* log *b*) for the *k*
  ///   identifiers edited, whatever the size of the tree; otherwise
  ///   O((*v* + *w*) log *b* + *n* + *m*) for *v* and *w* visible items and
  ///   *n* and *m* items in the two snapshots. With ``heightOfItem`` set,
  ///   plus O(log *r*) per range of rows in the change set and a height
  ///   asked, O(*d* log *b*), for each row that appears.
  @discardableResult
  public func apply(_ snapshot: TreeSnapshot<ItemID>) -> TreeChanges {
    guard !_isCallingOut else {
      _whenNotCallingOut { $0.apply(snapshot) }
      return TreeChanges()
    }
    return _operation {
      let old = _snapshot
      let changes = snapshot.changes(from: old, layout: layout)
      _snapshot = snapshot
      _snapshot._removeReloadMarks()
      _selectionFollow(from: old)
      if _heights != nil { _updateHeights(for: changes, from: old, reloading: snapshot.reloadedItems) }
      _deliver(changes, from: old)
      return changes
    }
  }

  /// Edits the list's snapshot and shows the result: the host gets the
  /// difference as one update.
  ///
  ///     try list.update { snapshot in
  ///       try snapshot.append(["Inbox"], to: "Mail")
  ///       try snapshot.move("Drafts", to: "Mail", at: 0)
  ///     }
  ///
  /// The same as `var next = list.snapshot`, the edits, `list.apply(next)`:
  /// `body` edits a copy, which shares the list's storage until it writes
  /// (the first write to a page copies that page, not the tree), and the
  /// edits reach the host as one batch. When `body` throws, nothing is
  /// applied: the list, its snapshot and the host are as they were, and
  /// the error is rethrown.
  ///
  /// - Parameter body: Edits the snapshot in place.
  /// - Returns: The update handed to the host (empty when none was).
  /// - Throws: What `body` throws.
  /// - Complexity: O(1) for the copy, then the edits' own, then
  ///   ``apply(_:)``'s: O(*k* · *d* log *b*) for *k* identifiers edited.
  @discardableResult
  public func update<Failure: Error>(
    _ body: (inout TreeSnapshot<ItemID>) throws(Failure) -> Void
  ) throws(Failure) -> TreeChanges {
    var next = snapshot
    try body(&next)
    return apply(next)
  }
}
