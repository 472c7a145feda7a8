import _SummaryTree

/// Expanding and collapsing items, and marking them for reload.
extension TreeSnapshot {
  /// Expands `items`: their children are shown whenever they are visible.
  /// Identifiers the snapshot does not hold are ignored; an item without
  /// children may be expanded, so that children added later are shown.
  ///
  /// - Parameter items: The items to expand.
  /// - Complexity: O((*k* + *a*) log *b*) for *k* items and the *a*
  ///   distinct items above them: items on one deep branch share the way
  ///   up, each level brought up to date once.
  @inlinable
  public mutating func expand(_ items: [ItemID]) {
    _setExpanded(items, true)
  }

  /// Collapses `items`: their children are hidden; the children keep their
  /// own expansion. Identifiers the snapshot does not hold are ignored.
  ///
  /// - Parameter items: The items to collapse.
  /// - Complexity: O((*k* + *a*) log *b*) for *k* items and the *a*
  ///   distinct items above them.
  @inlinable
  public mutating func collapse(_ items: [ItemID]) {
    _setExpanded(items, false)
  }

  /// Marks `items` as changed in place: the change set worked out to this
  /// snapshot (``changes(from:layout:)``) redraws their rows. Identifiers
  /// the snapshot does not hold are ignored.
  ///
  /// - Parameter items: The items whose content changed.
  /// - Complexity: O(*k*) for *k* items.
  @inlinable
  public mutating func reloadItems(_ items: [ItemID]) {
    for item in items where _node(of: item) != nil { _reloaded.insert(item) }
  }

  /// The items marked with ``reloadItems(_:)`` since the snapshot was made
  /// (or since a list applied it), in no particular order.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var reloadedItems: Set<ItemID> { _reloaded }

  /// Marks each item the snapshot holds expanded or collapsed.
  ///
  /// - Returns: What ``_renewSummaries(from:)`` returns.
  @inlinable @discardableResult
  package mutating func _setExpanded(_ items: [ItemID], _ isExpanded: Bool) -> Int {
    if items.count == 1 {
      // One item, the common case: no array is made, and the edit recorded
      // is `items` itself.
      guard let node = _node(of: items[0]), _index._arena.isExpanded(node) != isExpanded else { return 0 }
      _index._arena.setExpanded(node, isExpanded)
      let renewed = _renewSummaries(from: node)
      _index._checkInvariants()
      _record(isExpanded ? .expand(items) : .collapse(items))
      return renewed
    }
    var changed: [ItemID] = []
    var nodes: [_NodeID] = []
    for item in items {
      guard let node = _node(of: item), _index._arena.isExpanded(node) != isExpanded else { continue }
      _index._arena.setExpanded(node, isExpanded)
      nodes.append(node)
      changed.append(item)
    }
    let renewed = _renewSummaries(from: nodes)
    _index._checkInvariants()
    guard !changed.isEmpty else { return renewed }
    _record(isExpanded ? .expand(changed) : .collapse(changed))
    return renewed
  }

  /// Marks `item` expanded, if the snapshot holds it collapsed, without
  /// bringing the summaries above it up to date: until
  /// ``_renewExpanded(_:)`` is given the node returned, the snapshot may
  /// only be asked whether items are expanded or visible, and for their
  /// parents and children. A walk that opens many items of a deep subtree
  /// one by one, asking about each, so brings each level up to date once.
  /// Not public API.
  ///
  /// - Returns: The item's node, or `nil` when nothing changed.
  /// - Complexity: O(1).
  @inlinable
  package mutating func _markExpandedWithoutRenewing(_ item: ItemID) -> Int32? {
    guard let node = _node(of: item), !_index._arena.isExpanded(node) else { return nil }
    _index._arena.setExpanded(node, true)
    return node
  }

  /// Brings the summaries up to date after
  /// ``_markExpandedWithoutRenewing(_:)`` marked the items at `nodes`, and
  /// records their expansion as one edit. Not public API.
  ///
  /// - Returns: What ``_renewSummaries(from:)`` returns.
  /// - Complexity: O((*k* + *a*) log *b*) for *k* nodes and the *a*
  ///   distinct items above them.
  @inlinable @discardableResult
  package mutating func _renewExpanded(_ nodes: [Int32]) -> Int {
    let renewed = _renewSummaries(from: nodes)
    _index._checkInvariants()
    if !nodes.isEmpty { _record(.expand(nodes.map { _item($0) })) }
    return renewed
  }

  /// Brings the summaries of the items at `nodes`, whose own state changed,
  /// and of every item above them up to date: each item once, children
  /// before their parents, so that items on one deep branch share the way
  /// up instead of each walking it.
  ///
  /// - Returns: The number of items renewed, for tests that check how the
  ///   work grows.
  /// - Complexity: O((*k* + *a*) log *b*) for *k* nodes and the *a*
  ///   distinct items above them (with a sort by depth).
  @inlinable
  mutating func _renewSummaries(from nodes: [_NodeID]) -> Int {
    if nodes.count <= 1 {
      guard let node = nodes.first else { return 0 }
      return _renewSummaries(from: node)
    }
    // The depth of each item on the way, found once: a walk up stops at an
    // item an earlier walk reached, whose depth is known.
    var depths: [_NodeID: Int] = [:]
    var way: [_NodeID] = []
    for node in nodes where depths[node] == nil {
      way.removeAll(keepingCapacity: true)
      var x = node
      var depth = 0
      while x != _Arena.root {
        if let known = depths[x] {
          depth = known
          break
        }
        way.append(x)
        x = _index._arena.owner(x)
      }
      for item in way.reversed() {
        depth += 1
        depths[item] = depth
      }
    }
    let order = depths.sorted { $0.value > $1.value }
    _index._arena.renew(order.lazy.map(\.key))
    return order.count
  }

  /// Brings the summaries of the item at `node`, whose own state changed,
  /// and of every item above it up to date.
  ///
  /// - Returns: The number of items renewed: the item's depth.
  /// - Complexity: O(*d* log *b*).
  @inlinable
  mutating func _renewSummaries(from node: _NodeID) -> Int {
    _index._arena.refresh(from: node)
    var depth = 0
    var x = node
    while x != _Arena.root {
      depth += 1
      x = _index._arena.owner(x)
    }
    return depth
  }
}
