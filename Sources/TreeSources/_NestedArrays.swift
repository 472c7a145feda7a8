import TreeIndex

/// A source whose tree is nested arrays: root elements, and each element's
/// children through a key path that may depend on the depth. The array
/// vocabulary (questions, edits, undoable batches) is written once here for
/// ``ArrayTreeSource`` (which holds its arrays) and ``KeyPathTreeSource``
/// (which writes through an object's key paths).
protocol _NestedArrays: AnyObject {
  associatedtype Element
  /// The source's name, for errors.
  var name: String { get }
  /// Where the source's changes go.
  var _publisher: _ChangePublisher { get }
  /// The root elements (read without a generic call, which would look up
  /// the array's type metadata at run time).
  var _rootElements: [Element] { get }
  /// Calls `body` with the root elements, in place.
  func _withRoots<R>(_ body: (inout [Element]) -> R) -> R
  /// Where an item at depth `depth` (1 for a root item) keeps its children;
  /// `nil` when items there have none.
  func _childrenKeyPath(atDepth depth: Int) -> WritableKeyPath<Element, [Element]>?
}

extension _NestedArrays {
  /// The element at `path`.
  ///
  /// - Complexity: O(*d*).
  func _element(at path: TreePath, for operation: TreeSourceError.Operation) throws(TreeSourceError) -> Element {
    let depth = path.depth
    guard depth > 0 else {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: .emptyPath)
    }
    var level = _rootElements
    var d = 0
    while true {
      let i = path[d]
      guard i >= 0, i < level.count else {
        throw TreeSourceError(
          source: name, operation: operation, path: path, reason: .indexOutOfRange(count: level.count))
      }
      d += 1
      if d == depth { return level[i] }
      // Items without a children key path have no children: the next index
      // is out of range.
      guard let children = _childrenKeyPath(atDepth: d) else {
        throw TreeSourceError(source: name, operation: operation, path: path, reason: .indexOutOfRange(count: 0))
      }
      level = level[i][keyPath: children]
    }
  }

  func _children(of parent: TreePath?, for operation: TreeSourceError.Operation) throws(TreeSourceError) -> [Element] {
    guard let parent else { return _rootElements }
    let element = try _element(at: parent, for: operation)
    guard let children = _childrenKeyPath(atDepth: parent.depth) else { return [] }
    return element[keyPath: children]
  }

  /// The number of children of the item at `parent` (of the root when
  /// `nil`).
  ///
  /// - Complexity: O(*d*).
  func _numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    guard let parent else { return _rootElements.count }
    guard _childrenKeyPath(atDepth: parent.depth) != nil else {
      _ = try _element(at: parent, for: .numberOfChildren)
      return 0
    }
    return try _children(of: parent, for: .numberOfChildren).count
  }

  /// Calls `body` with the children array of `parent` (the roots for an
  /// empty prefix), in place; the caller has checked the path.
  func _modifyChildren<R>(
    _ array: inout [Element], _ parent: ArraySlice<Int>, depth: Int, _ body: (inout [Element]) -> R
  ) -> R {
    guard let first = parent.first else { return body(&array) }
    return _modifyChildren(
      &array[first][keyPath: _childrenKeyPath(atDepth: depth + 1)!], parent.dropFirst(), depth: depth + 1, body)
  }

  func _modifyChildren<R>(of parent: TreePath?, _ body: (inout [Element]) -> R) -> R {
    guard let parent else { return _withRoots(body) }
    return _withRoots { roots in _modifyChildren(&roots, Array(parent)[...], depth: 0, body) }
  }

  /// The number of children of `parent`, for an edit that puts an item
  /// beneath it.
  func _childCount(
    of parent: TreePath?, for operation: TreeSourceError.Operation, path: TreePath
  ) throws(TreeSourceError) -> Int {
    guard let parent else { return _rootElements.count }
    let element: Element
    do {
      element = try _element(at: parent, for: operation)
    } catch {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: error.reason)
    }
    guard let children = _childrenKeyPath(atDepth: parent.depth) else {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: .noSuchItem)
    }
    return element[keyPath: children].count
  }

  // MARK: Edits

  func _append(_ element: Element, to parent: TreePath?) throws(TreeSourceError) {
    let count = try _childCount(of: parent, for: .insert, path: parent ?? [])
    try _insert(element, at: (parent ?? []).appending(count))
  }

  /// The last index of `path`, checked as the place of an insertion: the
  /// source may be edited, the path is not empty, its parent names an item
  /// that has children, and the index is at most their number.
  func _insertionIndex(at path: TreePath) throws(TreeSourceError) -> Int {
    try _publisher.checkEditable(source: name, operation: .insert, path: path)
    guard path.depth > 0 else {
      throw TreeSourceError(source: name, operation: .insert, path: path, reason: .emptyPath)
    }
    let count = try _childCount(of: path.parent, for: .insert, path: path)
    let index = path[path.depth - 1]
    guard index >= 0, index <= count else {
      throw TreeSourceError(source: name, operation: .insert, path: path, reason: .indexOutOfRange(count: count))
    }
    return index
  }

  func _insert(_ element: Element, at path: TreePath) throws(TreeSourceError) {
    let index = try _insertionIndex(at: path)
    _modifyChildren(of: path.parent) { siblings in
      // An append, unless it is in the middle: `insert(_:at:)`, generic and
      // not specialized here, costs several times more.
      if index == siblings.count { siblings.append(element) } else { siblings.insert(element, at: index) }
    }
    _publisher.publish([.insert(path)])
  }

  /// Inserts `elements` so that the first is at `path` and the others
  /// follow it, with one array insertion and one publication of their
  /// steps (which normal form keeps as one run).
  func _insert(contentsOf elements: some Collection<Element>, at path: TreePath) throws(TreeSourceError) {
    let index = try _insertionIndex(at: path)
    guard !elements.isEmpty else { return }
    _modifyChildren(of: path.parent) { siblings in
      if index == siblings.count {
        siblings.append(contentsOf: elements)
      } else {
        siblings.insert(contentsOf: elements, at: index)
      }
    }
    let parent = path.parent ?? []
    _publisher.publish((index..<(index + elements.count)).map { .insert(parent.appending($0)) })
  }

  func _remove(at path: TreePath) throws(TreeSourceError) -> Element {
    try _publisher.checkEditable(source: name, operation: .remove, path: path)
    _ = try _element(at: path, for: .remove)
    let element = _modifyChildren(of: path.parent) { $0.remove(at: path[path.depth - 1]) }
    _publisher.publish([.remove(path)])
    return element
  }

  func _move(from source: TreePath, to destination: TreePath) throws(TreeSourceError) {
    func refuse(_ reason: TreeSourceError.Reason) -> TreeSourceError {
      TreeSourceError(source: name, operation: .move, path: source, destination: destination, reason: reason)
    }
    try _publisher.checkEditable(source: name, operation: .move, path: source, destination: destination)
    do {
      _ = try _element(at: source, for: .move)
    } catch {
      throw refuse(error.reason)
    }
    guard destination.depth > 0 else { throw refuse(.emptyPath) }
    // The destination's parent, read before the removal: read after it,
    // the destination cannot lie inside the moved item.
    let parentBefore = destination.parent.map { _PathShifts.beforeRemoval(at: source, $0) }
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
    guard source.depth == destination.depth || _sameChildren(atDepths: source.depth, destination.depth) else {
      throw refuse(.otherLevel)
    }
    // A move to where the item is changes nothing, and is not published.
    guard source != destination else { return }
    if sameParent {
      // Among siblings: one access to their array, whose elements between
      // the two places shift by one (O(distance), and the array keeps its
      // size, where a removal and an insertion shift everything after).
      let from = source[source.depth - 1]
      _modifyChildren(of: source.parent) { siblings in
        siblings.withUnsafeMutableBufferPointer { buffer in
          guard let base = buffer.baseAddress else { return }
          let element = (base + from).move()
          if from < index {
            (base + from).moveInitialize(from: base + from + 1, count: index - from)
          } else {
            (base + index + 1).moveInitialize(from: base + index, count: from - index)
          }
          (base + index).initialize(to: element)
        }
      }
    } else {
      let element = _modifyChildren(of: source.parent) { $0.remove(at: source[source.depth - 1]) }
      _modifyChildren(of: destination.parent) { $0.insert(element, at: index) }
    }
    _publisher.publish([.move(from: source, to: destination)])
  }

  /// Whether items at the two depths keep their children the same way, so
  /// that an item can move from one depth to the other.
  func _sameChildren(atDepths a: Int, _ b: Int) -> Bool {
    _childrenKeyPath(atDepth: a) == _childrenKeyPath(atDepth: b)
  }

  func _replace(at path: TreePath, with element: Element) throws(TreeSourceError) {
    try _publisher.checkEditable(source: name, operation: .replace, path: path)
    _ = try _element(at: path, for: .replace)
    let children = _childrenKeyPath(atDepth: path.depth)
    _modifyChildren(of: path.parent) { siblings in
      var element = element
      let i = path[path.depth - 1]
      if let children { element[keyPath: children] = siblings[i][keyPath: children] }
      siblings[i] = element
    }
    _publisher.publish([.update(path)])
  }

  func _update(at path: TreePath, _ body: (inout Element) -> Void) throws(TreeSourceError) {
    try _publisher.checkEditable(source: name, operation: .replace, path: path)
    var element = try _element(at: path, for: .replace)
    body(&element)
    try _replace(at: path, with: element)
  }

  func _batch<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    let saved = _rootElements
    try _publisher.batch(updates) { _withRoots { $0 = saved } }
  }
}
