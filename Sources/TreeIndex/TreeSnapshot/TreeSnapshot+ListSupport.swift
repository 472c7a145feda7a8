import _SummaryTree

/// Hooks for `DiffableTreeList` (module `TreeDataSource`), which keeps a
/// snapshot as the tree it shows. Not public API.
extension TreeSnapshot {
  /// Forgets the items marked with ``reloadItems(_:)``: a list that has
  /// applied the snapshot has reloaded them, so a snapshot derived from it
  /// reloads only what it marks itself.
  ///
  /// - Complexity: O(1); the rest of the snapshot is not copied, even when
  ///   its storage is shared.
  @inlinable
  package mutating func _removeReloadMarks() {
    guard !_reloaded.isEmpty else { return }
    _reloaded = []
  }
}
