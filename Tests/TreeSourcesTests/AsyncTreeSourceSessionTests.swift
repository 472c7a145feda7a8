import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Random sessions of expansions, collapses, refreshes, completions in any
/// order, failures, cancellations and changes of the listings, checked
/// after every step against a model of what has loaded.
@MainActor
@Suite struct AsyncTreeSourceSessionTests {
  /// What the model knows of an item.
  @MainActor final class ModelNode {
    let item: AsyncItem
    var children: [ModelNode]?
    var state = "notLoaded"
    var isExpanded = false
    init(_ item: AsyncItem) { self.item = item }
  }

  @MainActor final class Session {
    var g: SeededGenerator
    let loader = ControlledLoader()
    var source: AsyncTreeSource<AsyncItem, Int>?
    var list: TreeList<TreeSourceDataSource<AsyncTreeSource<AsyncItem, Int>>>?
    var host: ListHostSimulator?
    var roots: [ModelNode]
    var world: [Int: [AsyncItem]] = [:]
    var nextID = 100
    let maximum: Int
    var log: [String] = []
    /// Whether steps include recursive expansions and `expandAll()`.
    let expandsRecursively: Bool
    /// The items a recursive expansion opened before their children
    /// loaded: each expands recursively when they arrive, unless it (or an
    /// ancestor) is collapsed meanwhile or its load fails.
    var waiting = Set<Int>()

    init(seed: UInt64, expandsRecursively: Bool = false) {
      g = SeededGenerator(seed: seed)
      self.expandsRecursively = expandsRecursively
      maximum = Int.random(in: 1...4, using: &g)
      let items = (0..<3).map { AsyncItem(id: $0, hasChildren: true) }
      roots = items.map(ModelNode.init)
      let loader = self.loader
      let source = AsyncTreeSource<AsyncItem, Int>(
        items, hasChildren: \.hasChildren, maximumConcurrentLoads: maximum
      ) { try await loader.load($0) }
      let list = TreeList(source: source)
      host = ListHostSimulator(list: list)
      list.reloadData()
      self.source = source
      self.list = list
      loader.listing = { [unowned self] in self.listing(of: $0) }
    }

    func listing(of item: AsyncItem) -> [AsyncItem] {
      if let known = world[item.id] { return known }
      let count = Int.random(in: 0...4, using: &g)
      let made = (0..<count).map { _ in newItem() }
      world[item.id] = made
      return made
    }

    func newItem() -> AsyncItem {
      nextID += 1
      return AsyncItem(id: nextID, hasChildren: Int.random(in: 0..<10, using: &g) < 6)
    }

    /// The visible model nodes with their paths.
    func visible() -> [(TreePath, ModelNode)] {
      var out: [(TreePath, ModelNode)] = []
      func walk(_ nodes: [ModelNode], _ parent: TreePath?) {
        for (i, node) in nodes.enumerated() {
          let path = (parent ?? []).appending(i)
          out.append((path, node))
          if node.isExpanded, let children = node.children { walk(children, path) }
        }
      }
      walk(roots, nil)
      return out
    }

    /// Every model node.
    func all() -> [ModelNode] {
      var out: [ModelNode] = []
      var stack = roots
      while let node = stack.popLast() {
        out.append(node)
        stack.append(contentsOf: node.children ?? [])
      }
      return out
    }

    /// What a recursive expansion of `node` does, in the model: it opens
    /// the node unless it has no children and none to come, waits for the
    /// children to come of an open node that has none yet (starting their
    /// load), and goes on beneath each open node.
    func expandRecursively(_ node: ModelNode) {
      let count = node.children?.count ?? 0
      let toCome = count == 0 && node.item.hasChildren && node.state != "loaded"
      if !node.isExpanded && (count > 0 || toCome) { node.isExpanded = true }
      if node.isExpanded && toCome {
        if node.state == "notLoaded" || node.state == "failed" { node.state = "loading" }
        waiting.insert(node.item.id)
      }
      if node.isExpanded { for child in node.children ?? [] { expandRecursively(child) } }
    }

    /// Collapsing a node ends the waits at it and beneath it.
    func stopWaiting(beneath node: ModelNode) {
      var stack = [node]
      while let next = stack.popLast() {
        waiting.remove(next.item.id)
        stack.append(contentsOf: next.children ?? [])
      }
    }

