import TreeIndex

/// Why a ``TreeSource`` refused a question or an edit: the source, the
/// operation, the path and the reason. The source is exactly as before.
public struct TreeSourceError: Error, Equatable, Sendable, CustomStringConvertible {
  /// What was asked of the source.
  public enum Operation: String, Sendable {
    /// ``TreeSource/numberOfChildren(of:)``.
    case numberOfChildren
    /// ``TreeSource/element(at:)``.
    case element
    /// ``MutableTreeSource/insert(_:at:)``.
    case insert
    /// ``MutableTreeSource/remove(at:)``.
    case remove
    /// ``MutableTreeSource/move(from:to:)``.
    case move
    /// ``MutableTreeSource/replace(at:with:)``.
    case replace
    /// ``FilteredTreeSource/reevaluateItems(at:)`` and
    /// ``FilteredTreeSource/setPredicate(_:reevaluatingItemsAt:)``.
    case reevaluate
    /// ``AsyncTreeSource/startLoading(childrenOf:)``,
    /// ``AsyncTreeSource/cancelLoading(childrenOf:)`` and
    /// ``AsyncTreeSource/refresh(_:recursively:)``.
    case load
  }

  /// What was wrong.
  public enum Reason: Equatable, Sendable {
    /// The path names no item.
    case noSuchItem
    /// An index of the path is out of range: `count` items were there.
    case indexOutOfRange(count: Int)
    /// The path is empty where an item's path is needed.
    case emptyPath
    /// A move's destination is at a level whose items keep their children
    /// another way than the moved item's level (the levels of a
    /// ``KeyPathTreeSource``), so the item cannot take its children along.
    case otherLevel
    /// The source cannot be edited (a mapped source, or a type-erased
    /// source over one that is not a ``MutableTreeSource``).
    case notMutable
    /// The filter would hide the element: a filtered source shows only
    /// what its predicate lets through, so it does not insert or place
    /// what would be hidden.
    case hiddenByFilter
    /// The element is not of the type the items at the path's level hold
    /// (`expected` names that type), or an item's value there is not of
    /// the source's element type (the levels of a ``LeveledTreeSource``).
    case wrongElementType(expected: String)
    /// The source, or a source of the same composition, is delivering a
    /// change to its subscribers: an edit now would reach some of them
    /// before the change in progress reaches the others, so it is refused.
    /// Edit once
    /// the delivery has returned (for example from the main queue's next
    /// turn).
    case deliveringChanges
    /// Two children an ``AsyncTreeSource`` loaded have the same identity,
    /// so a refresh cannot tell them apart.
    case duplicateIdentity
  }

  /// The name of the source that refused (its ``TreeSource/name``).
  public var source: String
  /// The refused operation.
  public var operation: Operation
  /// The path the operation named, in the refusing source's tree.
  public var path: TreePath
  /// For a move, its destination.
  public var destination: TreePath?
  /// Why.
  public var reason: Reason

  /// Creates an error.
  ///
  /// - Parameters:
  ///   - source: The refusing source's name.
  ///   - operation: The refused operation.
  ///   - path: The path it named.
  ///   - destination: A move's destination.
  ///   - reason: Why.
  /// - Complexity: O(1).
  public init(
    source: String, operation: Operation, path: TreePath, destination: TreePath? = nil, reason: Reason
  ) {
    self.source = source
    self.operation = operation
    self.path = path
    self.destination = destination
    self.reason = reason
  }

  /// One sentence: `ArrayTreeSource "friends": cannot remove [7]: index 7
  /// is out of range; there are 3 items`.
  public var description: String {
    let paths = destination.map { "\(path) to \($0)" } ?? "\(path)"
    let what: String
    switch reason {
    case .noSuchItem: what = "there is no such item"
    case .indexOutOfRange(let count):
      what = "an index is out of range; there are \(count) items there"
    case .emptyPath: what = "the path is empty"
    case .otherLevel: what = "items at the destination's level keep their children another way"
    case .notMutable: what = "the source cannot be edited"
    case .hiddenByFilter: what = "the filter would hide the element"
    case .wrongElementType(let expected): what = "the element there is of type \(expected)"
    case .duplicateIdentity: what = "two children have the same identity"
    case .deliveringChanges: what = "a change is being delivered to the subscribers; edit after it has reached them"
    }
    return "\(source): " + _ErrorSentence.cannot(operation.rawValue, paths) + what
  }
}
