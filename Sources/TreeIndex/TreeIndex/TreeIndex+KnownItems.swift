/// Walking every item the index knows about.
extension TreeIndex {
  /// Calls `body` with each known item in depth-first order: its depth, its
  /// index among its siblings and its node. Iterative: trees may be deep.
  ///
  /// - Complexity: O(*k*) for *k* known items.
  func _forEachKnownNode(_ body: (_ depth: Int, _ index: Int, _ node: _NodeID) -> Void) {
    var stack: [(depth: Int, index: Int, node: _NodeID)] = []
    var subitems: [(depth: Int, index: Int, node: _NodeID)] = []
    func pushSubitems(of node: _NodeID, depth: Int) {
      subitems.removeAll(keepingCapacity: true)
      _arena.forEachKnownSubitem(of: node) { index, child, _ in subitems.append((depth, index, child)) }
      stack.append(contentsOf: subitems.reversed())
    }
    pushSubitems(of: _Arena.root, depth: 1)
    while let (depth, index, node) = stack.popLast() {
      body(depth, index, node)
      pushSubitems(of: node, depth: depth + 1)
    }
  }

  /// Calls `body` with each known item in depth-first order: its path, its
  /// number of subitems and whether it is expanded.
  ///
  /// - Complexity: O(*k* · *d*) for *k* known items.
  func _forEachKnownItem(_ body: (_ treePath: TreePath, _ numberOfSubitems: Int, _ isExpanded: Bool) -> Void) {
    var path: [Int] = []
    _forEachKnownNode { depth, index, node in
      path.removeLast(path.count - (depth - 1))
      path.append(index)
      body(TreePath(path), _arena.count(node), _arena.isExpanded(node))
    }
  }
}

extension TreeIndex: Equatable {
  /// Returns a Boolean value that tells whether two indexes hold the same
  /// state: the same layout, number of root items, and known items with the
  /// same numbers of subitems and expansion, however they got there.
  ///
  /// - Complexity: O(*k*) for *k* known items.
  public static func == (lhs: TreeIndex, rhs: TreeIndex) -> Bool {
    guard lhs.layout == rhs.layout, lhs.numberOfRootItems == rhs.numberOfRootItems,
      lhs._arena.liveNodeCount == rhs._arena.liveNodeCount
    else { return false }
    return lhs._knownItemSummary() == rhs._knownItemSummary()
  }

  /// The known items in depth-first order as (depth, index, count,
  /// expanded) quadruples: enough to tell two trees apart.
  func _knownItemSummary() -> [Int] {
    var summary: [Int] = []
    _forEachKnownNode { depth, index, node in
      summary += [depth, index, _arena.count(node), _arena.isExpanded(node) ? 1 : 0]
    }
    return summary
  }
}
