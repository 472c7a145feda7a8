// The compacted source's workloads in the ordo-one suite: an array source
// of the standard depth-6 outline (every item, folders expanded or not, an
// element) behind a `CompactedTreeSource` with one subscriber, at 10³ and
// 10⁷ items (10³ only with TREEINDEX_BENCHMARK_SMOKE=1).
//
// Names read `compacted-<workload>/depth6/<items>/TreeIndex`:
// `compacted-form-break` (a folder with one child inserted under a leaf of
// the last folder, so that the leaf and it form a chain, then removed, so
// that the chain breaks: two base edits per iteration), `compacted-update`
// (an element of that folder replaced: an update of its row) and
// `compacted-build` (the compacted source built over the array source).

import Benchmark
import Foundation
import TreeDataSource
import TreeIndexContenders

/// An element of the benchmarked outline.
struct CompactedBenchmarkItem {
  var id: Int
  var kids: [CompactedBenchmarkItem] = []
}

/// The array source of a shape, the compacted source over it, and the
/// paths the workloads edit.
final class CompactedSourceFixture {
  let array: ArrayTreeSource<CompactedBenchmarkItem>
  var compacted: CompactedTreeSource<ArrayTreeSource<CompactedBenchmarkItem>>?
  var subscription: TreeSourceSubscription?
  /// A leaf of the last folder, and the path a child of it gets.
  let leaf: TreePath
  var heard = 0

  init(tree: TreeShape, compacting: Bool = true) {
    var counts: [TreePath: Int] = [:]
    for folder in tree.folders { counts[folder.path] = folder.numberOfSubitems }
    var next = 0
    func build(_ path: TreePath?) -> [CompactedBenchmarkItem] {
      let count = path.map { counts[$0] ?? 0 } ?? tree.numberOfRootItems
      return (0..<count).map { i in
        next += 1
        let childPath = (path ?? []).appending(i)
        return CompactedBenchmarkItem(id: next, kids: counts[childPath] == nil ? [] : build(childPath))
      }
    }
    array = ArrayTreeSource(build(nil), children: \.kids)
    let last = tree.folders.last!
    var index = 0
    while counts[last.path.appending(index)] != nil { index += 1 }
    leaf = last.path.appending(index)
    if compacting { compact() }
  }

  func compact() {
    compacted = array.compacted()
    subscription = compacted!.subscribe { [unowned self] changes in self.heard += changes.steps.count }
  }

  /// A chain forms under the leaf, and breaks again.
  func formAndBreak() {
    do {
      try array.insert(
        CompactedBenchmarkItem(id: -1, kids: [CompactedBenchmarkItem(id: -2)]), at: leaf.appending(0))
      try array.remove(at: leaf.appending(0))
    } catch { preconditionFailure("form and break: \(error)") }
  }

  /// The leaf's element replaced.
  func update() {
    do { try array.update(at: leaf) { $0.id += 1 } } catch { preconditionFailure("update: \(error)") }
  }
}

func registerCompactedSourceBenchmarks(smoke: Bool) {
  for items in smoke ? [1_000] : [1_000, 10_000_000] {
    let tree = TreeShape.generate(rows: items, depth: 6)
    let label = shortCount(items)
    let fixture = Holder<CompactedSourceFixture>()
    Benchmark("compacted-form-break/depth6/\(label)/TreeIndex") { _ in
      fixture.value!.formAndBreak()
    } setup: {
      fixture.value = CompactedSourceFixture(tree: tree)
    } teardown: {
      fixture.value = nil
    }
    Benchmark("compacted-update/depth6/\(label)/TreeIndex") { _ in
      fixture.value!.update()
    } setup: {
      fixture.value = CompactedSourceFixture(tree: tree)
    } teardown: {
      fixture.value = nil
    }
    Benchmark("compacted-build/depth6/\(label)/TreeIndex", configuration: .init(maxIterations: 3)) { benchmark in
      let value = fixture.value!
      benchmark.startMeasurement()
      value.compact()
      benchmark.stopMeasurement()
      value.compacted = nil
      value.subscription = nil
    } setup: {
      fixture.value = CompactedSourceFixture(tree: tree, compacting: false)
    } teardown: {
      fixture.value = nil
    }
  }
}
