/// The ancestors an outline keeps at the top of its viewport.
extension TreeIndex {
  /// The maximum number of sticky rows when none is given: 7, as VS Code
  /// shows.
  public static let defaultMaximumNumberOfStickyRows = 7

  /// The rows stuck to the top of a viewport whose first row is `topRow`,
  /// every row one unit high, outermost first.
  ///
  /// The sticky rows are found from the top down. The first is the
  /// outermost ancestor of the row at the viewport's top (in `.sectioned`,
  /// its ancestor at level 1: a section's root item is a section, not a
  /// row, and never sticks). Each next one is the subitem of the previous
  /// one on the way to the first row not covered by the sticky rows so
  /// far, and there is none when that row is not in the previous one's
  /// subtree. A row sticks only when its own row is scrolled above the
  /// point it would cover and it has visible subitems: the row at the
  /// covered point itself sticks only when its top is above that point (by
  /// rows, never). Each is drawn below the ones before it, except that the
  /// last is pushed up when the end of its subtree comes within its
  /// height, as the next sibling's subtree arrives (by whole rows, that
  /// never happens: `TreeList` and `DiffableTreeList` give the same rows
  /// for any content offset, with their heights). Beyond `maximumCount`,
  /// the outermost are kept, as VS Code keeps them.
  ///
  ///     var index = TreeIndex(numberOfRootItems: 2)
  ///     try index.expand([0], numberOfSubitems: 3)
  ///     try index.expand([0, 0], numberOfSubitems: 2)
  ///     index.stickyRows(forTopRow: 2)   // sticks [0] at 0, [0, 0] at 1
  ///     index.stickyRows(forTopRow: 3)   // sticks [0] at 0: it covers [0, 0, 1], and [0, 1] has no subitems
  ///
  /// - Parameters:
  ///   - topRow: The global row at the viewport's top.
  ///   - maximumCount: The most rows to stick; 7 unless given.
  /// - Returns: The sticky rows, outermost first: empty when none sticks,
  ///   `topRow` is out of range or `maximumCount` is not positive.
  /// - Complexity: O(*d* log *b*): one descent to the top row, which reads
  ///   its ancestors' rows on the way, and, for a sticky row whose covered
  ///   row has left the subtree of the previous chain's ancestor at that
  ///   level, one more from the last sticky row down (at most O(*m* · *d*
  ///   log *b*) for *m* sticky rows, at most the depth and `maximumCount`).
  public func stickyRows(
    forTopRow topRow: Int, maximumCount: Int = defaultMaximumNumberOfStickyRows
  ) -> [TreeStickyRow] {
    let rowCount = numberOfRows
    guard topRow >= 0, topRow < rowCount else { return [] }
    return _stickyRows(
      atOffset: Double(topRow), maximumCount: maximumCount,
      rowAtOffset: { offset in offset >= 0 && offset < Double(rowCount) ? Int(offset) : nil },
      offsetOfRow: { row in Double(row) })
  }

