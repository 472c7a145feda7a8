/// Joining and splitting trees. Every operation takes trees by their roots,
/// returns the roots of the trees it makes, and keeps every node's height
/// and summary up to date; the nodes it is given are consumed (their old
/// roots mean nothing afterwards).
///
/// Balancing follows Blelloch, Ferizovic and Sun's join-based AVL trees:
/// ``join(_:_:_:)`` rebalances for split, merge and the removal of the first
/// or last element. Removing or inserting one node where it stands
/// (``remove(_:fromTreeAt:)``, ``insert(_:before:inTreeAt:)``) rebalances
/// on the way up by parent links instead, as the classic AVL operations do.
/// Each is O(log *n*) in the worst case.
extension SummaryForest {
  /// Makes `k` the root of a tree with `l` before it and `r` after it,
  /// without rebalancing.
  @inlinable @inline(__always)
  mutating func link(_ l: NodeID, _ k: NodeID, _ r: NodeID) -> NodeID {
    record(k)
    nodes.modify(Int(k)) {
      $0.left = l
      $0.right = r
    }
    update(k)
    return k
  }

  /// Makes `child` the left subtree of `t` and updates `t`.
  @inlinable @inline(__always)
  mutating func setLeft(_ t: NodeID, _ child: NodeID) {
    record(t)
    nodes.modify(Int(t)) { $0.left = child }
    update(t)
  }

  /// Makes `child` the right subtree of `t` and updates `t`.
  @inlinable @inline(__always)
  mutating func setRight(_ t: NodeID, _ child: NodeID) {
    record(t)
    nodes.modify(Int(t)) { $0.right = child }
    update(t)
  }

  @inlinable
  mutating func rotateLeft(_ t: NodeID) -> NodeID {
    let r = nodes[Int(t)].right
    record(t)
    record(r)
    let newRight = nodes[Int(r)].left
    nodes.modify(Int(t)) { $0.right = newRight }
    update(t)
    nodes.modify(Int(r)) { $0.left = t }
    update(r)
    return r
  }

  @inlinable
  mutating func rotateRight(_ t: NodeID) -> NodeID {
    let l = nodes[Int(t)].left
    record(t)
    record(l)
    let newLeft = nodes[Int(l)].right
    nodes.modify(Int(t)) { $0.left = newLeft }
    update(t)
    nodes.modify(Int(l)) { $0.right = t }
    update(l)
    return l
  }

  /// The tree of `l`'s elements, then the detached node `k`'s, then `r`'s.
  ///
  /// - Complexity: O(|height(`l`) − height(`r`)| + 1).
  @inlinable
  public mutating func join(_ l: NodeID, _ k: NodeID, _ r: NodeID) -> NodeID {
    let hl = height(l)
    let hr = height(r)
    if hl > hr + 1 { return joinRight(l, k, r) }
    if hr > hl + 1 { return joinLeft(l, k, r) }
    return link(l, k, r)
  }

  /// `join` when `l` is taller by more than one: `k` and `r` go down `l`'s
  /// right spine.
  @inlinable
  mutating func joinRight(_ l: NodeID, _ k: NodeID, _ r: NodeID) -> NodeID {
    let ll = nodes[Int(l)].left
    let c = nodes[Int(l)].right
    if height(c) <= height(r) + 1 {
      let t = link(c, k, r)
      if height(t) <= height(ll) + 1 {
        setRight(l, t)
        return l
      }
      setRight(l, rotateRight(t))
      return rotateLeft(l)
    }
    let t = joinRight(c, k, r)
    setRight(l, t)
    return height(t) <= height(ll) + 1 ? l : rotateLeft(l)
  }

  /// `join` when `r` is taller by more than one: `l` and `k` go down `r`'s
  /// left spine.
  @inlinable
  mutating func joinLeft(_ l: NodeID, _ k: NodeID, _ r: NodeID) -> NodeID {
    let c = nodes[Int(r)].left
    let rr = nodes[Int(r)].right
    if height(c) <= height(l) + 1 {
      let t = link(l, k, c)
      if height(t) <= height(rr) + 1 {
        setLeft(r, t)
        return r
      }
      setLeft(r, rotateLeft(t))
      return rotateRight(r)
    }
    let t = joinLeft(l, k, c)
    setLeft(r, t)
    return height(t) <= height(rr) + 1 ? r : rotateRight(r)
  }

