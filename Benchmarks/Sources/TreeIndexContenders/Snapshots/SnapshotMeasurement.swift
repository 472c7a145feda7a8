// The measured loops of the snapshot workloads, their results, their memory
// and the check of every contender's answers.

import TreeDataSource
import TreeIndex

/// The measured samples of one snapshot contender on one workload, size and
/// shape.
public struct SnapshotCellResult: Codable, Sendable {
  public var contender: SnapshotContender
  public var workload: SnapshotWorkload
  public var items: Int
  public var shape: SnapshotForest.Shape
  /// `instructions`, `ns` or `bytes`.
  public var unit: String
  public var operationsPerSample: Int
  /// Each sample's cost, net of ``overhead``.
  public var samples: [Int]
  public var overhead: Int
  public var skipped: String?
  /// Each sample's heap allocations, net of an empty sample's, where counted.
  public var allocations: [Int]?

  public init(
    contender: SnapshotContender, workload: SnapshotWorkload, items: Int, shape: SnapshotForest.Shape, unit: String,
    operationsPerSample: Int, samples: [Int], overhead: Int, skipped: String?, allocations: [Int]? = nil
  ) {
    self.contender = contender
    self.workload = workload
    self.items = items
    self.shape = shape
    self.unit = unit
    self.operationsPerSample = operationsPerSample
    self.samples = samples
    self.overhead = overhead
    self.skipped = skipped
    self.allocations = allocations
  }

  public var medianPerOperation: Double? {
    CellResult.median(samples).map { $0 / Double(operationsPerSample) }
  }

  public var medianAllocationsPerOperation: Double? {
    allocations.flatMap(CellResult.median).map { $0 / Double(operationsPerSample) }
  }
}

extension Measurement {
  /// Measures `workloads` (all but memory) of `contender` on the forest of
  /// `items` items of `shape`.
  public static func runSnapshots(
    _ contender: SnapshotContender, items: Int, shape: SnapshotForest.Shape, workloads: [SnapshotWorkload],
    meter: MeterChoice, smoke: Bool = false, skipping: Bool = true, log: (String) -> Void
  ) -> [SnapshotCellResult] {
    let forest = SnapshotForest.generate(items: items, shape: shape)
    switch (contender, meter) {
    case (.treeSnapshot, .callgrind(let prefix, let keep)):
      return runSnapshots(
        TreeSnapshotContender.self, forest, workloads, CallgrindMeter(prefix: prefix, keepDumps: keep), smoke, skipping, log)
    case (.treeSnapshot, .clock):
      return runSnapshots(TreeSnapshotContender.self, forest, workloads, ClockMeter(), smoke, skipping, log)
    case (.sectionSnapshot, .callgrind(let prefix, let keep)):
      return runSnapshots(
        SectionSnapshotBaseline.self, forest, workloads, CallgrindMeter(prefix: prefix, keepDumps: keep), smoke, skipping,
        log)
    case (.sectionSnapshot, .clock):
      return runSnapshots(SectionSnapshotBaseline.self, forest, workloads, ClockMeter(), smoke, skipping, log)
    }
  }

  /// The bytes the fully expanded snapshot of `forest` keeps allocated (the
  /// heap in use after building minus before, after one build and release).
  public static func snapshotBytes(_ contender: SnapshotContender, forest: SnapshotForest) -> Int {
    switch contender {
    case .treeSnapshot: return snapshotBytes(TreeSnapshotContender.self, forest)
    case .sectionSnapshot: return snapshotBytes(SectionSnapshotBaseline.self, forest)
    }
  }

  static func snapshotBytes<C: IdentityOutline>(_ type: C.Type, _ forest: SnapshotForest) -> Int {
    withExtendedLifetime(C(forest: forest)) {}
    let before = HeapStatistics.bytesInUse()
    let built = C(forest: forest)
    let after = HeapStatistics.bytesInUse()
    return withExtendedLifetime(built) { after - before }
  }

