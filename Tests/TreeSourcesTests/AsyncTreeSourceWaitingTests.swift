import Testing
import TreeDataSource
import TreeIndexTestSupport
import TreeSources

/// The items a recursive expansion waits for, over children that load:
/// named by identity, so that the source's edits carry nothing, and looked
/// at only when their loads end — the work per load that arrives does not
/// grow with the number of folders waiting, counted in calls, never timed.
@MainActor
@Suite struct AsyncTreeSourceWaitingTests {
  typealias Source = AsyncTreeSource<AsyncItem, Int>

  /// The rows of a list, as identities.
  static func rows(of list: TreeList<TreeSourceDataSource<LoaderProbe>>) -> [Int] {
    (0..<list.numberOfRows).map { list.dataSource.item(at: list.treePath(forRow: $0)!).id }
  }

  /// A source over `roots` through a probe, shown by a list with a host.
  static func make(
    _ roots: [AsyncItem], loader: ControlledLoader, maximumConcurrentLoads: Int = 4
  ) -> (LoaderProbe, TreeList<TreeSourceDataSource<LoaderProbe>>, ListHostSimulator) {
    let base = Source(roots, hasChildren: \.hasChildren, maximumConcurrentLoads: maximumConcurrentLoads) {
      try await loader.load($0)
    }
    let probe = LoaderProbe(base)
    let list = TreeList(source: probe)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    return (probe, list, host)
  }

  /// What `expandAll()` over `folders` root folders whose children are not
  /// loaded cost, their loads completed one by one in a seeded random
  /// order: the calls the data source made to the loader, and the times it
  /// looked at an item it waited for. Each folder holds one file; compacted,
  /// each holds one folder that holds one file, and its row grows into the
  /// chain of both when its load ends.
  static func work(folders: Int, compacted: Bool = false) async throws -> (calls: Int, looks: Int) {
    let loader = ControlledLoader()
    let (inner, file) = (100_000, 200_000)
    loader.listing = { parent in
      compacted && parent.id < inner
        ? [AsyncItem(id: parent.id + inner, hasChildren: true)]
        : [AsyncItem(id: parent.id % inner + file, hasChildren: false)]
    }
    let roots = (1...folders).map { AsyncItem(id: $0, hasChildren: true) }
    let base = Source(roots, hasChildren: \.hasChildren, maximumConcurrentLoads: folders) {
      try await loader.load($0)
    }
    let probe = LoaderProbe(base)
    let looks: Int
    if compacted {
      let list = TreeList(source: probe.compacted(isFolder: \.hasChildren))
      try await expandAll(list, loader: loader, folders: folders)
      looks = list.dataSource._waitingItemsLookedAt
    } else {
      let list = TreeList(source: probe)
      try await expandAll(list, loader: loader, folders: folders)
      looks = list.dataSource._waitingItemsLookedAt
    }
    #expect(loader.started == (compacted ? 2 : 1) * folders)
    return (probe.calls, looks)
  }

  /// Expands all of `list`, whose `folders` roots are folders, and
  /// completes the loads in a seeded random order; then every folder is
  /// open, its file beneath it, and none is waited for.
  static func expandAll<S: TreeSource>(
    _ list: TreeList<TreeSourceDataSource<S>>, loader: ControlledLoader, folders: Int
  ) async throws {
    list.reloadData()
    try list.expandAll()
    await settleLoads()
    #expect(loader.requests.count == folders)
    var random = SeededGenerator(seed: 5)
    while !loader.requests.isEmpty {
      loader.complete(Int.random(in: 0..<loader.requests.count, using: &random))
      await settleLoads()
    }
    #expect(list.numberOfRows == 2 * folders)
    #expect((0..<folders).allSatisfy { list.isExpanded([$0]) })
    #expect(list.dataSource._numberOfItemsWaitedFor == 0)
  }

  @Test func theWorkPerArrivingLoadDoesNotGrowWithTheFoldersWaiting() async throws {
    let small = try await Self.work(folders: 200)
    let large = try await Self.work(folders: 800)
    // Each folder is looked at once: when its load ends.
    #expect(small.looks == 200 && large.looks == 800)
    // Linear: 4 times the folders, about 4 times the calls. (A walk over
    // every folder waiting at each arrival made it about 16 times: 20,500
    // calls for 200 folders, 322,000 for 800.)
    #expect(large.calls < 8 * small.calls, "\(small.calls) calls for 200 folders, \(large.calls) for 800")
  }

