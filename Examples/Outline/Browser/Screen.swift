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

  /// The text of the visible row `row` as the screen draws it: like
  /// ``rowText(_:)``, with indent guides in the indentation where the rows
  /// know them.
  ///
  /// - Precondition: `row` is in `0 ..< numberOfRows`.
  func guidedRowText(_ row: Int) -> String
}

extension OutlineRows {
  /// The row's text as it is: no guides.
  func guidedRowText(_ row: Int) -> String { rowText(row) }
}

extension TreeList: OutlineRows where DataSource: OutlineSource {
  /// The row's text with its indentation drawn as indent guides: `├` or
  /// `└` before the item (whether it is its parent's last subitem), and `│`
  /// in the column of each ancestor's subitems that continue below it.
  /// Root items have no guide: they are the outline's left edge.
  ///
  /// - Complexity: O(*d* log *b*), plus one ``TreeDataSource/item(at:)``
  ///   call.
  func guidedRowText(_ row: Int) -> String {
    guard let treePath = treePath(forRow: row) else { return "" }
    let text = dataSource.item(at: treePath).row(level: 0, isExpanded: isExpanded(treePath))
    return text.guided(by: index.indentGuides(forRow: row))
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
    var lines = [Screen.fitting(" " + list.dataSource.title + Screen.keysHint, width: width)]
    var body = Array(repeating: "", count: rowLines)
    // The row each line shows, for the cursor's highlight and the
    // selection's.
    var bodyRows = [Int?](repeating: nil, count: rowLines)
    let rows = shownRows
    for row in viewport.visibleRows(in: rows) {
      let line = Int((rows.offset(ofRow: row) - viewport.top).rounded(.down))
      guard line >= 0, line < rowLines else { continue }
      body[line] = Screen.fitting(rows.guidedRowText(row), width: width)
      bodyRows[line] = row
    }
    for sticky in stickyRows() {
      let line = Int(sticky.offset.rounded(.down))
      guard line >= 0, line < rowLines else { continue }
      body[line] = Screen.fitting(list.guidedRowText(sticky.row), width: width)
      bodyRows[line] = sticky.row
    }
    if case .moving(let move) = mode, let marker = markerLine(for: move, width: width) {
      let offset = move.gap < rows.numberOfRows ? rows.offset(ofRow: move.gap) : rows.contentHeight
      let line = Int((offset - viewport.top).rounded(.down))
      if line >= 0, line < rowLines {
        body.insert(marker, at: line)
        body.removeLast()
        bodyRows.insert(nil, at: line)
        bodyRows.removeLast()
      }
    }
    lines += body
    lines.append(Screen.fitting(statusText, width: width))
    let highlighted = bodyRows.firstIndex { $0 == cursor }.map { $0 + 1 }
    var selected: Set<Int> = []
    if filter == nil {
      let selectedRows = Set(list.selectedRows)
      for (line, row) in bodyRows.enumerated() where row.map(selectedRows.contains) == true { selected.insert(line + 1) }
    }
    return Screen(lines: lines, highlightedLine: highlighted, selectedLines: selected)
  }

  /// The status line: the search prompt, the filter prompt with its number
  /// of matches, a message, or the cursor's tree path and table path and
  /// the number of rows — the remapping made visible.
  ///
  /// - Complexity: O(*d* log *b*).
  var statusText: String {
    if case .searching(let query) = mode { return "/" + query + "▏" }
    if case .moving(let move) = mode { return moveStatus(move) }
    if let filter { return Screen.filterPrompt(filter) }
    if let message { return " " + message }
    if case .typeSelecting(let text) = mode { return " go to the name starting with: " + text + "▏  Enter or Esc: done" }
    let rows = list.numberOfRows
    guard let path = cursorPath, let table = list.tableIndexPath(fromTreePath: path) else {
      return " no rows"
    }
    let count = rows == 1 ? "1 row" : "\(Screen.grouped(rows)) rows"
    return " tree \(path)  ↔  table [\(table[0]), \(table[1])]  ·  row \(Screen.grouped(cursor + 1)) of \(count)"
  }

  /// The marker line of a move: the moved item's name, indented to the
  /// level it would land at.
  ///
  /// - Complexity: O(*d* log *b*).
  func markerLine(for move: OutlineMove, width: Int) -> String? {
    guard let target = dropTarget(for: move) else { return nil }
    let name = list.dataSource.item(at: move.source).text
    return Screen.fitting(String(repeating: "  ", count: target.level) + "┈┈ " + name, width: width)
  }

  /// The status line of a move: where the item would land, and the keys.
  ///
  /// - Complexity: O(*d* log *b*).
  func moveStatus(_ move: OutlineMove) -> String {
    let gap = IndexPath(indexes: [0, move.gap])
    guard let target = dropTarget(for: move), let levels = list.index.dropLevels(beforeRowAt: gap) else {
      return " move: no place here"
    }
    let place = target.parent.map { "into \(OutlineOptions.text(of: $0))" } ?? "at the top"
    let range = levels.count > 1 ? " (\(levels.lowerBound)…\(levels.upperBound))" : ""
    return " move \(OutlineOptions.text(of: move.source)) \(place) at \(target.index), level \(target.level)\(range)"
      + "  ·  ↑↓ gap · ←→ level · Enter drop · Esc cancel"
  }

  /// The most rows that stick to the top of the window: a third of its
  /// lines, at most VS Code's 7.
  var maximumNumberOfStickyRows: Int {
    Swift.min(TreeIndex.defaultMaximumNumberOfStickyRows, Int(viewport.height) / 3)
  }

  /// The ancestors drawn over the window's top lines while browsing the
  /// list: those of the first row not covered by them, whose own rows are
  /// scrolled above the window, outermost first. They never cover the
  /// cursor: at most as many as there are lines above it.
  ///
  /// - Complexity: O(*m* *d* log *b*) for *m* sticky rows.
  func stickyRows() -> [TreeStickyRow] {
    guard filter == nil, mode == .browsing || { if case .searching = mode { true } else { false } }() else { return [] }
    let cursorLine = Int((list.offset(ofRow: cursor) - viewport.top).rounded(.down))
    let count = Swift.min(maximumNumberOfStickyRows, cursorLine)
    guard count > 0 else { return [] }
    return list.stickyRows(atContentOffset: viewport.top, maximumCount: count)
  }
}
