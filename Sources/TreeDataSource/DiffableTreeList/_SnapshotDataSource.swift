/// The data source of the ``TreeList`` inside a ``DiffableTreeList``: it
/// holds the list's snapshot — the only copy of the tree — and answers the
/// list's questions by path from it.
final class _SnapshotDataSource<ItemID: Hashable & Sendable>: TreeDataSource {
  /// The tree, its identifiers and its expansion.
  var snapshot = TreeSnapshot<ItemID>() {
    didSet {
      _lastPath.removeAll(keepingCapacity: true)
      _lastNodes.removeAll(keepingCapacity: true)
    }
  }

  /// The height of an item's row; `nil`: every row is 1 tall.
  var height: ((ItemID) -> Double)?

  /// The path last looked up, and the node of each of its prefixes: the
  /// tree list asks about paths that extend or share most of the last one
  /// (it walks depth first), so each lookup starts where they part.
  private var _lastPath: [Int] = []
  private var _lastNodes: [Int32] = []

  /// - Complexity: O(*d* log *b*); O(*d* + log *b*) when `parent` extends
  ///   or shares all but its last index with the path looked up last.
  func numberOfSubitems(of parent: TreePath?) -> Int {
    guard let parent else { return snapshot._numberOfChildren(ofNode: TreeSnapshot<ItemID>._rootNode) }
    guard let node = _node(at: parent) else { return 0 }
    return snapshot._numberOfChildren(ofNode: node)
  }

  /// - Complexity: as ``numberOfSubitems(of:)``.
  func isExpanded(_ treePath: TreePath) -> Bool {
    _node(at: treePath).map(snapshot._isExpanded(node:)) ?? false
  }

  /// - Complexity: O(1) without a height closure; otherwise as
  ///   ``numberOfSubitems(of:)``, and one call of it.
  func height(ofItemAt treePath: TreePath) -> Double {
    guard let height, let node = _node(at: treePath) else { return 1 }
    return height(snapshot._item(ofNode: node))
  }

  /// - Complexity: as ``numberOfSubitems(of:)``.
  func item(at treePath: TreePath) -> ItemID? {
    _node(at: treePath).map(snapshot._item(ofNode:))
  }

  /// The node of the item at `treePath`, found from the longest prefix it
  /// shares with the path looked up last, with no identifier hashed.
  ///
  /// - Complexity: O(*d* + *k* log *b*) for the *k* levels past that prefix.
  private func _node(at treePath: TreePath) -> Int32? {
    var shared = 0
    for index in treePath {
      guard shared < _lastPath.count, _lastPath[shared] == index else { break }
      shared += 1
    }
    _lastPath.removeLast(_lastPath.count - shared)
    _lastNodes.removeLast(_lastNodes.count - shared)
    for index in treePath.dropFirst(shared) {
      let parent = _lastNodes.last ?? TreeSnapshot<ItemID>._rootNode
      guard let child = snapshot._childNode(of: parent, at: index) else { return nil }
      _lastPath.append(index)
      _lastNodes.append(child)
    }
    return _lastNodes.last
  }
}

/// The delegate of the ``TreeList`` inside a ``DiffableTreeList``: it turns
/// paths into identifiers for the list's own delegate, and records every
/// expansion and collapse the tree list makes in the snapshot, before the
/// delegate hears `did`.
final class _DelegateProxy<ItemID: Hashable & Sendable>: TreeListDelegate {
  /// The list whose tree list this is the delegate of.
  weak var owner: DiffableTreeList<ItemID>?

  private var source: _SnapshotDataSource<ItemID>? { owner?._list.dataSource }

  private func item(_ treePath: TreePath) -> ItemID? { source?.snapshot.item(at: treePath) }

  func shouldExpandItem(at treePath: TreePath) -> Bool {
    guard let item = item(treePath), let delegate = owner?.delegate else { return true }
    return delegate.shouldExpandItem(item)
  }

  func willExpandItem(at treePath: TreePath) {
    guard let item = item(treePath) else { return }
    owner?.delegate?.willExpandItem(item)
  }

  func didExpandItem(at treePath: TreePath) {
    guard let item = item(treePath) else { return }
    source?.snapshot.expand([item])
    owner?.delegate?.didExpandItem(item)
  }

  func shouldCollapseItem(at treePath: TreePath) -> Bool {
    guard let item = item(treePath), let delegate = owner?.delegate else { return true }
    return delegate.shouldCollapseItem(item)
  }

  func willCollapseItem(at treePath: TreePath) {
    guard let item = item(treePath) else { return }
    owner?.delegate?.willCollapseItem(item)
  }

  func didCollapseItem(at treePath: TreePath) {
    guard let item = item(treePath), let owner else { return }
    owner._list.dataSource.snapshot.collapse([item])
    if owner._collapsesRecursively { owner._collapseDescendants(of: item) }
    owner.delegate?.didCollapseItem(item)
  }

  func shouldSelectItem(at treePath: TreePath) -> Bool {
    guard let item = item(treePath), let delegate = owner?.delegate else { return true }
    return delegate.shouldSelectItem(item)
  }

  func didSelectItem(at treePath: TreePath) {
    guard let item = item(treePath) else { return }
    owner?.delegate?.didSelectItem(item)
  }
}
