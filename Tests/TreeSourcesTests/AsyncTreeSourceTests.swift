import Testing
import TreeDataSource
import TreeIndexTestSupport

@MainActor
@Suite struct AsyncTreeSourceTests {
  typealias Source = AsyncTreeSource<AsyncItem, Int>

  static func folders(_ ids: Range<Int>) -> [AsyncItem] { ids.map { AsyncItem(id: $0, hasChildren: true) } }

  static func make(_ loader: ControlledLoader, roots: [AsyncItem], maximum: Int = 4) -> Source {
    Source(roots, hasChildren: \.hasChildren, maximumConcurrentLoads: maximum) { try await loader.load($0) }
  }

  static func applies(_ host: ListHostSimulator) -> Int {
    host.calls.filter { if case .apply = $0 { true } else { false } }.count
  }

  @Test func expandingStartsOneLoadAndTheChildrenArriveAsOneBatch() async throws {
    let loader = ControlledLoader()
    loader.listing = { parent in (0..<3).map { AsyncItem(id: parent.id * 10 + $0, hasChildren: false) } }
    let source = Self.make(loader, roots: Self.folders(1..<3))
    let list = TreeList(source: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    host.removeRecordedCalls()
    #expect(try source.hasChildren(at: [0]))
    guard case .notLoaded = try source.loadState(at: [0]) else { Issue.record("not notLoaded"); return }

    try list.expand([0])
    try list.expand([0])  // already expanded: no second load
    try source.startLoading(childrenOf: [0])
    #expect(list.isExpanded([0]))
    #expect(list.numberOfRows(inSection: 0) == 2)
    #expect(try source.loadState(at: [0]).isLoading)
    await settleLoads()
    #expect(loader.requests.count == 1)
    #expect(loader.started == 1)

    loader.complete(0)
    await settleLoads()
    guard case .loaded = try source.loadState(at: [0]) else { Issue.record("not loaded"); return }
    #expect(Self.applies(host) == 1)
    #expect(list.numberOfRows(inSection: 0) == 5)
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows().isEmpty)
    #expect(source.numberOfRunningLoads == 0 && loader.live == 0)
  }

  @Test func collapsingCancelsTheLoadAndAFailedLoadIsRetried() async throws {
    let loader = ControlledLoader()
    loader.listing = { parent in [AsyncItem(id: parent.id * 10, hasChildren: false)] }
    let source = Self.make(loader, roots: Self.folders(1..<2))
    let list = TreeList(source: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()

    try list.expand([0])
    await settleLoads()
    try list.collapse([0])
    await settleLoads()
    #expect(loader.cancelled == 1)
    #expect(loader.live == 0 && source.numberOfRunningLoads == 0)
    guard case .notLoaded = try source.loadState(at: [0]) else { Issue.record("not notLoaded"); return }

    try list.expand([0])
    await settleLoads()
    loader.fail(0)
    await settleLoads()
    guard case .failed = try source.loadState(at: [0]) else { Issue.record("not failed"); return }
    #expect(try source.numberOfChildren(of: [0]) == 0)

    try source.startLoading(childrenOf: [0])
    await settleLoads()
    loader.complete(0)
    await settleLoads()
    #expect(try source.numberOfChildren(of: [0]) == 1)
    #expect(list.numberOfRows(inSection: 0) == 2)
    #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty)
  }

  @Test func loadsRunAtMostTheMaximumAtOnce() async throws {
    let loader = ControlledLoader()
    let source = Self.make(loader, roots: Self.folders(0..<10), maximum: 3)
    for i in 0..<10 { try source.startLoading(childrenOf: [i]) }
    await settleLoads()
    #expect(loader.live == 3)
    while !loader.requests.isEmpty {
      loader.complete(loader.requests.count - 1)
      await settleLoads()
      #expect(loader.live <= 3)
    }
    #expect(loader.started == 10 && loader.mostLive == 3)
    for i in 0..<10 {
      guard case .loaded = try source.loadState(at: [i]) else { Issue.record("\(i) not loaded"); return }
    }
  }

  @Test func badPathsThrowAndChangeNothing() async throws {
    let loader = ControlledLoader()
    let source = Self.make(loader, roots: Self.folders(0..<2))
    #expect(throws: TreeSourceError.self) { try source.startLoading(childrenOf: [2]) }
    #expect(throws: TreeSourceError.self) { try source.refresh([0, 1]) }
    #expect(throws: TreeSourceError.self) { try source.cancelLoading(childrenOf: []) }
    await settleLoads()
    #expect(loader.started == 0)
  }

  @Test func manyLoadsInFlightSettleWithOneHostBatchEach() async throws {
    let count = 1_000
    let loader = ControlledLoader()
    loader.listing = { parent in [AsyncItem(id: -parent.id - 1, hasChildren: false)] }
    let source = Self.make(loader, roots: Self.folders(0..<count), maximum: count)
    let list = TreeList(source: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    host.removeRecordedCalls()
    for i in 0..<count { try list.expand([i]) }
    await settleLoads()
    #expect(loader.requests.count == count)
    var g = SeededGenerator(seed: 7)
    while !loader.requests.isEmpty { loader.complete(Int.random(in: 0..<loader.requests.count, using: &g)) }
    await settleLoads()
    #expect(Self.applies(host) == count)
    #expect(list.numberOfRows(inSection: 0) == 2 * count)
    #expect(host.violations.isEmpty)
  }

  @Test func releasingTheSourceEndsItsTasks() async throws {
    let loader = ControlledLoader()
    var source: Source? = Self.make(loader, roots: Self.folders(0..<6), maximum: 6)
    for i in 0..<6 { try source!.startLoading(childrenOf: [i]) }
    await settleLoads()
    #expect(loader.live == 6)
    source = nil
    await settleLoads()
    #expect(loader.live == 0)
    #expect(loader.cancelled == 6)
  }
}
