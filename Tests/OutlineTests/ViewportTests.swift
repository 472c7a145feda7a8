import Testing
import TreeDataSource
@testable import outline

/// `count` rows of height 1, the geometry of a terminal list, answered
/// without a `TreeList`.
private struct UniformRows: RowGeometry {
  var numberOfRows: Int
  var contentHeight: Double { Double(numberOfRows) }
  func offset(ofRow row: Int) -> Double { Double(Swift.min(Swift.max(row, 0), numberOfRows)) }
  func row(atOffset offset: Double) -> Int? { offset >= 0 && offset < contentHeight ? Int(offset) : nil }
}

/// A tree whose items are their rows' heights.
private final class HeightTree: TreeDataSource {
  /// One item: its row's height, whether it starts expanded, its subitems.
  struct Node {
    var height: Double
    var isExpanded = false
    var children: [Node] = []
  }

  let roots: [Node]

  init(_ roots: [Node]) { self.roots = roots }

  func node(at treePath: TreePath) -> Node {
    var node = roots[treePath[0]]
    for index in treePath.dropFirst() { node = node.children[index] }
    return node
  }

  func numberOfSubitems(of parent: TreePath?) -> Int {
    guard let parent else { return roots.count }
    return node(at: parent).children.count
  }

  func isExpanded(_ treePath: TreePath) -> Bool { node(at: treePath).isExpanded }
  func height(ofItemAt treePath: TreePath) -> Double { node(at: treePath).height }
  func item(at treePath: TreePath) -> Double { node(at: treePath).height }

  /// The heights of the rows a freshly loaded list shows, top to bottom.
  var rowHeights: [Double] {
    func walk(_ nodes: [Node]) -> [Double] {
      nodes.flatMap { [$0.height] + ($0.isExpanded ? walk($0.children) : []) }
    }
    return walk(roots)
  }

  /// A random tree of up to `count` items, with heights that add up exactly.
  static func random(count: Int, using generator: inout SeededNumbers) -> HeightTree {
    let heights = [0.5, 1, 1, 1, 1.5, 2, 3, 6.25]
    var made = 0
    func level(_ depth: Int) -> [Node] {
      var nodes: [Node] = []
      for _ in 0..<Int.random(in: 1...6, using: &generator) where made < count {
        made += 1
        var node = Node(height: heights.randomElement(using: &generator)!)
        if depth < 4, Int.random(in: 0..<3, using: &generator) == 0 {
          node.children = level(depth + 1)
          node.isExpanded = Bool.random(using: &generator)
        }
        nodes.append(node)
      }
      return nodes
    }
    var roots: [Node] = []
    while made < count { roots += level(0) }
    return HeightTree(roots)
  }
}

/// The same questions answered by adding up every row's height.
private struct NaiveRows {
  /// Each row's top, then the content's height.
  let offsets: [Double]

  init(_ heights: [Double]) {
    var offsets = [0.0]
    for height in heights { offsets.append(offsets.last! + height) }
    self.offsets = offsets
  }

  var count: Int { offsets.count - 1 }
  var contentHeight: Double { offsets.last! }

  /// Where the window's top goes to show `row`: the nearest top that shows
  /// it wholly (its top when it is taller than the window), kept inside the
  /// content.
  func top(showing row: Int, from top: Double, height: Double) -> Double {
    let rowTop = offsets[row], rowBottom = offsets[row + 1]
    let lowest = rowBottom - height, highest = rowTop
    let wanted = lowest > highest ? rowTop : Swift.min(Swift.max(top, lowest), highest)
    return Swift.max(0, Swift.min(wanted, contentHeight - height))
  }

  /// The rows of nonzero height that overlap `[top, top + height)`.
  func visibleRows(top: Double, height: Double) -> Range<Int> {
    guard height > 0 else { return 0..<0 }
    let rows = (0..<count).filter {
      offsets[$0] < offsets[$0 + 1] && offsets[$0] < top + height && offsets[$0 + 1] > top
    }
    guard let first = rows.first, let last = rows.last else { return 0..<0 }
    return first..<(last + 1)
  }

  /// The row covering the offset `pages` windows from `row`'s top, within
  /// the rows; Page Down always moves on at least one row.
  func row(_ pages: Int, pagesFrom row: Int, height: Double) -> Int? {
    guard count > 0 else { return nil }
    let target = offsets[row] + Double(pages) * Swift.max(1, height)
    guard let found = (0..<count).first(where: { offsets[$0] <= target && target < offsets[$0 + 1] })
    else { return target <= 0 ? 0 : count - 1 }
    return pages > 0 ? Swift.min(Swift.max(found, row + 1), count - 1) : found
  }
}

