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
      _arena.appendPath(
        toRow: row, beneath: _arena.children(_Arena.root), count: _arena.count(_Arena.root), recordingIn: &recorder)
    case .sectioned:
      let (item, offset) = _arena.subitem(of: _Arena.root, at: section)
      // The section's first row, less the sections before it, which take none.
      let first = offset - section
      _descend(toRow: row, inSectionItem: item, at: section, firstRow: first, recordingIn: &recorder)
    }
  }

  /// Walks down to the global row `row`, as
  /// ``_descend(toRow:inSection:recordingIn:)`` does; `false` (and nothing
  /// recorded) when there is no such row.
  ///
  /// - Complexity: O(*d* log *b*).
  @inline(__always)
  func _descend<R: _PathRecorder>(toGlobalRow row: Int, recordingIn recorder: inout R) -> Bool {
    switch layout {
    case .flat:
      // The root's rows are read here, not through `numberOfRows`, so that
      // its item is read once.
      let (children, count) = (_arena.children(_Arena.root), _arena.count(_Arena.root))
      guard row >= 0, row < count &+ _arena.extraRows(children) else { return false }
      _arena.appendPath(toRow: row, beneath: children, count: count, recordingIn: &recorder)
    case .sectioned:
      guard row >= 0, row < numberOfRows,
        let (section, item, offset) = _arena.subitem(of: _Arena.root, containingDescendantRow: row)
      else {
        return false
      }
      _descend(toRow: offset, inSectionItem: item, at: section, firstRow: row - offset, recordingIn: &recorder)
    }
    return true
  }

  /// The `.sectioned` descent beneath a section's known root item `item`,
  /// whose first row is `firstRow`.
  @inline(__always)
  func _descend<R: _PathRecorder>(
    toRow row: Int, inSectionItem item: _NodeID, at section: Int, firstRow: Int, recordingIn recorder: inout R
  ) {
    let beneath = _arena.visibleRowsBeneath(item)
    recorder.append(section, node: item, row: firstRow - 1, rowsBeneath: beneath, siblings: _arena.count(_Arena.root))
    _arena.appendPath(
      toRow: row, beneath: _arena.children(item), count: _arena.count(item), firstRow: firstRow,
      recordingIn: &recorder)
  }
}

/// What the drop-gap and indent-guide queries keep of a descent: the depth
/// reached, the last item's node and index, which items on the way are
/// their parents' last subitems, and, when asked, the path.
struct _BranchRecorder: _PathRecorder {
  /// The path, when kept (otherwise empty, never allocated).
  var indices: [Int] = []
  let keepsIndices: Bool
  /// For the indent guides, when kept: whether each item on the way but the
  /// last has a later sibling.
  var continuesBelow: [Bool] = []
  let keepsGuides: Bool
  /// The number of items passed.
  var depth = 0
  /// The last item's node.
  var node: _NodeID = .null
  /// Whether the last item is its parent's last subitem.
  var isLastSubitem = true
  /// The depth of the deepest item on the way that has a later sibling, 0
  /// when none has.
  var branchDepth = 0

  init(keepsIndices: Bool = false, keepsGuides: Bool = false) {
    self.keepsIndices = keepsIndices
    self.keepsGuides = keepsGuides
    if keepsIndices { indices.reserveCapacity(8) }
    if keepsGuides { continuesBelow.reserveCapacity(8) }
  }

  @inline(__always)
  mutating func append(_ index: Int, node: _NodeID, row: Int, rowsBeneath: Int, siblings: Int) {
    if keepsGuides && depth > 0 { continuesBelow.append(!isLastSubitem) }
    isLastSubitem = index == siblings &- 1
    if !isLastSubitem { branchDepth = depth &+ 1 }
    depth &+= 1
    self.node = node
    if keepsIndices { indices.append(index) }
  }
}

/// An item on the way down to a row: its index among its siblings, its
/// node, its global row and the end of its subtree's rows.
typealias _ChainLink = (index: Int, node: _NodeID, row: Int, end: Int)

/// What the sticky-row query keeps of a descent: a link per item on the
/// way.
struct _ChainRecorder: _PathRecorder {
  var links: [_ChainLink]

  init() {
    links = []
    links.reserveCapacity(8)
  }

  /// A recorder that appends to `links`.
  init(links: [_ChainLink]) {
    self.links = links
  }

  @inline(__always)
  mutating func append(_ index: Int, node: _NodeID, row: Int, rowsBeneath: Int, siblings: Int) {
    links.append((index, node, row, row &+ 1 &+ rowsBeneath))
  }
}
