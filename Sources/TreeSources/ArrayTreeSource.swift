import TreeIndex

/// A tree source over elements held in nested arrays: the root elements,
/// and each element's children through a key path.
///
/// Edit it as you would edit an array — ``append(_:to:)``,
/// ``insert(_:at:)``, ``remove(at:)``, ``move(from:to:)`` (across parents
/// too), ``replace(at:with:)``, ``update(at:_:)`` — and its subscribers hear
/// of each edit; ``performBatchUpdates(_:)`` makes several edits one change
/// set, and undoes them all if one fails.
public final class ArrayTreeSource<Element>: MutableTreeSource, _NestedArrays, _ElementAndChildCount {
  /// The root elements, each with its children.
  public private(set) var elements: [Element]

  /// A short name for the source, used in its errors.
  public let name: String

  /// Where an element keeps its children, or `nil` for a flat list.
  let _children: WritableKeyPath<Element, [Element]>?

  let _publisher = _ChangePublisher()

  /// Creates a source of a tree whose elements keep their children at
  /// `children`.
  ///
  /// - Parameters:
  ///   - elements: The root elements.
  ///   - children: Where an element keeps its children.
  ///   - name: A name for errors; `ArrayTreeSource` by default.
  /// - Complexity: O(1).
  public init(
    _ elements: [Element], children: WritableKeyPath<Element, [Element]>, name: String = "ArrayTreeSource"
  ) {
    self.elements = elements
    self._children = children
    self.name = name
  }

  /// Creates a source of a flat list: root elements without children.
  ///
  /// - Parameters:
  ///   - elements: The elements.
  ///   - name: A name for errors; `ArrayTreeSource` by default.
  /// - Complexity: O(1).
  public init(_ elements: [Element], name: String = "ArrayTreeSource") {
    self.elements = elements
    self._children = nil
    self.name = name
  }

  // MARK: TreeSource

  /// The number of children of the item at `parent`, or of root elements
  /// when `parent` is `nil`.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many children it has.
  /// - Throws: ``TreeSourceError`` when `parent` names no item.
  /// - Complexity: O(*d*).
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    // The root's count directly: a join asks it for every path it reads.
    guard let parent else { return elements.count }
    if _children == nil && parent.depth == 1 {
      // A root element of a flat list has none; errors take the general
      // walk.
      let i = parent[0]
      if i >= 0 && i < elements.count { return 0 }
    }
    return try _numberOfChildren(of: parent)
  }

  /// The element at `path`.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: The element, with its children.
  /// - Throws: ``TreeSourceError`` when `path` names no item.
  /// - Complexity: O(*d*).
  public func element(at path: TreePath) throws(TreeSourceError) -> Element {
    if path.depth == 1 {
      // A root element directly; errors and deeper paths take the general
      // walk.
      let elements = self.elements
      let i = path[0]
      if i >= 0 && i < elements.count { return elements[i] }
    }
    return try _element(at: path, for: .element)
  }

  /// The children of the item at `parent`, or the root elements when
  /// `parent` is `nil`.
  ///
  /// - Parameter parent: An item's path, or `nil`.
  /// - Returns: The children, in order.
  /// - Throws: ``TreeSourceError`` when `parent` names no item.
  /// - Complexity: O(*d*).
  public func children(of parent: TreePath?) throws(TreeSourceError) -> [Element] {
    try _children(of: parent, for: .numberOfChildren)
  }

  /// Calls `observer` after every change, until the subscription ends.
  ///
  /// - Parameter observer: The closure to call with each change set.
  /// - Returns: The subscription.
  /// - Complexity: O(1).
  public func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    _publisher.subscribe(observer)
  }

  /// Runs `updates` as one batch, published once when the outermost batch
  /// ends; if `updates` throws, every edit it made is undone and nothing is
  /// published.
  ///
  /// - Parameter updates: The edits.
  /// - Throws: Whatever `updates` throws.
  /// - Complexity: `updates`, plus O(*k* *r* *d*) for its *k* edits and the
  ///   *r* runs of adjacent items they insert (O(*k* *d*) for one run).
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    try _batch(updates)
  }

  // MARK: Implementation

  /// The element at `path` (its first index lowered by `offset`) and its
  /// number of children: a root element directly, deeper paths and errors
  /// by the general walk.
  func _elementAndChildCount(
    at path: TreePath, firstIndexOffset offset: Int
  ) throws(TreeSourceError) -> (element: Element, childCount: Int) {
    if path.depth == 1 {
      let elements = self.elements
      let i = path[0] - offset
      if i >= 0 && i < elements.count {
        let element = elements[i]
        guard let children = _children else { return (element, 0) }
        return (element, element[keyPath: children].count)
      }
    }
    return try _elementAndChildCountAsked(at: path, firstIndexOffset: offset)
  }

  var _rootElements: [Element] { elements }

  func _withRoots<R>(_ body: (inout [Element]) -> R) -> R { body(&elements) }

  /// Appends `element` to the root elements, in one access, returning its
  /// index.
  func _appendRoot(_ element: Element) -> Int { Self._appending(element, to: &elements) }

  private static func _appending(_ element: Element, to array: inout [Element]) -> Int {
    array.append(element)
    return array.count - 1
  }

  /// Replaces the root element at `index` with `element`, in one access;
  /// returns `false`, changing nothing, when `index` is out of range.
  func _replaceRoot(at index: Int, with element: Element) -> Bool {
    Self._replacing(at: index, with: element, in: &elements)
  }

  private static func _replacing(at index: Int, with element: Element, in array: inout [Element]) -> Bool {
    guard index >= 0 && index < array.count else { return false }
    array[index] = element
    return true
  }

  func _childrenKeyPath(atDepth depth: Int) -> WritableKeyPath<Element, [Element]>? { _children }
}
