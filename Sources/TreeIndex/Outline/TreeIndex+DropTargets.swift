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
    guard let gap = _dropGap(beforeRowAt: tablePath) else { return nil }
    // Clamped as a level first, so that no level overflows.
    let depth = Swift.min(Swift.max(level, gap.lowestDepth - 1), gap.highestDepth - 1) + 1
    if let above = gap.above {
      if gap.isAboveExpanded && depth == above.depth + 1 {
        return TreeDropTarget(parent: above, index: 0)
      }
      if gap.below.map({ depth > $0.depth }) ?? true {
        // After the row above's ancestor at that depth (or the row itself).
        return TreeDropTarget(parent: TreePath(above.prefix(depth - 1)), index: above[depth - 1] + 1)
          ._rootParentAsNil
      }
    }
    if let below = gap.below {
      if depth == below.depth { return TreeDropTarget(parent: below.parent, index: below[below.depth - 1]) }
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
    /// The path of the row before the gap, if any.
    var above: TreePath?
    /// Whether the row before the gap is expanded.
    var isAboveExpanded: Bool
    /// The path of the row after the gap, if any.
    var below: TreePath?
    /// The least and the greatest depth (level + 1) of a dropped item.
    var lowestDepth: Int
    var highestDepth: Int
  }

  /// The gap before the row at `tablePath`, or `nil` when there is none.
  ///
  /// - Complexity: O(*d* log *b*).
  func _dropGap(beforeRowAt tablePath: IndexPath) -> _DropGap? {
    guard tablePath.count == 2 else { return nil }
    let section = tablePath[0]
    let row = tablePath[1]
    guard section >= 0, section < numberOfSections, row >= 0 else { return nil }
    let rowCount = numberOfRows(inSection: section)
    guard row <= rowCount else { return nil }
    let above = row > 0 ? treeIndexPath(fromTablePath: IndexPath(indexes: [section, row - 1])) : nil
    let below = row < rowCount ? treeIndexPath(fromTablePath: IndexPath(indexes: [section, row])) : nil
    let isAboveExpanded = above.map { isExpanded($0) } ?? false
    let rowDepth = layout == .flat ? 1 : 2
    var lowest: Int
    var highest: Int
    switch (above, below) {
    case (let above?, let below?):
      lowest = below.depth
      highest = above.depth + (isAboveExpanded ? 1 : 0)
    case (let above?, nil):
      lowest = 1  // in `.sectioned`, level 0 is after the section
      highest = above.depth + (isAboveExpanded ? 1 : 0)
    case (nil, let below?):
      lowest = layout == .sectioned && section == 0 ? 1 : below.depth
      highest = below.depth
    case (nil, nil):
      lowest = 1
      highest = layout == .sectioned && numberOfSubitems(of: [section]) != nil ? rowDepth : 1
    }
    return _DropGap(
      above: above, isAboveExpanded: isAboveExpanded, below: below, lowestDepth: lowest, highestDepth: highest)
  }
}

extension TreeDropTarget {
  /// The target with an empty parent path read as the root.
  var _rootParentAsNil: TreeDropTarget {
    parent?.isEmpty == true ? TreeDropTarget(parent: nil, index: index) : self
  }
}
