import TreeSources

/// A data source told when its list expands or collapses an item: the
/// list of a source that loads children on expansion starts and cancels
/// its loads through it.
protocol _ObservesExpansion: AnyObject {
  /// The list expanded the item at `treePath` (or was asked to, and it was
  /// expanded already).
  func _listDidExpand(_ treePath: TreePath)
  /// The list collapsed the item at `treePath`.
  func _listDidCollapse(_ treePath: TreePath)
}

extension TreeSourceDataSource: _ObservesExpansion {
  func _listDidExpand(_ treePath: TreePath) {
    (source as? any _LoadsOnExpansion)?._itemDidExpand(at: treePath)
  }

  func _listDidCollapse(_ treePath: TreePath) {
    (source as? any _LoadsOnExpansion)?._itemDidCollapse(at: treePath)
  }
}
