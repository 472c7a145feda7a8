import TreeDataSource

/// Where rows are: what a virtualized list needs to show a window of rows
/// without measuring the rows outside it. `TreeList` provides it from its
/// cached height sums.
protocol RowGeometry {
  /// The number of rows.
  var numberOfRows: Int { get }
  /// The height of all rows together.
  var contentHeight: Double { get }
  /// The offset where `row` starts; `numberOfRows` gives `contentHeight`.
  func offset(ofRow row: Int) -> Double
  /// The row that covers `offset`, or `nil` outside the content.
  func row(atOffset offset: Double) -> Int?
}

extension TreeList: RowGeometry {}

/// The window of the list the screen shows: its top offset and its height,
/// scrolled only as far as it takes to keep the cursor's row in view.
///
/// Every question goes through ``RowGeometry``, so a viewport costs
/// O(*d* log *b*) per call on a `TreeList`, plus the rows it shows — never
/// a walk over the rows above or below.
struct Viewport: Equatable {
  /// The offset of the content at the top of the window.
  private(set) var top: Double = 0
  /// The window's height, in the rows' units (terminal lines).
  var height: Double

  /// Creates a window of `height` at the top of the content.
  init(height: Double) {
    self.height = Swift.max(0, height)
  }

  /// Scrolls as little as possible so that `row` is wholly in view (its top
  /// in view when it is taller than the window), then keeps the window
  /// inside the content.
  ///
  /// - Complexity: O(*d* log *b*) on a `TreeList`.
  mutating func scroll(toShow row: Int, in geometry: some RowGeometry) {
    let rowTop = geometry.offset(ofRow: row)
    let rowBottom = geometry.offset(ofRow: row + 1)
    if rowBottom > top + height { top = rowBottom - height }
    if rowTop < top { top = rowTop }
    clamp(in: geometry)
  }

  /// Puts the window's top at `offset`, kept inside the content: where a
  /// list's scroll anchor says its top row now is.
  ///
  /// - Complexity: O(1) plus the content's height.
  mutating func scroll(toTop offset: Double, in geometry: some RowGeometry) {
    top = offset
    clamp(in: geometry)
  }

  /// Keeps the window inside the content: no empty space below the last
  /// row unless the content is shorter than the window.
  mutating func clamp(in geometry: some RowGeometry) {
    top = Swift.max(0, Swift.min(top, geometry.contentHeight - height))
  }

  /// The rows the window shows, wholly or in part, top to bottom.
  ///
  /// - Complexity: O(*d* log *b*) on a `TreeList`, plus O(*d* log *b*) per
  ///   row shown.
  func visibleRows(in geometry: some RowGeometry) -> Range<Int> {
    guard height > 0, let first = geometry.row(atOffset: top) else { return 0..<0 }
    var end = first
    while end < geometry.numberOfRows, geometry.offset(ofRow: end) < top + height { end += 1 }
    return first..<end
  }

  /// The row a page below (or above, for a negative `pages`) the top of
  /// `row`: where Page Down and Page Up move the cursor. Page Down moves at
  /// least to the next row, even from a row taller than the window.
  ///
  /// - Returns: A row in `0 ..< numberOfRows`, or `nil` for no rows.
  /// - Complexity: O(*d* log *b*) on a `TreeList`.
  func row(_ pages: Int, pagesFrom row: Int, in geometry: some RowGeometry) -> Int? {
    guard geometry.numberOfRows > 0 else { return nil }
    let target = geometry.offset(ofRow: row) + Double(pages) * Swift.max(1, height)
    if target <= 0 { return 0 }
    guard let found = geometry.row(atOffset: target) else { return geometry.numberOfRows - 1 }
    // A row taller than the window covers the target itself: move on anyway.
    return pages > 0 ? Swift.min(Swift.max(found, row + 1), geometry.numberOfRows - 1) : found
  }
}
