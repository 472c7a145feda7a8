/// Turning tree paths into nodes: the descents that every query and
/// mutation starts with, and the validation that gives bad input its error.
extension TreeIndex {
  /// The outcome of walking a path down to its parent.
  enum _ParentWalk {
    /// Every ancestor is known; `parent` is the node of the item's parent
    /// (the virtual root for a root item), and `subitemRows` where its
    /// subitems' rows start (`nil` when they are hidden).
    case reached(parent: _NodeID, subitemRows: _SubitemRows?)
    /// The ancestor of this depth was never expanded: nothing beneath it is
    /// known.
    case unknownAncestor(depth: Int)
  }

  /// Walks `treePath` down to its parent, checking each index above the last
  /// against the known number of subitems, and in the same descent finds
  /// where the parent's subitems are drawn.
  ///
  /// - Throws: `.emptyPath`, `.indexOutOfRange` at a known level, or
  ///   `.negativeIndex` beneath an ancestor never expanded.
  /// - Complexity: O(*d* log *b*).
  func _walkToParent(of treePath: TreePath, for operation: TreeIndexError.Operation) throws(TreeIndexError)
    -> _ParentWalk
  {
    guard !treePath.isEmpty else {
      throw TreeIndexError(operation: operation, treePath: treePath, reason: .emptyPath)
    }
    var x = _Arena.root
    var subitemRows: _SubitemRows? = _SubitemRows(first: 0, rootRow: 0)
    for level in 0..<(treePath.depth - 1) {
      let index = treePath[level]
      let count = _arena.count(x)
      guard index >= 0, index < count else {
        throw TreeIndexError(
          operation: operation, treePath: treePath,
          reason: .indexOutOfRange(level: level, numberOfSubitems: count))
      }
      let (child, rowOffset) = _arena.subitem(of: x, at: index)
      if let rows = subitemRows, child != .null {
        let row = rows.first &+ rowOffset
        subitemRows =
          _arena.isExpanded(child) ? _SubitemRows(first: row &+ 1, rootRow: level == 0 ? row : rows.rootRow) : nil
      }
      guard child != .null else {
        // Nothing is known beneath, but a negative index names no item.
        if let negative = treePath.indices.dropFirst(level + 1).first(where: { treePath[$0] < 0 }) {
          throw TreeIndexError(operation: operation, treePath: treePath, reason: .negativeIndex(level: negative))
        }
        return .unknownAncestor(depth: level + 1)
      }
      x = child
    }
    return .reached(parent: x, subitemRows: subitemRows)
  }

  /// Checks that the last index of `treePath` fits under `parent`: below its
  /// count, or up to its count when `allowingEnd` (an insertion position).
  func _checkLastIndex(
    of treePath: TreePath, under parent: _NodeID, allowingEnd: Bool, for operation: TreeIndexError.Operation
  ) throws(TreeIndexError) {
    let index = treePath[treePath.depth - 1]
    let count = _arena.count(parent)
    guard index >= 0, allowingEnd ? index <= count : index < count else {
      throw TreeIndexError(
        operation: operation, treePath: treePath,
        reason: .indexOutOfRange(level: treePath.depth - 1, numberOfSubitems: count))
    }
  }

  /// Resolves a path that must name an item: every ancestor known and every
  /// index in range.
  ///
  /// - Returns: The item's node (`.null` when the item was never expanded)
  ///   and its parent's node.
  /// - Throws: `.emptyPath`, `.indexOutOfRange` or `.unknownAncestor`.
  /// - Complexity: O(*d* log *b*).
  func _resolveItem(_ treePath: TreePath, for operation: TreeIndexError.Operation) throws(TreeIndexError)
    -> (node: _NodeID, parent: _NodeID)
  {
    switch try _walkToParent(of: treePath, for: operation) {
    case .unknownAncestor(let depth):
      throw TreeIndexError(
        operation: operation, treePath: treePath,
        reason: .unknownAncestor(TreePath(treePath.prefix(depth))))
    case .reached(let parent, _):
      try _checkLastIndex(of: treePath, under: parent, allowingEnd: false, for: operation)
      return (_arena.subitem(of: parent, at: treePath[treePath.depth - 1]).node, parent)
    }
  }

