import _SummaryTree

/// How the subitems of one item changed during a batch: which old
/// positions were deleted and which new positions were inserted, so that
/// the surviving subitems map old ↔ new in order.
///
/// The changes are kept as a rope of runs in one balanced tree
/// (``_IndexRun``s in a `SummaryForest`): runs of surviving positions, of
/// deleted old positions, of inserted new positions, and single moved-in
/// positions, in the order they meet along the subitems, each summed up by
/// its old and new widths. Positions are relative, as in the index's own
/// trees: an edit splits the rope where it lands and joins the pieces
/// again, so the runs after it shift without being touched. Past the last
/// run, every position survives.
///
/// ``deleted``, ``inserted`` and ``movedIn`` read the rope out as sorted,
/// disjoint, non-adjacent ranges and ascending positions. Changes compose:
/// each recorded edit is in the coordinates the previous ones left.
///
/// A subitem moved away is a deleted old position tagged with a move tag
/// (``movedOut``); a subitem moved in is an inserted position tagged the
/// same (``movedIn``), here or in another item's changes. The batch diff
/// pairs the two ends of a tag into a move.
///
/// - Complexity: recording an edit (``insert(_:at:)``, ``delete(_:)``,
///   ``removeForMove(at:newTag:)``, ``insertMoved(at:tag:)``) and mapping
///   a position (``newPosition(ofOld:)``, ``oldPosition(ofNew:)``,
///   ``isInserted(_:)``) are O(log *r*) for *r* runs held (amortized: a
///   deletion frees the runs it covers), so *k* edits under one item cost
///   O(*k* log *k*) whatever their order. Reading ``deleted``,
///   ``inserted`` or ``movedIn`` out is O(*r*).
struct _IndexChanges: Sendable, Equatable {
  /// An inserted position (current coordinates) that holds a moved subitem.
  struct MovedIn: Sendable, Equatable {
    var position: Int
    var tag: Int
  }

  private typealias Runs = SummaryForest<_IndexRun>
  private typealias NodeID = Runs.NodeID

  /// The runs, in one tree of their own.
  private var runs = Runs()
  /// The root of the rope of runs, or `null` when nothing changed.
  private var root: NodeID = Runs.null

  /// The move tag of each deleted old position whose subitem moved away.
  var movedOut: [Int: Int] = [:]

  init() {}

  /// The changes with the given deleted old positions and inserted new
  /// ones (sorted, disjoint ranges), moved-out tags and moved-in positions
  /// (ascending, each in `inserted`).
  ///
  /// - Complexity: O(*r* + *m*) for *r* ranges and *m* moved-in positions.
  init(deleted: [Range<Int>], inserted: [Range<Int>], movedOut: [Int: Int], movedIn: [MovedIn]) {
    self.movedOut = movedOut
    var elements: [_IndexRun] = []
    var old = 0  // the next old position
    var new = 0  // the next new position
    var d = 0
    var i = 0
    var m = 0
    while d < deleted.count || i < inserted.count {
      // Survivors up to the next deleted or inserted range, whichever
      // comes first (their distances in survivors are the same).
      let toDeleted = d < deleted.count ? deleted[d].lowerBound - old : Int.max
      let toInserted = i < inserted.count ? inserted[i].lowerBound - new : Int.max
      let kept = Swift.min(toDeleted, toInserted)
      if kept > 0 {
        elements.append(_IndexRun(.kept, kept))
        old += kept
        new += kept
      }
      if toDeleted == kept {
        elements.append(_IndexRun(.deleted, deleted[d].count))
        old += deleted[d].count
        d += 1
      } else {
        let r = inserted[i]
        var lower = r.lowerBound
        while m < movedIn.count, movedIn[m].position < r.upperBound {
          if movedIn[m].position > lower { elements.append(_IndexRun(.inserted, movedIn[m].position - lower)) }
          elements.append(_IndexRun(movedInWithTag: movedIn[m].tag))
          lower = movedIn[m].position + 1
          m += 1
        }
        if r.upperBound > lower { elements.append(_IndexRun(.inserted, r.upperBound - lower)) }
        new += r.count
        i += 1
      }
    }
    var nodes: [NodeID] = []
    nodes.reserveCapacity(elements.count)
    for element in elements { nodes.append(allocate(element)) }
    root = runs.build(nodes)
  }

