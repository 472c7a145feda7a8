import TreeIndex

/// A tree source over an object's array property and the arrays beneath
/// it, each level of its own type: `person` → `\.friends` (`[Friend]`) →
/// `\.pets` (`[Pet]`), every item given as one `Element` the caller chooses,
/// such as a protocol the levels' types conform to.
///
/// ```swift
/// let levels = KeyPathLevels(person, \.friends, as: (any Named).self).children(\.pets)
/// let friends = LeveledTreeSource(levels, name: "friends")
/// ```
///
/// Like ``KeyPathTreeSource``, it holds no copy: it reads through the key
/// paths each time it is asked, and its edits write through them and
/// publish the change. An element put at a path must be of the type of the
/// items there (a `Pet` among pets); otherwise the edit throws
/// ``TreeSourceError/Reason/wrongElementType(expected:)`` and nothing
/// changes. Edit the arrays through the source: a change made to them
/// directly is not published.
public final class LeveledTreeSource<Element>: MutableTreeSource {
  /// A short name for the source, used in its errors.
  public let name: String

  let _levels: any _LeveledArrays<Element>

  let _publisher = _ChangePublisher()

  /// Creates a source of `levels`.
  ///
  /// - Parameters:
  ///   - levels: The object's array and the key paths beneath it.
  ///   - name: A name for errors; `LeveledTreeSource` by default.
  /// - Complexity: O(*l*) for *l* levels.
  public init<Object, Leaf>(_ levels: KeyPathLevels<Object, Leaf, Element>, name: String = "LeveledTreeSource") {
    self._levels = levels._make(_KeyPathLevel(children: nil))
    self.name = name
  }

  // MARK: TreeSource

