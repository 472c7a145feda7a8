import _SummaryTree

/// Items by path and by row, both ways.
extension TreeSnapshot {
  /// The path of `item`: its index among the root items, then among the
  /// children of each item on the way down.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The item's path, or `nil` when the snapshot does not hold it.
  /// - Complexity: O(*d* log *b*).
  @inlinable
  public func treePath(of item: ItemID) -> TreePath? {
    guard var node = _node(of: item) else { return nil }
    var indices: [Int] = []
    while node != _Arena.root {
      let parent = _index._arena.owner(node)
      indices.append(_index(ofChild: node, in: parent))
      node = parent
    }
    return TreePath(indices.reversed())
  }

  /// The item at `treePath`.
  ///
  /// - Parameter treePath: A path such as `[1, 0]`.
  /// - Returns: The item, or `nil` when the path names no item.
  /// - Complexity: O(*d* log *b*).
  @inlinable
  public func item(at treePath: TreePath) -> ItemID? {
    guard !treePath.isEmpty else { return nil }
    var node = _Arena.root
    for index in treePath {
      guard index >= 0, index < _index._arena.count(node) else { return nil }
      node = _index._arena.subitem(of: node, at: index).node
    }
    return _item(node)
  }

  /// The row of `item` among the visible items, root items included (the
  /// `.flat` layout's rows).
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The item's row, or `nil` when it is hidden (an ancestor is
  ///   collapsed) or the snapshot does not hold it.
  /// - Complexity: O(*d* log *b*).
  @inlinable
  public func row(of item: ItemID) -> Int? {
    guard let node = _node(of: item) else { return nil }
    return _row(of: node)
  }

  /// The visible item at `row` (the `.flat` layout's rows).
  ///
  /// - Parameter row: A row, from 0.
  /// - Returns: The item, or `nil` when there is no such row.
  /// - Complexity: O(*d* log *b*).
  @inlinable
  public func item(atRow row: Int) -> ItemID? {
    guard row >= 0, row < _index.numberOfRows else { return nil }
    return _item(_node(atRow: row))
  }
}

extension TreeSnapshot {
  /// The visible row of the item at `node`, or `nil` when it is hidden.
  ///
  /// - Complexity: O(*d* log *b*).
  @inlinable
  func _row(of node: _NodeID) -> Int? {
    var levels = 0
    return _row(of: node, levels: &levels)
  }

  /// ``_row(of:)``, adding the levels it walked up to `levels`.
  ///
  /// - Complexity: O(*d* log *b*).
  @inlinable
  func _row(of node: _NodeID, levels: inout Int) -> Int? {
    var row = 0
    var x = node
    while true {
      levels &+= 1
      let parent = _index._arena.owner(x)
      guard let before = _index._arena.summary(before: x, inTreeAt: _index._arena.children(parent)) else { return nil }
      row &+= before.span &+ before.extraRows
      if parent == _Arena.root { return row }
      guard _index._arena.isExpanded(parent) else { return nil }
      row &+= 1
      x = parent
    }
  }

  /// The node of the visible item at `row`, which exists.
  ///
  /// - Complexity: O(*d* log *b*).
  @inlinable
  func _node(atRow row: Int) -> _NodeID {
    var rest = row
    var tree = _index._arena.children(_Arena.root)
    while true {
      // Every item is known: the node whose rows hold `rest` is the item.
      let (node, before) = _index._arena.find(rest, by: _Rows.self, in: tree)!
      rest -= before.span + before.extraRows
      if rest == 0 { return node }
      rest -= 1
      tree = _index._arena.children(node)
    }
  }
}
