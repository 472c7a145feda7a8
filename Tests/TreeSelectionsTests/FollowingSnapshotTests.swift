import Testing
import TreeIndex
import TreeIndexTestSupport
import TreeSelections

/// `apply(_:)` follows a snapshot made by edits of the selection's own by
/// visiting what the edits changed: the same selection as recounting over
/// the new tree, at a cost that does not grow with the tree.
@Suite struct FollowingSnapshotTests {
  typealias Selection = TreeSelection<Int>

  /// Checks that `selection` and `reference` agree on everything, counts
  /// included, and that the kept counts are a recount's.
  static func expectSame(_ selection: Selection, _ reference: Selection, _ context: String) {
    #expect(selection == reference, "\(context)")
    #expect(selection._countsDifferingFromRecount == nil, "\(context)")
    var mismatches = 0
    for item in selection.snapshot.items {
      if selection.checkedCount(in: item) != reference.checkedCount(in: item)
        || selection.checkableCount(in: item) != reference.checkableCount(in: item)
        || selection.answeredCount(in: item) != reference.answeredCount(in: item)
        || selection.checkState(of: item) != reference.checkState(of: item)
        || selection.interaction(of: item) != reference.interaction(of: item)
        || selection.results(of: item) != reference.results(of: item)
      {
        mismatches += 1
      }
    }
    #expect(mismatches == 0, "\(context): \(mismatches) items differ")
  }

  /// A few random edits of `snapshot`: insertions of new items (`next`
  /// counts them), deletions, moves, expansions, and an item deleted and
  /// inserted again.
  static func edit(_ snapshot: inout TreeSnapshot<Int>, next: inout Int, using generator: inout SeededGenerator) {
    func randomItem() -> Int? { snapshot.items.randomElement(using: &generator) }
    for _ in 0..<Int.random(in: 1...4, using: &generator) {
      switch Int.random(in: 0..<10, using: &generator) {
      case 0, 1:
        let items = Array(next..<(next + Int.random(in: 1...3, using: &generator)))
        next += items.count
        try? snapshot.append(items, to: Bool.random(using: &generator) ? nil : randomItem())
      case 2:
        guard let other = randomItem() else { continue }
        try? snapshot.insert([next], after: other)
        next += 1
      case 3, 4:
        if let item = randomItem() { snapshot.delete([item]) }
      case 5, 6:
        guard let item = randomItem(), let other = randomItem() else { continue }
        if Bool.random(using: &generator) {
          try? snapshot.move(item, before: other)
        } else {
          try? snapshot.move(item, after: other)
        }
      case 7:
        guard let item = randomItem() else { continue }
        let parent = Bool.random(using: &generator) ? nil : randomItem()
        let count = snapshot.children(of: parent).count
        try? snapshot.move(item, to: parent, at: Int.random(in: 0...count, using: &generator))
      case 8:
        // Deleted, then back elsewhere: it keeps its results.
        guard let item = randomItem() else { continue }
        snapshot.delete([item])
        try? snapshot.append([item], to: randomItem())
      default:
        if let item = randomItem() { snapshot.expand([item]) }
      }
    }
  }