  /// Resolves a path that must name an item, as ``_resolveItem(_:for:)``
  /// does, and in the same descent finds where the item is drawn.
  ///
  /// - Returns: The item's node (`.null` when it was never expanded), its
  ///   parent's node, and its `.flat` row and its root item's row (`nil`
  ///   when it is hidden).
  /// - Throws: `.emptyPath`, `.indexOutOfRange` or `.unknownAncestor`.
  /// - Complexity: O(*d* log *b*).
  func _locateItem(_ treePath: TreePath, for operation: TreeIndexError.Operation) throws(TreeIndexError)
    -> (node: _NodeID, parent: _NodeID, flatRow: (row: Int, rootRow: Int)?)
  {
    guard !treePath.isEmpty else {
      throw TreeIndexError(operation: operation, treePath: treePath, reason: .emptyPath)
    }
    var x = _Arena.root
    var item = _arena.item(x)
    var count = _arena.count(x)
    var row = 0
    var rootRow = 0
    var isVisible = true
    let last = treePath.depth - 1
    for level in 0...last {
      let index = treePath[level]
      guard index >= 0, index < count else {
        throw TreeIndexError(
          operation: operation, treePath: treePath,
          reason: .indexOutOfRange(level: level, numberOfSubitems: count))
      }
      let (child, offset) = _arena.subitem(of: x, at: index)
      row &+= offset
      if level == 0 { rootRow = row }
      if level == last { return (child, x, isVisible ? (row, rootRow) : nil) }
      guard child != .null else {
        throw TreeIndexError(
          operation: operation, treePath: treePath, reason: .unknownAncestor(TreePath(treePath.prefix(level + 1))))
      }
      item = _arena.item(child)
      count = item.isWide ? _arena.count(child) : Int(item._count)
      isVisible = isVisible && item.isExpanded
      row &+= 1
      x = child
    }
    preconditionFailure("unreachable: the loop returns at the last level")
  }

  /// Resolves a path whose item is to be removed: `nil` when an ancestor
  /// was never expanded (nothing to remove), otherwise the parent's node.
  ///
  /// - Throws: `.emptyPath` or `.indexOutOfRange`.
  func _resolveForRemoval(_ treePath: TreePath, for operation: TreeIndexError.Operation) throws(TreeIndexError)
    -> _NodeID?
  {
    try _resolveParent(of: treePath, allowingEnd: false, for: operation)?.parent
  }

  /// Resolves the parent of a path whose last index must fit under it
  /// (below its count, or up to its count when `allowingEnd`): `nil` when
  /// an ancestor was never expanded, otherwise the parent's node and where
  /// its subitems' rows start (`nil` when they are hidden).
  ///
  /// - Throws: `.emptyPath` or `.indexOutOfRange`.
  /// - Complexity: O(*d* log *b*).
  func _resolveParent(of treePath: TreePath, allowingEnd: Bool, for operation: TreeIndexError.Operation)
    throws(TreeIndexError) -> (parent: _NodeID, subitemRows: _SubitemRows?)?
  {
    guard case .reached(let parent, let subitemRows) = try _walkToParent(of: treePath, for: operation) else {
      return nil
    }
    try _checkLastIndex(of: treePath, under: parent, allowingEnd: allowingEnd, for: operation)
    return (parent, subitemRows)
  }

  /// Resolves a path where an item is to be inserted: `nil` when an
  /// ancestor was never expanded (nothing to insert into), otherwise the
  /// parent's node.
  ///
  /// - Throws: `.emptyPath` or `.indexOutOfRange`.
  func _resolveForInsertion(_ treePath: TreePath, for operation: TreeIndexError.Operation) throws(TreeIndexError)
    -> _NodeID?
  {
    try _resolveParent(of: treePath, allowingEnd: true, for: operation)?.parent
  }

  /// The node of a valid item (`.null` when it was never expanded), or `nil`
  /// when the path names no item.
  func _node(at treePath: TreePath) -> _NodeID? {
    guard !treePath.isEmpty else { return nil }
    var x = _Arena.root
    for (level, index) in treePath.enumerated() {
      guard index >= 0, index < _arena.count(x) else { return nil }
      x = _arena.subitem(of: x, at: index).node
      if x == .null { return level == treePath.depth - 1 ? .null : nil }
    }
    return x
  }

  /// The node of the known item at `treePath`, or `nil` when the path names
  /// no item or the item was never expanded.
  ///
  /// - Complexity: O(*d* log *b*).
  func _knownNode(at treePath: TreePath) -> _NodeID? {
    guard let node = _node(at: treePath), node != .null else { return nil }
    return node
  }

