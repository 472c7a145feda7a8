/// What a ``TreeIndex/performBatchUpdates(_:)`` call records while its edits
/// run, so that one change set from before to after can be worked out
/// without losing track of which rows are the same items.
///
/// Hiding rows and showing them again (collapse, then expand) keeps the
/// items; deleting and inserting does not. So the recorder does not compose
/// row changes. It keeps, per item, how its subitem positions changed
/// (``_IndexChanges``), and which items had anything change at or beneath
/// them, grouped by parent; the final diff walks only those, so its cost
/// follows the edits, not the size of the index.
struct _BatchRecorder: Sendable {
  /// Tells this batch's recorder from any other.
  var token: UInt64
  /// Items that changed, or have a change beneath them (the root always).
  var changed: Set<_NodeID> = [_Arena.root]
  /// The changed items of each item, by parent: the known subitems whose
  /// rows may differ, before or after.
  var changedChildren: [_NodeID: Set<_NodeID>] = [:]
  /// How each item's subitem positions changed.
  var subitemChanges: [_NodeID: _IndexChanges] = [:]
  /// Items that had the end of a move (a subitem moved out or in) at or
  /// beneath them; the root is not listed.
  var movesBeneath: Set<_NodeID> = []
  /// The tag the next move of a subitem that was there when the batch began
  /// gets.
  var nextMoveTag = 0
  /// The recorder of the enclosing batch, as it was when this one began
  /// (none for an outermost batch): held here, by the recorder that
  /// replaces it, so that it has one owner and is edited in place when
  /// this batch is folded into it.
  var enclosing: [_BatchRecorder] = []

  init(token: UInt64) {
    self.token = token
  }

  mutating func markChanged(_ items: [(parent: _NodeID, item: _NodeID)]) {
    for (parent, item) in items {
      changed.insert(item)
      changedChildren[parent, default: []].insert(item)
    }
  }

  /// Lists the known item `item` among the changed subitems of `parent`,
  /// where it comes or goes in a move, so that the diff visits it there.
  mutating func markSubitem(_ item: _NodeID, of parent: _NodeID) {
    changedChildren[parent, default: []].insert(item)
  }

  mutating func recordInsertion(in parent: _NodeID, at index: Int) {
    subitemChanges[parent, default: _IndexChanges()].insert(1, at: index)
  }

  mutating func recordDeletion(in parent: _NodeID, at index: Int) {
    subitemChanges[parent, default: _IndexChanges()].delete(index..<(index + 1))
  }

  /// Records the removal of subitem `index` of `parent` for a move.
  ///
  /// - Returns: The move's tag, to hand to
  ///   ``recordMoveInsertion(in:at:tag:)``; `nil` when the subitem was
  ///   inserted during the batch, so that its move is a plain insertion.
  mutating func recordMoveRemoval(in parent: _NodeID, at index: Int) -> Int? {
    let tag = subitemChanges[parent, default: _IndexChanges()].removeForMove(at: index, newTag: nextMoveTag)
    if tag == nextMoveTag { nextMoveTag += 1 }
    return tag
  }

  /// Records the insertion of a moved subitem at `index` of `parent`.
  mutating func recordMoveInsertion(in parent: _NodeID, at index: Int, tag: Int?) {
    subitemChanges[parent, default: _IndexChanges()].insertMoved(at: index, tag: tag)
  }

  /// Records that an item's subitems were replaced by `newCount` new ones.
  mutating func recordReplacement(in parent: _NodeID, oldCount: Int, newCount: Int) {
    subitemChanges[parent, default: _IndexChanges()].delete(0..<oldCount)
    subitemChanges[parent, default: _IndexChanges()].insert(newCount, at: 0)
  }

  /// Folds in what a nested batch recorded after this one's edits so far.
  mutating func append(_ nested: _BatchRecorder) {
    changed.formUnion(nested.changed)
    for (parent, items) in nested.changedChildren {
      changedChildren[parent, default: []].formUnion(items)
    }
    movesBeneath.formUnion(nested.movesBeneath)
    // Every item's deletions first, so that each move's source has its tag
    // here before any item takes in its destination.
    var tags: [Int: Int] = [:]
    for (parent, changes) in nested.subitemChanges {
      subitemChanges[parent, default: _IndexChanges()].appendDeletions(of: changes, tags: &tags, nextTag: &nextMoveTag)
    }
    for (parent, changes) in nested.subitemChanges {
      subitemChanges[parent, default: _IndexChanges()].appendInsertions(of: changes, tags: tags)
    }
  }
}
