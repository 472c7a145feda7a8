import _SummaryTree

/// The heights of a list's rows in row order, across sections: one tree of
/// *runs* (stretches of rows of one height, ``_HeightRun``) in a
/// ``SummaryForest``, for lists that know every row — a
/// ``DiffableTreeList`` with a height closure.
///
/// Rows of one height are one run, so a list whose rows all have the same
/// height stores O(1). Every operation is O(log *r*) for *r* runs in the
/// worst case, except building, O(*k*) for *k* rows, and freeing a piece,
/// O(its runs).
///
/// Edits work on *pieces*: ``cut(_:)`` takes rows out as a detached tree,
/// ``insert(_:at:)`` puts a piece back anywhere, and ``piece(of:)`` makes
/// one of new heights, so that a batch update's moved rows carry their
/// heights without asking again.
struct _RowHeights {
  typealias Forest = SummaryForest<_HeightRun>
  typealias Piece = Forest.NodeID

  private var forest = Forest()
  /// The tree of all rows.
  private var root = Forest.null

  /// The address of the node storage, for tests that check an operation
  /// copies nothing. Never dereferenced.
  var _storageIdentity: UnsafeRawPointer? {
    forest.nodes.storageIdentity
  }

  /// The number of rows.
  ///
  /// - Complexity: O(1).
  var count: Int { forest.total(root).count }

  /// The sum of all rows' heights.
  ///
  /// - Complexity: O(1).
  var total: Double { forest.total(root).total }

  /// The rows of `heights`, in order, instead of the ones held.
  ///
  /// - Complexity: O(*k* + *r*) for *k* new rows and *r* old runs.
  mutating func replaceAll(with heights: some Sequence<Double>) {
    free(root)
    root = piece(of: heights)
  }

  // MARK: Reading

  /// The height of row `row`, or 0 when there is no such row.
  ///
  /// - Complexity: O(log *r*).
  func height(ofRow row: Int) -> Double {
    guard let (node, _) = forest.find(row, by: _Entries.self, in: root) else { return 0 }
    return forest[node].entry.height
  }

  /// The sum of the heights of the rows before `row` (clamped to the rows
  /// held).
  ///
  /// - Complexity: O(log *r*).
  func offset(ofRow row: Int) -> Double {
    guard row > 0 else { return 0 }
    guard let (node, before) = forest.find(row, by: _Entries.self, in: root) else { return total }
    let inside = row - before.count
    return inside == 0 ? before.total : before.total + Double(inside) * forest[node].entry.height
  }

  /// The row whose height covers `offset`: its top is at or above it and
  /// its bottom below. Rows of height 0 cover nothing.
  ///
  /// - Returns: The row, or `nil` when `offset` is negative or not less
  ///   than ``total``.
  /// - Complexity: O(log *r*).
  func row(atOffset offset: Double) -> Int? {
    guard offset >= 0, let (node, before) = forest.find(offset, by: _Height.self, in: root) else { return nil }
    return before.count + forest[node].entry(covering: offset, runStart: before.total)
  }

  // MARK: Editing

  /// A detached piece of rows of `heights`, in order: equal neighbours
  /// make one run.
  ///
  /// - Complexity: O(*k*) for *k* heights.
  mutating func piece(of heights: some Sequence<Double>) -> Piece {
    var nodes: [Forest.NodeID] = []
    var current: (height: Double, length: Int)?
    func flush() {
      guard let run = current else { return }
      nodes.append(forest.allocate(Self.run(height: run.height, length: run.length)))
    }
    for height in heights {
      if current?.height == height {
        current!.length += 1
      } else {
        flush()
        current = (height, 1)
      }
    }
    flush()
    return forest.build(nodes)
  }

  /// Takes the rows `rows` out, as a detached piece.
  ///
  /// - Precondition: `rows` is within `0 ..< count`.
  /// - Complexity: O(log *r*).
  mutating func cut(_ rows: Range<Int>) -> Piece {
    let (before, rest) = split(root, at: rows.lowerBound)
    let (middle, after) = split(rest, at: rows.count)
    root = concatenate(before, after)
    return middle
  }

  /// Puts the rows of `piece` in before row `row` (at the end for
  /// ``count``).
  ///
  /// - Complexity: O(log *r*).
  mutating func insert(_ piece: Piece, at row: Int) {
    let (before, after) = split(root, at: row)
    root = concatenate(concatenate(before, piece), after)
  }

  /// Frees every node of a detached piece.
  ///
  /// - Complexity: O(*r*) for its runs.
  mutating func free(_ piece: Piece) {
    guard piece != Forest.null else { return }
    var doomed: [Forest.NodeID] = []
    forest.forEachNode(in: piece) { doomed.append($0) }
    for node in doomed { forest.free(node) }
  }

  // MARK: Implementation

  /// A run of `length` rows `height` tall.
  private static func run(height: Double, length: Int) -> _HeightRun {
    _HeightRun(entry: _HeightEntry(own: height, beneath: 0, isAsked: true), length: length)
  }

  /// The tree `t` cut before its row `row`, splitting the run that
  /// straddles it.
  ///
  /// - Complexity: O(log *r*).
  private mutating func split(_ t: Forest.NodeID, at row: Int) -> (Forest.NodeID, Forest.NodeID) {
    let (left, right) = forest.split(t, at: row, by: _Entries.self)
    let cut = row - forest.total(left).count
    guard cut > 0, right != Forest.null else { return (left, right) }
    // The first run of `right` starts before `row`: its first `cut` rows go left.
    let (first, rest) = forest.removeFirst(right)
    let run = forest[first]
    let head = forest.allocate(Self.run(height: run.entry.own, length: cut))
    forest.setLength(ofDetached: first, to: run.length - cut)
    return (forest.join(left, head, Forest.null), forest.join(Forest.null, first, rest))
  }

  /// The rows of `a`, then those of `b`; the runs where they meet become
  /// one when their heights are equal.
  ///
  /// - Complexity: O(log *r*).
  private mutating func concatenate(_ a: Forest.NodeID, _ b: Forest.NodeID) -> Forest.NodeID {
    guard a != Forest.null else { return b }
    guard b != Forest.null else { return a }
    let (restA, last) = forest.removeLast(a)
    let (first, restB) = forest.removeFirst(b)
    if forest[last].entry == forest[first].entry {
      forest.setLength(ofDetached: last, to: forest[last].length + forest[first].length)
      forest.free(first)
      return forest.join(restA, last, restB)
    }
    return forest.join(forest.join(restA, last, Forest.null), first, restB)
  }
}

extension SummaryForest where Element == _HeightRun {
  /// Sets the length of the run at the detached node `t`.
  fileprivate mutating func setLength(ofDetached t: NodeID, to length: Int) {
    nodes[Int(t)].element.length = length
    update(t)
  }
}
