import Testing
import TreeDataSource
import TreeIndexTestSupport

@MainActor
@Suite struct AsyncTreeSourceRefreshTests {
  static func leaves(_ ids: [Int]) -> [AsyncItem] { ids.map { AsyncItem(id: $0, hasChildren: $0 < 10) } }

  @Test func aRefreshPublishesTheDifferenceByIdentity() async throws {
    let loader = ControlledLoader()
    var world: [Int: [AsyncItem]] = [0: Self.leaves([1, 2, 3, 4]), 2: Self.leaves([20, 21])]
    loader.listing = { world[$0.id] ?? [] }
    let source = AsyncTreeSource<AsyncItem, Int>([AsyncItem(id: 0, hasChildren: true)], hasChildren: \.hasChildren) {
      try await loader.load($0)
    }
    let list = TreeList(source: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    var heard: [TreeSourceChanges] = []
    let subscription = source.subscribe { heard.append($0) }
    defer { subscription.cancel() }
    try list.expand([0])
    await settleLoads()
    loader.complete(0)
    await settleLoads()
    try list.expand([0, 1])
    await settleLoads()
    loader.complete(0)
    await settleLoads()
    #expect(host.rows?.first?.compactMap { ($0 as? AsyncItem)?.id } == [0, 1, 2, 20, 21, 3, 4])

    world[0] = Self.leaves([4, 1, 2, 50])
    try source.refresh([0])
    #expect(try source.loadState(at: [0]).isLoading)
    #expect(try source.numberOfChildren(of: [0]) == 4)
    await settleLoads()
    heard = []
    host.removeRecordedCalls()
    loader.complete(0)
    await settleLoads()
    #expect(heard.map(\.description) == ["remove [0, 2]; move [0, 2] -> [0, 0]; insert [0, 3]"])
    #expect(host.calls.count == 1)
    #expect(host.rows?.first?.compactMap { ($0 as? AsyncItem)?.id } == [0, 4, 1, 2, 20, 21, 50])
    #expect(list.isExpanded([0, 2]))
    guard case .loaded = try source.loadState(at: [0, 2]) else { Issue.record("not loaded"); return }
    #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty)

    // A recursive refresh lists the loaded items beneath again.
    world[2] = Self.leaves([21])
    try source.refresh([0], recursively: true)
    await settleLoads()
    #expect(loader.requests.map(\.item.id).sorted() == [0, 2])
    while !loader.requests.isEmpty { loader.complete(0) }
    await settleLoads()
    #expect(host.rows?.first?.compactMap { ($0 as? AsyncItem)?.id } == [0, 4, 1, 2, 21, 50])
    #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty)
  }

  @Test func aListingWithTwoEqualIdentitiesFailsTheRefreshAndKeepsTheChildren() async throws {
    let loader = ControlledLoader()
    var world: [Int: [AsyncItem]] = [0: Self.leaves([1, 2])]
    loader.listing = { world[$0.id] ?? [] }
    let source = AsyncTreeSource<AsyncItem, Int>([AsyncItem(id: 0, hasChildren: true)], hasChildren: \.hasChildren) {
      try await loader.load($0)
    }
    try source.startLoading(childrenOf: [0])
    await settleLoads()
    loader.complete(0)
    await settleLoads()
    world[0] = Self.leaves([1, 1])
    try source.refresh([0])
    await settleLoads()
    loader.complete(0)
    await settleLoads()
    guard case .failed(let error as TreeSourceError) = try source.loadState(at: [0]) else {
      Issue.record("not failed")
      return
    }
    #expect(error.reason == .duplicateIdentity)
    #expect(try source.numberOfChildren(of: [0]) == 2)
  }
}
