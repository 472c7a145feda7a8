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

  /// What `work` gives with no limit on its steps.
  ///
  /// - Complexity: That of `work`.
  @inlinable
  static func unlimited<Result>(_ work: (inout _StepBudget) -> Result) -> Result {
    var budget = _StepBudget(limit: .max)
    return work(&budget)
  }

  /// The steps `work` takes with no limit, or `nil` when it gives no
  /// change set: for tests that check how its work grows.
  ///
  /// - Complexity: That of `work`.
  @inlinable
  static func steps(of work: (inout _StepBudget) -> TreeChanges?) -> Int? {
    var budget = _StepBudget(limit: .max)
    return work(&budget) == nil ? nil : budget.steps
  }
}
