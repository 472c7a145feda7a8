import Testing
import TreeDataSource
import TreeIndexTestSupport

/// A recursive expansion, and `expandAll()`, of a `TreeList` over children
/// that load: each folder it meets opens with no rows and starts its load,
/// and the expansion goes on beneath it when its children arrive, in
/// whatever order the loads complete; a folder collapsed meanwhile, or
/// whose load fails, is not waited for any more.
@MainActor
@Suite struct AsyncTreeSourceRecursiveExpansionTests {
  typealias Source = AsyncTreeSource<AsyncItem, Int>

  /// A tree of folders: item `p`'s children are `10 p + 1` and `10 p + 2`,
  /// folders down to `levels` digits, files below.
  static func listing(levels: Int) -> (AsyncItem) -> [AsyncItem] {
    { parent in
      (1...2).map { k in
        let id = parent.id * 10 + k
        return AsyncItem(id: id, hasChildren: String(id).count < levels)
      }
    }
  }

  /// The rows of the fully expanded subtree of `item`, the item first,
  /// as the listing gives it.
  static func expandedRows(of item: AsyncItem, listing: (AsyncItem) -> [AsyncItem]) -> [Int] {
    guard item.hasChildren else { return [item.id] }
    return [item.id] + listing(item).flatMap { expandedRows(of: $0, listing: listing) }
  }

  /// The list's rows, as identities.
  static func rows(of list: TreeList<TreeSourceDataSource<Source>>) -> [Int] {
    (0..<list.numberOfRows).map { list.dataSource.item(at: list.treePath(forRow: $0)!).id }
  }

  /// Completes the loads waiting, one at a time in a seeded random order,
  /// until none is left; checks the host after each.
  static func completeAll(
    _ loader: ControlledLoader, host: ListHostSimulator, using random: inout SeededGenerator,
    failing: (AsyncItem) -> Bool = { _ in false }
  ) async {
    await settleLoads()
    while !loader.requests.isEmpty {
      let i = Int.random(in: 0..<loader.requests.count, using: &random)
      if failing(loader.requests[i].item) { loader.fail(i) } else { loader.complete(i) }
      await settleLoads()
      #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty)
    }
  }

  @Test(arguments: 0..<6 as Range<UInt64>)
  func aRecursiveExpansionGoesOnAsChildrenArrive(seed: UInt64) async throws {
    let loader = ControlledLoader()
    loader.listing = Self.listing(levels: 4)
    let roots = [AsyncItem(id: 1, hasChildren: true), AsyncItem(id: 2, hasChildren: true)]
    let source = Source(roots, hasChildren: \.hasChildren, maximumConcurrentLoads: 3) { try await loader.load($0) }
    let list = TreeList(source: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()

    try list.expand([0], recursively: true)
    #expect(list.isExpanded([0]) && Self.rows(of: list) == [1, 2])
    #expect(try source.loadState(at: [0]).isLoading)
    var random = SeededGenerator(seed: seed)
    await Self.completeAll(loader, host: host, using: &random)

    let expected = Self.expandedRows(of: roots[0], listing: loader.listing) + [2]
    #expect(Self.rows(of: list) == expected)
    #expect(loader.started == 1 + 2 + 4)  // 1, then 11 and 12, then their four subfolders
    #expect(source.numberOfRunningLoads == 0)
    // Every folder beneath is open; the files stay as they are.
    for row in 0..<(list.numberOfRows - 1) {
      let path = list.treePath(forRow: row)!
      #expect(list.isExpanded(path) == list.dataSource.item(at: path).hasChildren)
    }
  }

  @Test func expandAllLoadsEveryFolder() async throws {
    let loader = ControlledLoader()
    loader.listing = Self.listing(levels: 4)
    let roots = [AsyncItem(id: 1, hasChildren: true), AsyncItem(id: 2, hasChildren: true)]
    let source = Source(roots, hasChildren: \.hasChildren) { try await loader.load($0) }
    let list = TreeList(source: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try list.expandAll()
    var random = SeededGenerator(seed: 7)
    await Self.completeAll(loader, host: host, using: &random)
    let expected = roots.flatMap { Self.expandedRows(of: $0, listing: loader.listing) }
    #expect(Self.rows(of: list) == expected)
    #expect(loader.started == 2 * 7)
  }

  @Test func aFolderCollapsedOrFailedMeanwhileIsNotWaitedFor() async throws {
    let loader = ControlledLoader()
    loader.listing = Self.listing(levels: 4)
    let roots = [AsyncItem(id: 1, hasChildren: true)]
    let source = Source(roots, hasChildren: \.hasChildren) { try await loader.load($0) }
    let list = TreeList(source: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()

    try list.expand([0], recursively: true)
    await settleLoads()
    loader.complete(0)  // 1: its children 11 and 12 arrive, open, and start their loads
    await settleLoads()
    #expect(Self.rows(of: list) == [1, 11, 12])
    #expect(list.isExpanded([0, 0]) && list.isExpanded([0, 1]))
    #expect(loader.requests.map(\.item.id) == [11, 12])

    try list.collapse([0, 0])  // 11: its load is cancelled
    var random = SeededGenerator(seed: 3)
    await Self.completeAll(loader, host: host, using: &random, failing: { $0.id == 12 })
    #expect(loader.cancelled == 1)
    #expect(Self.rows(of: list) == [1, 11, 12])
    #expect(!list.isExpanded([0, 0]))
    guard case .notLoaded = try source.loadState(at: [0, 0]) else { Issue.record("11 is not notLoaded"); return }
    guard case .failed = try source.loadState(at: [0, 1]) else { Issue.record("12 did not fail"); return }

    // Neither is expanded later by the expansion: a load that completes
    // now opens nothing beneath.
    try list.expand([0, 0])
    await settleLoads()
    loader.complete(0)
    await settleLoads()
    #expect(Self.rows(of: list) == [1, 11, 111, 112, 12])
    #expect(try source.hasChildren(at: [0, 0, 0]) && !list.isExpanded([0, 0, 0]))
    #expect(host.violations.isEmpty && host.mismatchedRows().isEmpty)
  }

  @Test func aCompactedRowGoesOnThroughItsChain() async throws {
    // 1 holds only the folder 11, which holds the files 111 and 112.
    let loader = ControlledLoader()
    loader.listing = { parent in
      parent.id == 1
        ? [AsyncItem(id: 11, hasChildren: true)]
        : [AsyncItem(id: parent.id * 10 + 1, hasChildren: false), AsyncItem(id: parent.id * 10 + 2, hasChildren: false)]
    }
    let source = Source([AsyncItem(id: 1, hasChildren: true)], hasChildren: \.hasChildren) {
      try await loader.load($0)
    }
    let compacted = source.compacted(isFolder: \.hasChildren)
    let list = TreeList(source: compacted)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try list.expand([0], recursively: true)
    var random = SeededGenerator(seed: 1)
    await Self.completeAll(loader, host: host, using: &random)
    let rows = (0..<list.numberOfRows).map { row in
      list.dataSource.item(at: list.treePath(forRow: row)!).elements.map(\.id)
    }
    #expect(rows == [[1, 11], [111], [112]])
    #expect(loader.started == 2)
  }
}
