import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// `changes(from:layout:)` between random pairs of snapshots, in both
// layouts: a snapshot derived from another by a few edits (the derived
// path), and two unrelated snapshots over overlapping identifiers (the
// general path). Each change set is replayed by `ListHostSimulator` and
// with identities, and checked item by item against the contract; the same
// content rebuilt from scratch must give the same change set.

@Suite("TreeSnapshot: changes(from:layout:) between random pairs")
struct RandomChangesTests {
  static let layouts: [TreeIndex.Layout] = [.flat, .sectioned]

  /// `new` made from `old` by a few random valid edits.
  @Test(arguments: 0..<LongTests.choose(short: 100, long: 2_000))
  func derivedByAFewEdits(seed: Int) {
    var generator = EditGenerator(seed: 10_000 + UInt64(seed), pool: 40, targetSize: 30)
    let old = generator.randomModel(size: generator.int(0...30))
    let oldSnapshot = old.makeSnapshot()
    var new = old
    var snapshot = oldSnapshot
    var edits: [SnapshotEdit] = []
    let kinds: Set<EditGenerator.Kind> =
      generator.chance(80) ? [.append, .insert, .delete, .move, .expand, .collapse, .reload] : Set(EditGenerator.Kind.allCases)
    for _ in 0..<generator.int(1...5) {
      let edit = generator.edit(new, invalidPercent: 0, allowed: kinds)
      var next = new
      guard (try? edit.apply(to: &next)) != nil else { continue }
      do { try edit.apply(to: &snapshot) } catch {
        Issue.record("seed \(seed): \(edit) threw \(error); the model accepts it")
        return
      }
      new = next
      edits.append(edit)
    }
    let context = "seed \(seed), old → old + \(edits)"
    guard SnapshotChecker.check(snapshot, matches: new, context: context) else { return }
    for layout in Self.layouts {
      ChangesChecker.check(from: oldSnapshot, old, to: snapshot, new, layout: layout, context: context)
    }
  }

