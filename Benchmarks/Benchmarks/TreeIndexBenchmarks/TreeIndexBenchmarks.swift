// The ordo-one/benchmark suite: every workload, tree size, depth and
// contender as one benchmark, with wall clock and mallocs per operation (and
// instructions on machines that expose hardware counters).
//
//     swift package --package-path Benchmarks benchmark
//     TREEINDEX_BENCHMARK_SMOKE=1 swift package --package-path Benchmarks benchmark   # CI
//
// Names read `<workload>/depth<d>/<rows>/<contender>`, so that `--filter`
// can pick any slice; TreeIndex's own workloads add their size:
// `move/depth<d>/<rows>/N<rows beneath>/TreeIndex` and
// `<workload>/K<known items>/TreeIndex` (batch-100-insertions,
// treelist-insert, treelist-delete, treelist-move, treelist-reveal,
// source-update, source-append, source-refilter: K is then the array
// source's elements). The
// instruction table with ratios comes from `Benchmarks/compare.sh`.

import Benchmark
import Foundation
import TreeIndex
import TreeIndexContenders

/// The state a benchmark works on: built in setup and dropped in teardown,
/// so that only one big tree is alive at a time.
final class Fixture<C: RowMapping>: @unchecked Sendable {
  let tree: TreeShape
  var instance: C?
  var queries: Queries?
  var session: Session?
  var built: C?
  var next = 0

  init(tree: TreeShape) {
    self.tree = tree
  }

  /// Builds the contender and, when asked, the queries or the session.
  func load(instance: Bool = true, queries: Bool = false, session: Bool = false) {
    if instance { self.instance = C(tree: tree) }
    if queries || session {
      let reference = TreeIndexContender(tree: tree).index
      if queries { self.queries = Queries(count: 1_000, reference: reference) }
      if session { self.session = Session(slices: 20, tree: tree, reference: reference) }
    }
    next = 0
  }

  /// Frees everything `load` built.
  func unload() {
    instance = nil
    queries = nil
    session = nil
    built = nil
  }
}

let benchmarks: @Sendable () -> Void = {
  let smoke = ProcessInfo.processInfo.environment["TREEINDEX_BENCHMARK_SMOKE"] != nil
  Benchmark.defaultConfiguration = .init(
    metrics: [.instructions, .wallClock, .mallocCountTotal],
    warmupIterations: smoke ? 0 : 1,
    maxDuration: smoke ? .milliseconds(100) : .seconds(1),
    maxIterations: smoke ? 3 : 10_000)

  // An iteration that does nothing: what the harness itself allocates and
  // takes per iteration, to subtract from the others.
  Benchmark("empty-iteration") { _ in
    blackHole(0)
  }

  for depth in Sizes.depths {
    for rows in smoke ? [1_000] : Sizes.rows {
      let tree = TreeShape.generate(rows: rows, depth: depth)
      register(TreeIndexContender.self, .treeIndex, tree)
      register(FlatListBaseline.self, .flatList, tree)
      register(SiblingScanBaseline.self, .siblingScan, tree)
      register(RecountBaseline.self, .recount, tree)
      register(FloorBaseline.self, .floor, tree)
      registerMoves(tree)
    }
  }
  for known in smoke ? [100, 1_000] : Sizes.knownItems {
    registerKnownItems(known)
  }
  for known in smoke ? [1_000] : Sizes.sourceElements {
    registerSourceEdits(known)
  }
  registerSnapshotBenchmarks(smoke: smoke)  // SnapshotBenchmarks.swift
  registerSnapshotRoundTripBenchmarks(smoke: smoke)  // SnapshotRoundTripBenchmarks.swift
  registerOutlineBenchmarks(smoke: smoke)  // OutlineBenchmarks.swift
  registerNavigationBenchmarks(smoke: smoke)  // NavigationBenchmarks.swift
  registerRowSelectionBenchmarks(smoke: smoke)  // RowSelectionBenchmarks.swift
  registerCompactedSourceBenchmarks(smoke: smoke)  // CompactedSourceBenchmarks.swift
  registerAsyncSourceBenchmarks(smoke: smoke)  // AsyncSourceBenchmarks.swift
}

/// The benchmark's name: `<workload>/depth<d>/<rows>/<contender>`.
func name(_ workload: String, _ tree: TreeShape, _ contender: Contender) -> String {
  let rows = tree.numberOfRows >= 1_000_000 ? "\(tree.numberOfRows / 1_000_000)M" : "\(tree.numberOfRows / 1_000)K"
  return "\(workload)/depth\(tree.depth)/\(rows)/\(contender.rawValue.replacingOccurrences(of: " ", with: "-"))"
}

