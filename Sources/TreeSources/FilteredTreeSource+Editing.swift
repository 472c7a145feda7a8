import TreeIndex

/// Editing through a filter: filtered paths are mapped to the base's, and
/// the base's change comes back through the filter. Hidden positions cannot
/// be named, and an element the filter would hide is refused.
extension FilteredTreeSource: MutableTreeSource where Base: MutableTreeSource {
  /// Inserts `element` into the base so that it is at the filtered `path`:
  /// before the shown item now at that position, or at the end of the
  /// base's children when the position is past the last shown child.
  ///
  /// - Parameters:
  ///   - element: The new element.
  ///   - path: Its filtered path once inserted.
  /// - Throws: ``TreeSourceError`` when `path` cannot hold an item, or with
  ///   ``TreeSourceError/Reason/hiddenByFilter`` when the predicate hides
  ///   `element`; nothing changes.
  /// - Complexity: O(*d* log *b*) plus the base's insertion.
  public func insert(_ element: Base.Element, at path: TreePath) throws(TreeSourceError) {
    try _publisher.checkEditable(source: name, operation: .insert, path: path)
    let basePath = try _baseInsertionPath(path, for: .insert)
    guard _publisher.callingOut({ predicate(element) }) != .hidden else {
      throw TreeSourceError(source: name, operation: .insert, path: path, reason: .hiddenByFilter)
    }
    try base.insert(element, at: basePath)
  }

  /// Removes the shown item at `path` from the base.
  ///
  /// - Parameter path: A filtered path.
  /// - Returns: The removed element.
  /// - Throws: ``TreeSourceError`` when `path` names no shown item; nothing
  ///   changes.
  /// - Complexity: O(*d* log *b*) plus the base's removal.
  @discardableResult
  public func remove(at path: TreePath) throws(TreeSourceError) -> Base.Element {
    try _publisher.checkEditable(source: name, operation: .remove, path: path)
    let node = try _shownNode(at: path, for: .remove)
    return try base.remove(at: _basePath(of: node))
  }

  /// Moves the shown item at `source` so that it is at the filtered
  /// `destination` (read with the item removed).
  ///
  /// - Parameters:
  ///   - source: A filtered path.
  ///   - destination: Its filtered path after the move.
  /// - Throws: ``TreeSourceError`` when a path is wrong (the destination
  ///   is read without the moved item, so it never lies inside it);
  ///   nothing changes.
  /// - Complexity: O(*d* log *b*) plus the base's move.
  public func move(from source: TreePath, to destination: TreePath) throws(TreeSourceError) {
    func refuse(_ reason: TreeSourceError.Reason) -> TreeSourceError {
      TreeSourceError(source: name, operation: .move, path: source, destination: destination, reason: reason)
    }
    try _publisher.checkEditable(source: name, operation: .move, path: source, destination: destination)
    let node = try _shownNode(at: source, for: .move)
    guard destination.depth > 0 else { throw refuse(.emptyPath) }
    // The destination as an insertion position with the item still there.
    let current = _PathShifts.beforeRemoval(at: source, destination)
    let baseSource = _basePath(of: node)
    let baseCurrent: TreePath
    do {
      baseCurrent = try _baseInsertionPath(current, for: .move)
    } catch {
      throw refuse(error.reason)
    }
    let baseDestination = _PathShifts.afterRemoval(at: baseSource, baseCurrent) ?? baseCurrent
    try base.move(from: baseSource, to: baseDestination)
  }

  /// Replaces the shown element at `path` in the base; the filter then
  /// shows, hides or updates it as the predicate says.
  ///
  /// - Parameters:
  ///   - path: A filtered path.
  ///   - element: The new element.
  /// - Throws: ``TreeSourceError`` when `path` names no shown item; nothing
  ///   changes.
  /// - Complexity: O(*d* log *b*) plus the base's edit.
  public func replace(at path: TreePath, with element: Base.Element) throws(TreeSourceError) {
    try _publisher.checkEditable(source: name, operation: .replace, path: path)
    let node = try _shownNode(at: path, for: .replace)
    try base.replace(at: _basePath(of: node), with: element)
  }

  /// The base's path for an insertion at a filtered position.
  func _baseInsertionPath(_ path: TreePath, for operation: TreeSourceError.Operation) throws(TreeSourceError) -> TreePath {
    guard path.depth > 0 else {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: .emptyPath)
    }
    var parentBase: TreePath = []
    var tree = _rootTree
    if let parent = path.parent {
      let node = try _shownNode(at: parent, for: operation)
      parentBase = _basePath(of: node)
      tree = _forest[node].children
    }
    let shown = _forest.total(tree).shown
    let k = path[path.depth - 1]
    guard k >= 0, k <= shown else {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: .indexOutOfRange(count: shown))
    }
    let index = k < shown ? _forest.find(k, by: _ShownIndices.self, in: tree)!.before.count : _forest.total(tree).count
    return parentBase.appending(index)
  }
}