  static func runSnapshots<C: IdentityOutline, M: Meter>(
    _ type: C.Type, _ forest: SnapshotForest, _ workloads: [SnapshotWorkload], _ meter: M, _ smoke: Bool,
    _ skipping: Bool, _ log: (String) -> Void
  ) -> [SnapshotCellResult] {
    var meter = meter
    let what = "\(C.contender.rawValue), \(forest.count) items, \(forest.shape.rawValue)"
    let toMeasure = workloads.filter { $0 != .memory }
    func skip(_ workload: SnapshotWorkload) -> String? {
      skipping ? SnapshotSkips.reason(C.contender, workload, items: forest.count, shape: forest.shape) : nil
    }
    var fixture: C?
    if toMeasure.contains(where: { $0 != .build }) {
      log("building \(what)")
      fixture = C(forest: forest)
    }
    meter.beginRun()
    defer { meter.endRun() }
    let overhead = Overhead(&meter)
    var results: [SnapshotCellResult] = []
    for workload in toMeasure {
      var result = SnapshotCellResult(
        contender: C.contender, workload: workload, items: forest.count, shape: forest.shape, unit: meter.unit,
        operationsPerSample: workload.operationsPerSample, samples: [], overhead: overhead.cost, skipped: skip(workload))
      if result.skipped == nil {
        log("measuring \(what): \(workload.rawValue)")
        let limits = smoke ? workload.smokeLimits : workload.limits(unit: meter.unit)
        let samples: Samples
        switch workload {
        case .build:
          samples = measureSnapshotBuild(C.self, forest, &meter, limits)
        case .toggleRow:
          samples = measureSnapshotToggle(&fixture!, forest, &meter, limits)
        case .derivedAppend, .derivedMove:
          samples = measureSnapshotDiff(fixture!, { $0.makeEdit(of: workload, in: forest) }, &meter, limits)
        case .applyAppend, .applyMove:
          guard let contender = fixture as? TreeSnapshotContender else {
            fatalError("\(C.contender.rawValue) has no list to apply snapshots to")
          }
          samples = measureSnapshotApply(contender.snapshot, workload, forest, &meter, limits)
        case .selectionToggle:
          guard let contender = fixture as? TreeSnapshotContender else {
            fatalError("\(C.contender.rawValue) has no selection")
          }
          samples = measureSelectionToggle(contender.snapshot, forest, &meter, limits)
        case .unrelated:
          meter.endRun()
          let other = C(forest: forest.unrelatedVariant().forest)
          meter.beginRun()
          samples = measureSnapshotDiff(fixture!, other, "an unrelated snapshot", &meter, limits)
        case .apart:
          meter.endRun()
          let (appended, moved) = fixture!.copiesEditedApart(in: forest)
          meter.beginRun()
          samples = measureSnapshotDiff(appended, moved, "a copy edited apart", &meter, limits)
        case .memory:
          samples = Samples()
        }
        result.samples = samples.costs.map { Swift.max(0, $0 - overhead.cost) }
        result.allocations =
          samples.allocations.isEmpty ? nil : samples.allocations.map { Swift.max(0, $0 - overhead.allocations) }
      }
      results.append(result)
    }
    return results
  }

  static func measureSnapshotBuild<C: IdentityOutline, M: Meter>(
    _ type: C.Type, _ forest: SnapshotForest, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    var samples = Samples()
    let appends = forest.appends
    while samples.wantsMore(limits) {
      meter.start()
      var built: C? = C()
      for append in appends { built!.append(append.items, to: append.parent) }
      consume(built)
      let cost = meter.stop()
      samples.add(cost, meter)
      meter.endRun()  // checking and freeing are not measured, and run faster uninstrumented
      check(built!.allItems.count == forest.count, C.contender, "built \(built!.allItems.count) items")
      built = nil
      meter.beginRun()
    }
    return samples
  }