  /// Makes one balanced tree of detached nodes, in their order: the middle
  /// node at the root, each half beneath it, and so on down.
  ///
  /// - Parameter detached: Nodes that belong to no tree.
  /// - Returns: The root of the tree, or ``null`` when `detached` is empty.
  /// - Complexity: O(*k*) for *k* nodes.
  @inlinable
  public mutating func build(_ detached: some RandomAccessCollection<NodeID>) -> NodeID {
    guard !detached.isEmpty else { return Self.null }
    guard journals.isEmpty else { return buildRecording(detached) }
    guard !nodes.isPaged else { return buildPaged(detached) }
    // A perfectly balanced tree: sibling subtrees differ in height by at
    // most one, so it is an AVL tree. Recursion is log₂ *k* deep. With no
    // journal to record in, one write access to the node array.
    let start = detached.startIndex
    let root = nodes.withUnsafeMutableBufferPointer { nodes in
      func subtree(_ low: Int, _ high: Int) -> NodeID {
        if low >= high { return Self.null }
        let middle = low + (high - low) / 2
        let left = subtree(low, middle)
        let right = subtree(middle + 1, high)
        let k = detached[detached.index(start, offsetBy: middle)]
        var total = nodes[Int(k)].element.summary(reading: { nodes[Int($0)] })
        var height: Int8 = 0
        if left >= 0 {
          total = nodes[Int(left)].total + total
          height = nodes[Int(left)].height
          nodes[Int(left)].parent = k
        }
        if right >= 0 {
          total = total + nodes[Int(right)].total
          height = Swift.max(height, nodes[Int(right)].height)
          nodes[Int(right)].parent = k
        }
        nodes[Int(k)].left = left
        nodes[Int(k)].right = right
        nodes[Int(k)].total = total
        nodes[Int(k)].height = height + 1
        return k
      }
      return subtree(0, detached.count)
    }
    if keepsSums {
      for k in detached {
        setSums(left: total(nodes[Int(k)].left), own: ownSummary(of: nodes[Int(k)].element), of: k)
      }
    }
    return root
  }

  /// ``build(_:)`` over paged nodes, with no journal to record in: each
  /// node read and written whole, once, its parent set from above.
  @inlinable
  mutating func buildPaged(_ detached: some RandomAccessCollection<NodeID>) -> NodeID {
    let start = detached.startIndex
    func subtree(_ low: Int, _ high: Int, under parent: NodeID) -> (root: NodeID, total: Summary, height: Int8) {
      if low >= high { return (Self.null, .zero, 0) }
      let middle = low + (high - low) / 2
      let k = detached[detached.index(start, offsetBy: middle)]
      let left = subtree(low, middle, under: k)
      let right = subtree(middle + 1, high, under: k)
      var node = nodes[Int(k)]
      node.total = left.total + ownSummary(of: node.element) + right.total
      node.left = left.root
      node.right = right.root
      node.parent = parent
      node.height = Swift.max(left.height, right.height) + 1
      nodes[Int(k)] = node
      return (k, node.total, node.height)
    }
    return subtree(0, detached.count, under: Self.null).root
  }

  /// Appends `count` new nodes that each hold `element`, linked in their
  /// order as one perfectly balanced tree, and returns the tree's root and
  /// the first node: the nodes are `first ..< first + count`. Freed nodes
  /// are not reused, and no journal may be open.
  ///
  /// Each node is written once, whole, and paged storage takes them a
  /// page at a time: what ``allocate(_:reusingFreedNodes:)`` for each node
  /// and ``build(_:)`` over them write field by field.
  ///
  /// - Complexity: O(*k*) for *k* nodes.
  @inlinable
  public mutating func appendBalancedTree(of element: Element, count: Int) -> (root: NodeID, first: NodeID) {
    precondition(journals.isEmpty, "A journaled forest records every node it writes")
    let first = NodeID(nodes.count)
    guard count > 0 else { return (Self.null, first) }
    let own = ownSummary(of: element)
    let root = withUnsafeTemporaryAllocation(of: Node.self, capacity: count) { buffer in
      let base = buffer.baseAddress!
      func subtree(_ low: Int, _ high: Int, under parent: NodeID) -> (root: NodeID, total: Summary, height: Int8) {
        if low >= high { return (Self.null, .zero, 0) }
        let middle = low + (high - low) / 2
        let id = first + NodeID(middle)
        let left = subtree(low, middle, under: id)
        let right = subtree(middle + 1, high, under: id)
        var node = Node(element, summary: left.total + own + right.total)
        node.left = left.root
        node.right = right.root
        node.parent = parent
        node.height = Swift.max(left.height, right.height) + 1
        (base + middle).initialize(to: node)
        return (id, node.total, node.height)
      }
      let root = subtree(0, count, under: Self.null).root
      let built = UnsafeMutableBufferPointer(start: base, count: count)
      nodes.append(contentsOf: UnsafeBufferPointer(built))
      if keepsSums {
        for node in built {
          sums.append(NodeSums(left: node.left < 0 ? .zero : built[Int(node.left - first)].total, own: own))
        }
      }
      built.deinitialize()
      return root
    }
    return (root, first)
  }

