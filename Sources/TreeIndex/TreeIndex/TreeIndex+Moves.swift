/// Moving items, as `UITableView.moveRow(at:to:)` does for rows.
extension TreeIndex {
  /// Tells the index that the item at `source` moved to `destination`,
  /// with its whole subtree and expansion state.
  ///
  /// `destination` is the item's path after the move, read in the tree with
  /// the item already removed (as `Array` moves: remove, then insert). Moves
  /// across parents and across sections work. When the source's parent was
  /// never expanded, the move acts as an insertion at the destination; when
  /// the destination's parent was never expanded, as a deletion at the
  /// source; when neither was, nothing changes.
  ///
  /// - Parameters:
  ///   - source: The item's path before the move.
  ///   - destination: The item's path after the move.
  /// - Returns: The moved rows, deleted at the source (old coordinates) and
  ///   inserted at the destination (new coordinates). A move to where the
  ///   item already is returns no changes.
  /// - Throws: ``TreeIndexError`` for an empty path, a source index out of
  ///   range, or a destination that does not exist once the item is removed;
  ///   the index is then unchanged.
  /// - Complexity: O(*d* log *b*), whatever the size of the moved subtree.
  @discardableResult
  public mutating func moveItem(at source: TreePath, to destination: TreePath) throws -> TreeChanges {
    defer { _checkInvariants() }
    let sourceParent = try TreeIndexError._naming(moveFrom: source, to: destination) {
      guard !destination.isEmpty else {
        throw TreeIndexError(operation: .move, treePath: destination, reason: .emptyPath)
      }
      return try _resolveForRemoval(source, for: .move)
    }
    if sourceParent != nil && source == destination { return TreeChanges() }

    let recorder = _recorder
    var changes = _TreeChangesBuilder()
    var moved: _NodeID? = nil
    if let sourceParent {
      moved = _removeItem(at: source, under: sourceParent, into: &changes)
    }
    let destinationParent: _NodeID?
    do {
      destinationParent = try TreeIndexError._naming(moveFrom: source, to: destination) {
        try _resolveForInsertion(destination, for: .move)
      }
    } catch {
      if let sourceParent {
        var discarded = _TreeChangesBuilder()
        _insertItem(moved, at: source, under: sourceParent, into: &discarded)
      }
      _recorder = recorder
      throw error
    }
    if let destinationParent {
      _insertItem(moved, at: destination, under: destinationParent, into: &changes)
    } else if let moved {
      _arena.freeItem(moved)
    }
    return changes.build()
  }

  /// Inserts a detached known item (or, for `nil`, an unknown one) at a
  /// valid insertion path whose parent is resolved, and records its rows.
  mutating func _insertItem(
    _ item: _NodeID?, at treePath: TreePath, under parent: _NodeID, into changes: inout _TreeChangesBuilder
  ) {
    guard let item else {
      _insertUnknownItem(at: treePath, under: parent, into: &changes)
      return
    }
    let index = treePath[treePath.depth - 1]
    _arena.attach(item, to: parent, at: index, isNewSubitem: true)
    _recorder?.recordInsertion(in: parent, at: index)
    _refresh(treePath, depth: treePath.depth - 1)
    if let anchor = _anchor(of: treePath) {
      changes.insertItem(at: anchor, rowsBeneath: _arena.visibleRowsBeneath(item))
    }
  }
}
