import TreeIndex

/// A source that loads an item's children when a list expands it, and
/// stops when the list collapses it: ``AsyncTreeSource``, and a
/// ``MappedTreeSource`` or a ``CompactedTreeSource`` over one.
package protocol _LoadsOnExpansion: AnyObject {
  /// The list expanded the item at `path`.
  func _itemDidExpand(at path: TreePath)
  /// The list collapsed the item at `path`.
  func _itemDidCollapse(at path: TreePath)
}

extension MappedTreeSource: _LoadsOnExpansion {
  package func _itemDidExpand(at path: TreePath) {
    (base as? any _LoadsOnExpansion)?._itemDidExpand(at: path)
  }

  package func _itemDidCollapse(at path: TreePath) {
    (base as? any _LoadsOnExpansion)?._itemDidCollapse(at: path)
  }
}
