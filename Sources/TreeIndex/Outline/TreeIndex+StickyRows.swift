/// The ancestors an outline keeps at the top of its viewport.
extension TreeIndex {
  /// The maximum number of sticky rows when none is given: 7, as VS Code
  /// shows.
  public static let defaultMaximumNumberOfStickyRows = 7

  /// The rows stuck to the top of a viewport whose first row is `topRow`,
  /// every row one unit high, outermost first.
  ///
  /// The sticky rows are found from the top down. The first is the
  /// outermost ancestor of the row at the viewport's top (in `.sectioned`,
  /// its ancestor at level 1: a section's root item is a section, not a
  /// row, and never sticks). Each next one is the subitem of the previous
  /// one on the way to the first row not covered by the sticky rows so
  /// far, and there is none when that row is not in the previous one's
  /// subtree. A row sticks only when its own row is scrolled above the
  /// point it would cover and it has visible subitems: the row at the
  /// covered point itself sticks only when its top is above that point (by
  /// rows, never). Each is drawn below the ones before it, except that the
  /// last is pushed up when the end of its subtree comes within its
  /// height, as the next sibling's subtree arrives (by whole rows, that
  /// never happens: `TreeList` and `DiffableTreeList` give the same rows
  /// for any content offset, with their heights). Beyond `maximumCount`,
  /// the outermost are kept, as VS Code keeps them.
  ///
  ///     var index = TreeIndex(numberOfRootItems: 2)
  ///     try index.expand([0], numberOfSubitems: 3)
  ///     try index.expand([0, 0], numberOfSubitems: 2)
  ///     index.stickyRows(forTopRow: 2)   // sticks [0] at 0, [0, 0] at 1
  ///     index.stickyRows(forTopRow: 3)   // sticks [0] at 0: it covers [0, 0, 1], and [0, 1] has no subitems
  ///
  /// - Parameters:
  ///   - topRow: The global row at the viewport's top.
  ///   - maximumCount: The most rows to stick; 7 unless given.
  /// - Returns: The sticky rows, outermost first: empty when none sticks,
  ///   `topRow` is out of range or `maximumCount` is not positive.
  /// - Complexity: O(*m* · *d* log *b*) for *m* sticky rows (at most the
  ///   depth and `maximumCount`): two descents per row.
  public func stickyRows(
    forTopRow topRow: Int, maximumCount: Int = defaultMaximumNumberOfStickyRows
  ) -> [TreeStickyRow] {
    let rowCount = numberOfRows
    guard topRow >= 0, topRow < rowCount else { return [] }
    return _stickyRows(
      atOffset: Double(topRow), maximumCount: maximumCount,
      rowAtOffset: { offset in offset >= 0 && offset < Double(rowCount) ? Int(offset) : nil },
      offsetOfRow: { row in Double(row) })
  }

  /// The sticky rows of a viewport whose top is at `contentOffset`, with
  /// the rows' geometry given by two closures.
  ///
  /// - Parameters:
  ///   - contentOffset: The content offset of the viewport's top.
  ///   - maximumCount: The most rows to stick.
  ///   - rowAtOffset: The global row covering an offset, or `nil` past the
  ///     end (rows of height 0 cover none).
  ///   - offsetOfRow: The top of a global row; the content height for the
  ///     row count.
  /// - Returns: The sticky rows, outermost first.
  /// - Complexity: O(*m*) descents and geometry questions for *m* sticky
  ///   rows.
  package func _stickyRows(
    atOffset contentOffset: Double, maximumCount: Int,
    rowAtOffset: (Double) -> Int?, offsetOfRow: (Int) -> Double
  ) -> [TreeStickyRow] {
    guard maximumCount > 0, contentOffset.isFinite else { return [] }
    var result: [TreeStickyRow] = []
    // The sticky rows' heights so far: the covered point is this far below
    // the viewport's top.
    var stickyHeight = 0.0
    let firstDepth = layout == .flat ? 1 : 2
    while result.count < maximumCount {
      let point = contentOffset + stickyHeight
      guard let coveredRow = rowAtOffset(point), let covered = treePath(forRow: coveredRow) else { break }
      let depth = result.last.map { $0.treePath.depth + 1 } ?? firstDepth
      guard covered.depth >= depth else { break }
      let candidate = TreePath(covered.prefix(depth))
      if let previous = result.last, !previous.treePath.isAncestor(of: candidate) { break }
      guard let rows = rows(inSubtreeAt: candidate), rows.count > 1 else { break }
      let top = offsetOfRow(rows.lowerBound)
      let height = offsetOfRow(rows.lowerBound + 1) - top
      // The covered row itself sticks only when it is partly scrolled above.
      if candidate.depth == covered.depth && !(top < point) { break }
      let subtreeEnd = offsetOfRow(rows.upperBound) - contentOffset
      let offset = Swift.min(stickyHeight, subtreeEnd - height)
      result.append(TreeStickyRow(treePath: candidate, row: rows.lowerBound, offset: offset))
      stickyHeight += height
    }
    return result
  }
}
