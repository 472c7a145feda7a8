import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// Orders of operations chosen to unbalance a tree: the bounds hold for
/// every order, not just on average.
@Suite("Adversarial orders: the bounds hold whatever the order of operations")
struct AdversarialOrderTests {
  /// Known items created in allocation order under one parent, then moved
  /// one by one under another in ascending order (the construction that
  /// turned priority-based trees into chains), at 10⁶ siblings in the long
  /// run; lookups, insertions and expansions among them stay logarithmic.
  /// `n` known items created under `[0]`, then moved one by one under
  /// `[1]` in `order`.
  static func movedInOrder(_ n: Int, order: String) throws -> TreeIndex {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: n)
    try index.expand([1], numberOfSubitems: 0)
    for i in 0..<n { try index.expand([0, i], numberOfSubitems: 0) }
    for k in 0..<n {
      let destination: Int
      switch order {
      case "append": destination = k
      case "prepend": destination = 0
      default: destination = k % 2 == 0 ? k / 2 : 0
      }
      try index.moveItem(at: [0, n - 1 - k], to: [1, destination])
    }
    return index
  }

  /// Lookups both ways among the moved items, and insertions, expansions
  /// and deletions among them; checks every answer.
  static func lookupsAndEdits(_ index: inout TreeIndex, count n: Int) throws {
    var generator = SeededGenerator(seed: 6)
    for _ in 0..<10_000 {
      let k = Int.random(in: 0..<n, using: &generator)
      guard index.row(for: [1, k]) == 2 + k, index.treePath(forRow: 2 + k) == [1, k] else {
        Issue.record("row \(2 + k) and [1, \(k)] disagree")
        return
      }
    }
    for _ in 0..<100 {
      let k = Int.random(in: 0..<n, using: &generator)
      try index.insertItems(at: [[1, k]])
      try index.expand([1, k], numberOfSubitems: 3)
      try index.collapse([1, k])
      try index.deleteItems(at: [[1, k]])
    }
  }

  @Test(arguments: ["append", "prepend", "alternate"])
  func knownItemsMovedInOrder(order: String) throws {
    // With the invariants checked after every mutation (O(n) each), a
    // smaller tree, and no comparison of times.
    let n = LongTests.checksInvariants ? 1_000 : LongTests.choose(short: 20_000, long: 1_000_000)
    var index = try Self.movedInOrder(n, order: order)
    #expect(index.numberOfSubitems(of: [0]) == 0)
    #expect(index.numberOfRows == n + 2)
    try Self.lookupsAndEdits(&index, count: n)
    #expect(index.numberOfRows == n + 2)
    // The same work among 16 times fewer items takes about as long (the
    // ratio of the two in one run, not a time): linear descents would
    // take 16 times as long.
    guard !LongTests.checksInvariants else { return }
    var small = try Self.movedInOrder(n / 16, order: order)
    let ratio = try Growth.timeRatio(
      small: { try Self.lookupsAndEdits(&small, count: n / 16) },
      large: { try Self.lookupsAndEdits(&index, count: n) })
    #expect(ratio < 6, "\(n) items took \(ratio) times as long as \(n / 16)")
  }
}
