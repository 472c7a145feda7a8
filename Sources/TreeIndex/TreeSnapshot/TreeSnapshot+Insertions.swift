import _SummaryTree

/// Adding items.
extension TreeSnapshot {
  /// Appends `items` to the children of `parent`, or to the root items when
  /// `parent` is `nil`, collapsed and with no children.
  ///
  /// - Parameters:
  ///   - items: New identifiers, none of them in the snapshot.
  ///   - parent: The item whose children they become, or `nil` for the root.
  /// - Throws: ``TreeSnapshotError`` with the reason
  ///   ``TreeSnapshotError/Reason/unknownItem`` when the snapshot does not
  ///   hold `parent`, or ``TreeSnapshotError/Reason/duplicateItem`` when one
  ///   of `items` is already in it or appears twice; the snapshot is then
  ///   unchanged.
  /// - Complexity: O(*k* log *b* + *d* log *b*) for *k* items.
  @inlinable
  public mutating func append(_ items: [ItemID], to parent: ItemID? = nil) throws {
    guard let parentNode = _parentNode(parent) else {
      throw TreeSnapshotError(.append, parent!, .unknownItem)
    }
    try _insertNew(items, in: parentNode, at: _index._arena.count(parentNode), for: .append)
    _record(.append(items, to: parent))
  }

  /// Inserts `items` right before `item`, among its siblings, collapsed and
  /// with no children.
  ///
  /// - Parameters:
  ///   - items: New identifiers, none of them in the snapshot.
  ///   - item: The item they come before.
  /// - Throws: ``TreeSnapshotError`` with the reason
  ///   ``TreeSnapshotError/Reason/unknownItem`` when the snapshot does not
  ///   hold `item`, or ``TreeSnapshotError/Reason/duplicateItem`` when one of
  ///   `items` is already in it or appears twice; the snapshot is then
  ///   unchanged.
  /// - Complexity: O(*k* log *b* + *d* log *b*) for *k* items.
  @inlinable
  public mutating func insert(_ items: [ItemID], before item: ItemID) throws {
    let (parent, index) = try _position(of: item, for: .insert)
    try _insertNew(items, in: parent, at: index, for: .insert)
    _record(.insert(items, nextTo: item, after: false))
  }

  /// Inserts `items` right after `item`, among its siblings, collapsed and
  /// with no children.
  ///
  /// - Parameters:
  ///   - items: New identifiers, none of them in the snapshot.
  ///   - item: The item they come after.
  /// - Throws: ``TreeSnapshotError`` with the reason
  ///   ``TreeSnapshotError/Reason/unknownItem`` when the snapshot does not
  ///   hold `item`, or ``TreeSnapshotError/Reason/duplicateItem`` when one of
  ///   `items` is already in it or appears twice; the snapshot is then
  ///   unchanged.
  /// - Complexity: O(*k* log *b* + *d* log *b*) for *k* items.
  @inlinable
  public mutating func insert(_ items: [ItemID], after item: ItemID) throws {
    let (parent, index) = try _position(of: item, for: .insert)
    try _insertNew(items, in: parent, at: index + 1, for: .insert)
    _record(.insert(items, nextTo: item, after: true))
  }

