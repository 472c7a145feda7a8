/// The storage of a ``TreeIndex``: every known item as a ``_Node`` in one
/// array, linked by position. Copy-on-write comes from the array itself.
///
/// Node 0 is the virtual root: its `count` is the number of root items, it
/// is always expanded, and it belongs to no treap.
struct _Arena: Sendable {
  var nodes: [_Node]
  var freeList: [_NodeID] = []
  /// State of the priority generator (SplitMix64), so that equal histories
  /// give equal shapes.
  var seed: UInt64 = 0x9E37_79B9_7F4A_7C15

  static var root: _NodeID { 0 }

  init(numberOfRootItems: Int) {
    nodes = [_Node(count: numberOfRootItems, isExpanded: true, priority: 0)]
  }

  /// The number of nodes in use, the virtual root included.
  var liveNodeCount: Int { nodes.count - freeList.count }

  // MARK: Items

  /// The number of subitems of the known item `x`.
  @inline(__always)
  func count(_ x: _NodeID) -> Int { nodes[Int(x)].count }

  /// Whether the known item `x` is expanded.
  @inline(__always)
  func isExpanded(_ x: _NodeID) -> Bool { nodes[Int(x)].isExpanded }

  /// The root of the balanced tree of the known subitems of `x`.
  @inline(__always)
  func children(_ x: _NodeID) -> _NodeID { nodes[Int(x)].children }

  /// Marks the known item `x` expanded or collapsed; the summaries above it
  /// are the caller's to refresh.
  mutating func setExpanded(_ x: _NodeID, _ isExpanded: Bool) {
    nodes[Int(x)].isExpanded = isExpanded
  }

  /// Gives the known item `x` `count` subitems, none of them known, and
  /// frees what it knew beneath.
  mutating func replaceSubitems(of x: _NodeID, count: Int) {
    freeTreap(nodes[Int(x)].children)
    nodes[Int(x)].children = .null
    nodes[Int(x)].count = count
  }

  // MARK: Summaries

  @inline(__always)
  func span(_ t: _NodeID) -> Int { t == .null ? 0 : nodes[Int(t)].span }

  @inline(__always)
  func extraRows(_ t: _NodeID) -> Int { t == .null ? 0 : nodes[Int(t)].extraRows }

  /// The rows beneath the item if it were expanded: one per subitem plus
  /// the rows beneath each expanded subitem.
  @inline(__always)
  func rowsBeneath(_ x: _NodeID) -> Int {
    let node = nodes[Int(x)]
    return node.count + extraRows(node.children)
  }

  /// The rows shown beneath the item while it is visible: ``rowsBeneath(_:)``
  /// when it is expanded, otherwise 0.
  @inline(__always)
  func visibleRowsBeneath(_ x: _NodeID) -> Int {
    nodes[Int(x)].isExpanded ? rowsBeneath(x) : 0
  }

  /// Recomputes the summaries of treap node `t` from its links and children.
  @inline(__always)
  mutating func update(_ t: _NodeID) {
    let node = nodes[Int(t)]
    let span = self.span(node.left) + node.gap + 1 + self.span(node.right)
    let extra = extraRows(node.left) + visibleRowsBeneath(t) + extraRows(node.right)
    nodes[Int(t)].span = span
    nodes[Int(t)].extraRows = extra
  }

  // MARK: Allocation

  mutating func nextPriority() -> UInt32 {
    seed &+= 0x9E37_79B9_7F4A_7C15
    var z = seed
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return UInt32(truncatingIfNeeded: z ^ (z >> 31))
  }

  /// Allocates a detached node for a known item with no known subitems.
  ///
  /// - Parameter reusingFreedNodes: Whether a freed node may be handed out
  ///   again. A batch passes `false`, so that while it runs a node stands for
  ///   one item only and what it recorded per node stays unambiguous.
  mutating func allocate(count: Int, isExpanded: Bool, reusingFreedNodes: Bool = true) -> _NodeID {
    let node = _Node(count: count, isExpanded: isExpanded, priority: nextPriority())
    if reusingFreedNodes, let id = freeList.popLast() {
      nodes[Int(id)] = node
      return id
    }
    nodes.append(node)
    return _NodeID(nodes.count - 1)
  }

  /// Frees every node of the treap rooted at `t` and, for each, the nodes of
  /// its own subitems, all the way down. Iterative: trees may be deep.
  ///
  /// - Complexity: O(*n*) for *n* nodes freed.
  mutating func freeTreap(_ t: _NodeID) {
    guard t != .null else { return }
    var stack: [_NodeID] = [t]
    while let id = stack.popLast() {
      let node = nodes[Int(id)]
      if node.left != .null { stack.append(node.left) }
      if node.right != .null { stack.append(node.right) }
      if node.children != .null { stack.append(node.children) }
      freeList.append(id)
    }
  }

  /// Frees the node of a known item and everything beneath it.
  mutating func freeItem(_ x: _NodeID) {
    freeTreap(nodes[Int(x)].children)
    freeList.append(x)
  }
}

extension _Arena {
  /// Recomputes the summaries of every treap node on the way from the root
  /// down `path`'s first `depth` levels, bottom up.
  ///
  /// - Returns: The nodes of the items on that way, root excluded.
  /// - Precondition: those items are known.
  mutating func refresh(along path: TreePath, depth: Int) -> [_NodeID] {
    var trail: [_NodeID] = []
    var items: [_NodeID] = []
    items.reserveCapacity(depth)
    var x = _Arena.root
    for level in 0..<depth {
      var t = nodes[Int(x)].children
      var index = path[level]
      while true {
        trail.append(t)
        let node = nodes[Int(t)]
        let position = span(node.left) + node.gap
        if index < position {
          t = node.left
        } else if index == position {
          break
        } else {
          index -= position + 1
          t = node.right
        }
      }
      x = t
      items.append(x)
    }
    for t in trail.reversed() { update(t) }
    return items
  }
}
