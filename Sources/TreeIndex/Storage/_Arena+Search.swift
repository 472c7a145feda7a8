import _SummaryTree

/// Reading an index's storage: the forest as it is (``_Arena``) or as it was
/// when the open batch began (``_PastArena``), through one set of descents.
@usableFromInline
protocol _ArenaReading {
  /// The known item of node `x`.
  func item(_ x: _NodeID) -> _Item
  /// The summary of the tree rooted at `t`.
  func total(_ t: _NodeID) -> _RowSummary
  /// The element holding `value` in metric `M` in the tree rooted at `t`,
  /// and the summary before it.
  func find<M: TreeMetric>(_ value: Int, by metric: M.Type, in t: _NodeID) -> (node: _NodeID, before: _RowSummary)?
  where M.Summary == _RowSummary, M.Value == Int
  /// The summary before node `x` in the tree rooted at `root`, or `nil`
  /// when `x` is not in that tree.
  func summary(before x: _NodeID, inTreeAt root: _NodeID) -> _RowSummary?
  /// Calls `body` with each element of the tree rooted at `t`, in order.
  func forEach(in t: _NodeID, _ body: (_ node: _NodeID, _ before: _RowSummary) -> Void)
  /// The subitem at `index` (0 or more) among the subitems whose known ones
  /// are the tree rooted at `tree`: its node if it is known, else `.null`,
  /// and its row offset (`index` plus the rows the expanded known subitems
  /// before it add).
  func subitem(in tree: _NodeID, at index: Int) -> (node: _NodeID, rowOffset: Int)
}

extension _ArenaReading {
  /// The number of subitems of the known item `x`.
  @inline(__always)
  @inlinable
  func count(_ x: _NodeID) -> Int {
    let item = item(x)
    return item.isWide ? self.item(item.valuesNode).kept.count : Int(item._count)
  }

  /// The number of unknown siblings between the previous known sibling of
  /// `x` (or the first subitem) and `x`.
  @inline(__always)
  @inlinable
  func gap(_ x: _NodeID) -> Int {
    let item = item(x)
    return item.isWide ? self.item(item.valuesNode).kept.gap : Int(item._gap)
  }

  /// Whether the known item `x` is expanded.
  @inline(__always)
  @inlinable
  func isExpanded(_ x: _NodeID) -> Bool { item(x).isExpanded }

  /// The known item whose subitem `x` is (`.null` for the virtual root).
  @inline(__always)
  @inlinable
  func owner(_ x: _NodeID) -> _NodeID { item(x).owner }

  /// The root of the balanced tree of the known subitems of `x`.
  @inline(__always)
  @inlinable
  func children(_ x: _NodeID) -> _NodeID { item(x).children }

  /// The subitem positions the tree rooted at `t` spans.
  @inline(__always)
  @inlinable
  func span(_ t: _NodeID) -> Int { total(t).span }

  /// The rows the expanded items of the tree rooted at `t` add.
  @inline(__always)
  @inlinable
  func extraRows(_ t: _NodeID) -> Int { total(t).extraRows }

  /// The rows beneath the item if it were expanded: one per subitem plus
  /// the rows beneath each expanded subitem (the extra rows its subitems'
  /// tree sums up).
  @inline(__always)
  @inlinable
  func rowsBeneath(_ x: _NodeID) -> Int { count(x) &+ extraRows(children(x)) }

  /// The rows shown beneath the item while it is visible: ``rowsBeneath(_:)``
  /// when it is expanded, otherwise 0.
  @inline(__always)
  @usableFromInline
  func visibleRowsBeneath(_ x: _NodeID) -> Int {
    isExpanded(x) ? rowsBeneath(x) : 0
  }

  /// The subitem at `index` of item `x`: its node if it is known, and its
  /// row offset — the number of rows before it among the rows beneath `x`
  /// (one per earlier subitem plus the rows beneath the expanded ones).
  ///
  /// `index` may equal the count of `x`; the offset is then the rows beneath
  /// `x`, where a subitem appended at the end would go.
  @inline(__always)
  @usableFromInline
  func subitem(of x: _NodeID, at index: Int) -> (node: _NodeID, rowOffset: Int) {
    subitem(in: children(x), at: index)
  }

