import _SummaryTree

/// Hooks for the package's other modules (`TreeDataSource`), which keep
/// per-item state beside an index: the stable identity of a known item, and
/// where a path stood when the open batch began. Not public API.
extension TreeIndex {
  /// The identity of a known item: the same while the item exists — across
  /// collapses, insertions and deletions of other items, and moves — and
  /// free for reuse once the item is deleted or its parent's subitems are
  /// replaced. Inside a batch, no identity is reused.
  package typealias _KnownItemID = Int32

  /// The identity of the virtual root, whose subitems are the root items.
  package static var _rootItemID: _KnownItemID { _Arena.root }

  /// The identity of the known item at `treePath`, or `nil` when the path
  /// names no item or the item was never expanded.
  ///
  /// - Complexity: O(*d* log *b*).
  package func _knownItemID(at treePath: TreePath) -> _KnownItemID? {
    _knownNode(at: treePath)
  }

  /// The identity of subitem `index` of the known item `parent`, or `nil`
  /// when that subitem was never expanded.
  ///
  /// - Precondition: `0 <= index < numberOfSubitems(parent)`.
  /// - Complexity: O(log *b*).
  package func _knownItemID(ofSubitem index: Int, of parent: _KnownItemID) -> _KnownItemID? {
    let node = _arena.subitem(of: parent, at: index).node
    return node == .null ? nil : node
  }

  /// Whether the known item `id` is expanded.
  ///
  /// - Complexity: O(1).
  package func _isExpanded(_ id: _KnownItemID) -> Bool {
    _arena.isExpanded(id)
  }

  /// The number of subitems of the known item `id`.
  ///
  /// - Complexity: O(1).
  package func _numberOfSubitems(of id: _KnownItemID) -> Int {
    _arena.count(id)
  }

  /// Calls `body` for every known item beneath the known item `id`, parents
  /// before their subitems: the item, its parent and its index there.
  ///
  /// - Complexity: O(*n*) for *n* known items beneath `id`.
  package func _forEachKnownItem(
    beneath id: _KnownItemID, _ body: (_ item: _KnownItemID, _ parent: _KnownItemID, _ index: Int) -> Void
  ) {
    var stack: [_KnownItemID] = [id]
    var subitems: [(item: _KnownItemID, index: Int)] = []
    while let parent = stack.popLast() {
      subitems.removeAll(keepingCapacity: true)
      _arena.forEachKnownSubitem(of: parent) { index, node, _ in subitems.append((node, index)) }
      for (item, index) in subitems {
        body(item, parent, index)
        stack.append(item)
      }
    }
  }

  /// The path that the item now at `treePath` had when the outermost open
  /// batch began, or `nil` when the item (or an ancestor) was inserted or
  /// moved since, or the path names no item. Outside a batch, the path
  /// itself when it names an item.
  ///
  /// - Complexity: O(*d* (log *b* + log *r*)) for *r* changed ranges per
  ///   level.
  package func _treePathAtBatchStart(_ treePath: TreePath) -> TreePath? {
    guard !treePath.isEmpty else { return nil }
    if let recorder = _recorder, recorder.token == 0 { return nil }  // the index was replaced
    var x = _Arena.root
    var old: [Int] = []
    old.reserveCapacity(treePath.depth)
    for (level, index) in treePath.enumerated() {
      guard index >= 0, index < _arena.count(x) else { return nil }
      let changes = _recorder?.subitemChanges[x] ?? _IndexChanges()
      guard let position = changes.oldPosition(ofNew: index) else { return nil }
      old.append(position)
      if level == treePath.depth - 1 { break }
      x = _arena.subitem(of: x, at: index).node
      guard x != .null else { return nil }
    }
    return TreePath(old)
  }

  /// The change set of the item at `treePath` appearing with the rows now
  /// shown beneath it: its row and those rows inserted (in `.sectioned`, a
  /// root item's section), as a batch that inserted the item and expanded
  /// it reports them; empty when the item is hidden or the path names no
  /// item.
  ///
  /// - Complexity: O(*d* log *b*).
  package func _insertionChanges(ofItemAt treePath: TreePath) -> TreeChanges {
    var changes = _TreeChangesBuilder()
    guard let node = _node(at: treePath), let anchor = _anchor(of: treePath) else { return changes.build() }
    changes.insertItem(at: anchor, rowsBeneath: node == .null ? 0 : _arena.visibleRowsBeneath(node))
    return changes.build()
  }

  /// Throws the error `operation` throws for a path that must name an item:
  /// empty, an index out of range, or an ancestor never expanded.
  ///
  /// - Complexity: O(*d* log *b*).
  package func _validateItemPath(_ treePath: TreePath, for operation: TreeIndexError.Operation)
    throws(TreeIndexError)
  {
    _ = try _resolveItem(treePath, for: operation)
  }

  /// Throws the error ``expand(_:numberOfSubitems:)`` would throw for
  /// `treePath` and `numberOfSubitems`, without expanding anything.
  ///
  /// - Complexity: O(*d* log *b*).
  package func _validateExpansion(_ treePath: TreePath, numberOfSubitems: Int) throws(TreeIndexError) {
    let (node, parent, _) = try _locateItem(treePath, for: .expand)
    guard numberOfSubitems >= 0 else {
      throw TreeIndexError(
        operation: .expand, treePath: treePath, reason: .negativeNumberOfSubitems(numberOfSubitems))
    }
    try _checkExpansion(of: node, under: parent, numberOfSubitems: numberOfSubitems, at: treePath)
  }

  /// Calls `body` with each known subitem of the known item `id`, in index
  /// order: its index and its identity.
  ///
  /// - Complexity: O(*c*) for *c* known subitems.
  package func _forEachKnownSubitem(of id: _KnownItemID, _ body: (_ index: Int, _ item: _KnownItemID) -> Void) {
    _arena.forEachKnownSubitem(of: id) { index, node, _ in body(index, node) }
  }

  /// Throws the error ``deleteItems(at:)`` throws for `treePaths`, without
  /// deleting anything.
  ///
  /// - Complexity: O(*m* *d* log *b*) for *m* paths.
  package func _validateRemovalPaths(_ treePaths: [TreePath], for operation: TreeIndexError.Operation)
    throws(TreeIndexError)
  {
    for path in treePaths { _ = try _resolveForRemoval(path, for: operation) }
  }

  /// Forgets every item: the index has `numberOfRootItems` root items, all
  /// unknown, as a new index would, but changed in place, so that an open
  /// batch records it (as the replacement of every root item) and can undo
  /// it.
  ///
  /// - Complexity: O(*k*) for the *k* known items freed.
  package mutating func _removeAllItems(numberOfRootItems: Int) {
    let oldCount = self.numberOfRootItems
    let newCount = Swift.min(Swift.max(0, numberOfRootItems), Self.maximumNumberOfRows)
    _arena.replaceSubitems(of: _Arena.root, count: newCount)
    _recorder?.recordReplacement(in: _Arena.root, oldCount: oldCount, newCount: newCount)
    _checkInvariants()
  }
}

extension TreeIndex {
  /// The address of the index's node storage: the same before and after a
  /// change made in place, another after a copy (or a growth), so that
  /// tests can check that an operation copies nothing. Never dereferenced.
  ///
  /// - Complexity: O(1).
  package var _storageIdentity: UnsafeRawPointer? {
    _arena.forest.nodes.storageIdentity
  }
}

extension TreeIndex {
  /// The bytes one known item (one snapshot item) takes in the index's
  /// node array, for the test that keeps the node from growing.
  package static var _bytesPerKnownItem: Int { MemoryLayout<SummaryForest<_Item>.Node>.stride }
}
