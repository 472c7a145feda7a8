/// What a list's row selection does with selected items that a collapse
/// hides.
///
/// The focus and the selection anchor always move to the collapsed item
/// that hides them (or become `nil` when it is a `.sectioned` root item,
/// which has no row), so that keyboard navigation starts from a visible
/// row; the policy decides only what happens to the hidden selected items.
public enum HiddenSelectionPolicy: Hashable, Sendable {
  /// Hidden items stay selected, and show selected again when their
  /// ancestors expand, as in VS Code: the default.
  case keepSelected
  /// Hidden items leave the selection and the collapsed item that hides
  /// them is selected instead, as `NSOutlineView` does (a hidden item under
  /// a collapsed `.sectioned` root item just leaves it).
  case selectCollapsedItem
}