  /// ``subitem(in:at:)`` through the generic descent by position.
  @inline(__always)
  @usableFromInline
  func subitemByFind(in tree: _NodeID, at index: Int) -> (node: _NodeID, rowOffset: Int) {
    guard let (node, before) = find(index, by: _Positions.self, in: tree) else {
      return (.null, index &+ extraRows(tree))
    }
    let rowOffset = index &+ before.extraRows
    return before.span &+ gap(node) == index ? (node, rowOffset) : (.null, rowOffset)
  }

  /// The subitem of item `x` whose *descendant* rows hold `row`, counting
  /// only the rows beneath the subitems, not the subitems themselves (how
  /// sections count their rows): its index, its node and `row`'s offset
  /// among the rows beneath it. `nil` when `row >= extraRows(children)`.
  @inline(__always)
  @usableFromInline
  func subitem(of x: _NodeID, containingDescendantRow row: Int) -> (index: Int, node: _NodeID, offset: Int)? {
    guard let (node, before) = find(row, by: _DescendantRows.self, in: children(x)) else { return nil }
    return (before.span + gap(node), node, row - before.extraRows)
  }

  /// Calls `body` with each known subitem of item `x` in index order: its
  /// index, its node and its row offset among the rows beneath `x`.
  ///
  /// - Complexity: O(*k*) for *k* known subitems.
  @usableFromInline
  func forEachKnownSubitem(of x: _NodeID, _ body: (_ index: Int, _ node: _NodeID, _ rowOffset: Int) -> Void) {
    forEach(in: children(x)) { node, before in
      let index = before.span + gap(node)
      body(index, node, index + before.extraRows)
    }
  }

  /// Where the known item `x` stands among the subitems of item `parent`:
  /// its index and its row offset among the rows beneath `parent`; `nil`
  /// when `x` is not a subitem of `parent`.
  ///
  /// - Complexity: O(log *b*).
  @usableFromInline
  func position(ofKnown x: _NodeID, under parent: _NodeID) -> (index: Int, rowOffset: Int)? {
    let root = children(parent)
    guard root != .null, let before = summary(before: x, inTreeAt: root) else { return nil }
    let index = before.span + gap(x)
    guard index < count(parent), subitem(of: parent, at: index).node == x else { return nil }
    return (index, index + before.extraRows)
  }

  /// The item's row in the `.flat` order of all visible items, and the row
  /// of its root item; `nil` when the path names no visible item.
  ///
  /// - Complexity: O(*d* log *b*).
  @usableFromInline
  func flatRowByDescents(of treePath: TreePath) -> (row: Int, rootRow: Int)? {
    guard !treePath.isEmpty else { return nil }
    // Each item on the way is read once: its count, its subitems' tree and
    // whether it is expanded come with it.
    let root = self.item(_Arena.root)
    let first = treePath[0]
    guard first >= 0, first < count(_Arena.root) else { return nil }
    var (node, rootRow) = subitem(in: root.children, at: first)
    var row = rootRow
    for level in 1..<treePath.depth {
      // The item of the level above must be known and expanded.
      guard node != .null else { return nil }
      let item = self.item(node)
      let index = treePath[level]
      guard item.isExpanded, index >= 0,
        index < (item.isWide ? self.item(item.valuesNode).kept.count : Int(item._count))
      else { return nil }
      let (child, offset) = subitem(in: item.children, at: index)
      row &+= 1 &+ offset
      node = child
    }
    return (row, rootRow)
  }
}

extension _Arena: _ArenaReading {
  @inline(__always)
  @inlinable
  func item(_ x: _NodeID) -> _Item { forest[x] }

  @inline(__always)
  @inlinable
  func total(_ t: _NodeID) -> _RowSummary { forest.total(t) }

  @inline(__always)
  @inlinable
  func find<M: TreeMetric>(_ value: Int, by metric: M.Type, in t: _NodeID) -> (node: _NodeID, before: _RowSummary)?
  where M.Summary == _RowSummary, M.Value == Int {
    forest.find(value, by: M.self, in: t)
  }

  @inlinable
  func summary(before x: _NodeID, inTreeAt root: _NodeID) -> _RowSummary? {
    forest.summary(before: x, inTreeAt: root)
  }