  static func == (lhs: _IndexChanges, rhs: _IndexChanges) -> Bool {
    lhs.movedOut == rhs.movedOut && lhs.deleted == rhs.deleted && lhs.inserted == rhs.inserted
      && lhs.movedIn == rhs.movedIn
  }

  /// Whether no position was deleted or inserted.
  ///
  /// - Complexity: O(1).
  var isEmpty: Bool {
    let total = runs.total(root)
    return total.old == total.kept && total.new == total.kept
  }

  /// Whether some inserted position holds a moved subitem.
  ///
  /// - Complexity: O(1).
  var hasMovedIn: Bool { runs.total(root).movedIn > 0 }

  /// Deleted positions, in old coordinates: sorted, disjoint, non-adjacent
  /// ranges.
  ///
  /// - Complexity: O(*r*).
  var deleted: [Range<Int>] {
    var result: [Range<Int>] = []
    let total = runs.total(root)
    guard total.old > total.kept else { return result }
    forEachRun(in: root, after: .zero) { run, before in
      guard run.kind == .deleted else { return }
      Self.append(before.old..<(before.old + run.count), to: &result)
    }
    return result
  }

  /// Inserted positions, in new coordinates: sorted, disjoint,
  /// non-adjacent ranges.
  ///
  /// - Complexity: O(*r*).
  var inserted: [Range<Int>] {
    var result: [Range<Int>] = []
    let total = runs.total(root)
    guard total.new > total.kept else { return result }
    forEachRun(in: root, after: .zero) { run, before in
      guard run.kind == .inserted || run.kind == .movedIn else { return }
      Self.append(before.new..<(before.new + run.count), to: &result)
    }
    return result
  }

  /// The inserted positions that hold a moved subitem, ascending, with its
  /// move tag; each lies in ``inserted``.
  ///
  /// - Complexity: O(*r*).
  var movedIn: [MovedIn] {
    var result: [MovedIn] = []
    guard hasMovedIn else { return result }
    forEachRun(in: root, after: .zero) { run, before in
      if run.kind == .movedIn { result.append(MovedIn(position: before.new, tag: run.tag)) }
    }
    return result
  }

  /// Calls `body` with each run of the subtree `t`, in order, and the
  /// summary of the runs before it (`before`: of those before the subtree).
  /// Recursive, so that reading the runs out allocates nothing but the
  /// result; the trees are AVL trees, so the recursion is O(log *r*) deep.
  private func forEachRun(
    in t: NodeID, after before: _IndexSummary, _ body: (_IndexRun, _IndexSummary) -> Void
  ) {
    guard t >= 0 else { return }
    let node = runs.nodes[Int(t)]
    forEachRun(in: node.left, after: before, body)
    let start = before + runs.total(node.left)
    body(node.element, start)
    forEachRun(in: node.right, after: start + node.element.summary, body)
  }

  /// Appends `range` to sorted ranges, merged with the last one if they
  /// touch.
  private static func append(_ range: Range<Int>, to ranges: inout [Range<Int>]) {
    if let last = ranges.last, last.upperBound == range.lowerBound {
      ranges[ranges.count - 1] = last.lowerBound..<range.upperBound
    } else {
      ranges.append(range)
    }
  }

  // MARK: Recording edits

  /// The run that holds new position `index` (current coordinates): its
  /// kind, its move tag, and the old position `index` survives from when
  /// the run is of survivors (past the last run, every position is).
  private func run(atNew index: Int) -> (kind: _IndexRun.Kind, tag: Int, old: Int) {
    guard let (node, before) = runs.find(index, by: _NewPositions.self, in: root) else {
      let total = runs.total(root)
      return (.kept, 0, index - total.new + total.old)
    }
    let run = runs[node]
    return (run.kind, run.tag, before.old + (index - before.new))
  }