/// A loaded list of `tree`.
private func loadedList(_ tree: HeightTree) -> TreeList<HeightTree> {
  let list = TreeList(dataSource: tree)
  list.reloadData()
  return list
}

/// Rows, top to bottom, in a list of seven:
///
///     row  item    height  top
///     0    [0]     1       0
///     1    [1]     2       1       expanded
///     2    [1, 0]  1       3
///     3    [1, 1]  5       4       taller than a window of 4
///     4    [1, 2]  0.5     9
///     5    [2]     1       9.5     collapsed over [2, 0]
///     6    [3]     1.5     10.5
///                          12      content height
private func smallTree() -> HeightTree {
  HeightTree([
    .init(height: 1),
    .init(height: 2, isExpanded: true, children: [.init(height: 1), .init(height: 5), .init(height: 0.5)]),
    .init(height: 1, children: [.init(height: 3)]),
    .init(height: 1.5),
  ])
}

@Suite struct ViewportTests {
  @Test func theSmallTreeHasTheRowsItSays() {
    let list = loadedList(smallTree())
    #expect(list.numberOfRows == 7)
    #expect(list.contentHeight == 12)
    #expect((0...7).map { list.offset(ofRow: $0) } == [0, 1, 3, 4, 9, 9.5, 10.5, 12])
  }

  @Test func aNewWindowIsAtTheTop() {
    let viewport = Viewport(height: 10)
    #expect(viewport.top == 0)
    #expect(viewport.height == 10)
    #expect(viewport.visibleRows(in: UniformRows(numberOfRows: 1000)) == 0..<10)
    #expect(Viewport(height: -3).height == 0)
  }

  @Test func scrollingMovesTheWindowAsLittleAsItTakes() {
    let rows = UniformRows(numberOfRows: 1000)
    var viewport = Viewport(height: 10)
    viewport.scroll(toShow: 9, in: rows)
    #expect(viewport.top == 0, "already in view")
    viewport.scroll(toShow: 10, in: rows)
    #expect(viewport.top == 1, "one row down")
    viewport.scroll(toShow: 50, in: rows)
    #expect(viewport.top == 41, "the row at the bottom")
    viewport.scroll(toShow: 45, in: rows)
    #expect(viewport.top == 41, "already in view")
    viewport.scroll(toShow: 41, in: rows)
    #expect(viewport.top == 41, "at the top, in view")
    viewport.scroll(toShow: 40, in: rows)
    #expect(viewport.top == 40, "one row up")
    viewport.scroll(toShow: 3, in: rows)
    #expect(viewport.top == 3, "the row at the top")
    viewport.scroll(toShow: 999, in: rows)
    #expect(viewport.top == 990)
    #expect(viewport.visibleRows(in: rows) == 990..<1000)
    viewport.scroll(toShow: 0, in: rows)
    #expect(viewport.top == 0)
  }

  @Test func scrollingOverRowsOfDifferentHeights() {
    let list = loadedList(smallTree())
    var viewport = Viewport(height: 4)
    viewport.scroll(toShow: 2, in: list)
    #expect(viewport.top == 0, "rows 0 to 2 fill the window exactly")
    #expect(viewport.visibleRows(in: list) == 0..<3)
    viewport.scroll(toShow: 4, in: list)
    #expect(viewport.top == 5.5, "row 4 at the bottom")
    #expect(viewport.visibleRows(in: list) == 3..<5)
    viewport.scroll(toShow: 6, in: list)
    #expect(viewport.top == 8)
    #expect(viewport.visibleRows(in: list) == 3..<7)
    viewport.scroll(toShow: 2, in: list)
    #expect(viewport.top == 3, "row 2 at the top")
    #expect(viewport.visibleRows(in: list) == 2..<4)
  }

  @Test func aRowTallerThanTheWindowShowsItsTop() {
    let list = loadedList(smallTree())
    var viewport = Viewport(height: 4)
    viewport.scroll(toShow: 3, in: list)
    #expect(viewport.top == 4, "scrolling down")
    #expect(viewport.visibleRows(in: list) == 3..<4)
    viewport.scroll(toShow: 6, in: list)
    viewport.scroll(toShow: 3, in: list)
    #expect(viewport.top == 4, "scrolling up")
  }

