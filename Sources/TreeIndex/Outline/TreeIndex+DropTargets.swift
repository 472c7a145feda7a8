#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Where a dragged item can land: the levels a gap between rows admits, the
/// target at each level, and a drop on an item.
extension TreeIndex {
  /// The levels at which an item dropped before the row at `tablePath` can
  /// land.
  ///
  /// A gap is named by the table path of the row after it, `[section, row]`,
  /// as a table view names a drop's destination: `row` runs from 0 (before
  /// the section's first row) to ``numberOfRows(inSection:)`` (after its
  /// last). Between a row *A* at level *a* and the next row *B* at level
  /// *b*, the dropped item can follow *A*'s ancestor at any level from *b*
  /// to *a* (at level *b*, it comes just before *B*), or, when *A* is
  /// expanded, become *A*'s first subitem (level *a* + 1). Before the first
  /// row the only level is the first row's; after the last row, every level
  /// from the lowest (0 in `.flat`) to *A*'s, plus *A*'s subitems' when *A*
  /// is expanded.
  ///
  /// In `.sectioned`, root items are sections and rows are per section. A
  /// section's rows start at level 1; level 0 drops a root item (a section):
  /// after the section, at the gap after its last row, and before the first
  /// section, at the gap before its first row when it has one. An empty
  /// section's only gap, `[section, 0]`, admits level 0 (after the section)
  /// and, when the section's item has known subitems, level 1: into the
  /// section, as ``dropTarget(onItemAt:asFirstSubitem:)`` drops on it.
  ///
  ///     var index = TreeIndex(numberOfRootItems: 2)
  ///     try index.expand([0], numberOfSubitems: 2)
  ///     index.dropLevels(beforeRowAt: [0, 3])   // 0...1: after [0, 1] or after [0]
  ///
  /// - Parameter tablePath: The table path `[section, row]` of the row after
  ///   the gap; `row` may be the section's number of rows.
  /// - Returns: The levels, lowest first, or `nil` when `tablePath` names no
  ///   gap (an index out of range, or not exactly two indices).
  /// - Complexity: O(*d* log *b*).
  public func dropLevels(beforeRowAt tablePath: IndexPath) -> ClosedRange<Int>? {
    _dropGap(beforeRowAt: tablePath).map { ($0.lowestDepth - 1)...($0.highestDepth - 1) }
  }

  /// The target of an item dropped before the row at `tablePath` at a
  /// level, the level clamped into the gap's ``dropLevels(beforeRowAt:)``.
  ///
  /// A pointer's horizontal position picks the level; whatever it is, the
  /// target is one the gap admits. The insertion marker is drawn in the gap,
  /// indented to the target's ``TreeDropTarget/level``, and
  /// ``highlightedRows(for:)`` gives the rows of the parent's subtree to
  /// highlight.
  ///
  ///     var index = TreeIndex(numberOfRootItems: 2)
  ///     try index.expand([0], numberOfSubitems: 2)
  ///     index.dropTarget(beforeRowAt: [0, 3], level: 1)   // parent [0], index 2
  ///     index.dropTarget(beforeRowAt: [0, 3], level: 0)   // parent nil, index 1
  ///     index.dropTarget(beforeRowAt: [0, 3], level: 9)   // parent [0], index 2
  ///
  /// - Parameters:
  ///   - tablePath: The table path `[section, row]` of the row after the
  ///     gap; `row` may be the section's number of rows.
  ///   - level: The level the pointer asks for: 0 for a root item, 1 for a
  ///     subitem of one, and so on.
  /// - Returns: The target in the tree as it is now, or `nil` when
  ///   `tablePath` names no gap.
  /// - Complexity: O(*d* log *b*).
  public func dropTarget(beforeRowAt tablePath: IndexPath, level: Int) -> TreeDropTarget? {
    guard var gap = _dropGap(beforeRowAt: tablePath, keepingPath: true) else { return nil }
    // Clamped as a level first, so that no level overflows.
    let depth = Swift.min(Swift.max(level, gap.lowestDepth - 1), gap.highestDepth - 1) + 1
    if let aboveDepth = gap.aboveDepth {
      // `gap.path` is the row above's.
      if gap.isAboveExpanded && depth == aboveDepth + 1 {
        return TreeDropTarget(parent: TreePath(gap.path), index: 0)
      }
      if gap.belowDepth.map({ depth > $0 }) ?? true {
        // After the row above's ancestor at that depth (or the row itself).
        return gap.target(afterItemAtDepth: depth)
      }
      // At the row below's depth, which is the row above's subitem's or
      // its ancestor's next sibling's.
      let belowDepth = gap.belowDepth!
      if belowDepth == aboveDepth + 1 { return TreeDropTarget(parent: TreePath(gap.path), index: 0) }
      return gap.target(afterItemAtDepth: belowDepth)
    }
    if let belowDepth = gap.belowDepth {
      // `gap.path` is the row below's.
      if depth == belowDepth {
        let index = gap.path.removeLast()
        return TreeDropTarget(parent: gap.path.isEmpty ? nil : TreePath(gap.path), index: index)
      }
      // `.sectioned`, before the first section.
      return TreeDropTarget(parent: nil, index: 0)
    }
    // No row on either side: an empty table or an empty section.
    switch layout {
    case .flat:
      return TreeDropTarget(parent: nil, index: 0)
    case .sectioned:
      let section = tablePath[0]
      if depth == 1 { return TreeDropTarget(parent: nil, index: section + 1) }
      return dropTarget(onItemAt: [section])
    }
  }

