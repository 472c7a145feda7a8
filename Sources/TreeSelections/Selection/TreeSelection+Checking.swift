import TreeIndex

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
    guard let node = _snapshot._node(ofItem: item) else { return .unchecked }
    return _checkState(node)
  }

  /// The number of check toggles of `item` and beneath it that are on.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The count; 0 for an identifier the snapshot does not hold.
  /// - Complexity: O(1).
  @inlinable
  public func checkedCount(in item: ItemID) -> Int { _tally(of: item).checked }

  /// The number of check toggles of `item` and beneath it.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The count; 0 for an identifier the snapshot does not hold.
  /// - Complexity: O(1).
  @inlinable
  public func checkableCount(in item: ItemID) -> Int {
    guard let node = _snapshot._node(ofItem: item) else { return 0 }
    return _toggleCount(node)
  }

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
    defer { _checkInvariants() }
    let node = try _editableNode(item, for: .check)
    try _check(item, at: node)
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
    defer { _checkInvariants() }
    let node = try _editableNode(item, for: .uncheck)
    try _uncheck(item, at: node)
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
    defer { _checkInvariants() }
    guard let node = _snapshot._node(ofItem: item) else {
      throw TreeSelectionError(operation: .check, item: "\(item)", reason: .unknownItem)
    }
    if _checkState(node) == .checked {
      try _checkEditable(item, at: node, for: .uncheck)
      try _uncheck(item, at: node)
    } else {
      try _checkEditable(item, at: node, for: .check)
      try _check(item, at: node)
    }
    return _checkState(node)
  }

  // MARK: Internals

  /// The check state of the item at `node`.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _checkState(_ node: Int32) -> CheckState {
    let checked = _tally(node).checked
    if checked == 0 { return .unchecked }
    return checked == _toggleCount(node) ? .checked : .mixed
  }

  /// ``check(_:)`` of `item`, at `node`, which the caller found editable.
  @inlinable
  mutating func _check(_ item: ItemID, at node: Int32) throws(TreeSelectionError) {
    guard _toggleCount(node) > 0 else {
      throw TreeSelectionError(operation: .check, item: "\(item)", reason: .notCheckable)
    }
    if let group = _singleSelectionConflict(under: node) {
      throw TreeSelectionError(
        operation: .check, item: "\(item)", reason: .singleSelectionConflict("\(_snapshot._item(ofNode: group))"))
    }
    // Single-selection groups above: clear the other children first.
    if _singleSelectionGroups > 0 {
      var child = node
      while child != Self._rootNode {
        let parent = _snapshot._ownerNode(of: child)
        if parent != Self._rootNode, _isSingleSelectionGroup(parent) {
          var others: [Int32] = []
          _snapshot._forEachChildNode(of: parent) { sibling in
            if sibling != child && _tally(sibling).checked > 0 { others.append(sibling) }
          }
          for sibling in others { _uncheckSubtree(of: sibling) }
        }
        child = parent
      }
    }
    Self._walk(_snapshot, from: node) { current in
      let currentItem = current == node ? item : _snapshot._item(ofNode: current)
      if _interaction(currentItem, at: current).isCheckToggle {
        _changeEntry(of: currentItem, at: current) { $0.isChecked = true }
      }
      return _tally(current).checked < _toggleCount(current)
    }
  }

  /// ``uncheck(_:)`` of `item`, at `node`, which the caller found editable.
  @inlinable
  mutating func _uncheck(_ item: ItemID, at node: Int32) throws(TreeSelectionError) {
    guard _toggleCount(node) > 0 else {
      throw TreeSelectionError(operation: .uncheck, item: "\(item)", reason: .notCheckable)
    }
    _uncheckSubtree(of: node)
  }

  /// Turns off every check toggle of the item at `node` and beneath it,
  /// descending only where some are on.
  ///
  /// - Complexity: O(*k* *d*) for *k* toggles changed.
  @inlinable
  mutating func _uncheckSubtree(of node: Int32) {
    Self._walk(_snapshot, from: node) { current in
      let item = _snapshot._item(ofNode: current)
      if _entry(item).isChecked {
        _changeEntry(of: item, at: current) { $0.isChecked = false }
      }
      return _tally(current).checked > 0
    }
  }

  /// The node of a single-selection group at or beneath the item at `node`
  /// with more than one child holding check toggles, or `nil`.
  ///
  /// - Complexity: O(*k* log *b*) for *k* items beneath it with check
  ///   toggles.
  @inlinable
  func _singleSelectionConflict(under node: Int32) -> Int32? {
    guard _singleSelectionGroups > 0, _snapshot._numberOfChildren(ofNode: node) > 0 else { return nil }
    var conflict: Int32?
    Self._walk(_snapshot, from: node) { current in
      guard conflict == nil, _toggleCount(current) > 0 else { return false }
      if _isSingleSelectionGroup(current) {
        var holders = 0
        _snapshot._forEachChildNode(of: current) { child in
          if _toggleCount(child) > 0 { holders += 1 }
        }
        if holders > 1 { conflict = current }
      }
      return conflict == nil
    }
    return conflict
  }
}
