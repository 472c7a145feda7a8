/// Loading many expanded items at once, for the package's other modules
/// (`TreeDataSource`), which learn a subtree by asking about it first and
/// only then change the index: one attach per item and one renewal of the
/// row summaries, instead of one expansion, with its walk to the root, per
/// item. Not public API.
extension TreeIndex {
  /// One expanded item of a load: the subitem `index` of its parent, which
  /// is the load's top item (`parent == nil`) or an earlier item of the
  /// same load (its position in the load's list).
  package struct _LoadedItem: Sendable {
    /// The position of the parent in the load's list, or `nil` for the
    /// load's top item.
    package var parent: Int?
    /// The item's index among its parent's subitems.
    package var index: Int
    /// The item's number of subitems.
    package var numberOfSubitems: Int

    /// Creates the record of one loaded item.
    package init(parent: Int?, index: Int, numberOfSubitems: Int) {
      self.parent = parent
      self.index = index
      self.numberOfSubitems = numberOfSubitems
    }
  }

  /// How many rows can still be added beneath the known item `id`, counting
  /// as if every item were expanded, before some item would pass
  /// ``maximumNumberOfRows``.
  ///
  /// Every subitem expanded beneath an expanded item adds its number of
  /// subitems to that count, whatever its depth.
  ///
  /// - Complexity: O(*d*), by owner links.
  package func _rowRoom(beneath id: _KnownItemID) -> Int {
    Self.maximumNumberOfRows - _arena.rowsBeneath(_rowHolder(above: id))
  }

  /// The rows beneath the known item `id`, counted as if it were expanded:
  /// its subitems, and the rows shown beneath those that are expanded.
  ///
  /// - Complexity: O(1).
  package func _rowsAsIfExpanded(_ id: _KnownItemID) -> Int {
    _arena.rowsBeneath(id)
  }

  /// Adds `items`, listed parents before their subitems, as expanded known
  /// items beneath the known item `top`, then renews the row summaries once,
  /// bottom up, and, unless `renewingAbove` is `false`, the rows of `top`
  /// and above it.
  ///
  /// An open batch records each item as expanded, as
  /// ``expand(_:numberOfSubitems:)`` would.
  ///
  /// - Parameters:
  ///   - items: The items, parents before their subitems.
  ///   - top: The known item the load hangs beneath.
  ///   - renewingAbove: Whether to renew `top` and the items above it now;
  ///     `false` when the caller renews them with ``_renew(_:beneath:)``.
  /// - Returns: The identity of each item, in the order of `items`.
  /// - Precondition: each index is in range for its parent and names an
  ///   item the index does not know; each count is 0 or more, and together
  ///   they fit in ``_rowRoom(beneath:)`` of `top`.
  /// - Complexity: O(*n* log *b*) for *n* items, plus O(*d* log *b*) for
  ///   the way from `top` to the root when `renewingAbove`, whatever the
  ///   depth of the items.
  package mutating func _load(
    _ items: [_LoadedItem], beneath top: _KnownItemID, renewingAbove: Bool = true
  ) -> [_KnownItemID] {
    guard !items.isEmpty else { return [] }
    var nodes: [_NodeID] = []
    nodes.reserveCapacity(items.count)
    for item in items {
      let parent = item.parent.map { nodes[$0] } ?? top
      nodes.append(_markExpanded(subitem: item.index, of: parent, numberOfSubitems: item.numberOfSubitems))
    }
    _renew(nodes.reversed(), beneath: renewingAbove ? top : nil)
    return nodes
  }

  /// Marks the subitem `index` of the known item `parent` expanded, with
  /// `numberOfSubitems` subitems when the index does not know it yet, and
  /// leaves the row summaries to ``_renew(_:beneath:)``: until then, the
  /// index must not be read.
  ///
  /// - Returns: The subitem's identity.
  /// - Precondition: `index` is in range; a known subitem has
  ///   `numberOfSubitems` subitems; the rows fit in
  ///   ``_rowRoom(beneath:)``.
  /// - Complexity: O(log *b*).
  package mutating func _markExpanded(subitem index: Int, of parent: _KnownItemID, numberOfSubitems: Int)
    -> _KnownItemID
  {
    precondition(index >= 0 && index < _arena.count(parent), "a subitem index must be in range")
    var node = _arena.subitem(of: parent, at: index).node
    if node == .null {
      node = _arena.allocate(count: numberOfSubitems, isExpanded: true, reusingFreedNodes: _recorder == nil)
      _arena.attach(node, to: parent, at: index, isNewSubitem: false)
    } else {
      precondition(_arena.count(node) == numberOfSubitems, "a known item keeps its number of subitems")
      _arena.setExpanded(node, true)
    }
    _recorder?.markChanged([(parent, node)])
    return node
  }

  /// Renews the summaries of `items`, listed children before their
  /// parents, in their parents' trees; then, when `top`
  /// is given, the rows of `top` and of every item above it. An open batch
  /// records every item renewed as changed.
  ///
  /// - Complexity: O(*n* log *b*) for *n* items, plus O(*d* log *b*) for
  ///   the way from `top` to the root.
  package mutating func _renew(_ items: some Sequence<_KnownItemID>, beneath top: _KnownItemID?) {
    defer { if top != nil { _checkInvariants() } }
    if _recorder != nil {
      var changed: [(parent: _NodeID, item: _NodeID)] = []
      for item in items { changed.append((_arena.owner(item), item)) }
      _recorder!.markChanged(changed)
      _arena.renew(changed.lazy.map(\.item))
    } else {
      _arena.renew(items)
    }
    if let top { _refresh(from: top) }
  }
}
