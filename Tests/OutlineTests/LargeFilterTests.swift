import Foundation
import Testing
import TreeDataSource
@testable import outline

/// A source that answers as another and counts the entries it is asked
/// for, to show which keys walk the tree and which do not.
private final class CountingSource: OutlineSource {
  let base: StaticTree
  private(set) var itemCalls = 0

  init(_ base: StaticTree) { self.base = base }

  var title: String { base.title }
  func numberOfSubitems(of parent: TreePath?) -> Int { base.numberOfSubitems(of: parent) }
  func isExpanded(_ treePath: TreePath) -> Bool { base.isExpanded(treePath) }
  func item(at treePath: TreePath) -> OutlineEntry {
    itemCalls += 1
    return base.item(at: treePath)
  }
}

/// A JSON array of `count` small objects, parsed: `count` × 6 items.
private func array(count: Int) -> StaticTree {
  var text = "["
  for index in 0..<count {
    if index > 0 { text += "," }
    text += #"{"id": \#(index), "name": "item \#(index)", "tags": ["a", "b"]}"#
  }
  text += "]"
  return StaticTree(json: try! JSONParser.parse(text, fileName: "big.json"), title: "big.json")
}

/// The filter on a large document: only the first key walks the tree; every
/// later key, typed or deleted, looks at the matches it already has and
/// asks the source for nothing but the rows on screen.
@Suite struct LargeFilterTests {
  /// 10,000 elements (60,000 items) by default; 100,000 (600,000 items)
  /// with `TREEINDEX_LONG_TESTS=1`, as CI's release pass runs it.
  static let counts = ProcessInfo.processInfo.environment["TREEINDEX_LONG_TESTS"] == "1" ? [10_000, 100_000] : [10_000]

  @Test(arguments: counts)
  func onlyTheFirstKeyWalksTheTree(count: Int) throws {
    let source = CountingSource(array(count: count))
    let list = TreeList(dataSource: source)
    list.reloadData()
    var browser = Browser(list: list, height: 40)  // 38 rows on screen
    var calls = source.itemCalls
    browser.handle(.character("f"))
    _ = browser.screen(width: 80)
    /// The entries asked for since the last call.
    func asked() -> Int {
      defer { calls = source.itemCalls }
      return source.itemCalls - calls
    }
    #expect(asked() == 38, "f: the same rows on screen, and no walk")

    browser.handle(.character("9"))
    _ = browser.screen(width: 80)
    #expect(asked() >= count * 6, "the first key walks every item")
    let digits = String(count - 1)  // "9999" or "99999"
    for (typed, character) in zip(1..., digits.dropFirst()) {
      browser.handle(.character(character))
      let screen = browser.screen(width: 80)
      #expect(asked() <= 1 + 38, "\(typed + 1) nines: whether the cursor's item matches, then the screen")
      #expect(screen.lines.count == 40)
    }
    // Only the last element's name is all nines.
    #expect(browser.shownRows.numberOfRows == 1)
    #expect(browser.cursorPath == [count - 1])
    #expect(browser.statusText == "filter: \(digits)▏  1 match")
    for _ in digits.dropFirst() {
      browser.handle(.backspace)
      _ = browser.screen(width: 80)
      #expect(asked() <= 1 + 38, "Backspace: the matches kept from when the shorter text was typed")
    }
    #expect(browser.mode == .filtering("9"))
    let nines = (0..<count).filter { String($0).contains("9") }.count
    #expect(browser.filter?.matches.count == nines)
    #expect(browser.shownRows.numberOfRows == nines)
    browser.handle(.escape)
    #expect(browser.list.numberOfRows == count)
    #expect(browser.cursorPath == [0])
  }
}
