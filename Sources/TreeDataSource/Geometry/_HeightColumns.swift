import _SummaryTree

/// One subitem's geometry as its parent's column holds it: the subitem's
/// own row height, the height shown beneath it (the heights of its visible
/// descendants while it is expanded, else 0), whether its height is known
/// (`isAsked`), and whether the list has settled its expansion state
/// (`isSettled`: asked, or told). An entry whose height is to be asked again
/// (a hidden item reloaded, a section moved to a row) keeps `isSettled`, so
/// that the item's state is not asked again.
struct _HeightEntry: Equatable {
  var own: Double
  var beneath: Double
  var isAsked: Bool
  var isSettled: Bool

  /// An entry; unless told otherwise, settled exactly when asked.
  init(own: Double, beneath: Double, isAsked: Bool, isSettled: Bool? = nil) {
    self.own = own
    self.beneath = beneath
    self.isAsked = isAsked
    self.isSettled = isSettled ?? isAsked
  }

  /// The height the subitem and its visible descendants take.
  var height: Double { own + beneath }
}

/// A run of `length` equal entries: one element of a column.
struct _HeightRun: SelfSummarizingTreeElement {
  var entry: _HeightEntry
  var length: Int

  /// The index, within the run, of the entry whose height covers `offset`,
  /// for a run that starts at `runStart` and whose height holds `offset`.
  ///
  /// - Complexity: O(1).
  func entry(covering offset: Double, runStart start: Double) -> Int {
    let height = entry.height
    var k = Swift.min(length - 1, Swift.max(0, Int((offset - start) / height)))
    // Mend the division's rounding at a boundary.
    while k > 0, start + Double(k) * height > offset { k -= 1 }
    while k < length - 1, start + Double(k + 1) * height <= offset { k += 1 }
    return k
  }

  typealias Summary = _HeightSummary

  var summary: _HeightSummary {
    _HeightSummary(
      count: length, total: Double(length) * entry.height, unasked: entry.isAsked ? 0 : length)
  }
}

/// What a run of entries sums up to.
struct _HeightSummary: TreeSummary {
  /// The number of entries.
  var count: Int
  /// The sum of their heights.
  var total: Double
  /// The number of entries never asked about.
  var unasked: Int

  static var zero: _HeightSummary { _HeightSummary(count: 0, total: 0, unasked: 0) }

  static func + (lhs: _HeightSummary, rhs: _HeightSummary) -> _HeightSummary {
    _HeightSummary(count: lhs.count + rhs.count, total: lhs.total + rhs.total, unasked: lhs.unasked + rhs.unasked)
  }
}

/// Entries, one per subitem.
enum _Entries: TreeMetric {
  static func measure(_ summary: _HeightSummary) -> Int { summary.count }
}

/// Height: entries of height 0 hold no offset.
enum _Height: TreeMetric {
  static func measure(_ summary: _HeightSummary) -> Double { summary.total }
}

/// The heights of the subitems of every known item, as one *column* per
/// known item, keyed by the item's identity in the ``TreeIndex``.
///
/// A column is a tree of the shared ``SummaryForest`` whose elements are
/// *runs*: maximal stretches of equal entries. Subitems of one height are
/// one run, so a list whose rows all have the default height stores O(1)
/// per known item, not one value per row. The summaries (entries, height,
/// unasked entries) make locating a subitem by index or by offset
/// O(log *r*) for *r* runs, and changing one entry O(log *r*), in the worst
/// case.
struct _HeightColumns {
  typealias ItemID = TreeIndex._KnownItemID
  typealias Forest = SummaryForest<_HeightRun>
  typealias NodeID = Forest.NodeID

  private var forest = Forest()

