/// Keyboard navigation and type-select, with the list's row heights.
extension TreeList {
  /// What a navigation key does from the focused row, as
  /// ``/TreeIndex/TreeIndex/navigationAction(for:fromRow:rowsPerPage:isExpandable:)``
  /// answers, with Page Up and Page Down measured in the viewport's height
  /// over the rows' heights; the list does not change.
  ///
  /// Page Down focuses the last row fully visible in the viewport; when the
  /// focus is there already (or below it), the last row fully visible once
  /// the viewport is scrolled down to start at the focused row: a page
  /// further. Page Up is the mirror image: the first row fully visible, else
  /// the first row fully visible once the viewport ends at the focused
  /// row's bottom. Either moves at least one row while there is one (a row
  /// taller than the viewport is a page of its own). The host then scrolls
  /// ``/TreeIndex/TreeNavigationAction/rowToReveal`` into view.
  ///
  /// - Parameters:
  ///   - key: The key pressed.
  ///   - row: The focused global row, or `nil` when no row has the focus.
  ///   - viewportOffset: The content offset of the viewport's top (as
  ///     ``offset(ofRow:)`` measures).
  ///   - viewportHeight: The viewport's height.
  ///   - isExpandable: Whether a collapsed item can have subitems; `nil`:
  ///     every item is expandable unless the list knows it has none. Pass
  ///     `{ dataSource.numberOfSubitems(of: $0) > 0 }` to ask the data source.
  /// - Returns: The action, or `nil` when there are no rows or `row` is out
  ///   of range.
  /// - Complexity: O(*d* log *b*).
  public func navigationAction(
    for key: TreeNavigationKey, fromRow row: Int?, viewportOffset: Double, viewportHeight: Double,
    isExpandable: ((TreePath) -> Bool)? = nil
  ) -> TreeNavigationAction<TreePath>? {
    let paging = _Paging(
      numberOfRows: numberOfRows, contentHeight: contentHeight, viewportOffset: viewportOffset,
      viewportHeight: viewportHeight, offsetOfRow: offset(ofRow:), rowAtOffset: row(atOffset:))
    return index._navigationAction(
      for: key, fromRow: row, isExpandable: isExpandable, pageDown: paging.pageDown(from:),
      pageUp: paging.pageUp(from:))
  }

  /// The action that focuses the next item whose label starts with the
  /// typed text, as
  /// ``/TreeIndex/TreeIndex/typeSelectAction(for:fromRow:label:)`` finds it.
  ///
  /// - Parameters:
  ///   - typeSelect: The typed text.
  ///   - row: The focused global row, or `nil` to search from the first.
  ///   - label: The label of the item at a tree path (the list asks its
  ///     data source nothing).
  /// - Returns: The action, or `nil` when no label matches, the search is
  ///   empty or `row` is out of range.
  /// - Complexity: O(*s* · *d* log *b*) for the *s* rows scanned, stopping
  ///   at the first match.
  public func typeSelectAction(
    for typeSelect: TreeTypeSelect, fromRow row: Int?, label: (TreePath) -> String
  ) -> TreeNavigationAction<TreePath>? {
    index.typeSelectAction(for: typeSelect, fromRow: row, label: label)
  }

  /// Applies an action's expansion change through ``expand(_:recursively:)``
  /// or ``collapse(_:recursively:)``, so the host gets one update; moving
  /// the focus is the host's.
  ///
  /// - Parameter action: An action from ``navigationAction(for:fromRow:viewportOffset:viewportHeight:isExpandable:)``.
  /// - Throws: What ``expand(_:recursively:)`` and
  ///   ``collapse(_:recursively:)`` throw; nothing when the action changes
  ///   no expansion.
  /// - Complexity: That of the call it makes; O(1) when there is none.
  public func perform(_ action: TreeNavigationAction<TreePath>) throws {
    switch action.expansionChange {
    case nil: return
    case .expand(let treePath, let recursively): try expand(treePath, recursively: recursively)
    case .collapse(let treePath, let recursively): try collapse(treePath, recursively: recursively)
    }
  }
}
