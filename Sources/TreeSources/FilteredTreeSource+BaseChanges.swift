import TreeIndex

/// Turning the base's changes into the filter's: each step of the base
/// updates the mirror and becomes at most a few filtered steps, found by
/// comparing the visibility of the touched item and its ancestors before
/// and after. O(*d* log *b*) per step, plus the items a step inserts.
extension FilteredTreeSource: _BaseSteps {
  func _receive(_ changes: TreeSourceChanges) {
    let changes = changes.preparedForFinalPaths()
    var out: [TreeSourceChanges.Step] = []
    // A change of one step outside a batch of the filter hides a folder at
    // once (one removal); in a batch, folders that lose their matches are
    // held until it ends.
    _holding = changes.steps.count > 1 || _publisher.batchDepth > 0
    defer { _holding = false }
    defer { _reading = nil }
    // Elements read while the base stays as it is now: kept until the
    // composed sources above have taken the change in (`didCarryUp`), when
    // the base is linked (it cannot change without the filter hearing).
    _readsOfBase = _publisher.hasLinks && _publisher.hasUpstreams ? [:] : nil
    _takeSteps(of: changes, into: &out) { i in
      if _outcomesMayBeStale { _reading = (changes, i) }
    }
    // The batch ends here unless the filter's own batch is open (then it
    // ends in `performBatchUpdates`).
    if _publisher.batchDepth == 0 { _releaseHeld(into: &out) }
    if out.isEmpty { _readsOfBase = nil }
    _publisher.publish(out)
  }

  /// The topmost of `chain` (item first, root last) whose visibility went
  /// from `from` to its opposite.
  func _topmostFlip(_ chain: [(node: Int32, wasShown: Bool)], from: Bool) -> Int32? {
    chain.last { $0.wasShown == from && _forest[$0.node].isShown != from }?.node
  }

  func _snapshot(_ nodes: [Int32]) -> [(node: Int32, wasShown: Bool)] {
    nodes.map { ($0, _forest[$0].isShown) }
  }

  func _parentNode(of path: TreePath) -> Int32? {
    guard let parent = path.parent else { return -1 }
    return _node(atBase: parent)
  }

  func _baseInserted(at p: TreePath, reading: TreePath?, into out: inout [TreeSourceChanges.Step]) {
    guard let parent = _parentNode(of: p) else { return }
    let ancestors = _snapshot(parent < 0 ? [] : _chain(parent))
    let node = _build(at: reading)
    _attach(node, to: parent, at: p[p.depth - 1])
    _recheck(parent, holding: _holding)
    if let top = _topmostFlip(ancestors, from: false) {
      if _isFullyShown(top) { out.append(.insert(_filteredPath(of: top))) }
    } else if _isFullyShown(node) {
      out.append(.insert(_filteredPath(of: node)))
    }
  }

  func _baseRemoved(at p: TreePath, into out: inout [TreeSourceChanges.Step]) {
    guard let node = _node(atBase: p) else { return }
    let wasFullyShown = _isFullyShown(node)
    let oldPath = _filteredPath(of: node)
    let ancestors = _snapshot(Array(_chain(node).dropFirst()))
    let owner = _detach(node)
    _recheck(owner, holding: _holding)
    if let top = _topmostFlip(ancestors, from: true) {
      let depth = _chain(top).count
      if ancestors.filter({ _chain(top).dropFirst().contains($0.node) }).allSatisfy(\.wasShown) {
        out.append(.remove(TreePath(oldPath.prefix(depth))))
      }
    } else if wasFullyShown {
      out.append(.remove(oldPath))
    }
    _free(node)
  }

  func _baseUpdated(at p: TreePath, reading: TreePath?, into out: inout [TreeSourceChanges.Step]) {
    guard let node = _node(atBase: p), let reading else { return }
    // Read without `try?`, whose optional element would cost a look-up of
    // its type at run time.
    let element: Base.Element
    do { element = try base.element(at: reading) } catch { return }
    _readsOfBase?[reading] = element
    let wasFullyShown = _isFullyShown(node)
    let outcome = predicate(element)
    if _outcomesMayBeStale && _forest[node].outcome == .hidden && outcome != .hidden {
      _refreshHiddenSubtree(of: node, at: p)
    }
    let shown = Self._isShown(outcome, anyChildShown: _forest.total(_forest[node].children).shown > 0)
    if shown == _forest[node].isShown {
      // No item's visibility changes (an ancestor's follows from its
      // children's, and this item's stays):
      // an update of its row, if it is one.
      _forest[node].outcome = outcome
      if wasFullyShown { out.append(.update(_filteredPath(of: node))) }
      return
    }
    let chain = _snapshot(_chain(node))
    _setOutcome(outcome, of: node, holding: _holding)
    if let top = chain.last(where: { _forest[$0.node].isShown != $0.wasShown })?.node {
      if _forest[top].isShown {
        if _isFullyShown(top) { out.append(.insert(_filteredPath(of: top))) }
      } else if _chain(top).dropFirst().allSatisfy({ _forest[$0].isShown }) {
        out.append(.remove(_filteredPath(of: top)))
      }
    } else if wasFullyShown {
      out.append(.update(_filteredPath(of: node)))
    }
  }

