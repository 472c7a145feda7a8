import TreeIndex

/// A tree source that shows several sources one after another: the root
/// items of the first, then those of the second, and so on (in a
/// `.sectioned` list, consecutive sections).
///
/// Changes of a joined source reach the join's subscribers with their
/// paths shifted past the sources before it. Edits through the join go to
/// the source that holds the item; a move from one joined source to
/// another removes the element from the first and inserts it into the
/// second, and subscribers hear of one move.
public final class JoinedTreeSource<Element>: MutableTreeSource, _ElementAndChildCount {
  /// The joined sources, in order.
  public let sources: [AnyTreeSource<Element>]

  /// A short name for the source, used in its errors.
  public let name: String

  /// Each source's number of root items, as the join's subscribers last
  /// heard it.
  // Unchecked: only the join reads and writes the counts, in accesses that
  // call out to nothing (a change is published after its counts are
  // updated), and integers run no deinitializer.
  @exclusivity(unchecked) var _counts: [Int]

  /// The subscriptions to the sources, the subscribers, batches and moves
  /// across sources.
  let _composite: _CompositeSource<Element>

  /// ``sources``, as objects: an array of a concrete type, which code
  /// generic over `Element` reads without looking up the type of its
  /// elements at run time (see ``_source(_:)``).
  let _sourceObjects: [AnyObject]

  /// Joins `sources`, in order.
  ///
  /// - Parameters:
  ///   - sources: The sources, type-erased.
  ///   - name: A name for errors; `JoinedTreeSource` by default.
  /// - Complexity: O(*p*) for *p* sources.
  public init(_ sources: [AnyTreeSource<Element>], name: String = "JoinedTreeSource") {
    self.sources = sources
    self.name = name
    self._counts = sources.map { (try? $0.numberOfChildren(of: nil)) ?? 0 }
    self._composite = _CompositeSource(sources)
    self._sourceObjects = sources
    let owner = _Weak(object: self)
    _composite.lift = { changes, i in owner.object?._lift(changes, from: i) }
  }

  // MARK: TreeSource

