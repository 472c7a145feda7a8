/// One frame of an interactive example, as plain text: the program makes
/// it, ``Terminal/draw(_:)`` draws it, reversing the first and last lines
/// (a title and a status line) and the ``highlightedLine``.
package struct Screen: Equatable {
  /// The lines, top to bottom.
  package var lines: [String]
  /// The line of the cursor, or `nil` when there is none to show.
  package var highlightedLine: Int?
  /// The lines of selected rows, drawn in bold (the cursor's included,
  /// when it is selected).
  package var selectedLines: Set<Int>

  /// Creates a frame of `lines`, with the cursor on `highlightedLine` and
  /// the selected rows on `selectedLines`.
  package init(lines: [String], highlightedLine: Int?, selectedLines: Set<Int> = []) {
    self.lines = lines
    self.highlightedLine = highlightedLine
    self.selectedLines = selectedLines
  }

  /// `text` with its control characters escaped (see ``VisibleText``),
  /// cut to `width` characters, with `…` for what was cut.
  ///
  /// - Complexity: O(*n*) for *n* bytes of `text`.
  package static func fitting(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    let text = VisibleText.escaping(text)
    guard text.count > width else { return text }
    return String(text.prefix(width - 1)) + "…"
  }

  /// `number` with its digits grouped by threes: `100,000`.
  ///
  /// - Complexity: O(log `number`).
  package static func grouped(_ number: Int) -> String {
    var digits = String(number.magnitude)
    var groups: [Substring] = []
    while digits.count > 3 {
      groups.insert(digits.suffix(3), at: 0)
      digits.removeLast(3)
    }
    groups.insert(Substring(digits), at: 0)
    return (number < 0 ? "-" : "") + groups.joined(separator: ",")
  }
}