  @usableFromInline
  func forEach(in t: _NodeID, _ body: (_ node: _NodeID, _ before: _RowSummary) -> Void) {
    forest.forEach(in: t, body)
  }

  /// The descent by position specialized to the index's summary: it keeps
  /// only the rows before the current subtree (the index is made relative
  /// as it goes), with wrapping arithmetic, reading the nodes without
  /// bounds checks.
  ///
  /// A node keeps its subtree's summary only, so each step reads one more
  /// summary, its right child's: the node's subtree less it is what the left
  /// subtree, the gap and the node itself span, which is all a step to the
  /// right needs. The node's own summary (its gap, and the rows beneath it,
  /// read off its subitems' tree) is worked out only where the descent
  /// stops.
  ///
  /// - Complexity: O(log *b*).
  @inline(__always)
  @usableFromInline
  func subitem(in tree: _NodeID, at index: Int) -> (node: _NodeID, rowOffset: Int) {
    guard index >= 0 else { return subitemByFind(in: tree, at: index) }
    if forest.keepsSums { return subitemReadingSums(in: tree, at: index) }
    return forest.nodes.reading { nodes in
      var t = tree
      var rest = index  // `index` less the positions before subtree `t`
      var extra = 0  // the rows the expanded items before subtree `t` add
      while t >= 0 {
        let node = nodes[Int(t)]
        let right = node.right < 0 ? _RowSummary.zero : nodes[Int(node.right)].total
        // The left subtree, the gap and the node.
        let through = _RowSummary(
          span: node.total.span &- right.span, extraRows: node.total.extraRows &- right.extraRows)
        if rest >= through.span {
          rest &-= through.span
          extra &+= through.extraRows
          t = node.right
          continue
        }
        let own = node.element.summary(reading: { nodes[Int($0)] })
        let leftSpan = through.span &- own.span
        if rest < leftSpan {
          t = node.left
          continue
        }
        // In the gap before the node, or the node itself.
        let offset = index &+ extra &+ through.extraRows &- own.extraRows
        return (rest == through.span &- 1 ? t : .null, offset)
      }
      return (.null, index &+ extra)
    }
  }

  /// ``subitem(in:at:)`` in a forest that keeps its sums: each step reads
  /// its node's links and its node's sums (its left subtree's, and that
  /// with its own), nothing else: a step to the right subtracts one sum.
  ///
  /// - Complexity: O(log *b*).
  @inline(__always)
  @usableFromInline
  func subitemReadingSums(in tree: _NodeID, at index: Int) -> (node: _NodeID, rowOffset: Int) {
    forest.withUnsafeNodesAndSums { nodes, sums in Self.subitem(in: tree, at: index, nodes: nodes, sums: sums) }
  }

  /// The descent of ``subitemReadingSums(in:at:)`` over the node array and
  /// the kept sums, for callers that hold them for a whole path.
  @inline(__always)
  @usableFromInline
  static func subitem(
    in tree: _NodeID, at index: Int,
    nodes: UnsafeBufferPointer<SummaryForest<_Item>.Node>, sums: UnsafeBufferPointer<SummaryForest<_Item>.NodeSums>
  ) -> (node: _NodeID, rowOffset: Int) {
    var t = tree
    var rest = index  // `index` less the positions before subtree `t`
    var extra = 0  // the rows the expanded items before subtree `t` add
    while t >= 0 {
      let sum = sums[Int(t)]
      if rest < sum.left.span {
        t = nodes[Int(t)].left
        continue
      }
      // Past the node, or in the gap before it, or the node itself (its
      // last position, -1 past it).
      let after = rest &- sum.through.span
      if after < 0 { return (after == -1 ? t : .null, index &+ extra &+ sum.left.extraRows) }
      rest = after
      extra &+= sum.through.extraRows
      t = nodes[Int(t)].right
    }
    return (.null, index &+ extra)
  }

