import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// Edits on deep chains: the change set worked out from the edits walks
/// each item above the edited ones once, however many edited items lie
/// beneath it, so its work grows with the depth, not with the depth times
/// the edits; expanding many items of a chain brings each level up to date
/// once. The work is counted in steps, and doubling the depth must at most
/// about double it (a ratio of 2.5, where walking up from each item gives
/// 4). No recursion: a chain of 10,000 (200,000 in the long run) is
/// diffed and expanded.
@Suite struct DeepChainChangesTests {
  /// A chain of `depth` items, 0 at the top, each the only child of the one
  /// before, all collapsed: built from the bottom up, each item appended as
  /// a root item and the chain below moved under it, so that every edit
  /// happens next to the root (appending at depth *d* walks *d* levels).
  static func chain(_ depth: Int) throws -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([depth - 1])
    for item in stride(from: depth - 2, through: 0, by: -1) {
      try snapshot.append([item])
      try snapshot.move(item + 1, to: item, at: 0)
    }
    return snapshot
  }

  /// The steps of the change set from a collapsed chain of `depth` to the
  /// same chain with every item expanded in one edit, which must equal the
  /// full comparison's.
  static func stepsToExpandAll(depth: Int) throws -> Int {
    let old = try chain(depth)
    var new = old
    new.expand(Array(0..<depth))
    let derived = try #require(new._derivedChanges(from: old, layout: .flat))
    #expect(derived == new._changesComparedInFull(from: old, layout: .flat))
    #expect(derived.insertedRowRanges == [.init(section: 0, rows: 1..<depth)])
    #expect(new.changes(from: old) == derived)
    return try #require(new._derivedChangesSteps(from: old, layout: .flat))
  }

  /// The steps of the change set after `toggles` expansions and collapses
  /// of the deepest item of an expanded chain of `depth`, which must equal
  /// the full comparison's.
  static func stepsToToggleDeepest(depth: Int, toggles: Int) throws -> Int {
    var old = try chain(depth)
    old.expand(Array(0..<(depth - 1)))
    var new = old
    try new.append([depth], to: depth - 1)
    for _ in 0..<toggles {
      new.isExpanded(depth - 1) ? new.collapse([depth - 1]) : new.expand([depth - 1])
    }
    let derived = try #require(new._derivedChanges(from: old, layout: .flat))
    #expect(derived == new._changesComparedInFull(from: old, layout: .flat))
    #expect(new.changes(from: old) == derived)
    return try #require(new._derivedChangesSteps(from: old, layout: .flat))
  }

  @Test func expandingEveryItemOfAChainIsLinearInItsDepth() throws {
    let small = try Self.stepsToExpandAll(depth: 1_000)
    let large = try Self.stepsToExpandAll(depth: 2_000)
    #expect(Double(large) <= 2.5 * Double(small), "\(small) steps at 1,000 levels, \(large) at 2,000")
  }

  @Test func manyTogglesOfADeepItemWalkItsAncestorsOnce() throws {
    // As many toggles as levels: walking up for each would be quadratic.
    let small = try Self.stepsToToggleDeepest(depth: 1_000, toggles: 1_000)
    let large = try Self.stepsToToggleDeepest(depth: 2_000, toggles: 2_000)
    #expect(Double(large) <= 2.5 * Double(small), "\(small) steps at 1,000 levels, \(large) at 2,000")
  }

  /// The summaries brought up to date when every item of a chain is
  /// expanded, then collapsed, in one call each.
  static func renewedToExpandAndCollapseAll(depth: Int) throws -> Int {
    var snapshot = try chain(depth)
    let expanded = snapshot._setExpanded(Array(0..<depth), true)
    #expect(snapshot.visibleItems.count == depth)
    #expect(snapshot.row(of: depth - 1) == depth - 1)
    let collapsed = snapshot._setExpanded(Array((0..<depth).reversed()), false)
    #expect(snapshot.visibleItems.count == 1)
    return expanded + collapsed
  }

  @Test func expandingManyItemsOfAChainRenewsEachLevelOnce() throws {
    let small = try Self.renewedToExpandAndCollapseAll(depth: 1_000)
    let large = try Self.renewedToExpandAndCollapseAll(depth: 2_000)
    #expect(Double(large) <= 2.5 * Double(small), "\(small) renewed at 1,000 levels, \(large) at 2,000")
  }

  @Test func manyExpansionsOnSeveralBranchesKeepTheRows() throws {
    // Two chains under one root, expanded from the middle out, against
    // items expanded one by one.
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([0])
    for branch in [1, 2] {
      var parent = 0
      for level in 0..<50 {
        let item = branch * 1_000 + level
        try snapshot.append([item], to: parent)
        parent = item
      }
    }
    var items = [0]
    for step in 0..<50 {
      let first: Int = 1_000 + (25 + step) % 50
      let second: Int = 2_000 + (49 - step)
      items += [first, second]
    }
    var together = snapshot
    together.expand(items)
    var oneByOne = snapshot
    for item in items { oneByOne.expand([item]) }
    #expect(Array(together.visibleItems) == Array(oneByOne.visibleItems))
    #expect(together.visibleItems.count == 101)
    for item in items { #expect(together.row(of: item) == oneByOne.row(of: item)) }
    #expect(together.changes(from: snapshot) == together._changesComparedInFull(from: snapshot, layout: .flat))
  }

  /// A chain far deeper than a call stack: expanded in one call, toggled
  /// at the bottom, and diffed both ways, without recursion.
  @Test func aVeryDeepChain() throws {
    let depth = LongTests.checksInvariants ? 2_000 : LongTests.choose(short: 10_000, long: 200_000)
    let old = try Self.chain(depth)
    var new = old
    new.expand(Array(0..<depth))
    #expect(new.visibleItems.count == depth)
    let changes = new.changes(from: old)
    #expect(changes.insertedRowRanges == [.init(section: 0, rows: 1..<depth)])
    #expect(changes == new._changesComparedInFull(from: old, layout: .flat))
    var toggled = new
    // An odd number of toggles: the item ends collapsed.
    for _ in 0..<LongTests.choose(short: 101, long: 1_001) {
      toggled.isExpanded(depth - 2) ? toggled.collapse([depth - 2]) : toggled.expand([depth - 2])
    }
    let deleted = toggled.changes(from: new)
    #expect(deleted.deletedRowRanges == [.init(section: 0, rows: (depth - 1)..<depth)])
    #expect(deleted == toggled._changesComparedInFull(from: new, layout: .flat))
    #expect(toggled.changes(from: new, layout: .sectioned) == toggled._changesComparedInFull(from: new, layout: .sectioned))
  }
}