  /// Gives the item at `node` the predicate's `outcome` and carries a
  /// change of its visibility up its ancestors; when `holding`, an item
  /// (a folder) that would be hidden is held shown until the batch ends.
  /// What a narrowing left unasked beneath it is the caller's to ask first.
  ///
  /// - Complexity: O(*d* log *b*).
  func _setOutcome(_ outcome: TreeFilterOutcome, of node: Int32, holding: Bool) {
    _forest[node].outcome = outcome
    let item = _forest[node]
    let shown = Self._isShown(outcome, anyChildShown: _forest.total(item.children).shown > 0)
    guard shown != item.isShown, !(!shown && holding && _hold(node)) else { return }
    _forest[node].isShown = shown
    _forest.refreshUpward(from: node, inTreeAt: _tree(of: node))
    _recheck(item.owner, holding: holding)
  }

  func _baseMoved(from a: TreePath, to b: TreePath, into out: inout [TreeSourceChanges.Step]) {
    guard let node = _node(atBase: a) else { return }
    let wasFullyShown = _isFullyShown(node)
    let oldPath = _filteredPath(of: node)
    let oldAncestors = _snapshot(Array(_chain(node).dropFirst()))
    var original: [Int32: Bool] = [:]
    for (n, shown) in oldAncestors { original[n] = shown }
    let oldOwner = _detach(node)
    _recheck(oldOwner, holding: _holding)
    guard let newOwner = _parentNode(of: b) else { return }
    let newAncestors = (newOwner < 0 ? [] : _chain(newOwner)).map { ($0, original[$0] ?? _forest[$0].isShown) }
    _attach(node, to: newOwner, at: b[b.depth - 1])
    if _outcomesMayBeStale && oldAncestors.contains(where: { _forest[$0.node].outcome == .hidden }) {
      // It leaves the subtree of a hidden item, where a narrowing left
      // outcomes unasked: ask it and everything beneath it again.
      if let outcome = _currentOutcome(of: node) { _forest[node].outcome = outcome }
      _refreshHiddenSubtree(of: node, at: b)
      let item = _forest[node]
      _forest[node].isShown = Self._isShown(item.outcome, anyChildShown: _forest.total(item.children).shown > 0)
      _forest.refreshUpward(from: node, inTreeAt: _tree(of: node))
    }
    _recheck(newOwner, holding: _holding)
    let removedTop = _topmostFlip(oldAncestors, from: true)
    let insertedTop = _topmostFlip(newAncestors, from: false)
    let isFullyShown = _isFullyShown(node)
    let newPath = _filteredPath(of: node)
    if wasFullyShown && isFullyShown && insertedTop == nil {
      guard let removedTop else {
        out.append(.move(from: oldPath, to: newPath))
        return
      }
      // The item leaves a folder that shows no match without it: move the
      // item out first (it stays a row), then remove the folder.
      let folder = _filteredPath(of: removedTop)
      out.append(.move(from: oldPath, to: _PathShifts.beforeRemoval(at: folder, newPath)))
      out.append(.remove(folder))
      return
    }
    if let removedTop {
      if oldAncestors.filter({ _chain(removedTop).dropFirst().contains($0.node) }).allSatisfy(\.wasShown) {
        out.append(.remove(TreePath(oldPath.prefix(_chain(removedTop).count))))
      }
    } else if wasFullyShown {
      out.append(.remove(oldPath))
    }
    if let insertedTop {
      if _isFullyShown(insertedTop) { out.append(.insert(_filteredPath(of: insertedTop))) }
    } else if isFullyShown {
      out.append(.insert(newPath))
    }
  }
}
