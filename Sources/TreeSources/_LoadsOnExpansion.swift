import TreeIndex

/// A source that loads an item's children when a list expands it, and
/// stops when the list collapses it: ``AsyncTreeSource``, and a
/// ``MappedTreeSource`` or a ``CompactedTreeSource`` over one.
///
/// A list that waits for children to arrive (a recursive expansion) names
/// the items it waits for by their identity (``_loadKey(at:)``), which
/// edits do not change as they change paths, and hears of each load that
/// ends (``_observeLoadEnds(_:)``): it looks at the items whose loads ended,
/// never at every item it waits for.
package protocol _LoadsOnExpansion: AnyObject {
  /// The list expanded the item at `path`.
  ///
  /// - Complexity: O(*d*) for the item's depth *d*, plus starting a load.
  func _itemDidExpand(at path: TreePath)
  /// The list collapsed the item at `path`.
  ///
  /// - Complexity: O(*d*), plus cancelling a load.
  func _itemDidCollapse(at path: TreePath)
  /// How the children of the item at `path` are still to come: `nil` when
  /// they are there (loaded), when the item can have none, or when `path`
  /// names no item.
  ///
  /// - Complexity: O(*d*).
  func _childrenToCome(at path: TreePath) -> _ChildrenToCome?
  /// The identity of the item at `path`, or `nil` when `path` names no
  /// item: the same while the item stays in the source, wherever edits move
  /// it, and no other item's. A compacted row's is that of its first
  /// element, which the row follows.
  ///
  /// - Complexity: O(*d*).
  func _loadKey(at path: TreePath) -> _LoadKey?
  /// Where the item `key` names stands now, or `nil` once it is removed (a
  /// compacted row: once its first element no longer starts a row).
  ///
  /// - Complexity: O(*d*) for the item's depth *d*.
  func _path(of key: _LoadKey) -> TreePath?
  /// `key`, then the identities of the items above it, innermost first
  /// (for a compacted source, of its base's items): an item beneath a row
  /// finds the row's identity here.
  ///
  /// - Complexity: O(*d*).
  func _lineage(of key: _LoadKey) -> [_LoadKey]
  /// Calls `observer`, until the subscription ends, with the identity of
  /// each item whose load ends — its children arrived (after the
  /// subscribers heard of them) or it failed — and of each item removed;
  /// for a compacted source, the identity of the row that shows it.
  ///
  /// - Complexity: O(1); then, per load that ends, the observer's, plus
  ///   O(*d*) for a compacted source to find the row.
  func _observeLoadEnds(_ observer: @escaping (_LoadKey) -> Void) -> TreeSourceSubscription
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

/// The identity of an item of a source that loads children (see
/// ``_LoadsOnExpansion/_loadKey(at:)``): the object the source keeps for
/// the item, compared by reference. The key holds the object, so that no
/// other object takes its address while the key is kept.
package struct _LoadKey: Hashable {
  /// The source's object for the item.
  package let object: AnyObject

  /// The identity of the item the source keeps as `object`.
  ///
  /// - Complexity: O(1).
  package init(_ object: AnyObject) { self.object = object }

  /// Whether both name the same object.
  ///
  /// - Complexity: O(1).
  package static func == (lhs: _LoadKey, rhs: _LoadKey) -> Bool { lhs.object === rhs.object }

  /// Hashes the object's address.
  ///
  /// - Complexity: O(1).
  package func hash(into hasher: inout Hasher) { hasher.combine(ObjectIdentifier(object)) }
}

/// A mapped source has its base's items at the same paths: it passes every
/// call to its base, when that loads children on expansion (and otherwise
/// does nothing, has no identities, and tells of no load ending).
extension MappedTreeSource: _LoadsOnExpansion {
  /// The base's.
  ///
  /// - Complexity: The base's.
  package func _itemDidExpand(at path: TreePath) {
    (base as? any _LoadsOnExpansion)?._itemDidExpand(at: path)
  }

  /// The base's.
  ///
  /// - Complexity: The base's.
  package func _itemDidCollapse(at path: TreePath) {
    (base as? any _LoadsOnExpansion)?._itemDidCollapse(at: path)
  }

  /// The base's.
  ///
  /// - Complexity: The base's.
  package func _childrenToCome(at path: TreePath) -> _ChildrenToCome? {
    (base as? any _LoadsOnExpansion)?._childrenToCome(at: path)
  }

  /// The base's.
  ///
  /// - Complexity: The base's.
  package func _loadKey(at path: TreePath) -> _LoadKey? {
    (base as? any _LoadsOnExpansion)?._loadKey(at: path)
  }

  /// The base's.
  ///
  /// - Complexity: The base's.
  package func _path(of key: _LoadKey) -> TreePath? {
    (base as? any _LoadsOnExpansion)?._path(of: key)
  }

  /// The base's.
  ///
  /// - Complexity: The base's.
  package func _lineage(of key: _LoadKey) -> [_LoadKey] {
    (base as? any _LoadsOnExpansion)?._lineage(of: key) ?? [key]
  }

  /// The base's.
  ///
  /// - Complexity: The base's.
  package func _observeLoadEnds(_ observer: @escaping (_LoadKey) -> Void) -> TreeSourceSubscription {
    (base as? any _LoadsOnExpansion)?._observeLoadEnds(observer) ?? TreeSourceSubscription {}
  }
}
