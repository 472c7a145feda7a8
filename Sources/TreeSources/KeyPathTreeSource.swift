import TreeIndex

/// A tree source over an object's array property and the arrays beneath it,
/// through descending key paths: `person` → `\.friends` → `\.pets` shows
/// the person's friends as root items and each friend's pets beneath.
///
/// The source holds no copy: it reads the object's arrays through the key
/// paths each time it is asked, and its edits (``append(_:to:)``,
/// ``insert(_:at:)``, ``remove(at:)``, ``move(from:to:)``,
/// ``replace(at:with:)``, ``update(at:_:)``, ``performBatchUpdates(_:)``)
/// write through them, so that the object's arrays change, and publish the
/// change. Edit the arrays through the source: a change made to them
/// directly is not published.
///
/// Every level holds the same `Element` type; for levels of different
/// types, make `Element` an enum whose children are a computed property.
public final class KeyPathTreeSource<Object: AnyObject, Element>: MutableTreeSource, _NestedArrays {
  /// The object whose arrays the source shows.
  public let object: Object

  /// The object's array of root elements.
  public let keyPath: ReferenceWritableKeyPath<Object, [Element]>

  /// Where the items of each level keep their children: the first key path
  /// for root items, the next for their children, and so on; items below
  /// the last level have none.
  public let descendingKeyPaths: [WritableKeyPath<Element, [Element]>]

  /// A short name for the source, used in its errors.
  public let name: String

  let _publisher = _ChangePublisher()

  /// Creates a source of `object`'s array at `keyPath`, with the children
  /// of each level at the next of `descendingKeyPaths`.
  ///
  /// - Parameters:
  ///   - object: The object.
  ///   - keyPath: Its array of root elements.
  ///   - descendingKeyPaths: Where root items keep their children, then
  ///     where those keep theirs, and so on; empty for a flat list.
  ///   - name: A name for errors; `KeyPathTreeSource` by default.
  /// - Complexity: O(1).
  public init(
    _ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, [Element]>,
    descendingKeyPaths: [WritableKeyPath<Element, [Element]>] = [], name: String = "KeyPathTreeSource"
  ) {
    self.object = object
    self.keyPath = keyPath
    self.descendingKeyPaths = descendingKeyPaths
    self.name = name
  }

  /// The root elements: the object's array.
  public var elements: [Element] { object[keyPath: keyPath] }

  // MARK: TreeSource

  /// The number of children of the item at `parent`, or of root elements
  /// when `parent` is `nil`.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many children it has; 0 below the last level.
  /// - Throws: ``TreeSourceError`` when `parent` names no item.
  /// - Complexity: O(*d*).
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    try _numberOfChildren(of: parent)
  }

  /// The element at `path`.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: The element, with its children.
  /// - Throws: ``TreeSourceError`` when `path` names no item.
  /// - Complexity: O(*d*).
  public func element(at path: TreePath) throws(TreeSourceError) -> Element {
    try _element(at: path, for: .element)
  }

  /// The children of the item at `parent`, or the root elements when
  /// `parent` is `nil`.
  ///
  /// - Parameter parent: An item's path, or `nil`.
  /// - Returns: The children, in order; empty below the last level.
  /// - Throws: ``TreeSourceError`` when `parent` names no item.
  /// - Complexity: O(*d*).
  public func children(of parent: TreePath?) throws(TreeSourceError) -> [Element] {
    try _children(of: parent, for: .numberOfChildren)
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
  /// ends; if `updates` throws, the object's array is set back to what it
  /// was and nothing is published.
  ///
  /// - Parameter updates: The edits.
  /// - Throws: Whatever `updates` throws.
  /// - Complexity: `updates`, plus O(*k* *r* *d*) for its *k* edits and the
  ///   *r* runs of adjacent items they insert (O(*k* *d*) for one run).
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    try _batch(updates)
  }

  // MARK: Editing

  /// Appends `element` to the children of `parent` (the object's array when
  /// `parent` is `nil`).
  ///
  /// - Parameters:
  ///   - element: The new element, with its children.
  ///   - parent: The parent's path, or `nil`.
  /// - Throws: ``TreeSourceError`` when `parent` names no item, or items at
  ///   its level have no children; nothing changes.
  /// - Complexity: O(*d*), amortized.
  public func append(_ element: Element, to parent: TreePath? = nil) throws(TreeSourceError) {
    try _append(element, to: parent)
  }

  /// Inserts `element`, with its children, so that it is at `path`.
  ///
  /// - Parameters:
  ///   - element: The new element.
  ///   - path: Its path once inserted; its last index may be the parent's
  ///     number of children (an append).
  /// - Throws: ``TreeSourceError`` when `path` is empty, its parent names no
  ///   item (or one whose level has no children), or its last index is past
  ///   the end; nothing changes.
  /// - Complexity: O(*d* + *b*) (the array insertion).
  public func insert(_ element: Element, at path: TreePath) throws(TreeSourceError) {
    try _insert(element, at: path)
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
  /// `destination` (read with the item already removed), writing both
  /// arrays through the key paths; subscribers hear of one move (of
  /// nothing when `destination` is where the item is).
  ///
  /// - Parameters:
  ///   - source: The item's path.
  ///   - destination: Its path after the move.
  /// - Throws: ``TreeSourceError`` when `source` names no item, when
  ///   `destination` cannot hold an item once the item is removed, or with
  ///   ``TreeSourceError/Reason/otherLevel`` when items at the
  ///   destination's level keep their children through another key path;
  ///   nothing changes.
  /// - Complexity: O(*d* + *b*).
  public func move(from source: TreePath, to destination: TreePath) throws(TreeSourceError) {
    try _move(from: source, to: destination)
  }

  /// Replaces the element at `path` and publishes an update; the item keeps
  /// its children (those of `element` are ignored).
  ///
  /// - Parameters:
  ///   - path: The item's path.
  ///   - element: The new element.
  /// - Throws: ``TreeSourceError`` when `path` names no item; nothing
  ///   changes.
  /// - Complexity: O(*d*).
  public func replace(at path: TreePath, with element: Element) throws(TreeSourceError) {
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

  // MARK: Implementation

  var _rootElements: [Element] { object[keyPath: keyPath] }

  func _withRoots<R>(_ body: (inout [Element]) -> R) -> R { body(&object[keyPath: keyPath]) }

  func _childrenKeyPath(atDepth depth: Int) -> WritableKeyPath<Element, [Element]>? {
    depth >= 1 && depth - 1 < descendingKeyPaths.count ? descendingKeyPaths[depth - 1] : nil
  }
}