  @Test func theWorkPerArrivingLoadOfCompactedRowsDoesNotGrowEither() async throws {
    let small = try await Self.work(folders: 200, compacted: true)
    let large = try await Self.work(folders: 800, compacted: true)
    // Each row is looked at twice: when its chain grows, and when the
    // children of its last folder arrive.
    #expect(small.looks == 2 * 200 && large.looks == 2 * 800)
    #expect(large.calls < 8 * small.calls, "\(small.calls) calls for 200 folders, \(large.calls) for 800")
  }

  @Test func anItemWhoseAncestorCollapsedMeanwhileIsNotWaitedFor() async throws {
    let loader = ControlledLoader()
    loader.listing = AsyncTreeSourceRecursiveExpansionTests.listing(levels: 4)
    let (probe, list, host) = Self.make([AsyncItem(id: 1, hasChildren: true)], loader: loader)
    try list.expand([0], recursively: true)
    await settleLoads()
    loader.complete(0)  // 1: 11 and 12 open and start their loads
    await settleLoads()
    #expect(loader.requests.map(\.item.id) == [11, 12])

    // 1 collapses and opens again (not recursively) while 11 and 12 load:
    // their loads go on, but nothing opens beneath them when they end.
    try list.collapse([0])
    try list.expand([0])
    loader.complete(0)  // 11
    await settleLoads()
    #expect(Self.rows(of: list) == [1, 11, 111, 112, 12])
    #expect(list.isExpanded([0, 0]) && !list.isExpanded([0, 0, 0]) && !list.isExpanded([0, 0, 1]))
    #expect(loader.requests.map(\.item.id) == [12])
    loader.complete(0)  // 12
    await settleLoads()
    #expect(Self.rows(of: list) == [1, 11, 111, 112, 12, 121, 122])
    #expect(loader.requests.isEmpty && loader.started == 3)
    #expect(list.dataSource._numberOfItemsWaitedFor == 0)
    #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty)
    _ = probe
  }

  @Test func aRefreshMovesAnItemWaitedForAndRemovesAnother() async throws {
    // 1 lists the folders 11 and 12, then, refreshed, 12 and the file 13:
    // 11 is removed while it loads, 12 moves up while it loads.
    let loader = ControlledLoader()
    var refreshed = false
    loader.listing = { parent in
      switch parent.id {
      case 1:
        refreshed
          ? [AsyncItem(id: 12, hasChildren: true), AsyncItem(id: 13, hasChildren: false)]
          : [AsyncItem(id: 11, hasChildren: true), AsyncItem(id: 12, hasChildren: true)]
      default:
        [AsyncItem(id: parent.id * 10 + 1, hasChildren: false), AsyncItem(id: parent.id * 10 + 2, hasChildren: false)]
      }
    }
    let (probe, list, host) = Self.make([AsyncItem(id: 1, hasChildren: true)], loader: loader)
    try list.expand([0], recursively: true)
    await settleLoads()
    loader.complete(0)  // 1
    await settleLoads()
    #expect(loader.requests.map(\.item.id) == [11, 12])
    #expect(list.dataSource._numberOfItemsWaitedFor == 2)

    refreshed = true
    try probe.base.refresh([0])
    await settleLoads()
    loader.complete(loader.requests.firstIndex { $0.item.id == 1 }!)
    await settleLoads()
    // 11 went, its load cancelled, and is not waited for.
    #expect(Self.rows(of: list) == [1, 12, 13])
    #expect(loader.cancelled == 1 && loader.requests.map(\.item.id) == [12])
    #expect(list.dataSource._numberOfItemsWaitedFor == 1)

    loader.complete(0)  // 12, now at [0, 0]
    await settleLoads()
    #expect(Self.rows(of: list) == [1, 12, 121, 122, 13])
    #expect(list.isExpanded([0, 0]))
    #expect(list.dataSource._numberOfItemsWaitedFor == 0)
    #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty)
  }

