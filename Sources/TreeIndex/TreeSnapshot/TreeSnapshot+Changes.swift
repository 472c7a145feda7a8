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
  ///   a few edits), O(*k* · *d* log *b*) plus the ranges of rows listed, for
  ///   *k* identifiers edited, whatever the size of the snapshots: a
  ///   snapshot remembers its most recent edits, up to 4,096 identifiers.
  @inlinable
  public func changes(from old: TreeSnapshot, layout: TreeIndex.Layout = .flat) -> TreeChanges {
    _derivedChanges(from: old, layout: layout) ?? _changesComparedInFull(from: old, layout: layout)
  }

  /// The change set from `old` worked out from the edits that made this
  /// snapshot from it (see `TreeSnapshot+History.swift`); `nil` when this
  /// snapshot was not made from `old` by its recent edits. Not public API.
  ///
  /// - Complexity: O(*k* · *d* log *b*) plus the ranges listed, for *k*
  ///   identifiers edited.
  @inlinable
  package func _derivedChanges(from old: TreeSnapshot, layout: TreeIndex.Layout) -> TreeChanges? {
    guard let edits = _edits(since: old) else { return nil }
    let isSectioned = layout == .sectioned
    if let changes = _DerivedSnapshotDiff.shortcut(old: old, new: self, edits: edits, isSectioned: isSectioned) {
      return changes
    }
    var diff = _DerivedSnapshotDiff(old: old, new: self, isSectioned: isSectioned)
    return diff.run(edits: edits)
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
