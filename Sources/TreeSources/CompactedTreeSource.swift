import TreeIndex

/// A tree source that shows a chain of single-child folders of another
/// source as one row, as VS Code's compact folders do: an item that is a
/// folder with exactly one child, itself a folder, is shown together with
/// that child, so `a` › `b` › `c` (each the only child of the one before)
/// is one row whose element is the chain `a/b/c`, and expanding that row
/// shows the children of `c`.
///
/// What a *folder* is, is configurable: by default an item with children
/// (``init(_:)``); with ``init(_:isFolder:)``, an item whose element the
/// closure calls a folder (an empty directory is then a folder too, and
/// `a/b` compacts when `b` is an empty directory).
///
/// **Rows follow their first element.** A row is the item of its first
/// (outermost) element: the elements after it join and leave the row as
/// the base changes, and the row is updated, never removed and inserted
/// again, as long as its first element starts a row under the same parent.
/// Chains form and break with each change of the base, as these steps:
/// - *A chain breaks* (adding a second child to `b` in `a/b/c`, at row
///   path `P`): the children of the row (those of `c`) are removed, the
///   row `c` is inserted at `P + [0]` with them, and the row `P` is updated
///   to `a/b`; the new child is inserted at its place among the children
///   of `b`.
/// - *A chain forms* (removing that child again): the children of `c`'s
///   row are moved, in order, to be the children of `a/b`, the emptied row
///   `c` is removed, and the row `P` is updated to `a/b/c`.
///
/// So an item whose row keeps its first element and its parent row keeps
/// its row, and its expansion in a list; the children of an element that
/// leaves a chain come back beneath its own new row (inserted with it).
/// Each step of the base is taken in as it comes: inside a batch, a chain
/// that breaks and forms again brings the children of its last element
/// back as new rows.
///
/// A compacted source cannot be edited (through ``AnyTreeSource`` its edits
/// throw ``TreeSourceError/Reason/notMutable``); edit its base.
///
/// - Complexity: The source keeps a mirror of the base's shape (each item's
///   children in an array, and whether it joins its only child's row), and
///   finds everything by walking base paths down it: a compacted path maps
///   to the base's path (and back) in O(*d*) for the base's depth *d*, and
///   a step of the base becomes the compacted steps in O(*d*), plus the
///   mirror's array insertion or removal (a copy of the later siblings'
///   references, as the base's own array edit is), one step for each of the
///   *m* children a breaking or forming chain hands from one row to
///   another, and the items an insertion brings.
public final class CompactedTreeSource<Base: TreeSource>: TreeSource {
  /// A row's element: the chain of the base's elements it shows.
  public typealias Element = CompactedElement<Base.Element>

  /// The source whose folder chains are compacted.
  public let base: Base

  /// Whether an element is a folder; `nil`: an item with children is.
  let _isFolder: ((Base.Element) -> Bool)?

  /// The mirror's root: its children are the base's root items.
  let _root = _CompactNode()
  let _publisher = _ChangePublisher()
  var _subscription: TreeSourceSubscription?

  /// Compacts `base`, where an item with children is a folder: an item with
  /// exactly one child, which has children itself, is shown with it.
  ///
  /// - Parameter base: The source to compact.
  /// - Complexity: O(*n*) for the *n* items of the base.
  public init(_ base: Base) {
    self.base = base
    self._isFolder = nil
    _start()
  }

  /// Compacts `base`, where `isFolder` says which elements are folders: an
  /// item that is a folder with exactly one child, itself a folder, is shown
  /// with it.
  ///
  /// - Parameters:
  ///   - base: The source to compact.
  ///   - isFolder: Whether an element is a folder; asked once per item, and
  ///     again when the base updates it.
  /// - Complexity: O(*n*) for the *n* items of the base, each asked about
  ///   once.
  public init(_ base: Base, isFolder: @escaping (Base.Element) -> Bool) {
    self.base = base
    self._isFolder = isFolder
    _start()
  }

  func _start() {
    let count = (try? base.numberOfChildren(of: nil)) ?? 0
    for i in 0..<count { _attach(_build(at: [i]), to: _root, at: i) }
    let source = _Weak(object: self)
    _subscription = base._listen(publishingTo: _publisher) { changes in source.object?._receive(changes) }
  }

