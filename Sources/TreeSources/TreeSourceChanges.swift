import TreeIndex

/// One batch of changes of a ``TreeSource``: the edits, in the order they
/// apply, each reading its paths in the tree the edits before it left — as
/// ``/TreeIndex/TreeIndex/performBatchUpdates(_:)`` and
/// `TreeList.performBatchUpdates(_:)` take them.
///
/// A batch is published in a normal form that makes it safe to read the
/// source while replaying it: nothing is listed beneath an item the batch
/// inserts (the inserted item comes with the children it has at the end of
/// the batch), and ``finalPath(of:afterStep:)`` says where an item named at
/// one step stands once the batch ends, so a subscriber replaying the
/// batch reads the source (which already holds the new tree) at that path.
public struct TreeSourceChanges: Equatable, Sendable, CustomStringConvertible {
  /// One edit of a batch.
  public enum Step: Equatable, Hashable, Sendable, CustomStringConvertible {
    /// An item was inserted at the path, with its children.
    case insert(TreePath)
    /// The item at the path was removed, with everything beneath it.
    case remove(TreePath)
    /// The item at `from` moved to `to`, with everything beneath it; `to`
    /// is read with the item already removed.
    case move(from: TreePath, to: TreePath)
    /// The item at the path changed in place.
    case update(TreePath)

    /// `insert [0, 1]`, `move [0] -> [2]`.
    public var description: String {
      switch self {
      case .insert(let p): "insert \(p)"
      case .remove(let p): "remove \(p)"
      case .move(let a, let b): "move \(a) -> \(b)"
      case .update(let p): "update \(p)"
      }
    }
  }

  /// The edits, in order.
  ///
  /// Setting the steps, or editing them in place, costs what the array
  /// edit costs: the summary that answers ``finalPath(of:afterStep:)`` in
  /// O(*d*) is dropped, and made again (O(*k* *d*)) by ``init(_:)`` or by
  /// the sources and lists that read many final paths of one batch.
  public var steps: [Step] {
    didSet { _laterInsertions = nil }
  }

  /// For each step, what the steps after it insert when that is simple
  /// enough to answer ``finalPath(of:afterStep:)`` at once: see
  /// ``_LaterInsertions``. `nil` once ``steps`` has been set.
  private var _laterInsertions: _LaterInsertions?

  /// Creates a batch of steps, as given (not brought into normal form).
  ///
  /// - Parameter steps: The edits, in order.
  /// - Complexity: O(*k*) for *k* steps.
  public init(_ steps: [Step] = []) {
    self.steps = steps
    self._laterInsertions = Self._laterInsertions(of: steps)
  }

  /// The same batch, holding the summary that answers
  /// ``finalPath(of:afterStep:)`` in O(*d*) for a bulk insertion: readers
  /// that ask for the final path of every step call it once first.
  ///
  /// - Complexity: O(1) when the summary is there; O(*k* *d*) otherwise.
  package func preparedForFinalPaths() -> TreeSourceChanges {
    if _laterInsertions != nil { return self }
    return TreeSourceChanges(steps)
  }

  /// Two batches are equal when their steps are.
  public static func == (lhs: TreeSourceChanges, rhs: TreeSourceChanges) -> Bool {
    lhs.steps == rhs.steps
  }

  /// Whether the batch has no step.
  public var isEmpty: Bool { steps.isEmpty }

  /// The steps, separated by `; `.
  public var description: String { steps.map(\.description).joined(separator: "; ") }

  /// Where the item that is at `path` once step `step` has applied stands
  /// when the whole batch has applied.
  ///
  /// Any input is answered, none traps: a step outside `-1..<steps.count`
  /// gives `nil`, and so does a path whose index would have to go past
  /// `Int.max` (an insertion before an item at index `Int.max`).
  ///
  /// - Parameters:
  ///   - path: An item's path in the tree after step `step`.
  ///   - step: A step's position in ``steps``; -1 for the tree before the
  ///     batch.
  /// - Returns: The item's path at the end of the batch, or `nil` when a
  ///   later step removes it, `step` is not -1 or a position in ``steps``,
  ///   or the final path is not representable.
  /// - Complexity: O(*d*) when the later steps only insert beneath one
  ///   parent (and update), as a bulk insertion's do, and the batch was
  ///   made by ``init(_:)`` (its ``steps`` not set since); O(*k* *d*) for
  ///   the *k* later steps otherwise.
  public func finalPath(of path: TreePath, afterStep step: Int) -> TreePath? {
    guard step >= -1, step < steps.count else { return nil }
    if let later = _laterInsertions, later.leaveInPlace(path, afterStep: step) { return path }
    var path = path
    for later in steps[(step + 1)...] {
      guard let next = Self._path(path, after: later) else { return nil }
      path = next
    }
    return path
  }

