/// Calling out — to the data source, the host and the delegate — in the
/// middle of an operation, and what the list does when the code it calls
/// calls back.
///
/// The rule: while the list waits for a data source answer, a host update
/// (``TreeListHost/apply(_:)``, ``TreeListHost/reloadData()``) or a
/// delegate's `should…`/`will…` answer, it is in the middle of a change.
/// A call that would change it then is refused with
/// ``TreeDataSourceError/Reason/reentrantUpdate``, and nothing changes;
/// ``TreeList/reloadData()`` and ``TreeList/collapseAll()``, which cannot
/// throw, are deferred instead, and run as soon as the operation that made
/// the call returns, as updates of their own. Questions (rows, paths,
/// items, geometry) are answered at any time, from the list as it stands.
/// So no update is lost, and the host always gets updates that take its
/// rows from what it showed to what the list shows.
extension TreeList: _CallingOutList {
  /// Throws ``TreeDataSourceError/Reason/reentrantUpdate`` for a change
  /// asked for at `treePath` while the list is calling out.
  func _refuseReentrantUpdate(at treePath: TreePath) throws(TreeDataSourceError) {
    guard _callOutDepth > 0 else { return }
    throw TreeDataSourceError(treePath: treePath, reason: .reentrantUpdate)
  }

  // MARK: The data source's answers, made safe

  /// The data source's number of subitems of the item at `treePath` (`nil`:
  /// the root), within `0...TreeIndex.maximumNumberOfRows`.
  func _askCount(_ treePath: TreePath?) -> Int {
    let count = _callOut { dataSource.numberOfSubitems(of: treePath) }
    return Swift.min(Swift.max(0, count), TreeIndex.maximumNumberOfRows)
  }

  /// Whether the data source says the item at `treePath` starts expanded.
  func _askIsExpanded(_ treePath: TreePath) -> Bool {
    _callOut { dataSource.isExpanded(treePath) }
  }

  /// The data source's height of the row of `treePath`, as the list keeps
  /// it: a height that is not a number or is negative is 0, and one above
  /// ``_maximumRowHeight`` (infinity included) is that maximum, so that
  /// every sum of heights stays a finite number.
  func _askHeight(of treePath: TreePath) -> Double {
    let height = _callOut { dataSource.height(ofItemAt: treePath) }
    guard height > 0 else { return 0 }  // negative, zero or NaN
    return Swift.min(height, _maximumRowHeight)
  }
}

/// The tallest row height a ``TreeList`` keeps, 2⁴⁰ (about 1.1 × 10¹²):
/// with at most ``/TreeIndex/TreeIndex/maximumNumberOfRows`` rows, every
/// offset stays finite.
let _maximumRowHeight: Double = 0x1p40
