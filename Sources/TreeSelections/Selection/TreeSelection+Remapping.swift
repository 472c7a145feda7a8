import TreeIndex

extension TreeSelection {
  /// Takes a new tree — items inserted, moved, deleted, reloaded — and
  /// follows the identifiers: each item the new snapshot still holds keeps
  /// its interaction and results wherever it went, deleted items leave the
  /// selection, and every parent's state and counts are those of its new
  /// children.
  ///
  /// An item with the default interaction that gains or loses children
  /// becomes a group or a check toggle, and keeps only what its new
  /// interaction allows; a single-selection group that ends up with
  /// several children holding checked items keeps the first one's. An
  /// editing session stays open unless its item was deleted, in which case
  /// it is cancelled; for an item that ends up outside the item open for
  /// editing, its working copy keeps only the saved results, with the
  /// check toggles the session turned off (as a decoded working copy must
  /// be, see ``init(from:)``).
  ///
  /// - Parameter snapshot: The new tree.
  /// - Complexity: O(*k* · *d*) when `snapshot` was made from the
  ///   selection's ``snapshot`` by recent edits (`var next =
  ///   selection.snapshot`, then a few edits) and no editing session is
  ///   open, for *k* items inserted, deleted (descendants included) or
  ///   moved and *d* their depth: only the counts of those items and the
  ///   items above them change, whatever the size of the tree (a
  ///   single-selection group above a moved item that held checked items
  ///   adds its children). Otherwise — another snapshot, edits that
  ///   change about half the items or more, or an open editing session —
  ///   O(*n*) for *n* items: the counts are recounted over the new tree.
  ///   The edits are read as
  ///   ``/TreeIndex/TreeSnapshot/changes(from:layout:)`` reads them: a
  ///   snapshot remembers its edits of the last 4,096 identifiers.
  public mutating func apply(_ snapshot: TreeSnapshot<ItemID>) {
    _ = _apply(snapshot)
  }

  /// ``apply(_:)``, returning the number of nodes it visited: for tests
  /// that check that following a few edits does not grow with the tree.
  /// Not public API.
  ///
  /// - Complexity: That of ``apply(_:)``.
  package mutating func _apply(_ snapshot: TreeSnapshot<ItemID>) -> Int {
    defer { _checkInvariants() }
    if _session == nil, let visited = _follow(snapshot) { return visited }
    _applyRecounting(snapshot)
    return _counts.count
  }

  /// ``apply(_:)`` by recounting every item over the new tree, whatever
  /// the edits: the reference ``apply(_:)`` must agree with. Not public
  /// API.
  ///
  /// - Complexity: O(*n*) for *n* items.
  package mutating func _applyRecounting(_ snapshot: TreeSnapshot<ItemID>) {
    _snapshot = snapshot
    _rebuild()
  }

  /// A description of the first count that differs from a recount of the
  /// saved results, or `nil`: for tests in any build. Not public API.
  ///
  /// - Complexity: O(*n*) for *n* items.
  package var _countsDifferingFromRecount: String? {
    let recounted = _recount(_entries)
    guard _counts.count == recounted.count else { return "\(_counts.count) counts for \(recounted.count) nodes" }
    for node in recounted.indices where _counts[node] != recounted[node] {
      return "node \(node) counts \(_counts[node]), recounted \(recounted[node])"
    }
    return nil
  }
}

