import TreeIndex

/// Editing an array source: each edit checks its paths first (and changes
/// nothing when they are wrong), then changes the arrays and publishes one
/// step.
extension ArrayTreeSource {
  /// Appends `element` to the children of `parent` (the root elements when
  /// `parent` is `nil`).
  ///
  /// - Parameters:
  ///   - element: The new element, with its children.
  ///   - parent: The parent's path, or `nil`.
  /// - Throws: ``TreeSourceError`` when `parent` names no item, or the
  ///   source is flat and `parent` is not `nil`; nothing changes.
  /// - Complexity: O(*d*), amortized.
  public func append(_ element: Element, to parent: TreePath? = nil) throws(TreeSourceError) {
    let count = try _childCount(of: parent, for: .insert, path: parent ?? [])
    try insert(element, at: (parent ?? []).appending(count))
  }

  /// Inserts `element`, with its children, so that it is at `path`.
  ///
  /// - Parameters:
  ///   - element: The new element.
  ///   - path: Its path once inserted; its last index may be the parent's
  ///     number of children (an append).
  /// - Throws: ``TreeSourceError`` when `path` is empty, its parent names no
  ///   item, or its last index is past the end; nothing changes.
  /// - Complexity: O(*d* + *b*) (the array insertion).
  public func insert(_ element: Element, at path: TreePath) throws(TreeSourceError) {
    guard path.depth > 0 else {
      throw TreeSourceError(source: name, operation: .insert, path: path, reason: .emptyPath)
    }
    let count = try _childCount(of: path.parent, for: .insert, path: path)
    let index = path[path.depth - 1]
    guard index >= 0, index <= count else {
      throw TreeSourceError(source: name, operation: .insert, path: path, reason: .indexOutOfRange(count: count))
    }
    _modifyChildren(of: path.parent) { $0.insert(element, at: index) }
    _publisher.publish([.insert(path)])
  }

  /// Removes the item at `path` with its children.
  ///
  /// - Parameter path: The item's path.
  /// - Returns: The removed element, with its children.
  /// - Throws: ``TreeSourceError`` when `path` names no item; nothing
  ///   changes.
  /// - Complexity: O(*d* + *b*).
  @discardableResult
  public func remove(at path: TreePath) throws(TreeSourceError) -> Element {
    _ = try _element(at: path, for: .remove)
    let element = _modifyChildren(of: path.parent) { $0.remove(at: path[path.depth - 1]) }
    _publisher.publish([.remove(path)])
    return element
  }

  /// Moves the item at `source`, with its children, so that it is at
  /// `destination` (read with the item already removed); subscribers hear
  /// of one move.
  ///
  /// - Parameters:
  ///   - source: The item's path.
  ///   - destination: Its path after the move.
  /// - Throws: ``TreeSourceError`` when `source` names no item, when
  ///   `destination` is inside the moved item, or when it cannot hold an
  ///   item once the item is removed; nothing changes.
  /// - Complexity: O(*d* + *b*).
  public func move(from source: TreePath, to destination: TreePath) throws(TreeSourceError) {
    _ = try _element(at: source, for: .move)
    func refuse(_ reason: TreeSourceError.Reason) -> TreeSourceError {
      TreeSourceError(source: name, operation: .move, path: source, destination: destination, reason: reason)
    }
    guard destination.depth > 0 else { throw refuse(.emptyPath) }
    // The destination's parent, read before the removal.
    let parentBefore = destination.parent.map { _PathShifts.beforeRemoval(at: source, $0) }
    if let parentBefore, parentBefore == source || source.isAncestor(of: parentBefore) {
      throw refuse(.moveIntoOwnSubtree)
    }
    let count: Int
    do {
      count = try _childCount(of: parentBefore, for: .move, path: source)
    } catch {
      throw refuse(error.reason)
    }
    let sameParent = parentBefore == source.parent
    let index = destination[destination.depth - 1]
    guard index >= 0, index <= (sameParent ? count - 1 : count) else {
      throw refuse(.indexOutOfRange(count: sameParent ? count - 1 : count))
    }
    let element = _modifyChildren(of: source.parent) { $0.remove(at: source[source.depth - 1]) }
    _modifyChildren(of: destination.parent) { $0.insert(element, at: index) }
    _publisher.publish([.move(from: source, to: destination)])
  }

  /// Replaces the element at `path` and publishes an update; the item keeps
  /// its children (those of `element` are ignored), so that the change is
  /// one update in place.
  ///
  /// - Parameters:
  ///   - path: The item's path.
  ///   - element: The new element.
  /// - Throws: ``TreeSourceError`` when `path` names no item; nothing
  ///   changes.
  /// - Complexity: O(*d*).
  public func replace(at path: TreePath, with element: Element) throws(TreeSourceError) {
    _ = try _element(at: path, for: .replace)
    _modifyChildren(of: path.parent) { siblings in
      var element = element
      let i = path[path.depth - 1]
      if let children = _children { element[keyPath: children] = siblings[i][keyPath: children] }
      siblings[i] = element
    }
    _publisher.publish([.update(path)])
  }

  /// Changes the element at `path` in place and publishes an update;
  /// changes `body` makes to the element's children are undone (edit
  /// children through the source).
  ///
  /// - Parameters:
  ///   - path: The item's path.
  ///   - body: The change.
  /// - Throws: ``TreeSourceError`` when `path` names no item; nothing
  ///   changes.
  /// - Complexity: O(*d*) plus `body`.
  public func update(at path: TreePath, _ body: (inout Element) -> Void) throws(TreeSourceError) {
    var element = try _element(at: path, for: .replace)
    body(&element)
    try replace(at: path, with: element)
  }

  /// The number of children of `parent`, for an edit that puts an item
  /// beneath it.
  func _childCount(
    of parent: TreePath?, for operation: TreeSourceError.Operation, path: TreePath
  ) throws(TreeSourceError) -> Int {
    guard let parent else { return elements.count }
    guard _children != nil else {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: .noSuchItem)
    }
    do {
      return try numberOfChildren(of: parent)
    } catch {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: error.reason)
    }
  }
}
