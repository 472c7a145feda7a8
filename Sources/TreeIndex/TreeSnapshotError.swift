/// The error a ``TreeSnapshot`` throws for an edit it cannot make; the
/// snapshot is left exactly as it was.
///
/// The error names the operation, the identifier at fault and the reason,
/// and its ``description`` reads as a sentence, for example
/// `cannot append "Pear": "Pear" is already in the snapshot`.
public struct TreeSnapshotError: Error, Hashable, Sendable, CustomStringConvertible {
  /// The edit that refused its input.
  public enum Operation: String, Hashable, Sendable {
    /// ``TreeSnapshot/append(_:to:)``.
    case append
    /// ``TreeSnapshot/insert(_:before:)`` and ``TreeSnapshot/insert(_:after:)``.
    case insert
    /// ``TreeSnapshot/move(_:before:)``, ``TreeSnapshot/move(_:after:)`` and
    /// ``TreeSnapshot/move(_:to:at:)``.
    case move
    /// ``TreeSnapshot/replaceChildren(of:using:)``.
    case replaceChildren
  }

  /// Why the identifier cannot be used.
  public enum Reason: Hashable, Sendable {
    /// The item is already in the snapshot, or appears twice among the items
    /// of one call: identifiers are unique.
    case duplicateItem
    /// The snapshot holds no such item: a parent, a reference item or the
    /// item to move.
    case unknownItem
    /// The destination is the moved item itself or one of its descendants.
    case moveIntoOwnSubtree
    /// The index is negative or past `count`, the number of the parent's
    /// children once the moved item is removed (`count` itself appends).
    case indexOutOfRange(index: Int, count: Int)
  }

  /// The edit that refused its input.
  public var operation: Operation
  /// The identifier at fault, as `String(describing:)` spells it.
  public var item: String
  /// Why the identifier cannot be used.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - operation: The edit that refused its input.
  ///   - item: The identifier at fault, as `String(describing:)` spells it.
  ///   - reason: Why the identifier cannot be used.
  /// - Complexity: O(1).
  public init(operation: Operation, item: String, reason: Reason) {
    self.operation = operation
    self.item = item
    self.reason = reason
  }

  /// Creates an error naming an identifier.
  @usableFromInline
  init(_ operation: Operation, _ item: some Hashable, _ reason: Reason) {
    self.init(operation: operation, item: String(describing: item), reason: reason)
  }

  /// The error as a sentence: the operation, the identifier, the reason.
  ///
  /// - Complexity: O(1).
  public var description: String {
    let quoted = _ErrorSentence.quoted(item)
    let because: String
    switch reason {
    case .duplicateItem: because = "\(quoted) is already in the snapshot"
    case .unknownItem: because = "the snapshot has no item \(quoted)"
    case .moveIntoOwnSubtree: because = "\(quoted) cannot move into its own subtree"
    case .indexOutOfRange(let index, let count):
      because = "index \(index) is not in 0...\(count)"
    }
    switch operation {
    case .replaceChildren: return _ErrorSentence.cannot("replace children", nil) + because
    default: return _ErrorSentence.cannot(operation.rawValue, quoted) + because
    }
  }
}
