// Compile with `-D TREE_INDEX_INTERNAL_CHECKS` (for example
// `swift test -Xswiftc -DTREE_INDEX_INTERNAL_CHECKS`) to check the index's
// internal structure after every mutating operation. Without the flag,
// `_checkInvariants()` does nothing and costs nothing.

extension TreeIndex {
  #if TREE_INDEX_INTERNAL_CHECKS
  /// Traps if the index's storage is inconsistent: a treap out of heap
  /// order, a stale summary, a gap or count out of range, a node reachable
  /// twice, or a node both in use and free. Not part of the public API.
  ///
  /// - Complexity: O(*n*) for *n* allocated nodes.
  public func _checkInvariants() {
    let arena = _arena
    var seen = Array(repeating: false, count: arena.nodes.count)
    seen[Int(_Arena.root)] = true
    precondition(arena.nodes[Int(_Arena.root)].isExpanded, "the root must be expanded")
    var items: [_NodeID] = [_Arena.root]
    while let item = items.popLast() {
      let node = arena.nodes[Int(item)]
      precondition(node.count >= 0, "negative count")
      var treap: [_NodeID] = node.children == .null ? [] : [node.children]
      while let t = treap.popLast() {
        precondition(t >= 0 && Int(t) < arena.nodes.count, "link out of range")
        precondition(!seen[Int(t)], "node \(t) reachable twice")
        seen[Int(t)] = true
        let n = arena.nodes[Int(t)]
        precondition(n.gap >= 0, "negative gap at node \(t)")
        for link in [n.left, n.right] where link != .null {
          precondition(arena.nodes[Int(link)].priority <= n.priority, "treap out of heap order at \(t)")
          treap.append(link)
        }
        let span = arena.span(n.left) + n.gap + 1 + arena.span(n.right)
        let extra = arena.extraRows(n.left) + arena.visibleRowsBeneath(t) + arena.extraRows(n.right)
        precondition(n.span == span, "stale span at node \(t)")
        precondition(n.extraRows == extra, "stale row summary at node \(t)")
        items.append(t)
      }
      precondition(arena.span(node.children) <= node.count, "known subitems past the count of node \(item)")
    }
    for id in arena.freeList {
      precondition(!seen[Int(id)], "node \(id) is both in use and free")
      seen[Int(id)] = true
    }
    precondition(seen.allSatisfy { $0 }, "a node is neither in use nor free")
  }
  #else
  /// Does nothing: compile with `-D TREE_INDEX_INTERNAL_CHECKS` to check
  /// the index's internal structure. Not part of the public API.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public func _checkInvariants() {}
  #endif
}
