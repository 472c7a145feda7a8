import Foundation
import TreeDataSource
@testable import outline

/// The browser with its filter, computed the slow way: the filtered rows by
/// walking the whole tree and keeping every item whose name contains the
/// query (lowercased, `String.contains`) and every item with such an item
/// beneath it; the cursor as an index into them, the window's top scrolled
/// by hand. Keys outside the filter go to a ``BrowserModel``.
struct FilterModel {
  /// The browser outside the filter, left alone while filtering.
  var browser: BrowserModel
  /// The filter's state while it is on: the text typed, and the cursor and
  /// window over the filtered rows.
  var filter: (query: String, cursor: Int, top: Int)?

  init(tree: StaticTree, height: Int) {
    browser = BrowserModel(tree: tree, height: height)
  }

  var tree: StaticTree { browser.tree }

  /// What the browser's mode should be.
  var mode: Browser<StaticTree>.Mode { filter.map { .filtering($0.query) } ?? browser.mode }

  /// Whether the name of the item at `path` contains `query`, ignoring case.
  func matches(_ path: TreePath, _ query: String) -> Bool {
    !query.isEmpty && tree.node(at: path).entry.name.lowercased().contains(query.lowercased())
  }

  /// The rows of the filter for `query`: the browser's rows for the empty
  /// query, else every match and every item with a match beneath it.
  func rows(for query: String) -> [TreePath] {
    guard !query.isEmpty else { return browser.rows }
    var rows: [TreePath] = []
    /// Adds the rows of the item at `path` and its subtree; whether there are any.
    func visit(_ node: StaticTree.Node, _ path: TreePath) -> Bool {
      let start = rows.count
      rows.append(path)
      var isShown = matches(path, query)
      for (i, child) in node.children.enumerated() where visit(child, path.appending(i)) { isShown = true }
      if !isShown { rows.removeSubrange(start...) }
      return isShown
    }
    for (i, root) in tree.roots.enumerated() { _ = visit(root, [i]) }
    return rows
  }

  /// The rows on screen, top to bottom.
  var rows: [TreePath] { filter.map { rows(for: $0.query) } ?? browser.rows }

  /// The row texts the screen should show: in the filter, an item is ▾ when
  /// a row beneath it is shown.
  var rowTexts: [String] {
    guard let filter, !filter.query.isEmpty else { return browser.rowTexts }
    let rows = rows(for: filter.query)
    let parents = Set(rows.compactMap(\.parent))
    return rows.map { path in tree.node(at: path).entry.row(level: path.depth - 1, isExpanded: parents.contains(path)) }
  }

  /// The row texts the screen draws: the filter's rows as they are, the
  /// browser's with indent guides.
  var screenTexts: [String] {
    guard filter != nil else { return browser.guidedRowTexts }
    // While filtering: an ancestor's line continues where a later sibling
    // of it is among the rows (a visible item's siblings are all visible).
    let rows = rows
    return zip(rows, rowTexts).map { path, text in
      guard path.depth > 1 else { return text }
      func isLast(_ depth: Int) -> Bool {
        !rows.contains {
          $0.depth >= depth && $0.prefix(depth - 1).elementsEqual(path.prefix(depth - 1)) && $0[depth - 1] > path[depth - 1]
        }
      }
      var prefix = ""
      for depth in 2..<path.depth { prefix += isLast(depth) ? "  " : "│ " }
      prefix += isLast(path.depth) ? "└ " : "├ "
      return prefix + text.dropFirst(2 * (path.depth - 1))
    }
  }

  var cursor: Int { filter?.cursor ?? browser.cursor }
  var top: Int { filter?.top ?? browser.top }

  var cursorPath: TreePath? {
    let rows = rows
    return rows.isEmpty ? nil : rows[cursor]
  }

  /// Moves the filter's cursor to `row` of `rows`, scrolling as little as
  /// it takes.
  private mutating func move(to row: Int, in rows: [TreePath]) {
    guard var state = filter else { return }
    state.cursor = Swift.max(0, Swift.min(row, rows.count - 1))
    if state.cursor >= state.top + browser.height { state.top = state.cursor - browser.height + 1 }
    if state.cursor < state.top { state.top = state.cursor }
    state.top = Swift.max(0, Swift.min(state.top, rows.count - browser.height))
    filter = state
  }

  /// Sets the query and puts the cursor where the browser should: on its
  /// item while it matches, else on the first match (the row before the
  /// filter, for the empty query).
  private mutating func setQuery(_ query: String, cursorBefore: Int) {
    let item = cursorPath
    let oldRows = self.rows
    filter?.query = query
    let rows = rows(for: query)
    // The window keeps its top row's item at the top, or the nearest item
    // before it that still shows (the first row when none does).
    if var state = filter, state.top < oldRows.count {
      let kept = oldRows[...state.top].reversed().lazy.compactMap { rows.firstIndex(of: $0) }.first
      state.top = Swift.max(0, Swift.min(kept ?? 0, rows.count - browser.height))
      filter = state
    }
    if let item, query.isEmpty || matches(item, query), let row = rows.firstIndex(of: item) {
      move(to: row, in: rows)
    } else if query.isEmpty {
      move(to: cursorBefore, in: rows)
    } else {
      move(to: rows.firstIndex { matches($0, query) } ?? 0, in: rows)
    }
  }

  mutating func handle(_ key: Key) {
    if key == .interrupt || key == .endOfInput {
      browser.handle(key)
      filter = nil
      return
    }
    guard let state = filter else {
      if key == .character("f"), browser.mode == .browsing {
        filter = (query: "", cursor: browser.cursor, top: browser.top)
      } else {
        browser.handle(key)
      }
      return
    }
    let rows = rows
    switch key {
    case .escape:
      filter = nil
    case .enter:
      let item = cursorPath
      filter = nil
      if !state.query.isEmpty { browser.lastQuery = state.query }
      if let item {
        var ancestor = item.parent
        while let path = ancestor {
          browser.expanded.insert(path)
          ancestor = path.parent
        }
        browser.move(to: item)
        browser.seen.formUnion(browser.rows)
      }
    case .backspace: setQuery(String(state.query.dropLast()), cursorBefore: browser.cursor)
    case .space: setQuery(state.query + " ", cursorBefore: browser.cursor)
    case .character(let character): setQuery(state.query + String(character), cursorBefore: browser.cursor)
    case .up: move(to: state.cursor - 1, in: rows)
    case .down: move(to: state.cursor + 1, in: rows)
    case .pageUp: move(to: state.cursor - browser.height, in: rows)
    case .pageDown: move(to: state.cursor + browser.height, in: rows)
    case .home: move(to: 0, in: rows)
    case .end: move(to: rows.count - 1, in: rows)
    default: break
    }
  }
}
