/// Loading many expanded items at once, for the package's other modules
/// (`TreeDataSource`), which learn a subtree by asking about it first and
/// only then change the index: one attach per item and one renewal of the
/// cached rows, instead of one expansion, with its walk to the root, per
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

  /// Adds `items`, listed parents before their subitems, as expanded known
  /// items beneath the known item `top`, then renews the cached rows once,
  /// bottom up, and the rows above `top`.
  ///
  /// An open batch records each item as expanded, as
  /// ``expand(_:numberOfSubitems:)`` would.
  ///
  /// - Parameters:
  ///   - items: The items, parents before their subitems.
  ///   - top: The known item the load hangs beneath.
  /// - Returns: The identity of each item, in the order of `items`.
  /// - Precondition: each index is in range for its parent and names an
  ///   item the index does not know; each count is 0 or more, and together
  ///   they fit in ``_rowRoom(beneath:)`` of `top`.
  /// - Complexity: O(*n* log *b*) for *n* items, plus O(*d* log *b*) for
  ///   the way from `top` to the root, whatever the depth of the items.
  package mutating func _load(_ items: [_LoadedItem], beneath top: _KnownItemID) -> [_KnownItemID] {
    defer { _checkInvariants() }
    guard !items.isEmpty else { return [] }
    var nodes: [_NodeID] = []
    nodes.reserveCapacity(items.count)
    for item in items {
      let parent = item.parent.map { nodes[$0] } ?? top
      precondition(
        item.index >= 0 && item.index < _arena.count(parent)
          && _arena.subitem(of: parent, at: item.index).node == .null,
        "a loaded item must be a subitem the index does not know")
      let node = _arena.allocate(
        count: item.numberOfSubitems, isExpanded: true, reusingFreedNodes: _recorder == nil)
      _arena.attach(node, to: parent, at: item.index, isNewSubitem: false)
      nodes.append(node)
      _recorder?.markChanged([(parent, node)])
    }
    _arena.renew(nodes.reversed())
    _refresh(from: top)
    return nodes
  }
}