  /// `new` made from a deep chain (with a few items beside it) by random
  /// edits, many of which expand or collapse many of its items at once:
  /// the derived path, which walks the ancestors they share once.
  @Test(arguments: 0..<LongTests.choose(short: 30, long: 400))
  func derivedFromADeepChain(seed: Int) {
    var generator = EditGenerator(seed: 60_000 + UInt64(seed), pool: 200, targetSize: 160)
    let depth = generator.int(20...120)
    var old = ModelSnapshot()
    for item in 0..<depth { try! old.append([item], to: item == 0 ? nil : item - 1) }
    for item in depth..<(depth + 10) { try! old.append([item], to: generator.int(0...(depth - 1))) }
    old.expand((0..<depth).filter { _ in generator.chance(70) })
    let oldSnapshot = old.makeSnapshot()
    var (new, snapshot) = (old, oldSnapshot)
    var edits: [String] = []
    for _ in 0..<generator.int(1...12) {
      guard generator.chance(50) else {
        edits += Self.edit(&snapshot, &new, count: 1, kinds: Self.derivedKinds, &generator).map { "\($0)" }
        continue
      }
      let items = (0..<depth).filter { _ in generator.chance(50) }
      if generator.chance(50) {
        new.expand(items)
        snapshot.expand(items)
        edits.append("expand \(items)")
      } else {
        new.collapse(items)
        snapshot.collapse(items)
        edits.append("collapse \(items)")
      }
    }
    let context = "seed \(seed), a chain of \(depth) → \(edits)"
    guard SnapshotChecker.check(snapshot, matches: new, context: context) else { return }
    for layout in Self.layouts {
      ChangesChecker.check(from: oldSnapshot, old, to: snapshot, new, layout: layout, context: context)
      // Derived, unless an edit ended the history (`deleteAll()`).
      if let derived = snapshot._derivedChanges(from: oldSnapshot, layout: layout) {
        #expect(
          derived == snapshot._changesComparedInFull(from: oldSnapshot, layout: layout),
          "\(context), layout .\(layout)")
      }
    }
  }

  /// Two unrelated snapshots over overlapping identifiers.
  @Test(arguments: 0..<LongTests.choose(short: 100, long: 2_000))
  func unrelatedSnapshots(seed: Int) {
    var generator = EditGenerator(seed: 20_000 + UInt64(seed), pool: 30)
    let old = generator.randomModel(size: generator.int(0...24), depth: generator.int(0...4))
    var new = generator.randomModel(size: generator.int(0...24), depth: generator.int(0...4))
    if generator.chance(30) { new.reloadItems(new.items.filter { _ in generator.chance(30) }) }
    let context = "seed \(seed), unrelated"
    for layout in Self.layouts {
      ChangesChecker.check(from: old.makeSnapshot(), old, to: new.makeSnapshot(), new, layout: layout, context: context)
    }
  }

  /// The same tree in another order: only moves (one parent shuffled).
  @Test(arguments: 0..<LongTests.choose(short: 60, long: 1_000))
  func siblingsShuffled(seed: Int) {
    var generator = EditGenerator(seed: 30_000 + UInt64(seed), pool: 40)
    let old = generator.randomModel(size: generator.int(2...30), depth: 2)
    var new = old
    let parents = [nil] + old.items.filter { !old.children(of: $0).isEmpty }.map(Optional.some)
    let parent = generator.pick(parents)!
    var snapshot = old.makeSnapshot()
    for (i, child) in old.children(of: parent).shuffled(using: &generator.rng).enumerated() {
      try! new.move(child, to: parent, at: i)
      try! snapshot.move(child, to: parent, at: i)
    }
    let context = "seed \(seed), children of \(parent.map { "\($0)" } ?? "nil") shuffled"
    for layout in Self.layouts {
      ChangesChecker.check(from: old.makeSnapshot(), old, to: snapshot, new, layout: layout, context: context)
    }
  }

  /// A snapshot against itself: nothing, or only its pending reloads.
  @Test(arguments: 0..<20)
  func againstItself(seed: Int) {
    var generator = EditGenerator(seed: 40_000 + UInt64(seed))
    var model = generator.randomModel(size: generator.int(0...30))
    let plain = model.makeSnapshot()
    for layout in Self.layouts {
      #expect(plain.changes(from: plain, layout: layout).isEmpty, "seed \(seed), layout .\(layout)")
    }
    let old = model
    model.reloadItems(model.items.filter { _ in generator.chance(30) })
    let marked = model.makeSnapshot()
    for layout in Self.layouts {
      ChangesChecker.check(from: plain, old, to: marked, model, layout: layout, context: "seed \(seed), reloads only")
    }
  }
}

// Pairs of relatives: snapshots derived from a common one along separate
// histories, compared in every direction (the derived path must not assume
// that `old` is an ancestor of `self`, nor the nearest one).
extension RandomChangesTests {
  /// Applies `count` random valid edits of `kinds` to both.
  static func edit(
    _ snapshot: inout TreeSnapshot<Int>, _ model: inout ModelSnapshot, count: Int,
    kinds: Set<EditGenerator.Kind>, _ generator: inout EditGenerator
  ) -> [SnapshotEdit] {
    var edits: [SnapshotEdit] = []
    for _ in 0..<count {
      let edit = generator.edit(model, invalidPercent: 0, allowed: kinds)
      var next = model
      guard (try? edit.apply(to: &next)) != nil else { continue }
      do { try edit.apply(to: &snapshot) } catch {
        Issue.record("\(edit) threw \(error); the model accepts it")
        continue
      }
      model = next
      edits.append(edit)
    }
    return edits
  }

  /// Every kind of edit the derived path works out (not a replacement of
  /// children, which ends the history).
  static let derivedKinds: Set<EditGenerator.Kind> = [.append, .insert, .delete, .move, .expand, .collapse, .reload]

  static let structuralKinds: Set<EditGenerator.Kind> = [
    .append, .insert, .delete, .move, .replaceChildren, .expand, .collapse,
  ]