  /// ``build(_:)`` while a journal is open: node by node, each recorded.
  @inlinable
  mutating func buildRecording(_ detached: some RandomAccessCollection<NodeID>) -> NodeID {
    func subtree(_ range: Range<Int>) -> NodeID {
      if range.isEmpty { return Self.null }
      let middle = range.lowerBound + range.count / 2
      let left = subtree(range.lowerBound..<middle)
      let right = subtree((middle + 1)..<range.upperBound)
      let node = detached[detached.index(detached.startIndex, offsetBy: middle)]
      return link(left, node, right)
    }
    return subtree(0..<detached.count)
  }

  /// Concatenates two trees, all of `a`'s elements before `b`'s.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func merge(_ a: NodeID, _ b: NodeID) -> NodeID {
    if a < 0 { return b }
    if b < 0 { return a }
    let (rest, last) = removeLast(a)
    return join(rest, last, b)
  }

  /// Splits a tree in two: the elements that end at or before `value` in
  /// metric `M` (their measure, with everything before them, is at most
  /// `value`), and the rest. An element that straddles `value` goes right.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func split<M: TreeMetric>(_ t: NodeID, at value: M.Value, by metric: M.Type)
    -> (NodeID, NodeID) where M.Summary == Summary
  {
    guard t >= 0 else { return (Self.null, Self.null) }
    let node = nodes[Int(t)]
    let end = M.measure(total(node.left) + ownSummary(of: node.element))
    if end <= value {
      let (a, b) = split(node.right, at: value - end, by: M.self)
      return (join(node.left, t, a), b)
    } else {
      let (a, b) = split(node.left, at: value, by: M.self)
      return (a, join(b, t, node.right))
    }
  }

  /// Removes the first element of a non-empty tree.
  ///
  /// - Returns: The removed node, detached, and the rest of the tree.
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func removeFirst(_ t: NodeID) -> (first: NodeID, rest: NodeID) {
    let node = nodes[Int(t)]
    if node.left < 0 {
      _ = link(Self.null, t, Self.null)
      return (t, node.right)
    }
    let (first, rest) = removeFirst(node.left)
    return (first, join(rest, t, node.right))
  }

  /// Removes the last element of a non-empty tree.
  ///
  /// - Returns: The rest of the tree, and the removed node, detached.
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func removeLast(_ t: NodeID) -> (rest: NodeID, last: NodeID) {
    let node = nodes[Int(t)]
    if node.right < 0 {
      _ = link(Self.null, t, Self.null)
      return (node.left, t)
    }
    let (rest, last) = removeLast(node.right)
    return (join(node.left, t, rest), last)
  }

  /// Calls `body` on the element that holds `value` in metric `M` (the
  /// first whose end is past `value`), with the summary of the elements
  /// before it, then brings the summaries above it up to date.
  ///
  /// - Returns: `body`'s result, or `nil` (and nothing called) when no
  ///   element holds `value`.
  /// - Complexity: O(log *n*) plus `body`.
  @inlinable
  public mutating func modifyElement<M: TreeMetric, R>(
    in t: NodeID, holding value: M.Value, by metric: M.Type,
    _ body: (inout Element, _ before: Summary) -> R
  ) -> R? where M.Summary == Summary {
    guard t >= 0 else { return nil }
    let node = nodes[Int(t)]
    let leftTotal = total(node.left)
    let start = M.measure(leftTotal)
    let result: R?
    if value < start {
      result = modifyElement(in: node.left, holding: value, by: M.self, body)
    } else {
      let own = ownSummary(of: node.element)
      let end = M.measure(leftTotal + own)
      if value < end {
        record(t)
        result = body(&nodes[Int(t)].element, leftTotal)
      } else {
        result = modifyElement(in: node.right, holding: value - end, by: M.self) { element, before in
          body(&element, leftTotal + own + before)
        }
      }
    }
    if result != nil { updateSummary(t) }
    return result
  }

  /// Brings the summaries of node `t` and of its ancestors up to the root
  /// of its tree, `root`, up to date after `t`'s element changed, by
  /// following parent links: no descent.
  ///
  /// - Precondition: `t` is a node of the tree rooted at `root`.
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func refreshUpward(from t: NodeID, inTreeAt root: NodeID) {
    guard journals.isEmpty && !nodes.isPaged else {
      var n = t
      updateSummary(n)
      while n != root {
        n = nodes[Int(n)].parent
        updateSummary(n)
      }
      return
    }
    // No journal to record in, and one buffer: one write access to the
    // node array (and to the left summaries) for the whole walk.
    let keepsSums = keepsSums
    nodes.withUnsafeMutableBufferPointer { nodes in
      sums.withUnsafeMutableBufferPointer { sums in
        var n = t
        while true {
          let node = nodes[Int(n)]
          let left = node.left < 0 ? Summary.zero : nodes[Int(node.left)].total
          let right = node.right < 0 ? Summary.zero : nodes[Int(node.right)].total
          let own = node.element.summary(reading: { nodes[Int($0)] })
          nodes[Int(n)].total = left + own + right
          if keepsSums { sums[Int(n)] = NodeSums(left: left, own: own) }
          if n == root { return }
          n = node.parent
        }
      }
    }
  }

  /// Recomputes the summary of node `t` from its children and its element,
  /// when only an element changed: its height and links stay as they are.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  mutating func updateSummary(_ t: NodeID) {
    record(t)
    let node = nodes[Int(t)]
    let own = ownSummary(of: node.element)
    let newTotal = total(node.left) + own + total(node.right)
    nodes.modify(Int(t)) { $0.total = newTotal }
    setSums(left: total(node.left), own: own, of: t)
  }
}

