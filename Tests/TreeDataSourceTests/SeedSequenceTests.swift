import Foundation
import Testing
import TreeDataSource

/// The tree of the TreeView README, as a data source that counts questions.
final class ReadmeTree: TreeDataSource {
  /// Number of subitems by path; absent paths have none.
  var counts: [TreePath: Int] = [[0]: 2, [1]: 3, [1, 1]: 2, [1, 2]: 1, [2]: 4]
  var rootCount = 3
  var expanded: Set<TreePath> = [[1], [1, 1]]
  var heights: [TreePath: Double] = [:]
  private(set) var asked: [String] = []

  func numberOfSubitems(of parent: TreePath?) -> Int {
    asked.append("count \(parent.map { "\($0)" } ?? "nil")")
    guard let parent else { return rootCount }
    return counts[parent] ?? 0
  }
  func isExpanded(_ treePath: TreePath) -> Bool {
    asked.append("expanded \(treePath)")
    return expanded.contains(treePath)
  }
  func height(ofItemAt treePath: TreePath) -> Double {
    asked.append("height \(treePath)")
    return heights[treePath] ?? 10
  }
  func item(at treePath: TreePath) -> String {
    asked.append("item \(treePath)")
    return "\(treePath)"
  }
  func forget() { asked = [] }
  /// The questions asked by the list itself: all but the host's own
  /// requests for rows it shows.
  var askedByList: [String] { asked.filter { !$0.hasPrefix("item ") } }
}

@Suite("Seed query sequences")
struct SeedSequenceTests {
  @Test func reloadAsksTheSeedsQuestionsOnce() throws {
    let source = ReadmeTree()
    let list = TreeList(dataSource: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect(
      source.askedByList == [
        "count nil",
        "height [0]", "expanded [0]",
        "height [1]", "expanded [1]", "count [1]",
        "height [1, 0]", "expanded [1, 0]",
        "height [1, 1]", "expanded [1, 1]", "count [1, 1]",
        "height [1, 1, 0]", "expanded [1, 1, 0]", "height [1, 1, 1]", "expanded [1, 1, 1]",
        "height [1, 2]", "expanded [1, 2]",
        "height [2]", "expanded [2]",
      ])
    #expect(host.calls == [.reloadData])
    #expect(host.numberOfRows == [8])
    #expect(host.rows?.first == ["[0]", "[1]", "[1, 0]", "[1, 1]", "[1, 1, 0]", "[1, 1, 1]", "[1, 2]", "[2]"])
    source.forget()
    #expect(list.numberOfRows(inSection: 0) == 8)
    #expect(list.contentHeight == 80)
    #expect(list.offset(ofRow: 3) == 30)
    #expect(list.row(atOffset: 35) == 3)
    #expect(source.asked.isEmpty)

    try list.expand([2])
    #expect(
      source.askedByList == [
        "count [2]", "height [2, 0]", "expanded [2, 0]", "height [2, 1]", "expanded [2, 1]",
        "height [2, 2]", "expanded [2, 2]", "height [2, 3]", "expanded [2, 3]",
      ])
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows().isEmpty)
    source.forget()
    try list.collapse([1])
    #expect(source.asked.isEmpty)
    try list.expand([1])
    #expect(source.askedByList == ["count [1]"])
    #expect(list.numberOfRows == 12)
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows().isEmpty)
  }

  @Test func anUnannouncedChangeIsReportedNotDrawn() throws {
    let source = ReadmeTree()
    let list = TreeList(dataSource: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try list.collapse([1])
    source.counts[[1]] = 5  // two items appear and nobody says so
    let error = #expect(throws: TreeDataSourceError.self) { try list.expand([1]) }
    #expect(error == TreeDataSourceError(treePath: [1], reason: .inconsistentNumberOfSubitems(expected: 3, actual: 5)))
    #expect(host.calls.last == .reloadData)
    #expect(host.violations.isEmpty)
    // [1] now has 5 subitems, and [1, 1] is expanded again as the data source says.
    #expect(list.numberOfRows == 3 + 5 + 2)
    #expect(host.mismatchedRows().isEmpty)
  }

  @Test func editsAndBatches() throws {
    let source = ReadmeTree()
    let list = TreeList(dataSource: source, layout: .sectioned)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect(host.numberOfRows == [0, 5, 0])
    // Move [1, 1] (expanded, 2 subitems) to the front of section 2 after expanding it.
    try list.expand([2])
    source.counts[[2]] = 5
    source.counts[[1]] = 2
    source.counts[[2, 0]] = 2
    source.counts[[1, 1]] = 1
    source.counts[[1, 2]] = nil
    try list.moveItem(at: [1, 1], to: [2, 0])
    #expect(host.violations.isEmpty)
    #expect(host.numberOfRows == [0, 2, 7])
    #expect(list.contentHeight == 90)
    source.heights[[2, 0]] = 25
    try list.performBatchUpdates {
      try list.reloadItems(at: [[2, 0]])
      source.rootCount = 4
      try list.insertItems(at: [[0]])
    }
    #expect(host.violations.isEmpty, "\(host.violations)")
    #expect(list.contentHeight == 105)
    #expect(host.numberOfRows == [0, 0, 2, 7])
  }
}
