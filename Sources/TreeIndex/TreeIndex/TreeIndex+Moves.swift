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
  /// An item that is a row before and after the move is reported as one
  /// move of its rows (the item's and its visible descendants'), in
  /// ``TreeChanges/movedRowRanges``. In `.sectioned`, a root item moved
  /// among root items is a section move (``TreeChanges/movedSections``); a
  /// root item that becomes a subitem is a deleted section plus inserted
  /// rows, and a subitem that becomes a root item deleted rows plus an
  /// inserted section. An item visible before only is deleted, after only
  /// inserted.
  ///
  /// - Parameters:
  ///   - source: The item's path before the move.
  ///   - destination: The item's path after the move.
  /// - Returns: The moved rows or section (or, when the item is visible on
  ///   one side only, its deleted or inserted rows). A move to where the
  ///   item already is returns no changes.
  /// - Throws: ``TreeIndexError`` for an empty path, a source index out of
  ///   range, a destination that does not exist once the item is removed, a
  ///   negative index beneath an item never expanded, or rows that would
  ///   pass ``maximumNumberOfRows`` (an item moved from beneath a collapsed
  ///   item to a visible place adds its rows); the index is then unchanged.
  /// - Complexity: O(*d* log *b*), whatever the size of the moved subtree.
  @discardableResult
  public mutating func moveItem(at source: TreePath, to destination: TreePath) throws -> TreeChanges {
    defer { _checkInvariants() }
    let resolvedSource = try TreeIndexError._naming(moveFrom: source, to: destination) {
      guard !destination.isEmpty else {
        throw TreeIndexError(operation: .move, treePath: destination, reason: .emptyPath)
      }
      return try _resolveParent(of: source, allowingEnd: false, for: .move)
    }
    if resolvedSource != nil && source == destination { return TreeChanges() }

    // A move among the subitems of one parent changes no row count above
    // the parent (nor the parent's place): outside a batch, its path is not
    // walked again and the summaries above it are refreshed once, after
    // the item is back.
    let withinParent =
      resolvedSource != nil && !_isRecording && source.depth == destination.depth
      && (0..<(source.depth - 1)).allSatisfy { source[$0] == destination[$0] }
    // A batch's recorder is held out until the destination is resolved,
    // and told of the removal then: a refused destination leaves it as it
    // was with no copy of it kept to restore (the copy made the recorder's
    // next change copy all it holds, so that a batch of m moves within one
    // parent took O(m²)).
    let isRecording = _isRecording
    var recorder: _BatchRecorder? = nil
    swap(&recorder, &_recorder)
    var markedAtSource: _NodeID? = nil
    var changedAtSource: [(parent: _NodeID, item: _NodeID)] = []
    var moved: _NodeID? = nil
    var sourceAnchor: _Anchor? = nil
    var rowsBeneath = 0
    var tag: Int? = nil
    if let (sourceParent, subitemRows) = resolvedSource {
      let index = source[source.depth - 1]
      let (child, rowOffset) = _arena.subitem(of: sourceParent, at: index)
      sourceAnchor = _anchor(
        of: source, flatRow: subitemRows?.flatRow(ofSubitemAt: rowOffset, depth: source.depth))
      if child == .null {
        _arena.removeUnknownSubitem(in: sourceParent, at: index)
      } else {
        rowsBeneath = _arena.visibleRowsBeneath(child)
        _arena.detach(child, from: sourceParent)
        moved = child
        markedAtSource = child
      }
      if !withinParent {
        // `_refresh(from:isMoveEnd:)`, its recording kept for the recorder.
        if isRecording {
          _arena.refresh(from: sourceParent) { changedAtSource.append(($0, $1)) }
        } else {
          _arena.refresh(from: sourceParent)
        }
      }
    }
    let resolvedDestination: (parent: _NodeID, subitemRows: _SubitemRows?)?
    do {
      resolvedDestination = try TreeIndexError._naming(moveFrom: source, to: destination) {
        if withinParent, let resolvedSource {
          try _checkLastIndex(of: destination, under: resolvedSource.parent, allowingEnd: true, for: .move)
          return resolvedSource
        }
        let resolved = try _resolveParent(of: destination, allowingEnd: true, for: .move)
        if let parent = resolved?.parent {
          let rows = 1 + (moved.map { _arena.visibleRowsBeneath($0) } ?? 0)
          try _checkRowGrowth(beneath: parent, by: rows, at: destination, for: .move)
        }
        return resolved
      }
    } catch {
      if let sourceParent = resolvedSource?.parent {
        var discarded = _TreeChangesBuilder()
        _insertItem(moved, at: source, under: sourceParent, into: &discarded)
      }
      swap(&recorder, &_recorder)
      throw error
    }
    swap(&recorder, &_recorder)
    if let sourceParent = resolvedSource?.parent, isRecording {
      if let markedAtSource { _recorder!.markSubitem(markedAtSource, of: sourceParent) }
      tag = _recorder!.recordMoveRemoval(in: sourceParent, at: source[source.depth - 1])
      if !withinParent {
        _recorder!.markChanged(changedAtSource)
        _recorder!.movesBeneath.formUnion(changedAtSource.map(\.item))
      }
    }
    var destinationAnchor: _Anchor? = nil
    if let (destinationParent, subitemRows) = resolvedDestination {
      let index = destination[destination.depth - 1]
      let rowOffset: Int
      if let moved {
        rowOffset = _arena.attach(moved, to: destinationParent, at: index, isNewSubitem: true)
        _recorder?.markSubitem(moved, of: destinationParent)
      } else {
        _arena.insertUnknownSubitem(in: destinationParent, at: index)
        rowOffset = _arena.subitem(of: destinationParent, at: index).rowOffset
      }
      _recorder?.recordMoveInsertion(in: destinationParent, at: index, tag: tag)
      _refresh(from: destinationParent, isMoveEnd: true)
      destinationAnchor = _anchor(
        of: destination, flatRow: subitemRows?.flatRow(ofSubitemAt: rowOffset, depth: destination.depth))
    } else if let moved {
      _arena.freeItem(moved)
    }
    if let from = sourceAnchor, let to = destinationAnchor, !from.isSection, !to.isSection {
      // The common case, one move of rows, built directly.
      let count = 1 + rowsBeneath
      return TreeChanges(
        deletedSectionRanges: [], insertedSectionRanges: [], deletedRowRanges: [], insertedRowRanges: [],
        movedRowRanges: [
          .init(
            from: .init(section: from.section, rows: from.row..<(from.row + count)),
            to: .init(section: to.section, rows: to.row..<(to.row + count)))
        ],
        movedSections: [])
    }
    var changes = _TreeChangesBuilder()
    switch (sourceAnchor, destinationAnchor) {
    case (nil, nil):
      break
    case (let from?, nil):
      changes.deleteItem(at: from, rowsBeneath: rowsBeneath)
    case (nil, let to?):
      changes.insertItem(at: to, rowsBeneath: rowsBeneath)
    case (let from?, let to?):
      if from.isSection && to.isSection {
        changes.moveSection(from: from.section, to: to.section)
      } else if from.isSection || to.isSection {
        changes.deleteItem(at: from, rowsBeneath: rowsBeneath)
        changes.insertItem(at: to, rowsBeneath: rowsBeneath)
      } else {
        let count = 1 + rowsBeneath
        changes.moveRows(
          from: .init(section: from.section, rows: from.row..<(from.row + count)),
          to: .init(section: to.section, rows: to.row..<(to.row + count)))
      }
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
    _refresh(from: parent)
    if let anchor = _anchor(of: treePath) {
      changes.insertItem(at: anchor, rowsBeneath: _arena.visibleRowsBeneath(item))
    }
  }
}