  /// Where the item at `path` stands after `step`, or `nil` when the step
  /// removes it or its path would not be representable.
  ///
  /// - Complexity: O(*d*).
  private static func _path(_ path: TreePath, after step: Step) -> TreePath? {
    switch step {
    case .insert(let q):
      if _insertionOverflows(at: q, path) { return nil }
    case .move(let a, let b):
      if a != path, !a.isAncestor(of: path), let removed = _PathShifts.afterRemoval(at: a, path),
        _insertionOverflows(at: b, removed)
      {
        return nil
      }
    case .remove, .update:
      break
    }
    return _PathShifts.apply(step, to: path)
  }

  /// What each step's later steps insert, in one pass from the end.
  ///
  /// - Complexity: O(*k* *d*) for *k* steps.
  private static func _laterInsertions(of steps: [Step]) -> _LaterInsertions {
    var result = _LaterInsertions(parent: nil, lowest: Array(repeating: Int.max, count: steps.count + 1))
    var lowest = Int.max  // what steps[i...] insert, from the end
    for i in steps.indices.reversed() {
      if lowest != _LaterInsertions.notSimple {
        switch steps[i] {
        case .update:
          break
        case .insert(let q):
          // (An index at `Int.max`, no item's, is left to the plain walk,
          // which knows where it overflows.)
          guard q.depth > 0, q[q.depth - 1] < Int.max else {
            lowest = _LaterInsertions.notSimple
            break
          }
          let parent = TreePath(q.prefix(q.depth - 1))
          if let known = result.parent, known != parent {
            lowest = _LaterInsertions.notSimple
          } else {
            result.parent = parent
            lowest = Swift.min(lowest, q[q.depth - 1])
          }
        case .remove, .move:
          lowest = _LaterInsertions.notSimple
        }
      }
      result.lowest[i] = lowest
    }
    return result
  }

  /// Whether an insertion at `q` would shift an index of `path` that is
  /// `Int.max` already.
  ///
  /// - Complexity: O(*d*).
  private static func _insertionOverflows(at q: TreePath, _ path: TreePath) -> Bool {
    let level = q.depth - 1
    return level >= 0 && path.depth > level && path[level] == .max && path.prefix(level).elementsEqual(q.prefix(level))
  }

  /// The same changes with every path lifted into an outer tree: `lift`
  /// turns a path of this source into the outer source's path.
  ///
  /// - Parameter lift: The path transform.
  /// - Returns: The lifted changes.
  /// - Complexity: O(*k*) calls of `lift`.
  public func mapPaths(_ lift: (TreePath) -> TreePath) -> TreeSourceChanges {
    TreeSourceChanges(
      steps.map { step in
        switch step {
        case .insert(let p): .insert(lift(p))
        case .remove(let p): .remove(lift(p))
        case .move(let a, let b): .move(from: lift(a), to: lift(b))
        case .update(let p): .update(lift(p))
        }
      })
  }
}

/// What the steps after each step of a batch insert, when they are only
/// insertions beneath one parent (and updates): then an item that stands
/// before the lowest of those insertions, or elsewhere, keeps its path to
/// the end of the batch. A bulk insertion's steps are that way, so that
/// reading each inserted item where it ends up costs O(*d*), not a walk
/// over the later steps.
struct _LaterInsertions: Sendable {
  /// Marks a step whose later steps are not that simple.
  static let notSimple = -1

  /// The parent of every insertion of the simple later steps.
  var parent: TreePath?
  /// For each step, the lowest index its later steps insert at beneath
  /// ``parent`` (`Int.max` when they insert nothing), or ``notSimple``.
  var lowest: [Int]

  /// Whether the steps after `step` (-1: all of them) leave the item at
  /// `path` where it is.
  ///
  /// - Complexity: O(*d*).
  func leaveInPlace(_ path: TreePath, afterStep step: Int) -> Bool {
    let limit = lowest[step + 1]
    if limit == Self.notSimple { return false }
    if limit == Int.max { return true }
    guard let parent else { return true }
    let level = parent.depth
    guard path.depth > level, path.prefix(level).elementsEqual(parent) else { return true }
    return path[level] < limit
  }
}
