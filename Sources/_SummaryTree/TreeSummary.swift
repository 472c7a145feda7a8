/// A value that sums up a run of elements: what a balanced tree caches in
/// each node for the elements of the node's subtree, so that a position in
/// any metric is found in O(log *n*).
///
/// Summaries add up in element order; `zero` is the summary of nothing.
/// Rows, heights and any later per-item count are summaries of one
/// ``SummaryForest``: adding a metric is a conformance, not a new tree.
public protocol TreeSummary: Equatable, Sendable {
  /// The summary of no elements.
  static var zero: Self { get }

  /// The summary of the elements of `lhs` followed by those of `rhs`.
  static func + (lhs: Self, rhs: Self) -> Self
}

/// An element of a ``SummaryForest``: a value with a summary of its own.
public protocol TreeElement: Sendable {
  /// The summary type of the forest's trees.
  associatedtype Summary: TreeSummary

  /// The element's own contribution to the summaries above it.
  var summary: Summary { get }
}

/// A way to measure positions along a tree of elements: one number read off
/// a summary, never decreasing as elements are appended (a count of
/// positions, of rows, a height).
public protocol TreeMetric {
  /// The summary this metric reads.
  associatedtype Summary: TreeSummary
  /// The measure: an integer count or a length.
  associatedtype Value: Comparable & AdditiveArithmetic

  /// The size of the elements that `summary` sums up, in this metric.
  static func measure(_ summary: Summary) -> Value
}
