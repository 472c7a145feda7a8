/// Moving dragged items to a drop target.
extension TreeIndex {
  /// The destination to pass to ``moveItem(at:to:)`` to move the item at
  /// `source` to `target`.
  ///
  /// A target names a place in the tree as it is now; a move's destination
  /// is read with the item already removed. The two differ when the item
  /// leaves a place before the target among the same subitems, or among the
  /// subitems of one of the target's ancestors.
  ///
  ///     var index = TreeIndex(numberOfRootItems: 4)
  ///     let target = TreeDropTarget(parent: nil, index: 3)         // before [3]
  ///     let destination = index.moveDestination(for: target, movingItemAt: [0])!   // the path [2]
  ///     try index.moveItem(at: [0], to: destination)
  ///
  /// - Parameters:
  ///   - target: Where the item is dropped, in the tree as it is now.
  ///   - source: The path of the item that moves.
  /// - Returns: The destination, or `nil` when the move is refused: the
  ///   target is inside the moved item's subtree (a drop on the item itself
  ///   or on one of its descendants, or a gap among them), `source` names no
  ///   item, or the target names no place (its parent is no item with known
  ///   subitems, or its index is out of `0 ... numberOfSubitems`). A drop
  ///   just before or just after the item itself is no refusal: its
  ///   destination is `source`, a move that changes nothing.
  /// - Complexity: O(*d* log *b*).
  public func moveDestination(for target: TreeDropTarget, movingItemAt source: TreePath) -> TreePath? {
    guard _isItem(source), _isPlace(target) else { return nil }
    return Self._destination(of: target.insertionPath, movingItemAt: source)
  }

  /// The moves that take the items at `sources` to `target`, one after the
  /// other, in the order given: each pair is a source and a destination for
  /// ``moveItem(at:to:)``, both read when that move comes, after the moves
  /// before it. Applied in order (in one ``performBatchUpdates(_:)`` for one
  /// animation), they leave the items side by side at the target, in the
  /// order of `sources`.
  ///
  /// An item beneath another of the sources moves with it and gets no move
  /// of its own; a path given twice moves once.
  ///
  /// - Parameters:
  ///   - target: Where the items are dropped, in the tree as it is now.
  ///   - sources: The paths of the items that move, in the order they are to
  ///     have at the target.
  /// - Returns: The moves, or `nil` when the move is refused: the target is
  ///   inside the subtree of one of the items, a source names no item, or
  ///   the target names no place (as for ``moveDestination(for:movingItemAt:)``).
  /// - Complexity: O(*m* *d* log *b* + *m*² *d*) for *m* sources.
  public func moveDestinations(
    for target: TreeDropTarget, movingItemsAt sources: [TreePath]
  ) -> [(source: TreePath, destination: TreePath)]? {
    guard _isPlace(target) else { return nil }
    var remaining: [TreePath] = []
    for source in sources {
      guard _isItem(source) else { return nil }
      if !sources.contains(where: { $0.isAncestor(of: source) }) && !remaining.contains(source) {
        remaining.append(source)
      }
    }
    var insertion = target.insertionPath
    var moves: [(source: TreePath, destination: TreePath)] = []
    moves.reserveCapacity(remaining.count)
    for k in remaining.indices {
      let source = remaining[k]
      guard let destination = Self._destination(of: insertion, movingItemAt: source) else { return nil }
      moves.append((source, destination))
      for j in (k + 1)..<remaining.count {
        remaining[j] = Self._path(remaining[j], afterMoving: source, to: destination)
      }
      insertion = destination.replacingLast(with: destination[destination.depth - 1] + 1)
    }
    return moves
  }

  /// Whether `treePath` names an item.
  ///
  /// - Complexity: O(*d* log *b*).
  func _isItem(_ treePath: TreePath) -> Bool {
    guard let last = treePath.last, let count = numberOfSubitems(of: treePath.parent) else { return false }
    return last >= 0 && last < count
  }

  /// Whether `target` names a place: its parent has known subitems and its
  /// index is in `0 ... numberOfSubitems`.
  ///
  /// - Complexity: O(*d* log *b*).
  func _isPlace(_ target: TreeDropTarget) -> Bool {
    if target.parent?.isEmpty == true { return false }
    guard let count = numberOfSubitems(of: target.parent) else { return false }
    return target.index >= 0 && target.index <= count
  }

  /// The insertion path `insertion`, read in the tree without the item at
  /// `source`; `nil` when it lies beneath that item.
  ///
  /// - Complexity: O(*d*).
  static func _destination(of insertion: TreePath, movingItemAt source: TreePath) -> TreePath? {
    let level = source.depth - 1
    guard insertion.depth > level, insertion.prefix(level).elementsEqual(source.prefix(level)) else {
      return insertion
    }
    if insertion.depth > source.depth && insertion[level] == source[level] { return nil }
    guard insertion[level] > source[level] else { return insertion }
    var indices = Array(insertion)
    indices[level] -= 1
    return TreePath(indices)
  }

  /// The path of the item at `treePath` (not beneath `source`) after the
  /// item at `source` moved to `destination`.
  ///
  /// - Complexity: O(*d*).
  static func _path(_ treePath: TreePath, afterMoving source: TreePath, to destination: TreePath) -> TreePath {
    var indices = Array(treePath)
    var level = source.depth - 1
    if indices.count > level && indices.prefix(level).elementsEqual(source.prefix(level))
      && indices[level] > source[level]
    {
      indices[level] -= 1
    }
    level = destination.depth - 1
    if indices.count > level && indices.prefix(level).elementsEqual(destination.prefix(level))
      && indices[level] >= destination[level]
    {
      indices[level] += 1
    }
    return TreePath(indices)
  }
}
