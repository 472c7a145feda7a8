import TreeIndex

/// A tree source whose children load asynchronously: the roots are given,
/// each element says at once whether it has children (so a row can show its
/// disclosure before anything loads), and an `async throws` loader lists an
/// element's children when they are first wanted.
///
/// An element's children load when ``startLoading(childrenOf:)`` asks for
/// them; `TreeList(source:)` asks when it expands an item, and cancels
/// with ``cancelLoading(childrenOf:)`` when it collapses it. Until the
/// children arrive the item has none and its ``LoadState`` is
/// ``LoadState/loading``; when they arrive the subscribers hear of them as
/// one batch of insertions. ``refresh(_:recursively:)`` lists loaded
/// children again and publishes the difference by identity.
///
/// A recursive expansion of the list (`expand(_:recursively: true)`,
/// `expandAll()`) opens each item it meets whose children are not loaded
/// with no rows, starts its load, and goes on beneath it when the children
/// arrive (one host batch for the children, one more for the expansion
/// beneath them); an item collapsed meanwhile, or whose load fails, is not
/// waited for any more.
///
/// The source is isolated to the main actor, as the lists that show it
/// are; its loads run as tasks on the main actor (a loader that does slow
/// work awaits it elsewhere), at most ``maximumConcurrentLoads`` at once,
/// and nothing blocks the caller. The source cancels its loads when it is
/// released.
@MainActor
public final class AsyncTreeSource<Element, ID: Hashable & Sendable>: @MainActor TreeSource {
  /// Where an element's children stand.
  public enum LoadState {
    /// Never asked for (or the load was cancelled before it ended).
    case notLoaded
    /// A load is queued or running: for an item loaded before, a refresh,
    /// and its children are still the earlier ones.
    case loading
    /// The children are there.
    case loaded
    /// The last load threw this error; ``AsyncTreeSource/startLoading(childrenOf:)``
    /// tries again.
    case failed(any Error)

    /// Whether a load is queued or running.
    public var isLoading: Bool { if case .loading = self { true } else { false } }
  }

  /// A short name for the source, used in the errors it throws.
  public let name: String

  /// How many loads run at once, at most; the others wait their turn in
  /// the order they were asked for. At least 1.
  public var maximumConcurrentLoads: Int {
    didSet {
      if maximumConcurrentLoads < 1 { maximumConcurrentLoads = 1 }
      _startWaitingLoads()
    }
  }

  /// Called when an element's ``LoadState`` changes, with its path and new
  /// state (after the subscribers heard of the children a load brought).
  public var loadStateDidChange: ((_ path: TreePath, _ state: LoadState) -> Void)?

  let _hasChildren: (Element) -> Bool
  let _loadChildren: @MainActor (Element) async throws -> [Element]
  let _id: (Element) -> ID
  let _publisher = _ChangePublisher()
  /// The root items, each told its index.
  var _roots: [_AsyncTreeNode<Element, ID>] {
    didSet { _AsyncTreeNode.number(_roots) }
  }
  /// Loads asked for and waiting for a free slot, in order (a node no
  /// longer waiting is skipped).
  var _waiting: [_AsyncTreeNode<Element, ID>] = []
  var _waitingStart = 0
  /// Loads started whose tasks have not ended.
  var _runningLoads = 0
  /// The tasks of the loads started whose tasks have not ended.
  var _tasks: [ObjectIdentifier: Task<Void, Never>] = [:]
  /// The lists that hear of each load that ends and each item removed
  /// (see ``_LoadsOnExpansion/_observeLoadEnds(_:)``).
  let _loadEnds = _Observers<_LoadKey>()
  /// The nodes a refresh removed, while they wait for its change set to be
  /// published: then the observers of load ends hear of them.
  var _removedNodes: [_AsyncTreeNode<Element, ID>] = []

