import TreeIndex

/// A tree source that puts each of several sources under an item of its
/// own: root item *i* holds the *i*-th header element, and its children
/// are the *i*-th source's tree. In a `.sectioned` list each source is a
/// section (the seed's `nodeWithChildren:`: a person's `friends` and
/// `enemies` as two sections).
///
/// The groups are fixed: their header items cannot be inserted, removed,
/// moved or replaced. Edits beneath them go to the source that holds the
/// item; a move from one group to another removes the element from the
/// first source and inserts it into the second, and subscribers hear of
/// one move.
public final class GroupedTreeSource<Element>: MutableTreeSource {
  /// The header elements, one a group.
  public let headers: [Element]

  /// The grouped sources, in order.
  public let sources: [AnyTreeSource<Element>]

  /// A short name for the source, used in its errors.
  public let name: String

  /// The subscriptions to the sources, the subscribers, batches and moves
  /// across sources.
  let _composite: _CompositeSource<Element>

  /// Puts each source under an item holding its header.
  ///
  /// - Parameters:
  ///   - groups: The header elements and their sources, in order.
  ///   - name: A name for errors; `GroupedTreeSource` by default.
  /// - Complexity: O(*p*) for *p* groups.
  public init(_ groups: [(header: Element, source: AnyTreeSource<Element>)], name: String = "GroupedTreeSource") {
    self.headers = groups.map(\.header)
    self.sources = groups.map(\.source)
    self.name = name
    self._composite = _CompositeSource(sources)
    let owner = _Weak(object: self)
    _composite.lift = { changes, i in owner.object?._lift(changes, from: i) }
  }

  // MARK: TreeSource

