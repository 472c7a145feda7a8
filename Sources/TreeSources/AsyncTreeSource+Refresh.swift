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
  ///   when `recursively`; each listing's difference costs O(*n*) identity
  ///   comparisons and hashes for *n* children, plus O(*m* + *c* log *m*)
  ///   for the *m* between the first and the last that differ and the *c*
  ///   changes among them.
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
  /// Only the children between the first and the last that differ are
  /// diffed: the ones before and after, the same identities in the same
  /// places, are compared and kept without a lookup. Among those between,
  /// the children kept in order by the diff stay; each other one goes
  /// right after the child before it in the new order, found in an index
  /// of the current order (a ``TreeSnapshot``).
  ///
  /// - Throws: ``TreeSourceError`` with
  ///   ``TreeSourceError/Reason/duplicateIdentity`` when two elements share
  ///   an identity; nothing changes.
  /// - Complexity: O(*n*) identity comparisons and hashes for *n* children,
  ///   plus O(*m* + *c* log *m*) for the *m* children between the first
  ///   and the last that differ and the *c* changes among them.
  func _applyDifference(_ elements: [Element], to node: _AsyncTreeNode<Element, ID>, at path: TreePath) throws(TreeSourceError) {
    let old = node.children ?? []
    let newIDs = elements.map(_id)
    var identities = Set<ID>(minimumCapacity: newIDs.count)
    for id in newIDs where !identities.insert(id).inserted {
      throw TreeSourceError(source: name, operation: .load, path: path, reason: .duplicateIdentity)
    }
    // The children before the first and after the last that differ.
    var prefix = 0
    while prefix < old.count, prefix < newIDs.count, old[prefix].id == newIDs[prefix] { prefix += 1 }
    var suffix = 0
    while suffix < old.count - prefix, suffix < newIDs.count - prefix,
      old[old.count - 1 - suffix].id == newIDs[newIDs.count - 1 - suffix]
    {
      suffix += 1
    }
    let oldMiddle = old[prefix..<(old.count - suffix)]
    let newMiddle = newIDs[prefix..<(newIDs.count - suffix)]
    let steps = _steps(from: oldMiddle, to: newMiddle, at: path, offset: prefix)

    var kept: [ID: _AsyncTreeNode<Element, ID>] = [:]
    for child in oldMiddle where child.isAttached { kept[child.id] = child }
    var children = Array(old[..<prefix])
    children.reserveCapacity(newIDs.count)
    for id in newMiddle { children.append(kept[id] ?? _makeNode(elements[children.count], parent: node)) }
    children.append(contentsOf: old[(old.count - suffix)...])
    for (child, element) in zip(children, elements) { child.element = element }
    node.children = children
    _publisher.publish(steps)
    _publishRemovals()
  }

  /// The steps that turn the children `old` into the identities `new`
  /// (both the part of the children from `offset` on that differs):
  /// removals from the last, then moves and insertions in the new order.
  /// Removed children are detached: their loads are cancelled.
  ///
  /// - Complexity: O(*m* + *c* log *m*) for *m* children and *c* changes.
  private func _steps(
    from old: ArraySlice<_AsyncTreeNode<Element, ID>>, to new: ArraySlice<ID>, at path: TreePath, offset: Int
  ) -> [TreeSourceChanges.Step] {
    guard !old.isEmpty || !new.isEmpty else { return [] }
    var before = TreeSnapshot<ID>()
    var after = TreeSnapshot<ID>()
    // Identities are distinct on both sides (the old children's always, the
    // new ones' checked by the caller): the appends cannot fail.
    try? before.append(old.map(\.id))
    try? after.append(Array(new))
    let changes = after.changes(from: before)
    var steps: [TreeSourceChanges.Step] = []
    var deleted: [Int] = []
    for range in changes.deletedRowRanges { deleted.append(contentsOf: range.rows) }
    var isDeleted = Set(deleted)
    for i in deleted.sorted(by: >) {
      steps.append(.remove(path.appending(offset + i)))
      _detach(old[old.startIndex + i])
    }
    var placed: [Int] = []  // new indices that are inserted or moved
    for range in changes.insertedRowRanges { placed.append(contentsOf: range.rows) }
    for move in changes.movedRowRanges { placed.append(contentsOf: move.to.rows) }
    // The identities in the current order, as the steps go.
    var current = TreeSnapshot<ID>()
    try? current.append(old.indices.compactMap { isDeleted.contains($0 - old.startIndex) ? nil : old[$0].id })
    isDeleted.removeAll()
    let new = Array(new)
    for j in placed.sorted() {
      let id = new[j]
      let previous = j == 0 ? nil : new[j - 1]
      if let from = current.treePath(of: id)?[0] {
        if let previous {
          try? current.move(id, after: previous)
        } else {
          try? current.move(id, to: nil, at: 0)
        }
        let to = current.treePath(of: id)![0]
        if to != from { steps.append(.move(from: path.appending(offset + from), to: path.appending(offset + to))) }
      } else {
        if let previous {
          try? current.insert([id], after: previous)
        } else if let first = current.item(at: [0]) {
          try? current.insert([id], before: first)
        } else {
          try? current.append([id])
        }
        steps.append(.insert(path.appending(offset + current.treePath(of: id)![0])))
      }
    }
    return steps
  }
}
