import Testing
import TreeIndex
import TreeIndexTestSupport

/// The change set between snapshots that share storage without one being
/// made from the other by recent edits (copies edited apart) is worked out
/// from the pages they do not share (`_changesFromUnsharedPages`): it must
/// equal the full comparison, whichever way round, and its work must grow
/// with the pages written, not with the snapshots.
@Suite struct UnsharedPagesChangesTests {
  /// Copies of one snapshot, each edited apart, compared every way round:
  /// neither was made from the other, so only the pages tell what differs.
  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func copiesEditedApartMatchTheFullComparison(layout: TreeIndex.Layout) throws {
    var g = SeededGenerator(seed: 53)
    for trial in 0..<LongTests.choose(short: 25, long: 2_000) {
      // Several pages of 256 nodes, so that some children stay clean.
      let base = DerivedChangesTests.randomSnapshot(&g, ids: 0..<Int.random(in: 1..<1_500, using: &g))
      var a = base
      var b = base
      var fresh = 10_000
      for _ in 0..<Int.random(in: 0..<5, using: &g) { DerivedChangesTests.edit(&a, &g, fresh: &fresh) }
      fresh = 10_000  // the same new identifiers, maybe at other places
      for _ in 0..<Int.random(in: 0..<5, using: &g) { DerivedChangesTests.edit(&b, &g, fresh: &fresh) }
      for (old, new) in [(a, b), (b, a), (base, b), (a, base)] {
        let full = new._changesComparedInFull(from: old, layout: layout)
        let fromPages = try #require(new._changesFromUnsharedPages(from: old, layout: layout), "trial \(trial)")
        #expect(
          fromPages == full,
          """
          trial \(trial)
          full       \(full)
          from pages \(fromPages)
          old
          \(old.visualDescription())new
          \(new.visualDescription())
          """)
        #expect(new.changes(from: old, layout: layout) == full, "trial \(trial)")
        if fromPages != full { return }
      }
    }
  }

  /// Snapshots that share nothing (built apart) still get the full
  /// comparison's change set from the pages, every item being a seed.
  @Test func snapshotsBuiltApartMatchTheFullComparison() throws {
    var g = SeededGenerator(seed: 59)
    for trial in 0..<LongTests.choose(short: 20, long: 600) {
      let ids = 0..<Int.random(in: 1..<600, using: &g)
      let old = DerivedChangesTests.randomSnapshot(&g, ids: ids)
      let new = DerivedChangesTests.randomSnapshot(&g, ids: ids)
      for layout in [TreeIndex.Layout.flat, .sectioned] {
        let full = new._changesComparedInFull(from: old, layout: layout)
        #expect(try #require(new._changesFromUnsharedPages(from: old, layout: layout)) == full, "trial \(trial)")
        #expect(new.changes(from: old, layout: layout) == full, "trial \(trial)")
      }
    }
  }

  /// A forest of `roots` root items of `fanOut` expanded children each.
  static func forest(roots: Int, fanOut: Int) throws -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append(Array(0..<roots))
    for root in 0..<roots {
      let start = roots + root * fanOut
      try snapshot.append(Array(start..<(start + fanOut)), to: root)
    }
    snapshot.expand(Array(0..<roots))
    return snapshot
  }

  /// Two copies of a forest of `roots` root items of 100 children each,
  /// neither made from the other: one with an item appended deep in it,
  /// one with a root item moved. Their change set is checked against the
  /// full comparison.
  static func copiesEditedApart(roots: Int) throws -> (appended: TreeSnapshot<Int>, moved: TreeSnapshot<Int>) {
    let base = try Self.forest(roots: roots, fanOut: 100)
    var appended = base
    try appended.append([-1], to: roots + (roots / 2) * 100 + 50)
    var moved = base
    try moved.move(roots + 7, to: roots / 3, at: 0)
    // Neither is made from the other: the pages are the only way.
    let full = moved._changesComparedInFull(from: appended, layout: .flat)
    #expect(moved.changes(from: appended) == full)
    #expect(try #require(moved._changesFromUnsharedPages(from: appended, layout: .flat)) == full)
    return (appended, moved)
  }

  /// The copies of ``copiesEditedApart(roots:)``: the steps grow with the
  /// pages those edits wrote (O(d log b) nodes each), not with the
  /// forest's size.
  @Test func stepsGrowWithThePagesWrittenNotTheSize() throws {
    func steps(roots: Int) throws -> (steps: Int, items: Int) {
      let (appended, moved) = try Self.copiesEditedApart(roots: roots)
      return (try #require(moved._changesFromUnsharedPagesSteps(from: appended, layout: .flat)), appended.count)
    }
    let small = try steps(roots: 100)
    let large = try steps(roots: 1_000)
    // Ten times the items: the full comparison's steps grow tenfold; these
    // by the few levels more of the roots' tree (6,159 → 10,701 steps,
    // most of them the slots of the pages read and the walks up from them).
    #expect(large.steps < 3 * small.steps, "\(small) → \(large)")
    #expect(large.steps * 5 < large.items, "\(small) → \(large)")
  }

  /// The seeds follow the nodes the edits wrote, not the pages they lie
  /// on: the copies of ``copiesEditedApart(roots:)`` write a few nodes on
  /// each of several pages, and the seeds are those few, at either size.
  @Test func seedsAreTheNodesWrittenNotThePages() throws {
    func seeds(roots: Int) throws -> Int {
      let (appended, moved) = try Self.copiesEditedApart(roots: roots)
      return moved._seedsOfUnsharedPages(from: appended).count
    }
    let small = try seeds(roots: 100)
    let large = try seeds(roots: 1_000)
    // A slot of a page not shared is a seed only when its node differs,
    // or a node beneath it in its tree does (about 10 levels of 2 trees
    // for each edit, on both sides): each page holds 256.
    #expect(small <= 300, "\(small)")
    #expect(large <= 300, "\(large)")
  }

  /// A move among many root items relinks nodes near the top of the root
  /// items' tree, and rotations there move whole subtrees under other
  /// parents: the root items in those subtrees keep their order and are
  /// no seeds. The seeds are the nodes that differ and those above them,
  /// a few dozen, where every root item beneath a relinked node was one.
  @Test func subtreesThatRotationsMovedAreNoSeeds() throws {
    let base = try Self.forest(roots: 1_000, fanOut: 3)
    var appended = base
    try appended.append([-1], to: 1_000 + 500 * 3 + 1)
    var moved = base
    try moved.move(250, to: nil, at: 750)
    let full = moved._changesComparedInFull(from: appended, layout: .flat)
    #expect(try #require(moved._changesFromUnsharedPages(from: appended, layout: .flat)) == full)
    #expect(
      try #require(appended._changesFromUnsharedPages(from: moved, layout: .flat))
        == appended._changesComparedInFull(from: moved, layout: .flat))
    let seeds = moved._seedsOfUnsharedPages(from: appended).count
    #expect(seeds <= 100, "\(seeds)")
  }

  /// Edits undone in a copy leave nodes rewritten with their old values:
  /// they are unchanged, and the change set is empty, as the full
  /// comparison finds it.
  @Test func editsUndoneInACopyChangeNothing() throws {
    let base = try Self.forest(roots: 300, fanOut: 20)
    var copy = base
    try copy.move(300 + 41, to: 2, at: 5)
    try copy.move(300 + 41, to: 2, at: 1)
    copy.collapse([3])
    copy.expand([3])
    let full = copy._changesComparedInFull(from: base, layout: .flat)
    #expect(full.isEmpty)
    #expect(try #require(copy._changesFromUnsharedPages(from: base, layout: .flat)) == full)
    #expect(try #require(base._changesFromUnsharedPages(from: copy, layout: .flat)) == full)
  }
}
