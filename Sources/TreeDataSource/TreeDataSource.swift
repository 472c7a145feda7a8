/// The questions a ``TreeList`` asks about a tree: how many subitems an item
/// has, whether it starts expanded, how tall it is, and what it shows.
///
/// Every question names an item by its ``/TreeIndex/TreePath``: `nil` is the root,
/// `[2]` the third root item, `[2, 0]` its first subitem. The list asks only
/// what it must — about items when they first become visible, never about
/// collapsed or never-shown subtrees, and for ``item(at:)`` only when its
/// host shows a row — and it remembers the answers until it is told that
/// the data changed (``TreeList/insertItems(at:)`` and the other edits) or
/// reloaded.
///
///     final class Planets: TreeDataSource {
///       var names = [["Mercury"], ["Earth", "Moon"]]
///       func numberOfSubitems(of parent: TreePath?) -> Int {
///         guard let parent else { return names.count }
///         return parent.depth == 1 ? names[parent[0]].count - 1 : 0
///       }
///       func isExpanded(_ treePath: TreePath) -> Bool { false }
///       func item(at treePath: TreePath) -> String {
///         treePath.depth == 1 ? names[treePath[0]][0] : names[treePath[0]][treePath[1] + 1]
///       }
///     }
public protocol TreeDataSource: AnyObject {
  /// What a row shows: a value, a view model, or a cell.
  associatedtype Item

  /// The number of subitems of the item at `parent`, or of root items when
  /// `parent` is `nil`.
  ///
  /// Asked once for the root on reload, once for each item the list shows
  /// expanded, and once each time an item is expanded (to catch changes
  /// nobody announced). A negative answer is taken as 0.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many subitems the item has.
  func numberOfSubitems(of parent: TreePath?) -> Int

  /// Whether the item at `treePath` starts expanded.
  ///
  /// Asked once when the item first becomes visible, and again on reload;
  /// after that the list keeps the expansion state itself.
  ///
  /// - Parameter treePath: A visible item's path.
  /// - Returns: `true` to show the item's subitems.
  func isExpanded(_ treePath: TreePath) -> Bool

  /// The height of the row that shows the item at `treePath`.
  ///
  /// Asked once per row when it first becomes visible and again when the
  /// item is reloaded; never for a `.sectioned` root item, which is a
  /// section rather than a row. Optional: the default gives every row the
  /// height 1, and rows of one height cost the list no per-row storage.
  ///
  /// - Parameter treePath: A visible row's item path.
  /// - Returns: The row's height, 0 or more, in the host's units.
  func height(ofItemAt treePath: TreePath) -> Double

  /// The item the row of `treePath` shows.
  ///
  /// Asked only when the host asks ``TreeList/item(at:)`` for a row it
  /// shows; the list never asks by itself.
  ///
  /// - Parameter treePath: A visible row's item path.
  /// - Returns: The item, or the cell, to show.
  func item(at treePath: TreePath) -> Item
}

extension TreeDataSource {
  /// Every item starts collapsed.
  ///
  /// - Parameter treePath: A visible item's path.
  /// - Returns: `false`.
  /// - Complexity: O(1).
  public func isExpanded(_ treePath: TreePath) -> Bool { false }

  /// Every row has the height 1 (one line of a terminal list, one unit of
  /// any other).
  ///
  /// - Parameter treePath: A visible row's item path.
  /// - Returns: 1.
  /// - Complexity: O(1).
  public func height(ofItemAt treePath: TreePath) -> Double { 1 }
}
