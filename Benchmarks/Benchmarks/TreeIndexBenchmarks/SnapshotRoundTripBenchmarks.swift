// The diffable round trip in the ordo-one suite: the pattern Apple's
// diffable data sources teach, measured end to end on a `DiffableTreeList`
// whose host counts the updates:
//
//     var snapshot = list.snapshot      // a copy that shares the storage
//     try snapshot.append([item], to: parent)
//     list.apply(snapshot)              // changes(from:) and one update
//
// Names read `snapshot-roundtrip-<edit>/<shape>/<items>/TreeSnapshot`, on
// the wide and the 6-deep forests of 10³, 10⁵ and 10⁶ items (10³ only with
// TREEINDEX_BENCHMARK_SMOKE=1), every item expanded: `append` adds a fresh
// item to the derived-append workload's parent; `move` moves the
// derived-move workload's item with its subtree (a root with 10³ children
// wide, a level-1 item with 1.1 × 10³ descendants deep at 10⁶) and, on the
// next iteration, back. Each iteration is one copy, one edit, one
// `changes(from:)`, one update of the host, and the release of the list's
// previous snapshot.
//
// `snapshot-changes-apart/<shape>/<items>/TreeSnapshot` measures
// `changes(from:)` alone between two copies of one snapshot edited apart
// (one with the append, one with the move): neither is made from the
// other, so the change set comes from the pages of storage they do not
// share.

import Benchmark
import TreeDataSource
import TreeIndexContenders

func registerSnapshotRoundTripBenchmarks(smoke: Bool) {
  for shape in SnapshotSizes.shapes {
    for items in smoke ? [1_000] : SnapshotSizes.items {
      registerRoundTrips(items, shape)
    }
  }
}

func registerRoundTrips(_ items: Int, _ shape: SnapshotForest.Shape) {
  func name(_ edit: String) -> String { "snapshot-roundtrip-\(edit)/\(shape.rawValue)/\(shortCount(items))/TreeSnapshot" }
  let forest = Holder<SnapshotForest>()
  let list = Holder<DiffableTreeList<Int>>()
  let host = Holder<CountingHost>()
  func load() {
    let generated = SnapshotForest.generate(items: items, shape: shape)
    var snapshot = TreeSnapshotContender(forest: generated).snapshot
    snapshot.expand(Array(snapshot.items))
    let shown = DiffableTreeList<Int>()
    host.value = CountingHost()
    shown.host = host.value
    shown.apply(snapshot)
    forest.value = generated
    list.value = shown
  }
  func unload() {
    list.value = nil
    host.value = nil
    forest.value = nil
  }

  let fresh = Holder<Int>()
  Benchmark(name("append")) { _ in
    let parent = forest.value!.appendParent
    let item = fresh.value!
    fresh.value = item + 1
    var snapshot = list.value!.snapshot
    try? snapshot.append([item], to: parent)
    blackHole(list.value!.apply(snapshot))
  } setup: {
    load()
    fresh.value = forest.value!.count + 1_000_000_000
  } teardown: {
    unload()
  }

  // The move, and the way back: (item, parent, index) each.
  let moves = Holder<[(item: Int, parent: Int?, index: Int)]>()
  let iteration = Holder<Int>()
  Benchmark(name("move")) { _ in
    let step = iteration.value!
    iteration.value = step + 1
    let move = moves.value![step & 1]
    var snapshot = list.value!.snapshot
    try? snapshot.move(move.item, to: move.parent, at: move.index)
    blackHole(list.value!.apply(snapshot))
  } setup: {
    load()
    let move = forest.value!.move
    let snapshot = list.value!.snapshot
    let parent = snapshot.parent(of: move.item)
    let siblings = Array(snapshot.children(of: parent))
    let back = (item: move.item, parent: parent, index: siblings.firstIndex(of: move.item)!)
    moves.value = [move, back]
    iteration.value = 0
  } teardown: {
    unload()
  }

  let apart = Holder<(TreeSnapshot<Int>, TreeSnapshot<Int>)>()
  Benchmark("snapshot-changes-apart/\(shape.rawValue)/\(shortCount(items))/TreeSnapshot") { _ in
    let (appended, moved) = apart.value!
    blackHole(moved.changes(from: appended))
  } setup: {
    load()
    let base = list.value!.snapshot
    var appended = base
    try? appended.append([forest.value!.count + 2_000_000_000], to: forest.value!.appendParent)
    var moved = base
    let move = forest.value!.move
    try? moved.move(move.item, to: move.parent, at: move.index)
    apart.value = (appended, moved)
  } teardown: {
    apart.value = nil
    unload()
  }
}