/// Registers every workload of one contender on one tree, except those
/// skipped at this size.
func register<C: RowMapping>(_ type: C.Type, _ contender: Contender, _ tree: TreeShape) {
  func runs(_ workload: Workload) -> Bool { Skips.reason(contender, workload, rows: tree.numberOfRows) == nil }

  if runs(.pathToRow) {
    let fixture = Fixture<C>(tree: tree)
    Benchmark(name("path-to-row", tree, contender)) { _ in
      let queries = fixture.queries!
      let path = queries.paths[fixture.next % queries.paths.count]
      fixture.next += 1
      blackHole(fixture.instance!.row(for: path))
    } setup: {
      fixture.load(queries: true)
    } teardown: {
      fixture.unload()
    }
  }

  if runs(.rowToPath) {
    let fixture = Fixture<C>(tree: tree)
    Benchmark(name("row-to-path", tree, contender)) { _ in
      let queries = fixture.queries!
      let row = queries.rows[fixture.next % queries.rows.count]
      fixture.next += 1
      blackHole(fixture.instance!.treePath(forRow: row))
    } setup: {
      fixture.load(queries: true)
    } teardown: {
      fixture.unload()
    }
  }

  if runs(.toggle) {
    let target = tree.toggleTarget
    let count = tree.folders.first { $0.path == target }!.numberOfSubitems
    let fixture = Fixture<C>(tree: tree)
    Benchmark(name("collapse-expand", tree, contender)) { _ in
      blackHole(fixture.instance!.collapse(target))
      blackHole(fixture.instance!.expand(target, numberOfSubitems: count))
    } setup: {
      fixture.load()
    } teardown: {
      fixture.unload()
    }
  }

  if runs(.session) {
    let fixture = Fixture<C>(tree: tree)
    Benchmark(name("mixed-session-101-ops", tree, contender)) { _ in
      let session = fixture.session!
      let slice = session.slices[fixture.next % session.slices.count]
      fixture.next += 1
      for step in slice {
        switch step {
        case .rowToPath(let row, _): blackHole(fixture.instance!.treePath(forRow: row))
        case .pathToRow(let path, _): blackHole(fixture.instance!.row(for: path))
        case .collapse(let path, _): blackHole(fixture.instance!.collapse(path))
        case .expand(let path, let count, _): blackHole(fixture.instance!.expand(path, numberOfSubitems: count))
        }
      }
    } setup: {
      fixture.load(session: true)
    } teardown: {
      fixture.unload()
    }
  }

  if runs(.build) {
    let fixture = Fixture<C>(tree: tree)
    Benchmark(name("build", tree, contender)) { benchmark in
      fixture.built = nil  // the previous iteration's state is freed outside the measurement
      benchmark.startMeasurement()
      let built = C(tree: fixture.tree)
      benchmark.stopMeasurement()
      fixture.built = built
    } teardown: {
      fixture.unload()
    }
  }
}

/// Registers the move workload on one tree: an item with N rows beneath it
/// moved to the end of its parent and back, one pair per iteration (see
/// ``MoveFixture``).
func registerMoves(_ tree: TreeShape) {
  for size in Sizes.movedSubtreeRows(inTreeOf: tree.numberOfRows) {
    let holder = Holder<MoveFixture>()
    let base = name("move", tree, .treeIndex).split(separator: "/")
    let label = (base.dropLast() + ["N\(shortCount(size))", base.last!]).joined(separator: "/")
    Benchmark(label) { _ in
      blackHole(holder.value!.moveAndBack())
    } setup: {
      holder.value = MoveFixture(reference: TreeIndexContender(tree: tree).index, tree: tree, subtreeRows: size)
    } teardown: {
      holder.value = nil
    }
  }
}

/// Registers the batch and TreeList workloads with `known` known items:
/// only the edit is measured; what prepares and undoes it (so that every
/// iteration starts from the same state) is not.
func registerKnownItems(_ known: Int) {
  let index = Holder<TreeIndex>()
  Benchmark("batch-100-insertions/K\(shortCount(known))/TreeIndex") { benchmark in
    benchmark.startMeasurement()
    let changes = KnownItems.insertBatch(&index.value!)
    benchmark.stopMeasurement()
    blackHole(changes)
    _ = try? index.value!.deleteItems(at: KnownItems.insertedPaths)
  } setup: {
    index.value = KnownItems.index(known)
    // The first batch copies the storage shared with nothing else; run one
    // so that every measured batch starts alike.
    _ = KnownItems.insertBatch(&index.value!)
    _ = try? index.value!.deleteItems(at: KnownItems.insertedPaths)
  } teardown: {
    index.value = nil
  }

  for (workload, label) in [
    (Workload.treeListInsert, "treelist-insert"), (.treeListDelete, "treelist-delete"),
    (.treeListMove, "treelist-move"), (.treeListReveal, "treelist-reveal"),
  ] {
    let fixture = Holder<TreeListFixture>()
    Benchmark("\(label)/K\(shortCount(known))/TreeIndex") { benchmark in
      let (prepare, edit, restore) = fixture.value!.steps(workload)
      prepare()
      benchmark.startMeasurement()
      edit()
      benchmark.stopMeasurement()
      restore()
    } setup: {
      fixture.value = TreeListFixture(known: known)
    } teardown: {
      fixture.value = nil
    }
  }
}

/// Registers the source workloads with an array source of `known`
/// elements behind a join and a filter: only the edit is measured.
func registerSourceEdits(_ known: Int) {
  for (workload, label) in [
    (Workload.sourceUpdate, "source-update"), (.sourceAppend, "source-append"), (.sourceRefilter, "source-refilter"),
    (.sourceBulkAppend, "source-bulk-append"),
  ] {
    let fixture = Holder<SourceFixture>()
    Benchmark("\(label)/K\(shortCount(known))/TreeIndex") { benchmark in
      let (prepare, edit, restore) = fixture.value!.steps(workload)
      prepare()
      benchmark.startMeasurement()
      edit()
      benchmark.stopMeasurement()
      restore()
    } setup: {
      fixture.value = SourceFixture(known: known)
    } teardown: {
      fixture.value = nil
    }
  }
}

/// A value built in a benchmark's setup and dropped in its teardown.
final class Holder<Value>: @unchecked Sendable {
  var value: Value?
}

/// 100, 1K, 100K, 1M.
func shortCount(_ count: Int) -> String {
  count >= 1_000_000 ? "\(count / 1_000_000)M" : count >= 1_000 ? "\(count / 1_000)K" : "\(count)"
}
