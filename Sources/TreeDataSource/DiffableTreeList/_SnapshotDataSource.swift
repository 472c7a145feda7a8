/// The data source of the ``TreeList`` inside a ``DiffableTreeList``: it
/// holds the list's snapshot — the only copy of the tree — and answers the
/// list's questions by path from it.
final class _SnapshotDataSource<ItemID: Hashable & Sendable>: TreeDataSource {
  /// The tree, its identifiers and its expansion.
  var snapshot = TreeSnapshot<ItemID>()

  /// The height of an item's row; `nil`: every row is 1 tall.
  var height: ((ItemID) -> Double)?

  /// - Complexity: O(*d* log *b*).
  func numberOfSubitems(of parent: TreePath?) -> Int {
    guard let parent else { return snapshot.rootItems.count }
    guard let item = snapshot.item(at: parent) else { return 0 }
    return snapshot.children(of: item).count
  }

  /// - Complexity: O(*d* log *b*).
  func isExpanded(_ treePath: TreePath) -> Bool {
    snapshot.item(at: treePath).map(snapshot.isExpanded) ?? false
  }

  /// - Complexity: O(1) without a height closure; otherwise O(*d* log *b*)
  ///   and one call of it.
  func height(ofItemAt treePath: TreePath) -> Double {
    guard let height, let item = snapshot.item(at: treePath) else { return 1 }
    return height(item)
  }

  /// - Complexity: O(*d* log *b*).
  func item(at treePath: TreePath) -> ItemID? {
    snapshot.item(at: treePath)
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
