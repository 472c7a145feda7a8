import TreeIndex

/// A compacted source over a source that loads children on expansion (an
/// ``AsyncTreeSource``): expanding or collapsing a row starts or cancels
/// the load of the children of the row's last element, whose children the
/// row shows.
///
/// A row's identity is its first element's in the base, as the row follows
/// its first element; a load that ends in the base is heard of as the end
/// of a load of the row that shows the item.
extension CompactedTreeSource: _LoadsOnExpansion {
  /// Starts the load of the children of the row's last element, in the
  /// base.
  ///
  /// - Complexity: O(*d*), plus the base's.
  package func _itemDidExpand(at path: TreePath) {
    guard let loader = base as? any _LoadsOnExpansion, let basePath = basePath(forCompactedPath: path) else { return }
    loader._itemDidExpand(at: basePath)
  }

  /// Cancels the load of the children of the row's last element, in the
  /// base.
  ///
  /// - Complexity: O(*d*), plus the base's.
  package func _itemDidCollapse(at path: TreePath) {
    guard let loader = base as? any _LoadsOnExpansion, let basePath = basePath(forCompactedPath: path) else { return }
    loader._itemDidCollapse(at: basePath)
  }

  /// How the children of the row's last element are still to come, in
  /// the base.
  ///
  /// - Complexity: O(*d*), plus the base's.
  package func _childrenToCome(at path: TreePath) -> _ChildrenToCome? {
    guard let loader = base as? any _LoadsOnExpansion, let basePath = basePath(forCompactedPath: path) else { return nil }
    return loader._childrenToCome(at: basePath)
  }

  /// The identity of the row's first element in the base.
  ///
  /// - Complexity: O(*d*), plus the base's answer.
  package func _loadKey(at path: TreePath) -> _LoadKey? {
    guard let loader = base as? any _LoadsOnExpansion, let row = try? _row(at: path, for: .element) else { return nil }
    return loader._loadKey(at: row.headPath)
  }

  /// The path of the row that the base's item `key` starts; `nil` when the
  /// item is removed or no longer starts a row (it joined its parent's).
  ///
  /// - Complexity: O(*d*), plus the base's answer.
  package func _path(of key: _LoadKey) -> TreePath? {
    guard let loader = base as? any _LoadsOnExpansion, let basePath = loader._path(of: key),
      let parent = _node(atBase: basePath.parent), !parent.isMerged
    else { return nil }
    return _rowPath(ofBase: basePath)
  }

  /// The base's lineage: the first elements of the rows above are in it.
  ///
  /// - Complexity: The base's.
  package func _lineage(of key: _LoadKey) -> [_LoadKey] {
    (base as? any _LoadsOnExpansion)?._lineage(of: key) ?? [key]
  }

  /// The base's load ends, each heard of as the identity of the row that
  /// shows the item (the item's own, once it is removed).
  ///
  /// - Complexity: O(1); then O(*d*) per load that ends, plus the
  ///   observer's.
  package func _observeLoadEnds(_ observer: @escaping (_LoadKey) -> Void) -> TreeSourceSubscription {
    guard let loader = base as? any _LoadsOnExpansion else { return TreeSourceSubscription {} }
    // The base holds the closure: it holds neither source.
    let source = _Weak(object: self)
    return loader._observeLoadEnds { key in
      guard let self = source.object else { return }
      observer(self._rowKey(of: key) ?? key)
    }
  }

  /// The identity of the row that shows the base's item `key`: that of the
  /// row's first element.
  ///
  /// - Complexity: O(*d*).
  func _rowKey(of key: _LoadKey) -> _LoadKey? {
    guard let loader = base as? any _LoadsOnExpansion, let basePath = loader._path(of: key), basePath.depth > 0 else {
      return nil
    }
    // The row starts at the deepest item on the way whose parent does not
    // join it.
    var node = _root
    var headDepth = 0
    for (level, i) in basePath.enumerated() {
      guard i >= 0, i < node.children.count else { return nil }
      if !node.isMerged { headDepth = level + 1 }
      node = node.children[i]
    }
    if headDepth == basePath.depth { return key }
    return loader._loadKey(at: TreePath(basePath.prefix(headDepth)))
  }
}
