/// Read-only descents: finding the element at a position in a metric, and
/// walking a tree in order. None of them allocates.
extension SummaryForest {
  /// The element that holds `value` in metric `M`: the first whose end,
  /// counted from the start of the tree, is past `value`.
  ///
  /// - Returns: The element's node and the summary of the elements before
  ///   it, or `nil` when `value` is negative or not less than the tree's
  ///   measure.
  /// - Complexity: O(log *n*).
  @inlinable
  package func find<M: TreeMetric>(_ value: M.Value, by metric: M.Type, in t: NodeID)
    -> (node: NodeID, before: Summary)? where M.Summary == Summary
  {
    nodes.withUnsafeBufferPointer { nodes in
      var t = t
      var before = Summary.zero
      var value = value
      while t >= 0 {
        let node = nodes[Int(t)]
        let leftTotal = node.left < 0 ? Summary.zero : nodes[Int(node.left)].total
        let start = M.measure(leftTotal)
        if value < start {
          t = node.left
          continue
        }
        let through = leftTotal + node.element.summary
        let end = M.measure(through)
        if value < end { return (t, before + leftTotal) }
        before = before + through
        value -= end
        t = node.right
      }
      return nil
    }
  }

  /// The summary of the elements before node `target` in the tree rooted
  /// at `t`, where `target` holds `value` in metric `M`.
  ///
  /// - Complexity: O(log *n*).
  @inlinable
  package func summary<M: TreeMetric>(before value: M.Value, by metric: M.Type, in t: NodeID) -> Summary
  where M.Summary == Summary {
    find(value, by: M.self, in: t)?.before ?? total(t)
  }

  /// Calls `body` with each element of the tree rooted at `t`, in order:
  /// its node and the summary of the elements before it.
  ///
  /// - Complexity: O(*n*); the stack is O(log *n*).
  @inlinable
  package func forEach(in t: NodeID, _ body: (_ node: NodeID, _ before: Summary) -> Void) {
    var stack: [NodeID] = []
    stack.reserveCapacity(Int(height(t)))
    var t = t
    var before = Summary.zero
    while t >= 0 || !stack.isEmpty {
      while t >= 0 {
        stack.append(t)
        t = nodes[Int(t)].left
      }
      let n = stack.removeLast()
      body(n, before)
      before = before + nodes[Int(n)].element.summary
      t = nodes[Int(n)].right
    }
  }

  /// Calls `body` with every node of the tree rooted at `t`, parents before
  /// children, in no particular order among siblings.
  ///
  /// - Complexity: O(*n*).
  @inlinable
  package func forEachNode(in t: NodeID, _ body: (_ node: NodeID) -> Void) {
    guard t >= 0 else { return }
    var stack: [NodeID] = [t]
    while let n = stack.popLast() {
      body(n)
      let node = nodes[Int(n)]
      if node.left >= 0 { stack.append(node.left) }
      if node.right >= 0 { stack.append(node.right) }
    }
  }
}
