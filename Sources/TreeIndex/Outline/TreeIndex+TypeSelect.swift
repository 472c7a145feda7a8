/// Type-select: the next row whose label starts with the typed text.
extension TreeIndex {
  /// The action that focuses the next item whose label starts with the
  /// typed text, ignoring case and diacritics, searching the rows after the
  /// focused one (from it when characters were added to the search, see
  /// ``TreeTypeSelect/startsAfterFocusedRow``) and wrapping around.
  ///
  ///     let names = ["Apple", "Éclair", "apricot"]
  ///     let index = TreeIndex(numberOfRootItems: 3)
  ///     var typeSelect = TreeTypeSelect()
  ///     typeSelect.type("a", at: 0)
  ///     index.typeSelectAction(for: typeSelect, fromRow: 0) { names[$0[0]] }?.focusedRow   // 2
  ///     typeSelect.type("e", at: 5)   // a pause: a new search
  ///     index.typeSelectAction(for: typeSelect, fromRow: 2) { names[$0[0]] }?.focusedRow   // 1
  ///
  /// - Parameters:
  ///   - typeSelect: The typed text.
  ///   - row: The focused global row, or `nil` to search from the first.
  ///   - label: The label of the item at a tree path.
  /// - Returns: The action, or `nil` when no label matches, the search is
  ///   empty or `row` is out of range: the focus stays.
  /// - Complexity: O(*s* · *d* log *b*) for the *s* rows scanned: the
  ///   search stops at the first match.
  public func typeSelectAction(
    for typeSelect: TreeTypeSelect, fromRow row: Int?, label: (TreePath) -> String
  ) -> TreeNavigationAction<TreePath>? {
    if let row, row < 0 || row >= numberOfRows { return nil }
    let match = typeSelect._firstMatchingRow(from: row, count: numberOfRows) { treePath(forRow: $0).map(label) }
    return match.flatMap { _focusing(row: $0) }
  }
}
