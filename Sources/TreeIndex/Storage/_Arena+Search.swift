/// Read-only descents through one item's treap of known subitems: by
/// subitem index, and by row. Each is O(log *b*) and allocates nothing.
extension _Arena {
  /// The subitem at `index` of item `x`: its node if it is known, and its
  /// row offset — the number of rows before it among the rows beneath `x`
  /// (one per earlier subitem plus the rows beneath the expanded ones).
  ///
  /// `index` may equal the count of `x`; the offset is then the rows beneath
  /// `x`, where a subitem appended at the end would go.
  @inline(__always)
  func subitem(of x: _NodeID, at index: Int) -> (node: _NodeID, rowOffset: Int) {
    var t = nodes[Int(x)].children
    var base = 0
    var extraBefore = 0
    while t != .null {
      let node = nodes[Int(t)]
      let leftSpan = span(node.left)
      let position = base + leftSpan + node.gap
      if index < position {
        if index < base + leftSpan {
          t = node.left
          continue
        }
        return (.null, index + extraBefore + extraRows(node.left))
      }
      if index == position {
        return (t, index + extraBefore + extraRows(node.left))
      }
      extraBefore += extraRows(node.left) + visibleRowsBeneath(t)
      base = position + 1
      t = node.right
    }
    return (.null, index + extraBefore)
  }

  /// The subitem of item `x` whose rows hold `row`, counted among the rows
  /// beneath `x`: its index, its node (`.null` when unknown), and `row`'s
  /// offset from that subitem's own row (0 for the subitem itself).
  ///
  /// - Precondition: `0 <= row < rowsBeneath(x)`.
  @inline(__always)
  func subitem(of x: _NodeID, containingRow row: Int) -> (index: Int, node: _NodeID, offset: Int) {
    var t = nodes[Int(x)].children
    var baseIndex = 0
    var baseRow = 0
    while t != .null {
      let node = nodes[Int(t)]
      let leftSpan = span(node.left)
      let leftRows = baseRow + leftSpan + extraRows(node.left)
      if row < leftRows {
        t = node.left
        continue
      }
      let start = leftRows + node.gap
      if row < start {
        return (baseIndex + leftSpan + (row - leftRows), .null, 0)
      }
      let end = start + 1 + visibleRowsBeneath(t)
      if row < end {
        return (baseIndex + leftSpan + node.gap, t, row - start)
      }
      baseIndex += leftSpan + node.gap + 1
      baseRow = end
      t = node.right
    }
    return (baseIndex + (row - baseRow), .null, 0)
  }

  /// The subitem of item `x` whose *descendant* rows hold `row`, counting
  /// only the rows beneath the subitems, not the subitems themselves (how
  /// sections count their rows): its index, its node and `row`'s offset
  /// among the rows beneath it. `nil` when `row >= extraRows(children)`.
  @inline(__always)
  func subitem(of x: _NodeID, containingDescendantRow row: Int) -> (index: Int, node: _NodeID, offset: Int)? {
    var t = nodes[Int(x)].children
    var baseIndex = 0
    var baseRow = 0
    while t != .null {
      let node = nodes[Int(t)]
      let leftRows = baseRow + extraRows(node.left)
      if row < leftRows {
        t = node.left
        continue
      }
      let end = leftRows + visibleRowsBeneath(t)
      if row < end {
        return (baseIndex + span(node.left) + node.gap, t, row - leftRows)
      }
      baseIndex += span(node.left) + node.gap + 1
      baseRow = end
      t = node.right
    }
    return nil
  }

  /// Calls `body` with each known subitem of item `x` in index order: its
  /// index, its node and its row offset among the rows beneath `x`.
  ///
  /// - Complexity: O(*k*) for *k* known subitems.
  func forEachKnownSubitem(of x: _NodeID, _ body: (_ index: Int, _ node: _NodeID, _ rowOffset: Int) -> Void) {
    // In-order walk with an explicit stack; `base`/`rows` accumulate what
    // lies before the node being visited.
    var stack: [_NodeID] = []
    var t = nodes[Int(x)].children
    var index = 0
    var rows = 0
    while t != .null || !stack.isEmpty {
      while t != .null {
        stack.append(t)
        t = nodes[Int(t)].left
      }
      let n = stack.removeLast()
      let node = nodes[Int(n)]
      index += node.gap
      rows += node.gap
      body(index, n, rows)
      index += 1
      rows += 1 + visibleRowsBeneath(n)
      t = node.right
    }
  }
}
