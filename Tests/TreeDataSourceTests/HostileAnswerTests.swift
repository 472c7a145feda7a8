import Foundation
import Testing
import TreeDataSource

/// A data source whose answers come from tables, so that a test can hand
/// the list any height and any count.
final class TableSource: TreeDataSource {
  var counts: [TreePath: Int]
  var heights: [TreePath: Double]
  var expanded: Set<TreePath>

  init(counts: [TreePath: Int], heights: [TreePath: Double] = [:], expanded: Set<TreePath> = []) {
    self.counts = counts
    self.heights = heights
    self.expanded = expanded
  }

  func numberOfSubitems(of parent: TreePath?) -> Int { counts[parent ?? []] ?? 0 }
  func isExpanded(_ treePath: TreePath) -> Bool { expanded.contains(treePath) }
  func height(ofItemAt treePath: TreePath) -> Double { heights[treePath] ?? 1 }
  func item(at treePath: TreePath) -> String { "\(treePath)" }
}

/// Answers no data source should give — heights that are not finite
/// non-negative numbers, counts the index cannot hold — kept within bounds,
/// so that nothing later overflows, traps or answers NaN.
@Suite("Hostile answers")
struct HostileAnswerTests {
  @Test func heightsAreKeptFiniteAndNonNegative() throws {
    let heights: [Double] = [.infinity, .nan, -3, 1e300, 2.5, -.infinity, 0]
    var table: [TreePath: Double] = [:]
    for (i, height) in heights.enumerated() { table[[i]] = height }
    let list = TreeList(dataSource: TableSource(counts: [[]: heights.count], heights: table))
    let host = ListHostSimulator(list: list)
    list.reloadData()

    let maximum = 0x1p40
    let kept = [maximum, 0, 0, maximum, 2.5, 0, 0]
    for (row, height) in kept.enumerated() {
      #expect(list.height(at: IndexPath(indexes: [0, row])) == height)
    }
    #expect(list.contentHeight == 2 * maximum + 2.5)
    #expect(list.offset(ofRow: 4) == 2 * maximum)
    #expect(list.row(atOffset: 0) == 0)
    #expect(list.row(atOffset: maximum) == 3)
    #expect(list.row(atOffset: 2 * maximum + 1) == 4)
    #expect(list.row(atOffset: list.contentHeight) == nil)

    // A reload of the row asks again, with the same rule.
    list.dataSource.heights[[1]] = 7
    list.dataSource.heights[[4]] = .nan
    try list.reloadItems(at: [[1], [4]])
    #expect(list.contentHeight == 2 * maximum + 7)
    #expect(host.violations.isEmpty)
  }

  @Test func aCountTheIndexCannotHoldKeepsTheItemCollapsed() throws {
    let source = TableSource(counts: [[]: 3, [0]: Int.max, [1]: 2], expanded: [[0], [1]])
    let list = TreeList(dataSource: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    // [0] says it is expanded, but its rows would pass the maximum: shown
    // collapsed. [1] opens as asked.
    #expect(!list.isExpanded([0]))
    #expect(list.isExpanded([1]))
    #expect(list.numberOfRows == 5)

    // Expanding it is refused, naming the item, and changes nothing.
    #expect(throws: TreeIndexError(operation: .expand, treePath: [0], reason: .rowCountOverflow)) {
      try list.expand([0])
    }
    #expect(throws: TreeIndexError.self) { try list.expand([0], recursively: true) }
    #expect(throws: TreeIndexError.self) { try list.expandAll() }
    #expect(!list.isExpanded([0]))
    #expect(list.numberOfRows == 5)

    // A count that changes to one the index cannot hold, unannounced, is
    // refused before the list recovers anything.
    source.counts[[1]] = TreeIndex.maximumNumberOfRows
    source.counts[[2]] = 1
    try list.collapse([1])
    source.counts[[2]] = TreeIndex.maximumNumberOfRows
    #expect(throws: TreeIndexError.self) { try list.expand([2]) }
    #expect(list.numberOfRows == 3)
    #expect(host.violations.isEmpty)
    #expect(host.numberOfRows == [3])

    // Negative counts are none.
    source.counts[[2]] = -5
    try list.expand([2])
    #expect(list.numberOfSubitems(of: [2]) == 0)
    #expect(list.numberOfRows == 3)
  }
}
