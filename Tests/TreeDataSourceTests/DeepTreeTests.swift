import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// A chain: one root item, each item with one subitem, `depth` items in
/// all; every answer costs O(1), whatever the depth.
final class ChainSource: TreeDataSource {
  let depth: Int
  var startsExpanded: Bool
  var questions = 0

  init(depth: Int, startsExpanded: Bool) {
    self.depth = depth
    self.startsExpanded = startsExpanded
  }

  func numberOfSubitems(of parent: TreePath?) -> Int {
    questions += 1
    guard let parent else { return depth > 0 ? 1 : 0 }
    return parent.depth < depth ? 1 : 0
  }
  func isExpanded(_ treePath: TreePath) -> Bool {
    questions += 1
    return startsExpanded && treePath.depth < depth
  }
  func height(ofItemAt treePath: TreePath) -> Double { 2 }
  func item(at treePath: TreePath) -> Int { treePath.depth }
}

/// A host for `list` that counts rows only: a host that reads each row's
/// item would map each of a chain's *n* rows to its path, O(*n* *d*) in all.
func countingHost(for list: TreeList<ChainSource>) -> ListHostSimulator {
  let host = ListHostSimulator(
    numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) })
  list.host = host
  return host
}

/// The path of the item at `depth` in a chain: `depth` zeros.
func chainPath(_ depth: Int) -> TreePath { TreePath(repeatElement(0, count: depth)) }

/// Trees far deeper than a call stack: every operation of the list is
/// iterative, and costs what its documented bound says, not the depth
/// squared in recursion or stack frames.
@Suite("Deep trees")
struct DeepTreeTests {
  /// Deeper than a recursion of one frame per level could go on a test
  /// thread's stack; 10⁵ in the long runs (`TREEINDEX_LONG_TESTS=1`, which
  /// CI's release pass sets).
  static let depth = LongTests.choose(short: 25_000, long: 100_000)

  @Test func reloadingADeepExpandedChain() throws {
    let n = Self.depth
    let source = ChainSource(depth: n, startsExpanded: true)
    let list = TreeList(dataSource: source)
    let host = countingHost(for: list)
    list.reloadData()
    #expect(list.numberOfRows == n)
    #expect(host.violations.isEmpty)
    #expect(host.numberOfRows == [n])
    // Each item asked once whether it is expanded; each expanded one (all
    // but the leaf) and the root once for its subitems.
    #expect(source.questions == n + n)
    #expect(list.contentHeight == Double(2 * n))

    let deepest = chainPath(n)
    #expect(list.row(for: deepest) == n - 1)
    #expect(list.treePath(forRow: n - 1) == deepest)
    #expect(list.level(forRow: n - 1) == n - 1)
    #expect(list.offset(ofRow: n - 1) == Double(2 * (n - 1)))
    #expect(list.row(atOffset: Double(2 * n - 1)) == n - 1)
    #expect(list.item(at: IndexPath(indexes: [0, n - 1])) == n)

    // Collapsing the middle hides the lower half in one range, and
    // expanding it brings it back; recursively, only its subitem comes back.
    let middle = chainPath(n / 2)
    try list.collapse(middle)
    #expect(list.numberOfRows == n / 2)
    try list.expand(middle)
    #expect(list.numberOfRows == n)
    try list.collapse([0], recursively: true)
    #expect(list.numberOfRows == 1)
    #expect(list.contentHeight == 2)
    try list.expand([0])
    #expect(list.numberOfRows == 2)
    #expect(host.violations.isEmpty)
    #expect(host.numberOfRows == [2])

    // Reloading again rebuilds the whole chain.
    list.reloadData()
    #expect(list.numberOfRows == n)
  }

  @Test func theIndexOfADeepChainEncodesAndDecodes() throws {
    let n = Self.depth
    let list = TreeList(dataSource: ChainSource(depth: n, startsExpanded: true))
    list.reloadData()
    let data = try JSONEncoder().encode(list.index)
    let decoded = try JSONDecoder().decode(TreeIndex.self, from: data)
    #expect(decoded == list.index)
    #expect(decoded.numberOfRows == n)
    #expect(decoded.tableIndexPath(fromTreePath: chainPath(n)) == IndexPath(indexes: [0, n - 1]))
  }

  /// Expanding everything of a collapsed chain opens every item, each in
  /// O(log *b*), whatever its depth.
  @Test func expandingEverythingInADeepCollapsedChain() throws {
    let n = Self.depth
    let source = ChainSource(depth: n, startsExpanded: false)
    let list = TreeList(dataSource: source)
    let host = countingHost(for: list)
    list.reloadData()
    #expect(list.numberOfRows == 1)

    try list.expandAll()
    #expect(list.numberOfRows == n)
    #expect(list.isExpanded(chainPath(n - 1)))
    #expect(!list.isExpanded(chainPath(n)))  // a leaf stays collapsed
    #expect(host.calls.count == 2)  // the reload, then one update
    #expect(host.numberOfRows == [n])

    try list.collapse([0], recursively: true)
    #expect(list.numberOfRows == 1)
    try list.expand([0], recursively: true)
    #expect(list.numberOfRows == n)
    #expect(list.row(for: chainPath(n)) == n - 1)
    #expect(host.violations.isEmpty)
    #expect(host.numberOfRows == [n])
  }

  /// Revealing opens each ancestor on the way, each in O(log *b*).
  @Test func revealingTheDeepestItemOfACollapsedChain() throws {
    let n = Self.depth
    let list = TreeList(dataSource: ChainSource(depth: n, startsExpanded: false))
    let host = countingHost(for: list)
    list.reloadData()
    try list.reveal(chainPath(n))
    #expect(list.numberOfRows == n)
    #expect(list.level(forRow: n - 1) == n - 1)
    try list.collapse([0], recursively: true)
    try list.reveal(chainPath(n))
    #expect(list.row(for: chainPath(n)) == n - 1)
    #expect(host.violations.isEmpty)
    #expect(host.numberOfRows == [n])
  }
}