  @Test func aLoadThatEndsWhileTheListCallsOutIsLookedAtWhenTheCallReturns() async throws {
    let loader = ControlledLoader()
    loader.listing = AsyncTreeSourceRecursiveExpansionTests.listing(levels: 3)
    let roots = [AsyncItem(id: 1, hasChildren: true), AsyncItem(id: 2, hasChildren: true)]
    let (probe, list, host) = Self.make(roots, loader: loader)
    try list.expand([0], recursively: true)
    await settleLoads()
    // 1's children arrive; the list hears of the end of its load later,
    // from inside the delegate's answer to a question the list asks.
    probe.holdsLoadEnds = true
    loader.complete(0)
    await settleLoads()
    probe.holdsLoadEnds = false
    #expect(Self.rows(of: list) == [1, 11, 12, 2])
    #expect(!list.isExpanded([0, 0]) && !list.isExpanded([0, 1]))

    var openedInside: Bool?
    let delegate = CallingDelegate {
      guard openedInside == nil else { return }
      probe.releaseLoadEnds()
      openedInside = list.isExpanded([0, 0])
    }
    list.delegate = delegate
    try list.expand([1])  // asks the delegate, which lets the load end be heard
    // Nothing opened inside the call; once it returned, 11 and 12 did (the
    // delegate asked about each).
    #expect(openedInside == false)
    #expect(delegate.calls == 3)
    #expect(list.isExpanded([0, 0]) && list.isExpanded([0, 1]))
    await settleLoads()
    #expect(Set(loader.requests.map(\.item.id)) == [2, 11, 12])
    #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty)
  }
}

/// A delegate that runs `call` when the list asks whether to expand an
/// item, then agrees.
@MainActor
final class CallingDelegate: @MainActor TreeListDelegate {
  let call: () -> Void
  private(set) var calls = 0

  init(_ call: @escaping () -> Void) { self.call = call }

  func shouldExpandItem(at treePath: TreePath) -> Bool {
    calls += 1
    call()
    return true
  }
}

/// An ``AsyncTreeSource`` passed through, counting every call a list's
/// data source makes to it as a loader of children on expansion; the ends
/// of loads it passes on can be held back, and let through later.
@MainActor
final class LoaderProbe: @MainActor TreeSource, @MainActor _LoadsOnExpansion {
  let base: AsyncTreeSource<AsyncItem, Int>
  /// The loader calls so far.
  private(set) var calls = 0
  /// Whether the ends of loads are held back until ``releaseLoadEnds()``.
  var holdsLoadEnds = false
  private var held: [(key: _LoadKey, observer: (_LoadKey) -> Void)] = []

  init(_ base: AsyncTreeSource<AsyncItem, Int>) { self.base = base }

  /// Passes on the ends of loads held back, in order.
  func releaseLoadEnds() {
    let held = self.held
    self.held = []
    for (key, observer) in held { observer(key) }
  }

  var name: String { "Probe(\(base.name))" }

  func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    try base.numberOfChildren(of: parent)
  }

  func element(at path: TreePath) throws(TreeSourceError) -> AsyncItem { try base.element(at: path) }

  func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    base.subscribe(observer)
  }

  func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    try base.performBatchUpdates(updates)
  }

  func _itemDidExpand(at path: TreePath) {
    calls += 1
    base._itemDidExpand(at: path)
  }

  func _itemDidCollapse(at path: TreePath) {
    calls += 1
    base._itemDidCollapse(at: path)
  }

  func _childrenToCome(at path: TreePath) -> _ChildrenToCome? {
    calls += 1
    return base._childrenToCome(at: path)
  }

  func _loadKey(at path: TreePath) -> _LoadKey? {
    calls += 1
    return base._loadKey(at: path)
  }

  func _path(of key: _LoadKey) -> TreePath? {
    calls += 1
    return base._path(of: key)
  }

  func _lineage(of key: _LoadKey) -> [_LoadKey] {
    calls += 1
    return base._lineage(of: key)
  }

  func _observeLoadEnds(_ observer: @escaping (_LoadKey) -> Void) -> TreeSourceSubscription {
    calls += 1
    return base._observeLoadEnds { [weak self] key in
      guard let self else { return }
      if self.holdsLoadEnds { self.held.append((key, observer)) } else { observer(key) }
    }
  }
}