  /// The address of the columns' node storage, for tests that check an
  /// operation copies nothing. Never dereferenced.
  var _storageIdentity: UnsafeRawPointer? {
    forest.nodes.storageIdentity
  }
  /// The root of each known item's column, by the item's identity, which
  /// is dense (`null`: a column with no entries; ``noColumn``: no column):
  /// an array, so that finding a column hashes nothing.
  private var roots: [NodeID] = []
  /// No column, in ``roots``.
  private static var noColumn: NodeID { -2 }
  /// For each open journal, innermost last: the root each column had before
  /// each change of it since the journal opened.
  private var rootLog: [[(id: ItemID, root: NodeID?)]] = []

  // MARK: Journals

  /// Opens a journal: every change until the matching ``commitJournal()``
  /// or ``rollBackJournal()`` can be undone, without copying the columns.
  ///
  /// - Complexity: O(1).
  mutating func beginJournal() {
    forest.beginJournal()
    rootLog.append([])
  }

  /// Closes the innermost journal, keeping its changes.
  ///
  /// - Complexity: O(*w*) for the *w* nodes and columns it changed.
  mutating func commitJournal() {
    guard !rootLog.isEmpty else { return }
    forest.commitJournal()
    let inner = rootLog.removeLast()
    if !rootLog.isEmpty { rootLog[rootLog.count - 1] += inner }
  }

  /// Closes the innermost journal, undoing its changes.
  ///
  /// - Complexity: O(*w*) for the *w* nodes and columns it changed.
  mutating func rollBackJournal() {
    guard !rootLog.isEmpty else { return }
    forest.rollBackJournal()
    for (id, root) in rootLog.removeLast().reversed() { storeRoot(id, root) }
  }

  /// Sets the root of item `id`'s column (`nil`: no column), logging the
  /// old one while a journal is open.
  private mutating func setRoot(_ id: ItemID, _ root: NodeID?) {
    if !rootLog.isEmpty { rootLog[rootLog.count - 1].append((id, columnRoot(id))) }
    storeRoot(id, root)
    if root != nil { checkColumn(id) }
  }

  /// The root of item `id`'s column, or `nil` when it has none.
  private func columnRoot(_ id: ItemID) -> NodeID? {
    let i = Int(id)
    guard i < roots.count else { return nil }
    let root = roots[i]
    return root == Self.noColumn ? nil : root
  }

  /// Stores the root of item `id`'s column (`nil`: no column).
  private mutating func storeRoot(_ id: ItemID, _ root: NodeID?) {
    let i = Int(id)
    if i >= roots.count {
      guard root != nil else { return }
      roots.append(contentsOf: repeatElement(Self.noColumn, count: i - roots.count + 1))
    }
    roots[i] = root ?? Self.noColumn
  }

  // MARK: Columns

  /// Whether item `id` has a column.
  func hasColumn(_ id: ItemID) -> Bool { columnRoot(id) != nil }

  /// Gives item `id` a column of `runs`, each `length` equal entries;
  /// replaces any column it had.
  ///
  /// - Complexity: O(*r* log *r*) for *r* runs.
  mutating func setColumn(_ id: ItemID, runs: [(entry: _HeightEntry, length: Int)]) {
    removeColumn(id)
    var root = Forest.null
    for run in runs where run.length > 0 {
      root = forest.join(root, forest.allocate(_HeightRun(entry: run.entry, length: run.length)), Forest.null)
    }
    setRoot(id, root)
  }

  /// Gives item `id` a column of `count` equal entries.
  ///
  /// - Complexity: O(1).
  mutating func setColumn(_ id: ItemID, repeating entry: _HeightEntry, count: Int) {
    removeColumn(id)
    setRoot(id, count > 0 ? forest.allocate(_HeightRun(entry: entry, length: count)) : Forest.null)
  }

  /// Drops the column of item `id`, if any.
  ///
  /// - Complexity: O(*r*) for its *r* runs.
  mutating func removeColumn(_ id: ItemID) {
    guard let root = columnRoot(id) else { return }
    setRoot(id, nil)
    var doomed: [NodeID] = []
    forest.forEachNode(in: root) { doomed.append($0) }
    for node in doomed { forest.free(node) }
  }

