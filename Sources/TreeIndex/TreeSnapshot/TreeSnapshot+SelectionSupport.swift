import _SummaryTree

/// Hooks for `TreeSelection` (module `TreeSelections`), which keeps its
/// counts in columns indexed by the nodes of the snapshot it holds: one
/// slot per node of this snapshot's tree, so that a count is carried up to
/// the root along the tree's own owner links, with no identifier hashed and
/// no second tree kept. Node identities are stable while the snapshot does
/// not change. Not public API.
extension TreeSnapshot {
  /// The node of `item`, or `nil` when the snapshot does not hold it.
  ///
  /// - Complexity: O(1) expected: one hash of `item`.
  @inlinable
  package func _node(ofItem item: ItemID) -> Int32? {
    _node(of: item)
  }

  /// The node whose child the item at `node` is: ``_rootNode`` for a root
  /// item.
  ///
  /// - Complexity: O(1).
  @inlinable
  package func _ownerNode(of node: Int32) -> Int32 {
    _index._arena.owner(node)
  }

  /// One more than the largest node identity in use (or free): the length
  /// of a column indexed by this snapshot's nodes.
  ///
  /// - Complexity: O(1).
  @inlinable
  package var _nodeCapacity: Int {
    _index._arena.forest.capacity
  }

  /// Calls `visit` with `top` and the nodes beneath it, parents first in
  /// depth-first order, descending beneath a node only when `visit`
  /// returns `true` for it. Iterative and allocation-free: it follows the
  /// links of the balanced trees of children, so trees may be deep.
  ///
  /// - Parameters:
  ///   - top: A node of an item (not the virtual root).
  ///   - visit: Called with each node visited.
  /// - Complexity: O(*k* + *k'* log *b*) for *k* nodes visited and *k'*
  ///   of them descended beneath.
  @inlinable
  package func _walkNodes(from top: Int32, _ visit: (_ node: Int32) -> Bool) {
    guard visit(top) else { return }
    let forest = _index._arena.forest
    var node = _firstNode(inTreeAt: forest[top].children)
    while node != .null {
      if visit(node) {
        let children = forest[node].children
        if children != .null {
          node = _firstNode(inTreeAt: children)
          continue
        }
      }
      node = _nextNode(after: node, beneath: top).node
    }
  }

  /// Calls `body` with the node of each child of the item at `node` (the
  /// root items for ``_rootNode``), in order.
  ///
  /// - Complexity: O(*c*) for *c* children (amortized O(1) a step).
  @inlinable
  package func _forEachChildNode(of node: Int32, _ body: (_ child: Int32) -> Void) {
    let forest = _index._arena.forest
    let tree = forest[node].children
    var child = _firstNode(inTreeAt: tree)
    while child != .null {
      body(child)
      child = forest.next(after: child, inTreeAt: tree)
    }
  }

  /// The node of every item, in depth-first order (parents before their
  /// children).
  ///
  /// - Complexity: O(*n*) for *n* items.
  @inlinable
  package var _nodesDepthFirst: [Int32] {
    var nodes: [Int32] = []
    nodes.reserveCapacity(count)
    _forEachNodeDepthFirst { node, _ in nodes.append(node) }
    return nodes
  }

  /// The items whose place the edits since `ancestor` changed — inserted,
  /// deleted (each named item, not its descendants) or moved, in the order
  /// of the edits, repeats included — and which of them were inserted;
  /// `nil` when this snapshot was not made from `ancestor` by its recent
  /// edits (see `TreeSnapshot+History.swift`), or when one of them replaced
  /// an item's children.
  ///
  /// Every item of `ancestor` that these edits do not name, nor delete
  /// with an item they name, keeps its node, its parent and its subtree:
  /// nodes are freed only with their items, and a moved item keeps its
  /// node. A column indexed by `ancestor`'s nodes is therefore this
  /// snapshot's too, but for the items named and those above them.
  ///
  /// - Complexity: O(*k*) for the *k* identifiers of the edits, at most
  ///   ``_historyLimit``.
  package func _placeEdits(since ancestor: TreeSnapshot) -> (items: [ItemID], inserted: Set<ItemID>)? {
    guard let edits = _edits(since: ancestor) else { return nil }
    var items: [ItemID] = []
    var inserted: Set<ItemID> = []
    for edit in edits {
      switch edit.operation {
      case .append(let added, _), .insert(let added, _, _):
        items += added
        inserted.formUnion(added)
      case .delete(let deleted):
        items += deleted
      case .move(let item, _, _), .moveTo(let item, _, _):
        items.append(item)
      case .expand, .collapse:
        break
      case .replaceChildren:
        return nil
      }
    }
    return (items, inserted)
  }
}
