import _SummaryTree

/// Works out the change set between two snapshots by identity (see
/// ``TreeSnapshot/changes(from:layout:)``).
///
/// Three passes: the visible items of each side with their table
/// positions; for each item whose children are visible in the new
/// snapshot, which children moved (parent changed, or out of the longest
/// increasing run of old positions); then the rows, in new order, then in
/// old order.
@usableFromInline
struct _SnapshotDiff<ItemID: Hashable & Sendable> {
  @usableFromInline
  let old: TreeSnapshot<ItemID>
  @usableFromInline
  let new: TreeSnapshot<ItemID>
  @usableFromInline
  let isSectioned: Bool

  @usableFromInline
  typealias Position = _TablePosition

  /// Positions by node, on each side.
  @usableFromInline
  var oldPositions: ContiguousArray<Position>
  @usableFromInline
  var newPositions: ContiguousArray<Position>
  /// The index of each visible node among its parent's children, on the
  /// old side (read off the walk, instead of a descent per child).
  @usableFromInline
  var oldIndices: ContiguousArray<Int>
  /// The old node of each visible new node's item (`.null` when the old
  /// snapshot does not hold it), and the new node of each old node whose
  /// item is visible on the new side (`unmatched` otherwise): each
  /// identifier is hashed once.
  @usableFromInline
  var newToOld: ContiguousArray<_NodeID>
  @usableFromInline
  var oldToNew: ContiguousArray<_NodeID>
  /// Buffers of `findMoves`, one set for every parent.
  @usableFromInline
  var kept: [Bool] = []
  @usableFromInline
  var lengths: [Int] = []
  @usableFromInline
  var tails: [Int] = []
  /// The visible nodes of the new side, in row order (sections included).
  @usableFromInline
  var newVisible: [_NodeID] = []
  /// The visible nodes of the old side, in row order (sections included).
  @usableFromInline
  var oldVisible: [_NodeID] = []
  /// New nodes that moved relative to their parent (not set for a
  /// `.sectioned` root item: that is a section move).
  @usableFromInline
  var moved: ContiguousArray<Bool>
  /// `.sectioned`: the sections deleted (old indices) and inserted (new).
  @usableFromInline
  var deletedSections: Set<Int> = []
  @usableFromInline
  var insertedSections: Set<Int> = []
  @usableFromInline
  var changes = _TreeChangesBuilder()
  @usableFromInline
  var reloads: [TreeChanges.RowRange] = []

  @inlinable
  init(old: TreeSnapshot<ItemID>, new: TreeSnapshot<ItemID>, isSectioned: Bool) {
    self.old = old
    self.new = new
    self.isSectioned = isSectioned
    oldPositions = ContiguousArray(repeating: .hidden, count: old._index._arena.forest.capacity)
    newPositions = ContiguousArray(repeating: .hidden, count: new._index._arena.forest.capacity)
    moved = ContiguousArray(repeating: false, count: new._index._arena.forest.capacity)
    oldIndices = ContiguousArray(repeating: -1, count: old._index._arena.forest.capacity)
    newToOld = ContiguousArray(repeating: .null, count: new._index._arena.forest.capacity)
    oldToNew = ContiguousArray(repeating: Self.unmatched, count: old._index._arena.forest.capacity)
  }

  @inlinable
  mutating func run() -> TreeChanges {
    oldVisible = Self.place(old, into: &oldPositions, indices: &oldIndices, isSectioned: isSectioned)
    var newIndices = ContiguousArray<Int>()
    newVisible = Self.place(new, into: &newPositions, indices: &newIndices, isSectioned: isSectioned)
    for node in newVisible {
      if let oldNode = old._node(of: new._item(node)) {
        newToOld[Int(node)] = oldNode
        oldToNew[Int(oldNode)] = node
      }
    }
    findMoves()
    emitNewSide()
    emitOldSide()
    var result = changes.build()
    result.reloadedRowRanges = _TreeChangesBuilder.normalized(reloads)
    return result
  }