extension TreeSelection {
  /// Follows `new` from the edits that made it from the selection's
  /// snapshot, visiting only the items they changed and the items above
  /// them; returns the number of nodes visited, or `nil`, changing
  /// nothing, when `new` was not made from the selection's snapshot by
  /// recent edits, or when the edits change so many items that recounting
  /// costs less. No editing session may be open.
  ///
  /// The *changed* items are those the edits name (inserted, deleted or
  /// moved) and the items deleted with them. Every other item the new
  /// snapshot holds, unless a changed item lies beneath it on either side,
  /// is *clean*: it has the same node, parent, subtree, interaction and
  /// results on both sides, so its slot of the counts column stays. The
  /// *dirty* items — changed items and those above them, on either side —
  /// are recounted from their dirty children on the new side and, for
  /// their clean children (the same on both sides), from their old counts
  /// less their old dirty children's. Last, each single-selection group
  /// above a changed item with checked items keeps only its first child
  /// with checked items, as recounting does.
  ///
  /// Not public API: tests call it to check that it agrees with
  /// ``_applyRecounting(_:)``.
  ///
  /// - Complexity: O(*k* · *d*) expected for *k* changed items (hashing
  ///   each identifier and dirty node a few times), plus the children of
  ///   the single-selection groups above moved items with checked items.
  package mutating func _follow(_ new: TreeSnapshot<ItemID>) -> Int? {
    precondition(_session == nil, "an editing session is open")
    let old = _snapshot
    guard let (named, inserted) = new._placeEdits(since: old) else { return nil }
    let root = Self._rootNode
    var visited = 0

    // The changed items: those named, then the items deleted with them.
    var changed: [ItemID] = []
    var isChanged: Set<ItemID> = []
    for item in named where isChanged.insert(item).inserted { changed.append(item) }
    let namedCount = changed.count
    guard namedCount * 2 <= old.count + new.count else { return nil }
    for item in changed.prefix(namedCount) {
      guard let top = old._node(ofItem: item) else { continue }
      guard let node = new._node(ofItem: item) else {
        // Deleted, with its subtree but for the items moved away before.
        guard Self._gatherDeleted(beneath: top, old: old, new: new, into: &changed, &isChanged, &visited) else {
          return nil
        }
        continue
      }
      if inserted.contains(item) {
        // Deleted and inserted again: its old subtree went with it.
        guard Self._gatherDeleted(beneath: top, old: old, new: new, into: &changed, &isChanged, &visited) else {
          return nil
        }
      } else if node != top {
        return nil  // a moved item keeps its node: not made by these edits
      }
    }
    guard changed.count * 2 <= old.count + new.count else { return nil }

    // The dirty nodes of each side: the changed items and those above
    // them, and the same items on the other side.
    var oldDirty: Set<Int32> = [root]
    var newDirty: Set<Int32> = [root]
    for item in changed {
      if var node = old._node(ofItem: item) {
        while oldDirty.insert(node).inserted {
          visited += 1
          node = old._ownerNode(of: node)
        }
      }
      if var node = new._node(ofItem: item) {
        while newDirty.insert(node).inserted {
          visited += 1
          node = new._ownerNode(of: node)
        }
      }
    }
    for node in oldDirty where node != root {
      if let other = new._node(ofItem: old._item(ofNode: node)) { newDirty.insert(other) }
    }
    for node in newDirty where node != root {
      if let other = old._node(ofItem: new._item(ofNode: node)) { oldDirty.insert(other) }
    }

    // Old side: what the clean children of each dirty item count, by its
    // new node.
    let zero = _SelectionCounts()
    var oldDirtyChildren: [Int32: _SelectionCounts] = [:]
    for node in oldDirty where node != root {
      visited += 1
      let owner = old._ownerNode(of: node)
      oldDirtyChildren[owner] = (oldDirtyChildren[owner] ?? zero) + _counts[Int(node)]
    }
    var cleanChildren: [Int32: _SelectionCounts] = [:]
    for node in oldDirty {
      let newNode: Int32
      if node == root {
        newNode = root
      } else {
        guard let other = new._node(ofItem: old._item(ofNode: node)) else { continue }
        newNode = other
      }
      cleanChildren[newNode] =
        _counts[Int(node)] - _ownCounts(of: node, in: old) - (oldDirtyChildren[node] ?? zero)
    }

    // The results of deleted items leave; the changed items keep what
    // their new interaction allows.
    for item in changed where new._node(ofItem: item) == nil {
      if let interaction = _interactions.removeValue(forKey: item), interaction.isSingleSelectionGroup {
        _singleSelectionGroups -= 1
      }
      _entries[item] = nil
    }
    _snapshot = new
    for node in newDirty where node != root {
      let item = new._item(ofNode: node)
      guard let entry = _entries[item] else { continue }
      let kept = _sanitized(entry, of: item, at: node)
      _entries[item] = kept.isEmpty ? nil : kept
    }

    // The column, for the new nodes: the old dirty slots emptied, then
    // the new dirty ones counted, children before parents.
    for node in oldDirty where Int(node) < _counts.count { _counts[Int(node)] = zero }
    let capacity = new._nodeCapacity
    if _counts.count < capacity {
      _counts.append(contentsOf: repeatElement(zero, count: capacity - _counts.count))
    } else if _counts.count > capacity {
      _counts.removeLast(_counts.count - capacity)
    }
    var waiting: [Int32: Int] = [:]
    for node in newDirty where node != root { waiting[new._ownerNode(of: node), default: 0] += 1 }
    var ready = Array(newDirty.filter { waiting[$0] == nil })
    var dirtyChildren: [Int32: _SelectionCounts] = [:]
    while let node = ready.popLast() {
      visited += 1
      let counts = _ownCounts(of: node, in: new) + (cleanChildren[node] ?? zero) + (dirtyChildren[node] ?? zero)
      _counts[Int(node)] = counts
      guard node != root else { continue }
      let owner = new._ownerNode(of: node)
      dirtyChildren[owner] = (dirtyChildren[owner] ?? zero) + counts
      waiting[owner]! -= 1
      if waiting[owner] == 0 { ready.append(owner) }
    }

    // Single-selection groups that a changed item with checked items may
    // have joined.
    guard _singleSelectionGroups > 0 else { return visited }
    var groups: Set<Int32> = []
    for item in changed {
      guard let node = new._node(ofItem: item), _counts[Int(node)].checked > 0 else { continue }
      var current = new._ownerNode(of: node)
      while current != root {
        visited += 1
        if _isSingleSelectionGroup(current) { groups.insert(current) }
        current = new._ownerNode(of: current)
      }
    }
    for group in groups { _enforceSingleSelection(in: group) }
    return visited
  }

