/// The error a ``TreeList`` throws when its data source's answers contradict
/// what the list was told: the data changed and nobody announced it.
///
/// By the time it is thrown the list has recovered: it asked the data
/// source again about the item's subtree and called its host's
/// ``TreeListHost/reloadData()``, so the host shows the data source's truth
/// rather than an update that would not add up.
public struct TreeDataSourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What contradicted what.
  public enum Reason: Equatable, Sendable {
    /// The data source answered `actual` subitems where the list, from
    /// earlier answers and announced edits, expected `expected`.
    case inconsistentNumberOfSubitems(expected: Int, actual: Int)
  }

  /// The item the contradiction is about.
  public var treePath: TreePath
  /// What contradicted what.
  public var reason: Reason

  /// Creates an error for an item and a reason.
  ///
  /// - Parameters:
  ///   - treePath: The item the contradiction is about.
  ///   - reason: What contradicted what.
  /// - Complexity: O(1).
  public init(treePath: TreePath, reason: Reason) {
    self.treePath = treePath
    self.reason = reason
  }

  /// A sentence that names the item and both counts.
  public var description: String {
    switch reason {
    case .inconsistentNumberOfSubitems(let expected, let actual):
      return "the data source says \(treePath) has \(actual) subitems, but the list was told of \(expected); "
        + "an insertion or deletion was not announced (the list reloaded the item's subtree)"
    }
  }
}