  /// The sticky rows of a viewport whose top is at `contentOffset`, with
  /// the rows' geometry given by two closures.
  ///
  /// - Parameters:
  ///   - contentOffset: The content offset of the viewport's top.
  ///   - maximumCount: The most rows to stick.
  ///   - rowAtOffset: The global row covering an offset, or `nil` past the
  ///     end (rows of height 0 cover none).
  ///   - offsetOfRow: The top of a global row; the content height for the
  ///     row count.
  /// - Returns: The sticky rows, outermost first.
  /// - Complexity: O(*m*) geometry questions for *m* sticky rows, and the
  ///   descents of ``stickyRows(forTopRow:maximumCount:)``.
  @inline(__always)
  package func _stickyRows(
    atOffset contentOffset: Double, maximumCount: Int,
    rowAtOffset: (Double) -> Int?, offsetOfRow: (Int) -> Double
  ) -> [TreeStickyRow] {
    guard maximumCount > 0, contentOffset.isFinite else { return [] }
    var result: [TreeStickyRow] = []
    // The sticky rows' heights so far: the covered point is this far below
    // the viewport's top.
    var stickyHeight = 0.0
    let firstDepth = layout == .flat ? 1 : 2
    // The ancestors of the last covered row looked up, kept while the next
    // covered rows stay in the subtree of the next candidate.
    var chain: _AncestorChain?
    // The end of the last sticky row's subtree.
    var previousEnd = Int.max
    while result.count < maximumCount {
      let point = contentOffset + stickyHeight
      // Not in the last sticky row's subtree: no more sticky rows.
      guard let coveredRow = rowAtOffset(point), coveredRow < previousEnd else { break }
      let depth = result.count + firstDepth
      if chain?.contains(coveredRow, atDepth: depth) == true {
        // The candidate is the chain's ancestor at `depth`.
      } else if !result.isEmpty, chain?.containsBeneath(coveredRow, atDepth: depth - 1) == true {
        // The candidate is beneath the last sticky row: only the levels
        // below it change.
        _replaceAncestors(in: &chain!, belowDepth: depth - 1, withThoseOfRow: coveredRow)
      } else {
        guard let found = _ancestorChain(ofRow: coveredRow) else { break }
        chain = found
      }
      guard let chain, chain.depth >= depth else { break }
      if result.isEmpty { result.reserveCapacity(Swift.min(maximumCount, chain.depth - firstDepth + 1)) }
      let (_, _, row, end) = chain.links[depth - 1]
      guard end - row > 1 else { break }  // no visible subitems
      let top = offsetOfRow(row)
      // The covered row itself sticks only when it is partly scrolled above.
      if row == coveredRow && !(top < point) { break }
      let height = offsetOfRow(row + 1) - top
      let subtreeEnd = offsetOfRow(end) - contentOffset
      let offset = Swift.min(stickyHeight, subtreeEnd - height)
      result.append(TreeStickyRow(treePath: chain.path(atDepth: depth), row: row, offset: offset))
      stickyHeight += height
      previousEnd = end
    }
    return result
  }

  /// The ancestors of a row, the row's item included: for each level, the
  /// ancestor's index among its siblings, its node, its global row and the
  /// end of its subtree's rows (`links[level]`) (in `.sectioned`, level 0's
  /// rows are unused).
  struct _AncestorChain {
    var links: [_ChainLink]

    /// The number of levels: the row's item's depth.
    var depth: Int { links.count }

    /// Whether `row` lies in the subtree of the chain's ancestor at `depth`.
    func contains(_ row: Int, atDepth depth: Int) -> Bool {
      depth <= links.count && links[depth - 1].row <= row && row < links[depth - 1].end
    }

    /// Whether `row` lies beneath the chain's ancestor at `depth`, in its
    /// subtree but not its own row.
    func containsBeneath(_ row: Int, atDepth depth: Int) -> Bool {
      depth <= links.count && links[depth - 1].row < row && row < links[depth - 1].end
    }

    /// The path of the chain's ancestor at `depth`.
    func path(atDepth depth: Int) -> TreePath {
      var indices: [Int] = []
      indices.reserveCapacity(depth)
      for level in 0..<depth { indices.append(links[level].index) }
      return TreePath(indices)
    }
  }

  /// The ancestors of the item at global row `row`, with their rows and
  /// their subtrees' ends.
  ///
  /// - Complexity: O(*d* log *b*): one descent to the row, which reads the
  ///   ancestors' rows on the way.
  func _ancestorChain(ofRow row: Int) -> _AncestorChain? {
    var walk = _ChainRecorder()
    guard _descend(toGlobalRow: row, recordingIn: &walk) else { return nil }
    return _AncestorChain(links: walk.links)
  }

  /// Replaces the levels of `chain` below `depth` by the ancestors of the
  /// row at `row`, which lies beneath the chain's ancestor at `depth`.
  ///
  /// - Complexity: O((*d* − `depth`) log *b*): a descent from that ancestor.
  func _replaceAncestors(in chain: inout _AncestorChain, belowDepth depth: Int, withThoseOfRow row: Int) {
    var walk = _ChainRecorder(links: chain.links)
    chain.links = []
    walk.links.removeSubrange(depth...)
    let parent = walk.links[depth - 1]
    _arena.appendPath(
      toRow: row - parent.row - 1, beneath: _arena.children(parent.node), count: _arena.count(parent.node),
      firstRow: parent.row + 1, recordingIn: &walk)
    chain.links = walk.links
  }
}