  /// Records the removal of the subitem at `index` (current coordinates)
  /// for a move.
  ///
  /// - Parameter newTag: The tag to give the move if the subitem is one
  ///   that was there when the batch began.
  /// - Returns: The move's tag: the one the subitem came in with if it was
  ///   moved in during the batch, `newTag` if it was there when the batch
  ///   began, `nil` if it was inserted during the batch (its move is then a
  ///   plain insertion).
  /// - Complexity: O(log *r*) amortized.
  mutating func removeForMove(at index: Int, newTag: Int) -> Int? {
    let (kind, tag, old) = run(atNew: index)
    delete(index..<(index + 1))
    switch kind {
    case .movedIn: return tag
    case .inserted: return nil
    case .kept, .deleted:
      movedOut[old] = newTag
      return newTag
    }
  }

  /// Records a subitem moved in at `index` (current coordinates), tagged
  /// `tag` (`nil`: a plain insertion).
  ///
  /// - Complexity: O(log *r*).
  mutating func insertMoved(at index: Int, tag: Int?) {
    guard let tag else { return insert(1, at: index) }
    let (before, after) = split(root, atNew: index)
    root = runs.join(before, allocate(_IndexRun(movedInWithTag: tag)), after)
  }

  /// Records `count` new positions at `index` (current coordinates).
  ///
  /// - Complexity: O(log *r*).
  mutating func insert(_ count: Int, at index: Int) {
    guard count > 0 else { return }
    // Next to or inside a run of inserted positions: that run grows.
    if index > 0, let (node, _) = runs.find(index - 1, by: _NewPositions.self, in: root),
      runs[node].kind == .inserted
    {
      return resize(node, by: count)
    }
    if let (node, _) = runs.find(index, by: _NewPositions.self, in: root), runs[node].kind == .inserted {
      return resize(node, by: count)
    }
    let (before, after) = split(root, atNew: index)
    root = runs.join(before, allocate(_IndexRun(.inserted, count)), after)
  }

  /// Records the deletion of the positions `range` (current coordinates).
  ///
  /// The positions inserted during the batch vanish; the surviving ones
  /// become deleted old positions: the runs that held them become one run
  /// of deleted positions, as wide as the old positions they spanned.
  ///
  /// - Complexity: O(log *r*) amortized (each run it covers is freed).
  mutating func delete(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    // Inside a run of inserted positions: that run shrinks.
    if let (node, before) = runs.find(range.lowerBound, by: _NewPositions.self, in: root) {
      let run = runs[node]
      if run.kind == .inserted, run.count > range.count, range.upperBound <= before.new + run.count {
        return resize(node, by: -range.count)
      }
    }
    var (before, rest) = split(root, atNew: range.lowerBound)
    let (covered, after) = split(rest, atNew: range.count)
    var deleted = runs.total(covered).old
    free(covered)
    guard deleted > 0 else {
      root = runs.merge(before, after)
      return
    }
    // One run of deleted positions with the one right before, if any.
    if before >= 0 {
      let (head, last) = runs.removeLast(before)
      if runs[last].kind == .deleted {
        deleted += runs[last].count
        runs.free(last)
        before = head
      } else {
        before = runs.join(head, last, Runs.null)
      }
    }
    root = runs.join(before, allocate(_IndexRun(.deleted, deleted)), after)
  }

  /// Changes the width of the run at `node` by `delta` positions, and the
  /// summaries above it.
  ///
  /// - Complexity: O(log *r*).
  private mutating func resize(_ node: NodeID, by delta: Int) {
    runs[node].count += delta
    runs.refreshUpward(from: node, inTreeAt: root)
  }

  /// Frees every node of the subtree `t`. Recursive (O(log *r*) deep), so
  /// that it allocates nothing.
  private mutating func free(_ t: NodeID) {
    guard t >= 0 else { return }
    free(runs.left(t))
    free(runs.right(t))
    runs.free(t)
  }

  /// A detached node for `run`; the first one makes room for a few, as a
  /// batch that changes an item usually records a handful of runs there.
  private mutating func allocate(_ run: _IndexRun) -> NodeID {
    if runs.nodes.isEmpty { runs.nodes.reserveCapacity(8) }
    return runs.allocate(run)
  }