  /// The target of an item dropped on the item at `treePath`: it becomes
  /// the item's last subitem, or its first.
  ///
  /// The item need not be expanded, but its subitems must be known (it was
  /// expanded once, or was told its number of subitems): a drop on an item
  /// never expanded has no index to name until its subitems are loaded.
  ///
  /// - Parameters:
  ///   - treePath: The path of the item the pointer is over.
  ///   - asFirstSubitem: `true` to drop before the item's first subitem;
  ///     `false` (the default) to drop after its last, as `NSOutlineView`
  ///     does for a drop on an item.
  /// - Returns: The target, or `nil` when `treePath` names no item or the
  ///   item's subitems are not known.
  /// - Complexity: O(*d* log *b*).
  public func dropTarget(onItemAt treePath: TreePath, asFirstSubitem: Bool = false) -> TreeDropTarget? {
    guard let count = numberOfSubitems(of: treePath), !treePath.isEmpty else { return nil }
    return TreeDropTarget(parent: treePath, index: asFirstSubitem ? 0 : count)
  }

  /// The global rows to highlight for a drop at `target`: the rows of the
  /// parent's subtree (the parent's own row and its visible descendants'; in
  /// `.sectioned`, for a root item, the rows of its section).
  ///
  /// - Parameter target: A drop target.
  /// - Returns: The rows, or `nil` when the target's parent is the root or is
  ///   hidden.
  /// - Complexity: O(*d* log *b*).
  public func highlightedRows(for target: TreeDropTarget) -> Range<Int>? {
    target.parent.flatMap { rows(inSubtreeAt: $0) }
  }

  /// The rows on either side of a gap and the depths an item dropped there
  /// can have.
  struct _DropGap {
    /// The depth of the row before the gap, if any.
    var aboveDepth: Int?
    /// Whether the row before the gap is expanded.
    var isAboveExpanded: Bool
    /// The depth of the row after the gap, if any.
    var belowDepth: Int?
    /// The least and the greatest depth (level + 1) of a dropped item.
    var lowestDepth: Int
    var highestDepth: Int
    /// When asked for, the path of the row before the gap, or of the row
    /// after it when there is none before; otherwise empty.
    var path: [Int]

    /// The target after the ancestor at `depth` of the row before the gap
    /// (or after the row itself), consuming ``path``.
    mutating func target(afterItemAtDepth depth: Int) -> TreeDropTarget {
      path.removeLast(path.count - depth)
      let index = path.removeLast() + 1
      return TreeDropTarget(parent: path.isEmpty ? nil : TreePath(path), index: index)
    }
  }

  /// The gap before the row at `tablePath`, or `nil` when there is none.
  ///
  /// One descent, to the row before the gap (or after it, when there is
  /// none before): the row after it is the row before's first subitem when
  /// that one is expanded and has subitems, otherwise the next sibling of
  /// its deepest ancestor (or itself) that has one.
  ///
  /// - Parameter keepingPath: Whether to keep the path descended to.
  /// - Complexity: O(*d* log *b*).
  func _dropGap(beforeRowAt tablePath: IndexPath, keepingPath: Bool = false) -> _DropGap? {
    guard tablePath.count == 2 else { return nil }
    let section = tablePath[0]
    let row = tablePath[1]
    guard section >= 0, section < numberOfSections, row >= 0 else { return nil }
    let rowCount = numberOfRows(inSection: section)
    guard row <= rowCount else { return nil }
    let rowDepth = layout == .flat ? 1 : 2
    guard rowCount > 0 else {
      // No row on either side: an empty table or an empty section.
      let highest = layout == .sectioned && numberOfSubitems(of: [section]) != nil ? rowDepth : 1
      return _DropGap(
        aboveDepth: nil, isAboveExpanded: false, belowDepth: nil, lowestDepth: 1, highestDepth: highest, path: [])
    }
    var walk = _BranchRecorder(keepsIndices: keepingPath)
    _descend(toRow: row > 0 ? row - 1 : 0, inSection: section, recordingIn: &walk)
    guard row > 0 else {
      let below = walk.depth
      return _DropGap(
        aboveDepth: nil, isAboveExpanded: false, belowDepth: below,
        lowestDepth: layout == .sectioned && section == 0 ? 1 : below, highestDepth: below, path: walk.indices)
    }
    let above = walk.depth
    let isAboveExpanded = walk.node != .null && _arena.isExpanded(walk.node)
    let highest = above + (isAboveExpanded ? 1 : 0)
    guard row < rowCount else {
      // In `.sectioned`, level 0 is after the section.
      return _DropGap(
        aboveDepth: above, isAboveExpanded: isAboveExpanded, belowDepth: nil, lowestDepth: 1,
        highestDepth: highest, path: walk.indices)
    }
    let below = isAboveExpanded && _arena.count(walk.node) > 0 ? above + 1 : walk.branchDepth
    return _DropGap(
      aboveDepth: above, isAboveExpanded: isAboveExpanded, belowDepth: below, lowestDepth: below,
      highestDepth: highest, path: walk.indices)
  }
}
