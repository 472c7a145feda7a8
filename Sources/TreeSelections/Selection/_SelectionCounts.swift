/// What a ``TreeSelection`` keeps for one node of its snapshot, over the
/// item and everything beneath it: how many check toggles there are, and
/// of the saved results how many toggles are on and how many items have
/// answers.
///
/// The selection keeps one per node of the snapshot's tree, in a column
/// indexed by node identity, so that a change is carried up to the root
/// along the tree's owner links in O(*d*), with no identifier hashed, and
/// a read is one load. Counts fit 32 bits: node identities do.
@usableFromInline
struct _SelectionCounts: Hashable, Sendable {
  /// Check toggles of the item and beneath it.
  @usableFromInline var toggles: Int32
  /// Saved check toggles that are on.
  @usableFromInline var checked: Int32
  /// Saved items with at least one answer.
  @usableFromInline var answered: Int32

  /// No toggles, nothing checked or answered.
  @inlinable
  init() {
    toggles = 0
    checked = 0
    answered = 0
  }

  /// The saved tally.
  @inlinable
  var tally: _SelectionTally {
    get { _SelectionTally(checked: Int(checked), answered: Int(answered)) }
    set {
      checked = Int32(truncatingIfNeeded: newValue.checked)
      answered = Int32(truncatingIfNeeded: newValue.answered)
    }
  }

  /// Adds `delta` to the saved tally.
  @inlinable
  mutating func add(_ delta: _SelectionTally) {
    checked &+= Int32(truncatingIfNeeded: delta.checked)
    answered &+= Int32(truncatingIfNeeded: delta.answered)
  }

  /// The counts of both, toggles included.
  @inlinable
  static func + (lhs: _SelectionCounts, rhs: _SelectionCounts) -> _SelectionCounts {
    var sum = lhs
    sum.toggles &+= rhs.toggles
    sum.add(rhs.tally)
    return sum
  }

  /// The counts of `lhs` less those of `rhs`, toggles included.
  @inlinable
  static func - (lhs: _SelectionCounts, rhs: _SelectionCounts) -> _SelectionCounts {
    var difference = lhs
    difference.toggles &-= rhs.toggles
    difference.checked &-= rhs.checked
    difference.answered &-= rhs.answered
    return difference
  }
}
