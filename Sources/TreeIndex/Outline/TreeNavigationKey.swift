/// A key that moves the focus of an outline or opens and closes the
/// focused item, as `NSOutlineView` and VS Code's tree read the arrow keys,
/// Home, End, Page Up and Page Down.
///
/// ``TreeIndex/navigationAction(for:fromRow:rowsPerPage:isExpandable:)``
/// tells what a key does from a focused row. The Option (Alt) variants of
/// Left and Right act on the focused item's whole subtree:
///
///     index.navigationAction(for: .right, fromRow: 3, rowsPerPage: 20)
///     index.navigationAction(for: .right(recursively: true), fromRow: 3, rowsPerPage: 20)
public struct TreeNavigationKey: Hashable, Sendable {
  /// Which key was pressed.
  public enum Direction: Hashable, Sendable, CaseIterable {
    /// The up arrow: the row above.
    case up
    /// The down arrow: the row below.
    case down
    /// The left arrow: collapse the focused item, or go to its parent.
    case left
    /// The right arrow: expand the focused item, or go to its first subitem.
    case right
    /// Home: the first row.
    case home
    /// End: the last row.
    case end
    /// Page Up: a page of rows up.
    case pageUp
    /// Page Down: a page of rows down.
    case pageDown
  }

  /// Which key was pressed.
  public let direction: Direction
  /// Whether the key acts on the focused item's whole subtree (Option or
  /// Alt held with Left or Right); always `false` for the other keys.
  public let isRecursive: Bool

  /// Creates a key.
  ///
  /// - Parameters:
  ///   - direction: Which key was pressed.
  ///   - isRecursive: Whether Option (Alt) is held; kept only for
  ///     ``Direction/left`` and ``Direction/right``, the keys it changes.
  /// - Complexity: O(1).
  public init(_ direction: Direction, isRecursive: Bool = false) {
    self.direction = direction
    self.isRecursive = isRecursive && (direction == .left || direction == .right)
  }

  /// The up arrow.
  public static let up = TreeNavigationKey(.up)
  /// The down arrow.
  public static let down = TreeNavigationKey(.down)
  /// The left arrow.
  public static let left = TreeNavigationKey(.left)
  /// The right arrow.
  public static let right = TreeNavigationKey(.right)
  /// Home.
  public static let home = TreeNavigationKey(.home)
  /// End.
  public static let end = TreeNavigationKey(.end)
  /// Page Up.
  public static let pageUp = TreeNavigationKey(.pageUp)
  /// Page Down.
  public static let pageDown = TreeNavigationKey(.pageDown)

  /// The left arrow, with Option (Alt) when `recursively` is `true`:
  /// collapse the focused item's whole subtree.
  ///
  /// - Parameter recursively: Whether Option (Alt) is held.
  /// - Returns: The key.
  /// - Complexity: O(1).
  public static func left(recursively: Bool) -> TreeNavigationKey {
    TreeNavigationKey(.left, isRecursive: recursively)
  }

  /// The right arrow, with Option (Alt) when `recursively` is `true`:
  /// expand the focused item's whole subtree.
  ///
  /// - Parameter recursively: Whether Option (Alt) is held.
  /// - Returns: The key.
  /// - Complexity: O(1).
  public static func right(recursively: Bool) -> TreeNavigationKey {
    TreeNavigationKey(.right, isRecursive: recursively)
  }
}
