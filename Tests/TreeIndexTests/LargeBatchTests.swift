import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// Large batches under one parent: the batch records each edit in O(log *k*)
/// amortized for *k* edits, whatever their order, and its change set is the
/// one the reference model gives.
@Suite("Large batches under one parent")
struct LargeBatchTests {
  /// `k` scattered deletions (every other subitem of `2k`, left to right,
  /// so that none touches another) in one batch.
  static func scatteredDeletions(_ k: Int) throws -> (TreeIndex, TreeChanges) {
    var index = TreeIndex(numberOfRootItems: 1)
    try index.expand([0], numberOfSubitems: 2 * k)
    let changes = try index.performBatchUpdates { index in
      for i in 0..<k { try index.deleteItems(at: [[0, i]]) }
    }
    return (index, changes)
  }

  /// 20,000 scattered deletions in one batch, and the batch's growth:
  /// recording each deletion in O(the batch's deleted ranges), as the batch
  /// did before, was quadratic (63 s in a debug build on 2 cores); with the
  /// rope of runs it is O(log *k*) amortized, so eight times the deletions
  /// take about eight to ten times as long, and the bound of 32 leaves room
  /// for a busy machine while a quadratic term (64 times) still fails (the
  /// ratio of two sizes in one run, not a time).
  @Test(.enabled(if: !LongTests.checksInvariants, "the internal checks make each edit O(known items)"))
  func twentyThousandScatteredDeletionsInOneBatchAreQuick() throws {
    let k = 20_000
    let (index, result) = try Self.scatteredDeletions(k)
    let changes: TreeChanges? = result
    let ratio = try Growth.ratio(size: 2_500, factor: 8) { _ = try Self.scatteredDeletions($0) }
    #expect(ratio < 32, "eight times the deletions took \(ratio) times as long")
    // Rows: [0] is row 0, its subitem i row 1 + i; the even subitems go.
    let deleted = try #require(changes?.deletedRowRanges)
    #expect(deleted == (0..<k).map { TreeChanges.RowRange(section: 0, rows: (1 + 2 * $0)..<(2 + 2 * $0)) })
    #expect(changes?.insertedRowRanges.isEmpty == true)
    #expect(index.numberOfSubitems(of: [0]) == k)
  }

  /// 3,000 moves that rotate the subitems of `[0]` back to where they
  /// were, in one batch: each move from here to here is undone, so the
  /// change set is empty; then a rotation back and one real move give that
  /// one move.
  @Test(.enabled(if: !LongTests.checksInvariants, "the internal checks compare with the O(m²) scan"))
  func movesThatRestoreTheOrderAreNoChangeAndQuick() throws {
    func rotation(_ m: Int) throws -> (before: TreeIndex, after: TreeIndex, changes: TreeChanges) {
      var index = TreeIndex(numberOfRootItems: 1)
      try index.expand([0], numberOfSubitems: m)
      try index.expand([0, 7], numberOfSubitems: 2)  // a known item among them
      let before = index
      let changes = try index.performBatchUpdates { index in
        for _ in 0..<m { try index.moveItem(at: [0, m - 1], to: [0, 0]) }
      }
      return (before, index, changes)
    }
    let m = 3_000
    let (before, after, rotated) = try rotation(m)
    var index = after
    var changes: TreeChanges? = rotated
    // The ratio of two sizes in one run, not a time: eight times the moves
    // take about 8 times as long (O(m log m)); a quadratic term would take
    // 64 times (as moves within one parent did when each copied the
    // parent's recorded changes), the cubic undoing of moves one at a time
    // 512 times.
    let ratio = try Growth.ratio(size: 750, factor: 8) { _ = try rotation($0) }
    #expect(ratio < 32, "eight times the moves took \(ratio) times as long")
    #expect(changes == TreeChanges())
    #expect(index == before)
    // Half of them rotated back, then two swapped: one move only.
    changes = try index.performBatchUpdates { index in
      for _ in 0..<(m / 2) { try index.moveItem(at: [0, m - 1], to: [0, 0]) }
      for _ in 0..<(m / 2) { try index.moveItem(at: [0, m - 1], to: [0, 0]) }
      try index.moveItem(at: [0, 10], to: [0, 20])
    }
    let moved = try #require(changes?.movedRowRanges)
    #expect(moved.count == 1)
    #expect(changes?.deletedRowRanges.isEmpty == true && changes?.insertedRowRanges.isEmpty == true)
  }

