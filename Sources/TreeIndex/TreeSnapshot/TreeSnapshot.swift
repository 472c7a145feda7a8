import _SummaryTree

/// A forest of unique item identifiers and which of them are expanded: the
/// identity layer of ``TreeIndex``, in the vocabulary of Apple's section
/// snapshots, on every platform.
///
/// Build a snapshot with ``append(_:to:)``, ``insert(_:before:)`` and their
/// kin, expand items with ``expand(_:)``, and read it by identifier — the
/// row of an item, the item of a row, its path, its parent — in
/// O(*d* log *b*) whatever its size, where *d* is the item's depth and *b*
/// the largest number of children of one item:
///
///     var snapshot = TreeSnapshot<String>()
///     try snapshot.append(["Fruit", "Vegetables"])
///     try snapshot.append(["Apple", "Pear"], to: "Fruit")
///     snapshot.expand(["Fruit"])
///     snapshot.row(of: "Pear")          // 2
///     snapshot.item(atRow: 3)           // "Vegetables"
///     snapshot.treePath(of: "Pear")     // [0, 1]
///
/// ``changes(from:layout:)`` gives the exact ``TreeChanges`` that turn one
/// snapshot's visible rows into another's, with moved items as moves, for a
/// table view's batch update.
///
/// Invalid input — an identifier already in the snapshot (Apple's snapshot
/// traps on it), an unknown parent or reference item, a move into the
/// item's own subtree — throws a ``TreeSnapshotError`` and leaves the
/// snapshot exactly as it was.
///
/// `TreeSnapshot` is a value whose copies share their storage: copying
/// one is O(1), and the first edit of a copy copies only the pages it
/// writes (its nodes, its identifiers and its table of them are kept in
/// pages of 256), O(*d* log *b*) pages for an edit at depth *d*, not the
/// tree. So Apple's diffable pattern — `var next = list.snapshot`, an
/// edit, `list.apply(next)` — costs what the edit touches, whatever the
/// size of the snapshot, and copies kept side by side hold only what they
/// changed. Every item is a node of the ``index``'s balanced trees, so the
/// rows of the visible items are never listed: ``visibleItems`` reads them
/// off the index.
public struct TreeSnapshot<ItemID: Hashable & Sendable>: Sendable {
  /// The tree as paths and rows: every item is a known item of this index,
  /// with its number of children and its expansion.
  @usableFromInline
  var _index: TreeIndex
  /// The node of each item (see `_NodeTable`): read it with `_node(of:)`.
  @usableFromInline
  var _nodes: _NodeTable
  /// The item of each node in use, in pages that copies share. The
  /// virtual root's slot and the slots of free nodes hold a stand-in (an item of the snapshot, or one it
  /// held), never read: identifiers need no optional, and no more room
  /// than their own.
  @usableFromInline
  var _items: PagedArray<ItemID>
  /// Items whose content changed in place since the snapshot was made:
  /// reloads in the next change set worked out to it.
  @usableFromInline
  var _reloaded: Set<ItemID>
  /// The generation of this state (see `TreeSnapshot+History.swift`).
  @usableFromInline
  package var _generation: UInt64
  /// The most recent edits, in chains of links shared by the snapshots
  /// derived from this one (see `TreeSnapshot+History.swift`).
  @usableFromInline
  var _history: _SnapshotHistory<ItemID>

  /// Creates an empty snapshot.
  ///
  /// - Complexity: O(1).
  @inlinable
  public init() {
    _index = TreeIndex(_storageFor: 0, keepingSums: false, sharingPages: true)
    _nodes = _NodeTable()
    _items = PagedArray()
    _reloaded = []
    _generation = 0
    _history = _SnapshotHistory()
  }

  /// The tree as paths and rows: a `.flat` ``TreeIndex`` with the same
  /// items, each with its number of children and its expansion, so that
  /// ``TreeIndex/tableIndexPath(fromTreePath:)`` and
  /// ``TreeIndex/treeIndexPath(fromTablePath:)`` answer for this snapshot.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var index: TreeIndex { _index }

  /// The number of items.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var count: Int { _nodes.count }

  /// A Boolean value that tells whether the snapshot has no items.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var isEmpty: Bool { _nodes.count == 0 }

  /// Returns a Boolean value that tells whether `item` is in the snapshot.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: `true` if the snapshot holds `item`.
  /// - Complexity: O(1).
  @inlinable
  public func contains(_ item: ItemID) -> Bool {
    _node(of: item) != nil
  }