/// Removing and inserting one node where it stands, by parent links: no
/// split, no descent. Each changes the links around the node, then walks
/// from there up to the root, recomputing each node and rotating where the
/// AVL balance is off (as the classic AVL insertion and removal retrace), so
/// each is O(log *n*) in the worst case and keeps the AVL balance.
extension SummaryForest {
  /// The node after `t` in the tree rooted at `root`, found by links, or
  /// `null` when `t` is the last.
  ///
  /// - Precondition: `t` is a node of the tree rooted at `root`.
  /// - Complexity: O(log *n*).
  @inlinable
  public func next(after t: NodeID, inTreeAt root: NodeID) -> NodeID {
    var n = nodes[Int(t)].right
    if n >= 0 {
      while nodes[Int(n)].left >= 0 { n = nodes[Int(n)].left }
      return n
    }
    n = t
    while n != root {
      let parent = nodes[Int(n)].parent
      if nodes[Int(parent)].left == n { return parent }
      n = parent
    }
    return Self.null
  }

  /// Unlinks node `t` from the tree rooted at `root`.
  ///
  /// The elements of `t`'s ancestors and of the node after it may have
  /// changed since their summaries were computed: the removal recomputes
  /// them.
  ///
  /// - Precondition: `t` is a node of the tree rooted at `root`.
  /// - Returns: The root of the tree without `t`; `t` is detached (a tree
  ///   of one element).
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func remove(_ t: NodeID, fromTreeAt root: NodeID) -> NodeID {
    let node = nodes[Int(t)]
    let parent = t == root ? Self.null : node.parent
    // What takes `t`'s place, and the lowest node whose subtree changed.
    var replacement = node.left
    var lowest = parent
    if node.right >= 0 {
      // The node after `t`, the first of its right subtree, takes its
      // place (so that the walk up passes every node above it).
      var next = node.right
      while nodes[Int(next)].left >= 0 { next = nodes[Int(next)].left }
      record(next)
      if next == node.right {
        lowest = next
      } else {
        lowest = nodes[Int(next)].parent
        let nextRight = nodes[Int(next)].right
        record(lowest)
        nodes.modify(Int(lowest)) { $0.left = nextRight }
        if nextRight >= 0 { setParent(of: nextRight, to: lowest) }
        nodes.modify(Int(next)) { $0.right = node.right }
        setParent(of: node.right, to: next)
      }
      nodes.modify(Int(next)) { $0.left = node.left }
      if node.left >= 0 { setParent(of: node.left, to: next) }
      replacement = next
    }
    // The walk up from `lowest` follows parent links: `replacement`'s must
    // name `t`'s parent.
    if replacement >= 0 { setParent(of: replacement, to: parent) }
    if parent >= 0 { replaceChild(t, of: parent, with: replacement) }
    _ = link(Self.null, t, Self.null)
    if lowest < 0 { return replacement }  // `t` was the root, with no right subtree
    return retraceUntilSettled(
      from: lowest, inTreeAt: parent < 0 ? replacement : root, through: node.right >= 0 ? replacement : Self.null)
  }