  /// Drops every column, under the open journal if any.
  ///
  /// - Complexity: O(*r* + *k*) for the *r* runs of all columns and the *k*
  ///   item identities ever given a column.
  mutating func removeAllColumns() {
    for i in roots.indices where roots[i] != Self.noColumn { removeColumn(ItemID(i)) }
  }

  // MARK: Reading

  /// The sum of the heights of the column's entries: the height shown
  /// beneath the item while it is expanded.
  ///
  /// - Complexity: O(1).
  func total(_ id: ItemID) -> Double { forest.total(root(id)).total }

  /// The number of entries in the column.
  func count(_ id: ItemID) -> Int { forest.total(root(id)).count }

  /// Whether some entry of the column was never asked about.
  func hasUnaskedEntries(_ id: ItemID) -> Bool { forest.total(root(id)).unasked > 0 }

  /// The entry at `index`.
  ///
  /// - Precondition: `0 <= index < count(id)`.
  /// - Complexity: O(log *r*).
  func entry(_ id: ItemID, at index: Int) -> _HeightEntry {
    guard let (node, _) = forest.find(index, by: _Entries.self, in: root(id)) else {
      preconditionFailure("entry index out of range")
    }
    return forest[node].entry
  }

  /// The sum of the heights of the entries before `index`.
  ///
  /// - Complexity: O(log *r*).
  func height(_ id: ItemID, before index: Int) -> Double {
    guard let (node, before) = forest.find(index, by: _Entries.self, in: root(id)) else { return total(id) }
    let cut = index - before.count
    return cut == 0 ? before.total : before.total + Double(cut) * forest[node].entry.height
  }

  /// The entry whose height holds `offset` (counted from the column's
  /// start): its index and the offset where it starts. Entries of height 0
  /// hold no offset. `nil` when `offset` is negative or past the total.
  ///
  /// - Complexity: O(log *r*).
  func entry(_ id: ItemID, containing offset: Double) -> (index: Int, start: Double)? {
    guard offset >= 0, let (node, before) = forest.find(offset, by: _Height.self, in: root(id)) else { return nil }
    let run = forest[node]
    let k = run.entry(covering: offset, runStart: before.total)
    return (before.count + k, before.total + Double(k) * run.entry.height)
  }

  /// The ranges of indices whose entries were never asked about, ascending.
  ///
  /// - Complexity: O(*r*).
  func unaskedRanges(_ id: ItemID) -> [Range<Int>] {
    var result: [Range<Int>] = []
    forest.forEach(in: root(id)) { node, before in
      let run = forest[node]
      guard !run.entry.isAsked else { return }
      let base = before.count
      if let last = result.last, last.upperBound == base {
        result[result.count - 1] = last.lowerBound..<(base + run.length)
      } else {
        result.append(base..<(base + run.length))
      }
    }
    return result
  }

  // MARK: Editing

  /// Replaces the entry at `index`.
  ///
  /// An entry equal to the one there changes nothing; an entry that is a
  /// run of its own is rewritten where it stands.
  ///
  /// - Complexity: O(log *r*).
  mutating func setEntry(_ id: ItemID, at index: Int, to entry: _HeightEntry) {
    let root = root(id)
    if let (node, _) = forest.find(index, by: _Entries.self, in: root) {
      let run = forest[node]
      if run.entry == entry { return }
      if run.length == 1 {
        forest[node].entry = entry
        forest.refreshUpward(from: node, inTreeAt: root)
        checkColumn(id)
        return
      }
    }
    let (low, rest) = cut(root, at: index)
    let (single, high) = cut(rest, at: 1)
    // `single` is one detached node: the tree of one run of one entry.
    forest[single].entry = entry
    setRoot(id, forest.join(low, single, high))
  }

