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

/// A summary that can be taken apart exactly: for any `a` and `b`,
/// `(a + b) - b == a`. Integer counts added with wrapping arithmetic are;
/// floating-point sums are not.
///
/// A forest of such summaries finds the summary before an element from the
/// totals on its way up alone (a parent's total less its right child's is
/// what comes before that child), reading one node per level instead of the
/// parent, its left child and what its element refers to.
public protocol InvertibleTreeSummary: TreeSummary {
  /// The summary of the elements of `lhs` without those of `rhs`, which
  /// end `lhs`.
  static func - (lhs: Self, rhs: Self) -> Self
}

/// An element of a ``SummaryForest``: a value with a summary of its own.
///
/// An element may refer to other nodes of its forest — the root of a tree
/// of its own, for a tree of trees — and sum them into its summary: the
/// forest hands it a reader of its nodes rather than caching what the
/// element derives from them, so a node stores nothing twice.
public protocol TreeElement: Sendable {
  /// The summary type of the forest's trees.
  associatedtype Summary: TreeSummary

  /// The element's own contribution to the summaries above it.
  ///
  /// - Parameter node: Reads a node of the forest by identity, as the forest
  ///   is now (or as it was, for a view of the past).
  /// - Complexity: O(1) reads.
  func summary(reading node: (SummaryForest<Self>.NodeID) -> SummaryForest<Self>.Node) -> Summary
}

/// An element whose summary comes from its own fields alone.
public protocol SelfSummarizingTreeElement: TreeElement {
  /// The element's own contribution to the summaries above it.
  var summary: Summary { get }
}

extension SelfSummarizingTreeElement {
  /// The element's own summary: ``summary``, reading no node.
  @inlinable @inline(__always)
  public func summary(reading _: (SummaryForest<Self>.NodeID) -> SummaryForest<Self>.Node) -> Summary {
    summary
  }
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
