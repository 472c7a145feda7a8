// The small protocol every contender implements: build from an outline, map
// paths to rows and back, collapse and expand.

import TreeIndex

/// A way to keep an outline's expansion state and map its visible items to
/// the rows of a flat list: TreeIndex itself, or one of the baselines.
///
/// Every contender answers the same questions with the same results, so a
/// workload can run any of them; the compare tool checks the answers of each
/// against TreeIndex's. Paths passed in are valid (the baselines do not
/// validate them; TreeIndex does).
public protocol RowMapping {
  /// The name shown in tables.
  static var name: String { get }

  /// Builds the state for `tree` with every one of its folders expanded.
  init(tree: TreeShape)

  /// The number of visible rows.
  var numberOfRows: Int { get }

  /// The row of the visible item at `path`; `nil` if it is hidden.
  func row(for path: TreePath) -> Int?

  /// The path of the item shown at `row`; `nil` if there is no such row.
  func treePath(forRow row: Int) -> TreePath?

  /// Collapses the expanded, visible item at `path`, keeping the state
  /// beneath it for the next expand.
  ///
  /// - Returns: The rows that vanished, in the rows before the change.
  mutating func collapse(_ path: TreePath) -> Range<Int>

  /// Expands the collapsed, visible item at `path`, which has
  /// `numberOfSubitems` subitems (the same number as before, so the state
  /// beneath it comes back).
  ///
  /// - Returns: The rows that appeared, in the rows after the change.
  mutating func expand(_ path: TreePath, numberOfSubitems: Int) -> Range<Int>
}
