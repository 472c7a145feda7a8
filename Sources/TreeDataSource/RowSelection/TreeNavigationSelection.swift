/// What moving the focus with a key does to the row selection: a plain
/// arrow key selects the focused item, Shift and an arrow extends the
/// selection to it, and a key that only moves the focus (VS Code's Control
/// and an arrow) keeps it.
public enum TreeNavigationSelection: Hashable, Sendable {
  /// The focused item becomes the selection, as a click does
  /// (`selectItem(at:)`, `select(_:)`).
  case selectFocusedItem
  /// The selection runs from the anchor to the focused item, as a
  /// Shift-click does (`extendSelection(to:)`).
  case extendToFocusedItem
  /// The selection stays as it is; only the focus moves (`setFocus(to:)`).
  case keepSelection
}
