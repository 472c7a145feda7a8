import TreeIndex

/// Asking the predicate again about named items only: when the caller knows
/// which elements a change of the predicate, or of what it reads, can
/// affect, the filter asks those alone, in O(*k* *d* log *b*) for *k*
/// items whatever the size of the base.
extension FilteredTreeSource {
  /// Asks the predicate again about the items at `basePaths`, whose outcome
  /// may have changed (the predicate reads state that changed for them, or
  /// it was replaced by one that differs only there); subscribers get the
  /// minimal change set, as for a change of the base.
  ///
  /// An item that was shown and is hidden now is removed, with a folder
  /// (`visibleIfDescendantIsVisible`) that it alone showed; an item hidden
  /// before and shown now is inserted, with the folders that now show it.
  /// An item whose visibility stays as it was gives no step: its element did
  /// not change, so its row is not reloaded. Several paths are decided as
  /// one batch: a folder shown before and after is never removed and
  /// inserted again.
  ///
  ///     // The predicate reads `unread`; two messages were read.
  ///     unread.subtract([a, b])
  ///     try filter.reevaluateItems(at: [pathOfA, pathOfB])
  ///
  /// - Parameter basePaths: The items' paths in ``base``, in any order.
  /// - Throws: ``TreeSourceError`` with the operation
  ///   ``TreeSourceError/Operation/reevaluate`` for a path that names no
  ///   item of the base; nothing changes and nothing is published.
  /// - Complexity: O(*k* *d* log *b*) for the *k* paths; plus, for an item
  ///   that stops being `hidden` after a narrowing ``setPredicate(_:change:)``
  ///   (which left the outcomes beneath it unasked), the items beneath it.
  public func reevaluateItems(at basePaths: [TreePath]) throws(TreeSourceError) {
    try _validateReevaluation(basePaths)
    // The predicate is asked: a call out, during which nothing of the
    // composition is edited.
    _publisher.callingOut { _publisher.publish(_reevaluate(basePaths)) }
  }

  /// Filters with a new predicate that gives a new outcome at most to the
  /// items at `basePaths`: only those are asked, and subscribers get the
  /// minimal change set, as ``reevaluateItems(at:)`` gives.
  ///
  /// The filter trusts the promise: an item the new predicate judges
  /// otherwise but that `basePaths` does not name keeps its old outcome
  /// until it changes or is asked again.
  ///
  /// - Parameters:
  ///   - predicate: The new predicate.
  ///   - basePaths: The paths in ``base`` of the items whose outcome may
  ///     differ under it.
  /// - Throws: ``TreeSourceError`` with the operation
  ///   ``TreeSourceError/Operation/reevaluate`` for a path that names no
  ///   item of the base; the predicate stays as it was, and nothing is
  ///   published.
  /// - Complexity: O(*k* *d* log *b*) for the *k* paths, as
  ///   ``reevaluateItems(at:)``.
  public func setPredicate(
    _ predicate: @escaping (Base.Element) -> TreeFilterOutcome, reevaluatingItemsAt basePaths: [TreePath]
  ) throws(TreeSourceError) {
    try _validateReevaluation(basePaths)
    self.predicate = predicate
    try reevaluateItems(at: basePaths)
  }

  /// Asks the predicate again about the items at the valid `basePaths`
  /// and brings the mirror up to date; returns the minimal steps, decided
  /// on the whole: the items (with the folders) that were shown and are no
  /// more removed, last first, at their old paths, then those shown now
  /// and not before inserted, first first, at their new paths. Only the
  /// named items and their ancestors can change visibility as a whole (an
  /// item beneath goes or comes with one of them), so only they are
  /// compared.
  ///
  /// - Complexity: O(*k* *d* log *b*) for *k* paths (plus the subtrees a
  ///   narrowing left unasked, where an item stops being `hidden`).
  func _reevaluate(_ basePaths: [TreePath]) -> [TreeSourceChanges.Step] {
    // The named items, each once, the deepest first: an ancestor's outcome
    // is worked out after its descendants', so its visibility is final.
    var seen: Set<Int32> = []
    var named: [(node: Int32, path: TreePath)] = []
    for path in basePaths {
      guard let node = _node(atBase: path), seen.insert(node).inserted else { continue }
      named.append((node, path))
    }
    named.sort { $0.path.depth > $1.path.depth }
    // Before: which of them and their ancestors are shown with all their
    // ancestors, and where they stand.
    var before: [Int32: (isFullyShown: Bool, path: TreePath)] = [:]
    for (node, _) in named { _record(node, into: &before) }
    // Within a batch of the filter, a folder that loses its last shown
    // child is held until the batch ends, as for the base's changes.
    let holding = _publisher.batchDepth > 0
    for (node, path) in named {
      guard let element = _currentElement(at: path) else { continue }
      let outcome = predicate(element)
      if _outcomesMayBeStale && _forest[node].outcome == .hidden && outcome != .hidden {
        _refreshHiddenSubtree(of: node, at: path)
      }
      _setOutcome(outcome, of: node, holding: holding)
    }
    // After: the topmost items whose visibility as a whole changed.
    var after: [Int32: (isFullyShown: Bool, path: TreePath)] = [:]
    for (node, _) in named { _record(node, into: &after) }
    var removals: [TreePath] = []
    var insertions: [TreePath] = []
    for node in before.keys {
      let owner = _forest[node].owner
      let (was, old) = before[node]!
      let (now, new) = after[node]!
      if was && !now && (owner < 0 || after[owner]!.isFullyShown) { removals.append(old) }
      if now && !was && (owner < 0 || before[owner]!.isFullyShown) { insertions.append(new) }
    }
    return removals.sorted(by: >).map { .remove($0) } + insertions.sorted().map { .insert($0) }
  }

  /// Records `node` and its ancestors not recorded yet in `record`: whether
  /// each is shown with all its ancestors, and its filtered path.
  ///
  /// - Complexity: O(*d* log *b*) for the *d* nodes recorded.
  func _record(_ node: Int32, into record: inout [Int32: (isFullyShown: Bool, path: TreePath)]) {
    var chain: [Int32] = []
    var n = node
    while n >= 0 && record[n] == nil {
      chain.append(n)
      n = _forest[n].owner
    }
    // From the topmost new one down, each from its owner's entry.
    for n in chain.reversed() {
      let owner = _forest[n].owner
      let above = owner < 0 ? (isFullyShown: true, path: TreePath()) : record[owner]!
      let index = _forest.summary(before: n, inTreeAt: _tree(of: n))?.shown ?? 0
      record[n] = (above.isFullyShown && _forest[n].isShown, above.path.appending(index))
    }
  }

  /// Throws for the first of `basePaths` that names no item of the base.
  func _validateReevaluation(_ basePaths: [TreePath]) throws(TreeSourceError) {
    try _publisher.checkEditable(source: name, operation: .reevaluate, path: basePaths.first ?? [])
    for path in basePaths {
      if path.isEmpty {
        throw TreeSourceError(source: name, operation: .reevaluate, path: path, reason: .emptyPath)
      }
      if _node(atBase: path) == nil {
        throw TreeSourceError(source: name, operation: .reevaluate, path: path, reason: .noSuchItem)
      }
    }
  }
}
