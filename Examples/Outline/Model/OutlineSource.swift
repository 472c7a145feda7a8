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
}
