/// Asking the data source: a full reload, the first look at an item's
/// subitems, and the subitems that came while hidden. Everything the list
/// learns is kept in ``TreeList/index`` (counts and expansion) and in the
/// height columns (one per known item).
extension TreeList {
  typealias _ItemID = TreeIndex._KnownItemID

  /// Forgets everything and asks the data source again: the number of root
  /// items, then, for each visible item, whether it is expanded (and if so
  /// its number of subitems) and its height. Then the host reloads.
  ///
  /// Inside ``performBatchUpdates(_:)``, the host reloads when the batch
  /// ends, instead of applying an update.
  ///
  /// Inside a call the list makes to its data source, host or delegate, the
  /// reload waits until that call returns (see ``TreeDataSourceError/Reason/reentrantUpdate``).
  ///
  /// - Complexity: O(*v* log *b*) for *v* visible items, whatever their
  ///   depth; asks
  ///   ``TreeDataSource/numberOfSubitems(of:)`` once for the root and once
  ///   per expanded visible item, ``TreeDataSource/isExpanded(_:)`` and
  ///   ``TreeDataSource/height(ofItemAt:)`` once per visible item (no height
  ///   for a `.sectioned` root item), and ``TreeDataSource/item(at:)`` never.
  public func reloadData() {
    _whenNotCallingOut { list in
      list._forgetAndAskAgain()
      if list._batch != nil || list._openEdits > 0 {
        list._needsReloadData = true
      } else {
        list._callOut { list.host?.reloadData() }
      }
    }
  }

  /// The body of ``reloadData()``: forgets everything and asks the data
  /// source again — the number of root items, then each visible item — but
  /// tells the host nothing.
  ///
  /// - Complexity: O(*v* log *b*) for *v* visible items.
  func _forgetAndAskAgain() {
    let numberOfRootItems = _askCount(nil)
    if _batch != nil || _openEdits > 0 {
      // Inside a batch or an edit: empty the index and the columns in place,
      // under their journals, so that the batch can still be undone.
      _index._removeAllItems(numberOfRootItems: numberOfRootItems)
      _columns.removeAllColumns()
    } else {
      _index = TreeIndex(numberOfRootItems: numberOfRootItems, layout: layout)
      _columns = _HeightColumns()
    }
    _pendingItems = []
    _rowSelection.removeAll()
    _populate(TreeIndex._rootItemID, at: nil)
  }

  /// Asks about every subitem of the known, expanded item `id` at `path`
  /// (`nil` for the root), which has just become visible and has none known,
  /// and gives the item its column; expanded subitems are loaded in turn.
  ///
  /// - Complexity: O(*n* log *b*) for the *n* items asked about, plus
  ///   O(*d* log *b*), whatever their depth.
  func _populate(_ id: _ItemID, at path: TreePath?) {
    var indices = path.map { Array($0) } ?? []
    var room = _index._rowRoom(beneath: id)
    _populate(id, at: &indices, room: &room, renewingAbove: true)
  }

  /// Asks about every subitem of the known, expanded item `id` at `path`,
  /// as ``_populate(_:at:)`` does, with the rows the index can still take
  /// (`room`, which it lowers) given, so that nothing is read from the
  /// index's row summaries; unless `renewingAbove`, the rows of `id` and above
  /// are the caller's to renew.
  ///
  /// - Complexity: O(*n* log *b*) for the *n* items asked about, whatever
  ///   their depth; plus O(*d* log *b*) when `renewingAbove`.
  func _populate(_ id: _ItemID, at path: inout [Int], room: inout Int, renewingAbove: Bool) {
    var load = _Load(room: room)
    let runs = _askAbout(subitems: 0..<_index._numberOfSubitems(of: id), of: &path, into: &load)
    room = load.room
    _store(load, beneath: id, renewingAbove: renewingAbove)
    _columns.setColumn(id, runs: runs.runs)
    _loadedItems?.insert(id)
  }

  /// Asks about one item that has just become visible: its height, and —
  /// unless the list already knows its state (`known`, or `settled` for an
  /// item it knows collapsed) — whether it is expanded; an expanded item is
  /// loaded in turn.
  ///
  /// - Returns: The item's entry for its parent's column.
  func _askAbout(_ treePath: TreePath, known: _ItemID?, settled: Bool = false) -> _HeightEntry {
    if known != nil || settled {
      let own = _isRow(treePath) ? _askHeight(of: treePath) : 0
      // Settled but never expanded: collapsed, as the list last knew it.
      let beneath = known.map { _index._isExpanded($0) ? _columns.total($0) : 0 } ?? 0
      return _HeightEntry(own: own, beneath: beneath, isAsked: true)
    }
    // The parent has a column, so the index knows it.
    guard let parent = _parentID(of: treePath), let last = treePath.last else {
      return _HeightEntry(own: 0, beneath: 0, isAsked: true)
    }
    // Its height and state first, as a walk over the subitems asks them; a
    // collapsed item, the common case, needs nothing more.
    let own = _isRow(treePath) ? _askHeight(of: treePath) : 0
    guard _askIsExpanded(treePath) else { return _HeightEntry(own: own, beneath: 0, isAsked: true) }
    var load = _Load(room: _index._rowRoom(beneath: parent))
    var path = Array(treePath.dropLast())
    let runs = _askAbout(subitems: last..<(last + 1), of: &path, into: &load, firstAsked: own)
    _store(load, beneath: parent)
    return runs.runs[0].entry
  }

