/// Applying a snapshot made from the list's own by a few edits: the tree
/// list is told about each edit, as `UITableView` is told about changes to
/// its data, instead of reading the tree again.
extension DiffableTreeList {
  /// Makes the edits that took the list's snapshot to `target` again, on
  /// the list's snapshot, telling the tree list about each, as one batch;
  /// the host gets `changes`.
  ///
  /// - Returns: `true` when the list now shows `target`; `false` when the
  ///   edits could not be made again (the caller then reads the tree anew).
  /// - Complexity: O(*k* · *d* log *b*) for the *k* identifiers edited,
  ///   plus the rows the tree list reads for items that became visible.
  func _replay(
    _ edits: ArraySlice<_SnapshotEdit<ItemID>>, reaching target: TreeSnapshot<ItemID>, announcing changes: TreeChanges
  ) -> Bool {
    do {
      try _list._performBatchUpdates(
        {
          try _replayEdits(edits, reloading: target.reloadedItems)
          // The same edits from the same state give the same generation.
          guard _list.dataSource.snapshot._generation == target._generation else { throw _ReplayFailure() }
        }, announcing: changes)
    } catch {
      return false
    }
    _replayCount += 1
    return true
  }

  /// The edits, one by one: each on the list's snapshot, then told to the
  /// tree list in the coordinates it left; then the reloaded items.
  private func _replayEdits(_ edits: ArraySlice<_SnapshotEdit<ItemID>>, reloading reloaded: Set<ItemID>) throws {
    let source = _list.dataSource
    func path(of item: ItemID) throws -> TreePath {
      guard let path = source.snapshot.treePath(of: item) else { throw _ReplayFailure() }
      return path
    }
    /// Whether the tree list knows the children of the item at `parent`.
    func knows(childrenOf parent: TreePath) -> Bool {
      parent.isEmpty || _list.numberOfSubitems(of: parent) != nil
    }
    for edit in edits {
      switch edit.operation {
      case .append(let items, let parent):
        let parentPath = try parent.map(path(of:)) ?? []
        let start = source.snapshot.children(of: parent).count
        try source.snapshot.append(items, to: parent)
        guard knows(childrenOf: parentPath) else { continue }
        try _list.insertItems(at: items.indices.map { parentPath.appending(start + $0) })
      case .insert(let items, let reference, let isAfter):
        let referencePath = try path(of: reference)
        let start = referencePath[referencePath.depth - 1] + (isAfter ? 1 : 0)
        if isAfter {
          try source.snapshot.insert(items, after: reference)
        } else {
          try source.snapshot.insert(items, before: reference)
        }
        let parentPath = referencePath.parent ?? []
        guard knows(childrenOf: parentPath) else { continue }
        try _list.insertItems(at: items.indices.map { parentPath.appending(start + $0) })
      case .delete(let items):
        let paths = try items.map(path(of:))
        source.snapshot.delete(items)
        let told = paths.filter { knows(childrenOf: $0.parent ?? []) }
        if !told.isEmpty { try _list.deleteItems(at: told) }
      case .move(let item, let other, let isAfter):
        let from = try path(of: item)
        if isAfter { try source.snapshot.move(item, after: other) } else { try source.snapshot.move(item, before: other) }
        let to = try path(of: item)
        if from != to { try _list.moveItem(at: from, to: to) }
      case .moveTo(let item, let parent, let index):
        let from = try path(of: item)
        try source.snapshot.move(item, to: parent, at: index)
        let to = try path(of: item)
        if from != to { try _list.moveItem(at: from, to: to) }
      case .expand(let items):
        let paths = try items.map(path(of:))
        source.snapshot.expand(items)
        for itemPath in paths where knows(childrenOf: itemPath.parent ?? []) && !_list.isExpanded(itemPath) {
          try _list._expandItem(itemPath)
        }
      case .collapse(let items):
        let paths = try items.map(path(of:))
        source.snapshot.collapse(items)
        for itemPath in paths where knows(childrenOf: itemPath.parent ?? []) && _list.isExpanded(itemPath) {
          try _list._collapseItem(itemPath)
        }
      case .replaceChildren:
        throw _ReplayFailure()
      }
    }
    let visible = reloaded.compactMap { source.snapshot.treePath(of: $0) }.filter { _list.isVisible($0) }
    if !visible.isEmpty { try _list.reloadItems(at: visible) }
  }
}

/// An edit that cannot be made again on the list's snapshot.
struct _ReplayFailure: Error {}