  /// Creates a source over `roots`.
  ///
  /// - Parameters:
  ///   - roots: The root elements.
  ///   - id: An element's identity among its siblings, by which
  ///     ``refresh(_:recursively:)`` matches the children listed again.
  ///   - hasChildren: Whether an element can have children (answered at
  ///     once, before any load); an element without is never loaded.
  ///   - maximumConcurrentLoads: How many loads run at once; 4 by default.
  ///   - name: A name for errors; `AsyncTreeSource` by default.
  ///   - loadChildren: Lists an element's children; it runs on the main
  ///     actor, sees cancellation when its item collapses, and may throw.
  /// - Complexity: O(*r*) for *r* roots.
  public init(
    _ roots: [Element], id: @escaping (Element) -> ID, hasChildren: @escaping (Element) -> Bool,
    maximumConcurrentLoads: Int = 4, name: String = "AsyncTreeSource",
    loadChildren: @escaping @MainActor (Element) async throws -> [Element]
  ) {
    self._id = id
    self._hasChildren = hasChildren
    self._loadChildren = loadChildren
    self.maximumConcurrentLoads = max(1, maximumConcurrentLoads)
    self.name = name
    self._roots = []
    self._roots = roots.map { _makeNode($0, parent: nil) }
    _AsyncTreeNode.number(_roots)  // no observer runs in an initializer
  }

  isolated deinit {
    for task in _tasks.values { task.cancel() }
  }

  // MARK: TreeSource

  /// The number of children of the item at `parent` that have loaded (0
  /// before its first load), or of root items when `parent` is `nil`.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many children it has.
  /// - Throws: ``TreeSourceError`` when `parent` names no item.
  /// - Complexity: O(*d*).
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    guard let parent else { return _roots.count }
    return try _node(at: parent, for: .numberOfChildren).children?.count ?? 0
  }

  /// The element at `path`.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: The element.
  /// - Throws: ``TreeSourceError`` when `path` names no item.
  /// - Complexity: O(*d*).
  public func element(at path: TreePath) throws(TreeSourceError) -> Element {
    try _node(at: path, for: .element).element
  }

  /// Calls `observer` after every change, until the subscription ends.
  ///
  /// - Parameter observer: The closure to call with each change set.
  /// - Returns: The subscription.
  /// - Complexity: O(1).
  public func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    _publisher.subscribe(observer)
  }

  /// Runs `updates` as one batch: the children of loads and refreshes
  /// applied inside it reach the subscribers as one change set when the
  /// outermost batch ends.
  ///
  /// - Parameter updates: The calls to group.
  /// - Throws: Whatever `updates` throws (nothing is undone).
  /// - Complexity: `updates`.
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    _publisher.begin()
    defer { _publisher.end() }
    try updates()
  }

  // MARK: Queries

  /// Where the children of the item at `path` stand.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: Its load state.
  /// - Throws: ``TreeSourceError`` when `path` names no item.
  /// - Complexity: O(*d*).
  public func loadState(at path: TreePath) throws(TreeSourceError) -> LoadState {
    try _node(at: path, for: .element).state
  }

  /// Whether the element at `path` can have children, as the source's
  /// `hasChildren` says: a host shows its disclosure before it loads.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: Whether it can have children.
  /// - Throws: ``TreeSourceError`` when `path` names no item.
  /// - Complexity: O(*d*) plus `hasChildren`.
  public func hasChildren(at path: TreePath) throws(TreeSourceError) -> Bool {
    _hasChildren(try _node(at: path, for: .element).element)
  }

  /// How many load tasks have started and not yet ended (running, or
  /// cancelled and not yet returned): a source at rest has none.
  ///
  /// - Complexity: O(1).
  public var numberOfRunningLoads: Int { _runningLoads }

  // MARK: Implementation

  func _makeNode(_ element: Element, parent: _AsyncTreeNode<Element, ID>?) -> _AsyncTreeNode<Element, ID> {
    _AsyncTreeNode(element: element, id: _id(element), parent: parent)
  }

  /// The node at `path`.
  ///
  /// - Complexity: O(*d*).
  func _node(at path: TreePath, for operation: TreeSourceError.Operation) throws(TreeSourceError)
    -> _AsyncTreeNode<Element, ID>
  {
    guard path.depth > 0 else {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: .emptyPath)
    }
    var level = _roots
    var node: _AsyncTreeNode<Element, ID>?
    for index in path {
      guard index >= 0 && index < level.count else {
        throw TreeSourceError(
          source: name, operation: operation, path: path, reason: .indexOutOfRange(count: level.count))
      }
      node = level[index]
      level = level[index].children ?? []
    }
    return node!
  }

  /// The path of an attached node, read off the indices its ancestors
  /// keep.
  ///
  /// - Complexity: O(*d*) for depth *d*.
  func _path(of node: _AsyncTreeNode<Element, ID>) -> TreePath {
    var indices: [Int] = []
    var current = node
    while true {
      indices.append(current.index)
      guard let parent = current.parent else { break }
      current = parent
    }
    return TreePath(indices.reversed())
  }

  /// Sets `node`'s state and tells whoever listens: first, for a load
  /// that ended (loaded or failed), the observers of load ends (a list
  /// expands beneath an item whose children arrived, as it hears of them),
  /// then ``loadStateDidChange``.
  func _setState(_ state: LoadState, of node: _AsyncTreeNode<Element, ID>) {
    node.state = state
    switch state {
    case .loaded, .failed: if !_loadEnds.isEmpty { _loadEnds.notify(_LoadKey(node)) }
    case .notLoaded, .loading: break
    }
    loadStateDidChange?(_path(of: node), state)
  }
}