  @Test func contentShorterThanTheWindowStaysAtTheTop() {
    let list = loadedList(smallTree())
    var viewport = Viewport(height: 20)
    for row in [6, 3, 0, 5] {
      viewport.scroll(toShow: row, in: list)
      #expect(viewport.top == 0)
      #expect(viewport.visibleRows(in: list) == 0..<7)
    }
    var exact = Viewport(height: 12)
    exact.scroll(toShow: 6, in: list)
    #expect(exact.top == 0)
    #expect(exact.visibleRows(in: list) == 0..<7)
  }

  @Test func clampingPullsTheWindowBackWhenTheContentShrinks() throws {
    let tree = HeightTree([
      .init(height: 1, isExpanded: true, children: Array(repeating: .init(height: 1), count: 30)),
      .init(height: 1), .init(height: 1),
    ])
    let list = loadedList(tree)
    var viewport = Viewport(height: 10)
    viewport.scroll(toShow: 32, in: list)
    #expect(viewport.top == 23)
    try list.collapse([0])
    #expect(list.contentHeight == 3)
    #expect(viewport.visibleRows(in: list) == 0..<0, "before clamping, the window is past the end")
    viewport.clamp(in: list)
    #expect(viewport.top == 0)
    #expect(viewport.visibleRows(in: list) == 0..<3)
    try list.expand([0])
    viewport.scroll(toShow: 32, in: list)
    viewport.height = 30
    viewport.clamp(in: list)
    #expect(viewport.top == 3, "a taller window shows the last rows")
    #expect(viewport.visibleRows(in: list) == 3..<33)
  }

  @Test func visibleRowsIncludeRowsCutAtEitherEdge() {
    let list = loadedList(smallTree())
    var viewport = Viewport(height: 2.5)
    viewport.scroll(toShow: 6, in: list)
    #expect(viewport.top == 9.5)
    #expect(viewport.visibleRows(in: list) == 5..<7)
    viewport.scroll(toShow: 1, in: list)
    #expect(viewport.top == 1)
    #expect(viewport.visibleRows(in: list) == 1..<3, "row 2 is cut at the bottom")
    viewport.scroll(toShow: 2, in: list)
    #expect(viewport.top == 1.5)
    #expect(viewport.visibleRows(in: list) == 1..<3, "row 1 is cut at the top")
  }

  @Test func pagesMoveByTheWindowsHeight() {
    let rows = UniformRows(numberOfRows: 1000)
    let viewport = Viewport(height: 10)
    #expect(viewport.row(1, pagesFrom: 0, in: rows) == 10)
    #expect(viewport.row(1, pagesFrom: 500, in: rows) == 510)
    #expect(viewport.row(3, pagesFrom: 500, in: rows) == 530)
    #expect(viewport.row(-1, pagesFrom: 500, in: rows) == 490)
    #expect(viewport.row(-2, pagesFrom: 500, in: rows) == 480)
    #expect(viewport.row(0, pagesFrom: 500, in: rows) == 500)
  }

  @Test func pagesStopAtTheFirstAndLastRows() {
    let rows = UniformRows(numberOfRows: 1000)
    let viewport = Viewport(height: 10)
    #expect(viewport.row(-1, pagesFrom: 5, in: rows) == 0)
    #expect(viewport.row(-1, pagesFrom: 10, in: rows) == 0)
    #expect(viewport.row(-1, pagesFrom: 0, in: rows) == 0)
    #expect(viewport.row(1, pagesFrom: 995, in: rows) == 999)
    #expect(viewport.row(1, pagesFrom: 990, in: rows) == 999)
    #expect(viewport.row(1, pagesFrom: 999, in: rows) == 999)
    #expect(viewport.row(1, pagesFrom: 0, in: UniformRows(numberOfRows: 5)) == 4)
    #expect(viewport.row(1, pagesFrom: 0, in: UniformRows(numberOfRows: 1)) == 0)
  }

  @Test func pagesOverRowsOfDifferentHeights() {
    let list = loadedList(smallTree())
    let viewport = Viewport(height: 4)
    #expect(viewport.row(1, pagesFrom: 0, in: list) == 3)
    #expect(viewport.row(1, pagesFrom: 1, in: list) == 3)
    #expect(viewport.row(1, pagesFrom: 2, in: list) == 3)
    #expect(viewport.row(-1, pagesFrom: 6, in: list) == 3)
    #expect(viewport.row(-1, pagesFrom: 3, in: list) == 0)
    #expect(viewport.row(1, pagesFrom: 5, in: list) == 6)
  }

