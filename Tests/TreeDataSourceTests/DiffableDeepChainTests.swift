import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// A diffable list over a chain far deeper than wide: expanding it
/// recursively, collapsing it recursively and revealing its deepest item
/// bring each level's rows up to date once, not once per item opened
/// beneath it, so their work (the row summaries renewed, counted by the
/// list) at most about doubles when the depth doubles; walking up from
/// each item would quadruple it.
@Suite struct DiffableDeepChainTests {
  /// A list of a collapsed chain of `depth` items, 0 at the top, each the
  /// only child of the one before (built from the bottom up: each edit
  /// happens next to the root).
  static func chainList(_ depth: Int) throws -> DiffableTreeList<Int> {
    let list = DiffableTreeList<Int>()
    var snapshot = list.snapshot
    try snapshot.append([depth - 1])
    for item in stride(from: depth - 2, through: 0, by: -1) {
      try snapshot.append([item])
      try snapshot.move(item + 1, to: item, at: 0)
    }
    list.apply(snapshot)
    return list
  }

  /// The summaries renewed by a recursive expansion, a recursive collapse
  /// and a reveal of the deepest item, on a chain of `depth`.
  static func work(depth: Int, host makeHost: (DiffableTreeList<Int>) -> ListHostSimulator) throws -> [Int] {
    let list = try chainList(depth)
    let host = makeHost(list)
    var counts: [Int] = []
    func count(_ operation: () throws -> Void) rethrows {
      let before = list._renewedSummaries
      try operation()
      counts.append(list._renewedSummaries - before)
    }
    try count { try list.expand(0, recursively: true) }
    #expect(list.numberOfRows == depth)
    #expect(list.snapshot.isExpanded(depth - 2) && !list.snapshot.isExpanded(depth - 1))  // a leaf stays collapsed
    try count { try list.collapse(0, recursively: true) }
    #expect(list.numberOfRows == 1)
    try count { try list.reveal(depth - 1) }
    #expect(list.numberOfRows == depth)
    #expect(list.row(of: depth - 1) == depth - 1)
    #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty)
    #expect(host.numberOfRows == [depth])
    return counts
  }

  @Test func expansionsOfADeepChainAreLinearInItsDepth() throws {
    let small = try Self.work(depth: 500) { ListHostSimulator(list: $0) }
    let large = try Self.work(depth: 1_000) { ListHostSimulator(list: $0) }
    for (name, (s, l)) in zip(["expand recursively", "collapse recursively", "reveal"], zip(small, large)) {
      #expect(Double(l) <= 2.5 * Double(s), "\(name): \(s) renewed at 500 levels, \(l) at 1,000")
    }
  }

  @Test func aVeryDeepChain() throws {
    // Rows counted only: reading each row's item is O(depth).
    let depth = LongTests.checksInvariants ? 2_000 : LongTests.choose(short: 20_000, long: 200_000)
    _ = try Self.work(depth: depth) { list in
      let host = ListHostSimulator(
        numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) })
      list.host = host
      return host
    }
  }

  /// A delegate that reads the list from inside each `willExpandItem`.
  final class Reader: DiffableTreeListDelegate {
    typealias ItemID = Int
    weak var list: DiffableTreeList<Int>?
    var seen: [(item: Int, isExpanded: Bool, rows: Int)] = []

    func willExpandItem(_ item: Int) {
      guard let list else { return }
      // The parent, opened just before, is expanded and its rows are up to date.
      let parent = list.snapshot.parent(of: item)
      seen.append((item, parent.map { list.snapshot.isExpanded($0) } ?? true, list.numberOfRows))
    }
  }

  @Test func aDelegateSeesEachItemOpenedBefore() throws {
    let list = try Self.chainList(10)
    let host = ListHostSimulator(list: list)
    let reader = Reader()
    reader.list = list
    list.delegate = reader
    try list.expand(0, recursively: true)
    // Every item opened so far is expanded; the host still shows one row.
    #expect(reader.seen.map(\.item) == Array(0..<9))
    #expect(reader.seen.allSatisfy { $0.isExpanded })
    #expect(reader.seen.map(\.rows) == Array(1...9))
    #expect(host.violations.isEmpty && host.numberOfRows == [10])
    try list.collapse(0, recursively: true)
    reader.seen = []
    try list.reveal(9)
    #expect(reader.seen.map(\.rows) == Array(1...9))
    #expect(list.snapshot.isVisible(9) && host.numberOfRows == [10])
  }
}
