/// The work a change set worked out from edits may take (see
/// ``_DerivedSnapshotDiff``) before it gives way to the full comparison
/// (``_SnapshotDiff``): the steps it took, each an item visited or a level
/// walked (O(log *b*) at most), and how many it may take.
///
/// ``TreeSnapshot/changes(from:layout:)`` sets the limit in proportion to
/// the items of both snapshots, what the full comparison costs at least,
/// so that a change set costs O(min(its edits' work, the full comparison)),
/// however deep the items the edits touched.
@usableFromInline
struct _StepBudget {
  /// The steps taken so far.
  @usableFromInline
  var steps = 0
  /// The most steps that may be taken.
  @usableFromInline
  let limit: Int

  /// A budget of `limit` steps, none taken.
  ///
  /// - Complexity: O(1).
  @inlinable
  init(limit: Int) {
    self.limit = limit
  }

  /// Takes `count` more steps: `false` once the budget is spent.
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func spend(_ count: Int) -> Bool {
    steps &+= count
    return steps <= limit
  }

  /// Whether more steps were taken than the limit allows.
  ///
  /// - Complexity: O(1).
  @inlinable
  var isSpent: Bool { steps > limit }
}