/// One item of an ``AsyncTreeSource``: its element, its children once
/// loaded, and its load.
@MainActor
final class _AsyncTreeNode<Element, ID: Hashable & Sendable> {
  var element: Element
  let id: ID
  weak var parent: _AsyncTreeNode?
  /// The loaded children, each told its index; `nil` before the first
  /// load.
  var children: [_AsyncTreeNode]? {
    didSet { if let children { Self.number(children) } }
  }
  /// The node's index among its siblings, kept by the array that holds it.
  var index = 0
  var state: AsyncTreeSource<Element, ID>.LoadState = .notLoaded
  /// Bumped when a load starts or is cancelled: a result of another
  /// generation is dropped.
  var generation = 0
  /// Whether the node waits for a slot.
  var isWaiting = false
  /// Whether the node is still in the source (not removed by a refresh).
  var isAttached = true

  init(element: Element, id: ID, parent: _AsyncTreeNode?) {
    self.element = element
    self.id = id
    self.parent = parent
  }

  /// Tells each of `siblings` its index.
  ///
  /// - Complexity: O(*n*) for *n* siblings.
  static func number(_ siblings: [_AsyncTreeNode]) {
    for (i, node) in siblings.enumerated() where node.index != i { node.index = i }
  }
}

extension AsyncTreeSource where Element: Identifiable, ID == Element.ID, Element.ID: Sendable {
  /// Creates a source over `roots` of identifiable elements.
  ///
  /// - Parameters:
  ///   - roots: The root elements.
  ///   - hasChildren: Whether an element can have children.
  ///   - maximumConcurrentLoads: How many loads run at once; 4 by default.
  ///   - name: A name for errors; `AsyncTreeSource` by default.
  ///   - loadChildren: Lists an element's children.
  /// - Complexity: O(*r*) for *r* roots.
  public convenience init(
    _ roots: [Element], hasChildren: @escaping (Element) -> Bool, maximumConcurrentLoads: Int = 4,
    name: String = "AsyncTreeSource", loadChildren: @escaping @MainActor (Element) async throws -> [Element]
  ) {
    self.init(
      roots, id: \.id, hasChildren: hasChildren, maximumConcurrentLoads: maximumConcurrentLoads, name: name,
      loadChildren: loadChildren)
  }
}
