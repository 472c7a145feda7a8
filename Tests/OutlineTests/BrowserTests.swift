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

@Suite struct BrowserTests {
  @Test func startsOnTheFirstRowWithTheDataSourcesExpansion() {
    let b = browser(.planets(), height: 12)
    #expect(b.cursor == 0)
    #expect(b.cursorPath == [0])
    #expect(b.list.numberOfRows == 18)  // 4 planets, 11 countries, Japan's 3 cities
    #expect(b.viewport.visibleRows(in: b.list) == 0..<10)
    #expect(b.statusText == " tree [0]  ↔  table [0, 0]  ·  row 1 of 18 rows")
  }

  @Test func arrowsAndVimKeysMoveAndStopAtTheEnds() {
    var b = browser(.planets())
    b.handle(.up)
    #expect(b.cursor == 0)
    for key in [Key.down, .character("j"), .down] { b.handle(key) }
    #expect(b.cursorPath == [2, 0])
    b.handle(.character("k"))
    #expect(b.cursorPath == [2])
    b.handle(.end)
    #expect(b.cursorPath == [3])
    b.handle(.down)
    #expect(b.cursor == 17)
    b.handle(.character("g"))
    #expect(b.cursor == 0)
    b.handle(.character("G"))
    #expect(b.cursor == 17)
    b.handle(.home)
    #expect(b.cursor == 0)
  }

  @Test func rightExpandsThenEntersAndLeftCollapsesThenLeaves() throws {
    var b = browser(.planets())
    b.moveCursor(to: [2, 0])  // Australia, collapsed
    b.handle(.right)
    #expect(b.list.isExpanded([2, 0]))
    #expect(b.cursorPath == [2, 0])
    #expect(b.list.numberOfRows == 21)
    b.handle(.character("l"))  // expanded: go to New South Wales
    #expect(b.cursorPath == [2, 0, 0])
    b.handle(.enter)  // expand it
    #expect(b.list.isExpanded([2, 0, 0]))
    b.handle(.enter)
    #expect(b.cursorPath == [2, 0, 0, 0])  // Sydney
    b.handle(.left)  // Sydney is collapsed: to its state
    #expect(b.cursorPath == [2, 0, 0])
    b.handle(.character("h"))  // collapse New South Wales
    #expect(!b.list.isExpanded([2, 0, 0]))
    #expect(b.cursorPath == [2, 0, 0])
    b.handle(.left)
    #expect(b.cursorPath == [2, 0])
    b.handle(.left)
    #expect(!b.list.isExpanded([2, 0]))
    b.handle(.left)
    #expect(b.cursorPath == [2])
    b.handle(.left)  // collapse Earth; the cursor stays on it
    #expect(b.list.numberOfRows == 4)
    #expect(b.cursorPath == [2])
    b.handle(.left)  // a root item has no parent
    #expect(b.cursorPath == [2])
  }

  @Test func rightOnALeafDoesNothing() {
    var b = browser(.planets())
    b.moveCursor(to: [2, 8, 0, 0])  // not visible: the cursor stays
    #expect(b.cursor == 0)
    b.handle(.right)  // Mercury is a leaf
    #expect(!b.list.isExpanded([0]))
    #expect(b.list.numberOfRows == 18)
    b.handle(.space)
    #expect(!b.list.isExpanded([0]))
  }

  @Test func spaceToggles() {
    var b = browser(.planets())
    b.moveCursor(to: [2, 8])  // Japan, expanded
    b.handle(.space)
    #expect(!b.list.isExpanded([2, 8]))
    #expect(b.list.numberOfRows == 15)
    b.handle(.space)
    #expect(b.list.isExpanded([2, 8]))
    #expect(b.list.numberOfRows == 18)
    #expect(b.cursorPath == [2, 8])
  }

  @Test func starExpandsTheSubtreeAndMinusCollapsesAll() {
    var b = browser(.planets())
    b.moveCursor(to: [2, 8])  // Japan: 3 cities × 3 fields
    b.handle(.character("*"))
    #expect(b.list.numberOfRows == 27)
    #expect(b.list.isExpanded([2, 8, 2]))
    b.moveCursor(to: [2, 8, 1, 2])  // Osaka's description
    #expect(b.list.rowText(b.cursor).hasPrefix("        about: "))
    b.handle(.left)  // a leaf (never expanded): to its city
    #expect(b.cursorPath == [2, 8, 1])
    b.moveCursor(to: [2, 8, 1, 2])
    b.handle(.character("-"))
    #expect(b.list.numberOfRows == 4)
    #expect(b.cursorPath == [2])
  }

  @Test func pagesMoveByTheWindowsHeight() {
    var b = browser(.planets(), height: 7)  // 5 rows on screen
    // As `NSOutlineView` pages: to the last row wholly on screen, then a
    // window further each time (the row at the bottom goes to the top).
    b.handle(.pageDown)
    #expect(b.cursor == 4)
    #expect(b.viewport.visibleRows(in: b.list) == 0..<5)
    b.handle(.pageDown)
    b.handle(.pageDown)
    b.handle(.pageDown)
    #expect(b.cursor == 16)
    #expect(b.viewport.visibleRows(in: b.list) == 12..<17)
    b.handle(.pageUp)
    #expect(b.cursor == 12)
    #expect(b.viewport.visibleRows(in: b.list) == 12..<17)
    b.handle(.pageUp)
    #expect(b.cursor == 8)
    #expect(b.viewport.visibleRows(in: b.list) == 8..<13)
  }