  /// Splits the rope `t` at new position `index`: the runs before it (with
  /// the runs of deleted positions right at it) and the runs from it on. A
  /// run that straddles `index` is cut in two; past the end, a run of
  /// survivors pads the rope up to `index`.
  ///
  /// - Complexity: O(log *r*).
  private mutating func split(_ t: NodeID, atNew index: Int) -> (NodeID, NodeID) {
    let width = runs.total(t).new
    if index >= width {
      guard index > width else { return (t, Runs.null) }
      return (runs.join(t, allocate(_IndexRun(.kept, index - width)), Runs.null), Runs.null)
    }
    var (before, after) = runs.split(t, at: index, by: _NewPositions.self)
    let cut = index - runs.total(before).new
    if cut > 0 {
      // The first run after straddles `index` (a moved-in position is one
      // wide and a run of deleted positions none: neither ever does).
      let (first, rest) = runs.removeFirst(after)
      var head = runs[first]
      let tail = _IndexRun(head.kind, head.count - cut)
      head.count = cut
      runs[first] = head
      before = runs.join(before, first, Runs.null)
      after = runs.join(Runs.null, allocate(tail), rest)
    }
    return (before, after)
  }

  // MARK: Composing batches

  /// Applies the deletions of `later`, recorded after `self`: its moved-out
  /// positions as removals for moves, whose tags (`later`'s, then `self`'s)
  /// are added to `tags`. Then ``appendInsertions(of:tags:)`` applies its
  /// insertions, once every item's deletions are in.
  mutating func appendDeletions(of later: _IndexChanges, tags: inout [Int: Int], nextTag: inout Int) {
    let movedOut = later.movedOut.keys.sorted(by: >)
    var next = 0
    for r in later.deleted.reversed() {
      var upper = r.upperBound
      while next < movedOut.count, movedOut[next] >= r.lowerBound {
        let position = movedOut[next]
        next += 1
        guard position < upper else { continue }
        delete((position + 1)..<upper)
        if let tag = removeForMove(at: position, newTag: nextTag) {
          if tag == nextTag { nextTag += 1 }
          tags[later.movedOut[position]!] = tag
        }
        upper = position
      }
      delete(r.lowerBound..<upper)
    }
  }

  /// Applies the insertions of `later`, its moved-in positions tagged as
  /// `tags` maps `later`'s tags to `self`'s (unmapped: plain insertions).
  mutating func appendInsertions(of later: _IndexChanges, tags: [Int: Int]) {
    let movedIn = later.movedIn
    var next = 0
    for r in later.inserted {
      var lower = r.lowerBound
      while next < movedIn.count, movedIn[next].position < r.upperBound {
        let moved = movedIn[next]
        next += 1
        insert(moved.position - lower, at: lower)
        insertMoved(at: moved.position, tag: tags[moved.tag])
        lower = moved.position + 1
      }
      insert(r.upperBound - lower, at: lower)
    }
  }

  /// Turns the moves within this item that end where they started among
  /// the subitems that stayed back into no change, so that an item whose
  /// position other edits restore is not reported as moved.
  ///
  /// A move can be undone when the item has as many kept subitems before it
  /// in the new order as in the old: it sits between the same two kept
  /// subitems, its *gap*. Undoing it makes it kept, which splits the gap;
  /// the moves of other gaps are unaffected. Taken in new order, the first
  /// move of a gap is undone, and each later one of the same gap is undone
  /// when it also comes after the last undone one in the old order (it then
  /// sits in the gap's part after it on both sides; one before it in the
  /// old order never will). That is what undoing any qualifying move, one
  /// at a time and the first in new order each time, comes to.
  ///
  /// - Complexity: O((*m* + *r*) log *r*) for *m* tagged positions and *r*
  ///   ranges.
  mutating func restoringMovesInPlace() {
    guard !movedOut.isEmpty, hasMovedIn else { return }
    #if TREE_INDEX_INTERNAL_CHECKS
    var scanned = self
    scanned._restoringMovesInPlaceByScanning()
    defer {
      precondition(
        self.deleted == scanned.deleted && self.inserted == scanned.inserted && movedOut == scanned.movedOut
          && self.movedIn == scanned.movedIn,
        "undoing moves in place disagrees with the one-at-a-time scan")
    }
    #endif
    let deleted = self.deleted
    let inserted = self.inserted
    let movedIn = self.movedIn
    var sourceOfTag: [Int: Int] = [:]
    for (position, tag) in movedOut { sourceOfTag[tag] = position }
    let keptBeforeOld = _KeptCounter(removed: deleted)
    let keptBeforeNew = _KeptCounter(removed: inserted)
    // The old position of the last move undone in each gap, by the number
    // of kept subitems before the gap.
    var lastUndone: [Int: Int] = [:]
    var undoneOld: [Int] = []
    var undoneNew: Set<Int> = []
    for moved in movedIn {  // in new order
      guard let old = sourceOfTag[moved.tag] else { continue }
      let gap = keptBeforeOld.kept(before: old)
      guard gap == keptBeforeNew.kept(before: moved.position) else { continue }
      if let last = lastUndone[gap], old < last { continue }
      lastUndone[gap] = old
      undoneOld.append(old)
      undoneNew.insert(moved.position)
    }
    guard !undoneOld.isEmpty else { return }
    undoneOld.sort()
    for old in undoneOld { movedOut[old] = nil }
    self = _IndexChanges(
      deleted: Self.removing(undoneOld, from: deleted), inserted: Self.removing(undoneNew.sorted(), from: inserted),
      movedOut: movedOut, movedIn: movedIn.filter { !undoneNew.contains($0.position) })
  }