  /// Replaces the children of `parent`, with all their descendants, by the
  /// root items of `snapshot`, with their descendants and expansion.
  /// `parent` keeps its own expansion.
  ///
  /// - Parameters:
  ///   - parent: The item whose children are replaced.
  ///   - snapshot: The new children, as root items, and their subtrees.
  /// - Throws: ``TreeSnapshotError`` with the reason
  ///   ``TreeSnapshotError/Reason/unknownItem`` when the snapshot does not
  ///   hold `parent`, or ``TreeSnapshotError/Reason/duplicateItem`` when an
  ///   item of `snapshot` is in this snapshot outside the descendants of
  ///   `parent` (the error names the first in depth-first order); the
  ///   snapshot is then unchanged.
  /// - Complexity: O((*r* + *k*) log *b* + *d* log *b*) for *r* items
  ///   removed and *k* items in `snapshot`.
  @inlinable
  public mutating func replaceChildren(of parent: ItemID, using snapshot: TreeSnapshot) throws {
    guard let parentNode = _node(of: parent) else {
      throw TreeSnapshotError(.replaceChildren, parent, .unknownItem)
    }
    // Every item of `snapshot` must be new, or go with the old children;
    // the first one in depth-first order that does not is named.
    var clash: ItemID? = nil
    snapshot._forEachNodeDepthFirst { node, _ in
      guard clash == nil else { return }
      let item = snapshot._item(node)
      if let mine = _node(of: item), mine == parentNode || !_isNode(mine, atOrBeneath: parentNode) { clash = item }
    }
    if let clash { throw TreeSnapshotError(.replaceChildren, clash, .duplicateItem) }
    _removeChildren(of: parentNode)
    _graft(snapshot, childrenOf: _Arena.root, under: parentNode)
    _index._arena.refresh(from: parentNode)
    _index._checkInvariants()
    _record(.replaceChildren(of: parent, withGeneration: snapshot._generation))
  }
}

extension TreeSnapshot {
  /// The parent node of `item` and its index among the parent's children.
  ///
  /// - Complexity: O(log *b*).
  @inlinable
  func _position(of item: ItemID, for operation: TreeSnapshotError.Operation) throws(TreeSnapshotError) -> (
    parent: _NodeID, index: Int
  ) {
    guard let node = _node(of: item) else { throw TreeSnapshotError(operation, item, .unknownItem) }
    let parent = _index._arena.owner(node)
    return (parent, _index(ofChild: node, in: parent))
  }

  /// The index of the item at `node` among the children of `parent`.
  ///
  /// - Complexity: O(log *b*).
  @inlinable
  func _index(ofChild node: _NodeID, in parent: _NodeID) -> Int {
    // Every item is known, so no gap precedes any of them.
    _index._arena.summary(before: node, inTreeAt: _index._arena.children(parent))!.span
  }

  /// Inserts `items` at `index` among the children of `parent`, collapsed
  /// and with no children, and brings the rows above up to date; throws,
  /// changing nothing, unless every one of them is new and unique (the
  /// first that is not is named).
  ///
  /// Each identifier is hashed once: entered with its node straight away,
  /// and taken out again when a later one clashes. The new items join the
  /// parent's children as one balanced tree.
  ///
  /// - Complexity: O(*k* + *d* log *b*) for *k* items.
  @inlinable
  mutating func _insertNew(
    _ items: [ItemID], in parent: _NodeID, at index: Int, for operation: TreeSnapshotError.Operation
  ) throws(TreeSnapshotError) {
    guard !items.isEmpty else { return }
    _nodes.reserveCapacity(_nodes.count + items.count)
    if _index._arena.forest.freeList.isEmpty && !_index._arena.forest.isJournaling {
      return try _insertNewLeaves(items, in: parent, at: index, for: operation)
    }
    // The new nodes, in a buffer on the stack when there are few.
    let clash: ItemID? = withUnsafeTemporaryAllocation(of: _NodeID.self, capacity: items.count) { nodes in
      for (i, item) in items.enumerated() {
        let node = _index._arena.allocate(count: 0, isExpanded: false)
        _setItem(item, of: node)
        nodes[i] = node
        if _nodes.insert(item, node: node, in: _items) != nil {
          _undoInsertion(entered: items.prefix(i), nodes: nodes.prefix(i + 1))
          return item
        }
      }
      _index._arena.attachNew(UnsafeBufferPointer(nodes), toFullyKnown: parent, at: index)
      return nil
    }
    if let clash { throw TreeSnapshotError(operation, clash, .duplicateItem) }
    _index._arena.refresh(from: parent)
    _index._checkInvariants()
  }

