/// The error a ``TreeIndex`` throws for input it cannot apply; the index is
/// left exactly as it was.
///
/// The error names the operation, the tree path at fault and the reason, and
/// its ``description`` reads as a sentence, for example
/// `cannot expand [1, 4]: index 4 is out of range; [1] has 3 subitems`. A
/// failed move names both of its paths, the source first, then the reason
/// for the one at fault; a destination is read with the item removed, so
/// with 4 root items, moving `[0]` to `[5]` fails with
/// `cannot move [0] to [5]: index 5 is out of range; there are 3 root items`,
/// and a bad source with `cannot move [9] to [0]: index 9 is out of range;
/// there are 4 root items`.
public struct TreeIndexError: Error, Equatable, Sendable {
  /// The operation that refused its input.
  public enum Operation: String, Equatable, Sendable {
    /// ``TreeIndex/expand(_:numberOfSubitems:)`` and the operations built on it.
    case expand
    /// ``TreeIndex/collapse(_:)`` and its recursive form.
    case collapse
    /// ``TreeIndex/insertItems(at:)``.
    case insert
    /// ``TreeIndex/deleteItems(at:)``.
    case delete
    /// ``TreeIndex/moveItem(at:to:)``.
    case move
    /// ``TreeIndex/reveal(_:)``.
    case reveal
    /// Reloading items in place (`TreeList.reloadItems(at:)`).
    case reload
  }

  /// Why the path cannot be used.
  public enum Reason: Equatable, Sendable {
    /// The path has no indices, and an empty path names no item.
    case emptyPath
    /// The number of subitems given is negative.
    case negativeNumberOfSubitems(Int)
    /// The index at `level` is negative or past the `numberOfSubitems` of the
    /// item above it (`numberOfSubitems` is the root item count at level 0).
    /// An insertion may use `numberOfSubitems` itself (append).
    case indexOutOfRange(level: Int, numberOfSubitems: Int)
    /// The item at `ancestor` has never been expanded, so the index does not
    /// know its subitems and cannot place the path beneath it.
    case unknownAncestor(TreePath)
    /// The same path appears twice among the insertion paths of one call.
    case duplicatePath
    /// The index at `level` is negative. Reported where the item above it
    /// was never expanded, so that no number of subitems is known to put in
    /// ``indexOutOfRange(level:numberOfSubitems:)``: a negative index names
    /// no item, whatever the state of its parent.
    case negativeIndex(level: Int)
    /// The operation would give an item more rows than
    /// ``TreeIndex/maximumNumberOfRows`` (counting the rows beneath it as if
    /// it were expanded).
    case rowCountOverflow
  }

  /// The two paths of a ``TreeIndex/moveItem(at:to:)`` call, as given.
  public struct MovePaths: Equatable, Hashable, Sendable {
    /// The item's path before the move.
    public var source: TreePath
    /// The item's path after the move.
    public var destination: TreePath

    /// Creates the pair of paths of a move.
    ///
    /// - Parameters:
    ///   - source: The item's path before the move.
    ///   - destination: The item's path after the move.
    /// - Complexity: O(1).
    public init(source: TreePath, destination: TreePath) {
      self.source = source
      self.destination = destination
    }
  }

  /// The operation that refused its input.
  public var operation: Operation
  /// The path at fault, as given (for a move, the source or the destination).
  public var treePath: TreePath
  /// Why the path cannot be used.
  public var reason: Reason
  /// For a failed move, both of its paths as given, so that the description
  /// can tell the item from the place it was to go; ``treePath`` is the one
  /// at fault. `nil` for the other operations.
  public var movePaths: MovePaths?

  /// Creates an error for an operation, a path and a reason.
  ///
  /// - Parameters:
  ///   - operation: The operation that refused its input.
  ///   - treePath: The path at fault.
  ///   - reason: Why the path cannot be used.
  ///   - movePaths: For a move, its source and destination; `nil` (the
  ///     default) otherwise.
  /// - Complexity: O(1).
  public init(operation: Operation, treePath: TreePath, reason: Reason, movePaths: MovePaths? = nil) {
    self.operation = operation
    self.treePath = treePath
    self.reason = reason
    self.movePaths = movePaths
  }

  /// Runs `body`, a step of moving the item at `source` to `destination`,
  /// and gives the error it throws both paths of the move.
  static func _naming<Result>(
    moveFrom source: TreePath, to destination: TreePath, _ body: () throws -> Result
  ) throws -> Result {
    do {
      return try body()
    } catch var error as TreeIndexError {
      error.movePaths = MovePaths(source: source, destination: destination)
      throw error
    }
  }
}

extension TreeIndexError: CustomStringConvertible {
  /// A sentence that names the operation, the path and the reason.
  public var description: String {
    let paths = movePaths.map { "\($0.source) to \($0.destination)" } ?? "\(treePath)"
    let opening = _ErrorSentence.cannot(operation.rawValue, paths)
    switch reason {
    case .emptyPath:
      return opening + "an empty path names no item"
    case .negativeNumberOfSubitems(let count):
      return opening + "the number of subitems \(count) is negative"
    case .indexOutOfRange(let level, let count):
      let index = level < treePath.depth ? treePath[level] : -1
      let owner =
        level == 0 ? "there are \(count) root items" : "\(TreePath(treePath.prefix(level))) has \(count) subitems"
      return opening + "index \(index) is out of range; \(owner)"
    case .unknownAncestor(let ancestor):
      return opening + "\(ancestor) has never been expanded, so its subitems are not known"
    case .duplicatePath:
      return opening + "the path is given more than once"
    case .negativeIndex(let level):
      let index = level < treePath.depth ? treePath[level] : -1
      return opening + "index \(index) is negative"
    case .rowCountOverflow:
      return opening + "the rows would pass the maximum of \(TreeIndex.maximumNumberOfRows)"
        + " (TreeIndex.maximumNumberOfRows)"
    }
  }
}
