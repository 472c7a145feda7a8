import TreeIndex

/// A tree of elements that a list can show, and that tells its subscribers
/// about every change as one batch of tree-path changes.
///
/// A source answers the two questions of a data source — how many children
/// an item has (the root when the path is `nil`), and which element an item
/// holds — and publishes each change through ``subscribe(_:)``. Sources
/// compose: ``JoinedTreeSource`` concatenates sources, ``FilteredTreeSource``
/// hides elements, ``MappedTreeSource`` transforms them, and a change deep in
/// a composition reaches the outermost source as one ``TreeSourceChanges``
/// with its paths lifted into the outer tree.
///
/// Sources are classes, used from one thread (the main thread, with UIKit).
///
/// **Inside a batch** every read and every edit, at every level of a
/// composition of this module's sources, sees the tree as the edits so far
/// left it: a composed source hears of each step of the sources beneath it
/// at once, while its own subscribers hear of the whole batch when it ends.
///
/// **While a change is delivered** to the subscribers of a source, of a
/// source composed from it, or of any other source of that composition,
/// the source is not edited: an edit that can
/// throw is refused with ``TreeSourceError/Reason/deliveringChanges`` and
/// changes nothing, and an edit that cannot throw (a filter's new
/// predicate, a `mutableChildren()` element set,
/// ``PropertiesTreeSource/update()``) runs once the delivery has reached
/// every subscriber. Every subscriber hears of every change, in the order
/// the changes were made; a subscriber cancelled during a delivery is not
/// called again, not even for the change in progress.
public protocol TreeSource<Element>: AnyObject {
  /// What an item of the tree holds.
  associatedtype Element

  /// A short name for the source, used in the errors it throws.
  var name: String { get }

  /// The number of children of the item at `parent`, or of root items when
  /// `parent` is `nil`.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many children the item has.
  /// - Throws: ``TreeSourceError`` with ``TreeSourceError/Reason/noSuchItem``
  ///   when `parent` names no item.
  /// - Complexity: O(*d* log *b*) for the sources of this module, for depth
  ///   *d* and at most *b* children per item.
  func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int

  /// The element of the item at `path`.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: The element.
  /// - Throws: ``TreeSourceError`` with ``TreeSourceError/Reason/noSuchItem``
  ///   when `path` names no item.
  /// - Complexity: O(*d* log *b*) for the sources of this module.
  func element(at path: TreePath) throws(TreeSourceError) -> Element

  /// Calls `observer` with every later change of the source, one
  /// ``TreeSourceChanges`` for each change or batch of changes, until the
  /// returned subscription is cancelled or released.
  ///
  /// - Parameter observer: The closure to call after each change, once the
  ///   source already answers with the new tree.
  /// - Returns: The subscription; keep it as long as the observer should be
  ///   called.
  /// - Complexity: O(1).
  func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription

  /// Runs `updates` as one batch: the source's subscribers hear of every
  /// change made inside it as one ``TreeSourceChanges``, when the outermost
  /// batch ends. Batches nest.
  ///
  /// A composed source opens a batch on the sources beneath it too, so that
  /// changes made directly on those inside `updates` are part of the batch.
  /// If `updates` throws, the sources that can undo their changes
  /// (``ArrayTreeSource`` and every source built on it) are restored to
  /// where they were and publish nothing.
  ///
  /// - Parameter updates: The changes.
  /// - Throws: Whatever `updates` throws.
  /// - Complexity: `updates`, plus O(*k* *r* *d*) for the *k* changes it
  ///   makes and the *r* runs of adjacent items they insert (bringing them
  ///   into publishable order): O(*k* *d*) for one run.
  func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure)
}

/// A ``TreeSource`` that can be edited through its paths: inserting,
/// removing, moving and replacing elements, as one edits an array.
///
/// Composed sources forward each edit to the source that holds the element,
/// so that an edit made through the outermost source (for example a move
/// from one joined source to another) changes the data itself.
public protocol MutableTreeSource<Element>: TreeSource {
  /// Inserts `element`, with the children it brings, so that it is at
  /// `path` afterwards.
  ///
  /// - Parameters:
  ///   - element: The new element.
  ///   - path: Its path once inserted.
  /// - Throws: ``TreeSourceError`` when `path` cannot hold a new item (its
  ///   parent does not exist, or the index is past the end), or the source
  ///   cannot hold the element; nothing changes.
  /// - Complexity: O(*d* log *b*) plus the source's own cost (an array
  ///   insertion).
  func insert(_ element: Element, at path: TreePath) throws(TreeSourceError)

  /// Removes the item at `path` with everything beneath it.
  ///
  /// - Parameter path: The item's path.
  /// - Returns: The removed element, with its children.
  /// - Throws: ``TreeSourceError`` when `path` names no item; nothing
  ///   changes.
  /// - Complexity: O(*d* log *b*) plus the source's own cost.
  @discardableResult
  func remove(at path: TreePath) throws(TreeSourceError) -> Element

  /// Moves the item at `source` with everything beneath it, so that it is
  /// at `destination` afterwards (read, as `Array` moves are, in the tree
  /// with the item already removed). Subscribers hear of one move.
  ///
  /// - Parameters:
  ///   - source: The item's path before the move.
  ///   - destination: Its path after the move.
  /// - Throws: ``TreeSourceError`` when `source` names no item, or when
  ///   `destination` cannot hold it; nothing changes. A destination is
  ///   read without the moved item, so it cannot lie inside it: a path
  ///   that would is out of range or names another item's children.
  /// - Complexity: O(*d* log *b*) plus the source's own cost.
  func move(from source: TreePath, to destination: TreePath) throws(TreeSourceError)

  /// Replaces the element at `path`, keeping its place; subscribers hear
  /// of an update (or, through a filter, of whatever the new element's
  /// outcome changes).
  ///
  /// - Parameters:
  ///   - path: The item's path.
  ///   - element: The new element, with its children.
  /// - Throws: ``TreeSourceError`` when `path` names no item; nothing
  ///   changes.
  /// - Complexity: O(*d* log *b*) plus the source's own cost.
  func replace(at path: TreePath, with element: Element) throws(TreeSourceError)
}

extension TreeSource {
  /// The shape of the subtree at `path`: its number of children, then each
  /// child's shape, depth first; `nil` when `path` names no item. Two
  /// sources that give an item the same shape can publish its passage from
  /// one to the other as a move.
  ///
  /// - Complexity: O(*s*) questions for the *s* items of the subtree.
  func _shape(at path: TreePath) -> [Int]? {
    guard let count = try? numberOfChildren(of: path) else { return nil }
    var shape = [count]
    for i in 0..<count {
      guard let child = _shape(at: path.appending(i)) else { return nil }
      shape += child
    }
    return shape
  }
}
