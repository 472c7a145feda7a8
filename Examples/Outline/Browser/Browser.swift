import Foundation

import TreeDataSource

/// The interactive outline: a cursor on one row of a `TreeList`, a
/// viewport that keeps it on screen, a search prompt, and a filter.
///
/// While filtering (`f`), the rows on screen are an ``OutlineFilter``'s
/// instead of the list's; the list is left as it was, so Esc goes back to
/// it exactly.
///
/// A plain value with no terminal in it: the shell feeds it keys
/// (``handle(_:)``) and draws its ``screen(width:)``; tests do the same.
/// Every move asks the list, never a walk over its rows, so a tree of a
/// million rows browses as fast as one of ten.
struct Browser<Source: OutlineSource> {
  /// What the bottom line is doing.
  enum Mode: Equatable {
    /// Moving around; the bottom line shows where the cursor is.
    case browsing
    /// Typing a search after `/`; the bottom line shows the text so far.
    case searching(String)
    /// Typing a filter after `f`: the rows are the filter's, narrowed to
    /// the text so far.
    case filtering(String)
    /// Moving an item after `m`: the marker shows where it would land.
    case moving(OutlineMove)
    /// Typing the start of a name after `'`: the cursor goes to the next
    /// item whose name starts with the text so far.
    case typeSelecting(String)
  }

  /// The list the browser shows.
  let list: TreeList<Source>
  /// The row the cursor is on; 0 when there are no rows.
  private(set) var cursor = 0
  /// The window of rows on screen.
  private(set) var viewport: Viewport
  /// Whether a search prompt, the filter or a move is open.
  var mode = Mode.browsing
  /// The filter while ``mode`` is ``Mode/filtering(_:)``; `nil` otherwise.
  private(set) var filter: OutlineFilter<Source>?
  /// Where the cursor and the window were when filtering began: what Esc
  /// goes back to.
  private var positionBeforeFiltering: (cursor: Int, viewport: Viewport)?
  /// A note for the bottom line, shown until the next key: a search that
  /// found nothing, an expansion that failed.
  var message: String?
  /// What has been typed since `'`, for type-select.
  var typeSelect = TreeTypeSelect()
  /// The text of the last search, for `n`.
  private(set) var lastQuery: String?
  /// The most items one search looks at before giving up.
  var searchLimit = 1_000_000
  /// Whether the user asked to quit.
  private(set) var isFinished = false

  /// Creates a browser of `list`, which must be loaded and `.flat`, on a
  /// screen `height` lines tall, with the cursor on the first row.
  ///
  /// - Parameters:
  ///   - list: The list to show.
  ///   - height: The screen's height, the title and status lines included.
  /// - Complexity: O(*d* log *b*).
  init(list: TreeList<Source>, height: Int) {
    self.list = list
    self.viewport = Viewport(height: Double(Self.rowsHeight(forScreenHeight: height)))
    viewport.scroll(toShow: 0, in: list)
  }

  /// The lines of a screen `height` tall left for rows: all but the title
  /// and status lines, and at least one.
  static func rowsHeight(forScreenHeight height: Int) -> Int {
    Swift.max(1, height - 2)
  }

  /// The rows on screen: the filter's while filtering, else the list's.
  var shownRows: any OutlineRows {
    if let filter { return filter }
    return list
  }

  /// The path of the item under the cursor, or `nil` when there are no rows.
  /// While filtering, too, it is the item's path in the data source.
  ///
  /// - Complexity: O(*d* log *b*).
  var cursorPath: TreePath? {
    if let filter { return filter.list.itemID(atRow: cursor) }
    return list.treePath(forRow: cursor)
  }

  /// Fits the viewport to a screen `height` tall, keeping the cursor in view.
  ///
  /// - Complexity: O(*d* log *b*).
  mutating func resize(height: Int) {
    viewport.height = Double(Self.rowsHeight(forScreenHeight: height))
    viewport.scroll(toShow: cursor, in: shownRows)
  }

  // MARK: Moving

  /// Puts the cursor on `row`, clamped to the rows there are, and scrolls
  /// as little as it takes to show it.
  ///
  /// - Complexity: O(*d* log *b*).
  mutating func moveCursor(to row: Int) {
    let rows = shownRows
    cursor = Swift.max(0, Swift.min(row, rows.numberOfRows - 1))
    viewport.scroll(toShow: cursor, in: rows)
  }

