extension TreeSelection {
  /// The check state of `item`: checked when every check toggle of the
  /// item and beneath it is on, mixed when some are, unchecked when none
  /// are or there are none. While an editing session is open, the working
  /// copy's.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The state; `.unchecked` for an identifier the snapshot does
  ///   not hold.
  /// - Complexity: O(1): the counts are kept, never recounted.
  @inlinable
  public func checkState(of item: ItemID) -> CheckState {
    let checked = _tally(item).checked
    if checked == 0 { return .unchecked }
    return checked == _toggleCount(item) ? .checked : .mixed
  }

  /// The number of check toggles of `item` and beneath it that are on.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The count; 0 for an identifier the snapshot does not hold.
  /// - Complexity: O(1).
  @inlinable
  public func checkedCount(in item: ItemID) -> Int { _tally(item).checked }

  /// The number of check toggles of `item` and beneath it.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The count; 0 for an identifier the snapshot does not hold.
  /// - Complexity: O(1).
  @inlinable
  public func checkableCount(in item: ItemID) -> Int { _toggleCount(item) }

  /// Checks `item`'s check toggle and every check toggle beneath it; in a
  /// single-selection group, first unchecks everything under the item's
  /// siblings (and so on for each single-selection group above).
  ///
  /// - Parameter item: An identifier.
  /// - Throws: A ``TreeSelectionError`` when the snapshot does not hold
  ///   `item`, neither it nor anything beneath it is a check toggle, an
  ///   editing session is open on another part of the tree, or checking it
  ///   would check several children of a single-selection group beneath
  ///   it.
  /// - Complexity: O(*d* + *k* *d*) for *k* toggles changed, plus O(*b*)
  ///   for each single-selection group above the item: O(*d*) for a leaf
  ///   in multiple-selection groups.
  @inlinable
  public mutating func check(_ item: ItemID) throws(TreeSelectionError) {
    try _checkEditable(item, for: .check)
    guard _toggleCount(item) > 0 else {
      throw TreeSelectionError(operation: .check, item: "\(item)", reason: .notCheckable)
    }
    if let group = _singleSelectionConflict(under: item) {
      throw TreeSelectionError(operation: .check, item: "\(item)", reason: .singleSelectionConflict("\(group)"))
    }
    // Single-selection groups above: clear the other children first.
    var child = item
    while let parent = _snapshot.parent(of: child) {
      // A parent's interaction is its own, or a multiple-selection group.
      if case .group(selection: .single, filter: _)? = _interactions[parent] {
        for sibling in _snapshot.children(of: parent) where sibling != child && _tally(sibling).checked > 0 {
          _uncheckSubtree(of: sibling)
        }
      }
      child = parent
    }
    Self._walk(_snapshot, from: item) { current in
      if _interaction(current).isCheckToggle {
        var entry = _entry(current)
        entry.isChecked = true
        _setEntry(entry, for: current)
      }
      return _tally(current).checked < _toggleCount(current)
    }
  }

  /// Unchecks `item`'s check toggle and every check toggle beneath it.
  ///
  /// - Parameter item: An identifier.
  /// - Throws: A ``TreeSelectionError`` when the snapshot does not hold
  ///   `item`, neither it nor anything beneath it is a check toggle, or an
  ///   editing session is open on another part of the tree.
  /// - Complexity: O(*d* + *k* *d*) for *k* toggles changed: O(*d*) for a
  ///   leaf.
  @inlinable
  public mutating func uncheck(_ item: ItemID) throws(TreeSelectionError) {
    try _checkEditable(item, for: .uncheck)
    guard _toggleCount(item) > 0 else {
      throw TreeSelectionError(operation: .uncheck, item: "\(item)", reason: .notCheckable)
    }
    _uncheckSubtree(of: item)
  }

  /// Checks `item` unless it is checked, in which case it unchecks it: a
  /// mixed or unchecked parent becomes checked, a checked one unchecked.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The item's new state.
  /// - Throws: What ``check(_:)`` or ``uncheck(_:)`` throws.
  /// - Complexity: That of ``check(_:)`` or ``uncheck(_:)``.
  @inlinable @discardableResult
  public mutating func toggle(_ item: ItemID) throws(TreeSelectionError) -> CheckState {
    if checkState(of: item) == .checked {
      try uncheck(item)
    } else {
      try check(item)
    }
    return checkState(of: item)
  }

  // MARK: Internals

  /// Turns off every check toggle of `item` and beneath it, descending only
  /// where some are on.
  ///
  /// - Complexity: O(*k* *d*) for *k* toggles changed.
  @inlinable
  mutating func _uncheckSubtree(of item: ItemID) {
    Self._walk(_snapshot, from: item) { current in
      var entry = _entry(current)
      if entry.isChecked {
        entry.isChecked = false
        _setEntry(entry, for: current)
      }
      return _tally(current).checked > 0
    }
  }

  /// A single-selection group at or beneath `item` with more than one
  /// child holding check toggles, or `nil`.
  ///
  /// - Complexity: O(*k* log *b*) for *k* items beneath `item` with check
  ///   toggles.
  @inlinable
  func _singleSelectionConflict(under item: ItemID) -> ItemID? {
    guard !_snapshot.children(of: item).isEmpty else { return nil }
    var conflict: ItemID?
    Self._walk(_snapshot, from: item) { current in
      guard conflict == nil, _toggleCount(current) > 0 else { return false }
      if case .group(selection: .single, filter: _) = _interaction(current),
        _snapshot.children(of: current).count(where: { _toggleCount($0) > 0 }) > 1
      {
        conflict = current
      }
      return conflict == nil
    }
    return conflict
  }
}
