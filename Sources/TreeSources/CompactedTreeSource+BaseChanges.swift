import TreeIndex

/// Turning the base's changes into the compacted source's: each step of the
/// base updates the mirror and becomes the steps of the row it touches,
/// plus those of the chains it breaks or forms (see
/// ``CompactedTreeSource``). A chain that the step would leave holding an
/// item with two children breaks before the step; the chains of the
/// touched item's parent and grandparent (and, for an update, of the item)
/// are brought up to date after it. Everything is found by walking the
/// step's base paths down the mirror: O(*d*) per step, plus the array edit
/// and one step per child a breaking or forming chain hands over.
extension CompactedTreeSource: _BaseSteps {
  func _receive(_ changes: TreeSourceChanges) {
    let changes = changes.preparedForFinalPaths()
    var out: [TreeSourceChanges.Step] = []
    _takeSteps(of: changes, into: &out)
    // A chain that forms over an item inserted in the same change lists
    // moves beneath it: brought into normal form.
    _publisher.publish(_Normalization.normalize(out))
  }

  func _baseInserted(at p: TreePath, reading: TreePath?, into out: inout [TreeSourceChanges.Step]) {
    guard let index = p.last, let parent = _node(atBase: p.parent), index >= 0, index <= parent.children.count else {
      return
    }
    if parent.isMerged, let parentPath = p.parent { _split(at: parentPath, into: &out) }
    _attach(_build(at: reading), to: parent, at: index)
    if let row = _rowPath(ofBase: p) { out.append(.insert(row)) }
    _fix([p.parent, p.parent?.parent], into: &out)
  }

  func _baseRemoved(at p: TreePath, into out: inout [TreeSourceChanges.Step]) {
    guard let index = p.last, let parent = _node(atBase: p.parent), index >= 0, index < parent.children.count else {
      return
    }
    if parent.isMerged, let parentPath = p.parent { _split(at: parentPath, into: &out) }
    if let row = _rowPath(ofBase: p) { out.append(.remove(row)) }
    parent.children.remove(at: index)
    _fix([p.parent, p.parent?.parent], into: &out)
  }

  func _baseMoved(from a: TreePath, to b: TreePath, into out: inout [TreeSourceChanges.Step]) {
    guard a != b, let index = a.last, let target = b.last, let parent = _node(atBase: a.parent),
      index >= 0, index < parent.children.count
    else { return }
    // The destination's parent, named in the tree with the item removed,
    // and its path in the tree as it is.
    let destinationPath = b.parent.map { _PathShifts.beforeRemoval(at: a, $0) }
    guard let destination = _node(atBase: destinationPath), destination !== parent.children[index],
      target >= 0, target <= destination.children.count - (destination === parent ? 1 : 0)
    else { return }
    if parent.isMerged, let parentPath = a.parent { _split(at: parentPath, into: &out) }
    var from: TreePath?
    if destination !== parent && destination.isMerged, let destinationPath {
      if parent === _last(of: destination) {
        // The item leaves the last folder of a chain for an earlier one:
        // a child of the chain's row before and after, it stays a row.
        from = _split(at: destinationPath, keepingChildAt: index, into: &out)
      } else {
        _split(at: destinationPath, into: &out)
      }
    }
    guard let from = from ?? _rowPath(ofBase: a) else { return }
    let node = parent.children.remove(at: index)
    destination.children.insert(node, at: target)
    if let to = _rowPath(ofBase: b) { out.append(.move(from: from, to: to)) }
    // The old parent where it stands now.
    let oldParent = a.parent.flatMap { _PathShifts.apply(.move(from: a, to: b), to: $0) }
    _fix([oldParent, oldParent?.parent, b.parent, b.parent?.parent], into: &out)
  }

  func _baseUpdated(at p: TreePath, reading: TreePath?, into out: inout [TreeSourceChanges.Step]) {
    guard p.depth > 0, let node = _node(atBase: p), let reading else { return }
    if let isFolder = _isFolder, let element = try? base.element(at: reading) {
      node.isFolder = isFolder(element)
    }
    _fix([p.parent, p], into: &out)
    if let row = _rowPath(ofBase: p) { out.append(.update(row)) }
  }

  /// Breaks or forms the chains of the items at base paths `paths` that
  /// their children and folders no longer match, in order.
  ///
  /// - Complexity: O(*d*) each, plus the steps of a chain that breaks or
  ///   forms.
  func _fix(_ paths: [TreePath?], into out: inout [TreeSourceChanges.Step]) {
    for case let path? in paths where path.depth > 0 {
      guard let node = _node(atBase: path) else { continue }
      let merge = _shouldMerge(node)
      guard merge != node.isMerged else { continue }
      if merge { _merge(at: path, into: &out) } else { _split(at: path, into: &out) }
    }
  }

  /// Ends the row of the item at base path `path` at it: the children of
  /// the row go, its only child's row comes with them, and the row is
  /// updated.
  ///
  /// - Complexity: O(*d* + *m*) for the *m* children of the row.
  func _split(at path: TreePath, into out: inout [TreeSourceChanges.Step]) {
    _ = _split(at: path, keepingChildAt: nil, into: &out)
  }

  /// Ends the row of the item at base path `path` at it, as
  /// ``_split(at:into:)`` does; when `kept` is the index of one of the
  /// row's children that is about to become a child of the item, that one
  /// stays, after the inserted row of the item's only child. Returns where
  /// it stands then.
  ///
  /// - Complexity: O(*d* + *m*) for the *m* children of the row.
  func _split(at path: TreePath, keepingChildAt kept: Int?, into out: inout [TreeSourceChanges.Step]) -> TreePath? {
    guard let node = _node(atBase: path), node.isMerged, let row = _rowPath(ofBase: path) else { return nil }
    let count = _last(of: node).children.count
    for j in (0..<count).reversed() where j != kept { out.append(.remove(row.appending(j))) }
    node.isMerged = false
    out.append(.insert(row.appending(0)))
    out.append(.update(row))
    return row.appending(1)
  }

  /// Extends the row of the item at base path `path` (its last item) with
  /// its only child's row: that row's children move up into it, in order,
  /// the emptied row goes, and the row is updated.
  ///
  /// - Complexity: O(*d* + *m*) for the *m* children of the child's row.
  func _merge(at path: TreePath, into out: inout [TreeSourceChanges.Step]) {
    guard let node = _node(atBase: path), !node.isMerged, node.children.count == 1,
      let row = _rowPath(ofBase: path)
    else { return }
    let count = _last(of: node.children[0]).children.count
    for j in 0..<count { out.append(.move(from: row.appending(0).appending(0), to: row.appending(1 + j))) }
    out.append(.remove(row.appending(0)))
    node.isMerged = true
    out.append(.update(row))
  }
}
