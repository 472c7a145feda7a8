/// Where rows are, for hosts that lay out only what is on screen: the
/// tree list's cached height sums (see ``heightOfItem``).
extension DiffableTreeList {
  /// The height of all rows together.
  ///
  /// - Complexity: O(1).
  public var contentHeight: Double { _list.contentHeight }

  /// The offset from the top of the list (across sections) where the row
  /// at global row `row` starts: the sum of the heights of the rows before.
  ///
  /// - Parameter row: A global row (see ``row(of:)``); 0 or less gives 0,
  ///   and ``numberOfRows`` or more gives ``contentHeight``.
  /// - Returns: The row's top offset.
  /// - Complexity: O(*d* log *b*), whatever the number of rows.
  public func offset(ofRow row: Int) -> Double { _list.offset(ofRow: row) }

  /// The global row that covers `offset`: the row whose top is at or above
  /// it and whose bottom is below it. Rows of height 0 cover no offset.
  ///
  /// - Parameter offset: A distance from the top of the list.
  /// - Returns: The row (see ``itemID(atRow:)``), or `nil` when `offset` is
  ///   negative or not less than ``contentHeight``.
  /// - Complexity: O(*d* log *b*), whatever the number of rows.
  public func row(atOffset offset: Double) -> Int? { _list.row(atOffset: offset) }
}
