// Compile with `-D TREE_INDEX_INTERNAL_CHECKS` (for example
// `swift test -Xswiftc -DTREE_INDEX_INTERNAL_CHECKS`) to check the index's
// internal structure after every mutating operation. Without the flag,
// `_checkInvariants()` does nothing and costs nothing.

extension TreeIndex {
  #if TREE_INDEX_INTERNAL_CHECKS
  /// Traps if the index's storage is inconsistent: a tree out of balance, a
  /// stale summary or cached row count, a gap or count out of range, a node
  /// reachable twice, or a node both in use and free. Not part of the public
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
      guard node.count >= 0 else { return "negative count at node \(item)" }
      if let fault = forest.fault(inTreeAt: node.children, seen: &seen) { return fault }
      guard span(node.children) <= node.count else { return "known subitems past the count of node \(item)" }
      guard node.rowsBeneath == node.count &+ extraRows(node.children) else {
        return "stale cached rows at node \(item)"
      }
      guard node.rowsBeneath >= 0, node.rowsBeneath <= TreeIndex.maximumNumberOfRows else {
        return "node \(item) has \(node.rowsBeneath) rows beneath it, past the maximum"
      }
      var fault: String? = nil
      forest.forEachNode(in: node.children) { child in
        if forest[child].gap < 0 { fault = fault ?? "negative gap at node \(child)" }
        if forest[child].owner != item { fault = fault ?? "node \(child) does not name its owner \(item)" }
        items.append(child)
      }
      if let fault { return fault }
    }
    return forest.fault(ofAccounting: seen)
  }
}
