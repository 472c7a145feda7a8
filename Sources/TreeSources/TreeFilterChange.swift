/// How a ``FilteredTreeSource``'s new predicate relates to the one it
/// replaces: a promise that lets
/// ``FilteredTreeSource/setPredicate(_:change:)`` ask fewer elements.
///
/// The promise is about each element's outcome, in the order `hidden` <
/// `visibleIfDescendantIsVisible` < `visible`. The filter does not check
/// it: a broken promise never corrupts the filter (what it shows stays a
/// consistent tree, and its change sets describe what it shows), but the
/// elements it was allowed to skip keep the outcome the old predicate gave
/// them until they change or the predicate is set again with
/// ``unrelated``.
public enum TreeFilterChange: Equatable, Hashable, Sendable {
  /// No promise: every element is asked. O(*n* *d*) for the *n* items of
  /// the base.
  case unrelated

  /// The new predicate gives no element a higher outcome than the old one
  /// did (a search query that grew by a character): it shows a subset of
  /// what the old one showed. Only the items shown now are asked:
  /// O(*v* *d* log *b*) for the *v* shown items whose ancestors are shown.
  case narrowing

  /// The new predicate gives no element a lower outcome than the old one
  /// did (a search query that shrank): it shows a superset of what the old
  /// one showed. Every item is visited, but an item the old predicate
  /// found `visible` is not asked again (after a narrowing, only where no
  /// ancestor is `hidden`: beneath one, the narrowing asked nothing).
  /// O(*n* *d*).
  case widening
}