  @Test(arguments: 0..<LongTests.choose(short: 20, long: 600))
  func relatives(seed: Int) {
    var generator = EditGenerator(seed: 50_000 + UInt64(seed), pool: 40, targetSize: 30)
    let baseModel = generator.randomModel(size: generator.int(0...30))
    let base = baseModel.makeSnapshot()
    var (mid, midModel) = (base, baseModel)
    let first = Self.edit(&mid, &midModel, count: generator.int(1...4), kinds: Self.structuralKinds, &generator)
    var (late, lateModel) = (mid, midModel)
    let second = Self.edit(&late, &lateModel, count: generator.int(1...4), kinds: Self.structuralKinds, &generator)
    var (branch, branchModel) = (base, baseModel)
    let third = Self.edit(&branch, &branchModel, count: generator.int(1...4), kinds: Self.structuralKinds, &generator)
    let family: [(String, TreeSnapshot<Int>, ModelSnapshot)] = [
      ("base", base, baseModel), ("mid", mid, midModel), ("late", late, lateModel), ("branch", branch, branchModel),
    ]
    let history = "seed \(seed): mid = base + \(first), late = mid + \(second), branch = base + \(third)"
    for (newName, new, newModel) in family {
      for (oldName, old, oldModel) in family where oldName != newName {
        for layout in Self.layouts {
          let context = "\(history); \(newName).changes(from: \(oldName))"
          if !ChangesChecker.check(from: old, oldModel, to: new, newModel, layout: layout, context: context) { return }
        }
      }
    }
  }

  /// Relatives with reloads: every mark on `self` is a reload of a row that
  /// stays (per the contract), whichever snapshot it was made on.
  @Test(arguments: 0..<LongTests.choose(short: 30, long: 400))
  func relativesWithReloads(seed: Int) {
    var generator = EditGenerator(seed: 60_000 + UInt64(seed), pool: 40, targetSize: 30)
    let baseModel = generator.randomModel(size: generator.int(1...30))
    let base = baseModel.makeSnapshot()
    let kinds = Self.structuralKinds.union([.reload])
    var (mid, midModel) = (base, baseModel)
    let first = Self.edit(&mid, &midModel, count: generator.int(1...4), kinds: kinds, &generator)
    var (late, lateModel) = (mid, midModel)
    let second = Self.edit(&late, &lateModel, count: generator.int(1...4), kinds: kinds, &generator)
    let history = "seed \(seed): mid = base + \(first), late = mid + \(second)"
    let pairs = [("late", late, lateModel, "mid", mid, midModel), ("late", late, lateModel, "base", base, baseModel)]
    for (newName, new, newModel, oldName, old, oldModel) in pairs {
      for layout in Self.layouts {
        let context = "\(history); \(newName).changes(from: \(oldName))"
        if !ChangesChecker.check(from: old, oldModel, to: new, newModel, layout: layout, context: context) { return }
      }
    }
  }

  /// Larger snapshots rebuilt from scratch after a few edits (the general
  /// path on mostly equal content, as in the issue's 1 % benchmark).
  @Test(arguments: 0..<LongTests.choose(short: 6, long: 100))
  func largerRebuiltAfterAFewEdits(seed: Int) {
    var generator = EditGenerator(seed: 70_000 + UInt64(seed), pool: 400, targetSize: 400)
    let oldModel = generator.randomModel(size: generator.int(150...300), depth: 5)
    var snapshot = oldModel.makeSnapshot()
    var newModel = oldModel
    let edits = Self.edit(
      &snapshot, &newModel, count: generator.int(1...8), kinds: Self.structuralKinds.union([.reload]), &generator)
    let context = "seed \(seed): rebuilt after \(edits)"
    for layout in Self.layouts {
      ChangesChecker.check(
        from: oldModel.makeSnapshot(), oldModel, to: newModel.makeSnapshot(), newModel, layout: layout,
        context: context)
      ChangesChecker.check(from: oldModel.makeSnapshot(), oldModel, to: snapshot, newModel, layout: layout, context: context)
    }
  }
}