    func step() async throws {
      let source = source!, list = list!
      let rows = visible()
      switch Int.random(in: 0..<(expandsRecursively ? 12 : 10), using: &g) {
      case 10:
        let (path, node) = rows.randomElement(using: &g)!
        log.append("expand \(path) recursively")
        try list.expand(path, recursively: true)
        expandRecursively(node)
      case 11:
        log.append("expand all")
        try list.expandAll()
        for root in roots { expandRecursively(root) }
      case 0, 1, 2:
        let (path, node) = rows.randomElement(using: &g)!
        log.append("expand \(path)")
        try list.expand(path)
        node.isExpanded = true
        if node.state == "notLoaded" || node.state == "failed" {
          if node.item.hasChildren {
            node.state = "loading"
          } else {
            node.state = "loaded"
            if node.children == nil { node.children = [] }
          }
        }
      case 3:
        guard let (path, node) = rows.filter({ $0.1.isExpanded }).randomElement(using: &g) else { return }
        log.append("collapse \(path)")
        try list.collapse(path)
        node.isExpanded = false
        stopWaiting(beneath: node)
        if node.state == "loading" { node.state = node.children == nil ? "notLoaded" : "loaded" }
      case 4:
        guard let (path, node) = rows.filter({ $0.1.children != nil }).randomElement(using: &g) else { return }
        log.append("refresh \(path)")
        try source.refresh(path)
        node.state = "loading"
      case 5, 6, 7:
        guard !loader.requests.isEmpty else { return }
        let i = Int.random(in: 0..<loader.requests.count, using: &g)
        let id = loader.requests[i].item.id
        log.append("complete \(id)")
        let node = try #require(all().first { $0.item.id == id })
        #expect(node.state == "loading")
        loader.complete(i)
        let listed = world[id]!
        var old: [Int: ModelNode] = [:]
        for child in node.children ?? [] { old[child.item.id] = child }
        node.children = listed.map { old[$0.id] ?? ModelNode($0) }
        node.state = "loaded"
        if waiting.remove(id) != nil, node.isExpanded, !listed.isEmpty { expandRecursively(node) }
      case 8:
        guard !loader.requests.isEmpty else { return }
        let i = Int.random(in: 0..<loader.requests.count, using: &g)
        let id = loader.requests[i].item.id
        log.append("fail \(id)")
        loader.fail(i)
        try #require(all().first { $0.item.id == id }).state = "failed"
        waiting.remove(id)
      default:
        guard let id = world.keys.sorted().randomElement(using: &g) else { return }
        var listed = world[id]!
        switch Int.random(in: 0..<3, using: &g) {
        case 0 where !listed.isEmpty: listed.remove(at: Int.random(in: 0..<listed.count, using: &g))
        case 1 where listed.count > 1:
          let moved = listed.remove(at: Int.random(in: 0..<listed.count, using: &g))
          listed.insert(moved, at: Int.random(in: 0...listed.count, using: &g))
        default: listed.insert(newItem(), at: Int.random(in: 0...listed.count, using: &g))
        }
        log.append("world \(id): \(listed.map(\.id))")
        world[id] = listed
      }
      await settleLoads()
    }

    func check() throws {
      let source = source!, host = host!
      func walk(_ nodes: [ModelNode], _ parent: TreePath?) throws {
        #expect(try source.numberOfChildren(of: parent) == nodes.count, "\(log)")
        for (i, node) in nodes.enumerated() {
          let path = (parent ?? []).appending(i)
          #expect(try source.element(at: path).id == node.item.id, "\(log)")
          let state: String
          switch try source.loadState(at: path) {
          case .notLoaded: state = "notLoaded"
          case .loading: state = "loading"
          case .loaded: state = "loaded"
          case .failed: state = "failed"
          }
          #expect(state == node.state, "\(path) \(log)")
          try walk(node.children ?? [], path)
        }
      }
      try walk(roots, nil)
      #expect(host.violations.isEmpty, "\(host.violations) \(log)")
      #expect(host.mismatchedRows().isEmpty, "\(log)")
      let shown = host.rows?.first?.map { ($0 as? AsyncItem)?.id ?? -1 }
      #expect(shown == visible().map(\.1.item.id), "\(log)")
      let loading = all().filter { $0.state == "loading" }.count
      #expect(loader.live == loader.requests.count, "\(log)")
      #expect(loader.live == source.numberOfRunningLoads)
      #expect(loader.live == min(loading, maximum), "\(log)")
    }
  }

  @Test(arguments: 0..<12 as Range<UInt64>)
  func randomSessions(seed: UInt64) async throws {
    let session = Session(seed: seed)
    for _ in 0..<60 {
      try await session.step()
      try session.check()
    }
    // Releasing the list and the source ends every load.
    let loader = session.loader
    session.list = nil
    session.host = nil
    session.source = nil
    await settleLoads()
    #expect(loader.live == 0)
    #expect(loader.requests.isEmpty)
  }

  /// The same sessions with recursive expansions and `expandAll()` among
  /// the steps: an item opened before its children loaded expands beneath
  /// when they arrive, in whatever order the loads complete, unless it was
  /// collapsed (or an ancestor was) or its load failed.
  @Test(arguments: 0..<12 as Range<UInt64>)
  func randomSessionsWithRecursiveExpansions(seed: UInt64) async throws {
    let session = Session(seed: seed, expandsRecursively: true)
    for _ in 0..<60 {
      try await session.step()
      try session.check()
    }
  }
}