  /// `Compacted(` and the base's name `)`.
  public var name: String { "Compacted(\(base.name))" }

  // MARK: TreeSource

  /// The number of rows beneath the row at `parent` (the children of its
  /// chain's last element), or of root rows when `parent` is `nil`.
  ///
  /// - Parameter parent: A compacted path, or `nil` for the root.
  /// - Returns: How many children the row has.
  /// - Throws: ``TreeSourceError`` when `parent` names no row.
  /// - Complexity: O(*d*) for the base's depth *d*.
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    guard let parent else { return _root.children.count }
    return try _row(at: parent, for: .numberOfChildren).last.children.count
  }

  /// The chain of elements of the row at `path`, outermost first.
  ///
  /// - Parameter path: A compacted path.
  /// - Returns: The chain, with the base's path of its last element.
  /// - Throws: ``TreeSourceError`` when `path` names no row, or the base's
  ///   error.
  /// - Complexity: O(*d*) plus the base's answer for each element of the
  ///   chain.
  public func element(at path: TreePath) throws(TreeSourceError) -> Element {
    let row = try _row(at: path, for: .element)
    var elements: [Base.Element] = []
    var node = row.head
    var basePath = row.headPath
    while true {
      elements.append(try base.element(at: basePath))
      guard node.isMerged else { break }
      node = node.children[0]
      basePath = basePath.appending(0)
    }
    return CompactedElement(elements: elements, basePath: basePath)
  }

  /// The base's path of the last element of the row at a compacted path:
  /// the item whose children the row shows.
  ///
  /// - Parameter path: A compacted path.
  /// - Returns: The base's path, or `nil` when no row is at `path`.
  /// - Complexity: O(*d*).
  public func basePath(forCompactedPath path: TreePath) -> TreePath? {
    (try? _row(at: path, for: .element))?.lastPath
  }

  /// The compacted path of the row that shows the base's item at `path`
  /// (alone or in a chain).
  ///
  /// - Parameter path: A path of the base.
  /// - Returns: The row's path, or `nil` when the base has no item there.
  /// - Complexity: O(*d*).
  public func compactedPath(forBasePath path: TreePath) -> TreePath? {
    guard path.depth > 0 else { return nil }
    return _rowPath(ofBase: path)
  }

  /// Calls `observer` after every change of the rows, until the
  /// subscription ends.
  ///
  /// - Parameter observer: The closure to call with each change set.
  /// - Returns: The subscription.
  /// - Complexity: O(1).
  public func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    _publisher.subscribe(observer)
  }

  /// Runs `updates` as one batch of the compacted source and of its base.
  ///
  /// - Parameter updates: The edits.
  /// - Throws: Whatever `updates` throws; the base undoes its edits.
  /// - Complexity: `updates`, plus O(*k* *r* *d*) for its *k* edits and
  ///   the *r* runs of adjacent items they insert.
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    try _publisher.batch(over: base, updates)
  }

  // MARK: The mirror

  /// Whether `node` is a folder.
  func _isFolder(_ node: _CompactNode) -> Bool {
    _isFolder == nil ? !node.children.isEmpty : node.isFolder
  }

  /// Whether `node` should join its only child's row.
  func _shouldMerge(_ node: _CompactNode) -> Bool {
    node !== _root && node.children.count == 1 && _isFolder(node) && _isFolder(node.children[0])
  }

  /// Builds the mirror of the base's item at `path` (read in the base's
  /// current tree; `nil`: an item removed later in the change, kept empty),
  /// detached.
  func _build(at path: TreePath?) -> _CompactNode {
    let node = _CompactNode()
    guard let path else { return node }
    if let isFolder = _isFolder, let element = try? base.element(at: path) {
      node.isFolder = isFolder(element)
    }
    let count = (try? base.numberOfChildren(of: path)) ?? 0
    for i in 0..<count { _attach(_build(at: path.appending(i)), to: node, at: i) }
    node.isMerged = _shouldMerge(node)
    return node
  }

  func _attach(_ node: _CompactNode, to parent: _CompactNode, at index: Int) {
    parent.children.insert(node, at: index)
  }

  /// The node at a base path (`[]`: the root).
  ///
  /// - Complexity: O(*d*).
  func _node(atBase path: TreePath) -> _CompactNode? {
    var node = _root
    for i in path {
      guard i >= 0, i < node.children.count else { return nil }
      node = node.children[i]
    }
    return node
  }

  /// The node at a base path, or the root for `nil`.
  func _node(atBase path: TreePath?) -> _CompactNode? {
    path.map { _node(atBase: $0) } ?? _root
  }

  /// The compacted path of the row that shows the base's item at `path`:
  /// an index for each item on the way that starts a row.
  ///
  /// - Complexity: O(*d*).
  func _rowPath(ofBase path: TreePath) -> TreePath? {
    var node = _root
    var indices: [Int] = []
    for i in path {
      guard i >= 0, i < node.children.count else { return nil }
      if !node.isMerged { indices.append(i) }
      node = node.children[i]
    }
    return TreePath(indices)
  }

  /// The last node of the row whose first node is `head`.
  func _last(of head: _CompactNode) -> _CompactNode {
    var n = head
    while n.isMerged { n = n.children[0] }
    return n
  }

  /// The first and last node of the row at a compacted path, with their
  /// base paths.
  ///
  /// - Complexity: O(*d*).
  func _row(
    at path: TreePath, for operation: TreeSourceError.Operation
  ) throws(TreeSourceError) -> (head: _CompactNode, headPath: TreePath, last: _CompactNode, lastPath: TreePath) {
    guard path.depth > 0 else {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: .emptyPath)
    }
    var last = _root
    var head = _root
    var indices: [Int] = []
    var headDepth = 0
    for i in path {
      guard i >= 0, i < last.children.count else {
        throw TreeSourceError(
          source: name, operation: operation, path: path, reason: .indexOutOfRange(count: last.children.count))
      }
      head = last.children[i]
      indices.append(i)
      headDepth = indices.count
      last = head
      while last.isMerged {
        last = last.children[0]
        indices.append(0)
      }
    }
    return (head, TreePath(indices.prefix(headDepth)), last, TreePath(indices))
  }
}

