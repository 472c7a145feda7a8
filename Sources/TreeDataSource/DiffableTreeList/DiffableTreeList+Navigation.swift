/// Keyboard navigation and type-select by identifier, with the list's row
/// heights.
extension DiffableTreeList {
  /// What a navigation key does from the focused item, as
  /// ``TreeList/navigationAction(for:fromRow:viewportOffset:viewportHeight:isExpandable:)``
  /// answers (Page Up and Page Down by the viewport's height over the rows'
  /// heights), with items named by identifier; the list does not change.
  ///
  /// The snapshot knows every item's children: Right expands a collapsed
  /// item only when it has children.
  ///
  /// - Parameters:
  ///   - key: The key pressed.
  ///   - item: The focused item, or `nil` when no item has the focus.
  ///   - viewportOffset: The content offset of the viewport's top (as
  ///     ``offset(ofRow:)`` measures).
  ///   - viewportHeight: The viewport's height.
  /// - Returns: The action, or `nil` when there are no rows, or `item` is
  ///   not in the list or is not a row (hidden, or a `.sectioned` root
  ///   item).
  /// - Complexity: O(*d* log *b*).
  public func navigationAction(
    for key: TreeNavigationKey, from item: ItemID?, viewportOffset: Double, viewportHeight: Double
  ) -> TreeNavigationAction<ItemID>? {
    var row: Int?
    if let item {
      guard let found = self.row(of: item) else { return nil }
      row = found
    }
    let snapshot = _snapshot
    let rows = _rows
    let paging = _Paging(
      numberOfRows: numberOfRows, contentHeight: contentHeight, viewportOffset: viewportOffset,
      viewportHeight: viewportHeight, offsetOfRow: offset(ofRow:), rowAtOffset: self.row(atOffset:))
    let action = rows._navigationAction(
      for: key, fromRow: row,
      isExpandable: { snapshot.item(at: $0).map { !snapshot.children(of: $0).isEmpty } ?? false },
      pageDown: paging.pageDown(from:), pageUp: paging.pageUp(from:))
    return action?._mapItems(snapshot.item(at:))
  }

  /// The action that focuses the next item whose label starts with the
  /// typed text, ignoring case and diacritics, searching the rows after the
  /// focused item's (from it when characters were added to the search) and
  /// wrapping around, as
  /// ``/TreeIndex/TreeIndex/typeSelectAction(for:fromRow:label:)`` does.
  ///
  /// - Parameters:
  ///   - typeSelect: The typed text.
  ///   - item: The focused item, or `nil` to search from the first row.
  ///   - label: The label of an item.
  /// - Returns: The action, or `nil` when no label matches, the search is
  ///   empty, or `item` is not a row of the list.
  /// - Complexity: O(*s* · *d* log *b*) for the *s* rows scanned, stopping
  ///   at the first match.
  public func typeSelectAction(
    for typeSelect: TreeTypeSelect, from item: ItemID?, label: (ItemID) -> String
  ) -> TreeNavigationAction<ItemID>? {
    var row: Int?
    if let item {
      guard let found = self.row(of: item) else { return nil }
      row = found
    }
    let snapshot = _snapshot
    let action = _rows.typeSelectAction(for: typeSelect, fromRow: row) { treePath in
      snapshot.item(at: treePath).map(label) ?? ""
    }
    return action?._mapItems(snapshot.item(at:))
  }

  /// Applies an action's expansion change through ``expand(_:recursively:)``
  /// or ``collapse(_:recursively:)``, so the host gets one update; moving
  /// the focus is the host's.
  ///
  /// - Parameter action: An action from ``navigationAction(for:from:viewportOffset:viewportHeight:)``.
  /// - Throws: What ``expand(_:recursively:)`` and
  ///   ``collapse(_:recursively:)`` throw; nothing when the action changes
  ///   no expansion.
  /// - Complexity: That of the call it makes; O(1) when there is none.
  public func perform(_ action: TreeNavigationAction<ItemID>) throws {
    switch action.expansionChange {
    case nil: return
    case .expand(let item, let recursively): try expand(item, recursively: recursively)
    case .collapse(let item, let recursively): try collapse(item, recursively: recursively)
    }
  }
}
