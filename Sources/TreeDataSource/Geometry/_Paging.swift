/// Page Up and Page Down by a viewport's height, with rows of any height,
/// as a list's geometry (`offset(ofRow:)`, `row(atOffset:)`) measures them.
///
/// Page Down focuses the last row fully visible in the viewport; when the
/// focus is there already (or below), the last row fully visible in the
/// viewport scrolled down so that the focused row is at its top: a page
/// further. Page Up is the mirror image: the first row fully visible, else
/// the first row fully visible with the focused row at the viewport's
/// bottom. Either moves at least one row while there is one.
struct _Paging {
  /// The number of rows.
  var numberOfRows: Int
  /// The height of all rows.
  var contentHeight: Double
  /// The top offset of the viewport.
  var viewportOffset: Double
  /// The height of the viewport.
  var viewportHeight: Double
  /// A row's top offset.
  var offsetOfRow: (Int) -> Double
  /// The row covering an offset.
  var rowAtOffset: (Double) -> Int?

  /// The last row whose bottom is at or above `y`, or -1.
  ///
  /// - Complexity: Two geometry questions.
  func lastRow(endingAtOrAbove y: Double) -> Int {
    if y >= contentHeight { return numberOfRows - 1 }
    guard y >= 0, let covering = rowAtOffset(y) else { return -1 }
    return covering - 1
  }

  /// The first row whose top is at or below `y`, or ``numberOfRows``.
  ///
  /// - Complexity: Two geometry questions, plus one per row of height 0
  ///   just above it.
  func firstRow(startingAtOrBelow y: Double) -> Int {
    guard y > 0 else { return 0 }
    var row: Int
    if let covering = rowAtOffset(y) {
      row = offsetOfRow(covering) >= y ? covering : covering + 1
    } else {
      row = numberOfRows
    }
    while row > 0 && offsetOfRow(row - 1) >= y { row -= 1 }
    return row
  }

  /// The row Page Down focuses from `row`.
  func pageDown(from row: Int) -> Int {
    let height = Swift.max(0, viewportHeight)
    let lastVisible = lastRow(endingAtOrAbove: viewportOffset + height)
    if lastVisible > row { return lastVisible }
    return Swift.max(lastRow(endingAtOrAbove: offsetOfRow(row) + height), row + 1)
  }

  /// The row Page Up focuses from `row`.
  func pageUp(from row: Int) -> Int {
    let height = Swift.max(0, viewportHeight)
    let firstVisible = firstRow(startingAtOrBelow: viewportOffset)
    if firstVisible < row { return firstVisible }
    return Swift.min(firstRow(startingAtOrBelow: offsetOfRow(row + 1) - height), row - 1)
  }
}
