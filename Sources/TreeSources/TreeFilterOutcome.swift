/// What a ``FilteredTreeSource``'s predicate says of an element, as VS
/// Code's tree filter does.
public enum TreeFilterOutcome: Equatable, Hashable, Sendable {
  /// The element is shown (and its children are filtered in turn).
  case visible
  /// The element is hidden with everything beneath it.
  case hidden
  /// The element is shown only when one of its children is (a folder that
  /// contains a match); its children are filtered in turn.
  case visibleIfDescendantIsVisible
}
