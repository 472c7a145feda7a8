import Foundation

import TreeDataSource

/// One frame of the interactive outline, as plain text: a title line, the
/// rows in the viewport, and a status line, each cut to the screen's width.
///
/// The terminal shell draws it, reversing the ``highlightedLine`` (the
/// cursor's row) and the first and last lines.
struct Screen: Equatable {
  /// The lines, top to bottom: the title, the viewport's lines (blank
  /// below the last row), the status line.
  var lines: [String]
  /// The line of the cursor's row, or `nil` when there are no rows.
  var highlightedLine: Int?

  /// `text` cut to `width` characters, with `…` for what was cut.
  ///
  /// - Complexity: O(`width`).
  static func fitting(_ text: String, width: Int) -> String {
    guard width > 0 else { return "" }
    guard text.count > width else { return text }
    return String(text.prefix(width - 1)) + "…"
  }

  /// `number` with its digits grouped by threes: `100,000`.
  ///
  /// - Complexity: O(log `number`).
  static func grouped(_ number: Int) -> String {
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

extension Browser {
  /// The frame to draw on a screen `width` characters wide and as tall as
  /// the viewport plus the title and status lines.
  ///
  /// - Complexity: O(*r* *d* log *b*) for the *r* rows on screen, plus one
  ///   ``TreeDataSource/item(at:)`` call per row.
  func screen(width: Int) -> Screen {
    let rowLines = Int(viewport.height)
    var lines = [Screen.fitting(" " + list.dataSource.title + "    / search · n next · q quit", width: width)]
    var body = Array(repeating: "", count: rowLines)
    var highlighted: Int?
    for row in viewport.visibleRows(in: list) {
      let line = Int((list.offset(ofRow: row) - viewport.top).rounded(.down))
      guard line >= 0, line < rowLines else { continue }
      body[line] = Screen.fitting(list.rowText(row), width: width)
      if row == cursor { highlighted = line + 1 }
    }
    lines += body
    lines.append(Screen.fitting(statusText, width: width))
    return Screen(lines: lines, highlightedLine: highlighted)
  }

  /// The status line: the search prompt, a message, or the cursor's tree
  /// path and table path and the number of rows — the remapping made
  /// visible.
  ///
  /// - Complexity: O(*d* log *b*).
  var statusText: String {
    if case .searching(let query) = mode { return "/" + query + "▏" }
    if let message { return " " + message }
    let rows = list.numberOfRows
    guard let path = cursorPath, let table = list.tableIndexPath(fromTreePath: path) else {
      return " no rows"
    }
    let count = rows == 1 ? "1 row" : "\(Screen.grouped(rows)) rows"
    return " tree \(path)  ↔  table [\(table[0]), \(table[1])]  ·  row \(Screen.grouped(cursor + 1)) of \(count)"
  }
}
