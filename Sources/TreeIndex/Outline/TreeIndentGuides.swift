/// The indent guides of a row: which vertical lines pass it, and how its own
/// line ends, as an outline draws `│`, `├` and `└`.
///
/// ```text
/// [0]
/// ├ [0, 0]
/// │ └ [0, 0, 0]      continuesBelow [false, true] (drawn from level 1), isLastSubitem
/// └ [0, 1]
/// ```
///
/// ``TreeIndex/indentGuides(forRow:)`` gives them.
public struct TreeIndentGuides: Hashable, Sendable {
  /// For each level above the row's, from level 0: whether the line at that
  /// level continues below the row, because the row's ancestor at that
  /// level has a later sibling (`│`), or ends above it (blank). Its count
  /// is the row's level.
  public var continuesBelow: [Bool]
  /// Whether the row is the last subitem of its parent (`└`) rather than
  /// followed by a sibling (`├`); for a root item, whether it is the last
  /// root item.
  public var isLastSubitem: Bool

  /// Creates the guides of a row.
  ///
  /// - Parameters:
  ///   - continuesBelow: For each level above the row's, whether that
  ///     level's line continues below the row.
  ///   - isLastSubitem: Whether the row is its parent's last subitem.
  /// - Complexity: O(1).
  public init(continuesBelow: [Bool], isLastSubitem: Bool) {
    self.continuesBelow = continuesBelow
    self.isLastSubitem = isLastSubitem
  }
}
