import TreeIndex

/// One parent's children as a mutable collection: the seed's
/// `mutableChildren`, an array-like proxy whose edits go through the
/// source and are published like the source's own.
extension ArrayTreeSource {
  /// A live view of the children of one parent of an ``ArrayTreeSource``
  /// (or of its root elements): read it as an array, edit it as an array,
  /// and each edit is made through the source, which publishes it as one
  /// change set — inside ``ArrayTreeSource/performBatchUpdates(_:)``, as
  /// part of the batch.
  ///
  /// The view holds the source and the parent's path, nothing else: it
  /// reads the source every time, so it always shows the parent's current
  /// children. It names the parent by path, as a table names a row: after
  /// an edit that moves the parent, the view shows the children of the item
  /// at that path then (none, when the path names no item any more, and
  /// its edits throw).
  ///
  /// Every edit checks its index first and throws the source's
  /// ``TreeSourceError`` (the source's name, the child's full path and the
  /// reason) without changing anything. The subscript's setter cannot
  /// throw: like `Array`'s, it requires a valid index; use
  /// ``replace(at:with:)`` to be told instead.
  public struct MutableChildren: RandomAccessCollection {
    /// The source whose children the view shows.
    public let source: ArrayTreeSource<Element>

    /// The parent's path, or `nil` for the root elements.
    public let parent: TreePath?

    init(source: ArrayTreeSource<Element>, parent: TreePath?) {
      self.source = source
      self.parent = parent
    }

    /// The position of the first child: always 0.
    ///
    /// - Complexity: O(1).
    public var startIndex: Int { 0 }

    /// The number of children: one past the last child's position; 0 when
    /// the parent's path names no item any more.
    ///
    /// - Complexity: O(*d*) for the parent's depth *d*.
    public var endIndex: Int { (try? source.numberOfChildren(of: parent)) ?? 0 }

    /// The child at `position`; setting it replaces the element (the child
    /// keeps its own children, as ``replace(at:with:)`` does).
    ///
    /// Set while the source is delivering a change to its subscribers, the
    /// replacement waits until the delivery has reached them all (and is
    /// skipped if `position` names no child then).
    ///
    /// - Parameter position: A valid index: in `0 ..< count`.
    /// - Precondition: `position` names a child, as for `Array`; the
    ///   throwing ``replace(at:with:)`` reports a bad index instead.
    /// - Complexity: O(*d*).
    public subscript(position: Int) -> Element {
      get {
        do {
          return try source.element(at: path(position))
        } catch {
          preconditionFailure("\(error)")
        }
      }
      nonmutating set {
        let path = path(position)
        if source._publisher.isDelivering {
          // The replacement waits until the delivery ends; an index no
          // longer there then is skipped.
          let source = source
          source._publisher.runOrDefer { try? source.replace(at: path, with: newValue) }
          return
        }
        do {
          try source.replace(at: path, with: newValue)
        } catch {
          preconditionFailure("\(error)")
        }
      }
    }

    /// Appends `element`, with its children, after the last child.
    ///
    /// - Parameter element: The new element.
    /// - Throws: ``TreeSourceError`` when the parent's path names no item
    ///   (or the source is flat and the parent is not `nil`); nothing
    ///   changes.
    /// - Complexity: O(*d*), amortized.
    public func append(_ element: Element) throws(TreeSourceError) {
      try source.append(element, to: parent)
    }

    /// Appends `elements`, in order, as one change set.
    ///
    /// - Parameter elements: The new elements.
    /// - Throws: ``TreeSourceError`` as ``append(_:)`` does; nothing
    ///   changes.
    /// - Complexity: O(*d* + *k*) for *k* elements, amortized (one array
    ///   insertion, one insertion step each), plus O(*k*) for each source
    ///   composed above and each list that shows it to take them in.
    public func append(contentsOf elements: some Sequence<Element>) throws(TreeSourceError) {
      try source.append(contentsOf: Array(elements), to: parent)
    }

