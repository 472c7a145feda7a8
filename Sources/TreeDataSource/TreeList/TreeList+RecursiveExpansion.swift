/// Expanding a whole subtree (``TreeList/expand(_:recursively:)``,
/// ``TreeList/expandAll()``) in time that follows the items opened, not
/// their depth.
///
/// Expanding one item brings the row summaries of every item above it up to
/// date, O(*d* log *b*); done for each item of a deep subtree, that is
/// quadratic in its depth. So the walk marks the items it opens, finding
/// each from its parent by identity, and leaves the row summaries and the
/// heights beneath them stale: ``TreeList/_settle()`` brings them up to
/// date in one pass, children before parents, when the walk ends — or
/// earlier, when the code the list calls out to asks it a question in the
/// middle. Each question is asked with a path built from the last, so that
/// it shares its storage.
extension TreeList {
  /// Opens the valid item at `root` unless it has no subitems or the
  /// delegate refuses, then goes on with each of its subitems, top down,
  /// iteratively; every item opened is listed in `opened`.
  ///
  /// - Throws: ``/TreeIndex/TreeIndexError`` with
  ///   ``/TreeIndex/TreeIndexError/Reason/rowCountOverflow`` when the rows
  ///   opened would pass ``/TreeIndex/TreeIndex/maximumNumberOfRows``;
  ///   ``TreeDataSourceError`` when a count contradicts the list (after
  ///   recovering).
  /// - Complexity: O(*n* log *b*) for the *n* items of the subtree walked,
  ///   plus O(*d* log *b*), whatever their depth.
  func _expandSubtree(_ root: TreePath, opened: inout _OpenedPaths) throws {
    guard let top = _parentID(of: root), let rootIndex = root.last else { return }
    let isVisible = _index.isVisible(root)
    var room = _index._rowRoom(beneath: top)
    _unsettled = _Unsettled(top: top, rootPath: root)
    defer {
      _settle()
      _unsettled = nil
    }
    var path = Array(root)
    opened.noteChange(atLevel: 0)
    let loader = dataSource as? any _ObservesExpansion
    /// Each expanded item whose subitems are being walked, with the next
    /// one to visit.
    var stack: [(item: _ItemID, count: Int, next: Int)] = []
    var (parent, i) = (top, rootIndex)
    while true {
      // Visit subitem `i` of `parent`, at `path`.
      let treePath = TreePath(path)
      var id = _index._knownItemID(ofSubitem: i, of: parent)
      let count = try _askCount(of: id, at: treePath)
      var isOpen = id.map { _index._isExpanded($0) } ?? false
      // Subitems that load: opened with none, and expanded beneath when
      // they arrive.
      let toCome = count == 0 && loader.map { loader in _callOut { loader._subitemsAreToCome(treePath) } } == true
      if !isOpen, count > 0 || toCome, _callOut({ delegate?.shouldExpandItem(at: treePath) ?? true }) {
        _callOut { delegate?.willExpandItem(at: treePath) }
        id = try _open(
          subitem: i, of: parent, known: id, numberOfSubitems: count, at: &path, isVisible: isVisible, room: &room)
        opened.append(path)
        isOpen = true
      }
      if isOpen && toCome { opened.awaitingSubitems.append(treePath) }
      if isOpen, let item = id {
        if isVisible { _resolveUnaskedSubitems(of: item, at: treePath, top: top, room: &room) }
        if count > 0 {
          stack.append((item, count, 0))
          _unsettled!.ancestors.append((item, parent, i, path.count))
        }
      }
      // The next item: the first subitem of this one if it was pushed, else
      // the next subitem of the deepest item with one left.
      if stack.last?.item != id || stack.last?.next != 0 {
        path.removeLast()
        opened.noteChange(atLevel: path.count)
      }
      while let last = stack.last, last.next == last.count {
        stack.removeLast()
        // Renewed again at the next settling, after what changed beneath it.
        _unsettled!.items.append(_unsettled!.ancestors.removeLast())
        if stack.isEmpty { return }  // the walk's root
        path.removeLast()
        opened.noteChange(atLevel: path.count)
      }
      guard let last = stack.last else { return }  // the root, with no subitems walked
      (parent, i) = (last.item, last.next)
      stack[stack.count - 1].next += 1
      path.append(i)
    }
  }

