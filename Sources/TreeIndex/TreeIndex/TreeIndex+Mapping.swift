#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// The map between tree paths and rows, both ways.
extension TreeIndex {
  /// The table path `[section, row]` where the item at `treePath` is drawn.
  ///
  /// In `.flat` every visible item is a row of section 0. In `.sectioned`
  /// a root item is a section, not a row, so its table path is `nil`.
  ///
  /// - Parameter treePath: An item's path, such as `[1, 1, 0]`.
  /// - Returns: The table path, or `nil` when the item is hidden (an
  ///   ancestor is collapsed), is a section, or does not exist.
  /// - Complexity: O(*d* log *b*), independent of the number of rows.
  public func tableIndexPath(fromTreePath treePath: TreePath) -> IndexPath? {
    _tableIndexPath(of: treePath, at: _flatRow(of: treePath))
  }

  /// The table path of the item at `treePath`, given its flat row and its
  /// root item's.
  func _tableIndexPath(of treePath: TreePath, at flatRow: (row: Int, rootRow: Int)?) -> IndexPath? {
    guard let (row, rootRow) = flatRow else { return nil }
    switch layout {
    case .flat:
      return IndexPath(indexes: [0, row])
    case .sectioned:
      guard treePath.depth > 1 else { return nil }
      return IndexPath(indexes: [treePath[0], row - rootRow - 1])
    }
  }

  /// The path of the item drawn at the table path `[section, row]`.
  ///
  /// - Parameter tablePath: A two-index path `[section, row]`.
  /// - Returns: The item's tree path, or `nil` when there is no such row
  ///   (or `tablePath` does not have exactly two indices).
  /// - Complexity: O(*d* log *b*), independent of the number of rows.
  public func treeIndexPath(fromTablePath tablePath: IndexPath) -> TreePath? {
    guard tablePath.count == 2 else { return nil }
    let section = tablePath[0]
    let row = tablePath[1]
    switch layout {
    case .flat:
      return section == 0 ? treePath(forRow: row) : nil
    case .sectioned:
      guard section >= 0, section < numberOfRootItems, row >= 0 else { return nil }
      let (item, offset) = _arena.subitem(of: _Arena.root, at: section)
      guard item != .null, row < _arena.visibleRowsBeneath(item) else { return nil }
      // As in `treePath(forRow:)`, the path is gathered on the stack; the
      // section's first row is its root item's flat row less the sections
      // before it.
      return withUnsafeTemporaryAllocation(of: Int.self, capacity: _PathBuffer.stackCapacity) { buffer in
        var path = _PathBuffer(buffer)
        _descend(toRow: row, inSectionItem: item, at: section, firstRow: offset - section, recordingIn: &path)
        return TreePath(_indices: path.indices)
      }
    }
  }

  /// The global row of the item at `treePath`: its position among the rows
  /// of all sections, in order.
  ///
  /// - Parameter treePath: An item's path.
  /// - Returns: The row, or `nil` when the item is hidden, is a section
  ///   (`.sectioned` root item), or does not exist.
  /// - Complexity: O(*d* log *b*), independent of the number of rows.
  public func row(for treePath: TreePath) -> Int? {
    guard let (row, _) = _flatRow(of: treePath) else { return nil }
    switch layout {
    case .flat:
      return row
    case .sectioned:
      // Root items 0 through treePath[0] come before the item in the flat
      // order but are sections, not rows.
      return treePath.depth > 1 ? row - treePath[0] - 1 : nil
    }
  }

  /// The path of the item drawn at a global row (counting across sections).
  ///
  /// - Parameter row: A row in `0 ..< numberOfRows`.
  /// - Returns: The item's tree path, or `nil` when there is no such row.
  /// - Complexity: O(*d* log *b*), independent of the number of rows.
  public func treePath(forRow row: Int) -> TreePath? {
    // The path is gathered on the stack and copied once into an array of
    // its length.
    withUnsafeTemporaryAllocation(of: Int.self, capacity: _PathBuffer.stackCapacity) { buffer in
      var path = _PathBuffer(buffer)
      guard _descend(toGlobalRow: row, recordingIn: &path) else { return nil }
      return TreePath(_indices: path.indices)
    }
  }

  /// The global rows that the item at `treePath` and its visible
  /// descendants occupy; for a `.sectioned` root item, the rows of its
  /// section.
  ///
  /// - Parameter treePath: An item's path.
  /// - Returns: The rows, or `nil` when the item is hidden or does not exist.
  /// - Complexity: O(*d* log *b*).
  public func rows(inSubtreeAt treePath: TreePath) -> Range<Int>? {
    guard let (row, _) = _flatRow(of: treePath), let node = _node(at: treePath) else { return nil }
    let beneath = node == .null ? 0 : _arena.visibleRowsBeneath(node)
    switch layout {
    case .flat:
      return row..<(row + 1 + beneath)
    case .sectioned:
      let first = row - treePath[0] - (treePath.depth > 1 ? 1 : 0)
      let length = beneath + (treePath.depth > 1 ? 1 : 0)
      return first..<(first + length)
    }
  }

  /// The nesting level of the item at a global row: 0 for a root item, 1
  /// for its subitems, and so on (in `.sectioned`, rows start at level 1).
  ///
  /// - Parameter row: A row in `0 ..< numberOfRows`.
  /// - Returns: The item's depth minus one, or `nil` when there is no such
  ///   row.
  /// - Complexity: O(*d* log *b*).
  public func level(forRow row: Int) -> Int? {
    var path = _DepthRecorder()
    guard _descend(toGlobalRow: row, recordingIn: &path) else { return nil }
    return path.depth - 1
  }

  /// The path of the visible item after the one at `treePath`, in row
  /// order (across sections).
  ///
  /// - Parameter treePath: A visible item's path.
  /// - Returns: The next row's item, or `nil` when the item is the last row,
  ///   is hidden, or does not exist. For a `.sectioned` root item, the first
  ///   row of its section or of a later one.
  /// - Complexity: O(*d* log *b*).
  public func visibleTreePath(after treePath: TreePath) -> TreePath? {
    guard let (row, _) = _flatRow(of: treePath) else { return nil }
    switch layout {
    case .flat:
      return self.treePath(forRow: row + 1)
    case .sectioned:
      // Root items 0 ..< s precede the item's flat row but are no rows: the
      // next row, after a row or after a section item, is `row - s`.
      return self.treePath(forRow: row - treePath[0])
    }
  }

  /// The path of the visible item before the one at `treePath`, in row
  /// order (across sections).
  ///
  /// - Parameter treePath: A visible item's path.
  /// - Returns: The previous row's item, or `nil` when the item is the first
  ///   row, is a `.sectioned` root item, is hidden, or does not exist.
  /// - Complexity: O(*d* log *b*).
  public func visibleTreePath(before treePath: TreePath) -> TreePath? {
    guard let row = row(for: treePath), row > 0 else { return nil }
    return self.treePath(forRow: row - 1)
  }
}
