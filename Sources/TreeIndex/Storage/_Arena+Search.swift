import _SummaryTree

/// Read-only descents through one item's tree of known subitems: by
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
    let tree = children(x)
    guard let (node, before) = forest.find(index, by: _Positions.self, in: tree) else {
      return (.null, index + extraRows(tree))
    }
    let rowOffset = index + before.extraRows
    return before.span + forest[node].gap == index ? (node, rowOffset) : (.null, rowOffset)
  }

  /// The subitem of item `x` whose rows hold `row`, counted among the rows
  /// beneath `x`: its index, its node (`.null` when unknown), and `row`'s
  /// offset from that subitem's own row (0 for the subitem itself).
  ///
  /// - Precondition: `0 <= row < rowsBeneath(x)`.
  @inline(__always)
  func subitem(of x: _NodeID, containingRow row: Int) -> (index: Int, node: _NodeID, offset: Int) {
    let tree = children(x)
    guard let (node, before) = forest.find(row, by: _Rows.self, in: tree) else {
      let total = forest.total(tree)
      return (row - total.extraRows, .null, 0)
    }
    let offset = row - before.span - before.extraRows
    let gap = forest[node].gap
    if offset < gap { return (before.span + offset, .null, 0) }
    return (before.span + gap, node, offset - gap)
  }

  /// The subitem of item `x` whose *descendant* rows hold `row`, counting
  /// only the rows beneath the subitems, not the subitems themselves (how
  /// sections count their rows): its index, its node and `row`'s offset
  /// among the rows beneath it. `nil` when `row >= extraRows(children)`.
  @inline(__always)
  func subitem(of x: _NodeID, containingDescendantRow row: Int) -> (index: Int, node: _NodeID, offset: Int)? {
    guard let (node, before) = forest.find(row, by: _DescendantRows.self, in: children(x)) else { return nil }
    return (before.span + forest[node].gap, node, row - before.extraRows)
  }

  /// Calls `body` with each known subitem of item `x` in index order: its
  /// index, its node and its row offset among the rows beneath `x`.
  ///
  /// - Complexity: O(*k*) for *k* known subitems.
  func forEachKnownSubitem(of x: _NodeID, _ body: (_ index: Int, _ node: _NodeID, _ rowOffset: Int) -> Void) {
    forest.forEach(in: children(x)) { node, before in
      let index = before.span + forest[node].gap
      body(index, node, index + before.extraRows)
    }
  }
}