  /// The number of children of the item at `parent`, or the sum of the
  /// sources' root items when `parent` is `nil`.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many children it has.
  /// - Throws: ``TreeSourceError`` when `parent` names no item.
  /// - Complexity: O(*p*) for *p* sources, plus the source's own answer.
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    guard let parent else {
      return sources.reduce(0) { $0 + ((try? $1.numberOfChildren(of: nil)) ?? 0) }
    }
    let (i, local) = try _locate(parent, for: .numberOfChildren)
    return try _source(i).numberOfChildren(of: local)
  }

  /// The element at `path`, from the source that holds it.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: The element.
  /// - Throws: ``TreeSourceError`` when `path` names no item.
  /// - Complexity: O(*p*) plus the source's own answer.
  public func element(at path: TreePath) throws(TreeSourceError) -> Element {
    let (i, local) = try _locate(path, for: .element)
    return try _source(i).element(at: local)
  }

  /// Calls `observer` after every change of any joined source, with the
  /// join's paths, until the subscription ends.
  ///
  /// - Parameter observer: The closure to call with each change set.
  /// - Returns: The subscription.
  /// - Complexity: O(1).
  public func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    _composite.publisher.subscribe(observer)
  }

  /// Runs `updates` as one batch of the join and of every joined source:
  /// the join's subscribers hear of it once.
  ///
  /// - Parameter updates: The edits.
  /// - Throws: Whatever `updates` throws; the sources undo their edits.
  /// - Complexity: `updates`, plus O(*k* *r* *d*) for its *k* edits and the
  ///   *r* runs of adjacent items they insert (O(*k* *d*) for one run).
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    try _composite.performBatchUpdates(updates)
  }

  // MARK: MutableTreeSource

  /// Inserts `element` into the source that holds `path`'s place: at a
  /// boundary between two sources, the end of the earlier one.
  ///
  /// - Parameters:
  ///   - element: The new element.
  ///   - path: Its path once inserted.
  /// - Throws: ``TreeSourceError`` when `path` cannot hold an item, or the
  ///   source refuses; nothing changes.
  /// - Complexity: O(*p*) plus the source's own insertion.
  public func insert(_ element: Element, at path: TreePath) throws(TreeSourceError) {
    let (i, local) = try _locateInsertion(path, counts: _liveCounts(), for: .insert)
    try sources[i].insert(element, at: local)
  }

  /// Removes the item at `path` from the source that holds it.
  ///
  /// - Parameter path: The item's path.
  /// - Returns: The removed element.
  /// - Throws: ``TreeSourceError`` when `path` names no item, or the source
  ///   refuses; nothing changes.
  /// - Complexity: O(*p*) plus the source's own removal.
  @discardableResult
  public func remove(at path: TreePath) throws(TreeSourceError) -> Element {
    let (i, local) = try _locate(path, for: .remove)
    return try sources[i].remove(at: local)
  }

  /// Moves the item at `source` to `destination` (read with the item
  /// removed), within one joined source or from one to another; the
  /// join's subscribers hear of one move.
  ///
  /// - Parameters:
  ///   - source: The item's path.
  ///   - destination: Its path after the move.
  /// - Throws: ``TreeSourceError`` when a path is wrong or a source
  ///   refuses; nothing changes.
  /// - Complexity: O(*p*) plus the sources' own edits; between sources,
  ///   plus O(*s*) for the *s* items beneath the moved item.
  public func move(from source: TreePath, to destination: TreePath) throws(TreeSourceError) {
    let (from, localSource) = try _locate(source, for: .move, destination: destination)
    guard destination.depth > 0 else {
      throw TreeSourceError(source: name, operation: .move, path: source, destination: destination, reason: .emptyPath)
    }
    var counts = _liveCounts()
    if source.depth == 1 { counts[from] -= 1 }
    let (to, localDestination) = try _locateInsertion(
      destination, counts: counts, for: .move, source: source)
    if from == to {
      try sources[from].move(from: localSource, to: localDestination)
      return
    }
    try _composite.move(from: from, localSource, to: to, localDestination) {
      if source.depth == 1 { _counts[from] -= 1 }
      if destination.depth == 1 { _counts[to] += 1 }
      return .move(from: source, to: destination)
    }
  }

  /// Replaces the element at `path` in the source that holds it.
  ///
  /// - Parameters:
  ///   - path: The item's path.
  ///   - element: The new element.
  /// - Throws: ``TreeSourceError`` when `path` names no item, or the source
  ///   refuses; nothing changes.
  /// - Complexity: O(*p*) plus the source's own edit.
  public func replace(at path: TreePath, with element: Element) throws(TreeSourceError) {
    let (i, local) = try _locate(path, for: .replace)
    try sources[i].replace(at: local, with: element)
  }

  // MARK: Implementation

  /// The source at `i`, read from ``_sourceObjects``.
  @inline(__always)
  func _source(_ i: Int) -> AnyTreeSource<Element> {
    unsafeDowncast(_sourceObjects[i], to: AnyTreeSource<Element>.self)
  }

  func _liveCounts() -> [Int] { sources.map { (try? $0.numberOfChildren(of: nil)) ?? 0 } }

  /// The source holding the item at `path`, and the item's path in it.
  func _locate(
    _ path: TreePath, for operation: TreeSourceError.Operation, destination: TreePath? = nil
  ) throws(TreeSourceError) -> (Int, TreePath) {
    let (i, offset) = try _locateSource(path, for: operation, destination: destination)
    return (i, offset == 0 ? path : path.replacingFirst(with: path[0] - offset))
  }

  /// The source holding the item at `path`, and the number of root items
  /// of the sources before it (what the item's first index exceeds its
  /// first index in that source by).
  func _locateSource(
    _ path: TreePath, for operation: TreeSourceError.Operation, destination: TreePath? = nil
  ) throws(TreeSourceError) -> (source: Int, offset: Int) {
    guard path.depth > 0 else {
      throw TreeSourceError(source: name, operation: operation, path: path, destination: destination, reason: .emptyPath)
    }
    let first = path[0]
    if first >= 0 {
      // The counts one by one, without an array of them.
      var offset = 0
      for i in 0..<_sourceObjects.count {
        let count = (try? _source(i).numberOfChildren(of: nil)) ?? 0
        if first - offset < count { return (i, offset) }
        offset += count
      }
    }
    throw TreeSourceError(
      source: name, operation: operation, path: path, destination: destination,
      reason: .indexOutOfRange(count: _liveCounts().reduce(0, +)))
  }

  /// The element at `path` (its first index lowered by `offset`) and its
  /// number of children, from the source that holds it: the source is
  /// found once, and is passed the join's path with the offset of the
  /// sources before it rather than a copy of the path.
  ///
  /// The last source is not asked for its number of root items: a path
  /// past them is refused by the source itself (with its own error rather
  /// than the join's, which is what this question's callers allow).
  func _elementAndChildCount(
    at path: TreePath, firstIndexOffset offset: Int
  ) throws(TreeSourceError) -> (element: Element, childCount: Int) {
    guard offset == 0 else {
      return try _elementAndChildCount(at: path.replacingFirst(with: path[0] - offset), firstIndexOffset: 0)
    }
    guard path.depth > 0, path[0] >= 0, !_sourceObjects.isEmpty else {
      throw TreeSourceError(
        source: name, operation: .element, path: path,
        reason: path.depth == 0 ? .emptyPath : .indexOutOfRange(count: _liveCounts().reduce(0, +)))
    }
    let first = path[0]
    let last = _sourceObjects.count - 1
    var before = 0
    for i in 0..<last {
      let count = (try? _source(i).numberOfChildren(of: nil)) ?? 0
      if first - before < count { return try _source(i)._elementAndChildCount(at: path, firstIndexOffset: before) }
      before += count
    }
    return try _source(last)._elementAndChildCount(at: path, firstIndexOffset: before)
  }

  /// The source that takes an item inserted at `path`, given the sources'
  /// root counts: at a boundary between two sources, the earlier one.
  func _locateInsertion(
    _ path: TreePath, counts: [Int], for operation: TreeSourceError.Operation, source: TreePath? = nil
  ) throws(TreeSourceError) -> (Int, TreePath) {
    func refuse(_ reason: TreeSourceError.Reason) -> TreeSourceError {
      TreeSourceError(
        source: name, operation: operation, path: source ?? path, destination: source == nil ? nil : path,
        reason: reason)
    }
    guard path.depth > 0 else { throw refuse(.emptyPath) }
    var first = path[0]
    let isRoot = path.depth == 1
    if first >= 0 {
      for (i, count) in counts.enumerated() {
        if first < count || (isRoot && first == count) { return (i, path.replacingFirst(with: first)) }
        first -= count
      }
    }
    throw refuse(.indexOutOfRange(count: counts.reduce(0, +)))
  }

  /// Publishes a source's changes with the join's paths, keeping the root
  /// counts as the subscribers see them.
  func _lift(_ changes: TreeSourceChanges, from i: Int) {
    let offset = _counts[..<i].reduce(0, +)
    func lift(_ path: TreePath) -> TreePath { path.replacingFirst(with: path[0] + offset) }
    var steps: [TreeSourceChanges.Step] = []
    steps.reserveCapacity(changes.steps.count)
    for step in changes.steps {
      switch step {
      case .insert(let p):
        if p.depth == 1 { _counts[i] += 1 }
        steps.append(.insert(lift(p)))
      case .remove(let p):
        if p.depth == 1 { _counts[i] -= 1 }
        steps.append(.remove(lift(p)))
      case .move(let a, let b):
        if a.depth == 1 { _counts[i] -= 1 }
        if b.depth == 1 { _counts[i] += 1 }
        steps.append(.move(from: lift(a), to: lift(b)))
      case .update(let p):
        steps.append(.update(lift(p)))
      }
    }
    _composite.publisher.publish(steps)
  }
}

extension TreePath {
  /// The path with its first index replaced.
  func replacingFirst(with index: Int) -> TreePath {
    var path = self
    path[0] = index
    return path
  }
}
