import TreeIndex

/// Loading: starting, queueing, cancelling, and applying what a load
/// brings.
extension AsyncTreeSource {
  /// Starts loading the children of the item at `path`, unless they are
  /// loading already (two requests start one load) or have loaded; after a
  /// failure, tries again. An element without children (as `hasChildren`
  /// says) loads none and is ``LoadState/loaded`` at once. Returns at once:
  /// the load runs as a task, waiting for a slot when
  /// ``maximumConcurrentLoads`` are running.
  ///
  /// - Parameter path: An item's path.
  /// - Throws: ``TreeSourceError`` when `path` names no item; nothing
  ///   changes.
  /// - Complexity: O(*d*).
  public func startLoading(childrenOf path: TreePath) throws(TreeSourceError) {
    let node = try _node(at: path, for: .load)
    switch node.state {
    case .loading, .loaded: return
    case .notLoaded, .failed: break
    }
    guard _hasChildren(node.element) else {
      node.children = node.children ?? []
      _setState(.loaded, of: node)
      return
    }
    _enqueue(node)
  }

  /// Cancels the load of the children of the item at `path`, if one is
  /// queued or running: its task sees cancellation, and whatever it
  /// returns is dropped. The item goes back to ``LoadState/notLoaded``
  /// (or to ``LoadState/loaded``, its earlier children kept, for a
  /// refresh). Loads beneath the item go on.
  ///
  /// - Parameter path: An item's path.
  /// - Throws: ``TreeSourceError`` when `path` names no item; nothing
  ///   changes.
  /// - Complexity: O(*d*).
  public func cancelLoading(childrenOf path: TreePath) throws(TreeSourceError) {
    let node = try _node(at: path, for: .load)
    guard node.state.isLoading else { return }
    _cancel(node)
    _setState(node.children == nil ? .notLoaded : .loaded, of: node)
  }

  /// Queues a load of `node`'s children and starts what fits.
  func _enqueue(_ node: _AsyncTreeNode<Element, ID>) {
    node.generation += 1
    node.isWaiting = true
    _waiting.append(node)
    _setState(.loading, of: node)
    _startWaitingLoads()
  }

  /// Stops `node`'s load: off the queue, its task cancelled, its result
  /// to be dropped.
  func _cancel(_ node: _AsyncTreeNode<Element, ID>) {
    node.generation += 1
    node.isWaiting = false
    _tasks[ObjectIdentifier(node)]?.cancel()
  }

  /// Starts waiting loads while fewer than ``maximumConcurrentLoads`` run.
  ///
  /// - Complexity: O(1) amortized per load started or skipped.
  func _startWaitingLoads() {
    while _runningLoads < maximumConcurrentLoads, _waitingStart < _waiting.count {
      let node = _waiting[_waitingStart]
      _waitingStart += 1
      guard node.isWaiting, node.isAttached else { continue }
      node.isWaiting = false
      _run(node)
    }
    if _waitingStart == _waiting.count {
      _waiting.removeAll(keepingCapacity: true)
      _waitingStart = 0
    }
  }

  /// Runs the load of `node`'s children as a task.
  func _run(_ node: _AsyncTreeNode<Element, ID>) {
    let generation = node.generation
    let element = node.element
    let load = _loadChildren
    let key = ObjectIdentifier(node)
    // A task of the node's earlier, cancelled load still counts until it
    // ends; only the latest is kept to cancel.
    _runningLoads += 1
    _tasks[key] = Task { [weak self] in
      let result: Result<[Element], any Error>
      do {
        result = .success(try await load(element))
      } catch {
        result = .failure(error)
      }
      self?._finish(node, generation: generation, with: result)
    }
  }

  /// What a load's task does when the loader returns: unless the load was
  /// cancelled (or the node removed), its result is applied.
  func _finish(
    _ node: _AsyncTreeNode<Element, ID>, generation: Int, with result: Result<[Element], any Error>
  ) {
    _runningLoads -= 1
    if node.generation == generation {
      _tasks[ObjectIdentifier(node)] = nil
      if node.isAttached { _apply(result, to: node) }
    }
    _startWaitingLoads()
  }