  /// Walks down from an item whose known subitems are the tree rooted at
  /// `tree` to the item whose row is `row` among the rows beneath it (one
  /// row per subitem plus the rows beneath the expanded ones), giving
  /// `indices` each item it passes (see ``_PathRecorder``), read off the
  /// nodes on the way, with rows counted from `firstRow`: one descent by
  /// rows per level, each level's subitem tree read off the node found.
  /// Each step reads its right child's summary, as ``subitem(in:at:)`` does.
  ///
  /// - Parameters:
  ///   - count: The number of subitems of the item whose subitems' tree is
  ///     `tree`.
  ///   - firstRow: The row of that item's first subitem.
  /// - Precondition: `row` is 0 or more and less than those rows.
  /// - Complexity: O(*d* log *b*), and a call of `append` per level.
  @inline(__always)
  func appendPath<R: _PathRecorder>(
    toRow row: Int, beneath tree: _NodeID, count: Int = 0, firstRow: Int = 0, recordingIn indices: inout R
  ) {
    if forest.keepsSums {
      return appendPathReadingSums(toRow: row, beneath: tree, count: count, firstRow: firstRow, to: &indices)
    }
    forest.nodes.reading { nodes in
      var t = tree
      var rest = row  // `row` less the rows before subtree `t`
      var span = 0  // the positions before subtree `t`
      var siblings = count  // the subitems of the item whose tree `t` is in
      while t >= 0 {
        let node = nodes[Int(t)]
        let right = node.right < 0 ? _RowSummary.zero : nodes[Int(node.right)].total
        // The left subtree, the gap, the node and the rows beneath it.
        let throughSpan = node.total.span &- right.span
        let throughRows = throughSpan &+ node.total.extraRows &- right.extraRows
        if rest >= throughRows {
          rest &-= throughRows
          span &+= throughSpan
          t = node.right
          continue
        }
        let own = node.element.summary(reading: { nodes[Int($0)] })
        let leftRows = throughRows &- own.span &- own.extraRows
        if rest < leftRows {
          t = node.left
          continue
        }
        rest &-= leftRows
        span &+= throughSpan &- own.span
        let gap = own.span &- 1
        if rest < gap {
          // An unknown subitem before `node`.
          indices.append(span &+ rest, node: .null, row: firstRow &+ row, rowsBeneath: 0, siblings: siblings)
          return
        }
        rest &-= gap
        indices.append(
          span &+ gap, node: t, row: firstRow &+ row &- rest, rowsBeneath: own.extraRows, siblings: siblings)
        if rest == 0 { return }  // the item's own row
        // A row beneath the item: on to its subitems.
        let item = node.element
        siblings = item.isWide ? nodes[Int(item.valuesNode)].element.kept.count : Int(item._count)
        t = item.children
        rest &-= 1
        span = 0
      }
      // An unknown subitem after the known ones.
      indices.append(span &+ rest, node: .null, row: firstRow &+ row, rowsBeneath: 0, siblings: siblings)
    }
  }
}

extension _Arena {
  /// ``appendPath(toRow:beneath:count:firstRow:recordingIn:)`` in a forest that keeps its sums:
  /// each step reads its node's links and its node's sums, nothing else.
  ///
  /// - Complexity: O(*d* log *b*).
  @inline(__always)
  func appendPathReadingSums<R: _PathRecorder>(
    toRow row: Int, beneath tree: _NodeID, count: Int = 0, firstRow: Int = 0, to indices: inout R
  ) {
    forest.withUnsafeNodesAndSums { nodes, sums in
      var t = tree
      var rest = row  // `row` less the rows before subtree `t`
      var span = 0  // the positions before subtree `t`
      var siblings = count  // the subitems of the item whose tree `t` is in
      while t >= 0 {
        let sum = sums[Int(t)]
        let leftRows = sum.left.span &+ sum.left.extraRows
        if rest < leftRows {
          t = nodes[Int(t)].left
          continue
        }
        let after = rest &- (sum.through.span &+ sum.through.extraRows)
        if after >= 0 {
          rest = after
          span &+= sum.through.span
          t = nodes[Int(t)].right
          continue
        }
        // In the gap before `t`, on its row, or beneath it.
        rest &-= leftRows
        span &+= sum.left.span
        let gap = sum.through.span &- sum.left.span &- 1
        if rest < gap {
          // An unknown subitem before `t`.
          indices.append(span &+ rest, node: .null, row: firstRow &+ row, rowsBeneath: 0, siblings: siblings)
          return
        }
        rest &-= gap
        indices.append(
          span &+ gap, node: t, row: firstRow &+ row &- rest,
          rowsBeneath: sum.through.extraRows &- sum.left.extraRows, siblings: siblings)
        if rest == 0 { return }  // the item's own row
        // A row beneath the item: on to its subitems.
        let item = nodes[Int(t)].element
        siblings = item.isWide ? nodes[Int(item.valuesNode)].element.kept.count : Int(item._count)
        t = item.children
        rest &-= 1
        span = 0
      }
      // An unknown subitem after the known ones.
      indices.append(span &+ rest, node: .null, row: firstRow &+ row, rowsBeneath: 0, siblings: siblings)
    }
  }
}

