import TreeSources

/// A data source told when its list expands or collapses an item: the
/// list of a source that loads children on expansion starts and cancels
/// its loads through it, and a recursive expansion goes on beneath an item
/// when its children arrive.
protocol _ObservesExpansion: AnyObject {
  /// The list expanded the item at `treePath` (or was asked to, and it was
  /// expanded already).
  func _listDidExpand(_ treePath: TreePath)
  /// The list collapsed the item at `treePath`.
  func _listDidCollapse(_ treePath: TreePath)
  /// Whether the item at `treePath`, with no subitems now, has subitems
  /// still to come: a recursive expansion opens it with none.
  func _subitemsAreToCome(_ treePath: TreePath) -> Bool
  /// A recursive expansion opened the items at `treePaths`, whose subitems
  /// are still to come: their loads start, and each is expanded
  /// recursively when its subitems arrive.
  func _listExpandsWhenSubitemsArrive(_ treePaths: [TreePath])
}

extension TreeSourceDataSource: _ObservesExpansion {
  /// The source, when it loads children on expansion.
  var _loader: (any _LoadsOnExpansion)? { source as? any _LoadsOnExpansion }

  func _listDidExpand(_ treePath: TreePath) {
    _loader?._itemDidExpand(at: treePath)
  }

  func _listDidCollapse(_ treePath: TreePath) {
    _loader?._itemDidCollapse(at: treePath)
    _expandsWhenLoaded.removeAll { $0 == treePath || treePath.isAncestor(of: $0) }
  }

  func _subitemsAreToCome(_ treePath: TreePath) -> Bool {
    _loader?._childrenToCome(at: treePath) != nil
  }

  func _listExpandsWhenSubitemsArrive(_ treePaths: [TreePath]) {
    guard let loader = _loader else { return }
    for path in treePaths {
      loader._itemDidExpand(at: path)
      if !_expandsWhenLoaded.contains(path) { _expandsWhenLoaded.append(path) }
    }
  }

  /// Carries the paths of the items a recursive expansion waits for past
  /// `changes`, forgetting those it removes.
  ///
  /// - Complexity: O(*w* *k* *d*) for *w* items waited for and *k* steps.
  func _carryExpansionsPast(_ changes: TreeSourceChanges) {
    guard !_expandsWhenLoaded.isEmpty else { return }
    let prepared = changes.preparedForFinalPaths()
    _expandsWhenLoaded = _expandsWhenLoaded.compactMap { prepared.finalPath(of: $0, afterStep: -1) }
  }

  /// Expands recursively each item a recursive expansion waits for whose
  /// subitems have arrived, and forgets those the list collapsed or whose
  /// load failed or brought none; starts the load of one whose subitems
  /// are to come from elsewhere now (a compacted row's chain grew).
  ///
  /// - Complexity: O(*w* *d*) for *w* items waited for, plus the
  ///   expansions.
  func _expandItemsWhoseSubitemsArrived(in list: TreeList<TreeSourceDataSource>) {
    // From inside a call the list makes, it can expand nothing: the next
    // change set the list receives looks again.
    guard !_expandsWhenLoaded.isEmpty, let loader = _loader, list._callOuts.depth == 0 else { return }
    var arrived: [TreePath] = []
    _expandsWhenLoaded.removeAll { path in
      guard list.isExpanded(path) else { return true }
      if let count = list.numberOfSubitems(of: path), count > 0 {
        arrived.append(path)
        return true
      }
      switch loader._childrenToCome(at: path) {
      case .loading?: return false
      case .notRequested?:
        loader._itemDidExpand(at: path)
        return false
      case .failed?, nil: return true
      }
    }
    // Paths name items, not rows: expanding one leaves the others' paths.
    for path in arrived { try? list.expand(path, recursively: true) }
  }
}
