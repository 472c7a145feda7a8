import _SummaryTree

/// The change set between two snapshots.
extension TreeSnapshot {
  /// The exact change set that turns the visible rows of `old` into this
  /// snapshot's, in `layout`, valid as one `UITableView` batch update.
  ///
  /// Items are matched by identifier:
  /// - An item in both snapshots whose parent is the same and that keeps its
  ///   order among the siblings that are in both is in no list; its row
  ///   stays. Among siblings, the items that stay are the longest run in
  ///   increasing old order (the first such run, in new order); the others,
  ///   and items whose parent changed, are moved — the fewest moves there
  ///   are. A moved item's visible descendants move with it, in
  ///   ``TreeChanges/movedRowRanges``.
  /// - Rows visible only in `old` are deleted, rows visible only in this
  ///   snapshot inserted: items deleted or added, and the children of
  ///   items collapsed or expanded. Expansion follows identity: an item
  ///   expanded here shows its children wherever it moved.
  /// - Items marked with ``reloadItems(_:)`` here whose rows stay are
  ///   reloaded; one whose row moves is deleted and inserted instead, so
  ///   that it is redrawn (a table view cannot reload a moved row).
  ///
  /// In `.sectioned`, root items are sections: a root item in both is a
  /// section move when it is out of order, a root item that stops being
  /// one a deleted section, and a new root item an inserted section; rows
  /// inside deleted or inserted sections are not listed.
  ///
  /// - Parameters:
  ///   - old: The snapshot the host shows now.
  ///   - layout: How root items map to sections: `.flat` (the default) or
  ///     `.sectioned`.
  /// - Returns: Deletions and move sources in `old`'s coordinates,
  ///   insertions and move destinations in this snapshot's.
  /// - Complexity: O((*v* + *w*) log *b* + *n* + *m*) for *v* and *w* visible
  ///   items and *n* and *m* items in `old` and this snapshot. When this
  ///   snapshot was made from `old` by recent edits (`var next = old`, then
  ///   a few edits), O((*k* + *a*) log *b*) plus the ranges of rows listed,
  ///   for *k* identifiers edited and the *a* distinct items above them,
  ///   whatever the size of the snapshots: a snapshot remembers its most
  ///   recent edits, up to 4,096 identifiers. When the two share storage
  ///   without one being made from the other by recent edits (copies of
  ///   one snapshot edited apart, or a longer history), O(*n* / 8,192 +
  ///   *p* · 256 · log *b* + *a* log *b*) plus the ranges of rows listed,
  ///   for the *p* pages of storage they wrote since they parted (an edit
  ///   writes O(*d* log *b*) of them), whose slots are compared one by
  ///   one, and the *a* distinct items above the nodes that differ.
  ///   Never more than the full comparison, up to a constant factor:
  ///   working out from the edits or the pages gives way to it once it
  ///   took as many steps as the full comparison would.
  @inlinable
  public func changes(from old: TreeSnapshot, layout: TreeIndex.Layout = .flat) -> TreeChanges {
    _derivedChangesWithinBudget(from: old, layout: layout)
      ?? _changesFromUnsharedPagesWithinBudget(from: old, layout: layout)
      ?? _changesComparedInFull(from: old, layout: layout)
  }

  /// ``_derivedChanges(from:layout:)`` within the steps the full comparison
  /// would take (up to a constant factor): `nil` once they are spent, or
  /// when this snapshot was not made from `old` by its recent edits. Not
  /// public API.
  ///
  /// - Complexity: O(min(*s*, *n* + *m*) log *b*) plus the ranges listed,
  ///   for the *s* steps of ``_derivedChanges(from:layout:)``.
  @inlinable
  package func _derivedChangesWithinBudget(from old: TreeSnapshot, layout: TreeIndex.Layout) -> TreeChanges? {
    var budget = _StepBudget(limit: _derivedStepLimit(from: old))
    return _derivedChanges(from: old, layout: layout, budget: &budget)
  }

  /// The steps the change set from `old` may take when worked out from the
  /// edits: in proportion to the items of both snapshots, which the full
  /// comparison spends at least one step on each.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _derivedStepLimit(from old: TreeSnapshot) -> Int {
    4 * (old.count + count) + Self._historyLimit
  }

  /// The change set from `old` worked out from the edits that made this
  /// snapshot from it (see `TreeSnapshot+History.swift`), however many
  /// steps it takes; `nil` when this snapshot was not made from `old` by
  /// its recent edits. Not public API.
  ///
  /// - Complexity: O((*k* + *a*) log *b*) plus the ranges listed, for *k*
  ///   identifiers edited and the *a* distinct items above them.
  @inlinable
  package func _derivedChanges(from old: TreeSnapshot, layout: TreeIndex.Layout) -> TreeChanges? {
    _StepBudget.unlimited { _derivedChanges(from: old, layout: layout, budget: &$0) }
  }

  /// The steps ``_derivedChanges(from:layout:)`` takes (items visited,
  /// levels walked), for tests that check how its work grows; `nil` when
  /// this snapshot was not made from `old` by its recent edits. Not public
  /// API.
  ///
  /// - Complexity: That of ``_derivedChanges(from:layout:)``.
  package func _derivedChangesSteps(from old: TreeSnapshot, layout: TreeIndex.Layout) -> Int? {
    _StepBudget.steps { _derivedChanges(from: old, layout: layout, budget: &$0) }
  }

  /// ``_derivedChanges(from:layout:)`` within `budget`: `nil` once it is
  /// spent.
  @inlinable
  func _derivedChanges(from old: TreeSnapshot, layout: TreeIndex.Layout, budget: inout _StepBudget)
    -> TreeChanges?
  {
    guard let edits = _edits(since: old) else { return nil }
    let isSectioned = layout == .sectioned
    if let changes = _DerivedSnapshotDiff.shortcut(
      old: old, new: self, edits: edits, isSectioned: isSectioned, budget: &budget)
    {
      return changes
    }
    guard !budget.isSpent else { return nil }
    var diff = _DerivedSnapshotDiff(old: old, new: self, isSectioned: isSectioned)
    return diff.run(edits: edits, budget: &budget)
  }

  /// The change set from `old`, comparing every visible item. Not public
  /// API.
  ///
  /// - Complexity: O((*v* + *w*) log *b* + *n* + *m*).
  @inlinable
  package func _changesComparedInFull(from old: TreeSnapshot, layout: TreeIndex.Layout) -> TreeChanges {
    var diff = _SnapshotDiff(old: old, new: self, isSectioned: layout == .sectioned)
    return diff.run()
  }
}
