import TreeIndex

/// Keys applied to the list's focus, by identifier: the navigation and
/// type-select answers, carried out as one host update and one delegate
/// call.
extension DiffableTreeList {
  /// Does what `key` does from the focused item: expands or collapses as
  /// ``navigationAction(for:from:viewportOffset:viewportHeight:)`` answers,
  /// then moves the focus to the item it names, selecting it, extending the
  /// selection to it or keeping the selection, as `selection` says.
  ///
  /// The host gets one update at most (an expansion's or a collapse's
  /// rows), and the delegate one
  /// ``DiffableTreeListDelegate/selectionDidChange()`` at most; with no
  /// focused item, the key starts from none (Down and Home focus the first
  /// row, Up and End the last).
  ///
  ///     try list.navigate(for: .right, viewportOffset: 0, viewportHeight: 400)
  ///
  /// - Parameters:
  ///   - key: The key pressed.
  ///   - viewportOffset: The content offset of the viewport's top.
  ///   - viewportHeight: The viewport's height, for Page Up and Page Down.
  ///   - selection: What the move does to the selection; the focused item
  ///     becomes the selection unless given.
  /// - Returns: The action carried out, or `nil` when there are no rows
  ///   (nothing changes).
  /// - Throws: What ``expand(_:recursively:)`` or
  ///   ``collapse(_:recursively:)`` throws; the focus and the selection
  ///   then stay as they were.
  /// - Complexity: O(*d* log *b*) for the answer, plus the expansion's cost
  ///   and the selection's (O(*k* log *b*) for *k* rows a Shift move
  ///   selects).
  @discardableResult
  public func navigate(
    for key: TreeNavigationKey, viewportOffset: Double, viewportHeight: Double,
    selection: TreeNavigationSelection = .selectFocusedItem
  ) throws -> TreeNavigationAction<ItemID>? {
    guard
      let action = navigationAction(
        for: key, from: focusedItem, viewportOffset: viewportOffset, viewportHeight: viewportHeight)
    else { return nil }
    try _holdingSelectionCalls {
      try perform(action)
      _moveFocus(to: action.focusedItem, selection: selection)
    }
    return action
  }

  /// Moves the focus to the next item whose label starts with what
  /// `typeSelect` holds, as ``typeSelectAction(for:from:label:)`` finds it
  /// from the focused item, and selects it (or extends the selection, or
  /// keeps it, as `selection` says).
  ///
  /// - Parameters:
  ///   - typeSelect: The characters typed so far.
  ///   - selection: What the move does to the selection; the found item
  ///     becomes the selection unless given.
  ///   - label: The label of an item.
  /// - Returns: The action carried out, or `nil` when no item matches
  ///   (nothing changes).
  /// - Complexity: O(*s* *d* log *b*) for the *s* rows scanned, plus the
  ///   selection's cost.
  @discardableResult
  public func typeSelect(
    _ typeSelect: TreeTypeSelect, selection: TreeNavigationSelection = .selectFocusedItem,
    label: (ItemID) -> String
  ) -> TreeNavigationAction<ItemID>? {
    guard let action = typeSelectAction(for: typeSelect, from: focusedItem, label: label) else { return nil }
    _moveFocus(to: action.focusedItem, selection: selection)
    return action
  }

  /// How many operations in progress hold the delegate's selection call.
  var _selectionCallHolds: Int {
    get { _rowSelection.holds }
    set { _rowSelection.holds = newValue }
  }

  /// Moves the focus to `item` as `selection` says.
  func _moveFocus(to item: ItemID, selection: TreeNavigationSelection) {
    switch selection {
    case .selectFocusedItem: select(item)
    case .extendToFocusedItem: extendSelection(to: item)
    case .keepSelection: setFocus(to: item)
    }
  }
}
