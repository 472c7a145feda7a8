import Foundation
import Testing
import TreeDataSource
@testable import outline

/// A source that answers as another and counts the rows it is asked to
/// show, to prove the browser asks only for what is on screen.
private final class CountingSource: OutlineSource {
  let base: StaticTree
  private(set) var itemCalls = 0
  private(set) var subitemCalls = 0

  init(_ base: StaticTree) { self.base = base }

  var title: String { base.title }
  func numberOfSubitems(of parent: TreePath?) -> Int {
    subitemCalls += 1
    return base.numberOfSubitems(of: parent)
  }
  func isExpanded(_ treePath: TreePath) -> Bool { base.isExpanded(treePath) }
  func item(at treePath: TreePath) -> OutlineEntry {
    itemCalls += 1
    return base.item(at: treePath)
  }
}

/// Trees far larger than the screen: the browser's cost follows the rows it
/// shows, not the rows there are.
@Suite struct LargeOutlineTests {
  /// A 100,000-element JSON array of small objects, as an outline of its
  /// own (the browser may rearrange it).
  static var bigArray: StaticTree { StaticTree(json: bigJSON, title: "big.json") }

  /// The array, parsed once.
  static let bigJSON: JSONValue = {
    var text = "["
    for index in 0..<100_000 {
      if index > 0 { text += "," }
      text += #"{"id": \#(index), "name": "item \#(index)", "tags": ["a", "b"]}"#
    }
    text += "]"
    return try! JSONParser.parse(text, fileName: "big.json")
  }()

  @Test func jumpingToTheEndAsksOnlyForTheRowsOnScreen() {
    let source = CountingSource(Self.bigArray)
    let list = TreeList(dataSource: source)
    list.reloadData()
    var browser = Browser(list: list, height: 40)
    _ = browser.screen(width: 80)
    browser.handle(.end)
    let screen = browser.screen(width: 80)
    #expect(browser.cursorPath == [99_999])
    #expect(screen.lines[38] == "▸ 99999  {3}")
    #expect(screen.highlightedLine == 38)
    #expect(browser.statusText == " tree [99999]  ↔  table [0, 99999]  ·  row 100,000 of 100,000 rows")
    // Two frames of 38 rows each; nothing else asks for an item.
    #expect(source.itemCalls == 2 * 38)
    #expect(source.subitemCalls == 1)  // the root's count, once

    browser.handle(.right)  // expand the last element
    browser.handle(.character("j"))
    browser.handle(.character("j"))
    #expect(browser.cursorPath == [99_999, 1])
    #expect(browser.list.numberOfRows == 100_003)
    #expect(source.subitemCalls == 2)
  }

  @Test func searchFromTheTopRevealsAMatchNearTheEnd() {
    let list = TreeList(dataSource: Self.bigArray)
    list.reloadData()
    var browser = Browser(list: list, height: 24)
    for key in [Key.character("/")] + "99998".map({ Key.character($0) }) + [.enter] {
      browser.handle(key)
    }
    #expect(browser.cursorPath == [99_998])
    #expect(browser.cursor == 99_998)
    #expect(browser.viewport.visibleRows(in: list).contains(99_998))
  }

  @Test func pagingThroughAHugeListStaysOnScreen() {
    let list = TreeList(dataSource: Self.bigArray)
    list.reloadData()
    var browser = Browser(list: list, height: 52)  // 50 rows a page
    for _ in 0..<100 { browser.handle(.pageDown) }
    #expect(browser.cursor == 49 + 99 * 49)  // to the page's last row, then 49 rows a page
    #expect(browser.viewport.visibleRows(in: list) == 4_851..<4_901)
    browser.handle(.pageUp)
    #expect(browser.cursor == 4_851)
    #expect(browser.viewport.visibleRows(in: list) == 4_851..<4_901)
  }
}
