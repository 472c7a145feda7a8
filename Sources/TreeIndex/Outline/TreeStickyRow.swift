/// A row drawn stuck to the top of an outline's viewport while its
/// subtree scrolls beneath it, as VS Code's sticky scroll draws the
/// ancestors of the rows on screen.
///
/// ``TreeIndex/stickyRows(forTopRow:maximumCount:)`` gives them, outermost
/// first.
public struct TreeStickyRow: Hashable, Sendable {
  /// The path of the row's item.
  public var treePath: TreePath
  /// The item's global row (counting across sections).
  public var row: Int
  /// Where the row is drawn, from the viewport's top: the heights of the
  /// sticky rows above it, or less when the end of its subtree pushes it up.
  public var offset: Double

  /// Creates a sticky row.
  ///
  /// - Parameters:
  ///   - treePath: The path of the row's item.
  ///   - row: The item's global row.
  ///   - offset: Where the row is drawn, from the viewport's top.
  /// - Complexity: O(1).
  public init(treePath: TreePath, row: Int, offset: Double) {
    self.treePath = treePath
    self.row = row
    self.offset = offset
  }
}