  /// Recomputes node `t` and its ancestors up to `root`, rotating where a
  /// node's subtrees differ in height by 2, after one node was linked in or
  /// unlinked beneath `t`; once a node above `relinked` keeps its height
  /// without a rotation, no node above it changes height or needs one, so
  /// the rest of the walk only renews summaries
  /// (``refreshUpward(from:inTreeAt:)``). An insertion rotates at most
  /// once, and most walks stop changing heights within a few levels.
  ///
  /// - Parameter relinked: The node that took an unlinked node's place with
  ///   new children, whose stored height is not its subtree's, or `null`:
  ///   the walk passes it before it may stop.
  /// - Precondition: every node strictly beneath `t` is up to date and
  ///   balanced; the subtrees of `t` and of each ancestor differ in height
  ///   by at most 2; every node above `t` but `relinked` has the height it
  ///   had before the change.
  /// - Returns: The new root.
  /// - Complexity: O(log *n*), with a rebalancing step only where heights
  ///   change.
  @inlinable
  mutating func retraceUntilSettled(from t: NodeID, inTreeAt root: NodeID, through relinked: NodeID) -> NodeID {
    var n = t
    var isPastRelinked = relinked < 0
    while true {
      let parent = n == root ? Self.null : nodes[Int(n)].parent
      let height = nodes[Int(n)].height
      let top = rebalance(n)
      if parent < 0 { return top }
      if top != n {
        replaceChild(n, of: parent, with: top)
      } else if isPastRelinked && nodes[Int(n)].height == height {
        refreshUpward(from: parent, inTreeAt: root)
        return root
      }
      if n == relinked { isPastRelinked = true }
      n = parent
    }
  }

  /// Links the detached node `k` into the tree rooted at `root`, right
  /// before node `next`, or after the last element when `next` is `null`.
  ///
  /// The elements of `next` and of its ancestors may have changed since
  /// their summaries were computed: the insertion recomputes them.
  ///
  /// - Precondition: `next` is `null` or a node of the tree rooted at
  ///   `root`.
  /// - Returns: The root of the tree with `k`.
  /// - Complexity: O(log *n*).
  @inlinable
  public mutating func insert(_ k: NodeID, before next: NodeID, inTreeAt root: NodeID) -> NodeID {
    _ = link(Self.null, k, Self.null)
    if root < 0 { return k }
    // `k` becomes the left child of `next`, or the right child of the last
    // node before `next` (of the last node of the tree).
    var parent = next
    if next < 0 || nodes[Int(next)].left >= 0 {
      parent = next < 0 ? root : nodes[Int(next)].left
      while nodes[Int(parent)].right >= 0 { parent = nodes[Int(parent)].right }
      record(parent)
      nodes.modify(Int(parent)) { $0.right = k }
    } else {
      record(parent)
      nodes.modify(Int(parent)) { $0.left = k }
    }
    return retraceUntilSettled(from: parent, inTreeAt: root, through: Self.null)
  }

  /// Points node `child` at `parent`.
  @inlinable @inline(__always)
  mutating func setParent(of child: NodeID, to parent: NodeID) {
    record(child)
    nodes.modify(Int(child)) { $0.parent = parent }
  }

  /// Makes `new` the child of `parent` that `old` was (without updating
  /// `parent`).
  @inlinable @inline(__always)
  mutating func replaceChild(_ old: NodeID, of parent: NodeID, with new: NodeID) {
    record(parent)
    if nodes[Int(parent)].left == old {
      nodes.modify(Int(parent)) { $0.left = new }
    } else {
      nodes.modify(Int(parent)) { $0.right = new }
    }
  }

  /// Recomputes node `t` from its children and rotates it (once or twice)
  /// if its subtrees differ in height by 2.
  ///
  /// - Returns: The root of the rebalanced subtree.
  @inlinable
  mutating func rebalance(_ t: NodeID) -> NodeID {
    let node = nodes[Int(t)]
    let hl = height(node.left)
    let hr = height(node.right)
    if hl > hr + 1 {
      let l = nodes[Int(node.left)]
      if height(l.left) < height(l.right) { setLeft(t, rotateLeft(node.left)) }
      return rotateRight(t)
    }
    if hr > hl + 1 {
      let r = nodes[Int(node.right)]
      if height(r.right) < height(r.left) { setRight(t, rotateRight(node.right)) }
      return rotateLeft(t)
    }
    update(t)
    return t
  }
}