  /// What the item at `node` of `snapshot` adds to its own counts: its
  /// check toggle and its saved results (nothing for the virtual root).
  ///
  /// - Complexity: O(1).
  func _ownCounts(of node: Int32, in snapshot: TreeSnapshot<ItemID>) -> _SelectionCounts {
    var own = _SelectionCounts()
    guard node != Self._rootNode else { return own }
    let item = snapshot._item(ofNode: node)
    if let entry = _entries[item] { own.add(entry.tally) }
    let interaction =
      _interactions[item] ?? (snapshot._numberOfChildren(ofNode: node) == 0 ? .checkToggle : .group())
    if interaction.isCheckToggle { own.toggles = 1 }
    return own
  }

  /// Adds to `changed` the items beneath `top` in `old` that `new` does
  /// not hold, down to the items the edits name (each walked on its own);
  /// `false` when an item beneath that the edits do not name is in `new`:
  /// then `new` was not made by these edits.
  ///
  /// - Complexity: O(*r*) for the *r* children of the items walked.
  static func _gatherDeleted(
    beneath top: Int32, old: TreeSnapshot<ItemID>, new: TreeSnapshot<ItemID>, into changed: inout [ItemID],
    _ isChanged: inout Set<ItemID>, _ visited: inout Int
  ) -> Bool {
    var pending = [top]
    var isSound = true
    while isSound, let node = pending.popLast() {
      old._forEachChildNode(of: node) { child in
        visited += 1
        let item = old._item(ofNode: child)
        guard isSound, !isChanged.contains(item) else { return }
        guard new._node(ofItem: item) == nil else {
          isSound = false
          return
        }
        isChanged.insert(item)
        changed.append(item)
        pending.append(child)
      }
    }
    return isSound
  }
}