  /// Records the position of every visible item of `snapshot`, and its
  /// index among its parent's children when `indices` is not empty;
  /// returns them in row order.
  @inlinable
  static func place(
    _ snapshot: TreeSnapshot<ItemID>, into positions: inout ContiguousArray<Position>,
    indices: inout ContiguousArray<Int>, isSectioned: Bool
  ) -> [_NodeID] {
    // The `.flat` index of a snapshot has one row per visible item.
    let count = snapshot._index.numberOfRows
    var row = 0
    var section = -1
    // The index of the last node visited at each level down to the
    // current one: a walk visits the children of a parent in order.
    var siblingIndex: [Int] = []
    let recordsIndices = !indices.isEmpty
    // One pass writing straight into the buffers (no uniqueness check per
    // write): it is the only pass over every visible item of each side.
    return positions.withUnsafeMutableBufferPointer { positions in
      indices.withUnsafeMutableBufferPointer { indices in
        [_NodeID](unsafeUninitializedCapacity: count) { visible, initialized in
          snapshot._forEachNodeDepthFirst(visibleOnly: true) { node, level in
            precondition(initialized < count, "more visible items than rows")
            visible.initializeElement(at: initialized, to: node)
            initialized += 1
            if recordsIndices {
              if level == siblingIndex.count {
                siblingIndex.append(0)
              } else {
                siblingIndex.removeLast(siblingIndex.count - level - 1)
                siblingIndex[level] += 1
              }
              indices[Int(node)] = siblingIndex[level]
            }
            if !isSectioned {
              positions[Int(node)] = Position(section: 0, row: row)
              row += 1
            } else if level == 0 {
              section += 1
              row = 0
              positions[Int(node)] = Position(section: section, row: Position.sectionRow)
            } else {
              positions[Int(node)] = Position(section: section, row: row)
              row += 1
            }
          }
        }
      }
    }
  }

  /// An old node whose item is not visible on the new side.
  @inlinable
  static var unmatched: _NodeID { -2 }

  /// The old node of a visible new node's item, if the old snapshot holds
  /// it.
  @inline(__always)
  @inlinable
  func oldNode(of node: _NodeID) -> _NodeID? {
    if node == _Arena.root { return _Arena.root }
    let oldNode = newToOld[Int(node)]
    return oldNode == .null ? nil : oldNode
  }

  /// The new node of an old node's item, if the new snapshot holds it.
  ///
  /// - Complexity: O(1); a hash of the identifier when the item is not
  ///   visible on the new side.
  @inline(__always)
  @inlinable
  func newNode(of node: _NodeID) -> _NodeID? {
    let newNode = oldToNew[Int(node)]
    return newNode != Self.unmatched ? newNode : new._node(of: old._item(node))
  }

  /// The index of the old node `node` among the children of `parent`.
  ///
  /// - Complexity: O(1) when it is visible, O(log *b*) otherwise.
  @inlinable
  func oldIndex(of node: _NodeID, in parent: _NodeID) -> Int {
    let index = oldIndices[Int(node)]
    return index >= 0 ? index : old._index(ofChild: node, in: parent)
  }

  /// Marks the children that moved, for the root and each visible expanded
  /// item of the new side; in `.sectioned`, sorts out the sections.
  @inlinable
  mutating func findMoves() {
    let forest = new._index._arena.forest
    let oldForest = old._index._arena.forest
    var stayers: [_NodeID] = []
    var keys: [Int] = []
    // The root, then each visible expanded item, in row order.
    var next = 0
    var parent = _Arena.root
    while true {
      let oldParent = oldNode(of: parent)
      let tree = forest[parent].children
      // First the children whose parent changed, and whether the others
      // keep their old order (the common case: then all of them stay).
      var isIncreasing = true
      var lastKey = -1
      var child = new._firstNode(inTreeAt: tree)
      while child != .null {
        if let oldChild = oldNode(of: child) {
          if let oldParent, oldForest[oldChild].owner == oldParent {
            let key = oldIndex(of: oldChild, in: oldParent)
            if key < lastKey { isIncreasing = false }
            lastKey = key
          } else {
            moved[Int(child)] = true  // its parent changed
          }
        }  // else new: inserted
        child = forest.next(after: child, inTreeAt: tree)
      }
      if !isIncreasing {
        // Out of order: the ones out of the first longest increasing run
        // of old positions moved.
        stayers.removeAll(keepingCapacity: true)
        keys.removeAll(keepingCapacity: true)
        child = new._firstNode(inTreeAt: tree)
        while child != .null {
          if let oldChild = oldNode(of: child), let oldParent, oldForest[oldChild].owner == oldParent {
            stayers.append(child)
            keys.append(oldIndex(of: oldChild, in: oldParent))
          }
          child = forest.next(after: child, inTreeAt: tree)
        }
        _LongestIncreasingRun.first(keys, into: &kept, lengths: &lengths, tails: &tails)
        for (i, child) in stayers.enumerated() where !kept[i] { moved[Int(child)] = true }
      }
      while next < newVisible.count && !forest[newVisible[next]].isExpanded { next += 1 }
      guard next < newVisible.count else { break }
      parent = newVisible[next]
      next += 1
    }
    guard isSectioned else { return }
    // Root items are sections: moved ones are section moves, others are
    // inserted or deleted sections.
    for node in newVisible where new._index._arena.owner(node) == _Arena.root {
      let section = newPositions[Int(node)].section
      if let oldChild = oldNode(of: node), old._index._arena.owner(oldChild) == _Arena.root {
        if moved[Int(node)] { changes.moveSection(from: oldPositions[Int(oldChild)].section, to: section) }
        moved[Int(node)] = false
      } else {
        insertedSections.insert(section)
        changes.insertSection(section)
      }
    }
    for node in oldVisible where old._index._arena.owner(node) == _Arena.root {
      let newNode = newNode(of: node)
      if newNode == nil || new._index._arena.owner(newNode!) != _Arena.root {
        let section = oldPositions[Int(node)].section
        deletedSections.insert(section)
        changes.deleteSection(section)
      }
    }
  }

