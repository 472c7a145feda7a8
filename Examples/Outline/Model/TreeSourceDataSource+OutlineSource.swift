import TreeDataSource

/// A composed source of outline entries is an outline source, so that the
/// outline's row texts (and its browser) show it.
extension TreeSourceDataSource: OutlineSource where Source.Element == OutlineEntry {
  /// The source's name.
  var title: String { source.name }
}
