/// Where rows are, for hosts that lay out only what is on screen: the total
/// height, the offset of a row, and the row at an offset.
///
/// Each known item keeps the heights of its subitems in a column whose
/// nodes sum the heights beneath them, and each subitem's entry includes the
/// height shown beneath it while it is expanded. So an offset is a sum of
/// O(*d*) prefix sums, and expanding or collapsing an item changes
/// O(*d* log *b*) sums — rows elsewhere are never measured again.
extension TreeList {
  /// The height of all rows together.
  ///
  /// - Complexity: O(1).
  public var contentHeight: Double {
    _settle()
    return _columns.total(TreeIndex._rootItemID)
  }

  /// The offset from the top of the list (across sections) where the row
  /// at global row `row` starts: the sum of the heights of the rows before.
  ///
  /// - Parameter row: A global row; 0 or less gives 0, and
  ///   ``TreeList/numberOfRows`` or more gives ``contentHeight``.
  /// - Returns: The row's top offset.
  /// - Complexity: O(*d* log *b*), whatever the number of rows.
  public func offset(ofRow row: Int) -> Double {
    _settle()
    guard row > 0 else { return 0 }
    guard row < numberOfRows, let treePath = _index.treePath(forRow: row) else { return contentHeight }
    var item = TreeIndex._rootItemID
    var offset = 0.0
    for (level, i) in treePath.enumerated() {
      // Every item on the way has a column, except while the list is asking
      // its data source about a subtree it has not stored yet.
      guard _columns.hasColumn(item), i < _columns.count(item) else { break }
      offset += _columns.height(item, before: i)
      if level == treePath.depth - 1 { break }
      offset += _columns.entry(item, at: i).own
      guard let subitem = _index._knownItemID(ofSubitem: i, of: item) else { break }
      item = subitem
    }
    return offset
  }

  /// The global row that covers `offset`: the row whose top is at or above
  /// it and whose bottom is below it. Rows of height 0 cover no offset.
  ///
  /// - Parameter offset: A distance from the top of the list.
  /// - Returns: The row, or `nil` when `offset` is negative or not less than
  ///   ``contentHeight``.
  /// - Complexity: O(*d* log *b*), whatever the number of rows.
  public func row(atOffset offset: Double) -> Int? {
    _settle()
    guard offset >= 0, offset < contentHeight else { return nil }
    var item = TreeIndex._rootItemID
    var remaining = offset
    var indices: [Int] = []
    while true {
      guard _columns.hasColumn(item), let (i, start) = _columns.entry(item, containing: remaining) else { return nil }
      indices.append(i)
      remaining -= start
      let own = _columns.entry(item, at: i).own
      if remaining < own { break }
      remaining -= own
      guard let child = _index._knownItemID(ofSubitem: i, of: item) else { return nil }
      item = child
    }
    return _index.row(for: TreePath(indices))
  }
}