  @Test(arguments: 1...12 as ClosedRange<UInt64>)
  func followingEditsAgreesWithRecounting(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let snapshot = try StandaloneSelectionTests.randomSnapshot(count: 60, using: &generator)
    var interactions: [Int: Selection.Interaction] = [:]
    for item in (0..<60).shuffled(using: &generator).prefix(14) {
      switch Int.random(in: 0..<4, using: &generator) {
      case 0, 1: interactions[item] = .group(selection: .single)
      case 2: interactions[item] = .checklist(options: ["a", "b", "c"])
      default: interactions[item] = .checkToggle
      }
    }
    var selection = try Selection(snapshot, interactions: interactions)
    var next = 60
    var followed = 0
    var older: [TreeSnapshot<Int>] = [snapshot]
    for step in 0..<150 {
      let items = selection.snapshot.items
      // Checks, answers and, now and then, an editing session.
      for _ in 0..<Int.random(in: 0...3, using: &generator) where !items.isEmpty {
        let item = items.randomElement(using: &generator)!
        if selection.interaction(of: item)?.takesAnswers == true {
          try? selection.setResults(["a", "b", "c"].filter { _ in Bool.random(using: &generator) }, for: item)
        } else {
          _ = try? selection.toggle(item)
        }
      }
      switch Int.random(in: 0..<12, using: &generator) {
      case 0 where selection.editedItem == nil && !items.isEmpty:
        try selection.beginEditing(items.randomElement(using: &generator)!)
      case 1: try? selection.saveEditing()
      case 2, 3: selection.cancelEditing()
      default: break
      }

      var new = selection.snapshot
      if Int.random(in: 0..<10, using: &generator) == 0 {
        // A snapshot not made from the selection's: recounted.
        new = older.randomElement(using: &generator)!
      } else {
        Self.edit(&new, next: &next, using: &generator)
      }
      var reference = selection
      reference._applyRecounting(new)
      if selection.editedItem == nil {
        var following = selection
        if following._follow(new) != nil {
          followed += 1
          Self.expectSame(following, reference, "seed \(seed), step \(step), following the edits")
        }
      }
      selection.apply(new)
      Self.expectSame(selection, reference, "seed \(seed), step \(step)")
      if step % 10 == 0 { older.append(new) }
    }
    // Many new snapshots are followed from their edits, not recounted
    // (over 300 seeds, at least 74 of the 150; an editing session, an
    // older snapshot or a small tree recounts).
    #expect(followed >= 50, "followed \(followed)")
  }

  /// A forest of `roots` root items, each with 8 children of 7 leaves:
  /// 65 items a root, 3 levels deep. Item `65 * r` is root `r`, its
  /// children follow it, each with its leaves after it.
  static func forest(roots: Int) throws -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append(Array(stride(from: 0, to: 65 * roots, by: 65)))
    for r in 0..<roots {
      let root = 65 * r
      let children = (0..<8).map { root + 1 + 8 * $0 }
      try snapshot.append(children, to: root)
      for child in children { try snapshot.append(Array((child + 1)...(child + 7)), to: child) }
    }
    return snapshot
  }

  /// The nodes `apply(_:)` visits to follow the same few edits of a forest
  /// of `roots` roots with every third leaf checked, after checking that it
  /// agrees with recounting.
  static func visits(roots: Int) throws -> Int {
    let snapshot = try forest(roots: roots)
    var selection = try Selection(snapshot, interactions: [65: .group(selection: .single)])
    for r in 0..<roots where r != 1 {
      for c in 0..<8 {
        for leaf in stride(from: 65 * r + 8 * c + 2, through: 65 * r + 8 * c + 8, by: 3) { try selection.check(leaf) }
      }
    }
    var new = selection.snapshot
    new.delete([65 * 2 + 1])  // a child of root 2 with its leaves
    try new.append([-1, -2, -3], to: 65 * 3 + 9)  // leaves under a child of root 3
    try new.move(65 * 4 + 2, to: 65 * 5 + 1, at: 0)  // a checked leaf to another root
    try new.move(65 * 6 + 9, before: 65 * 7 + 1)  // a child with its leaves to another root
    try new.move(65 * 8 + 1, to: 65 + 1, at: 0)  // a child with checked leaves into a single-selection group's child
    try new.move(65 * 9 + 2, to: 65 + 9, at: 0)  // a checked leaf under another child of that group
    var reference = selection
    reference._applyRecounting(new)
    let visited = selection._apply(new)
    expectSame(selection, reference, "\(roots) roots")
    // The single-selection group kept the first of its two children with
    // checked items.
    #expect(
      selection.snapshot.children(of: 65).map { selection.checkedCount(in: $0) > 0 } == [true] + Array(repeating: false, count: 7)
    )
    return visited
  }

  @Test(.enabled(if: !LongTests.checksInvariants, "the internal checks recount the whole selection after every change"))
  func followingAFewEditsDoesNotGrowWithTheTree() throws {
    let small = try Self.visits(roots: 40)  // 2,600 items
    let large = try Self.visits(roots: 320)  // 20,800 items
    // Recounting visits every node: 2,600 and 20,800. Following visits the
    // few items changed and those above them, the same at both sizes.
    #expect(small < 2_600 / 4)
    #expect(large <= 2 * small, "visited \(small) nodes at 2,600 items, \(large) at 20,800")
  }
}
