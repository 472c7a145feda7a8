import _SummaryTree

/// Removing items.
extension TreeSnapshot {
  /// Deletes `items` with all their descendants. Identifiers the snapshot
  /// does not hold are ignored.
  ///
  /// - Parameter items: The items to delete.
  /// - Complexity: O(*r* + *k* · *d* log *b*) for *k* items and *r* items
  ///   removed in all.
  @inlinable
  public mutating func delete(_ items: [ItemID]) {
    var deleted: [ItemID] = []
    for item in items {
      // An item may have gone with an ancestor listed before it.
      guard let node = _node(of: item) else { continue }
      let parent = _index._arena.owner(node)
      var doomed: [_NodeID] = []
      _forEachNode(inSubtreeOf: node) { doomed.append($0) }
      _forget(doomed)
      _index._arena.detach(node, from: parent)
      _index._arena.freeItem(node)
      _index._arena.refresh(from: parent)
      deleted.append(item)
    }
    _index._checkInvariants()
    guard !deleted.isEmpty else { return }
    _record(.delete(deleted))
  }

  /// Deletes every item.
  ///
  /// - Complexity: O(1), plus the release of the storage when no other
  ///   snapshot shares it.
  @inlinable
  public mutating func deleteAll() {
    self = TreeSnapshot()
  }
}
