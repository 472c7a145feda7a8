/// The focus, the selection anchor and the selected items of a list, keyed
/// by tree path (``TreeList``) or by identifier (``DiffableTreeList``): the
/// state and the operations both lists share.
///
/// A Shift-click replaces the items the previous one added (`extensionAdded`),
/// as macOS does; every other selection operation makes the selection the
/// new base. `hasChanged` records that the delegate must hear of a change.
struct _RowSelection<Key: Hashable> {
  /// What happens to selected items a collapse hides.
  var policy: HiddenSelectionPolicy = .keepSelected
  /// The focused item.
  private(set) var focus: Key?
  /// The item a Shift-click extends the selection from.
  private(set) var anchor: Key?
  /// The selected items.
  private(set) var selected: Set<Key> = []
  /// The items the last Shift-click added, which the next one takes back.
  private var extensionAdded: [Key] = []
  /// Whether the focus, the anchor or the selection changed since the
  /// delegate last heard of it.
  private(set) var hasChanged = false
  /// Whether a change of the list may have hidden or removed the focus,
  /// the anchor or a selected item since the last ``settle(_:)``.
  var needsSettling = false
  /// How many operations in progress hold the delegate's call until they
  /// end (see `_holdingSelectionCalls`): one call for a key that both
  /// expands and moves the focus. The selection still settles after each
  /// step.
  var holds = 0
  /// How many subitems the Shift-clicks and select-alls looked up, walking
  /// from row to row: counted for tests of how the work grows.
  var rowSteps = 0

  /// Whether there is no focus, no anchor and no selected item.
  var isEmpty: Bool { focus == nil && anchor == nil && selected.isEmpty }

  /// Returns whether something changed, and starts counting again.
  mutating func takeChange() -> Bool {
    defer { hasChanged = false }
    return hasChanged
  }

  /// Moves the focus to `key`, the selection untouched.
  mutating func setFocus(_ key: Key?) {
    guard focus != key else { return }
    focus = key
    hasChanged = true
  }

  /// A click: `key` alone is selected, and focus and anchor move to it.
  mutating func selectOnly(_ key: Key) {
    if selected.count != 1 || !selected.contains(key) || focus != key || anchor != key { hasChanged = true }
    selected = [key]
    focus = key
    anchor = key
    extensionAdded = []
  }

  /// A Command-click: `key` joins or leaves the selection, and focus and
  /// anchor move to it.
  mutating func toggle(_ key: Key) {
    if selected.remove(key) == nil { selected.insert(key) }
    focus = key
    anchor = key
    extensionAdded = []
    hasChanged = true
  }

  /// A Shift-click at `key`: the items the previous Shift-click added leave,
  /// `range` (the items between the anchor and `key`) joins, and the focus
  /// moves to `key`.
  ///
  /// - Complexity: O(*k* + *p*) for *k* items in `range` and *p* added by
  ///   the previous Shift-click.
  mutating func extend(to key: Key, through range: [Key]) {
    let previous = extensionAdded
    for item in previous { selected.remove(item) }
    extensionAdded = []
    for item in range where selected.insert(item).inserted { extensionAdded.append(item) }
    if focus != key || previous.count != extensionAdded.count || Set(previous) != Set(extensionAdded) {
      hasChanged = true
    }
    focus = key
  }

  /// Selects exactly `items` (select all), focus and anchor untouched.
  mutating func selectExactly(_ items: Set<Key>) {
    extensionAdded = []
    guard selected != items else { return }
    selected = items
    hasChanged = true
  }

  /// Forgets focus, anchor and selection.
  mutating func removeAll() {
    if focus != nil || anchor != nil || !selected.isEmpty { hasChanged = true }
    focus = nil
    anchor = nil
    selected = []
    extensionAdded = []
  }

  /// Renames or removes every key: `transform` gives a key's new value, or
  /// `nil` when its item is gone; a gone focus or anchor becomes what
  /// `replacement` gives for it, a key already in the new coordinates.
  ///
  /// - Complexity: O(*k*) for *k* selected items.
  mutating func map(_ transform: (Key) -> Key?, replacingGoneWith replacement: (Key) -> Key? = { _ in nil }) {
    if let old = focus {
      if let new = transform(old) {
        focus = new
      } else {
        focus = replacement(old)
        hasChanged = true
      }
    }
    if let old = anchor {
      if let new = transform(old) {
        anchor = new
      } else {
        anchor = replacement(old)
        hasChanged = true
      }
    }
    var mapped = Set<Key>(minimumCapacity: selected.count)
    for item in selected {
      if let new = transform(item) { mapped.insert(new) } else { hasChanged = true }
    }
    selected = mapped
    extensionAdded = extensionAdded.compactMap(transform)
    needsSettling = true
  }

  /// Keeps focus, anchor and, by ``policy``, the selection on rows:
  /// `standIn` gives the row that stands for a key (itself when it is a
  /// row, the collapsed item that hides it, or `nil`).
  ///
  /// - Complexity: O(1) calls of `standIn`; with
  ///   ``HiddenSelectionPolicy/selectCollapsedItem``, plus one per selected
  ///   item.
  mutating func settle(_ standIn: (Key) -> Key?) {
    needsSettling = false
    if let old = focus {
      let new = standIn(old)
      if new != old {
        focus = new
        hasChanged = true
      }
    }
    if let old = anchor {
      let new = standIn(old)
      if new != old {
        anchor = new
        hasChanged = true
      }
    }
    guard policy == .selectCollapsedItem, !selected.isEmpty else { return }
    var moved: [(old: Key, new: Key?)] = []
    for item in selected {
      let new = standIn(item)
      if new != item { moved.append((item, new)) }
    }
    guard !moved.isEmpty else { return }
    for (old, _) in moved { selected.remove(old) }
    for case (_, let new?) in moved { selected.insert(new) }
    extensionAdded = extensionAdded.filter { selected.contains($0) }
    hasChanged = true
  }
}

