import ExampleTerminal
import Foundation
import TreeDataSource

/// The outline's frames: a title line, the rows in the viewport, and a
/// status line, each cut to the screen's width; the cursor's row is the
/// highlighted line.
extension Screen {
  /// What the title line says after the title: the keys to search, filter
  /// and quit.
  static let keysHint = "    / search · n next · f filter · q quit"

  /// The status line while filtering: the text typed so far, then how many
  /// items match, or what the keys do while nothing is typed.
  static func filterPrompt<Source>(_ filter: OutlineFilter<Source>) -> String {
    let prompt = "filter: " + filter.query + "▏"
    guard !filter.query.isEmpty else { return prompt + "  type to narrow · Enter go to · Esc back" }
    let count = filter.matches.count
    var text = prompt + "  " + (count == 0 ? "no match" : count == 1 ? "1 match" : "\(grouped(count)) matches")
    if let looked = filter.gaveUpAfter { text += " in the first \(grouped(looked)) items" }
    return text
  }
}

/// The rows a browser shows and draws: a `TreeList`'s, or an
/// ``OutlineFilter``'s while filtering.
protocol OutlineRows: RowGeometry {
  /// The text of the visible row `row`, indented by its level, with a ▸ or
  /// ▾ marker when it is a container.
  ///
  /// - Precondition: `row` is in `0 ..< numberOfRows`.
  func rowText(_ row: Int) -> String
}

extension TreeList: OutlineRows where DataSource: OutlineSource {}

extension Browser {
  /// The frame to draw on a screen `width` characters wide and as tall as
  /// the viewport plus the title and status lines.
  ///
  /// - Complexity: O(*r* *d* log *b*) for the *r* rows on screen, plus one
  ///   ``TreeDataSource/item(at:)`` call per row.
  func screen(width: Int) -> Screen {
    let rowLines = Int(viewport.height)
    var lines = [Screen.fitting(" " + list.dataSource.title + Screen.keysHint, width: width)]
    var body = Array(repeating: "", count: rowLines)
    var highlighted: Int?
    let rows = shownRows
    for row in viewport.visibleRows(in: rows) {
      let line = Int((rows.offset(ofRow: row) - viewport.top).rounded(.down))
      guard line >= 0, line < rowLines else { continue }
      body[line] = Screen.fitting(rows.rowText(row), width: width)
      if row == cursor { highlighted = line + 1 }
    }
    lines += body
    lines.append(Screen.fitting(statusText, width: width))
    return Screen(lines: lines, highlightedLine: highlighted)
  }

  /// The status line: the search prompt, the filter prompt with its number
  /// of matches, a message, or the cursor's tree path and table path and
  /// the number of rows — the remapping made visible.
  ///
  /// - Complexity: O(*d* log *b*).
  var statusText: String {
    if case .searching(let query) = mode { return "/" + query + "▏" }
    if let filter { return Screen.filterPrompt(filter) }
    if let message { return " " + message }
    let rows = list.numberOfRows
    guard let path = cursorPath, let table = list.tableIndexPath(fromTreePath: path) else {
      return " no rows"
    }
    let count = rows == 1 ? "1 row" : "\(Screen.grouped(rows)) rows"
    return " tree \(path)  ↔  table [\(table[0]), \(table[1])]  ·  row \(Screen.grouped(cursor + 1)) of \(count)"
  }
}