  @Test func searchRevealsTheNextMatchAndWraps() {
    var b = browser(.planets())
    b.handle(.character("/"))
    for key in keys("osak") { b.handle(key) }
    #expect(b.mode == .searching("osak"))
    #expect(b.statusText == "/osak▏")
    b.handle(.enter)
    #expect(b.mode == .browsing)
    #expect(b.cursorPath == [2, 8, 1])
    #expect(b.lastQuery == "osak")

    b.handle(.character("/"))  // a hidden match: its ancestors open
    for key in keys("sydney") { b.handle(key) }
    b.handle(.enter)
    #expect(b.cursorPath == [2, 0, 0, 0])
    #expect(b.list.isExpanded([2, 0]) && b.list.isExpanded([2, 0, 0]))

    b.handle(.character("/"))
    for key in keys("to") { b.handle(key) }
    b.handle(.enter)
    var found: [String] = []
    for _ in 0..<12 {
      found.append(b.list.dataSource.item(at: b.cursorPath!).name)
      b.handle(.character("n"))
    }
    let matches = ["Victoria", "Toronto", "Tokyo", "Kyoto", "Houston"]  // every "to", in row order
    #expect(found == Array((matches + matches + matches).prefix(12)))
    #expect(b.list.isExpanded([2, 2]) && b.list.isExpanded([2, 2, 0]))  // Canada, Ontario: revealed
  }

  @Test func searchPromptEditsAndCancels() {
    var b = browser(.planets())
    b.handle(.character("/"))
    for key in [Key.character("m"), .character("a"), .space, .character("x"), .backspace, .backspace] {
      b.handle(key)
    }
    #expect(b.mode == .searching("ma"))
    b.handle(.escape)
    #expect(b.mode == .browsing)
    #expect(b.cursor == 0)
    #expect(b.lastQuery == nil)
    b.handle(.character("n"))
    #expect(b.message == "no search yet: type / to search")
    b.handle(.character("/"))
    for key in keys("qzz") { b.handle(key) }  // a q in the prompt is text, not quit
    #expect(!b.isFinished)
    b.handle(.enter)
    #expect(b.message == "not found: qzz")
    #expect(b.statusText == " not found: qzz")
    b.handle(.down)  // a message lasts one key
    #expect(b.message == nil)
  }

  @Test func quitsOnQCtrlCAndEndOfInput() {
    for key in [Key.character("q"), .interrupt, .endOfInput] {
      var b = browser(.planets())
      b.handle(key)
      #expect(b.isFinished)
    }
    var b = browser(.planets())
    b.handle(.character("/"))
    b.handle(.interrupt)  // also while searching
    #expect(b.isFinished)
  }

  @Test func anEmptyTreeHasNoCursor() {
    var b = browser(StaticTree(title: "empty", roots: []))
    for key in [Key.down, .up, .right, .left, .space, .character("*"), .character("-"), .pageDown, .end] {
      b.handle(key)
    }
    #expect(b.cursorPath == nil)
    #expect(b.statusText == " no rows")
    #expect(b.screen(width: 40).lines == ["empty".paddedTitle(width: 40)] + Array(repeating: "", count: 8) + [" no rows"])
  }

  @Test func resizeKeepsTheCursorInView() {
    var b = browser(.planets(), height: 20)
    b.handle(.end)
    b.resize(height: 6)
    #expect(b.viewport.visibleRows(in: b.list) == 14..<18)
    b.resize(height: 1)  // at least one row
    #expect(b.viewport.visibleRows(in: b.list) == 17..<18)
  }

  /// Random key sessions on random trees against ``BrowserModel``: after
  /// every key the cursor, the window, the expansion, the mode and every
  /// line on screen are the model's.
  @Test(arguments: 0..<24 as Range<UInt64>)
  func randomSessionsMatchTheModel(seed: UInt64) throws {
    var random = SeededNumbers(seed: seed)
    let tree = RandomOutline.make(depth: 4, using: &random)
    let height = Int.random(in: 3...12, using: &random)
    var b = browser(tree, height: height)
    var model = BrowserModel(tree: tree, height: height)
    let pool: [Key] = [
      .up, .down, .character("j"), .character("k"), .right, .left, .character("l"), .character("h"),
      .enter, .backspace, .space, .character("*"), .character("-"), .pageUp, .pageDown, .home, .end,
      .character("g"), .character("G"), .character("n"), .character("x"),
    ]
    for step in 0..<400 {
      let key: Key
      if Int.random(in: 0..<12, using: &random) == 0 {
        key = .character("/")
      } else if case .searching(let query) = model.mode {
        let choices: [Key] =
          [.enter, .enter, .backspace, .escape] + RandomOutline.syllables.flatMap { $0 }.map { .character($0) }
        key = query.count >= 3 ? .enter : choices.randomElement(using: &random)!
      } else {
        key = pool.randomElement(using: &random)!
      }
      b.handle(key)
      model.handle(key)
      let context = Comment(rawValue: "seed \(seed), step \(step), key \(key)")
      #expect(b.list.rowTexts == model.rowTexts, context)
      #expect(b.cursor == model.cursor, context)
      #expect(b.cursorPath == model.cursorPath, context)
      #expect(Int(b.viewport.top) == model.top, context)
      #expect(b.mode == model.mode, context)
      #expect(b.lastQuery == model.lastQuery, context)
      let screen = b.screen(width: 60)
      let expected = model.windowLines.map { Screen.fitting($0, width: 60) }
      #expect(Array(screen.lines.dropFirst().dropLast()) == expected, context)
      #expect(screen.highlightedLine == (model.rows.isEmpty ? nil : model.cursor - model.top + 1), context)
      try #require(b.list.rowTexts == model.rowTexts, context)
    }
  }
}

extension String {
  /// The title line a browser of a tree titled `self` shows.
  fileprivate func paddedTitle(width: Int) -> String {
    Screen.fitting(" " + self + "    / search · n next · f filter · q quit", width: width)
  }
}
