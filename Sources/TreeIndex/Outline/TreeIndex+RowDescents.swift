/// One descent of the storage to a row, keeping what the outline queries
/// need of the items on the way (their nodes, their parents' numbers of
/// subitems, their rows), so that no second descent reads them again.
extension TreeIndex {
  /// Walks down to the row at `row` of `section`, giving `recorder` each
  /// item on the way, the section's root item first in `.sectioned`; rows
  /// are given as global rows.
  ///
  /// - Precondition: `row` is a row of `section`.
  /// - Complexity: O(*d* log *b*).
  @inline(__always)
  func _descend<R: _PathRecorder>(toRow row: Int, inSection section: Int, recordingIn recorder: inout R) {
    switch layout {
    case .flat:
      _arena.appendPath(toRow: row, beneath: _arena.children(_Arena.root), recordingIn: &recorder)
    case .sectioned:
      let (item, offset) = _arena.subitem(of: _Arena.root, at: section)
      // The section's first row, less the sections before it, which take none.
      let first = offset + 1 - (section + 1)
      recorder.append(section, node: item, row: first - 1)
      _arena.appendPath(toRow: row, beneath: _arena.children(item), firstRow: first, recordingIn: &recorder)
    }
  }

  /// Walks down to the global row `row`, as
  /// ``_descend(toRow:inSection:recordingIn:)`` does; `false` (and nothing
  /// recorded) when there is no such row.
  ///
  /// - Complexity: O(*d* log *b*).
  @inline(__always)
  func _descend<R: _PathRecorder>(toGlobalRow row: Int, recordingIn recorder: inout R) -> Bool {
    guard row >= 0, row < numberOfRows else { return false }
    switch layout {
    case .flat:
      _arena.appendPath(toRow: row, beneath: _arena.children(_Arena.root), recordingIn: &recorder)
    case .sectioned:
      guard let (section, item, offset) = _arena.subitem(of: _Arena.root, containingDescendantRow: row) else {
        return false
      }
      recorder.append(section, node: item, row: row - offset - 1)
      _arena.appendPath(
        toRow: offset, beneath: _arena.children(item), firstRow: row - offset, recordingIn: &recorder)
    }
    return true
  }
}

/// What the drop-gap and indent-guide queries keep of a descent: the depth
/// reached, the last item's node and index, which items on the way are
/// their parents' last subitems, and, when asked, the path.
struct _BranchRecorder: _PathRecorder {
  let arena: _Arena
  /// The path, when kept (otherwise empty, never allocated).
  var indices: [Int] = []
  let keepsIndices: Bool
  /// For the indent guides, when kept: whether each item on the way but the
  /// last has a later sibling.
  var continuesBelow: [Bool] = []
  let keepsGuides: Bool
  /// The number of items passed.
  var depth = 0
  /// The last item's node (the virtual root before any).
  var node: _NodeID = _Arena.root
  /// The last item's index.
  var index = 0
  /// Whether the last item is its parent's last subitem.
  var isLastSubitem = true
  /// The depth of the deepest item on the way that has a later sibling, 0
  /// when none has.
  var branchDepth = 0

  init(arena: _Arena, keepsIndices: Bool = false, keepsGuides: Bool = false) {
    self.arena = arena
    self.keepsIndices = keepsIndices
    self.keepsGuides = keepsGuides
    if keepsIndices { indices.reserveCapacity(8) }
    if keepsGuides { continuesBelow.reserveCapacity(8) }
  }

  @inline(__always)
  mutating func append(_ index: Int, node: _NodeID, row: Int) {
    if keepsGuides && depth > 0 { continuesBelow.append(!isLastSubitem) }
    // Every item above the last is known: only a known item has subitems.
    isLastSubitem = index == arena.count(self.node) &- 1
    if !isLastSubitem { branchDepth = depth &+ 1 }
    depth &+= 1
    self.node = node
    self.index = index
    if keepsIndices { indices.append(index) }
  }
}

/// What the sticky-row query keeps of a descent: the path, and each item's
/// global row and the end of its subtree's rows.
struct _ChainRecorder: _PathRecorder {
  let arena: _Arena
  var indices: [Int] = []
  var rows: [(row: Int, end: Int)] = []

  init(arena: _Arena) {
    self.arena = arena
    indices.reserveCapacity(8)
    rows.reserveCapacity(8)
  }

  @inline(__always)
  mutating func append(_ index: Int, node: _NodeID, row: Int) {
    indices.append(index)
    let beneath = node == .null ? 0 : arena.visibleRowsBeneath(node)
    rows.append((row, row &+ 1 &+ beneath))
  }
}
