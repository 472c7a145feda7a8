import TreeIndex

/// Turning the base's changes into the compacted source's: each step of the
/// base updates the mirror and becomes the steps of the row it touches,
/// plus those of the chains it breaks or forms (see
/// ``CompactedTreeSource``). A chain that the step would leave holding an
/// item with two children breaks before the step; the chains of the
/// touched item's parent and grandparent are brought up to date after it.
extension CompactedTreeSource {
  func _receive(_ changes: TreeSourceChanges) {
    let changes = changes.preparedForFinalPaths()
    var out: [TreeSourceChanges.Step] = []
    for (i, step) in changes.steps.enumerated() {
      switch step {
      case .insert(let p):
        _baseInserted(at: p, reading: changes.finalPath(of: p, afterStep: i), into: &out)
      case .remove(let p):
        _baseRemoved(at: p, into: &out)
      case .move(let a, let b):
        _baseMoved(from: a, to: b, into: &out)
      case .update(let p):
        _baseUpdated(at: p, reading: changes.finalPath(of: p, afterStep: i), into: &out)
      }
    }
    _publisher.publish(_Normalization.normalize(out))
  }

  func _baseInserted(at p: TreePath, reading: TreePath?, into out: inout [TreeSourceChanges.Step]) {
    guard let index = p.last, let parent = p.parent.map({ _node(atBase: $0) }) ?? _root,
      index >= 0, index <= parent.children.count
    else { return }
    if parent.isMerged { _split(parent, into: &out) }
    let node = _build(at: reading)
    _attach(node, to: parent, at: index)
    out.append(.insert(_rowPath(of: node)))
    _fix([parent, parent.parent], into: &out)
  }

  func _baseRemoved(at p: TreePath, into out: inout [TreeSourceChanges.Step]) {
    guard p.depth > 0, let node = _node(atBase: p), let parent = node.parent else { return }
    if parent.isMerged { _split(parent, into: &out) }
    out.append(.remove(_rowPath(of: node)))
    _detach(node)
    _fix([parent, parent.parent], into: &out)
  }

  func _baseMoved(from a: TreePath, to b: TreePath, into out: inout [TreeSourceChanges.Step]) {
    guard a != b, a.depth > 0, let node = _node(atBase: a), let parent = node.parent, let index = b.last else {
      return
    }
    // The destination's parent, read with the item removed.
    _detach(node)
    let destination = b.parent.map { _node(atBase: $0) } ?? _root
    _attach(node, to: parent, at: a[a.depth - 1])
    guard let destination, index >= 0, index <= destination.children.count - (destination === parent ? 1 : 0)
    else { return }
    if parent.isMerged { _split(parent, into: &out) }
    var from: TreePath
    if destination !== parent && destination.isMerged && parent === _last(of: destination) {
      // The item leaves the last folder of a chain for an earlier one: it
      // is a child of the chain's row before and after, and stays a row.
      from = _split(destination, keeping: node, into: &out)
    } else {
      if destination !== parent && destination.isMerged { _split(destination, into: &out) }
      from = _rowPath(of: node)
    }
    _detach(node)
    _attach(node, to: destination, at: index)
    out.append(.move(from: from, to: _rowPath(of: node)))
    _fix([parent, parent.parent, destination, destination.parent], into: &out)
  }

  func _baseUpdated(at p: TreePath, reading: TreePath?, into out: inout [TreeSourceChanges.Step]) {
    guard p.depth > 0, let node = _node(atBase: p), let reading else { return }
    if let isFolder = _isFolder, let element = try? base.element(at: reading) {
      node.isFolder = isFolder(element)
    }
    _fix([node.parent, node], into: &out)
    out.append(.update(_rowPath(of: node)))
  }

  /// Breaks or forms the chains of `nodes` that their children and folders
  /// no longer match, in order.
  func _fix(_ nodes: [_CompactNode?], into out: inout [TreeSourceChanges.Step]) {
    for case let node? in nodes where node !== _root {
      let merge = _shouldMerge(node)
      guard merge != node.isMerged else { continue }
      if merge { _merge(node, into: &out) } else { _split(node, into: &out) }
    }
  }

  /// Ends the row of `node` at it: the children of the row go, its only
  /// child's row comes with them, and the row is updated.
  ///
  /// - Complexity: O(*d* + *m*) for the *m* children of the row.
  func _split(_ node: _CompactNode, into out: inout [TreeSourceChanges.Step]) {
    let row = _rowPath(of: node)
    let count = _last(of: node).children.count
    for j in (0..<count).reversed() { out.append(.remove(row.appending(j))) }
    node.isMerged = false
    out.append(.insert(row.appending(0)))
    out.append(.update(row))
  }

  /// Ends the row of `node` at it, as ``_split(_:into:)`` does, but for
  /// one of the row's children, `kept`, which is about to become a child
  /// of `node`: it stays, after the inserted row of `node`'s only child;
  /// returns its path then.
  ///
  /// - Complexity: O(*d* + *m*) for the *m* children of the row.
  func _split(
    _ node: _CompactNode, keeping kept: _CompactNode, into out: inout [TreeSourceChanges.Step]
  ) -> TreePath {
    let row = _rowPath(of: node)
    let count = _last(of: node).children.count
    for j in (0..<count).reversed() where j != kept.index { out.append(.remove(row.appending(j))) }
    node.isMerged = false
    out.append(.insert(row.appending(0)))
    out.append(.update(row))
    return row.appending(1)
  }

  /// Extends the row of `node` (its last node) with its only child's row:
  /// that row's children move up into it, in order, the emptied row goes,
  /// and the row is updated.
  ///
  /// - Complexity: O(*d* + *m*) for the *m* children of the child's row.
  func _merge(_ node: _CompactNode, into out: inout [TreeSourceChanges.Step]) {
    let row = _rowPath(of: node)
    let count = _last(of: node.children[0]).children.count
    for j in 0..<count { out.append(.move(from: row.appending(0).appending(0), to: row.appending(1 + j))) }
    out.append(.remove(row.appending(0)))
    node.isMerged = true
    out.append(.update(row))
  }
}
