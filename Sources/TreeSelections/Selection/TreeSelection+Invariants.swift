import TreeIndex

// Compile with `-D TREE_INDEX_INTERNAL_CHECKS` (for example
// `swift test -Xswiftc -DTREE_INDEX_INTERNAL_CHECKS`) to recount a
// selection from scratch after every change and compare: the counts kept
// along the tree, the editing session's tallies, the number of
// single-selection groups. Without the flag, `_checkInvariants()` does
// nothing and costs nothing.

extension TreeSelection {
  #if TREE_INDEX_INTERNAL_CHECKS
  /// Traps if a kept count differs from a recount of the entries. Not part
  /// of the public API.
  ///
  /// - Complexity: O(*n*) for *n* items.
  @usableFromInline
  func _checkInvariants() {
    if let fault = _fault() { preconditionFailure("TreeSelection: \(fault)") }
  }

  /// The first count that differs from a recount, or `nil`.
  private func _fault() -> String? {
    let recounted = _recount(_entries)
    guard _counts.count == recounted.count else {
      return "\(_counts.count) counts for \(recounted.count) nodes"
    }
    for node in recounted.indices where _counts[node] != recounted[node] {
      return "node \(node) counts \(_counts[node]), recounted \(recounted[node])"
    }
    let groups = _interactions.values.count(where: \.isSingleSelectionGroup)
    guard _singleSelectionGroups == groups else {
      return "\(_singleSelectionGroups) single-selection groups counted, \(groups) set"
    }
    guard let session = _session else { return nil }
    guard _snapshot._node(ofItem: session.item) == session.node else {
      return "the session's node is not its item's"
    }
    let working = _recount(_entries.merging(session.entries) { _, new in new })
    for node in working.indices {
      let tally = session.tallies[Int32(node)] ?? recounted[node].tally
      if tally != working[node].tally {
        return "node \(node): working tally \(tally), recounted \(working[node].tally)"
      }
      if let kept = session.tallies[Int32(node)], kept == recounted[node].tally {
        return "node \(node): the session keeps a tally equal to the saved one"
      }
    }
    return nil
  }
  #else
  /// Does nothing: compile with `-D TREE_INDEX_INTERNAL_CHECKS` to recount
  /// the selection after every change. Not part of the public API.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  func _checkInvariants() {}
  #endif
}