  /// Puts the cursor on the list's visible item at `treePath`.
  ///
  /// - Complexity: O(*d* log *b*).
  mutating func moveCursor(to treePath: TreePath) {
    if let row = list.row(for: treePath) { moveCursor(to: row) }
  }

  /// Scrolls as little as it takes to show `row`, leaving the cursor.
  ///
  /// - Complexity: O(*d* log *b*).
  mutating func scroll(toShow row: Int) {
    viewport.scroll(toShow: row, in: shownRows)
  }

  /// Moves the cursor a page down (or up, for a negative `pages`).
  ///
  /// - Complexity: O(*d* log *b*).
  mutating func moveCursor(pages: Int) {
    if let row = viewport.row(pages, pagesFrom: cursor, in: shownRows) { moveCursor(to: row) }
  }

  // MARK: Expanding

  /// Collapses the cursor's item when it is an expanded container, and
  /// expands it when it is a collapsed one.
  mutating func toggle() {
    guard let path = cursorPath, isContainer(path) else { return }
    perform { list in try list.toggle(path) }
  }

  /// Expands the cursor's item and everything beneath it.
  mutating func expandSubtree() {
    guard let path = cursorPath, isContainer(path) else { return }
    perform { list in try list.expand(path, recursively: true) }
  }

  /// Collapses every item; the cursor goes to the root item it was under.
  mutating func collapseAll() {
    guard let path = cursorPath else { return }
    list.collapseAll()
    moveCursor(to: TreePath([path[0]]))
  }

  /// Whether the item at `treePath` can hold subitems, as its entry says.
  private func isContainer(_ treePath: TreePath) -> Bool {
    list.dataSource.item(at: treePath).isContainer
  }

  /// Runs a change to the list, keeps the cursor on its item, and shows an
  /// error on the bottom line instead of failing.
  private mutating func perform(_ change: (TreeList<Source>) throws -> Void) {
    let path = cursorPath
    do {
      try change(list)
    } catch {
      message = "\(error)"
    }
    if let path { moveCursor(to: path) } else { moveCursor(to: cursor) }
  }

  // MARK: Searching

  /// Finds the next item after the cursor whose name contains `query`,
  /// reveals it and puts the cursor on it; says so on the bottom line when
  /// there is none.
  ///
  /// - Complexity: That of ``OutlineSearch/next(after:in:)``, plus
  ///   O(*d*² log *b*) to reveal the match.
  mutating func search(for query: String) {
    guard !query.isEmpty else { return }
    lastQuery = query
    let search = OutlineSearch(query: query, limit: searchLimit)
    switch search.next(after: cursorPath, in: list.dataSource) {
    case .found(let path):
      do {
        try list.reveal(path)
        moveCursor(to: path)
      } catch {
        message = "\(error)"
      }
    case .notFound:
      message = "not found: \(query)"
    case .gaveUp(let count):
      message = "not found in the next \(count) items: \(query)"
    }
  }

  // MARK: Filtering

  /// Starts filtering: the same rows, now the filter's, with the cursor and
  /// the window where they were, until the first key narrows them.
  ///
  /// - Complexity: O(*v* *d* log *b*) for *v* visible rows.
  mutating func startFiltering() {
    positionBeforeFiltering = (cursor, viewport)
    filter = OutlineFilter(source: list.dataSource, showing: list, limit: searchLimit)
    mode = .filtering("")
  }

  /// Changes the filter's query, then keeps the cursor on its item while
  /// that still matches, else puts it on the first match (on the row it was
  /// on before filtering, for the empty query).
  private mutating func refilter(_ change: (inout OutlineFilter<Source>) -> Void) {
    guard var filter, let position = positionBeforeFiltering else { return }
    let item = cursorPath
    // The window stays anchored on its top row's item, or the nearest
    // item before it that still shows, then moves as little as the cursor
    // needs.
    filter.list.setScrollAnchor(atContentOffset: viewport.top)
    change(&filter)
    self.filter = filter
    mode = .filtering(filter.query)
    if let top = filter.list.anchoredContentOffset { viewport.scroll(toTop: top, in: filter) }
    if let item, filter.isMatch(item), let row = filter.list.row(of: item) {
      moveCursor(to: row)
    } else if filter.query.isEmpty {
      moveCursor(to: position.cursor)
    } else {
      moveCursor(to: filter.matches.first.flatMap { filter.list.row(of: $0.path) } ?? 0)
    }
  }

