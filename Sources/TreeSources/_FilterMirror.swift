import _SummaryTree

/// One item of a filtered source's base, in the filter's mirror of the
/// base tree: its outcome, whether it is shown, and its children.
struct _FilterItem: SelfSummarizingTreeElement {
  var outcome: TreeFilterOutcome
  /// Whether the item is shown where its parent is: `visible`, or
  /// `visibleIfDescendantIsVisible` with a shown child.
  var isShown: Bool
  /// Whether the item is kept shown until the batch ends although its
  /// outcome hides it (a folder that lost its matches, or an item the
  /// predicate hides now, may be shown again within the batch).
  var isHeld = false
  /// The root of the tree of its children, or `null`.
  var children: Int32 = -1
  /// Its parent's node, or `null` for a root item.
  var owner: Int32 = -1

  typealias Summary = _FilterSummary

  var summary: _FilterSummary { _FilterSummary(count: 1, shown: isShown ? 1 : 0) }
}

/// What a run of siblings sums up to: how many items, how many shown (the
/// visible-children count the filter maps indices by).
struct _FilterSummary: InvertibleTreeSummary {
  var count: Int
  var shown: Int

  static var zero: _FilterSummary { _FilterSummary(count: 0, shown: 0) }

  static func + (lhs: _FilterSummary, rhs: _FilterSummary) -> _FilterSummary {
    _FilterSummary(count: lhs.count &+ rhs.count, shown: lhs.shown &+ rhs.shown)
  }

  static func - (lhs: _FilterSummary, rhs: _FilterSummary) -> _FilterSummary {
    _FilterSummary(count: lhs.count &- rhs.count, shown: lhs.shown &- rhs.shown)
  }
}

/// Base indices: every item.
enum _BaseIndices: TreeMetric {
  static func measure(_ summary: _FilterSummary) -> Int { summary.count }
}

/// Filtered indices: shown items.
enum _ShownIndices: TreeMetric {
  static func measure(_ summary: _FilterSummary) -> Int { summary.shown }
}
