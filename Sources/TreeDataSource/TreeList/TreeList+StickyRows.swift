import TreeIndex

/// The ancestors the host keeps at the top of its viewport, with the rows'
/// heights.
extension TreeList {
  /// The rows stuck to the top of a viewport whose top is at
  /// `contentOffset`, outermost first, each with the offset at which it is
  /// drawn from the viewport's top.
  ///
  /// The rows are those of ``/TreeIndex/TreeIndex/stickyRows(forTopRow:maximumCount:)``,
  /// found with the rows' heights: each next sticky row is an ancestor of
  /// the first row not covered by the sticky rows above it (the row at the
  /// covered point sticks itself when its top is above that point and it
  /// has visible subitems), and the last is pushed up when the end of its
  /// subtree comes within its height. In `.sectioned`, sections' root items
  /// are no rows and never stick. Beyond `maximumCount`, the outermost are
  /// kept.
  ///
  /// - Parameters:
  ///   - contentOffset: The content offset of the viewport's top.
  ///   - maximumCount: The most rows to stick; 7 unless given, as VS Code
  ///     shows.
  /// - Returns: The sticky rows, outermost first: empty when none sticks or
  ///   `contentOffset` is outside `0 ..< contentHeight`.
  /// - Complexity: O(*m* · *d* log *b*) for *m* sticky rows (at most the
  ///   depth and `maximumCount`), with the height sums the list keeps.
  public func stickyRows(
    atContentOffset contentOffset: Double,
    maximumCount: Int = TreeIndex.defaultMaximumNumberOfStickyRows
  ) -> [TreeStickyRow] {
    _settle()
    return _index._stickyRows(
      atOffset: contentOffset, maximumCount: maximumCount,
      rowAtOffset: { row(atOffset: $0) }, offsetOfRow: { offset(ofRow: $0) })
  }
}