  /// Row 3 is 5 high: a page of 4 from its top lands inside it, but Page
  /// Down must still move the cursor on.
  @Test func pageDownLeavesARowTallerThanTheWindow() {
    let list = loadedList(smallTree())
    let viewport = Viewport(height: 4)
    #expect(viewport.row(1, pagesFrom: 3, in: list) == 4)
    #expect(viewport.row(-1, pagesFrom: 4, in: list) == 3)
    var row = 0
    var visited = [row]
    while let next = viewport.row(1, pagesFrom: row, in: list), next != row {
      row = next
      visited.append(row)
    }
    #expect(visited == [0, 3, 4, 6])
  }

  @Test func noRowsMeanNoPagesAndNothingVisible() {
    let empty = UniformRows(numberOfRows: 0)
    var viewport = Viewport(height: 10)
    #expect(viewport.row(1, pagesFrom: 0, in: empty) == nil)
    #expect(viewport.row(-1, pagesFrom: 0, in: empty) == nil)
    #expect(viewport.visibleRows(in: empty) == 0..<0)
    viewport.clamp(in: empty)
    #expect(viewport.top == 0)
    let list = loadedList(HeightTree([]))
    #expect(viewport.row(1, pagesFrom: 0, in: list) == nil)
    #expect(viewport.visibleRows(in: list) == 0..<0)
  }

  @Test func aWindowOfNoHeightShowsNothingAndPagesByOne() {
    let rows = UniformRows(numberOfRows: 1000)
    var viewport = Viewport(height: 0)
    #expect(viewport.visibleRows(in: rows) == 0..<0)
    viewport.scroll(toShow: 50, in: rows)
    #expect(viewport.top == 50)
    #expect(viewport.visibleRows(in: rows) == 0..<0)
    viewport.scroll(toShow: 20, in: rows)
    #expect(viewport.top == 20)
    #expect(viewport.row(1, pagesFrom: 20, in: rows) == 21)
    #expect(viewport.row(-1, pagesFrom: 20, in: rows) == 19)
    viewport.scroll(toShow: 999, in: rows)
    #expect(viewport.top == 999)
  }

  @Test func aLongListScrollsLikeTheNaiveSums() {
    var generator = SeededNumbers(seed: 0x5EED_0001)
    let rows = UniformRows(numberOfRows: 1000)
    let naive = NaiveRows(Array(repeating: 1, count: 1000))
    for height in [1.0, 10, 24, 999, 1000, 1500] {
      var viewport = Viewport(height: height)
      for _ in 0..<300 {
        let row = Int.random(in: 0..<1000, using: &generator)
        let expectedTop = naive.top(showing: row, from: viewport.top, height: height)
        viewport.scroll(toShow: row, in: rows)
        #expect(viewport.top == expectedTop, "height \(height), row \(row)")
        #expect(viewport.visibleRows(in: rows) == naive.visibleRows(top: viewport.top, height: height))
        let pages = Int.random(in: -3...3, using: &generator)
        #expect(viewport.row(pages, pagesFrom: row, in: rows) == naive.row(pages, pagesFrom: row, height: height))
      }
    }
  }

  @Test func randomTreesScrollLikeTheNaiveSums() {
    var generator = SeededNumbers(seed: 0xC0FF_EE42)
    for _ in 0..<25 {
      let tree = HeightTree.random(count: Int.random(in: 1...150, using: &generator), using: &generator)
      let list = loadedList(tree)
      let naive = NaiveRows(tree.rowHeights)
      #expect(list.numberOfRows == naive.count)
      #expect(list.contentHeight == naive.contentHeight)
      #expect((0...naive.count).map { list.offset(ofRow: $0) } == naive.offsets)
      for height in [0, 1, 2.5, 4, 7, 30, 1000] {
        var viewport = Viewport(height: height)
        for _ in 0..<60 {
          let row = Int.random(in: 0..<naive.count, using: &generator)
          let expectedTop = naive.top(showing: row, from: viewport.top, height: height)
          viewport.scroll(toShow: row, in: list)
          #expect(viewport.top == expectedTop, "height \(height), row \(row)")
          #expect(viewport.top >= 0)
          #expect(viewport.top <= Swift.max(0, naive.contentHeight - height))
          let rowTop = naive.offsets[row], rowBottom = naive.offsets[row + 1]
          #expect(viewport.top <= rowTop && (rowBottom <= viewport.top + height || viewport.top == rowTop))
          #expect(viewport.visibleRows(in: list) == naive.visibleRows(top: viewport.top, height: height))
          let pages = Int.random(in: -2...2, using: &generator)
          #expect(viewport.row(pages, pagesFrom: row, in: list) == naive.row(pages, pagesFrom: row, height: height))
        }
      }
    }
  }
}
