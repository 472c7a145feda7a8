/// The summary a ``TreeSelection`` keeps for each item, over the item and
/// everything beneath it: how many check toggles are on, how many items
/// have answers. Kept up to date along the ancestor chain on every change,
/// never recounted on a read.
struct _SelectionTally: Hashable, Sendable {
  /// Check toggles that are on.
  var checked = 0
  /// Items with at least one answer.
  var answered = 0

  /// No toggles on, no answers.
  static let zero = _SelectionTally()

  static func + (lhs: _SelectionTally, rhs: _SelectionTally) -> _SelectionTally {
    _SelectionTally(checked: lhs.checked + rhs.checked, answered: lhs.answered + rhs.answered)
  }

  static func - (lhs: _SelectionTally, rhs: _SelectionTally) -> _SelectionTally {
    _SelectionTally(checked: lhs.checked - rhs.checked, answered: lhs.answered - rhs.answered)
  }
}
