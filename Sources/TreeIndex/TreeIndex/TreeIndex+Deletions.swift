/// Deleting items, as `UITableView.deleteRows(at:with:)` does for rows.
extension TreeIndex {
  /// Tells the index that the items at `treePaths` were deleted, each with
  /// everything beneath it.
  ///
  /// The paths are in the coordinates before the deletion. A path beneath
  /// (or equal to) another deleted path is covered by it. A path beneath an
  /// item that was never expanded changes nothing and is not an error. In
  /// `.sectioned`, deleting a root item deletes its section.
  ///
  /// - Parameter treePaths: The paths of the deleted items, before the
  ///   deletion.
  /// - Returns: The rows (and sections) deleted, in old coordinates.
  /// - Throws: ``TreeIndexError`` for an empty path, an index out of range,
  ///   or a negative index beneath an item never expanded; the index is then
  ///   unchanged.
  /// - Complexity: O(*m* (*d* log *b* + log *m*)) for *m* paths, plus the
  ///   number of known items beneath the deleted ones.
  @discardableResult
  public mutating func deleteItems(at treePaths: [TreePath]) throws -> TreeChanges {
    defer { _checkInvariants() }
    var targets: [(path: TreePath, parent: _NodeID)] = []
    for path in treePaths {
      if let parent = try _resolveForRemoval(path, for: .delete) { targets.append((path, parent)) }
    }
    targets.sort { $0.path < $1.path }
    // Sorted depth-first, the paths covered by a kept path follow it.
    var kept: [(path: TreePath, parent: _NodeID)] = []
    for target in targets {
      if let last = kept.last, last.path == target.path || last.path.isAncestor(of: target.path) { continue }
      kept.append(target)
    }
    var changes = _TreeChangesBuilder()
    // Last first, so each path is still in old coordinates when removed.
    for target in kept.reversed() {
      if let removed = _removeItem(at: target.path, under: target.parent, into: &changes) {
        _arena.freeItem(removed)
      }
    }
    return changes.build()
  }

  /// Removes the valid item at `treePath` from its resolved parent and
  /// records the rows it takes away.
  ///
  /// - Returns: The removed item's detached node, still allocated and with
  ///   its state beneath, or `nil` when the item was never expanded.
  @discardableResult
  mutating func _removeItem(at treePath: TreePath, under parent: _NodeID, into changes: inout _TreeChangesBuilder)
    -> _NodeID?
  {
    let index = treePath[treePath.depth - 1]
    let child = _arena.subitem(of: parent, at: index).node
    if let anchor = _anchor(of: treePath) {
      changes.deleteItem(at: anchor, rowsBeneath: child == .null ? 0 : _arena.visibleRowsBeneath(child))
    }
    let removed: _NodeID?
    if child == .null {
      _arena.removeUnknownSubitem(in: parent, at: index)
      removed = nil
    } else {
      removed = _arena.detach(from: parent, at: index)
    }
    _recorder?.recordDeletion(in: parent, at: index)
    _refresh(from: parent)
    return removed
  }
}