  /// The number of children of the item at `parent`, or of root items when
  /// `parent` is `nil`.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many children it has; 0 on the last level.
  /// - Throws: ``TreeSourceError`` when `parent` names no item.
  /// - Complexity: O(*d*).
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    do {
      return try _levels.childCount(of: _slice(parent)) ?? 0
    } catch {
      throw TreeSourceError(source: name, operation: .numberOfChildren, path: parent ?? [], reason: error.reason)
    }
  }

  /// The item at `path`, as an `Element`.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: The item, with its children.
  /// - Throws: ``TreeSourceError`` when `path` names no item, or its value
  ///   is not an `Element`.
  /// - Complexity: O(*d*).
  public func element(at path: TreePath) throws(TreeSourceError) -> Element {
    try _element(at: path, for: .element)
  }

  /// Calls `observer` after every change made through the source, until
  /// the subscription ends.
  ///
  /// - Parameter observer: The closure to call with each change set.
  /// - Returns: The subscription.
  /// - Complexity: O(1).
  public func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    _publisher.subscribe(observer)
  }

  /// Runs `updates` as one batch, published once when the outermost batch
  /// ends; if `updates` throws, the object's root array is set back to
  /// what it was and nothing is published.
  ///
  /// - Parameter updates: The edits.
  /// - Throws: Whatever `updates` throws.
  /// - Complexity: `updates`, plus O(*k* *r* *d*) for its *k* edits and the
  ///   *r* runs of adjacent items they insert.
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    try _publisher.batch(updates, restoring: _levels.restorer())
  }

  // MARK: Editing

  /// Appends `element` to the children of `parent` (to the root items when
  /// `parent` is `nil`).
  ///
  /// - Parameters:
  ///   - element: The new item, of the type of the items at that level.
  ///   - parent: The parent's path, or `nil`.
  /// - Throws: ``TreeSourceError`` when `parent` names no item or one on the
  ///   last level, or `element` is of another type than that level's items;
  ///   nothing changes.
  /// - Complexity: O(*d*), amortized.
  public func append(_ element: Element, to parent: TreePath? = nil) throws(TreeSourceError) {
    let count = try _childCount(of: parent, holding: element, for: .insert, path: parent ?? [])
    try insert(element, at: (parent ?? []).appending(count))
  }

  /// Inserts `element` so that it is at `path`.
  ///
  /// - Parameters:
  ///   - element: The new item, of the type of the items at `path`'s level.
  ///   - path: Its path once inserted; its last index may be the parent's
  ///     number of children (an append).
  /// - Throws: ``TreeSourceError`` when `path` is empty, its parent names no
  ///   item (or one on the last level), its last index is past the end, or
  ///   `element` is of another type than the items there; nothing changes.
  /// - Complexity: O(*d* + *b*) (the array insertion).
  public func insert(_ element: Element, at path: TreePath) throws(TreeSourceError) {
    try _publisher.checkEditable(source: name, operation: .insert, path: path)
    guard let index = path.last else { throw _error(.insert, path, reason: .emptyPath) }
    let count = try _childCount(of: path.parent, holding: element, for: .insert, path: path)
    guard index >= 0, index <= count else { throw _error(.insert, path, reason: .indexOutOfRange(count: count)) }
    _ = _levels.apply(.insert(element, at: index), parent: _slice(path.parent))
    _publisher.publish([.insert(path)])
  }

  /// Removes the item at `path` with its children.
  ///
  /// - Parameter path: The item's path.
  /// - Returns: The removed item, with its children.
  /// - Throws: ``TreeSourceError`` when `path` names no item; nothing
  ///   changes.
  /// - Complexity: O(*d* + *b*).
  @discardableResult
  public func remove(at path: TreePath) throws(TreeSourceError) -> Element {
    try _publisher.checkEditable(source: name, operation: .remove, path: path)
    let element = try _element(at: path, for: .remove)
    _ = _levels.apply(.remove(at: path[path.depth - 1]), parent: _slice(path.parent))
    _publisher.publish([.remove(path)])
    return element
  }

  /// Moves the item at `source`, with its children, so that it is at
  /// `destination` (read with the item already removed), on the same
  /// level; subscribers hear of one move (of nothing when `destination` is
  /// where the item is).
  ///
  /// - Parameters:
  ///   - source: The item's path.
  ///   - destination: Its path after the move, as deep as `source`.
  /// - Throws: ``TreeSourceError`` when `source` names no item, when
  ///   `destination` cannot hold an item once the item is removed, or with
  ///   ``TreeSourceError/Reason/otherLevel`` when `destination` is on
  ///   another level; nothing changes.
  /// - Complexity: O(*d* + *b*).
  public func move(from source: TreePath, to destination: TreePath) throws(TreeSourceError) {
    try _publisher.checkEditable(source: name, operation: .move, path: source, destination: destination)
    let element = try _element(at: source, for: .move, destination: destination)
    guard let index = destination.last else { throw _error(.move, source, destination, reason: .emptyPath) }
    guard destination.depth == source.depth else { throw _error(.move, source, destination, reason: .otherLevel) }
    // The destination's parent in the tree before the removal.
    let parentBefore = destination.parent.map { _PathShifts.beforeRemoval(at: source, $0) }
    let isAmongSiblings = parentBefore == source.parent
    let count =
      try _childCount(of: parentBefore, holding: element, for: .move, path: source, destination: destination)
      - (isAmongSiblings ? 1 : 0)
    guard index >= 0, index <= count else {
      throw _error(.move, source, destination, reason: .indexOutOfRange(count: count))
    }
    guard source != destination else { return }
    let from = source[source.depth - 1]
    if isAmongSiblings {
      _ = _levels.apply(.move(from: from, to: index), parent: _slice(source.parent))
    } else {
      _ = _levels.apply(.remove(at: from), parent: _slice(source.parent))
      _ = _levels.apply(.insert(element, at: index), parent: _slice(destination.parent))
    }
    _publisher.publish([.move(from: source, to: destination)])
  }

  /// Replaces the item at `path` and publishes an update; the item keeps
  /// its children (those of `element` are ignored).
  ///
  /// - Parameters:
  ///   - path: The item's path.
  ///   - element: The new item, of the type of the items at `path`'s level.
  /// - Throws: ``TreeSourceError`` when `path` names no item, or `element`
  ///   is of another type than the items there; nothing changes.
  /// - Complexity: O(*d*).
  public func replace(at path: TreePath, with element: Element) throws(TreeSourceError) {
    try _publisher.checkEditable(source: name, operation: .replace, path: path)
    _ = try _element(at: path, for: .replace)
    try _checkType(of: element, atDepth: path.depth, for: .replace, path: path)
    _ = _levels.apply(.replace(at: path[path.depth - 1], with: element), parent: _slice(path.parent))
    _publisher.publish([.update(path)])
  }

  /// Changes the item at `path` in place and publishes an update; changes
  /// `body` makes to the item's children are undone (edit children through
  /// the source).
  ///
  /// - Parameters:
  ///   - path: The item's path.
  ///   - body: The change; it must leave an item of the same type.
  /// - Throws: ``TreeSourceError`` when `path` names no item, or `body`
  ///   leaves an item of another type; nothing changes.
  /// - Complexity: O(*d*) plus `body`.
  public func update(at path: TreePath, _ body: (inout Element) -> Void) throws(TreeSourceError) {
    try _publisher.checkEditable(source: name, operation: .replace, path: path)
    var element = try _element(at: path, for: .replace)
    body(&element)
    try replace(at: path, with: element)
  }

  // MARK: Implementation

  private func _slice(_ path: TreePath?) -> ArraySlice<Int> {
    guard let path else { return [] }
    return Array(path)[...]
  }

  private func _error(
    _ operation: TreeSourceError.Operation, _ path: TreePath, _ destination: TreePath? = nil,
    reason: TreeSourceError.Reason
  ) -> TreeSourceError {
    TreeSourceError(source: name, operation: operation, path: path, destination: destination, reason: reason)
  }

  private func _element(
    at path: TreePath, for operation: TreeSourceError.Operation, destination: TreePath? = nil
  ) throws(TreeSourceError) -> Element {
    guard path.depth > 0 else { throw _error(operation, path, destination, reason: .emptyPath) }
    do {
      return try _levels.element(at: _slice(path))
    } catch {
      throw _error(operation, path, destination, reason: error.reason)
    }
  }

  private func _checkType(
    of element: Element, atDepth depth: Int, for operation: TreeSourceError.Operation, path: TreePath,
    destination: TreePath? = nil
  ) throws(TreeSourceError) {
    guard !_levels.accepts(element, atDepth: depth) else { return }
    let expected = _levels.itemTypeName(atDepth: depth) ?? "none"
    throw _error(operation, path, destination, reason: .wrongElementType(expected: expected))
  }

  /// The number of children of `parent`, for an edit that puts `element`
  /// beneath it: the parent exists, its level has children, and they are
  /// of `element`'s type.
  private func _childCount(
    of parent: TreePath?, holding element: Element, for operation: TreeSourceError.Operation, path: TreePath,
    destination: TreePath? = nil
  ) throws(TreeSourceError) -> Int {
    let count: Int?
    do {
      count = try _levels.childCount(of: _slice(parent))
    } catch {
      throw _error(operation, path, destination, reason: error.reason)
    }
    guard let count else { throw _error(operation, path, destination, reason: .noSuchItem) }
    try _checkType(of: element, atDepth: (parent?.depth ?? 0) + 1, for: operation, path: path, destination: destination)
    return count
  }
}
