/// What results add up to over an item and everything beneath it: how
/// many check toggles are on, how many items have answers. What an entry
/// adds to its item's and each ancestor's counts, and an editing session's
/// working counts where they differ from the saved ones (see
/// ``_SelectionCounts``).
@usableFromInline
struct _SelectionTally: Hashable, Sendable {
  /// Check toggles that are on.
  @usableFromInline var checked: Int
  /// Items with at least one answer.
  @usableFromInline var answered: Int

  /// A tally of `checked` toggles and `answered` items.
  @inlinable
  init(checked: Int = 0, answered: Int = 0) {
    self.checked = checked
    self.answered = answered
  }

  /// No toggles on, no answers.
  @inlinable
  static var zero: _SelectionTally { _SelectionTally() }

  @inlinable
  static func + (lhs: _SelectionTally, rhs: _SelectionTally) -> _SelectionTally {
    _SelectionTally(checked: lhs.checked + rhs.checked, answered: lhs.answered + rhs.answered)
  }

  @inlinable
  static func += (lhs: inout _SelectionTally, rhs: _SelectionTally) {
    lhs.checked += rhs.checked
    lhs.answered += rhs.answered
  }

  @inlinable
  static func - (lhs: _SelectionTally, rhs: _SelectionTally) -> _SelectionTally {
    _SelectionTally(checked: lhs.checked - rhs.checked, answered: lhs.answered - rhs.answered)
  }
}
