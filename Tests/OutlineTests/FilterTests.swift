import ExampleTerminal
import Foundation
import Testing
import TreeDataSource
@testable import outline

/// A browser of `tree` on a screen `height` lines tall, its list loaded.
private func browser(_ tree: StaticTree, height: Int = 10) -> Browser<StaticTree> {
  let list = TreeList(dataSource: tree)
  list.reloadData()
  return Browser(list: list, height: height)
}

/// The keys of `text`, one character each.
private func keys(_ text: String) -> [Key] {
  text.map { $0 == " " ? .space : .character($0) }
}

/// Every row the browser shows, as text: the filter's while filtering.
private func shownTexts(_ browser: Browser<StaticTree>) -> [String] {
  let rows = browser.shownRows
  return (0..<rows.numberOfRows).map(rows.rowText(_:))
}

/// `f` in the outline: filter as you type on a `DiffableTreeList`.
@Suite struct FilterTests {
  @Test func fKeepsTheRowsAndEscBringsBackTheTreeExactly() {
    var b = browser(.planets(), height: 8)
    b.moveCursor(to: [2, 8])  // Japan, row 10: the window scrolled
    let rows = b.list.rowTexts
    let index = b.list.index
    let (cursor, viewport) = (b.cursor, b.viewport)
    b.handle(.character("f"))
    #expect(b.mode == .filtering(""))
    #expect(shownTexts(b) == rows)
    #expect(b.cursor == cursor && b.viewport == viewport)
    #expect(b.statusText == "filter: ▏  type to narrow · Enter go to · Esc back")
    for key in keys("sydney") { b.handle(key) }
    #expect(shownTexts(b) == ["▾ Earth", "  ▾ Australia", "    ▾ New South Wales", "      ▸ Sydney"])
    #expect(b.list.index == index, "the tree list is not touched while filtering")
    b.handle(.escape)
    #expect(b.mode == .browsing)
    #expect(b.filter == nil)
    #expect(b.list.rowTexts == rows)
    #expect(b.list.index == index)
    #expect(b.cursor == cursor && b.viewport == viewport)
    #expect(b.lastQuery == nil)
  }

  @Test func typingNarrowsToTheMatchesAndTheirAncestorsOpened() {
    var b = browser(.planets())
    b.handle(.character("f"))
    for key in keys("osak") { b.handle(key) }
    #expect(b.mode == .filtering("osak"))
    #expect(shownTexts(b) == ["▾ Earth", "  ▾ Japan", "    ▸ Osaka"])
    #expect(b.cursorPath == [2, 8, 1], "on the first match")
    #expect(b.statusText == "filter: osak▏  1 match")
    let screen = b.screen(width: 40)
    #expect(screen.lines[0] == Screen.fitting(" Planets (sample data)    / search · n next · f filter · q quit", width: 40))
    #expect(Array(screen.lines[1...3]) == ["▾ Earth", "└ ▾ Japan", "  └ ▸ Osaka"])
    #expect(screen.highlightedLine == 3)

    for key in keys("OSAKA") { b.handle(key) }  // "osakOSAKA": case does not matter, but it matches nothing
    #expect(shownTexts(b).isEmpty)
    #expect(b.cursorPath == nil)
    #expect(b.statusText == "filter: osakOSAKA▏  no match")
    for _ in 0..<5 { b.handle(.backspace) }
    #expect(shownTexts(b) == ["▾ Earth", "  ▾ Japan", "    ▸ Osaka"])
    for _ in 0..<3 { b.handle(.backspace) }  // "o": wider, Osaka still under the cursor
    #expect(b.statusText.hasPrefix("filter: o▏  "))
    #expect(shownTexts(b).count > 3)
    #expect(b.cursorPath == [2, 8, 1])
    b.handle(.backspace)  // empty: the tree as it was, Osaka on it too
    #expect(shownTexts(b) == b.list.rowTexts)
    #expect(b.cursorPath == [2, 8, 1])
    b.handle(.backspace)  // nothing left to delete
    #expect(b.mode == .filtering(""))
  }