  /// Applies a load's result: the first children as one batch of
  /// insertions, a refresh's as the difference, a failure as the state.
  func _apply(_ result: Result<[Element], any Error>, to node: _AsyncTreeNode<Element, ID>) {
    let path = _path(of: node)
    switch result {
    case .failure(let error):
      _setState(.failed(error), of: node)
    case .success(let elements):
      if node.children != nil {
        do {
          try _applyDifference(elements, to: node, at: path)
        } catch {
          _setState(.failed(error), of: node)
          return
        }
      } else {
        node.children = elements.map { _makeNode($0, parent: node) }
        _publisher.publish(elements.indices.map { .insert(path.appending($0)) })
      }
      _setState(.loaded, of: node)
    }
  }

  /// Takes `node` and everything beneath it out of the source: their
  /// loads are cancelled and their results dropped; the observers of load
  /// ends hear of them once the change that removes them is published
  /// (``_publishRemovals()``).
  func _detach(_ node: _AsyncTreeNode<Element, ID>) {
    var stack = [node]
    while let next = stack.popLast() {
      next.isAttached = false
      if next.state.isLoading { _cancel(next) }
      if !_loadEnds.isEmpty { _removedNodes.append(next) }
      stack.append(contentsOf: next.children ?? [])
    }
  }

  /// Tells the observers of load ends of the nodes removed since the last
  /// call.
  ///
  /// - Complexity: O(*m*) for *m* nodes removed, plus the observers'.
  func _publishRemovals() {
    guard !_removedNodes.isEmpty else { return }
    let removed = _removedNodes
    _removedNodes = []
    for node in removed { _loadEnds.notify(_LoadKey(node)) }
  }
}

extension AsyncTreeSource: @MainActor _LoadsOnExpansion {
  /// Starts the load of the children of the item at `path`, unless they
  /// are loaded or loading (or `path` names no item).
  ///
  /// - Complexity: O(*d*), plus starting the load.
  package func _itemDidExpand(at path: TreePath) {
    try? startLoading(childrenOf: path)
  }

  /// Cancels the load of the children of the item at `path`, if one runs
  /// or waits.
  ///
  /// - Complexity: O(*d*), plus cancelling the load.
  package func _itemDidCollapse(at path: TreePath) {
    try? cancelLoading(childrenOf: path)
  }

  /// How the children of the item at `path` are still to come, from its
  /// load state; `nil` when they are loaded, when the item can have none,
  /// or when `path` names no item.
  ///
  /// - Complexity: O(*d*).
  package func _childrenToCome(at path: TreePath) -> _ChildrenToCome? {
    guard let node = try? _node(at: path, for: .element), _hasChildren(node.element) else { return nil }
    switch node.state {
    case .notLoaded: return .notRequested
    case .loading: return .loading
    case .loaded: return nil
    case .failed: return .failed
    }
  }

  /// The node at `path`.
  ///
  /// - Complexity: O(*d*).
  package func _loadKey(at path: TreePath) -> _LoadKey? {
    (try? _node(at: path, for: .element)).map { _LoadKey($0) }
  }

  /// The node's path, read off the indices its ancestors keep, unless it
  /// was removed (or is another source's).
  ///
  /// - Complexity: O(*d*).
  package func _path(of key: _LoadKey) -> TreePath? {
    guard let node = key.object as? _AsyncTreeNode<Element, ID>, node.isAttached else { return nil }
    var top = node
    while let parent = top.parent { top = parent }
    guard top.index < _roots.count, _roots[top.index] === top else { return nil }
    return _path(of: node)
  }

  /// The node and its ancestors.
  ///
  /// - Complexity: O(*d*).
  package func _lineage(of key: _LoadKey) -> [_LoadKey] {
    var lineage = [key]
    var node = key.object as? _AsyncTreeNode<Element, ID>
    while let parent = node?.parent {
      lineage.append(_LoadKey(parent))
      node = parent
    }
    return lineage
  }

  /// Adds `observer` to the observers of load ends.
  ///
  /// - Complexity: O(1), amortized.
  package func _observeLoadEnds(_ observer: @escaping (_LoadKey) -> Void) -> TreeSourceSubscription {
    _loadEnds.add(observer)
  }
}