  #if TREE_INDEX_INTERNAL_CHECKS
  /// ``restoringMovesInPlace()`` the plain way, one move at a time, the
  /// first qualifying in new order each time: O(*m*² (*r* + *m*)). The
  /// internal checks compare the two.
  mutating func _restoringMovesInPlaceByScanning() {
    var deleted = self.deleted
    var inserted = self.inserted
    var movedIn = self.movedIn
    var sourceOfTag: [Int: Int] = [:]
    for (position, tag) in movedOut { sourceOfTag[tag] = position }
    var restoredAny = false
    var restored = true
    while restored {
      restored = false
      for moved in movedIn {
        guard let old = sourceOfTag[moved.tag] else { continue }
        guard
          old - _KeptCounter(removed: deleted).removed(before: old)
            == moved.position - _KeptCounter(removed: inserted).removed(before: moved.position)
        else { continue }
        deleted = Self.removing([old], from: deleted)
        inserted = Self.removing([moved.position], from: inserted)
        movedOut[old] = nil
        sourceOfTag[moved.tag] = nil
        movedIn.removeAll { $0.position == moved.position }
        restored = true
        restoredAny = true
        break
      }
    }
    if restoredAny {
      self = _IndexChanges(deleted: deleted, inserted: inserted, movedOut: movedOut, movedIn: movedIn)
    }
  }
  #endif

  /// `ranges` without the `positions` (sorted), each split where a position
  /// was.
  ///
  /// - Complexity: O(*r* + *k*) for *r* ranges and *k* positions.
  private static func removing(_ positions: [Int], from ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var next = 0
    for r in ranges {
      var lower = r.lowerBound
      while next < positions.count && positions[next] < r.upperBound {
        let position = positions[next]
        next += 1
        guard position >= lower else { continue }
        if lower < position { result.append(lower..<position) }
        lower = position + 1
      }
      if lower < r.upperBound { result.append(lower..<r.upperBound) }
    }
    return result
  }

  // MARK: Mapping positions

  /// Maps a surviving old position to its new position, or `nil` when it
  /// was deleted.
  ///
  /// - Complexity: O(log *r*).
  func newPosition(ofOld index: Int) -> Int? {
    guard let (node, before) = runs.find(index, by: _OldPositions.self, in: root) else {
      let total = runs.total(root)
      return index - total.old + total.new
    }
    guard runs[node].kind == .kept else { return nil }
    return before.new + (index - before.old)
  }

  /// Maps a new position to the old position it survives from, or `nil`
  /// when it was inserted during the batch.
  ///
  /// - Complexity: O(log *r*).
  func oldPosition(ofNew index: Int) -> Int? {
    let (kind, _, old) = run(atNew: index)
    return kind == .kept ? old : nil
  }

  /// Whether a new position was inserted during the batch.
  ///
  /// - Complexity: O(log *r*).
  func isInserted(_ index: Int) -> Bool {
    run(atNew: index).kind != .kept
  }

