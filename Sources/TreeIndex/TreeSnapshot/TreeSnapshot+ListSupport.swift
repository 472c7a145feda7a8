import _SummaryTree

/// Hooks for `DiffableTreeList` (module `TreeDataSource`) and
/// `TreeSelection` (module `TreeSelections`), which keep a snapshot as the tree they show or
/// check: they read it node by node, with no identifier hashed. Not public
/// API.
extension TreeSnapshot {
  /// Forgets the items marked with ``reloadItems(_:)``: a list that has
  /// applied the snapshot has reloaded them, so a snapshot derived from it
  /// reloads only what it marks itself.
  ///
  /// - Complexity: O(1); the rest of the snapshot is not copied, even when
  ///   its storage is shared.
  @inlinable
  package mutating func _removeReloadMarks() {
    guard !_reloaded.isEmpty else { return }
    _reloaded = []
  }

  /// The node of the virtual root, whose children are the root items.
  @inlinable
  package static var _rootNode: Int32 { _Arena.root }

  /// The number of children of the item at `node`.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func _numberOfChildren(ofNode node: Int32) -> Int {
    _index._arena.count(node)
  }

  /// The item at `node`, which is not the virtual root.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func _item(ofNode node: Int32) -> ItemID {
    _item(node)
  }
}

extension TreeSnapshot {
  /// The addresses of the snapshot's storage (its index's nodes, its node
  /// table, its identifiers): the same before and after a change made in
  /// place, others after a copy (or a growth), so that tests can check
  /// that an operation copies nothing. Never dereferenced.
  ///
  /// - Complexity: O(1).
  package var _storageIdentities: [UnsafeRawPointer?] {
    [
      _index._storageIdentity,
      _nodes.buckets.storageIdentity,
      _items.storageIdentity,
    ]
  }

  /// Calls `body` with the address of every buffer of the snapshot's
  /// storage: its nodes', its node table's and its identifiers' tables,
  /// chunks and pages. Copies give the same address for each buffer they
  /// share: the number of distinct addresses over many copies is what they
  /// hold together. Never dereferenced.
  ///
  /// - Complexity: O(*n* / 256).
  package func _forEachBufferIdentity(_ body: (UnsafeRawPointer) -> Void) {
    _index._arena.forest.nodes.forEachBufferIdentity(body)
    _index._arena.forest.freeList.forEachBufferIdentity(body)
    _nodes.buckets.forEachBufferIdentity(body)
    _items.forEachBufferIdentity(body)
  }
}