extension TreeIndex {
  /// The path of the row that stands for the item at `treePath`: the item
  /// itself when it is a row, the collapsed ancestor that hides it when
  /// that one is a row, and otherwise `nil` (a `.sectioned` root item, an
  /// item under a collapsed section, a path that names no item).
  ///
  /// - Complexity: O(*d*² log *b*).
  func _rowStandIn(for treePath: TreePath) -> TreePath? {
    if row(for: treePath) != nil { return treePath }
    var depth = 1
    while depth < treePath.depth {
      let ancestor = TreePath(treePath.prefix(depth))
      if !isExpanded(ancestor) { return row(for: ancestor) != nil ? ancestor : nil }
      depth += 1
    }
    return nil
  }

  /// The paths of the rows from `first` to `last`, in either order, and
  /// how many subitems the walk looked up.
  ///
  /// - Complexity: O(*d* log *b* + *k* log *b*) for *k* rows.
  func _treePaths(betweenRow first: Int, andRow last: Int) -> (paths: [TreePath], steps: Int) {
    var paths: [TreePath] = []
    paths.reserveCapacity(abs(last - first) + 1)
    let steps = _forEachRow(from: Swift.min(first, last), count: abs(last - first) + 1) { path, _ in paths.append(TreePath(path))
    }
    return (paths, steps)
  }

  /// Calls `body` for `count` rows from `row` on (fewer at the end), in
  /// row order, with each row's path and its known identity (`nil` for an
  /// item never expanded): one descent, then a step from row to row.
  ///
  /// - Returns: How many subitems it looked up.
  /// - Complexity: O(*d* log *b* + *k* log *b*) for *k* rows, plus the
  ///   levels climbed, at most one per row.
  @discardableResult
  func _forEachRow(from row: Int, count: Int, _ body: (_ path: [Int], _ id: _KnownItemID?) -> Void) -> Int {
    guard count > 0, let start = treePath(forRow: row) else { return 0 }
    var path = Array(start)
    // The known identities along the path: ids[i] is the item at
    // path.prefix(i); ids[0] the virtual root.
    var ids: [_KnownItemID?] = [Self._rootItemID]
    var lookups = path.count
    for level in path.indices { ids.append(ids[level].flatMap { _knownItemID(ofSubitem: path[level], of: $0) }) }
    var visited = 1
    body(path, ids[ids.count - 1])
    while visited < count {
      if let id = ids[ids.count - 1], _isExpanded(id), _numberOfSubitems(of: id) > 0 {
        path.append(0)
        lookups += 1
        ids.append(_knownItemID(ofSubitem: 0, of: id))
      } else {
        while true {
          // Every ancestor of a row is known.
          let parent = ids[ids.count - 2]!
          let next = path[path.count - 1] + 1
          if next < _numberOfSubitems(of: parent) {
            path[path.count - 1] = next
            lookups += 1
            ids[ids.count - 1] = _knownItemID(ofSubitem: next, of: parent)
            break
          }
          path.removeLast()
          ids.removeLast()
          if path.isEmpty { return lookups }
        }
      }
      // A `.sectioned` root item is a section, not a row.
      if layout == .sectioned && path.count == 1 { continue }
      visited += 1
      body(path, ids[ids.count - 1])
    }
    return lookups
  }

  /// The path of the row just before the item at `treePath` and all its
  /// rows (for a `.sectioned` root item, before its section's rows), where
  /// the focus goes when the item is deleted; `nil` when there is none. A
  /// hidden item gives its parent.
  ///
  /// - Complexity: O(*d* log *b*).
  func _rowBefore(_ treePath: TreePath) -> TreePath? {
    guard let rows = rows(inSubtreeAt: treePath) else { return treePath.parent }
    return rows.lowerBound > 0 ? self.treePath(forRow: rows.lowerBound - 1) : nil
  }
}

extension TreePath {
  /// The path, after the item at `deletion` was deleted, of the item this
  /// path named: `nil` when it was the deleted item or beneath it.
  func _following(deletionAt deletion: TreePath) -> TreePath? {
    let level = deletion.depth - 1
    guard depth > level, prefix(level).elementsEqual(deletion.prefix(level)) else { return self }
    if self[level] == deletion[level] { return nil }
    guard self[level] > deletion[level] else { return self }
    var shifted = self
    shifted[level] -= 1
    return shifted
  }

  /// The path, after an item was inserted at `insertion`, of the item this
  /// path named.
  func _following(insertionAt insertion: TreePath) -> TreePath {
    let level = insertion.depth - 1
    guard depth > level, prefix(level).elementsEqual(insertion.prefix(level)), insertion[level] <= self[level]
    else { return self }
    var shifted = self
    shifted[level] += 1
    return shifted
  }

  /// The path, after the item at `source` moved to `destination` (read
  /// with the item removed), of the item this path named.
  func _following(moveFrom source: TreePath, to destination: TreePath) -> TreePath {
    if self == source || source.isAncestor(of: self) {
      return TreePath(Array(destination) + Array(dropFirst(source.depth)))
    }
    return _following(deletionAt: source)!._following(insertionAt: destination)
  }
}
