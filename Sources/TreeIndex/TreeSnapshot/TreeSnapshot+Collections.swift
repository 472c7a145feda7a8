import _SummaryTree

/// The items as collections: all of them, the children of one, the visible
/// ones.
extension TreeSnapshot {
  /// The children of one item (or the root items), in order: a view of the
  /// snapshot, never copied out.
  public struct Children: RandomAccessCollection, Sendable {
    @usableFromInline
    let snapshot: TreeSnapshot
    @usableFromInline
    let parent: _NodeID

    @inlinable
    init(snapshot: TreeSnapshot, parent: _NodeID) {
      self.snapshot = snapshot
      self.parent = parent
    }

    /// The position of the first child: 0.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of children.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var endIndex: Int { parent == .null ? 0 : snapshot._index._arena.count(parent) }

    /// The child at `position`.
    ///
    /// - Parameter position: A valid index, `0..<count`.
    /// - Complexity: O(log *b*).
    @inlinable
    public subscript(position: Int) -> ItemID {
      precondition(position >= 0 && position < endIndex, "TreeSnapshot.Children: index out of range")
      return snapshot._item(snapshot._index._arena.subitem(of: parent, at: position).node)
    }
  }

  /// The visible items in row order, root items included (the `.flat`
  /// layout's rows): a view of the snapshot, never listed.
  public struct VisibleItems: RandomAccessCollection, Sendable {
    @usableFromInline
    let snapshot: TreeSnapshot

    @inlinable
    init(snapshot: TreeSnapshot) {
      self.snapshot = snapshot
    }

    /// The position of the first visible item: 0.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var startIndex: Int { 0 }

    /// The number of visible items.
    ///
    /// - Complexity: O(1).
    @inlinable
    public var endIndex: Int { snapshot._index.numberOfRows }

    /// The visible item at row `position`.
    ///
    /// - Parameter position: A valid row, `0..<count`.
    /// - Complexity: O(*d* log *b*).
    @inlinable
    public subscript(position: Int) -> ItemID {
      precondition(position >= 0 && position < endIndex, "TreeSnapshot.VisibleItems: index out of range")
      return snapshot._item(snapshot._node(atRow: position))
    }
  }

  /// Every item, depth first: each item, then its children's subtrees in
  /// order.
  ///
  /// - Complexity: O(*n*) for *n* items: the array is built on each read.
  @inlinable
  public var items: [ItemID] {
    var result: [ItemID] = []
    result.reserveCapacity(count)
    _forEachNodeDepthFirst { node, _ in result.append(_item(node)) }
    return result
  }

  /// The root items, in order.
  ///
  /// - Complexity: O(1); each element O(log *b*).
  @inlinable
  public var rootItems: Children { Children(snapshot: self, parent: _Arena.root) }

  /// The visible items in row order: ``item(atRow:)`` for each row.
  ///
  /// - Complexity: O(1); `count` O(1), each element O(*d* log *b*).
  @inlinable
  public var visibleItems: VisibleItems { VisibleItems(snapshot: self) }

  /// The children of `item`, or the root items when `item` is `nil`.
  ///
  /// - Parameter item: An identifier, or `nil` for the root.
  /// - Returns: The children in order; empty when the snapshot does not hold
  ///   `item`.
  /// - Complexity: O(1); each element O(log *b*).
  @inlinable
  public func children(of item: ItemID?) -> Children {
    Children(snapshot: self, parent: _parentNode(item) ?? .null)
  }

  /// Calls `body` with each node beneath `top` (the virtual root: every
  /// item) in depth-first order and its level (0 for the children of
  /// `top`); with `visibleOnly`, only those shown while `top` is, in row
  /// order.
  /// Iterative and allocation-free: it follows the links of the balanced
  /// trees of children (down to a first child, on to the next sibling, up
  /// to the owner), so trees may be deep.
  ///
  /// - Complexity: O(*n*) for *n* items visited (amortized O(1) a step).
  @inlinable
  func _forEachNodeDepthFirst(
    beneath top: _NodeID = _Arena.root, visibleOnly: Bool = false, _ body: (_ node: _NodeID, _ level: Int) -> Void
  ) {
    let forest = _index._arena.forest
    var node = _firstNode(inTreeAt: _index._arena.children(top))
    var level = 0
    while node != .null {
      body(node, level)
      let children = forest[node].children
      if children != .null && (!visibleOnly || forest[node].isExpanded) {
        node = _firstNode(inTreeAt: children)
        level += 1
        continue
      }
      let next = _nextNode(after: node, beneath: top)
      node = next.node
      level -= next.levelsUp
    }
  }

  /// The node that follows `node` and everything beneath it in depth-first
  /// order, without leaving the subtree of `top`: the next sibling of
  /// `node`, or of its nearest ancestor beneath `top` that has one; `.null`
  /// when there is none.
  ///
  /// - Returns: The node, and how many levels above `node`'s it is.
  /// - Complexity: O(*d* + log *b*); amortized O(1) over a whole walk.
  @inlinable
  func _nextNode(after node: _NodeID, beneath top: _NodeID) -> (node: _NodeID, levelsUp: Int) {
    let forest = _index._arena.forest
    var node = node
    var levelsUp = 0
    while true {
      let owner = forest[node].owner
      let next = forest.next(after: node, inTreeAt: forest[owner].children)
      if next != .null { return (next, levelsUp) }
      if owner == top { return (.null, levelsUp) }
      node = owner
      levelsUp += 1
    }
  }

  /// The first node of the balanced tree rooted at `tree`, or `.null`.
  ///
  /// - Complexity: O(log *b*).
  @inlinable
  func _firstNode(inTreeAt tree: _NodeID) -> _NodeID {
    guard tree != .null else { return .null }
    let forest = _index._arena.forest
    var node = tree
    while forest.left(node) != .null { node = forest.left(node) }
    return node
  }

}
