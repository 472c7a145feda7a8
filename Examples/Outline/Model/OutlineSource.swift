import TreeDataSource

/// A data source the outline browser can show: a ``TreeDataSource`` whose
/// items are ``OutlineEntry`` values, with a title for the screen's top line.
///
/// The browser asks it only through a `TreeList`, except for search, which
/// walks the source's tree itself (see ``OutlineSearch``).
protocol OutlineSource: TreeDataSource where Item == OutlineEntry {
  /// What the outline shows, for the top line: `Planets (sample data)`, a
  /// folder's path, a document's file name.
  var title: String { get }

  /// Whether ``moveItem(at:to:)`` can move items: `m` in the browser
  /// starts a move only then.
  var canMoveItems: Bool { get }

  /// Moves the item at `source`, with its subitems, to `destination`.
  ///
  /// - Parameters:
  ///   - source: The item's path.
  ///   - destination: Its path afterwards, read with the item removed, as
  ///     `TreeList.moveItem(at:to:)` reads it.
  /// - Returns: Whether the item moved; `false` when the outline cannot be
  ///   rearranged or a path names no place.
  func moveItem(at source: TreePath, to destination: TreePath) -> Bool
}

extension OutlineSource {
  /// Whether the outline can be rearranged: `false` unless the source says
  /// otherwise.
  var canMoveItems: Bool { false }

  /// Moves nothing: an outline that cannot be rearranged says so.
  func moveItem(at source: TreePath, to destination: TreePath) -> Bool { false }
}
