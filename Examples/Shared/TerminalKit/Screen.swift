/// One frame of an interactive example, as plain text: the program makes
/// it, ``Terminal/draw(_:)`` draws it, reversing the first and last lines
/// (a title and a status line) and the ``highlightedLine``.
package struct Screen: Equatable {
  /// The lines, top to bottom.
  package var lines: [String]
  /// The line of the cursor, or `nil` when there is none to show.
  package var highlightedLine: Int?

  /// Creates a frame of `lines`, with the cursor on `highlightedLine`.
  package init(lines: [String], highlightedLine: Int?) {
    self.lines = lines
    self.highlightedLine = highlightedLine
  }

  /// `text` cut to `width` characters, with `…` for what was cut.
  ///
  /// - Complexity: O(`width`).
  package static func fitting(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    guard text.count > width else { return text }
    return String(text.prefix(width - 1)) + "…"
  }
}
