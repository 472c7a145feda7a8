/// Read-only descents: finding the element at a position in a metric, the
/// summary before an element, and walking a tree in order. Each is written
/// once over a node reader, so that the forest and its ``Past`` view share
/// it. None of them allocates, except the walk's O(log *n*) stack.
extension SummaryForest {
  /// The element that holds `value` in metric `M`: the first whose end,
  /// counted from the start of the tree, is past `value`.
  ///
  /// - Returns: The element's node and the summary of the elements before
  ///   it, or `nil` when `value` is negative or not less than the tree's
  ///   measure.
  /// - Complexity: O(log *n*).
  @inlinable
  public func find<M: TreeMetric>(_ value: M.Value, by metric: M.Type, in t: NodeID)
    -> (node: NodeID, before: Summary)? where M.Summary == Summary
  {
    nodes.withReader { node in Self.find(value, by: M.self, in: t, reading: node) }
  }

  /// The summary of the elements before node `t` in the tree rooted at
  /// `root`: what the tree holds before `t`'s element, found by following
  /// parent links up to `root`.
  ///
  /// - Returns: The summary, or `nil` when the links from `t` do not reach
  ///   `root`. A node that is not in the tree may still reach it through
  ///   stale links: callers that are not sure check the answer (for example
  ///   with ``find(_:by:in:)``).
  /// - Complexity: O(log *n*).
  @inlinable
  public func summary(before t: NodeID, inTreeAt root: NodeID) -> Summary? {
    nodes.withReader { node in Self.summary(before: t, inTreeAt: root, nodeCount: nodes.count, reading: node) }
  }

  /// Calls `body` with each element of the tree rooted at `t`, in order:
  /// its node and the summary of the elements before it.
  ///
  /// - Complexity: O(*n*); the stack is O(log *n*).
  @inlinable
  public func forEach(in t: NodeID, _ body: (_ node: NodeID, _ before: Summary) -> Void) {
    Self.forEach(in: t, reading: { nodes[Int($0)] }, body)
  }

  /// Calls `body` with every node of the tree rooted at `t`, parents before
  /// children, in no particular order among siblings.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  public func forEachNode(in t: NodeID, _ body: (_ node: NodeID) -> Void) {
    guard t >= 0 else { return }
    var stack: [NodeID] = [t]
    while let n = stack.popLast() {
      body(n)
      let node = nodes[Int(n)]
      if node.left >= 0 { stack.append(node.left) }
      if node.right >= 0 { stack.append(node.right) }
    }
  }

  // MARK: Over a node reader

  @inlinable @inline(__always)
  static func find<M: TreeMetric>(
    _ value: M.Value, by metric: M.Type, in t: NodeID, reading node: (NodeID) -> Node
  ) -> (node: NodeID, before: Summary)? where M.Summary == Summary {
    // Positions are compared as absolute measures (`base` + ...), never by
    // subtracting from `value`, so that a floating-point metric finds the
    // same element as a sum from the tree's start would.
    var t = t
    var before = Summary.zero
    var base = M.Value.zero
    while t >= 0 {
      let n = node(t)
      let leftTotal = n.left < 0 ? Summary.zero : node(n.left).total
      if value < base + M.measure(leftTotal) {
        t = n.left
        continue
      }
      let through = leftTotal + n.element.summary(reading: node)
      let end = base + M.measure(through)
      if value < end { return (t, before + leftTotal) }
      before = before + through
      base = end
      t = n.right
    }
    return nil
  }

  @inlinable @inline(__always)
  static func summary(
    before t: NodeID, inTreeAt root: NodeID, nodeCount: Int, reading node: (NodeID) -> Node
  ) -> Summary? {
    summary(before: t, inTreeAt: root, nodeCount: nodeCount, reading: node) { parent, _ in
      (parent.left < 0 ? Summary.zero : node(parent.left).total) + parent.element.summary(reading: node)
    }
  }

  /// The walk of ``summary(before:inTreeAt:)`` up parent links from `t` to
  /// `root`, adding what `before` says a parent has before its right child
  /// at each step up from one; `nil` when the links do not reach `root`.
  @inlinable @inline(__always)
  static func summary(
    before t: NodeID, inTreeAt root: NodeID, nodeCount: Int, reading node: (NodeID) -> Node,
    beforeRightChild before: (_ parent: Node, _ child: Node) -> Summary
  ) -> Summary? {
    guard t >= 0, Int(t) < nodeCount, root >= 0 else { return nil }
    var current = node(t)
    var sum = current.left < 0 ? Summary.zero : node(current.left).total
    var child = t
    // No tree is taller than 64: a longer walk follows stale links.
    var steps = 0
    while child != root {
      let parent = current.parent
      steps += 1
      guard parent >= 0, Int(parent) < nodeCount, steps < 64 else { return nil }
      let p = node(parent)
      if p.right == child {
        sum = before(p, current) + sum
      } else if p.left != child {
        return nil
      }
      child = parent
      current = p
    }
    return sum
  }

  @inlinable @inline(__always)
  static func forEach(
    in t: NodeID, reading node: (NodeID) -> Node, _ body: (_ node: NodeID, _ before: Summary) -> Void
  ) {
    var stack: [NodeID] = []
    var t = t
    var before = Summary.zero
    while t >= 0 || !stack.isEmpty {
      while t >= 0 {
        stack.append(t)
        t = node(t).left
      }
      let n = stack.removeLast()
      body(n, before)
      let current = node(n)
      before = before + current.element.summary(reading: node)
      t = current.right
    }
  }
}

extension SummaryForest where Summary: InvertibleTreeSummary {
  /// The summary of the elements before node `t` in the tree rooted at
  /// `root`, found from the totals on the way up: a node that is its
  /// parent's right child has its parent's total less its own before it.
  /// One node is read per level, where summaries that cannot be taken apart
  /// need the parent, its left child and what its element refers to.
  ///
  /// - Returns: The summary, or `nil` when the links from `t` do not reach
  ///   `root`. A node that is not in the tree may still reach it through
  ///   stale links: callers that are not sure check the answer (for example
  ///   with ``find(_:by:in:)``).
  /// - Complexity: O(log *n*).
  @inlinable
  public func summary(before t: NodeID, inTreeAt root: NodeID) -> Summary? {
    nodes.withReader { node in
      Self.summaryByDifferences(before: t, inTreeAt: root, nodeCount: nodes.count, reading: node)
    }
  }

  @inlinable @inline(__always)
  static func summaryByDifferences(
    before t: NodeID, inTreeAt root: NodeID, nodeCount: Int, reading node: (NodeID) -> Node
  ) -> Summary? {
    // The parent's total is its left subtree, its element, then this
    // child's subtree.
    summary(before: t, inTreeAt: root, nodeCount: nodeCount, reading: node) { parent, child in
      parent.total - child.total
    }
  }
}
