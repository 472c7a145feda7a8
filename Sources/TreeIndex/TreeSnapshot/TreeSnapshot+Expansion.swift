import _SummaryTree

/// Expanding and collapsing items, and marking them for reload.
extension TreeSnapshot {
  /// Expands `items`: their children are shown whenever they are visible.
  /// Identifiers the snapshot does not hold are ignored; an item without
  /// children may be expanded, so that children added later are shown.
  ///
  /// - Parameter items: The items to expand.
  /// - Complexity: O(*k* · *d* log *b*) for *k* items.
  @inlinable
  public mutating func expand(_ items: [ItemID]) {
    _setExpanded(items, true)
  }

  /// Collapses `items`: their children are hidden; the children keep their
  /// own expansion. Identifiers the snapshot does not hold are ignored.
  ///
  /// - Parameter items: The items to collapse.
  /// - Complexity: O(*k* · *d* log *b*) for *k* items.
  @inlinable
  public mutating func collapse(_ items: [ItemID]) {
    _setExpanded(items, false)
  }

  /// Marks `items` as changed in place: the change set worked out to this
  /// snapshot (``changes(from:layout:)``) redraws their rows. Identifiers
  /// the snapshot does not hold are ignored.
  ///
  /// - Parameter items: The items whose content changed.
  /// - Complexity: O(*k*) for *k* items.
  @inlinable
  public mutating func reloadItems(_ items: [ItemID]) {
    for item in items where _node(of: item) != nil { _reloaded.insert(item) }
  }

  /// The items marked with ``reloadItems(_:)`` since the snapshot was made
  /// (or since a list applied it), in no particular order.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var reloadedItems: Set<ItemID> { _reloaded }

  /// Marks each item the snapshot holds expanded or collapsed.
  @inlinable
  mutating func _setExpanded(_ items: [ItemID], _ isExpanded: Bool) {
    var changed: [ItemID] = []
    for item in items {
      guard let node = _node(of: item), _index._arena.isExpanded(node) != isExpanded else { continue }
      _index._arena.setExpanded(node, isExpanded)
      _index._arena.refresh(from: node)
      changed.append(item)
    }
    _index._checkInvariants()
    guard !changed.isEmpty else { return }
    _record(isExpanded ? .expand(changed) : .collapse(changed))
  }
}