  /// The item's row in the `.flat` order of all visible items, and the row
  /// of its root item; `nil` when the path names no visible item.
  ///
  /// - Complexity: O(*d* log *b*).
  @inline(__always)
  func _flatRow(of treePath: TreePath) -> (row: Int, rootRow: Int)? {
    _arena.flatRow(of: treePath)
  }

  /// Where a valid item is drawn: its section and its row in that section,
  /// with row -1 for a `.sectioned` root item (the section itself); `nil`
  /// when it is hidden.
  ///
  /// - Complexity: O(*d* log *b*).
  func _anchor(of treePath: TreePath) -> _Anchor? {
    _anchor(of: treePath, flatRow: _flatRow(of: treePath))
  }

  /// Where a valid item is drawn, given its flat row and its root item's
  /// (`nil`: hidden).
  func _anchor(of treePath: TreePath, flatRow: (row: Int, rootRow: Int)?) -> _Anchor? {
    guard let (row, rootRow) = flatRow else { return nil }
    switch layout {
    case .flat: return _Anchor(section: 0, row: row)
    case .sectioned: return _Anchor(section: treePath[0], row: treePath.depth == 1 ? -1 : row - rootRow - 1)
    }
  }

  /// Updates the summaries above the known item `node` (the virtual root
  /// included), bottom up, after a change at or beneath it; inside a batch,
  /// also records the items on the way as changed (and, for a move's end,
  /// as having a move beneath them).
  ///
  /// - Complexity: O(*d* log *b*), by parent and owner links, without a
  ///   descent.
  mutating func _refresh(from node: _NodeID, isMoveEnd: Bool = false) {
    if _isRecording {
      var changed: [(parent: _NodeID, item: _NodeID)] = []
      _arena.refresh(from: node) { changed.append(($0, $1)) }
      _recorder!.markChanged(changed)
      if isMoveEnd { _recorder!.movesBeneath.formUnion(changed.map(\.item)) }
    } else {
      _arena.refresh(from: node)
    }
  }
}

extension TreeIndex {
  /// Whether a batch is recording (``_recorder`` is set), read in place:
  /// comparing the optional recorder with `nil` would copy it.
  var _isRecording: Bool {
    switch _recorder {
    case .some: true
    case .none: false
    }
  }
}

/// Where the rows of a visible, expanded known item's subitems start in the
/// `.flat` order of all visible items (for the virtual root, row 0).
struct _SubitemRows {
  /// The flat row of the first subitem.
  var first: Int
  /// The flat row of the root item the subitems are beneath (unused for
  /// the virtual root's subitems, which are root items).
  var rootRow: Int

  /// The flat row of the subitem at row offset `rowOffset` (see
  /// ``_ArenaReading/subitem(of:at:)``), and its root item's, for a subitem
  /// whose path has `depth` levels.
  func flatRow(ofSubitemAt rowOffset: Int, depth: Int) -> (row: Int, rootRow: Int) {
    let row = first &+ rowOffset
    return (row, depth == 1 ? row : rootRow)
  }
}

/// A visible item's place in the table: section, and row in the section
/// (-1 for a section item of the `.sectioned` layout).
struct _Anchor {
  var section: Int
  var row: Int

  /// Whether the item is a section rather than a row.
  var isSection: Bool { row < 0 }
}

extension _TreeChangesBuilder {
  /// Records the deletion of a visible item and the `rowsBeneath` rows shown
  /// beneath it: its section, or its row and those below it.
  mutating func deleteItem(at anchor: _Anchor, rowsBeneath: Int) {
    if anchor.isSection {
      deleteSection(anchor.section)
    } else {
      deleteRows(anchor.row..<(anchor.row + 1 + rowsBeneath), inSection: anchor.section)
    }
  }

  /// Records the insertion of a visible item and the `rowsBeneath` rows
  /// shown beneath it.
  mutating func insertItem(at anchor: _Anchor, rowsBeneath: Int) {
    if anchor.isSection {
      insertSection(anchor.section)
    } else {
      insertRows(anchor.row..<(anchor.row + 1 + rowsBeneath), inSection: anchor.section)
    }
  }

  /// Records the deletion of the `count` rows shown beneath an item.
  mutating func deleteRows(beneath anchor: _Anchor, count: Int) {
    deleteRows((anchor.row + 1)..<(anchor.row + 1 + count), inSection: anchor.section)
  }

  /// Records the insertion of the `count` rows shown beneath an item.
  mutating func insertRows(beneath anchor: _Anchor, count: Int) {
    insertRows((anchor.row + 1)..<(anchor.row + 1 + count), inSection: anchor.section)
  }
}
