import Foundation
import TreeIndex

/// Scroll anchoring, as browsers' `overflow-anchor`: the list remembers the
/// first visible row and, after any update, gives the content offset that
/// keeps it where it was on screen.
extension TreeList {
  /// Remembers the row at the viewport's top as the scroll anchor: the row
  /// covering `contentOffset` and how far into it the viewport's top is.
  ///
  /// From then on, every change the list hands its host carries the
  /// anchor along (see ``anchoredContentOffset``). Call it when the person
  /// scrolls.
  ///
  /// - Parameter contentOffset: The content offset of the viewport's top,
  ///   clamped into the content.
  /// - Complexity: O(*d* log *b*).
  public func setScrollAnchor(atContentOffset contentOffset: Double) {
    _settle()
    _scrollAnchor = _ScrollAnchor(
      contentOffset: contentOffset, rows: _index, contentHeight: contentHeight,
      rowAtOffset: { row(atOffset: $0) }, offsetOfRow: { offset(ofRow: $0) })
  }

  /// Forgets the scroll anchor.
  ///
  /// - Complexity: O(1).
  public func removeScrollAnchor() {
    _scrollAnchor = nil
  }

  /// The path of the scroll anchor's item, as the updates since
  /// ``setScrollAnchor(atContentOffset:)`` carried it, or `nil` when there
  /// is no anchor.
  ///
  /// - Complexity: O(*d* log *b*).
  public var scrollAnchorTreePath: TreePath? {
    _scrollAnchor.flatMap { index.treeIndexPath(fromTablePath: $0.tablePath) }
  }

  /// The content offset that keeps the scroll anchor's item where it was on
  /// screen, after whatever updates the list handed its host since
  /// ``setScrollAnchor(atContentOffset:)``.
  ///
  /// The anchor follows its item to its new row (a moved item, to where it
  /// moved). When the item is deleted or hidden, the anchor moves to the
  /// nearest surviving row before it (for a collapse, the collapsed
  /// ancestor), its top at the viewport's top; when no row before it
  /// survives, to the first row. The offset into the item is clamped to
  /// its height as it is now. After ``reloadData()``, which hands the host
  /// no changes, the anchor keeps its table path while that row exists.
  ///
  ///     list.setScrollAnchor(atContentOffset: 130)
  ///     try list.insertItems(at: [[0]])
  ///     list.anchoredContentOffset   // keeps the anchor: 130 plus the new row's height
  ///
  /// - Returns: The content offset, or `nil` when there is no anchor or
  ///   its row no longer exists.
  /// - Complexity: O(*d* log *b*).
  public var anchoredContentOffset: Double? {
    _settle()
    guard let anchor = _scrollAnchor, let treePath = _index.treeIndexPath(fromTablePath: anchor.tablePath),
      let row = _index.row(for: treePath)
    else { return nil }
    return anchor.contentOffset(ofRow: row, offsetOfRow: { offset(ofRow: $0) })
  }

  /// Carries the scroll anchor through `changes`, just handed to the host.
  ///
  /// - Complexity: O(*k* log *k*) for *k* ranges, when there is an anchor.
  func _carryScrollAnchor(through changes: TreeChanges) {
    guard let anchor = _scrollAnchor, !changes.isEmpty else { return }
    _scrollAnchor = anchor.carried(through: changes, rows: _index)
  }
}

/// A scroll anchor: the row at the viewport's top, as a table path, and how
/// far into it the viewport's top is.
struct _ScrollAnchor {
  var tablePath: IndexPath
  var offsetIntoRow: Double

  /// The anchor at `contentOffset` (clamped into the content), or `nil`
  /// when there are no rows.
  init?(
    contentOffset: Double, rows: TreeIndex, contentHeight: Double,
    rowAtOffset: (Double) -> Int?, offsetOfRow: (Int) -> Double
  ) {
    let count = rows.numberOfRows
    guard count > 0 else { return nil }
    let clamped = contentOffset.isNaN ? 0 : Swift.min(Swift.max(0, contentOffset), contentHeight)
    // Past the end, or in trailing rows of height 0: the last row.
    let row = rowAtOffset(clamped) ?? count - 1
    guard let treePath = rows.treePath(forRow: row), let tablePath = rows.tableIndexPath(fromTreePath: treePath)
    else { return nil }
    self.tablePath = tablePath
    self.offsetIntoRow = Swift.max(0, clamped - offsetOfRow(row))
  }

  init(tablePath: IndexPath, offsetIntoRow: Double) {
    self.tablePath = tablePath
    self.offsetIntoRow = offsetIntoRow
  }

  /// The content offset of the anchor when its row is `row`: the row's top
  /// plus the offset into it, clamped to the row's height.
  func contentOffset(ofRow row: Int, offsetOfRow: (Int) -> Double) -> Double {
    let top = offsetOfRow(row)
    let height = offsetOfRow(row + 1) - top
    return top + Swift.min(offsetIntoRow, height)
  }

  /// The anchor after `changes`, which took the table to `rows`: its row
  /// where it went, or the nearest surviving row before it (its top at the
  /// viewport's top), or the first row; `nil` when no row is left.
  func carried(through changes: TreeChanges, rows: TreeIndex) -> _ScrollAnchor? {
    let mapping = changes.rowMapping
    if let new = mapping.newIndexPath(forOldIndexPath: tablePath) {
      return _ScrollAnchor(tablePath: new, offsetIntoRow: offsetIntoRow)
    }
    if let survivor = mapping._newIndexPath(
      forNearestSurvivorAtOrBefore: tablePath, numberOfRowsInNewSection: { rows.numberOfRows(inSection: $0) })
    {
      return _ScrollAnchor(tablePath: survivor, offsetIntoRow: 0)
    }
    return _ScrollAnchor.first(in: rows)
  }

  /// The anchor at the top of the first row of `rows`, or `nil` when there
  /// are no rows.
  static func first(in rows: TreeIndex) -> _ScrollAnchor? {
    guard let treePath = rows.treePath(forRow: 0), let tablePath = rows.tableIndexPath(fromTreePath: treePath) else {
      return nil
    }
    return _ScrollAnchor(tablePath: tablePath, offsetIntoRow: 0)
  }
}
