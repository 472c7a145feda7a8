import Foundation

/// Where rows are, for hosts that lay out only what is on screen: sums of
/// the rows' heights (see ``heightOfItem``).
extension DiffableTreeList {
  /// The height of all rows together.
  ///
  /// - Complexity: O(1).
  public var contentHeight: Double { _heights?.total ?? Double(numberOfRows) }

  /// The offset from the top of the list (across sections) where the row
  /// at global row `row` starts: the sum of the heights of the rows before.
  ///
  /// - Parameter row: A global row (see ``row(of:)``); 0 or less gives 0,
  ///   and ``numberOfRows`` or more gives ``contentHeight``.
  /// - Returns: The row's top offset.
  /// - Complexity: O(log *r*) for *r* runs of rows of one height, whatever
  ///   the number of rows.
  public func offset(ofRow row: Int) -> Double {
    let row = Swift.min(Swift.max(0, row), numberOfRows)
    return _heights?.offset(ofRow: row) ?? Double(row)
  }

  /// The global row that covers `offset`: the row whose top is at or above
  /// it and whose bottom is below it. Rows of height 0 cover no offset.
  ///
  /// - Parameter offset: A distance from the top of the list.
  /// - Returns: The row (see ``itemID(atRow:)``), or `nil` when `offset` is
  ///   negative or not less than ``contentHeight``.
  /// - Complexity: O(log *r*) for *r* runs of rows of one height, whatever
  ///   the number of rows.
  public func row(atOffset offset: Double) -> Int? {
    if let heights = _heights { return heights.row(atOffset: offset) }
    guard offset >= 0, offset < Double(numberOfRows) else { return nil }
    return Int(offset)
  }

  /// The height of the row at `tablePath`, as the list keeps it.
  ///
  /// - Parameter tablePath: A row of the host list, `[section, row]`.
  /// - Returns: The row's height, or 0 when there is no such row.
  /// - Complexity: O(*d* log *b*); asks nothing.
  public func height(at tablePath: IndexPath) -> Double {
    let rows = _rows
    guard let treePath = rows.treeIndexPath(fromTablePath: tablePath), let row = rows.row(for: treePath) else {
      return 0
    }
    return _heights?.height(ofRow: row) ?? 1
  }
}
