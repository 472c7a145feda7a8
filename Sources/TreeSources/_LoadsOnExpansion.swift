import TreeIndex

/// A source that loads an item's children when a list expands it, and
/// stops when the list collapses it: ``AsyncTreeSource``, and a
/// ``MappedTreeSource`` or a ``CompactedTreeSource`` over one.
package protocol _LoadsOnExpansion: AnyObject {
  /// The list expanded the item at `path`.
  func _itemDidExpand(at path: TreePath)
  /// The list collapsed the item at `path`.
  func _itemDidCollapse(at path: TreePath)
  /// How the children of the item at `path` are still to come: `nil` when
  /// they are there (loaded), when the item can have none, or when `path`
  /// names no item.
  func _childrenToCome(at path: TreePath) -> _ChildrenToCome?
}

/// How an item's children that load are still to come.
package enum _ChildrenToCome {
  /// No load was asked for, or the last one was cancelled.
  case notRequested
  /// A load is queued or running.
  case loading
  /// The last load failed; asking again tries again.
  case failed
}

extension MappedTreeSource: _LoadsOnExpansion {
  package func _itemDidExpand(at path: TreePath) {
    (base as? any _LoadsOnExpansion)?._itemDidExpand(at: path)
  }

  package func _itemDidCollapse(at path: TreePath) {
    (base as? any _LoadsOnExpansion)?._itemDidCollapse(at: path)
  }

  package func _childrenToCome(at path: TreePath) -> _ChildrenToCome? {
    (base as? any _LoadsOnExpansion)?._childrenToCome(at: path)
  }
}