  /// Moves, insertions and reloads, walking the new rows in order.
  @inlinable
  mutating func emitNewSide() {
    let movedSources = Set(changes.movedSections.map(\.from))
    // Whether each new node's row moves: it moved, or an ancestor did.
    var inMovedSubtree = ContiguousArray<Bool>(repeating: false, count: moved.count)
    var run: (from: TreeChanges.RowRange, to: TreeChanges.RowRange)? = nil
    for node in newVisible {
      let parent = new._index._arena.owner(node)
      let isMoving = moved[Int(node)] || (parent != _Arena.root && inMovedSubtree[Int(parent)])
      inMovedSubtree[Int(node)] = isMoving
      let position = newPositions[Int(node)]
      guard !position.isSection, !insertedSections.contains(position.section) else { continue }
      guard let oldNode = oldNode(of: node), case let was = oldPositions[Int(oldNode)], was.isVisible,
        !was.isSection, !deletedSections.contains(was.section)
      else {
        changes.insertRows(position.row..<(position.row + 1), inSection: position.section)
        continue
      }
      let isReloaded = !new._reloaded.isEmpty && new._reloaded.contains(new._item(node))
      let fate = _KeptRowFate(
        isReloaded: isReloaded, isMoving: isMoving, isInMovedSection: isReloaded && movedSources.contains(was.section))
      switch fate {
      case .unchanged: continue
      case .reloaded:
        reloads.append(.init(section: was.section, rows: was.row..<(was.row + 1)))
        continue
      case .deletedAndInserted:
        changes.deleteAndInsertRow(was.row, inSection: was.section, asRow: position.row, inSection: position.section)
        continue
      case .moved: break
      }
      // Extend the current run of moved rows, or start another.
      if let current = run, current.from.section == was.section, current.to.section == position.section,
        current.from.rows.upperBound == was.row, current.to.rows.upperBound == position.row
      {
        run!.from.rows = current.from.rows.lowerBound..<(was.row + 1)
        run!.to.rows = current.to.rows.lowerBound..<(position.row + 1)
      } else {
        if let current = run { changes.moveRows(from: current.from, to: current.to) }
        run = (
          .init(section: was.section, rows: was.row..<(was.row + 1)),
          .init(section: position.section, rows: position.row..<(position.row + 1))
        )
      }
    }
    if let current = run { changes.moveRows(from: current.from, to: current.to) }
  }

  /// Deletions, walking the old rows in order.
  @inlinable
  mutating func emitOldSide() {
    for node in oldVisible {
      let was = oldPositions[Int(node)]
      guard !was.isSection, !deletedSections.contains(was.section) else { continue }
      if let newNode = newNode(of: node), case let position = newPositions[Int(newNode)],
        position.isVisible, !position.isSection, !insertedSections.contains(position.section)
      {
        continue  // a row that stays or moves
      }
      changes.deleteRows(was.row..<(was.row + 1), inSection: was.section)
    }
  }
}

/// Where a visible item is drawn: its section and its row in the section;
/// or, for a root item of `.sectioned`, which is a section, the section
/// alone.
@usableFromInline
struct _TablePosition {
  @usableFromInline
  var section: Int
  @usableFromInline
  var row: Int

  @inlinable
  init(section: Int, row: Int) {
    self.section = section
    self.row = row
  }
  /// The position of a hidden item.
  @inlinable
  static var hidden: _TablePosition { _TablePosition(section: -1, row: -2) }
  /// The row of a position that is a section.
  @inlinable
  static var sectionRow: Int { -1 }
  @inlinable
  var isVisible: Bool { row != -2 }
  @inlinable
  var isSection: Bool { row == Self.sectionRow }
}