  /// Asks about the subitems `indices` of the item at `path` (empty for the
  /// root), none of which the index knows, top down: each one's
  /// height and whether it is expanded, and for an expanded one its number
  /// of subitems, which are asked about in turn. Changes nothing: what it
  /// learns goes into `load`, for ``_store(_:beneath:)``, so that the data
  /// source, asked in the middle, reads the list as it was.
  ///
  /// An item whose subitems would take the index past
  /// ``/TreeIndex/TreeIndex/maximumNumberOfRows`` is shown collapsed.
  ///
  /// - Parameter path: The parent's path, as it is when the call returns;
  ///   extended in place for each question, so that each path shares its
  ///   storage with the last.
  /// - Parameter firstAsked: The height of the first of `indices`, when the
  ///   caller has asked it and learned that the item is expanded: neither
  ///   is asked again.
  /// - Returns: The entries of the subitems `indices`, in order.
  /// - Complexity: O(*n*) for *n* items asked about, whatever their depth.
  func _askAbout(
    subitems indices: Range<Int>, of path: inout [Int], into load: inout _Load, firstAsked: Double? = nil
  ) -> _RunBuilder {
    var result = _RunBuilder()
    var stack: [_Load.Frame] = []
    var topIndices = indices.makeIterator()
    var firstAsked = firstAsked
    func add(_ entry: _HeightEntry, to stack: inout [_Load.Frame]) {
      if stack.isEmpty {
        result.append(entry)
      } else {
        stack[stack.count - 1].runs.append(entry)
        stack[stack.count - 1].total += entry.height
      }
    }
    while true {
      let i: Int
      if let frame = stack.last {
        guard frame.next < frame.count else {
          // Every subitem asked about: the item's column is complete.
          stack.removeLast()
          path.removeLast()
          load.columns[frame.position] = frame.runs.runs
          add(_HeightEntry(own: frame.own, beneath: frame.total, isAsked: true), to: &stack)
          continue
        }
        i = frame.next
        stack[stack.count - 1].next += 1
      } else {
        guard let next = topIndices.next() else { break }
        i = next
      }
      path.append(i)
      let treePath = TreePath(path)
      let asked = firstAsked
      firstAsked = nil
      let own = asked ?? (_isRow(treePath) ? _askHeight(of: treePath) : 0)
      if asked != nil || _askIsExpanded(treePath) {
        let count = _askCount(treePath)
        if count <= load.room {
          load.room -= count
          load.items.append(.init(parent: stack.last?.position, index: i, numberOfSubitems: count))
          load.columns.append([])
          stack.append(_Load.Frame(position: load.items.count - 1, count: count, own: own))
          continue
        }
      }
      path.removeLast()
      add(_HeightEntry(own: own, beneath: 0, isAsked: true), to: &stack)
    }
    return result
  }

  /// Stores what ``_askAbout(subitems:of:into:)`` learned beneath the known
  /// item `top`: the expanded items in the index, their columns beside it;
  /// unless `renewingAbove`, the rows of `top` and above are the caller's to
  /// renew.
  ///
  /// - Complexity: O(*n* log *b*) for *n* loaded items, plus O(*d* log *b*).
  func _store(_ load: _Load, beneath top: _ItemID, renewingAbove: Bool = true) {
    let ids = _index._load(load.items, beneath: top, renewingAbove: renewingAbove)
    for (id, runs) in zip(ids, load.columns) {
      _columns.setColumn(id, runs: runs)
      _loadedItems?.insert(id)
    }
  }

  /// Gives a known item that expanded while hidden a column of subitems not
  /// asked about yet, to be asked when they become visible.
  func _deferPopulation(of id: _ItemID) {
    _columns.setColumn(id, repeating: _HeightEntry(own: 0, beneath: 0, isAsked: false), count: _index._numberOfSubitems(of: id))
    _pendingItems.insert(id)
  }

