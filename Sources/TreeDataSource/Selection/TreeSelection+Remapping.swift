extension TreeSelection {
  /// Takes a new tree — items inserted, moved, deleted, reloaded — and
  /// follows the identifiers: each item the new snapshot still holds keeps
  /// its interaction and results wherever it went, deleted items leave the
  /// selection, and every parent's state and counts are those of its new
  /// children.
  ///
  /// An item with the default interaction that gains or loses children
  /// becomes a group or a check toggle, and keeps only what its new
  /// interaction allows; a single-selection group that ends up with
  /// several children holding checked items keeps the first one's. An
  /// editing session stays open unless its item was deleted, in which case
  /// it is cancelled; for an item that ends up outside the item open for
  /// editing, its working copy keeps only the saved results, with the
  /// check toggles the session turned off (as a decoded working copy must
  /// be, see ``init(from:)``).
  ///
  /// - Parameter snapshot: The new tree.
  /// - Complexity: O(*n*) for *n* items: the counts are recounted over the new tree.
  public mutating func apply(_ snapshot: TreeSnapshot<ItemID>) {
    defer { _checkInvariants() }
    _snapshot = snapshot
    _rebuild()
  }
}