  static func measureSnapshotToggle<C: IdentityOutline, M: Meter>(
    _ instance: inout C, _ forest: SnapshotForest, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    let toggled = [forest.toggledItem]
    let target = forest.lookedUpItem
    let whenExpanded = target  // identifiers are depth-first rows
    let whenCollapsed = target - forest.descendants(of: forest.toggledItem)
    instance.collapse(toggled)  // warm-up
    consume(instance.row(of: target))
    instance.expand(toggled)
    consume(instance.row(of: target))
    var samples = Samples()
    while samples.wantsMore(limits) {
      meter.start()
      instance.collapse(toggled)
      let collapsedRow = instance.row(of: target)
      instance.expand(toggled)
      let expandedRow = instance.row(of: target)
      consume(collapsedRow)
      consume(expandedRow)
      let cost = meter.stop()
      check(
        collapsedRow == whenCollapsed && expandedRow == whenExpanded, C.contender,
        "row(of: \(target)) = \(String(describing: collapsedRow)) / \(String(describing: expandedRow)), "
          + "not \(whenCollapsed) / \(whenExpanded)")
      samples.add(cost, meter)
    }
    return samples
  }

  /// `changes(to:from:)` of a snapshot derived from `base` by `edit`,
  /// derived anew (unmeasured) for every sample.
  static func measureSnapshotDiff<C: IdentityOutline, M: Meter>(
    _ base: C, _ edit: (inout C) -> Void, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    meter.endRun()
    let old = base.diffInput()
    meter.beginRun()
    var samples = Samples()
    while samples.wantsMore(limits) {
      meter.endRun()  // the derivation (a copy and one edit) is not measured
      var derived = base
      edit(&derived)
      let new = derived.diffInput()
      meter.beginRun()
      meter.start()
      let changes = C.changes(to: new, from: old)
      consume(changes)
      let cost = meter.stop()
      samples.add(cost, meter)
      if samples.count == 1 {
        meter.endRun()
        let problem = C.replay(changes, old: base.visibleItemArray, new: derived.visibleItemArray)
        check(problem == nil, C.contender, "changes(from:) of a derived snapshot: \(problem ?? "")")
        meter.beginRun()
      }
    }
    return samples
  }

  /// `DiffableTreeList.apply(_:)` of a snapshot derived from the list's own
  /// by one append, or one move (and back on the next sample), the
  /// derivation unmeasured.
  static func measureSnapshotApply<M: Meter>(
    _ base: TreeSnapshot<Int>, _ workload: SnapshotWorkload, _ forest: SnapshotForest, _ meter: inout M,
    _ limits: SampleLimits
  ) -> Samples {
    meter.endRun()
    let host = BatchCountingHost()
    let list = DiffableTreeList<Int>()
    list.host = host
    list.apply(base)
    let move = forest.move
    let home = base.parent(of: move.item)
    let homeIndex = base.children(of: home).firstIndex(of: move.item)!
    var fresh = forest.count + 7
    meter.beginRun()
    var samples = Samples()
    while samples.wantsMore(limits) {
      meter.endRun()  // the derivation (a copy and one edit) is not measured
      var next = list.snapshot
      if workload == .applyAppend {
        try! next.append([fresh], to: forest.appendParent)
        fresh += 1
      } else if samples.count % 2 == 0 {
        try! next.move(move.item, to: move.parent, at: move.index)
      } else {
        try! next.move(move.item, to: home, at: homeIndex)
      }
      let batches = host.batches
      meter.beginRun()
      meter.start()
      let changes = list.apply(next)
      consume(changes)
      let cost = meter.stop()
      samples.add(cost, meter)
      meter.endRun()
      check(host.batches == batches + 1 && list.snapshot == next, .treeSnapshot, "apply: one batch, to the snapshot")
      meter.beginRun()
    }
    return samples
  }

