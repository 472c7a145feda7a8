import TreeIndex

/// A compacted source over a source that loads children on expansion (an
/// ``AsyncTreeSource``): expanding or collapsing a row starts or cancels
/// the load of the children of the row's last element, whose children the
/// row shows.
extension CompactedTreeSource: _LoadsOnExpansion {
  package func _itemDidExpand(at path: TreePath) {
    guard let loader = base as? any _LoadsOnExpansion, let basePath = basePath(forCompactedPath: path) else { return }
    loader._itemDidExpand(at: basePath)
  }

  package func _itemDidCollapse(at path: TreePath) {
    guard let loader = base as? any _LoadsOnExpansion, let basePath = basePath(forCompactedPath: path) else { return }
    loader._itemDidCollapse(at: basePath)
  }

  package func _childrenToCome(at path: TreePath) -> _ChildrenToCome? {
    guard let loader = base as? any _LoadsOnExpansion, let basePath = basePath(forCompactedPath: path) else { return nil }
    return loader._childrenToCome(at: basePath)
  }
}