  /// The case that made the one-at-a-time undoing of moves cubic: 1,000
  /// moves that stay (the last 1,000 subitems brought to the front) come
  /// first in new order, and 1,000 scattered subitems each moved away and
  /// back come after them, each its own range. Undoing them one at a time,
  /// each after a scan of the rest with a count over every range, was
  /// O(*m*² (*r* + *m*)) for *m* moves: 54.7 s in a debug build; by gaps
  /// between the kept subitems, O((*m* + *r*) log *r*): 0.27 s. The ratio
  /// of two sizes in one run, not a time: eight times the moves take about 8
  /// times as long (O(m log m)), a quadratic term would take 64 times and
  /// the cubic undoing 512 times.
  @Test(.enabled(if: !LongTests.checksInvariants, "the internal checks compare with the O(m²) scan"))
  func scatteredMovesBackAfterMovesThatStayAreQuick() throws {
    func moves(_ k: Int) throws -> TreeChanges {
      let n = 4 * k
      var index = TreeIndex(numberOfRootItems: 1)
      try index.expand([0], numberOfSubitems: n)
      return try index.performBatchUpdates { index in
        for _ in 0..<k { try index.moveItem(at: [0, n - 1], to: [0, 0]) }
        for j in 0..<k {
          let x = k + 2 * j
          try index.moveItem(at: [0, x], to: [0, n - 1])
          try index.moveItem(at: [0, n - 1], to: [0, x])
        }
      }
    }
    let k = 1_000
    let changes: TreeChanges? = try moves(k)
    let ratio = try Growth.ratio(size: 250, factor: 8) { _ = try moves($0) }
    #expect(ratio < 32, "eight times the moves took \(ratio) times as long")
    // Only the block brought to the front moved: k rows.
    let moved = try #require(changes?.movedRowRanges)
    #expect(moved.reduce(0) { $0 + $1.from.rows.count } == k)
    #expect(changes?.deletedRowRanges.isEmpty == true && changes?.insertedRowRanges.isEmpty == true)
  }

  /// Hundreds of insertions, deletions and moves of the subitems of `[0]`
  /// (a few to and from `[1]`, and a nested batch among them), in random
  /// order, in one batch: after every edit the index is checked against the
  /// reference model row by row, both ways, and the batch's change set,
  /// replayed on the rows before, gives the rows after (`ModelRun`).
  @Test(arguments: [1, 2, 3, 4] as [UInt64], [TreeIndex.Layout.flat, .sectioned])
  func hundredsOfScatteredEditsUnderOneParentMatchTheModel(seed: UInt64, layout: TreeIndex.Layout) {
    var run = ModelRun(
      TreeIndex(numberOfRootItems: 3, layout: layout), ReferenceTree(numberOfRootItems: 3, layout: layout))
    var rng = SeededGenerator(seed: seed)
    let initial = 200
    run.apply(.expand([0], initial))
    run.apply(.expand([1], 10))
    for i in stride(from: 3, to: initial, by: 17) { run.apply(.expand([0, i], Int.random(in: 0...3, using: &rng))) }
    var counts = [initial, 10]  // subitems of [0] and [1]

    /// One random edit under `[0]`, on the counts as they stand.
    func randomEdit() -> ModelEdit {
      let roll = Int.random(in: 0..<100, using: &rng)
      if roll < 35 || counts[0] == 0 {
        counts[0] += 1
        return .insert([[0, Int.random(in: 0..<counts[0], using: &rng)]])
      }
      let source = Int.random(in: 0..<counts[0], using: &rng)
      if roll < 65 {
        counts[0] -= 1
        return .delete([[0, source]])
      }
      if roll < 70 {  // to [1]
        counts[0] -= 1
        counts[1] += 1
        return .move([0, source], [1, Int.random(in: 0..<counts[1], using: &rng)])
      }
      if roll < 75, counts[1] > 0 {  // from [1]
        counts[1] -= 1
        counts[0] += 1
        return .move([1, Int.random(in: 0..<(counts[1] + 1), using: &rng)], [0, Int.random(in: 0..<counts[0], using: &rng)])
      }
      if roll < 80 {
        return .expand([0, source], Int.random(in: 0...2, using: &rng))
      }
      return .move([0, source], [0, Int.random(in: 0..<counts[0], using: &rng)])
    }

    let size = LongTests.checksInvariants ? 150 : 400
    var edits: [ModelEdit] = []
    for k in 0..<size {
      if k == size / 2 {
        var nested: [ModelEdit] = []
        for _ in 0..<(size / 4) { nested.append(randomEdit()) }
        edits.append(.batch(nested, throwAfter: nil))
      } else {
        edits.append(randomEdit())
      }
    }
    let changes = run.apply(.batch(edits, throwAfter: nil))
    #expect(!run.failed)
    #expect(changes != nil)
    #expect(run.checkedInnerEdits == size + size / 4)  // the nested batch counts as one edit too
  }
}