  /// The number of groups when `parent` is `nil`, the number of a source's
  /// root items for a header, or the source's answer beneath.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many children it has.
  /// - Throws: ``TreeSourceError`` when `parent` names no item.
  /// - Complexity: O(1) plus the source's own answer.
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    guard let parent else { return sources.count }
    let (i, local) = try _locate(parent, for: .numberOfChildren)
    return try sources[i].numberOfChildren(of: local)
  }

  /// A group's header, or the element of the source that holds the item.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: The element.
  /// - Throws: ``TreeSourceError`` when `path` names no item.
  /// - Complexity: O(1) plus the source's own answer.
  public func element(at path: TreePath) throws(TreeSourceError) -> Element {
    let (i, local) = try _locate(path, for: .element)
    guard let local else { return headers[i] }
    return try sources[i].element(at: local)
  }

  /// Calls `observer` after every change of any grouped source, with this
  /// source's paths, until the subscription ends.
  ///
  /// - Parameter observer: The closure to call with each change set.
  /// - Returns: The subscription.
  /// - Complexity: O(1).
  public func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    _composite.publisher.subscribe(observer)
  }

  /// Runs `updates` as one batch of this source and of every grouped
  /// source: subscribers hear of it once.
  ///
  /// - Parameter updates: The edits.
  /// - Throws: Whatever `updates` throws; the sources undo their edits.
  /// - Complexity: `updates`, plus O(*k* *r* *d*) for its *k* edits and the
  ///   *r* runs of adjacent items they insert (O(*k* *d*) for one run).
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    try _composite.performBatchUpdates(updates)
  }

  // MARK: MutableTreeSource

  /// Inserts `element` into the group's source, at `path` less its first
  /// index.
  ///
  /// - Parameters:
  ///   - element: The new element.
  ///   - path: Its path once inserted, beneath a header.
  /// - Throws: ``TreeSourceError`` with ``TreeSourceError/Reason/notMutable``
  ///   for a header's place, or the source's error; nothing changes.
  /// - Complexity: O(1) plus the source's own insertion.
  public func insert(_ element: Element, at path: TreePath) throws(TreeSourceError) {
    let (i, local) = try _locateBeneath(path, for: .insert)
    try sources[i].insert(element, at: local)
  }

  /// Removes the item at `path` from the group's source.
  ///
  /// - Parameter path: The item's path, beneath a header.
  /// - Returns: The removed element.
  /// - Throws: ``TreeSourceError`` with ``TreeSourceError/Reason/notMutable``
  ///   for a header, or the source's error; nothing changes.
  /// - Complexity: O(1) plus the source's own removal.
  @discardableResult
  public func remove(at path: TreePath) throws(TreeSourceError) -> Element {
    let (i, local) = try _locateBeneath(path, for: .remove)
    return try sources[i].remove(at: local)
  }

  /// Moves the item at `source` to `destination` (read with the item
  /// removed), within one group's source or from one group to another; the
  /// subscribers hear of one move.
  ///
  /// - Parameters:
  ///   - source: The item's path, beneath a header.
  ///   - destination: Its path after the move, beneath a header.
  /// - Throws: ``TreeSourceError`` with ``TreeSourceError/Reason/notMutable``
  ///   when either path names a header's place, or when a path is wrong or
  ///   a source refuses; nothing changes.
  /// - Complexity: O(1) plus the sources' own edits; between groups, plus
  ///   O(*s*) for the *s* items beneath the moved item.
  public func move(from source: TreePath, to destination: TreePath) throws(TreeSourceError) {
    let (from, localSource) = try _locateBeneath(source, for: .move, destination: destination)
    let (to, localDestination) = try _locateBeneath(destination, for: .move, source: source)
    if from == to {
      try sources[from].move(from: localSource, to: localDestination)
      return
    }
    try _composite.move(from: from, localSource, to: to, localDestination) {
      .move(from: source, to: destination)
    }
  }

  /// Replaces the element at `path` in the group's source.
  ///
  /// - Parameters:
  ///   - path: The item's path, beneath a header.
  ///   - element: The new element.
  /// - Throws: ``TreeSourceError`` with ``TreeSourceError/Reason/notMutable``
  ///   for a header, or the source's error; nothing changes.
  /// - Complexity: O(1) plus the source's own edit.
  public func replace(at path: TreePath, with element: Element) throws(TreeSourceError) {
    let (i, local) = try _locateBeneath(path, for: .replace)
    try sources[i].replace(at: local, with: element)
  }

  // MARK: Implementation

  /// The group of the item at `path`, and the item's path in its source
  /// (`nil` for the header itself).
  func _locate(_ path: TreePath, for operation: TreeSourceError.Operation) throws(TreeSourceError) -> (Int, TreePath?) {
    guard path.depth > 0 else {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: .emptyPath)
    }
    guard path[0] >= 0, path[0] < sources.count else {
      throw TreeSourceError(
        source: name, operation: operation, path: path, reason: .indexOutOfRange(count: sources.count))
    }
    return (path[0], path.depth == 1 ? nil : TreePath(Array(path.dropFirst())))
  }

  /// The group and local path of an edit's path, which must lie beneath a
  /// header; `path` is the move's destination when `source` is given.
  func _locateBeneath(
    _ path: TreePath, for operation: TreeSourceError.Operation, source: TreePath? = nil,
    destination: TreePath? = nil
  ) throws(TreeSourceError) -> (Int, TreePath) {
    func refuse(_ reason: TreeSourceError.Reason) -> TreeSourceError {
      TreeSourceError(
        source: name, operation: operation, path: source ?? path, destination: source == nil ? destination : path,
        reason: reason)
    }
    let located: (Int, TreePath?)
    do {
      located = try _locate(path, for: operation)
    } catch {
      throw refuse(error.reason)
    }
    guard let local = located.1 else { throw refuse(.notMutable) }
    return (located.0, local)
  }

  /// Publishes a source's changes beneath its header.
  func _lift(_ changes: TreeSourceChanges, from i: Int) {
    _composite.publisher.publish(changes.mapPaths { TreePath([i] + Array($0)) }.steps)
  }
}