/// One row of a ``CompactedTreeSource``: the chain of the base's elements
/// it shows, outermost first, each but the last a folder whose only child
/// is the next.
public struct CompactedElement<Element> {
  /// The elements of the chain, outermost first; never empty.
  public let elements: [Element]

  /// The base's path of the chain's last element, whose children the row
  /// shows.
  public let basePath: TreePath

  /// The chain's last element, whose children the row shows.
  public var last: Element { elements[elements.count - 1] }

  init(elements: [Element], basePath: TreePath) {
    self.elements = elements
    self.basePath = basePath
  }
}

extension CompactedElement: Equatable where Element: Equatable {}
extension CompactedElement: Hashable where Element: Hashable {}
extension CompactedElement: Sendable where Element: Sendable {}

extension TreeSource {
  /// This source with its chains of single-child items compacted, an item
  /// with children being a folder.
  ///
  /// - Returns: A ``CompactedTreeSource`` over this source.
  /// - Complexity: O(*n*) for the *n* items of this source.
  public func compacted() -> CompactedTreeSource<Self> {
    CompactedTreeSource(self)
  }

  /// This source with its chains of single-child folders compacted.
  ///
  /// - Parameter isFolder: Whether an element is a folder.
  /// - Returns: A ``CompactedTreeSource`` over this source.
  /// - Complexity: O(*n*) for the *n* items of this source.
  public func compacted(isFolder: @escaping (Element) -> Bool) -> CompactedTreeSource<Self> {
    CompactedTreeSource(self, isFolder: isFolder)
  }
}

extension CompactedTreeSource: _LinkableSource {
  func _link(_ link: _ChangeLink) -> TreeSourceSubscription? { _publisher.link(link) }
}

/// One item of a compacted source's base, in its mirror of the base tree.
final class _CompactNode {
  /// Its children, in order.
  var children: [_CompactNode] = []
  /// Whether its element is a folder (with a folder closure).
  var isFolder = false
  /// Whether it is shown in one row with its only child.
  var isMerged = false
}
