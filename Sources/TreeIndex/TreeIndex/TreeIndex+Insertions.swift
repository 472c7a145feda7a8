/// Inserting items, as `UITableView.insertRows(at:with:)` does for rows.
extension TreeIndex {
  /// Tells the index that items were inserted at `treePaths`.
  ///
  /// The paths are in the coordinates after the insertion and are applied
  /// in ascending order. New items are collapsed, with subitems the index
  /// does not know yet. An insertion beneath an item that was never
  /// expanded changes nothing and is not an error (the index knows nothing
  /// there to shift). In `.sectioned`, inserting a root item inserts a
  /// section.
  ///
  /// - Parameter treePaths: The paths of the new items, after the insertion.
  /// - Returns: The rows (and sections) inserted, in new coordinates.
  /// - Throws: ``TreeIndexError`` for an empty path, an index out of range
  ///   (a new item's index may equal the old count: an append), a
  ///   negative index beneath an item never expanded, a path given twice, or
  ///   rows that would pass ``maximumNumberOfRows``; the index is then
  ///   unchanged.
  /// - Complexity: O(*m* (*d* log *b* + log *m*)) for *m* paths.
  @discardableResult
  public mutating func insertItems(at treePaths: [TreePath]) throws -> TreeChanges {
    defer { _checkInvariants() }
    if treePaths.count == 1 { return try _insertItem(at: treePaths[0]) }
    let sorted = treePaths.sorted()
    for (a, b) in zip(sorted, sorted.dropFirst()) where a == b {
      throw TreeIndexError(operation: .insert, treePath: a, reason: .duplicatePath)
    }
    let recorder = _recorder
    var changes = _TreeChangesBuilder()
    var inserted: [TreePath] = []
    for path in sorted {
      do {
        guard let parent = try _resolveForInsertion(path, for: .insert) else { continue }
        try _checkRowGrowth(beneath: parent, by: 1, at: path, for: .insert)
        _insertUnknownItem(at: path, under: parent, into: &changes)
        inserted.append(path)
      } catch {
        // Undo in reverse: each earlier path is still where it was put.
        var discarded = _TreeChangesBuilder()
        for path in inserted.reversed() {
          _removeItem(at: path, under: _parentNode(ofValid: path), into: &discarded)
        }
        _recorder = recorder
        throw error
      }
    }
    return changes.build()
  }

  /// ``insertItems(at:)`` of one path: nothing to sort, and nothing to
  /// undo, since every check comes before the change.
  mutating func _insertItem(at treePath: TreePath) throws -> TreeChanges {
    var changes = _TreeChangesBuilder()
    if let parent = try _resolveForInsertion(treePath, for: .insert) {
      try _checkRowGrowth(beneath: parent, by: 1, at: treePath, for: .insert)
      _insertUnknownItem(at: treePath, under: parent, into: &changes)
    }
    return changes.build()
  }

  /// Inserts an unknown item at a valid insertion path whose parent is
  /// resolved, and records the rows it adds.
  mutating func _insertUnknownItem(at treePath: TreePath, under parent: _NodeID, into changes: inout _TreeChangesBuilder) {
    let index = treePath[treePath.depth - 1]
    _arena.insertUnknownSubitem(in: parent, at: index)
    _recorder?.recordInsertion(in: parent, at: index)
    _refresh(from: parent)
    if let anchor = _anchor(of: treePath) { changes.insertItem(at: anchor, rowsBeneath: 0) }
  }

  /// The parent node of a path already known to be valid.
  func _parentNode(ofValid treePath: TreePath) -> _NodeID {
    guard let parent = treePath.parent else { return _Arena.root }
    return _knownNode(at: parent)!
  }
}