  /// `TreeSelection.toggle(_:)` of the last item of `forest` (a leaf at
  /// the deepest level), then its root item's `checkState(of:)` and
  /// `checkedCount(in:)`: checked on one toggle, unchecked on the next.
  static func measureSelectionToggle<M: Meter>(
    _ snapshot: TreeSnapshot<Int>, _ forest: SnapshotForest, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    meter.endRun()
    let leaf = forest.count - 1
    var root = leaf
    while forest.parents[root] >= 0 { root = forest.parents[root] }
    var selection: TreeSelection<Int>
    do { selection = try TreeSelection(snapshot) } catch { fatalError("TreeSelection: \(error)") }
    let checkable = selection.checkableCount(in: root)
    // Warm-up: the storage is unique and every path has run once.
    _ = try? selection.toggle(leaf)
    _ = try? selection.toggle(leaf)
    meter.beginRun()
    var samples = Samples()
    while samples.wantsMore(limits) {
      meter.start()
      let checkedState = try? selection.toggle(leaf)
      let rootWhenChecked = selection.checkState(of: root)
      let countWhenChecked = selection.checkedCount(in: root)
      let uncheckedState = try? selection.toggle(leaf)
      let rootWhenUnchecked = selection.checkState(of: root)
      let countWhenUnchecked = selection.checkedCount(in: root)
      consume(rootWhenChecked)
      consume(rootWhenUnchecked)
      let cost = meter.stop()
      check(
        checkedState == .checked && uncheckedState == .unchecked
          && rootWhenChecked == (checkable == 1 ? .checked : .mixed) && countWhenChecked == 1
          && rootWhenUnchecked == .unchecked && countWhenUnchecked == 0,
        .treeSnapshot,
        "toggle(\(leaf)): \(String(describing: checkedState)) / \(String(describing: uncheckedState)), root \(root): "
          + "\(rootWhenChecked) \(countWhenChecked) / \(rootWhenUnchecked) \(countWhenUnchecked)")
      samples.add(cost, meter)
    }
    return samples
  }

  /// `changes(to:from:)` between `base` and `other`, made before the
  /// measurement (`what` names `other` in a failure).
  static func measureSnapshotDiff<C: IdentityOutline, M: Meter>(
    _ base: C, _ other: C, _ what: String, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    meter.endRun()
    let old = base.diffInput()
    let new = other.diffInput()
    meter.beginRun()
    var samples = Samples()
    while samples.wantsMore(limits) {
      meter.start()
      let changes = C.changes(to: new, from: old)
      consume(changes)
      let cost = meter.stop()
      samples.add(cost, meter)
      if samples.count == 1 {
        meter.endRun()
        let problem = C.replay(changes, old: base.visibleItemArray, new: other.visibleItemArray)
        check(problem == nil, C.contender, "changes(from:) of \(what): \(problem ?? "")")
        meter.beginRun()
      }
    }
    return samples
  }

  static func check(_ condition: Bool, _ contender: SnapshotContender, _ message: @autoclosure () -> String) {
    if !condition { fatalError("\(contender.rawValue): \(message())") }
  }
}

// MARK: - Verification

extension Verification {
  /// The problems of the snapshot contenders on the forest of `items` items
  /// of `shape`: both build the same items by `append(_:to:)` (and the
  /// baseline's direct build equals its appends), show the same visible
  /// rows and answer the toggle's row lookups alike; every change set, when
  /// replayed as a table view would, turns the old rows into the new ones;
  /// and TreeSnapshot's are the fewest: one insertion after an append, the
  /// moved subtree as a move and nothing else after a move, and for the
  /// unrelated pair exactly the deleted, inserted and moved leaves; between
  /// copies edited apart, the appended item deleted and the moved subtree
  /// moved.
  public static func snapshotProblems(items count: Int, shape: SnapshotForest.Shape) -> [String] {
    var found: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition && found.count < 10 { found.append("\(shape.rawValue), \(count) items: \(message())") }
    }
    let forest = SnapshotForest.generate(items: count, shape: shape)
    let depthFirst = Array(0..<count)
    let appended = TreeSnapshotContender.built(by: forest)
    expect(appended.allItems == depthFirst, "TreeSnapshot's items are not in depth-first order")
    expect(appended.visibleItemArray == forest.levels[0], "TreeSnapshot shows other rows than the root items")
    let baselineAppended = SectionSnapshotBaseline.built(by: forest)
    expect(baselineAppended.items == depthFirst, "the baseline's items are not in depth-first order")
    var tree = TreeSnapshotContender(forest: forest)
    var baseline = SectionSnapshotBaseline(forest: forest)
    expect(baseline.items == baselineAppended.items, "the baseline's direct build differs from its appends")
    expect(tree.visibleItemArray == depthFirst, "the expanded TreeSnapshot does not show every item")
    expect(baseline.visibleItemArray == depthFirst, "the expanded baseline does not show every item")
    for item in stride(from: 0, to: count, by: Swift.max(1, count / 97)) {
      expect(tree.row(of: item) == item, "TreeSnapshot: row(of: \(item)) = \(String(describing: tree.row(of: item)))")
    }
    let toggled = [forest.toggledItem]
    tree.collapse(toggled)
    baseline.collapse(toggled)
    expect(
      tree.visibleItemArray == baseline.visibleItemArray, "collapsing \(forest.toggledItem) shows different rows")
    expect(
      tree.row(of: forest.lookedUpItem) == forest.lookedUpItem - forest.descendants(of: forest.toggledItem)
        && tree.row(of: forest.lookedUpItem) == baseline.row(of: forest.lookedUpItem),
      "after collapsing \(forest.toggledItem), row(of: \(forest.lookedUpItem)) differs")
    tree.expand(toggled)
    baseline.expand(toggled)

