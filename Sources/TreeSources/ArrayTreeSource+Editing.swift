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
    guard parent == nil else { return try _append(element, to: parent) }
    try _publisher.checkEditable(source: name, operation: .insert, path: [elements.count])
    // A root element: no path to check, and the array appended to in one
    // access (the general walk reads the roots twice and appends through a
    // generic closure).
    let index = _appendRoot(element)
    _publisher.publish([.insert(TreePath([index]))])
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
    try _insert(element, at: path)
  }

  /// Inserts `elements`, each with its children, so that the first is at
  /// `path` and the others follow it in order; subscribers hear of one
  /// change set with their insertions, in the order of the elements.
  ///
  /// - Parameters:
  ///   - elements: The new elements.
  ///   - path: The first one's path once inserted; its last index may be
  ///     the parent's number of children (an append).
  /// - Throws: ``TreeSourceError`` when `path` is empty, its parent names no
  ///   item, or its last index is past the end; nothing changes.
  /// - Complexity: O(*d* + *b* + *k*) for *k* elements (one array insertion),
  ///   plus O(*k*) for each source composed above this one and each list
  ///   that shows it to take the insertions in.
  public func insert(contentsOf elements: some Collection<Element>, at path: TreePath) throws(TreeSourceError) {
    try _insert(contentsOf: elements, at: path)
  }

  /// Appends `elements`, each with its children, to the children of
  /// `parent` (the root elements when `parent` is `nil`); subscribers hear
  /// of one change set with their insertions.
  ///
  /// - Parameters:
  ///   - elements: The new elements.
  ///   - parent: The parent's path, or `nil`.
  /// - Throws: ``TreeSourceError`` when `parent` names no item, or the
  ///   source is flat and `parent` is not `nil`; nothing changes.
  /// - Complexity: O(*d* + *k*) for *k* elements, amortized, plus O(*k*)
  ///   for each source composed above this one and each list that shows it.
  public func append(contentsOf elements: some Collection<Element>, to parent: TreePath? = nil) throws(TreeSourceError) {
    let count = try _childCount(of: parent, for: .insert, path: parent ?? [])
    try _insert(contentsOf: elements, at: (parent ?? []).appending(count))
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
    try _remove(at: path)
  }

  /// Moves the item at `source`, with its children, so that it is at
  /// `destination` (read with the item already removed); subscribers hear
  /// of one move (of nothing when `destination` is where the item is).
  ///
  /// - Parameters:
  ///   - source: The item's path.
  ///   - destination: Its path after the move.
  /// - Throws: ``TreeSourceError`` when `source` names no item, or when
  ///   `destination` cannot hold an item once the item is removed (a
  ///   destination is read without the moved item, so it never lies inside
  ///   it); nothing changes.
  /// - Complexity: O(*d* + *b*).
  public func move(from source: TreePath, to destination: TreePath) throws(TreeSourceError) {
    try _move(from: source, to: destination)
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
    // A root element of a flat list (no children to keep) in one access;
    // other paths, and errors, take the general walk.
    if _children == nil && path.depth == 1 && !_publisher.isDelivering && _replaceRoot(at: path[0], with: element) {
      _publisher.publish([.update(path)])
      return
    }
    try _replace(at: path, with: element)
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
    try _update(at: path, body)
  }
}
