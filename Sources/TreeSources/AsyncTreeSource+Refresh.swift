import TreeIndex

/// Refreshing: listing loaded children again and publishing the
/// difference by identity.
extension AsyncTreeSource {
  /// Lists the children of the item at `path` again — and, when
  /// `recursively`, of every item beneath it whose children have loaded —
  /// and publishes the difference by identity when each listing arrives:
  /// children kept (the same identity) keep their loaded subtrees and stay
  /// in place or move, removed ones are removed (their loads cancelled),
  /// new ones are inserted, all as one change set per listing. Kept
  /// children take the element listed anew, without an update.
  ///
  /// An item whose children have not loaded, or are loading, is left as it
  /// is. While a refresh runs the item is ``LoadState/loading`` and keeps
  /// its earlier children; a failed refresh keeps them too.
  ///
  /// - Parameters:
  ///   - path: An item's path.
  ///   - recursively: Whether to refresh the loaded items beneath too.
  /// - Throws: ``TreeSourceError`` when `path` names no item; nothing
  ///   changes.
  /// - Complexity: O(*d*) per item refreshed, plus the loaded items beneath
  ///   when `recursively`; each listing's difference costs O(*n* + *c* *n*)
  ///   for *n* children and *c* changed ones.
  public func refresh(_ path: TreePath, recursively: Bool = false) throws(TreeSourceError) {
    let node = try _node(at: path, for: .load)
    var stack = [node]
    while let next = stack.popLast() {
      guard let children = next.children else { continue }
      if !next.state.isLoading { _enqueue(next) }
      if recursively { stack.append(contentsOf: children.reversed()) }
    }
  }

  /// Replaces `node`'s children with `elements`, publishing the difference
  /// by identity as one change set: removals, then the moves and
  /// insertions in the new order.
  ///
  /// - Throws: ``TreeSourceError`` with
  ///   ``TreeSourceError/Reason/duplicateIdentity`` when two elements share
  ///   an identity; nothing changes.
  /// - Complexity: O(*n* + *c* *n*) for *n* children and *c* changes.
  func _applyDifference(_ elements: [Element], to node: _AsyncTreeNode<Element, ID>, at path: TreePath) throws(TreeSourceError) {
    let old = node.children ?? []
    let newIDs = elements.map(_id)
    var before = TreeSnapshot<ID>()
    var after = TreeSnapshot<ID>()
    do {
      try before.append(old.map(\.id))
      try after.append(newIDs)
    } catch {
      throw TreeSourceError(source: name, operation: .load, path: path, reason: .duplicateIdentity)
    }
    let changes = after.changes(from: before)
    var deleted = Set<Int>()
    for range in changes.deletedRowRanges { deleted.formUnion(range.rows) }
    var placed = Set<Int>()  // new indices that are inserted or moved
    for range in changes.insertedRowRanges { placed.formUnion(range.rows) }
    for move in changes.movedRowRanges { placed.formUnion(move.to.rows) }

    var steps: [TreeSourceChanges.Step] = []
    // The identities in the source's current order, as the steps go.
    var current: [ID] = []
    current.reserveCapacity(old.count)
    for (i, child) in old.enumerated().reversed() where deleted.contains(i) {
      steps.append(.remove(path.appending(i)))
      _detach(child)
    }
    for (i, child) in old.enumerated() where !deleted.contains(i) { current.append(child.id) }
    // Each inserted or moved child goes right after the child before it in
    // the new order: the children kept stay in order, so the current order
    // ends as the new one.
    for j in newIDs.indices.sorted() where placed.contains(j) {
      if let k = current.firstIndex(of: newIDs[j]) {
        current.remove(at: k)
        let to = j == 0 ? 0 : current.firstIndex(of: newIDs[j - 1])! + 1
        current.insert(newIDs[j], at: to)
        steps.append(.move(from: path.appending(k), to: path.appending(to)))
      } else {
        let to = j == 0 ? 0 : current.firstIndex(of: newIDs[j - 1])! + 1
        current.insert(newIDs[j], at: to)
        steps.append(.insert(path.appending(to)))
      }
    }
    var kept: [ID: _AsyncTreeNode<Element, ID>] = [:]
    for (i, child) in old.enumerated() where !deleted.contains(i) { kept[child.id] = child }
    node.children = zip(elements, newIDs).map { element, id in
      if let child = kept[id] {
        child.element = element
        return child
      }
      return _makeNode(element, parent: node)
    }
    _publisher.publish(steps)
  }
}