    func check<C: IdentityOutline>(
      _ old: C, _ new: C, _ what: String, expecting counts: (deleted: Int, inserted: Int, moved: Int)?
    ) {
      let changes = C.changes(to: new.diffInput(), from: old.diffInput())
      if let problem = C.replay(changes, old: old.visibleItemArray, new: new.visibleItemArray) {
        expect(false, "\(C.contender.rawValue), \(what): \(problem)")
      }
      if let counts {
        let actual = C.counts(changes)
        expect(
          actual == counts,
          "\(C.contender.rawValue), \(what): \(actual) rows deleted, inserted, moved; expected \(counts)")
      }
    }
    // One append.
    var treeAppend = tree
    var baselineAppend = baseline
    treeAppend.append([count + 7], to: forest.appendParent)
    baselineAppend.append([count + 7], to: forest.appendParent)
    expect(treeAppend.visibleItemArray == baselineAppend.visibleItemArray, "one append gives different rows")
    check(tree, treeAppend, "one append", expecting: (0, 1, 0))
    check(baseline, baselineAppend, "one append", expecting: nil)
    // One move.
    let move = forest.move
    var treeMove = tree
    var baselineMove = baseline
    treeMove.move(move.item, to: move.parent, at: move.index)
    baselineMove.move(move.item, to: move.parent, at: move.index)
    expect(treeMove.visibleItemArray == baselineMove.visibleItemArray, "one move gives different rows")
    check(tree, treeMove, "one move", expecting: (0, 0, forest.descendants(of: move.item) + 1))
    check(baseline, baselineMove, "one move", expecting: nil)
    // Copies edited apart: from the appended copy to the moved one, the
    // appended item goes and the moved subtree moves.
    let (treeCopyAppended, treeCopyMoved) = tree.copiesEditedApart(in: forest)
    let (baselineCopyAppended, baselineCopyMoved) = baseline.copiesEditedApart(in: forest)
    check(treeCopyAppended, treeCopyMoved, "copies edited apart", expecting: (1, 0, forest.descendants(of: move.item) + 1))
    check(baselineCopyAppended, baselineCopyMoved, "copies edited apart", expecting: nil)
    // Unrelated.
    let variant = forest.unrelatedVariant()
    let treeOther = TreeSnapshotContender(forest: variant.forest)
    let baselineOther = SectionSnapshotBaseline(forest: variant.forest)
    expect(treeOther.visibleItemArray == baselineOther.visibleItemArray, "the unrelated snapshots show different rows")
    check(tree, treeOther, "unrelated", expecting: (variant.deleted, variant.inserted, variant.moved))
    check(baseline, baselineOther, "unrelated", expecting: nil)
    return found
  }
}

/// A host that takes each batch and counts them: what the list pays for,
/// without a table view's own work.
final class BatchCountingHost: TreeListHost {
  var batches = 0

  func reloadData() {}

  func apply(_ changes: TreeChanges) {
    batches += 1
    consume(changes)
  }
}