    /// Inserts `elements`, in order, so that the first is child `index`,
    /// as one change set.
    ///
    /// - Parameters:
    ///   - elements: The new elements.
    ///   - index: The first one's position once inserted, in `0 ... count`.
    /// - Throws: ``TreeSourceError`` when `index` is out of range or the
    ///   parent's path names no item; nothing changes.
    /// - Complexity: O(*d* + *b* + *k*) for *b* children and *k* elements,
    ///   plus O(*k*) for each source composed above and each list that
    ///   shows it.
    public func insert(contentsOf elements: some Sequence<Element>, at index: Int) throws(TreeSourceError) {
      try source.insert(contentsOf: Array(elements), at: path(index))
    }

    /// Inserts `element`, with its children, so that it is child `index`.
    ///
    /// - Parameters:
    ///   - element: The new element.
    ///   - index: Its position once inserted, in `0 ... count`.
    /// - Throws: ``TreeSourceError`` when `index` is out of range or the
    ///   parent's path names no item; nothing changes.
    /// - Complexity: O(*d* + *b*) for *b* children (the array insertion).
    public func insert(_ element: Element, at index: Int) throws(TreeSourceError) {
      try source.insert(element, at: path(index))
    }

    /// Removes child `index` with its children.
    ///
    /// - Parameter index: The child's position.
    /// - Returns: The removed element, with its children.
    /// - Throws: ``TreeSourceError`` when `index` names no child; nothing
    ///   changes.
    /// - Complexity: O(*d* + *b*).
    @discardableResult
    public func remove(at index: Int) throws(TreeSourceError) -> Element {
      try source.remove(at: path(index))
    }

    /// Moves child `source` so that it is child `destination` afterwards
    /// (read with the child already removed, as
    /// ``ArrayTreeSource/move(from:to:)`` reads it and as a table's
    /// `moveRow(at:to:)` gives it); subscribers hear of one move, or of
    /// nothing when the two are equal.
    ///
    /// - Parameters:
    ///   - source: The child's position before the move.
    ///   - destination: Its position after the move, in `0 ..< count`.
    /// - Throws: ``TreeSourceError`` when either index is out of range;
    ///   nothing changes.
    /// - Complexity: O(*d* + *b*).
    public func move(from source: Int, to destination: Int) throws(TreeSourceError) {
      try self.source.move(from: path(source), to: path(destination))
    }

    /// Replaces the element of child `index`, which keeps its own children
    /// (those of `element` are ignored); subscribers hear of one update.
    ///
    /// - Parameters:
    ///   - index: The child's position.
    ///   - element: The new element.
    /// - Throws: ``TreeSourceError`` when `index` names no child; nothing
    ///   changes.
    /// - Complexity: O(*d*).
    public func replace(at index: Int, with element: Element) throws(TreeSourceError) {
      try source.replace(at: path(index), with: element)
    }

    /// The source's path of child `index`.
    private func path(_ index: Int) -> TreePath {
      (parent ?? []).appending(index)
    }
  }

  /// The children of `parent` (the root elements when `parent` is `nil`) as
  /// a mutable collection: each edit of the view is made through this
  /// source and published as one change set.
  ///
  /// ```swift
  /// let friends = ArrayTreeSource(["Ann", "Bob"], name: "friends")
  /// let children = try friends.mutableChildren()
  /// try children.append("Cy")              // published: insert [2]
  /// try children.move(from: 2, to: 0)      // published: move [2] -> [0]
  /// children[1] = "Annie"                  // published: update [1]
  /// Array(children)                        // ["Cy", "Annie", "Bob"]
  /// ```
  ///
  /// - Parameter parent: An item's path, or `nil` for the root elements.
  /// - Returns: The view.
  /// - Throws: ``TreeSourceError`` when `parent` names no item, or the
  ///   source is flat and `parent` is not `nil` (its items have no
  ///   children).
  /// - Complexity: O(*d*) for the parent's depth *d*.
  public func mutableChildren(of parent: TreePath? = nil) throws(TreeSourceError) -> MutableChildren {
    if let parent {
      _ = try _childCount(of: parent, for: .numberOfChildren, path: parent)
    }
    return MutableChildren(source: self, parent: parent)
  }
}
