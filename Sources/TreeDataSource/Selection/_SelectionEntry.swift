/// What one item of a ``TreeSelection`` holds: its check toggle and its
/// answers. The empty entry (unchecked, no answers) is never stored in the
/// saved results.
struct _SelectionEntry: Hashable, Sendable, Codable {
  /// Whether the item's own check toggle is on (check toggles only).
  var isChecked = false
  /// The item's answers (checklists, single choices, free text only).
  var results: [String] = []

  /// The empty entry.
  static let empty = _SelectionEntry()

  /// Whether the entry is unchecked with no answers.
  var isEmpty: Bool { !isChecked && results.isEmpty }

  /// What the entry adds to its item's and each ancestor's tally.
  var tally: _SelectionTally {
    _SelectionTally(checked: isChecked ? 1 : 0, answered: results.isEmpty ? 0 : 1)
  }
}
