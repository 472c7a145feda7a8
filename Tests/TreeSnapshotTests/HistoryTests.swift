import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// A snapshot's history: the edits since a recent ancestor are found (and
/// give the change set the full comparison gives), an ancestor older than
/// the limit is compared in full.
@Suite struct HistoryTests {
  /// A snapshot of `count` root items, appended `perEdit` at a time.
  static func appended(_ count: Int, perEdit: Int = 1) -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    for start in stride(from: 0, to: count, by: perEdit) {
      try! snapshot.append(Array(start..<Swift.min(start + perEdit, count)))
    }
    return snapshot
  }

  @Test func recentAncestorsAreFoundAcrossATrimmedHistory() throws {
    // 20,000 identifiers in 200 edits: the history has been trimmed
    // several times (few edits: the internal checks are O(n) per edit).
    var snapshot = Self.appended(20_000, perEdit: 100)
    let recent = snapshot
    var model = Array(0..<20_000)
    for item in 20_000..<20_100 {
      try snapshot.append([item], to: nil)
      model.append(item)
    }
    try snapshot.move(5, to: nil, at: 19_000)
    model.remove(at: 5)
    model.insert(5, at: 19_000)
    #expect(Array(snapshot.rootItems) == model)
    let edits = try #require(snapshot._edits(since: recent))
    #expect(edits.count == 101)
    #expect(snapshot._derivedChanges(from: recent, layout: .flat) == snapshot._changesComparedInFull(from: recent, layout: .flat))
    #expect(snapshot._edits(since: snapshot)?.isEmpty == true)

    // An ancestor more than 4,096 identifiers back is compared in full.
    var later = snapshot
    for start in stride(from: 30_000, to: 35_000, by: 100) { try later.append(Array(start..<(start + 100))) }
    #expect(later._edits(since: snapshot) == nil)
    #expect(later._derivedChanges(from: snapshot, layout: .flat) == nil)
    let changes = later.changes(from: snapshot)
    #expect(changes.insertedRowRanges == [.init(section: 0, rows: 20_100..<25_100)])
    // Unrelated snapshots never look related.
    #expect(Self.appended(3)._edits(since: Self.appended(2).reversedRoots()) == nil)
  }

  @Test func theDerivedPathSurvivesAnyNumberOfEdits() throws {
    // 20,000 single-item appends, no copy kept: each edit's state is the
    // snapshot's alone, and the history turns its chains over several
    // times. (With the internal checks, which are O(n) per edit: 100
    // appends, then 20,000 expansions and collapses of one item.)
    let count = LongTests.checksInvariants ? 100 : 20_000
    var snapshot = Self.appended(count)
    if LongTests.checksInvariants {
      for _ in 0..<10_000 {
        snapshot.expand([0])
        snapshot.collapse([0])
      }
    }
    let base = snapshot
    try snapshot.append([count])
    #expect(snapshot._edits(since: base)?.count == 1)
    #expect(snapshot._derivedChanges(from: base, layout: .flat) == snapshot._changesComparedInFull(from: base, layout: .flat))
    #expect(snapshot.changes(from: base).insertedRowRanges == [.init(section: 0, rows: count..<(count + 1))])

    // 4,096 identifiers since `base` (the limit): still derived, through
    // both chains; one more, compared in full.
    for _ in 0..<2_047 {
      snapshot.expand([count])
      snapshot.collapse([count])
    }
    snapshot.expand([count])
    let edits = try #require(snapshot._edits(since: base))
    #expect(edits.count == 4_096)
    #expect(snapshot._derivedChanges(from: base, layout: .flat) == snapshot._changesComparedInFull(from: base, layout: .flat))
    var further = snapshot
    try further.move(count, to: nil, at: 0)
    #expect(further._edits(since: base) == nil)
    #expect(further._edits(since: snapshot)?.count == 1)
    #expect(
      further._derivedChanges(from: snapshot, layout: .flat) == further._changesComparedInFull(from: snapshot, layout: .flat))
  }

  @Test func everyAncestorWithinTheLimitIsFound() throws {
    // Edits of 1 to 60 identifiers, a copy kept of every state after the
    // first 6,000 identifiers: an ancestor is found exactly when the edits
    // since it weigh at most 4,096 identifiers, wherever the chains turn.
    var g = SeededGenerator(seed: 7)
    var snapshot = TreeSnapshot<Int>()
    var ancestors: [TreeSnapshot<Int>] = []
    var next = 0
    while next < 14_000 {
      if next >= 6_000 { ancestors.append(snapshot) }
      let count = Int.random(in: 1...60, using: &g)
      try snapshot.append(Array(next..<(next + count)), to: next == 0 || Bool.random(using: &g) ? nil : next - 1)
      next += count
    }
    var found = 0
    for ancestor in ancestors {
      let weight = snapshot.count - ancestor.count
      let edits = snapshot._edits(since: ancestor)
      #expect((edits != nil) == (weight <= 4_096), "\(weight) identifiers since the ancestor")
      if edits != nil { found += 1 }
    }
    #expect(found > 60)
    let last = try #require(ancestors.last)
    #expect(snapshot._derivedChanges(from: last, layout: .flat) == snapshot._changesComparedInFull(from: last, layout: .flat))
  }

  @Test func emptyAndHeavyEdits() throws {
    var snapshot = Self.appended(10)
    let start = snapshot
    // An edit of no identifier changes nothing: the same state.
    try snapshot.append([])
    try snapshot.insert([], before: 3)
    #expect(snapshot._edits(since: start)?.isEmpty == true)
    // An edit heavier than the history ends it: compared in full.
    try snapshot.append(Array(100..<5_000))
    #expect(snapshot._edits(since: start) == nil)
    #expect(snapshot.changes(from: start).insertedRowRanges == [.init(section: 0, rows: 10..<4_910)])
    // The edits after it are found again.
    let afterHeavy = snapshot
    try snapshot.append([5_000])
    try snapshot.move(5_000, to: nil, at: 0)
    #expect(snapshot._edits(since: afterHeavy)?.count == 2)
    #expect(
      snapshot._derivedChanges(from: afterHeavy, layout: .flat)
        == snapshot._changesComparedInFull(from: afterHeavy, layout: .flat))
  }

  @Test func branchesNeverLookRelated() throws {
    // Copies edited apart, kept or dropped, each going on alone afterwards:
    // a pair's derived change set exists only along an actual derivation,
    // and then equals the full comparison.
    var g = SeededGenerator(seed: 41)
    var pool = [Self.appended(8)]
    var fresh = 10_000
    for step in 0..<LongTests.choose(short: 500, long: 15_000) {
      var snapshot = pool.randomElement(using: &g)!
      for _ in 0..<Int.random(in: 0...2, using: &g) { DerivedChangesTests.edit(&snapshot, &g, fresh: &fresh) }
      if pool.count < 6 || Bool.random(using: &g) {
        pool.append(snapshot)
      } else {
        pool[Int.random(in: 0..<pool.count, using: &g)] = snapshot
      }
      if pool.count > 6 { pool.remove(at: Int.random(in: 0..<pool.count, using: &g)) }
      for new in pool {
        for old in pool {
          guard let derived = new._derivedChanges(from: old, layout: .flat) else { continue }
          let full = new._changesComparedInFull(from: old, layout: .flat)
          #expect(derived == full, "step \(step)")
          if derived != full { return }
        }
      }
    }
    // The same edit made apart: different generations, the same state.
    var a = Self.appended(3)
    var b = a
    try a.append([7])
    try b.append([7])
    #expect(a._edits(since: b) == nil)
    #expect(a.changes(from: b) == TreeChanges())
  }

  @Test func aLongHistoryFreesWithoutRecursion() throws {
    // 20,000 one-identifier edits: two chains of up to 4,096 links. The
    // last copy goes on a thread of a 64 KB stack, which a release that
    // freed the links one inside the other would overflow.
    final class Holder: @unchecked Sendable {
      var snapshot: TreeSnapshot<Int>?
    }
    var snapshot = Self.appended(1)
    let start = snapshot
    for _ in 0..<10_000 {
      snapshot.expand([0])
      snapshot.collapse([0])
    }
    #expect(snapshot._edits(since: start) == nil)
    let holder = Holder()
    holder.snapshot = snapshot
    snapshot = TreeSnapshot()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      holder.snapshot = nil
      done.signal()
    }
    thread.stackSize = 64 << 10
    thread.start()
    done.wait()
    #expect(holder.snapshot == nil)
  }
}

extension TreeSnapshot<Int> {
  /// The same root items in reverse order, made anew.
  fileprivate func reversedRoots() -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    try! snapshot.append(rootItems.reversed())
    return snapshot
  }
}