extension _Arena {
  /// ``_ArenaReading/flatRow(of:)``, with the node array and the kept sums
  /// taken once for the whole path when the forest keeps them.
  ///
  /// Inlined into its callers, so that the buffers' closures are too: the
  /// descent runs in the caller, without a call.
  ///
  /// - Complexity: O(*d* log *b*).
  @inline(__always)
  @usableFromInline
  func flatRow(of treePath: TreePath) -> (row: Int, rootRow: Int)? {
    guard forest.keepsSums else { return flatRowByDescents(of: treePath) }
    let depth = treePath.depth
    guard depth > 0 else { return nil }
    return forest.withUnsafeNodesAndSums { nodes, sums in
      // Of the item of the level above: its subitems' tree, its number of
      // subitems, and whether it is expanded, read as the item is reached.
      var (children, count, isExpanded) = Self.descentFields(of: nodes[Int(_Arena.root)].element, nodes: nodes)
      var row = -1
      var rootRow = 0
      var level = 0
      while true {
        let index = treePath[level]
        // The item of the level above must be expanded (the root is), and
        // `index` one of its subitems: one unsigned comparison refuses a
        // negative index and one too large.
        guard isExpanded, UInt(bitPattern: index) < UInt(bitPattern: count) else { return nil }
        let (child, offset) = Self.subitem(in: children, at: index, nodes: nodes, sums: sums)
        row &+= 1 &+ offset
        if level == 0 { rootRow = row }
        level &+= 1
        if level == depth { return (row, rootRow) }
        // The item of the level above must be known.
        guard child != .null else { return nil }
        (children, count, isExpanded) = Self.descentFields(of: nodes[Int(child)].element, nodes: nodes)
      }
    }
  }
}

extension _Arena {
  /// What a descent by index reads of an item: its subitems' tree, its
  /// number of subitems (from its values node when it is wide), and
  /// whether it is expanded.
  @inline(__always)
  static func descentFields(of item: _Item, nodes: UnsafeBufferPointer<SummaryForest<_Item>.Node>)
    -> (children: _NodeID, count: Int, isExpanded: Bool)
  {
    let count = item._count >= 0 ? Int(item._count) : nodes[Int(item.valuesNode)].element.kept.count
    return (item.children, count, item.isExpanded)
  }
}

/// The storage of an index as it was when its open batch began: what the
/// batch's change set and its old coordinates are read from. Read it
/// before the next write to the index (see ``SummaryForest/pastView``).
@usableFromInline
struct _PastArena: _ArenaReading {
  @usableFromInline
  let past: SummaryForest<_Item>.Past

  @usableFromInline
  init(_ arena: _Arena) {
    past = arena.forest.pastView
  }

  @inlinable
  func item(_ x: _NodeID) -> _Item { past[x] }

  @inlinable
  func total(_ t: _NodeID) -> _RowSummary { past.total(t) }

  @inlinable
  func find<M: TreeMetric>(_ value: Int, by metric: M.Type, in t: _NodeID) -> (node: _NodeID, before: _RowSummary)?
  where M.Summary == _RowSummary, M.Value == Int {
    past.find(value, by: M.self, in: t)
  }

  @inlinable
  func summary(before x: _NodeID, inTreeAt root: _NodeID) -> _RowSummary? {
    past.summary(before: x, inTreeAt: root)
  }

  @usableFromInline
  func forEach(in t: _NodeID, _ body: (_ node: _NodeID, _ before: _RowSummary) -> Void) {
    past.forEach(in: t, body)
  }

  @usableFromInline
  func subitem(in tree: _NodeID, at index: Int) -> (node: _NodeID, rowOffset: Int) {
    subitemByFind(in: tree, at: index)
  }
}