  /// Asks about the subitems that came while hidden (``_pendingItems``) and
  /// are visible now; those still hidden wait.
  ///
  /// - Complexity: nothing when no item waits; otherwise a walk over the
  ///   visible expanded known items, O(*k* log *b*), iterative.
  func _resolvePendingItems() {
    guard !_pendingItems.isEmpty else { return }
    // Parents before their subitems, then each subitem's height brought
    // into its parent's entry, subitems before their parents.
    var visited: [(item: _ItemID, parent: _ItemID, index: Int)] = []
    var stack: [(item: _ItemID, path: TreePath?)] = [(TreeIndex._rootItemID, nil)]
    while let (id, path) = stack.popLast() {
      _resolveUnaskedSubitems(of: id, at: path)
      _index._forEachKnownSubitem(of: id) { i, item in
        guard _index._isExpanded(item) else { return }
        visited.append((item, id, i))
        stack.append((item, path?.appending(i) ?? [i]))
      }
    }
    for (item, parent, i) in visited.reversed() {
      var entry = _columns.entry(parent, at: i)
      let beneath = _columns.total(item)
      if entry.beneath != beneath {
        entry.beneath = beneath
        _columns.setEntry(parent, at: i, to: entry)
      }
    }
  }

  /// Asks about the subitems of the known item `id` at `path` that came
  /// while it was hidden, if it has any (it is in ``_pendingItems``).
  func _resolveUnaskedSubitems(of id: _ItemID, at path: TreePath?) {
    guard _pendingItems.remove(id) != nil else { return }
    for range in _columns.unaskedRanges(id) {
      for i in range {
        let known = _index._knownItemID(ofSubitem: i, of: id)
        let settled = _columns.entry(id, at: i).isSettled
        _columns.setEntry(id, at: i, to: _askAbout(path?.appending(i) ?? [i], known: known, settled: settled))
      }
    }
  }

  /// Brings the heights shown beneath each item on the way from the root to
  /// `treePath` (`nil`: the root alone) up to date, bottom up, after a
  /// change at or beneath the deepest known item of that way.
  ///
  /// - Complexity: O(*d* log *b*).
  func _refreshHeights(along treePath: TreePath?) {
    guard let treePath else { return }
    var items: [_ItemID] = [TreeIndex._rootItemID]
    for i in treePath {
      guard i >= 0, i < _index._numberOfSubitems(of: items.last!),
        let item = _index._knownItemID(ofSubitem: i, of: items.last!)
      else { break }
      items.append(item)
    }
    for level in stride(from: items.count - 1, through: 1, by: -1) {
      let (parent, item, i) = (items[level - 1], items[level], treePath[level - 1])
      guard _columns.hasColumn(parent) else { continue }
      var entry = _columns.entry(parent, at: i)
      let beneath = _index._isExpanded(item) && _columns.hasColumn(item) ? _columns.total(item) : 0
      if entry.beneath != beneath {
        entry.beneath = beneath
        _columns.setEntry(parent, at: i, to: entry)
      }
    }
  }

  /// Drops the columns of the known item `id` and of every known item
  /// beneath it, before the index forgets them.
  func _dropColumns(of items: [_ItemID]) {
    for item in items {
      _columns.removeColumn(item)
      _pendingItems.remove(item)
    }
  }

  /// The known item `id` and every known item beneath it.
  func _knownItems(from id: _ItemID) -> [_ItemID] {
    var items = [id]
    _index._forEachKnownItem(beneath: id) { item, _, _ in items.append(item) }
    return items
  }

  /// The entry of the item at `treePath` in its parent's column, or `nil`
  /// when the path names no item whose parent has a column.
  func _entry(at treePath: TreePath) -> _HeightEntry? {
    guard let parent = _parentID(of: treePath), _columns.hasColumn(parent),
      let last = treePath.last, last >= 0, last < _columns.count(parent)
    else { return nil }
    return _columns.entry(parent, at: last)
  }

  /// The identity of the known parent of the item at `treePath` (the root
  /// for a root item), or `nil` when the parent was never expanded.
  func _parentID(of treePath: TreePath) -> _ItemID? {
    guard let parent = treePath.parent else { return treePath.isEmpty ? nil : TreeIndex._rootItemID }
    return _index._knownItemID(at: parent)
  }

  /// Whether the item at `treePath` is drawn as a row when visible: every
  /// item but a `.sectioned` root item, which is a section.
  func _isRow(_ treePath: TreePath) -> Bool {
    !(layout == .sectioned && treePath.depth == 1)
  }
}

/// What asking about a subtree learned, before any of it is stored: the
/// expanded items to add to the index, each with its column, and the rows
/// the index can still take.
struct _Load {
  var items: [TreeIndex._LoadedItem] = []
  var columns: [[(entry: _HeightEntry, length: Int)]] = []
  var room: Int

  init(room: Int) {
    self.room = room
  }

  /// An expanded item being asked about: its place in ``items``, its
  /// number of subitems and own height, the next subitem to ask about, and
  /// its entries so far with their total height.
  struct Frame {
    var position: Int
    var count: Int
    var own: Double
    var next = 0
    var runs = _RunBuilder()
    var total = 0.0
  }
}

/// Collects column entries in order, coalescing equal neighbours into runs.
struct _RunBuilder {
  var runs: [(entry: _HeightEntry, length: Int)] = []

  mutating func append(_ entry: _HeightEntry) {
    if let last = runs.last, last.entry == entry {
      runs[runs.count - 1].length += 1
    } else {
      runs.append((entry, 1))
    }
  }
}
