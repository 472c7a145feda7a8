import TreeIndex

/// The sticky rows of an outline, by a plain walk over its visible rows
/// with their heights: the obviously correct answer the library's descents
/// are checked against.
public enum StickyRowModel {
  /// The sticky rows of a viewport whose top is at `contentOffset`.
  ///
  /// From the top down: the point just below the sticky rows so far is
  /// covered by some row; the next sticky row is that row's ancestor one
  /// level below the previous sticky row (the outermost row-level ancestor
  /// for the first), when the covered row is in the previous one's subtree;
  /// it sticks when it has visible descendants and, when it is the covered
  /// row itself, its top is above the point; it is drawn below the previous ones, or higher so that its
  /// bottom does not pass the bottom of its subtree's last row.
  ///
  /// - Parameters:
  ///   - rows: The visible rows' paths, in row order.
  ///   - heights: The rows' heights.
  ///   - contentOffset: The viewport's top.
  ///   - maximumCount: The most rows to stick.
  ///   - firstDepth: The depth of the outermost rows: 1 in `.flat`, 2 in
  ///     `.sectioned`.
  public static func stickyRows(
    rows: [TreePath], heights: [Double], contentOffset: Double, maximumCount: Int, firstDepth: Int
  ) -> [TreeStickyRow] {
    var tops: [Double] = []
    var sum = 0.0
    for height in heights {
      tops.append(sum)
      sum += height
    }
    func rowCovering(_ point: Double) -> Int? {
      rows.indices.first { tops[$0] <= point && point < tops[$0] + heights[$0] }
    }
    var result: [TreeStickyRow] = []
    var stuckHeight = 0.0
    while result.count < maximumCount {
      let point = contentOffset + stuckHeight
      guard let covered = rowCovering(point) else { break }
      let path = rows[covered]
      let depth = (result.last?.treePath.depth ?? firstDepth - 1) + 1
      guard path.depth >= depth else { break }
      if let previous = result.last, !previous.treePath.isAncestor(of: path) { break }
      let candidate = TreePath(path.prefix(depth))
      guard let row = rows.firstIndex(of: candidate) else { break }
      var end = row + 1
      while end < rows.count && candidate.isAncestor(of: rows[end]) { end += 1 }
      guard end > row + 1 else { break }  // no visible descendants
      // The covered row itself sticks only when it is partly scrolled above.
      if row == covered && !(tops[row] < point) { break }
      let subtreeBottom = tops[end - 1] + heights[end - 1] - contentOffset
      result.append(
        TreeStickyRow(treePath: candidate, row: row, offset: min(stuckHeight, subtreeBottom - heights[row])))
      stuckHeight += heights[row]
    }
    return result
  }
}
