/// What one item of a ``TreeSelection`` holds: its check toggle and its
/// answers. The empty entry (unchecked, no answers) is never stored in the
/// saved results.
///
/// `@usableFromInline`, with the selection's reads and checks
/// `@inlinable`, so that an adopter's build specializes them for its
/// identifier type.
@usableFromInline
struct _SelectionEntry: Hashable, Sendable, Codable {
  /// Whether the item's own check toggle is on (check toggles only).
  @usableFromInline var isChecked: Bool
  /// The item's answers (checklists, single choices, free text only).
  @usableFromInline var results: [String]

  /// An entry with a check toggle and answers.
  @inlinable
  init(isChecked: Bool = false, results: [String] = []) {
    self.isChecked = isChecked
    self.results = results
  }

  /// The empty entry.
  @inlinable
  static var empty: _SelectionEntry { _SelectionEntry() }

  /// Whether the entry is unchecked with no answers.
  @inlinable
  var isEmpty: Bool { !isChecked && results.isEmpty }

  /// What the entry adds to its item's and each ancestor's tally.
  @inlinable
  var tally: _SelectionTally {
    _SelectionTally(checked: isChecked ? 1 : 0, answered: results.isEmpty ? 0 : 1)
  }
}