  /// Inserts `entry` at `index`.
  ///
  /// An entry equal to those of the run it lands in or next to lengthens
  /// that run where it stands; any other is linked in as a run of its own,
  /// cutting the run it lands in in two.
  ///
  /// - Complexity: O(log *r*).
  mutating func insertEntry(_ id: ItemID, _ entry: _HeightEntry, at index: Int) {
    var root = root(id)
    let found = forest.find(index, by: _Entries.self, in: root)
    if let (node, _) = found, forest[node].entry == entry {
      return lengthenRun(node, of: id, inTreeAt: root)
    }
    if index > 0, let (node, _) = forest.find(index - 1, by: _Entries.self, in: root), forest[node].entry == entry {
      return lengthenRun(node, of: id, inTreeAt: root)
    }
    var next = Forest.null
    if let (node, before) = found {
      next = node
      let head = index - before.count
      if head > 0 {
        // `index` falls inside the run: its tail becomes a run of its own.
        let run = forest[node]
        forest[node].length = head
        forest.refreshUpward(from: node, inTreeAt: root)
        let tail = forest.allocate(_HeightRun(entry: run.entry, length: run.length - head))
        root = forest.insert(tail, before: forest.next(after: node, inTreeAt: root), inTreeAt: root)
        next = tail
      }
    }
    root = forest.insert(forest.allocate(_HeightRun(entry: entry, length: 1)), before: next, inTreeAt: root)
    setRoot(id, root)
  }

  /// Removes and returns the entry at `index`: a run of several entries is
  /// shortened where it stands, a run of one is unlinked.
  ///
  /// - Complexity: O(log *r*).
  @discardableResult
  mutating func removeEntry(_ id: ItemID, at index: Int) -> _HeightEntry {
    let root = root(id)
    guard let (node, _) = forest.find(index, by: _Entries.self, in: root) else {
      preconditionFailure("entry index out of range")
    }
    let run = forest[node]
    guard run.length == 1 else {
      forest[node].length -= 1
      forest.refreshUpward(from: node, inTreeAt: root)
      checkColumn(id)
      return run.entry
    }
    let rest = forest.remove(node, fromTreeAt: root)
    forest.free(node)
    setRoot(id, rest)
    return run.entry
  }

  /// Adds one entry to the run at `node`, in the column of item `id` rooted
  /// at `root`.
  ///
  /// - Complexity: O(log *r*).
  private mutating func lengthenRun(_ node: NodeID, of id: ItemID, inTreeAt root: NodeID) {
    forest[node].length += 1
    forest.refreshUpward(from: node, inTreeAt: root)
    checkColumn(id)
  }

  // MARK: Runs

  /// With `-D TREE_INDEX_INTERNAL_CHECKS`, traps if the column of item `id`
  /// is not a sound tree (balance, heights, summaries); otherwise does
  /// nothing.
  ///
  /// - Complexity: O(*r*) for its *r* runs with the flag; O(1) without.
  @inline(__always)
  private func checkColumn(_ id: ItemID) {
    #if TREE_INDEX_INTERNAL_CHECKS
    var seen = Array(repeating: false, count: forest.capacity)
    if let fault = forest.fault(inTreeAt: root(id), seen: &seen) {
      preconditionFailure("height column of item \(id): \(fault)")
    }
    #endif
  }

  private func root(_ id: ItemID) -> NodeID { columnRoot(id) ?? Forest.null }

  /// Splits a column into its first `k` entries and the rest, cutting a run
  /// in two where `k` falls inside it.
  private mutating func cut(_ t: NodeID, at k: Int) -> (NodeID, NodeID) {
    let (low, high) = forest.split(t, at: k, by: _Entries.self)
    let before = forest.total(low).count
    guard before < k, high != Forest.null else { return (low, high) }
    // The first run of `high` straddles `k`: keep its head on the left.
    let (first, rest) = forest.removeFirst(high)
    let run = forest[first]
    forest[first].length = k - before
    let tail = forest.allocate(_HeightRun(entry: run.entry, length: run.length - (k - before)))
    return (forest.join(low, first, Forest.null), forest.join(Forest.null, tail, rest))
  }
}