/// Edits whose derived change set would cost more than the full comparison
/// (items that leave deep parents, each found by a walk up): it gives way
/// to the full comparison once its steps pass the budget, and
/// `changes(from:)` still gives the full comparison's change set.
@Suite struct DerivedChangesBudgetTests {
  /// An expanded chain of `depth` with `leaves` items under its deepest
  /// item.
  static func chainWithLeaves(depth: Int, leaves: Int) throws -> TreeSnapshot<Int> {
    var snapshot = try DeepChainChangesTests.chain(depth)
    snapshot.expand(Array(0..<depth))
    try snapshot.append(Array(depth..<(depth + leaves)), to: depth - 1)
    return snapshot
  }

  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func leavesMovedOutOfADeepParent(layout: TreeIndex.Layout) throws {
    let old = try Self.chainWithLeaves(depth: 1_000, leaves: 1_000)
    var new = old
    for leaf in 1_000..<2_000 { try new.move(leaf, to: 1, at: 0) }
    let full = new._changesComparedInFull(from: old, layout: layout)
    let steps = try #require(new._derivedChangesSteps(from: old, layout: layout))
    #expect(steps > 100 * (old.count + new.count))
    #expect(new._derivedChanges(from: old, layout: layout) == full)
    #expect(new._derivedChangesWithinBudget(from: old, layout: layout) == nil)
    #expect(new.changes(from: old, layout: layout) == full)
  }

  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func leavesAddedOneByOneUnderADeepParent(layout: TreeIndex.Layout) throws {
    let old = try Self.chainWithLeaves(depth: 1_000, leaves: 0)
    var new = old
    for leaf in 1_000..<3_000 { try new.append([leaf], to: 999) }
    let full = new._changesComparedInFull(from: old, layout: layout)
    #expect(new._derivedChanges(from: old, layout: layout) == full)
    #expect(new._derivedChangesWithinBudget(from: old, layout: layout) == nil)
    #expect(new.changes(from: old, layout: layout) == full)
    // A few: worked out from the edits, within the budget.
    var few = old
    for leaf in 1_000..<1_003 { try few.append([leaf], to: 999) }
    #expect(few._derivedChangesWithinBudget(from: old, layout: layout) == few._changesComparedInFull(from: old, layout: layout))
  }
}