  /// Reveals the item at `treePath` as ``reveal(_:)`` does, opening each
  /// collapsed ancestor top down, each found from its parent by identity;
  /// every ancestor opened is listed in `opened`.
  ///
  /// - Complexity: O(*d* log *b*), plus the subitems asked about.
  func _revealItem(_ treePath: TreePath, opened: inout _OpenedPaths) throws {
    let top = TreeIndex._rootItemID
    var room = _index._rowRoom(beneath: top)
    _unsettled = _Unsettled(top: top, rootPath: TreePath(treePath.prefix(1)))
    defer {
      _settle()
      _unsettled = nil
    }
    var path: [Int] = []
    path.reserveCapacity(treePath.depth)
    var parent = top
    for (level, i) in treePath.enumerated() {
      let numberOfSubitems = _index._numberOfSubitems(of: parent)
      guard i >= 0, i < numberOfSubitems else {
        throw TreeIndexError(
          operation: .reveal, treePath: treePath,
          reason: .indexOutOfRange(level: level, numberOfSubitems: numberOfSubitems))
      }
      guard level < treePath.depth - 1 else { return }
      path.append(i)
      let id = _index._knownItemID(ofSubitem: i, of: parent)
      if let id, _index._isExpanded(id) {
        // Subitems that came while it was hidden are visible now: asked
        // about before the way goes on through them.
        _resolveUnaskedSubitems(of: id, at: TreePath(path), top: top, room: &room)
        _unsettled!.ancestors.append((id, parent, i, path.count))
        parent = id
        continue
      }
      let ancestor = TreePath(path)
      guard _callOut({ delegate?.shouldExpandItem(at: ancestor) ?? true }) else { return }
      _callOut { delegate?.willExpandItem(at: ancestor) }
      let count = try _askCount(of: id, at: ancestor)
      let item = try _open(
        subitem: i, of: parent, known: id, numberOfSubitems: count, at: &path, isVisible: true, room: &room)
      opened.append(path)
      _resolveUnaskedSubitems(of: item, at: ancestor, top: top, room: &room)
      _unsettled!.ancestors.append((item, parent, i, path.count))
      parent = item
    }
  }

  /// The number of subitems of the item at `treePath`, whose identity is
  /// `id` when the list knows it: the count the running recursive expansion
  /// loaded a moment ago, or the data source's answer, recovered from (after
  /// settling) when it contradicts the list.
  func _askCount(of id: _ItemID?, at treePath: TreePath) throws -> Int {
    if let id, _loadedItems?.contains(id) == true {
      return _index._numberOfSubitems(of: id)  // asked a moment ago
    }
    let count = _askCount(treePath)
    if let id, _index._numberOfSubitems(of: id) != count {
      _settle()
      try _recover(treePath, numberOfSubitems: count, expected: _index._numberOfSubitems(of: id))
    }
    return count
  }

  /// Marks subitem `i` of `parent` (the item at `path`, known as `known`
  /// or not at all) expanded with `count` subitems, without renewing the
  /// rows above it, and asks about its subitems when it is new and visible
  /// (or leaves them pending).
  ///
  /// - Returns: The item's identity.
  /// - Throws: ``/TreeIndex/TreeIndexError`` with
  ///   ``/TreeIndex/TreeIndexError/Reason/rowCountOverflow`` when its rows
  ///   do not fit in `room`.
  func _open(
    subitem i: Int, of parent: _ItemID, known: _ItemID?, numberOfSubitems count: Int, at path: inout [Int],
    isVisible: Bool, room: inout Int
  ) throws -> _ItemID {
    // The rows the item adds: its subitems, and those shown beneath the
    // ones it keeps expanded.
    let growth = known.map { _index._rowsAsIfExpanded($0) } ?? count
    guard growth <= room else {
      throw TreeIndexError(operation: .expand, treePath: TreePath(path), reason: .rowCountOverflow)
    }
    room -= growth
    let item = _index._markExpanded(subitem: i, of: parent, numberOfSubitems: count)
    // Listed at once, so that a question asked from here on sees it.
    _unsettled!.items.append((item, parent, i, path.count))
    _unsettled!.isStale = true
    if known == nil {
      if isVisible {
        _populate(item, at: &path, room: &room, renewingAbove: false)
      } else {
        _deferPopulation(of: item)
      }
      // Its rows changed again if a question settled them in between.
      _unsettled!.items.append((item, parent, i, path.count))
      _unsettled!.isStale = true
    }
    return item
  }