  @Test func theCursorStaysOnItsItemWhileItMatches() throws {
    var b = browser(.planets())
    func name() throws -> String { b.list.dataSource.item(at: try #require(b.cursorPath)).name }
    b.handle(.character("f"))
    for key in keys("to") { b.handle(key) }
    #expect(try name() == "Victoria")  // the first "to" in row order
    b.handle(.character("r"))
    #expect(try name() == "Victoria", "Victoria matches \"tor\"")
    b.handle(.character("o"))
    #expect(try name() == "Toronto", "Victoria is gone: the first match")
    b.handle(.backspace)
    b.handle(.backspace)
    #expect(try name() == "Toronto", "wider again: Toronto still matches")
    b.handle(.end)
    #expect(try name() == "Houston")
    b.handle(.character("k"))
    #expect(try name() == "Tokyo")
  }

  @Test func enterGoesToTheItemInTheTreeAndNFindsTheNextMatch() {
    var b = browser(.planets())
    b.handle(.character("f"))
    for key in keys("sydney") { b.handle(key) }
    b.handle(.enter)
    #expect(b.mode == .browsing)
    #expect(b.cursorPath == [2, 0, 0, 0])
    #expect(b.list.isExpanded([2, 0]) && b.list.isExpanded([2, 0, 0]))
    #expect(!b.list.isExpanded([2, 0, 0, 0]), "the match itself stays as it was")
    #expect(b.lastQuery == "sydney")
    #expect(b.list.numberOfRows == 18 + 3 + 1, "Australia's three states and New South Wales's city")

    b.handle(.character("f"))  // on an ancestor row, Enter goes there
    for key in keys("tokyo") { b.handle(key) }
    b.handle(.up)
    #expect(b.cursorPath == [2, 8])
    b.handle(.enter)
    #expect(b.cursorPath == [2, 8])
    b.handle(.character("n"))  // the next "tokyo" after Japan
    #expect(b.cursorPath == [2, 8, 0])
  }

  @Test func enterWithNoMatchGoesBackAndSaysSo() {
    var b = browser(.planets())
    let rows = b.list.rowTexts
    b.handle(.character("f"))
    for key in keys("qzx") { b.handle(key) }
    b.handle(.enter)
    #expect(b.mode == .browsing)
    #expect(b.list.rowTexts == rows)
    #expect(b.message == "no match: qzx")
    #expect(b.cursor == 0)
  }

  @Test func keysThatMeanSomethingElseWhileBrowsingAreTextInTheFilter() {
    var b = browser(.planets())
    b.handle(.character("f"))
    for key in keys("q j/k n") { b.handle(key) }
    #expect(!b.isFinished)
    #expect(b.mode == .filtering("q j/k n"))
    b.handle(.interrupt)  // Ctrl-C still quits
    #expect(b.isFinished)
  }

  @Test func searchAndFilterFindTheSameItems() throws {
    let planets = StaticTree.planets()
    for query in ["to", "SÃO", "são paulo", "area", "population", "an", "ia", "x", "e"] {
      var b = browser(planets)
      b.handle(.character("f"))
      for key in keys(query) { b.handle(key) }
      let filtered = try #require(b.filter).matches.map(\.path)
      var found: [TreePath] = []
      var start: TreePath?
      while case .found(let path) = OutlineSearch(query: query).next(after: start, in: planets), !found.contains(path) {
        found.append(path)
        start = path
      }
      #expect(filtered == found.sorted(), "\(query)")
    }
  }

  @Test func theWalkStopsAtTheLimit() throws {
    var b = browser(.planets())
    b.searchLimit = 10
    b.handle(.character("f"))
    for key in keys("a") { b.handle(key) }
    let filter = try #require(b.filter)
    #expect(filter.gaveUpAfter == 10)
    #expect(filter.matches.allSatisfy { $0.path <= [2, 0, 1] }, "the first ten items in row order")
    #expect(b.statusText.hasSuffix(" in the first 10 items"))
    b.handle(.backspace)
    #expect(b.filter?.gaveUpAfter == nil)
  }

  /// Random key sessions on random trees against ``FilterModel``: after every
  /// key the rows, the cursor, the window, the mode and every line on screen
  /// are the model's; every key that changes the filter's rows hands its
  /// host exactly one valid update that leaves it showing those rows (and a
  /// key that changes nothing hands it none); Esc gives back the tree list
  /// with exactly the expansion it had.
  @Test(arguments: 0..<24 as Range<UInt64>)
  func randomFilterSessionsMatchTheModel(seed: UInt64) throws {
    var random = SeededNumbers(seed: seed &+ 0xF11_7E2)
    let tree = RandomOutline.make(depth: 4, using: &random)
    let height = Int.random(in: 3...12, using: &random)
    var b = browser(tree, height: height)
    var model = FilterModel(tree: tree, height: height)
    let browsing: [Key] = [
      .up, .down, .right, .left, .space, .character("*"), .character("-"), .pageDown, .end, .home,
    ]
    let letters: [Character] = Array(Set(RandomOutline.syllables.joined())).sorted() + ["K", "O", "x"]
    let filtering: [Key] =
      [.backspace, .backspace, .backspace, .space, .up, .down, .pageUp, .pageDown, .home, .end, .left]
      + letters.map { .character($0) }
    var host: ListHostSimulator?
    var before: (index: TreeIndex, rows: [String])?
    var rowsBefore = model.rows
    for step in 0..<160 {
      let key: Key
      if model.filter == nil {
        key = Int.random(in: 0..<4, using: &random) == 0 ? .character("f") : browsing.randomElement(using: &random)!
      } else {
        let roll = Int.random(in: 0..<30, using: &random)
        key = roll == 0 ? .escape : roll == 1 ? .enter : filtering.randomElement(using: &random)!
      }
      let context = Comment(rawValue: "seed \(seed), step \(step), key \(key)")
      let wasFiltering = b.filter != nil
      let callsBefore = host?.calls.count ?? 0
      if key == .character("f") && !wasFiltering { before = (b.list.index, b.list.rowTexts) }
      b.handle(key)
      model.handle(key)

      let (rows, texts) = (model.rows, model.rowTexts)
      #expect(b.mode == model.mode, context)
      try #require(shownTexts(b) == texts, context)
      #expect(b.cursor == model.cursor, context)
      #expect(b.cursorPath == (rows.isEmpty ? nil : rows[model.cursor]), context)
      #expect(Int(b.viewport.top) == model.top, context)
      #expect(b.lastQuery == model.browser.lastQuery, context)
      let screen = b.screen(width: 60)
      let shown =
        model.filter == nil
        ? model.browser.windowLines
        : Array(model.screenTexts.dropFirst(model.top).prefix(model.browser.height))
      let expected =
        shown.map { Screen.fitting($0, width: 60) } + Array(repeating: "", count: model.browser.height - shown.count)
      #expect(Array(screen.lines.dropFirst().dropLast()) == expected, context)
      #expect(screen.highlightedLine == (rows.isEmpty ? nil : model.cursor - model.top + 1), context)

      if let filter = b.filter {
        if !wasFiltering {
          host = ListHostSimulator(list: filter.list)  // the host reads the list as the filter starts
        } else if let host {
          let calls = host.calls.dropFirst(callsBefore)
          if rows == rowsBefore {
            #expect(calls.isEmpty, context)
          } else {
            #expect(calls.count == 1, context)
            if case .apply = calls.first {} else { Issue.record("not an update: \(calls), \(context)") }
          }
          #expect(host.violations.isEmpty, context)
          #expect(host.rows == [rows.map(AnyHashable.init)], context)
        }
      } else if wasFiltering, key == .escape, let saved = before {
        #expect(b.list.index == saved.index, context)
        #expect(b.list.rowTexts == saved.rows, context)
      }
      rowsBefore = rows
    }
  }
}