  /// ``_insertNew(_:in:at:for:)`` with no freed node to reuse: the new
  /// nodes come at the end, written once each as one balanced tree, and
  /// their identifiers a page at a time.
  ///
  /// - Complexity: O(*k* + *d* log *b*) for *k* items.
  @inlinable
  mutating func _insertNewLeaves(
    _ items: [ItemID], in parent: _NodeID, at index: Int, for operation: TreeSnapshotError.Operation
  ) throws(TreeSnapshotError) {
    let (tree, first) = _index._arena.appendNewLeaves(count: items.count, of: parent)
    if Int(first) == _items.count {
      items.withUnsafeBufferPointer { _items.append(contentsOf: $0) }
    } else {
      for (i, item) in items.enumerated() { _setItem(item, of: first + _NodeID(i)) }
    }
    for (i, item) in items.enumerated() where _nodes.insert(item, node: first + _NodeID(i), in: _items) != nil {
      _undoInsertion(entered: items.prefix(i), nodes: first..<(first + _NodeID(items.count)))
      throw TreeSnapshotError(operation, item, .duplicateItem)
    }
    _index._arena.attachNew(tree: tree, count: items.count, toFullyKnown: parent, at: index)
    _index._arena.refresh(from: parent)
    _index._checkInvariants()
  }

  /// Undoes an insertion that met a duplicate: the identifiers `entered`
  /// leave the node table (while their slots still name them), then the
  /// slots of `nodes` take the stand-in and the nodes are freed.
  ///
  /// - Complexity: O(*k*) for *k* nodes.
  @inlinable
  mutating func _undoInsertion(entered: ArraySlice<ItemID>, nodes: some Sequence<_NodeID>) {
    for item in entered { _nodes.remove(item, in: _items) }
    for node in nodes {
      _items[Int(node)] = _items[0]
      _index._arena.forest.free(node)
    }
  }

  /// Removes every child of `parent` and its descendants; the rows above
  /// `parent` are the caller's to refresh.
  ///
  /// - Complexity: O(*r*) for *r* items removed.
  @inlinable
  mutating func _removeChildren(of parent: _NodeID) {
    var doomed: [_NodeID] = []
    _forEachNode(inSubtreeOf: parent) { node in if node != parent { doomed.append(node) } }
    _forget(doomed)
    _index._arena.replaceSubitems(of: parent, count: 0)
  }

  /// Drops the identifiers of `nodes`, which are about to be freed.
  @inlinable
  mutating func _forget(_ nodes: [_NodeID]) {
    for node in nodes {
      let item = _items[Int(node)]
      _nodes.remove(item, in: _items)
      _reloaded.remove(item)
      // The free slot lets go of the identifier (for one that owns memory).
      _items[Int(node)] = _items[0]
    }
  }

  /// Copies the subtrees of the children of `sourceParent` in `source` to
  /// the end of the children of `parent`, with their expansion; the rows
  /// above `parent` are the caller's to refresh. The items must be new.
  ///
  /// - Complexity: O(*k* log *b*) for *k* items copied.
  @inlinable
  mutating func _graft(_ source: TreeSnapshot, childrenOf sourceParent: _NodeID, under parent: _NodeID) {
    var created: [_NodeID] = []
    created.reserveCapacity(source.count)
    var pending: [(source: _NodeID, target: _NodeID)] = [(sourceParent, parent)]
    let arena = source._index._arena
    while let (from, to) = pending.popLast() {
      var index = _index._arena.count(to)
      arena.forest.forEach(in: arena.children(from)) { child, _ in
        let node = _allocate(source._item(child), isExpanded: arena.isExpanded(child))
        _index._arena.attach(node, to: to, at: index, isNewSubitem: true)
        index += 1
        created.append(node)
        if arena.children(child) != .null { pending.append((child, node)) }
      }
    }
    // Parents were linked before their children grew: renew children first.
    _index._arena.renew(created.reversed())
  }
}
