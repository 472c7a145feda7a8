/// Structural checks, for tests and for builds with
/// `-D TREE_INDEX_INTERNAL_CHECKS`.
extension SummaryForest {
  /// Checks the tree rooted at `t`: every link in range, no node reachable
  /// twice, AVL balance, heights, summaries and kept sums up to date.
  ///
  /// - Parameter seen: Marks of the nodes already reached in this forest;
  ///   the tree's nodes are marked, so that one mark array can check that
  ///   trees share no node.
  /// - Returns: A description of the first fault, or `nil` when the tree is
  ///   sound.
  /// - Complexity: O(*n*).
  public func fault(inTreeAt t: NodeID, seen: inout [Bool]) -> String? {
    var order: [NodeID] = []
    var stack: [NodeID] = t < 0 ? [] : [t]
    while let n = stack.popLast() {
      guard n >= 0, Int(n) < nodes.count else { return "link \(n) out of range" }
      guard !seen[Int(n)] else { return "node \(n) reachable twice" }
      seen[Int(n)] = true
      order.append(n)
      let node = nodes[Int(n)]
      for child in [node.left, node.right] where child >= 0 {
        guard Int(child) < nodes.count, nodes[Int(child)].parent == n else {
          return "node \(child) does not point back at its parent \(n)"
        }
        stack.append(child)
      }
    }
    // Children come after their parent in `order`: check bottom up.
    for n in order.reversed() {
      let node = nodes[Int(n)]
      let (hl, hr) = (height(node.left), height(node.right))
      guard abs(Int(hl) - Int(hr)) <= 1 else { return "node \(n) out of balance (\(hl) vs \(hr))" }
      guard node.height == Swift.max(hl, hr) + 1 else { return "stale height at node \(n)" }
      guard node.total == total(node.left) + ownSummary(of: node.element) + total(node.right) else {
        return "stale summary at node \(n)"
      }
      let isSummed =
        !keepsSums
        || (sums[Int(n)].left == total(node.left)
          && sums[Int(n)].through == total(node.left) + ownSummary(of: node.element))
      guard isSummed else { return "stale kept sums at node \(n)" }
    }
    return nil
  }

  /// Checks that every node is either marked in `seen` (reachable from a
  /// tree or an element the client holds) or free, and not both, and that
  /// paged nodes and the free list are in shape.
  ///
  /// - Returns: A description of the first fault, or `nil`.
  /// - Complexity: O(*n*).
  public func fault(ofAccounting seen: [Bool]) -> String? {
    if nodes.isPaged, let fault = nodes.paged.shapeFault { return "paged nodes: \(fault)" }
    if nodes.isPaged && !nodes.flat.isEmpty { return "paged nodes with a flat array beside them" }
    if let fault = freeList.shapeFault { return "free list: \(fault)" }
    var seen = seen
    for id in freeList {
      guard !seen[Int(id)] else { return "node \(id) is both in use and free" }
      seen[Int(id)] = true
    }
    if let lost = seen.firstIndex(of: false) { return "node \(lost) is neither in use nor free" }
    return nil
  }
}
