import Foundation

extension ListHostSimulator {
  /// Creates a simulator that keeps the identifier each row of `list`
  /// shows, and becomes the list's host, which has it read the list at
  /// once (one ``reloadData()`` in ``calls``).
  ///
  /// - Parameter list: The list to show.
  /// - Complexity: O(*v*) for the list's *v* rows, read at once.
  public convenience init<ItemID>(list: DiffableTreeList<ItemID>) {
    self.init(
      numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) },
      rowContent: { list.itemID(at: $0).map { AnyHashable($0) } ?? AnyHashable(_NoItem()) })
    list.host = self
  }
}

/// What a simulator shows for a row whose item it could not read: equal to
/// no identifier.
private struct _NoItem: Hashable {}