  /// Leaves the filter: the list's rows, which the filter did not change,
  /// with the cursor and the window where they were before it.
  ///
  /// - Complexity: O(*d* log *b*).
  mutating func stopFiltering() {
    guard let position = positionBeforeFiltering else { return }
    filter = nil
    positionBeforeFiltering = nil
    mode = .browsing
    cursor = position.cursor
    let height = viewport.height  // the screen may have been resized meanwhile
    viewport = position.viewport
    viewport.height = height
    viewport.scroll(toShow: cursor, in: list)
  }

  /// Leaves the filter for the item under the cursor: the list as it was,
  /// with that item revealed and the cursor on it; `n` then finds the next
  /// match after it, as after a search.
  ///
  /// - Complexity: O(*d*² log *b*) to reveal the item.
  mutating func acceptFilter() {
    let item = cursorPath
    let query = filter?.query ?? ""
    stopFiltering()
    if !query.isEmpty { lastQuery = query }
    guard let item else {
      if !query.isEmpty { message = "no match: \(query)" }
      return
    }
    do {
      try list.reveal(item)
      moveCursor(to: item)
    } catch {
      message = "\(error)"
    }
  }

  // MARK: Keys

  /// Does what `key` means: in the search prompt, edits or runs the search;
  /// while filtering, edits the filter, moves, goes to the item or goes
  /// back; otherwise moves, expands, collapses, opens the prompt or the
  /// filter, or quits.
  ///
  /// - Complexity: O(*d* log *b*) for a move; an expansion's or a search's
  ///   own cost otherwise.
  mutating func handle(_ key: Key) {
    message = nil
    if key == .interrupt || key == .endOfInput {
      isFinished = true
      return
    }
    switch mode {
    case .searching(let query): handleSearchKey(key, query: query)
    case .filtering: handleFilterKey(key)
    case .moving(let move): handleMoveKey(key, move: move)
    case .typeSelecting: handleTypeSelectKey(key)
    case .browsing: handleBrowsingKey(key)
    }
  }

  private mutating func handleSearchKey(_ key: Key, query: String) {
    switch key {
    case .enter:
      mode = .browsing
      search(for: query)
    case .escape:
      mode = .browsing
    case .backspace:
      mode = .searching(String(query.dropLast()))
    case .space:
      mode = .searching(query + " ")
    case .character(let character):
      mode = .searching(query + String(character))
    default:
      break
    }
  }

  private mutating func handleFilterKey(_ key: Key) {
    switch key {
    case .enter: acceptFilter()
    case .escape: stopFiltering()
    case .backspace: refilter { $0.deleteBackward() }
    case .space: refilter { $0.type(" ") }
    case .character(let character): refilter { $0.type(character) }
    case .up: moveCursor(to: cursor - 1)
    case .down: moveCursor(to: cursor + 1)
    case .pageUp: moveCursor(pages: -1)
    case .pageDown: moveCursor(pages: 1)
    case .home: moveCursor(to: 0)
    case .end: moveCursor(to: shownRows.numberOfRows - 1)
    default: break
    }
  }

  private mutating func handleBrowsingKey(_ key: Key) {
    switch key {
    case .up, .character("k"): navigate(.up)
    case .down, .character("j"): navigate(.down)
    case .shiftUp: navigate(.up, selection: .extendToFocusedItem)
    case .shiftDown: navigate(.down, selection: .extendToFocusedItem)
    case .right, .character("l"), .enter: navigate(.right)
    case .left, .character("h"), .backspace: navigate(.left)
    case .space: toggle()
    case .character("*"): expandSubtree()
    case .altRight: navigate(.right(recursively: true))
    case .altLeft: navigate(.left(recursively: true))
    case .character("-"): collapseAll()
    case .pageUp: navigate(.pageUp)
    case .pageDown: navigate(.pageDown)
    case .home, .character("g"): navigate(.home)
    case .end, .character("G"): navigate(.end)
    case .character("'"): startTypeSelect()
    case .character("/"): mode = .searching("")
    case .character("f"): startFiltering()
    case .character("m"): startMoving()
    case .character("n"):
      if let lastQuery { search(for: lastQuery) } else { message = "no search yet: type / to search" }
    case .character("q"): isFinished = true
    default: break
    }
  }
}
