/// A flat list that shows a ``TreeList``'s rows: a `UITableView`, an
/// `NSTableView`, a terminal list, or ``ListHostSimulator`` in tests.
///
/// The list reads its rows through ``TreeList/numberOfSections``,
/// ``TreeList/numberOfRows(inSection:)`` and ``TreeList/item(at:)``; the
/// tree list tells it what changed through one of two calls.
public protocol TreeListHost: AnyObject {
  /// Reads every row again, as `UITableView.reloadData()` does.
  func reloadData()

  /// Applies one batch update: delete ``/TreeIndex/TreeChanges/deletedSections`` and
  /// ``/TreeIndex/TreeChanges/deletedRowRanges`` (old coordinates), insert
  /// ``/TreeIndex/TreeChanges/insertedSections`` and ``/TreeIndex/TreeChanges/insertedRowRanges``
  /// (new coordinates), move ``/TreeIndex/TreeChanges/movedSections`` and
  /// ``/TreeIndex/TreeChanges/movedRowRanges`` (from old to new coordinates, as
  /// `moveSection(_:toSection:)` and `moveRow(at:to:)` take them), and
  /// redraw ``/TreeIndex/TreeChanges/reloadedRowRanges`` (old coordinates), as one
  /// `performBatchUpdates` does. By the time it is called the tree list
  /// already answers with the new rows. A host that cannot animate moves
  /// applies ``/TreeIndex/TreeChanges/replacingMovesWithDeletionsAndInsertions()``
  /// instead.
  ///
  /// - Parameter changes: The update; never empty.
  func apply(_ changes: TreeChanges)
}