  /// The parent of `item`.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The item's parent, or `nil` for a root item or an
  ///   identifier the snapshot does not hold.
  /// - Complexity: O(1).
  @inlinable
  public func parent(of item: ItemID) -> ItemID? {
    guard let node = _node(of: item) else { return nil }
    let owner = _index._arena.owner(node)
    return owner == _Arena.root ? nil : _items[Int(owner)]
  }

  /// The depth of `item` below the root: 0 for a root item.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The item's level, or `nil` when the snapshot does not hold it.
  /// - Complexity: O(*d*).
  @inlinable
  public func level(of item: ItemID) -> Int? {
    guard var node = _node(of: item) else { return nil }
    var level = 0
    while true {
      node = _index._arena.owner(node)
      if node == _Arena.root { return level }
      level += 1
    }
  }

  /// Returns a Boolean value that tells whether `item` is expanded, whether
  /// or not it is visible.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: `true` if the item is expanded; `false` if it is collapsed
  ///   or the snapshot does not hold it.
  /// - Complexity: O(1).
  @inlinable
  public func isExpanded(_ item: ItemID) -> Bool {
    guard let node = _node(of: item) else { return false }
    return _index._arena.isExpanded(node)
  }

  /// Returns a Boolean value that tells whether `item` is visible: every
  /// one of its ancestors is expanded. Root items are always visible.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: `true` if the snapshot holds `item` and its ancestors are
  ///   all expanded.
  /// - Complexity: O(*d*).
  @inlinable
  public func isVisible(_ item: ItemID) -> Bool {
    guard let node = _node(of: item) else { return false }
    return _isVisible(node)
  }
}

extension TreeSnapshot {
  /// The item of a node in use.
  @inline(__always)
  @inlinable
  func _item(_ node: _NodeID) -> ItemID {
    _items[Int(node)]
  }

  /// Whether every ancestor of the item at `node` is expanded.
  ///
  /// - Complexity: O(*d*).
  @inlinable
  func _isVisible(_ node: _NodeID) -> Bool {
    var ancestor = _index._arena.owner(node)
    while ancestor != _Arena.root {
      if !_index._arena.isExpanded(ancestor) { return false }
      ancestor = _index._arena.owner(ancestor)
    }
    return true
  }

  /// Whether `node` is `ancestor` or beneath it.
  ///
  /// - Complexity: O(*d*).
  @inlinable
  func _isNode(_ node: _NodeID, atOrBeneath ancestor: _NodeID) -> Bool {
    var x = node
    while true {
      if x == ancestor { return true }
      if x == _Arena.root { return false }
      x = _index._arena.owner(x)
    }
  }

  /// The node of `parent`, or the virtual root for `nil`; `nil` when the
  /// snapshot does not hold `parent`.
  @inlinable
  func _parentNode(_ parent: ItemID?) -> _NodeID? {
    guard let parent else { return _Arena.root }
    return _node(of: parent)
  }

  /// Each node of the subtree of `node` (itself included unless it is the
  /// virtual root), parents before their children. Iterative: trees may be
  /// deep.
  ///
  /// - Complexity: O(*k*) for *k* nodes.
  @inlinable
  func _forEachNode(inSubtreeOf node: _NodeID, _ body: (_NodeID) -> Void) {
    if node != _Arena.root { body(node) }
    _forEachNodeDepthFirst(beneath: node) { child, _ in body(child) }
  }

  /// Records `item` as the item of the newly allocated `node`.
  @inlinable
  mutating func _register(_ item: ItemID, at node: _NodeID) {
    _setItem(item, of: node)
    _ = _nodes.insert(item, node: node, in: _items)
  }

  /// The node of `item`, or `nil` when the snapshot does not hold it.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  func _node(of item: ItemID) -> _NodeID? {
    _nodes.node(of: item, in: _items)
  }

  /// Makes `item` the item of `node` in `_items`; the slots before it that
  /// were never handed out (the virtual root's among them) get `item` as a
  /// stand-in.
  @inlinable
  mutating func _setItem(_ item: ItemID, of node: _NodeID) {
    let slot = Int(node)
    if slot < _items.count {
      _items[slot] = item
    } else if slot == _items.count {
      _items.append(item)
    } else {
      for _ in _items.count...slot { _items.append(item) }
    }
  }

  /// Allocates a detached node for a new item with no children.
  @inlinable
  mutating func _allocate(_ item: ItemID, isExpanded: Bool = false) -> _NodeID {
    let node = _index._arena.allocate(count: 0, isExpanded: isExpanded)
    _register(item, at: node)
    return node
  }
}
