import _SummaryTree

/// Hooks for `DiffableTreeList` (module `TreeDataSource`), which keeps a
/// snapshot as the tree it shows. Not public API.
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

  /// The node of child `index` of the item at `node`, or `nil` when there
  /// is no such child: a path followed node by node, with no identifier
  /// hashed (what a list's data source asks most).
  ///
  /// - Complexity: O(log *b*).
  @inlinable
  package func _childNode(of node: Int32, at index: Int) -> Int32? {
    guard index >= 0, index < _index._arena.count(node) else { return nil }
    return _index._arena.subitem(of: node, at: index).node
  }

  /// The number of children of the item at `node`.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func _numberOfChildren(ofNode node: Int32) -> Int {
    _index._arena.count(node)
  }

  /// Whether the item at `node` is expanded.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func _isExpanded(node: Int32) -> Bool {
    _index._arena.isExpanded(node)
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
      _nodes.buckets.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
      _items.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) },
    ]
  }
}
