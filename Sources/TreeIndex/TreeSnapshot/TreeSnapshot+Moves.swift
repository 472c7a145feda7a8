import _SummaryTree

/// Moving items with their subtrees.
extension TreeSnapshot {
  /// Moves `item`, with its descendants and their expansion, right before
  /// `other`, among the siblings of `other`.
  ///
  /// Moving an item before itself leaves the snapshot unchanged.
  ///
  /// - Parameters:
  ///   - item: The item to move.
  ///   - other: The item it comes before.
  /// - Throws: ``TreeSnapshotError`` with the reason
  ///   ``TreeSnapshotError/Reason/unknownItem`` when the snapshot does not
  ///   hold `item` or `other`, or
  ///   ``TreeSnapshotError/Reason/moveIntoOwnSubtree`` when `other` is a
  ///   descendant of `item`; the snapshot is then unchanged.
  /// - Complexity: O(*d* log *b*), whatever the size of the subtree.
  @inlinable
  public mutating func move(_ item: ItemID, before other: ItemID) throws {
    try _move(item, nextTo: other, after: false)
  }

  /// Moves `item`, with its descendants and their expansion, right after
  /// `other`, among the siblings of `other`.
  ///
  /// Moving an item after itself leaves the snapshot unchanged.
  ///
  /// - Parameters:
  ///   - item: The item to move.
  ///   - other: The item it comes after.
  /// - Throws: ``TreeSnapshotError`` with the reason
  ///   ``TreeSnapshotError/Reason/unknownItem`` when the snapshot does not
  ///   hold `item` or `other`, or
  ///   ``TreeSnapshotError/Reason/moveIntoOwnSubtree`` when `other` is a
  ///   descendant of `item`; the snapshot is then unchanged.
  /// - Complexity: O(*d* log *b*), whatever the size of the subtree.
  @inlinable
  public mutating func move(_ item: ItemID, after other: ItemID) throws {
    try _move(item, nextTo: other, after: true)
  }

  /// Moves `item`, with its descendants and their expansion, to `index`
  /// among the children of `parent` (the root items when `parent` is `nil`),
  /// counted once `item` is removed.
  ///
  /// - Parameters:
  ///   - item: The item to move.
  ///   - parent: Its new parent, or `nil` for the root.
  ///   - index: Its index among the new parent's children once it is
  ///     removed from where it is: `0...count`.
  /// - Throws: ``TreeSnapshotError`` with the reason
  ///   ``TreeSnapshotError/Reason/unknownItem`` when the snapshot does not
  ///   hold `item` or `parent`,
  ///   ``TreeSnapshotError/Reason/moveIntoOwnSubtree`` when `parent` is
  ///   `item` or one of its descendants, or
  ///   ``TreeSnapshotError/Reason/indexOutOfRange(index:count:)``; the
  ///   snapshot is then unchanged.
  /// - Complexity: O(*d* log *b*), whatever the size of the subtree.
  @inlinable
  public mutating func move(_ item: ItemID, to parent: ItemID?, at index: Int) throws {
    guard let node = _node(of: item) else { throw TreeSnapshotError(.move, item, .unknownItem) }
    guard let parentNode = _parentNode(parent) else { throw TreeSnapshotError(.move, parent!, .unknownItem) }
    if _isNode(parentNode, atOrBeneath: node) { throw TreeSnapshotError(.move, item, .moveIntoOwnSubtree) }
    let count = _index._arena.count(parentNode) - (_index._arena.owner(node) == parentNode ? 1 : 0)
    guard index >= 0, index <= count else {
      throw TreeSnapshotError(.move, item, .indexOutOfRange(index: index, count: count))
    }
    _detach(node)
    _index._arena.attach(node, to: parentNode, at: index, isNewSubitem: true)
    _index._arena.refresh(from: parentNode)
    _index._checkInvariants()
    _record(.moveTo(item, parent: parent, index: index))
  }
}

extension TreeSnapshot {
  /// Moves `item` next to `other`, before or after it.
  @inlinable
  mutating func _move(_ item: ItemID, nextTo other: ItemID, after: Bool) throws(TreeSnapshotError) {
    guard let node = _node(of: item) else { throw TreeSnapshotError(.move, item, .unknownItem) }
    guard let reference = _node(of: other) else { throw TreeSnapshotError(.move, other, .unknownItem) }
    if node == reference { return }
    if _isNode(reference, atOrBeneath: node) { throw TreeSnapshotError(.move, item, .moveIntoOwnSubtree) }
    let parent = _index._arena.owner(reference)
    _detach(node)
    let index = _index(ofChild: reference, in: parent) + (after ? 1 : 0)
    _index._arena.attach(node, to: parent, at: index, isNewSubitem: true)
    _index._arena.refresh(from: parent)
    _index._checkInvariants()
    _record(.move(item, nextTo: other, after: after))
  }

  /// Unlinks the item at `node` from its parent, keeping its subtree, and
  /// brings the rows above the parent up to date.
  @inlinable
  mutating func _detach(_ node: _NodeID) {
    let parent = _index._arena.owner(node)
    _index._arena.detach(node, from: parent)
    _index._arena.refresh(from: parent)
  }
}