// Long histories: every step of a random run (refused calls included) is
// kept, and changes(from:) is checked between random pairs of steps, near
// and far, in both directions: ancestors, descendants and cousins.
extension RandomChangesTests {
  @Test(arguments: 0..<LongTests.choose(short: 10, long: 300))
  func pairsAlongALongHistory(seed: Int) {
    var generator = EditGenerator(seed: 100_000 + UInt64(seed), pool: 30, targetSize: 24)
    let startModel = generator.randomModel(size: generator.int(0...20))
    var steps: [(TreeSnapshot<Int>, ModelSnapshot, String)] = [(startModel.makeSnapshot(), startModel, "start")]
    for step in 1...LongTests.choose(short: 60, long: 200) {
      // Mostly go on from the last step; sometimes branch from an earlier one.
      var (snapshot, model, _) = generator.chance(90) ? steps.last! : generator.pick(steps)!
      let edit = generator.edit(model, invalidPercent: 15)
      var next = model
      let modelThrew = (try? edit.apply(to: &next)) == nil
      let threw = (try? edit.apply(to: &snapshot)) == nil
      guard threw == modelThrew else {
        Issue.record("seed \(seed), step \(step): \(edit) threw: \(threw), the model: \(modelThrew)")
        return
      }
      if !modelThrew { model = next }
      steps.append((snapshot, model, "step \(step) (\(edit))"))
    }
    for _ in 0..<LongTests.choose(short: 20, long: 60) {
      let (new, newModel, newName) = generator.pick(steps)!
      let (old, oldModel, oldName) =
        generator.chance(50) ? steps[max(0, steps.count - 1 - generator.int(1...8))] : generator.pick(steps)!
      for layout in Self.layouts {
        let context = "seed \(seed): \(newName).changes(from: \(oldName))"
        if !ChangesChecker.check(from: old, oldModel, to: new, newModel, layout: layout, context: context) { return }
      }
    }
  }

  /// Edits that undo each other: the derived path gives what the general
  /// path gives (nothing, or the pending reloads).
  @Test(arguments: 0..<LongTests.choose(short: 30, long: 1_000))
  func editsThatCancelOut(seed: Int) throws {
    var generator = EditGenerator(seed: 110_000 + UInt64(seed), pool: 30)
    let model = generator.randomModel(size: generator.int(2...24))
    let old = model.makeSnapshot()
    var new = old
    let items = model.items
    let item = generator.pick(items)!
    let fresh = generator.freshItem(model)
    var done: [String] = []
    for _ in 0..<generator.int(1...4) {
      switch generator.int(0...4) {
      case 0:
        let wasExpanded = new.isExpanded(item)
        new.expand([item])
        new.collapse([item])
        if wasExpanded { new.expand([item]) }
        done.append("expand+collapse \(item)")
      case 1:
        let parent = new.parent(of: item)
        let index = new.children(of: parent).firstIndex(of: item)!
        let target = generator.pick(items.filter { !model.isInSubtree($0, of: item) })
        if let target { try new.move(item, after: target) }
        try new.move(item, to: parent, at: index)
        done.append("move \(item) after \(target.map { "\($0)" } ?? "-") and back")
      case 2:
        try new.append([fresh], to: generator.chance(50) ? item : nil)
        new.delete([fresh])
        done.append("append+delete \(fresh)")
      case 3:
        let sub = new.snapshot(of: item)
        try new.replaceChildren(of: item, using: sub)
        done.append("replaceChildren of \(item) by its own")
      default:
        _ = try? new.move(item, to: fresh, at: 0)  // refused: unknown parent
        new.delete([fresh])
        done.append("refused move, delete of an unknown item")
      }
    }
    let context = "seed \(seed): \(done)"
    #expect(new == old, "\(context)")
    for layout in Self.layouts {
      ChangesChecker.check(from: old, model, to: new, model, layout: layout, context: context)
      #expect(new.changes(from: old, layout: layout).isEmpty, "\(context), layout .\(layout)")
      #expect(old.changes(from: new, layout: layout).isEmpty, "\(context), layout .\(layout), reversed")
    }
  }
}
