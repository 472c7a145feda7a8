import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// The checkers catch what they are for: a wrong model or a wrong change set
// gives mismatches (so a passing run means something).

@Suite("TreeSnapshot tests: the checkers themselves")
struct CheckerSelfTests {
  @Test func aWrongModelIsCaught() throws {
    var generator = EditGenerator(seed: 7)
    let model = generator.randomModel(size: 20)
    let snapshot = model.makeSnapshot()
    #expect(SnapshotChecker.mismatches(snapshot, model, unknown: [99], probe: model.items.first).isEmpty)
    var other = model
    other.collapse(model.items)
    other.expand([model.items.last!])
    #expect(!SnapshotChecker.mismatches(snapshot, other).isEmpty)
    var moved = model
    try moved.move(model.rootItems.last!, to: nil, at: 0)
    #expect(!SnapshotChecker.mismatches(snapshot, moved).isEmpty)
  }

  @Test func wrongChangeSetsAreCaught() throws {
    var caughtMoves = 0
    var caughtDropped = 0
    for seed in 0..<40 {
      var generator = EditGenerator(seed: 80_000 + UInt64(seed), pool: 30)
      let old = generator.randomModel(size: 20)
      var new = old
      var snapshot = old.makeSnapshot()
      for (i, root) in old.rootItems.shuffled(using: &generator.rng).enumerated() {
        try new.move(root, to: nil, at: i)
        try snapshot.move(root, to: nil, at: i)
      }
      let changes = snapshot.changes(from: old.makeSnapshot())
      guard !changes.movedRowRanges.isEmpty else { continue }
      #expect(ChangesChecker.mismatches(changes, from: old, to: new, layout: .flat).isEmpty)
      // Moves as deletions plus insertions are valid for UIKit, but not the contract's.
      let unmoved = changes.replacingMovesWithDeletionsAndInsertions()
      if !ChangesChecker.mismatches(unmoved, from: old, to: new, layout: .flat).isEmpty { caughtMoves += 1 }
      var dropped = changes
      dropped.movedRowRanges.removeLast()
      if !ChangesChecker.mismatches(dropped, from: old, to: new, layout: .flat).isEmpty { caughtDropped += 1 }
    }
    #expect(caughtMoves > 10 && caughtDropped > 10)
  }

  @Test func lexicographicallyFirstLIS() {
    #expect(ChangesChecker.lexicographicallyFirstLIS([]) == [])
    #expect(ChangesChecker.lexicographicallyFirstLIS([1, 0]) == [0])
    #expect(ChangesChecker.lexicographicallyFirstLIS([2, 0, 1]) == [1, 2])
    #expect(ChangesChecker.lexicographicallyFirstLIS([3, 1, 2, 0, 4]) == [1, 2, 4])
    #expect(ChangesChecker.lexicographicallyFirstLIS([1, 0, 3, 2]) == [0, 2])
    var generator = SeededGenerator(seed: 5)
    for _ in 0..<200 {
      let values = Array(0..<Int.random(in: 0...12, using: &generator)).shuffled(using: &generator)
      let lis = ChangesChecker.lexicographicallyFirstLIS(values)
      #expect(lis.count == ChangesChecker.lisLength(values) && lis == lis.sorted())
      #expect(lis.map { values[$0] } == lis.map { values[$0] }.sorted())
    }
  }
}