  static func normalized(_ ranges: [Range<Int>]) -> [Range<Int>] {
    if ranges.count < 2 { return ranges.first?.isEmpty == true ? [] : ranges }  // nothing to sort or merge
    let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
    var result: [Range<Int>] = []
    for r in sorted {
      if let last = result.last, r.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<Swift.max(last.upperBound, r.upperBound)
      } else {
        result.append(r)
      }
    }
    return result
  }
}

/// One run of an item's subitem positions in a batch's ``_IndexChanges``.
struct _IndexRun: SelfSummarizingTreeElement {
  enum Kind: UInt8, Sendable {
    /// Positions there before and after the batch (old and new).
    case kept
    /// Old positions deleted during the batch.
    case deleted
    /// New positions inserted during the batch.
    case inserted
    /// One new position that holds a subitem moved in, tagged ``tag``.
    case movedIn
  }

  var kind: Kind
  /// The number of positions: 1 for ``Kind/movedIn``.
  var count: Int
  /// The move tag of a ``Kind/movedIn`` position.
  var tag = 0

  init(_ kind: Kind, _ count: Int) {
    self.kind = kind
    self.count = count
  }

  init(movedInWithTag tag: Int) {
    kind = .movedIn
    count = 1
    self.tag = tag
  }

  typealias Summary = _IndexSummary

  var summary: _IndexSummary {
    switch kind {
    case .kept: _IndexSummary(old: count, new: count, kept: count, movedIn: 0)
    case .deleted: _IndexSummary(old: count, new: 0, kept: 0, movedIn: 0)
    case .inserted: _IndexSummary(old: 0, new: count, kept: 0, movedIn: 0)
    case .movedIn: _IndexSummary(old: 0, new: 1, kept: 0, movedIn: 1)
    }
  }
}

/// What a run of ``_IndexRun``s sums up to.
struct _IndexSummary: TreeSummary {
  /// The old positions: survivors and deleted ones.
  var old: Int
  /// The new positions: survivors and inserted ones.
  var new: Int
  /// The surviving positions.
  var kept: Int
  /// The moved-in positions.
  var movedIn: Int

  static var zero: _IndexSummary { _IndexSummary(old: 0, new: 0, kept: 0, movedIn: 0) }

  static func + (lhs: _IndexSummary, rhs: _IndexSummary) -> _IndexSummary {
    _IndexSummary(
      old: lhs.old + rhs.old, new: lhs.new + rhs.new, kept: lhs.kept + rhs.kept, movedIn: lhs.movedIn + rhs.movedIn)
  }
}

/// Old positions along a rope of ``_IndexRun``s.
enum _OldPositions: TreeMetric {
  static func measure(_ summary: _IndexSummary) -> Int { summary.old }
}

/// New positions along a rope of ``_IndexRun``s.
enum _NewPositions: TreeMetric {
  static func measure(_ summary: _IndexSummary) -> Int { summary.new }
}

/// How many positions of sorted, disjoint ranges lie below a position, and
/// so how many of the others do: by binary search over the ranges' starts.
struct _KeptCounter {
  /// The ranges, ascending.
  let ranges: [Range<Int>]
  /// The positions of the ranges before each range.
  let removedBefore: [Int]

  /// - Complexity: O(*r*) for *r* ranges.
  init(removed ranges: [Range<Int>]) {
    self.ranges = ranges
    var sums: [Int] = []
    sums.reserveCapacity(ranges.count)
    var sum = 0
    for r in ranges {
      sums.append(sum)
      sum += r.count
    }
    removedBefore = sums
  }

  /// The positions of the ranges below `position`.
  ///
  /// - Complexity: O(log *r*).
  func removed(before position: Int) -> Int {
    // The number of ranges that start below `position`.
    var low = 0
    var high = ranges.count
    while low < high {
      let middle = (low + high) / 2
      if ranges[middle].lowerBound < position { low = middle + 1 } else { high = middle }
    }
    guard low > 0 else { return 0 }
    let last = ranges[low - 1]
    return removedBefore[low - 1] + (Swift.min(last.upperBound, position) - last.lowerBound)
  }

  /// The positions below `position` that are in none of the ranges.
  ///
  /// - Complexity: O(log *r*).
  func kept(before position: Int) -> Int { position - removed(before: position) }
}
