// The asynchronous source's workloads in the ordo-one suite: an
// `AsyncTreeSource` shown by `TreeList(source:)` with a counting host, its
// loads completed by the benchmark (each load waits until the benchmark
// hands it its listing).
//
// Names read `async-<workload>/<items>/TreeIndex`:
// `async-expansions` (10⁴ root folders expanded at once, every load in
// flight, completed in a seeded random order: each completion reaches the
// host as one batch, and the run checks that there were exactly 10⁴) and
// `async-refresh` (a loaded folder of 10⁵ children listed again with one
// child replaced: one refresh, its difference published as one batch).
// With TREEINDEX_BENCHMARK_SMOKE=1, 10³ items each.

import Benchmark
import Foundation
import TreeDataSource
import TreeIndexContenders

/// An `AsyncTreeSource` of integers (negative: a folder) in a list with a
/// counting host, whose loads wait for the benchmark to complete them.
@MainActor
final class AsyncSourceFixture {
  typealias Source = AsyncTreeSource<Int, Int>

  let source: Source
  /// The number of root folders.
  let roots: Int
  let list: TreeList<TreeSourceDataSource<Source>>
  let host = CountingHost()
  /// The loads waiting for their listing, by folder.
  var pending: [Int: CheckedContinuation<[Int], Never>] = [:]
  /// Whether a load waits for ``complete(inOrder:)``; otherwise it returns
  /// ``listing`` at once.
  let waits: Bool
  /// What a load that does not wait returns.
  var listing: [Int] = []

  /// A source of `roots` root folders; `waits`: each load waits until
  /// ``complete(inOrder:)``.
  init(roots: Int, waits: Bool) {
    self.waits = waits
    self.roots = roots
    weak var fixture: AsyncSourceFixture?
    let isFolder: (Int) -> Bool = { $0 < 0 }
    source = Source((1...roots).map { -$0 }, id: \.self, hasChildren: isFolder, maximumConcurrentLoads: max(1, roots)) {
      folder in
      guard let fixture else { return [] }
      guard fixture.waits else { return fixture.listing }
      return await withCheckedContinuation { fixture.pending[folder] = $0 }
    }
    list = TreeList(source: source)
    list.host = host
    list.reloadData()
    fixture = self
  }

  /// The batches the host has applied.
  var updates: Int { host.updates }

  /// Expands every root folder: each starts its load.
  func expandAll() {
    for i in 0..<roots {
      do { try list.expand([i]) } catch { preconditionFailure("expand: \(error)") }
    }
  }

  /// Waits until `count` loads wait for their listing.
  func waitForPending(_ count: Int) async {
    while pending.count < count { await Task.yield() }
  }

  /// Waits until no load runs.
  func settle() async {
    while source.numberOfRunningLoads > 0 { await Task.yield() }
  }

  /// Completes the waiting loads in `order` (folders), two children each.
  func complete(inOrder order: [Int]) {
    for folder in order {
      guard let continuation = pending.removeValue(forKey: folder) else { preconditionFailure("no load of \(folder)") }
      continuation.resume(returning: [-folder * 2, -folder * 2 + 1])
    }
  }
}

func registerAsyncSourceBenchmarks(smoke: Bool) {
  let expansions = smoke ? 1_000 : 10_000
  let fixture = Holder<AsyncSourceFixture>()
  Benchmark("async-expansions/\(shortCount(expansions))/TreeIndex", configuration: .init(maxIterations: 5)) {
    benchmark in
    await MainActor.run { fixture.value = AsyncSourceFixture(roots: expansions, waits: true) }
    let value = fixture.value!
    await value.expandAll()
    await value.waitForPending(expansions)
    let before = await value.updates
    var generator = SeededGenerator(seed: 29)
    let order = (1...expansions).map { -$0 }.shuffled(using: &generator)
    benchmark.startMeasurement()
    await value.complete(inOrder: order)
    await value.settle()
    benchmark.stopMeasurement()
    let batches = await value.updates - before
    precondition(batches == expansions, "async-expansions: \(batches) host batches, not \(expansions)")
    await MainActor.run { fixture.value = nil }
  }

  let children = smoke ? 1_000 : 100_000
  let folder = Holder<AsyncSourceFixture>()
  Benchmark("async-refresh/\(shortCount(children))/TreeIndex") { benchmark in
    let value = folder.value!
    await MainActor.run {
      // One child replaced by a new one, and back on the next iteration.
      let middle = children / 2
      value.listing[middle] = value.listing[middle] == middle ? -middle - 1 : middle
    }
    let before = await value.updates
    benchmark.startMeasurement()
    await MainActor.run {
      do { try value.source.refresh([0]) } catch { preconditionFailure("refresh: \(error)") }
    }
    await value.settle()
    benchmark.stopMeasurement()
    let batches = await value.updates - before
    precondition(batches == 1, "async-refresh: \(batches) host batches, not 1")
  } setup: {
    let value = await AsyncSourceFixture(roots: 1, waits: false)
    await MainActor.run { value.listing = Array(0..<children) }
    await value.expandAll()
    await value.settle()
    folder.value = value
  } teardown: {
    folder.value = nil
  }
}
