// Compile with `-D TREE_INDEX_INTERNAL_CHECKS` (for example
// `swift test -Xswiftc -DTREE_INDEX_INTERNAL_CHECKS`) to check the index's
// internal structure after every mutating operation. Without the flag,
// `_checkInvariants()` does nothing and costs nothing.

extension TreeIndex {
  #if TREE_INDEX_INTERNAL_CHECKS
  /// Traps if the index's storage is inconsistent: a tree out of balance, a
  /// stale summary, a gap or count out of range, a wide item that needs no
  /// values node, a node reachable twice, or a node both in use and free. Not part of the public
  /// API.
  ///
  /// - Complexity: O(*n*) for *n* allocated nodes.
  public func _checkInvariants() {
    if let fault = _arena.fault() { preconditionFailure("TreeIndex: \(fault)") }
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

extension _Arena {
  /// The first inconsistency in the storage, or `nil` when it is sound.
  ///
  /// - Complexity: O(*n*) for *n* allocated nodes.
  func fault() -> String? {
    var seen = Array(repeating: false, count: forest.capacity)
    seen[Int(_Arena.root)] = true
    guard isExpanded(_Arena.root) else { return "the root must be expanded" }
    var items: [_NodeID] = [_Arena.root]
    while let item = items.popLast() {
      let node = forest[item]
      if node.isWide {
        let values = node.valuesNode
        guard values > 0, Int(values) < forest.capacity, !seen[Int(values)] else {
          return "bad values node \(values) of node \(item)"
        }
        seen[Int(values)] = true
        guard !_Item.isNarrow(count: count(item), gap: gap(item)) else {
          return "node \(item) is wide with a count and gap that fit in its own fields"
        }
      }
      let count = count(item)
      guard count >= 0 else { return "negative count at node \(item)" }
      if let fault = forest.fault(inTreeAt: node.children, seen: &seen) { return fault }
      guard span(node.children) <= count else { return "known subitems past the count of node \(item)" }
      let rowsBeneath = rowsBeneath(item)
      guard rowsBeneath >= 0, rowsBeneath <= TreeIndex.maximumNumberOfRows else {
        return "node \(item) has \(rowsBeneath) rows beneath it, past the maximum"
      }
      var fault: String? = nil
      forest.forEachNode(in: node.children) { child in
        if gap(child) < 0 { fault = fault ?? "negative gap at node \(child)" }
        if forest[child].owner != item { fault = fault ?? "node \(child) does not name its owner \(item)" }
        items.append(child)
      }
      if let fault { return fault }
    }
    return forest.fault(ofAccounting: seen)
  }
}
