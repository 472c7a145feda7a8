import Testing
import TreeDataSource
import TreeIndexTestSupport

/// One folder (identity 0) of an `AsyncTreeSource` over a loader the test
/// drives, in a list a host simulator shows, and the change sets the
/// source published.
@MainActor
private final class RefreshFixture {
  let source: AsyncTreeSource<AsyncItem, Int>
  let list: TreeList<TreeSourceDataSource<AsyncTreeSource<AsyncItem, Int>>>
  let host: ListHostSimulator
  var heard: [TreeSourceChanges] = []
  private var subscription: TreeSourceSubscription?

  init(_ loader: ControlledLoader) {
    source = AsyncTreeSource([AsyncItem(id: 0, hasChildren: true)], hasChildren: \.hasChildren) {
      try await loader.load($0)
    }
    list = TreeList(source: source)
    host = ListHostSimulator(list: list)
    list.reloadData()
    subscription = source.subscribe { [unowned self] in heard.append($0) }
  }
}

@MainActor
@Suite struct AsyncTreeSourceRefreshTests {
  static func leaves(_ ids: [Int]) -> [AsyncItem] { ids.map { AsyncItem(id: $0, hasChildren: $0 < 10) } }

  @Test func aRefreshPublishesTheDifferenceByIdentity() async throws {
    let loader = ControlledLoader()
    var world: [Int: [AsyncItem]] = [0: Self.leaves([1, 2, 3, 4]), 2: Self.leaves([20, 21])]
    loader.listing = { world[$0.id] ?? [] }
    let fixture = RefreshFixture(loader)
    let (source, list, host) = (fixture.source, fixture.list, fixture.host)
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
    fixture.heard = []
    host.removeRecordedCalls()
    loader.complete(0)
    await settleLoads()
    #expect(fixture.heard.map(\.description) == ["remove [0, 2]; move [0, 2] -> [0, 0]; insert [0, 3]"])
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

  /// Random listings of a loaded folder, each refreshed: the host shows the
  /// new order after one batch; only identities that left are removed,
  /// only new ones inserted; the children before the first and after the
  /// last that differ are not touched; kept children keep their loaded
  /// children and their expansion.
  @Test(arguments: 0..<8 as Range<UInt64>)
  func randomRefreshesPublishTheDifference(seed: UInt64) async throws {
    var g = SeededGenerator(seed: seed)
    let loader = ControlledLoader()
    var nextID = 100
    // Children below 1,000 are folders whose one child is their id + 10⁴.
    var world: [Int: [AsyncItem]] = [:]
    loader.listing = { item in
      world[item.id] ?? (item.id < 1_000 ? [AsyncItem(id: item.id + 10_000, hasChildren: false)] : [])
    }
    let fixture = RefreshFixture(loader)
    let (source, list, host) = (fixture.source, fixture.list, fixture.host)
    func newChild() -> AsyncItem {
      nextID += 1
      return AsyncItem(id: nextID, hasChildren: true)
    }
    func settle() async {
      await settleLoads()
      while !loader.requests.isEmpty {
        loader.complete(0)
        await settleLoads()
      }
    }
    world[0] = (0..<Int.random(in: 0...12, using: &g)).map { _ in newChild() }
    try list.expand([0])
    await settle()
    for _ in 0..<40 {
      let old = world[0]!
      // Expand a few kept children: their listing loads and stays.
      for i in old.indices where Int.random(in: 0..<4, using: &g) == 0 {
        try list.expand([0, i])
      }
      await settle()
      let expanded = Set(old.indices.filter { list.isExpanded([0, $0]) }.map { old[$0].id })
      var new = old
      for _ in 0..<Int.random(in: 1...4, using: &g) {
        switch Int.random(in: 0..<5, using: &g) {
        case 0 where !new.isEmpty: new.remove(at: Int.random(in: 0..<new.count, using: &g))
        case 1 where new.count > 1:
          let moved = new.remove(at: Int.random(in: 0..<new.count, using: &g))
          new.insert(moved, at: Int.random(in: 0...new.count, using: &g))
        case 2 where new.count > 2:
          let lower = Int.random(in: 0..<new.count, using: &g)
          let upper = Int.random(in: lower...new.count, using: &g)
          new[lower..<upper].shuffle(using: &g)
        case 3 where new.count > 20: new.removeLast(Int.random(in: 1...new.count / 2, using: &g))
        default: new.insert(newChild(), at: Int.random(in: 0...new.count, using: &g))
        }
      }
      world[0] = new
      fixture.heard = []
      host.removeRecordedCalls()
      try source.refresh([0])
      await settle()

      let (oldIDs, newIDs) = (old.map(\.id), new.map(\.id))
      #expect(try (0..<source.numberOfChildren(of: [0])).map { try source.element(at: [0, $0]).id } == newIDs)
      #expect(host.calls.count == (oldIDs == newIDs ? 0 : 1))
      #expect(host.calls.allSatisfy { if case .apply = $0 { true } else { false } }, "a reload, not an update")
      #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty)
      let steps = fixture.heard.flatMap(\.steps)
      var removed = 0, inserted = 0
      let prefix = zip(oldIDs, newIDs).prefix { $0 == $1 }.count
      let suffix = zip(oldIDs.reversed(), newIDs.reversed()).prefix { $0 == $1 }.count
      let untouched = min(prefix + suffix, min(oldIDs.count, newIDs.count))
      for step in steps {
        switch step {
        case .remove: removed += 1
        case .insert: inserted += 1
        default: break
        }
      }
      #expect(removed == Set(oldIDs).subtracting(newIDs).count)
      #expect(inserted == Set(newIDs).subtracting(oldIDs).count)
      #expect(steps.count <= max(oldIDs.count, newIDs.count) - untouched + removed)
      for (i, id) in newIDs.enumerated() where expanded.contains(id) {
        #expect(list.isExpanded([0, i]))
        #expect(try source.numberOfChildren(of: [0, i]) == 1)
      }
    }
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
