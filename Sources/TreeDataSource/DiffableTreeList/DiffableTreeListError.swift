/// The error a ``DiffableTreeList`` throws for a user interaction it cannot
/// perform; nothing changes — not the snapshot, not the rows, not the host.
///
/// The error names the operation, the identifier at fault and the reason,
/// and its ``description`` reads as a sentence, for example
/// `cannot expand "Pear": the list has no item "Pear"`.
public struct DiffableTreeListError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The interaction that was refused.
  public enum Operation: String, Hashable, Sendable {
    /// ``DiffableTreeList/expand(_:recursively:)``.
    case expand
    /// ``DiffableTreeList/collapse(_:recursively:)``.
    case collapse
    /// ``DiffableTreeList/reveal(_:)``.
    case reveal
  }

  /// Why the interaction was refused.
  public enum Reason: Hashable, Sendable {
    /// The list's snapshot holds no item with this identifier.
    case unknownItem
    /// The list was asked to change while it was calling out — updating
    /// its host, asking a height, or waiting for its delegate's
    /// `should…`/`will…` answer — as ``TreeDataSourceError/Reason/reentrantUpdate``
    /// describes for ``TreeList``. Make the change once that call has
    /// returned.
    case reentrantUpdate
  }

  /// The refused interaction.
  public var operation: Operation
  /// The identifier at fault, as `String(describing:)` gives it.
  public var item: String
  /// Why the interaction was refused.
  public var reason: Reason

  /// Creates an error for an operation, an identifier and a reason.
  ///
  /// - Parameters:
  ///   - operation: The refused interaction.
  ///   - item: The identifier at fault, as text.
  ///   - reason: Why the interaction was refused.
  /// - Complexity: O(1).
  public init(operation: Operation, item: String, reason: Reason) {
    self.operation = operation
    self.item = item
    self.reason = reason
  }

  /// A sentence that names the operation, the identifier and the reason.
  public var description: String {
    let quoted = _ErrorSentence.quoted(item)
    switch reason {
    case .unknownItem:
      return _ErrorSentence.cannot(operation.rawValue, quoted) + "the list has no item \(quoted)"
    case .reentrantUpdate:
      return "cannot \(operation.rawValue) \(quoted) while the list is updating its host, "
        + "asking a height or asking its delegate; nothing changed (make the change once that call has returned)"
    }
  }
}