  /// Asks about the subitems of the visible known item `id` that came while
  /// it was hidden, if any, settling first; `room` is read anew beneath
  /// `top`.
  func _resolveUnaskedSubitems(of id: _ItemID, at treePath: TreePath, top: _ItemID, room: inout Int) {
    guard _pendingItems.contains(id) else { return }
    _settle()
    _resolveUnaskedSubitems(of: id, at: treePath)
    room = _index._rowRoom(beneath: top)
    // Its column changed: the heights above it are to be brought up to date.
    _unsettled!.isStale = true
  }

  /// Brings the index's row summaries and the heights beneath items up to
  /// date after a recursive expansion marked items without renewing them;
  /// nothing when none is waiting.
  ///
  /// - Complexity: O(*n* log *b*) for the *n* items marked or walked since
  ///   the last call, plus O(*d* log *b*) for the way to the root.
  func _settle() {
    guard let unsettled = _unsettled, unsettled.isStale else { return }
    // Children before their parents, deepest first: the items walked since
    // the last call and the items still being walked, which hold them.
    let order = (unsettled.items + unsettled.ancestors).sorted { $0.depth > $1.depth }
    _index._renew(order.lazy.map(\.item), beneath: unsettled.top)
    for (item, parent, i, _) in order where _columns.hasColumn(parent) && _columns.hasColumn(item) {
      var entry = _columns.entry(parent, at: i)
      let beneath = _index._isExpanded(item) ? _columns.total(item) : 0
      if entry.beneath != beneath {
        entry.beneath = beneath
        _columns.setEntry(parent, at: i, to: entry)
      }
    }
    _refreshHeights(along: unsettled.rootPath)
    _unsettled!.items = []
    _unsettled!.isStale = false
  }
}

/// What a recursive expansion has marked without renewing it: the items it
/// walked or finished walking, each with its parent, index and depth, and
/// the items whose subitems it is walking now.
struct _Unsettled {
  typealias Visit = (item: TreeIndex._KnownItemID, parent: TreeIndex._KnownItemID, index: Int, depth: Int)

  /// The parent of the walk's root: renewed, with everything above it, by
  /// every settling.
  var top: TreeIndex._KnownItemID
  /// The walk's root.
  var rootPath: TreePath
  /// The expanded items walked, or finished, since the last settling.
  var items: [Visit] = []
  /// The items whose subitems the walk is in, outermost first.
  var ancestors: [Visit] = []
  /// Whether anything was marked since the last settling.
  var isStale = false

  init(top: TreeIndex._KnownItemID, rootPath: TreePath) {
    self.top = top
    self.rootPath = rootPath
  }
}

/// The paths of the items an operation opened, in order, for the delegate's
/// `didExpandItem` once the host has the update: each kept as the levels it
/// shares with the one before and the indices that follow, so that a deep
/// walk keeps O(1) per item, not its depth.
struct _OpenedPaths {
  /// Per path: how many leading levels it shares with the one before.
  private var shared: [Int] = []
  /// Per path: where its own indices start in ``indices``.
  private var starts: [Int] = []
  /// The indices that follow the shared levels, path after path.
  private var indices: [Int] = []
  /// The depth of the last path.
  private var lastDepth = 0
  /// The items opened (or found open) whose subitems are still to come,
  /// as the data source says: expanded recursively when they arrive.
  var awaitingSubitems: [TreePath] = []
  /// The fewest leading levels the next path is known to share with the
  /// last one (see ``noteChange(atLevel:)``).
  private var unchanged = 0

  /// Records that the walk's path changed at `level` (0 for the first), so
  /// that the next path shares at most `level` levels with the last.
  mutating func noteChange(atLevel level: Int) {
    unchanged = Swift.min(unchanged, level)
  }

  /// Adds `path`, which agrees with the last path on every level the walk
  /// did not note a change at.
  mutating func append(_ path: [Int]) {
    let keep = Swift.min(unchanged, lastDepth, path.count)
    shared.append(keep)
    starts.append(indices.count)
    indices.append(contentsOf: path[keep...])
    lastDepth = path.count
    unchanged = path.count
  }

  /// Calls `body` with each path, in the order they were added.
  func forEach(_ body: (TreePath) -> Void) {
    var path: [Int] = []
    for k in shared.indices {
      path.removeLast(path.count - shared[k])
      let end = k + 1 < starts.count ? starts[k + 1] : indices.count
      path.append(contentsOf: indices[starts[k]..<end])
      body(TreePath(path))
    }
  }
}
