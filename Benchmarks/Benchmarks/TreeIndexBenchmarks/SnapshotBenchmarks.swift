// The snapshot workloads in the ordo-one suite: TreeSnapshot against the
// model of ListKit's section snapshot, on the wide and the 6-deep forests of
// 10³, 10⁵ and 10⁶ items (10³ only with TREEINDEX_BENCHMARK_SMOKE=1).
//
// Names read `snapshot-<workload>/<shape>/<items>/<contender>`:
// `snapshot-build` (append(_:to:) per parent, depth first),
// `snapshot-toggle-row` (collapse + row(of:), expand + row(of:): two
// operations per iteration), `snapshot-changes-append`,
// `snapshot-changes-move` (changes(from:) of a snapshot derived by one
// edit; only the diff is measured) and `snapshot-changes-unrelated`
// (two snapshots built apart, 1 % of the items differ). The contenders are
// `TreeSnapshot` and `ListKit-model`; the model's changes are Heckel's diff
// of the two visible arrays, read before the measurement.

import Benchmark
import TreeIndexContenders

func registerSnapshotBenchmarks(smoke: Bool) {
  for shape in SnapshotSizes.shapes {
    for items in smoke ? [1_000] : SnapshotSizes.items {
      registerSnapshots(TreeSnapshotContender.self, "TreeSnapshot", items, shape)
      registerSnapshots(SectionSnapshotBaseline.self, "ListKit-model", items, shape)
    }
  }
}

func registerSnapshots<C: IdentityOutline>(_ type: C.Type, _ label: String, _ items: Int, _ shape: SnapshotForest.Shape) {
  func name(_ workload: String) -> String { "snapshot-\(workload)/\(shape.rawValue)/\(shortCount(items))/\(label)" }
  let forest = Holder<SnapshotForest>()
  func load() { forest.value = SnapshotForest.generate(items: items, shape: shape) }

  if SnapshotSkips.reason(C.contender, .build, items: items, shape: shape) == nil {
    let built = Holder<C>()
    Benchmark(name("build")) { benchmark in
      built.value = nil  // the previous iteration's snapshot is freed outside the measurement
      let appends = forest.value!.appends
      benchmark.startMeasurement()
      var snapshot = C()
      for append in appends { snapshot.append(append.items, to: append.parent) }
      benchmark.stopMeasurement()
      built.value = snapshot
    } setup: {
      load()
    } teardown: {
      built.value = nil
      forest.value = nil
    }
  }

  let fixture = Holder<C>()
  Benchmark(name("toggle-row")) { _ in
    let toggled = [forest.value!.toggledItem]
    let target = forest.value!.lookedUpItem
    fixture.value!.collapse(toggled)
    blackHole(fixture.value!.row(of: target))
    fixture.value!.expand(toggled)
    blackHole(fixture.value!.row(of: target))
  } setup: {
    load()
    fixture.value = C(forest: forest.value!)
  } teardown: {
    fixture.value = nil
    forest.value = nil
  }

  for (workload, label) in [(SnapshotWorkload.derivedAppend, "changes-append"), (.derivedMove, "changes-move")] {
    let old = Holder<C.DiffInput>()
    Benchmark(name(label)) { benchmark in
      var derived = fixture.value!
      derived.makeEdit(of: workload, in: forest.value!)
      let new = derived.diffInput()
      benchmark.startMeasurement()
      blackHole(C.changes(to: new, from: old.value!))
      benchmark.stopMeasurement()
    } setup: {
      load()
      fixture.value = C(forest: forest.value!)
      old.value = fixture.value!.diffInput()
    } teardown: {
      old.value = nil
      fixture.value = nil
      forest.value = nil
    }
  }

  let pair = Holder<(old: C.DiffInput, new: C.DiffInput)>()
  Benchmark(name("changes-unrelated")) { _ in
    blackHole(C.changes(to: pair.value!.new, from: pair.value!.old))
  } setup: {
    load()
    let old = C(forest: forest.value!)
    let new = C(forest: forest.value!.unrelatedVariant().forest)
    pair.value = (old.diffInput(), new.diffInput())
  } teardown: {
    pair.value = nil
    forest.value = nil
  }
}
