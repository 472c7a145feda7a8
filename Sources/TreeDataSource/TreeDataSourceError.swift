/// The error a ``TreeList`` throws when its data source's answers contradict
/// what the list was told — the data changed and nobody announced it — or
/// when it is asked to change in the middle of a change.
///
/// For a contradiction (``Reason/inconsistentNumberOfSubitems(expected:actual:)``),
/// by the time it is thrown the list has recovered: it asked the data
/// source again about the item's subtree and called its host's
/// ``TreeListHost/reloadData()``, so the host shows the data source's truth
/// rather than an update that would not add up. For a re-entrant call
/// (``Reason/reentrantUpdate``), nothing changed.
public struct TreeDataSourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What contradicted what.
  public enum Reason: Equatable, Sendable {
    /// The data source answered `actual` subitems where the list, from
    /// earlier answers and announced edits, expected `expected`.
    case inconsistentNumberOfSubitems(expected: Int, actual: Int)

    /// The list was asked to change while it was waiting for its data
    /// source, its host or its delegate's `should…`/`will…` answer: from
    /// inside one of those calls. The list refuses, and nothing changes;
    /// make the change once the call has returned (for example from
    /// ``TreeListDelegate/didExpandItem(at:)``, or asynchronously).
    case reentrantUpdate
  }

  /// The item the error is about: the item whose count contradicts the
  /// list, or the (first) path of the refused call (`[]` when it names
  /// none).
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

  /// A sentence that names the item and what went wrong: both counts, or
  /// the refused call.
  public var description: String {
    switch reason {
    case .inconsistentNumberOfSubitems(let expected, let actual):
      return "the data source says \(treePath) has \(actual) subitems, but the list was told of \(expected); "
        + "an insertion or deletion was not announced (the list reloaded the item's subtree)"
    case .reentrantUpdate:
      return "cannot change the list at \(treePath) while it is asking its data source, updating its host "
        + "or asking its delegate; nothing changed (make the change once that call has returned)"
    }
  }

  /// Whether the list recovered from a contradiction and had its host
  /// reload, as opposed to refusing a call and changing nothing.
  var isRecovered: Bool {
    if case .inconsistentNumberOfSubitems = reason { return true }
    return false
  }
}
