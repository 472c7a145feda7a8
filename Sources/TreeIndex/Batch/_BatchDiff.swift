import Foundation

/// Works out one change set between the index before a batch and after it,
/// from what the batch recorded.
///
/// It walks the two trees side by side, starting at the root, and only
/// where something changed. For an item whose subitems are shown both
/// before and after, the recorded ``_IndexChanges`` tell which subitems were
/// deleted (their rows go), which were inserted (their rows come) and how
/// the others map; a surviving subitem is compared in turn if anything
/// changed beneath it. An item shown only before (or only after) deletes
/// (or inserts) all its rows as one range.
///
/// Moves: first each side is walked on its own, through the items with a
/// move's end beneath them, for the visible ends of the recorded moves (a
/// moved subitem's old position and its new one carry the same tag). A tag visible on both sides is a moved item: its rows before
/// and after are one provisional span each, and its subtree is compared like
/// a persisting item's. Spans nest as subtrees do, so in the end each row
/// belongs to the innermost span that holds it: a deletion (or insertion),
/// a move, or none (a row that stays). A move's rows that stay inside it
/// are paired in order into ``TreeChanges/RowRangeMove``s.
struct _BatchDiff {
  let old: _PastArena
  let new: _Arena
  let recorder: _BatchRecorder
  let isSectioned: Bool
  var changes = _TreeChangesBuilder()

  /// The recorded changes per item, with moves that end where they began
  /// turned back into no change.
  private var subitemChanges: [_NodeID: _IndexChanges]
  /// `.sectioned`: the deleted and inserted sections (root positions).
  private var deletedSections = IndexSet()
  private var insertedSections = IndexSet()
  /// `.sectioned`: root items moved among root items.
  private var sectionMoves: [(from: Int, to: Int)] = []
  /// The visible ends of moves, by tag: before (sources) and after.
  private var sources: [Int: End] = [:]
  private var destinations: [Int: End] = [:]
  /// Provisional spans of rows before (old) and after (new) the batch.
  private var oldSpans: [Span] = []
  private var newSpans: [Span] = []
  /// The sections (old, new) of each moved item, by move number.
  private var moveSections: [(old: Int, new: Int)] = []

  /// Where a moved item is drawn on one side: section, row, node.
  private struct End {
    var section: Int
    var row: Int
    var node: _NodeID
  }

  /// Rows that are deleted (old side) or inserted (new side) when `move` is
  /// `nil`, or that belong to move `move`, unless a span inside says else.
  private struct Span {
    var section: Int
    var rows: Range<Int>
    var move: Int?
  }

  init(old: _PastArena, new: _Arena, recorder: _BatchRecorder, isSectioned: Bool) {
    self.old = old
    self.new = new
    self.recorder = recorder
    self.isSectioned = isSectioned
    var all = recorder.subitemChanges
    for (item, changes) in recorder.subitemChanges where !changes.movedOut.isEmpty && changes.hasMovedIn {
      var restored = changes
      restored.restoringMovesInPlace()
      all[item] = restored
    }
    subitemChanges = all
  }

  private func changes(of item: _NodeID) -> _IndexChanges { subitemChanges[item] ?? _IndexChanges() }

  /// Works out the whole change set.
  mutating func run() -> TreeChanges {
    if isSectioned { prepareSections() }
    if recorder.nextMoveTag > 0 {  // else the batch tagged no move
      registerEnds()
    }
    if isSectioned {
      compareSections()
    } else {
      compareSubitems(of: _Arena.root, oldFirstRow: 0, newFirstRow: 0, oldSection: 0, newSection: 0)
    }
    compareMovedItems()
    resolveSpans()
    return changes.build()
  }

  // MARK: Sections

  /// Splits the root's recorded changes into deleted, inserted and moved
  /// sections.
  private mutating func prepareSections() {
    let rootChanges = changes(of: _Arena.root)
    var sourceOfTag: [Int: Int] = [:]
    for (position, tag) in rootChanges.movedOut { sourceOfTag[tag] = position }
    for moved in rootChanges.movedIn {
      if let from = sourceOfTag[moved.tag] { sectionMoves.append((from, moved.position)) }
    }
    for r in rootChanges.deleted { deletedSections.insert(integersIn: r) }
    for r in rootChanges.inserted { insertedSections.insert(integersIn: r) }
    for move in sectionMoves {
      deletedSections.remove(move.from)
      insertedSections.remove(move.to)
    }
  }

  /// Compares the sections of the `.sectioned` layout and the rows of the
  /// sections that persist or move.
  private mutating func compareSections() {
    for s in deletedSections { changes.deleteSection(s) }
    for s in insertedSections { changes.insertSection(s) }
    for move in sectionMoves {
      changes.moveSection(from: move.from, to: move.to)
      compareItem(
        old: old.subitem(of: _Arena.root, at: move.from).node, new: new.subitem(of: _Arena.root, at: move.to).node,
        oldFirstRow: 0, newFirstRow: 0, oldSection: move.from, newSection: move.to)
    }
    for pair in survivingKnownSubitems(of: _Arena.root, changes(of: _Arena.root)) {
      compareItem(
        old: pair.old, new: pair.new, oldFirstRow: 0, newFirstRow: 0,
        oldSection: pair.oldIndex, newSection: pair.newIndex)
    }
  }

  // MARK: The ends of moves

  /// The expanded subitems of `item` on one side of the batch (`arena`)
  /// that have the end of a move beneath them: their index, node and row
  /// offset among the rows beneath `item`. Only the subitems the batch
  /// changed are looked at, so the cost follows the edits.
  private func expandedSubitemsWithMoves(
    of item: _NodeID, in arena: some _ArenaReading
  ) -> [(index: Int, node: _NodeID, rowOffset: Int)] {
    var subitems: [(index: Int, node: _NodeID, rowOffset: Int)] = []
    for node in recorder.changedChildren[item] ?? [] where recorder.movesBeneath.contains(node) {
      guard let position = arena.position(ofKnown: node, under: item), arena.isExpanded(node) else { continue }
      subitems.append((position.index, node, position.rowOffset))
    }
    return subitems
  }

  /// Registers the visible ends of moves on both sides: the old ends
  /// (sources) and the new ends (destinations).
  private mutating func registerEnds() {
    var ends: [Int: End] = [:]
    addVisibleEnds(of: _Arena.root, firstRow: 0, section: 0, in: old, hiddenSections: deletedSections, into: &ends) {
      $0.movedOut.map { (position: $0.key, tag: $0.value) }
    }
    sources = ends
    ends = [:]
    addVisibleEnds(of: _Arena.root, firstRow: 0, section: 0, in: new, hiddenSections: insertedSections, into: &ends) {
      $0.movedIn.map { (position: $0.position, tag: $0.tag) }
    }
    destinations = ends
  }

  /// Adds to `found`, by tag, the visible ends of moves beneath `item` on
  /// one side of the batch (`arena`), where the subitems of `item` are
  /// visible (their rows start at `firstRow`).
  ///
  /// - Parameters:
  ///   - hiddenSections: `.sectioned`: the sections that side does not
  ///     show (the deleted ones before, the inserted ones after).
  ///   - movedEnds: The subitems of an item that are ends of moves on that
  ///     side, from its recorded changes: their positions and tags.
  private func addVisibleEnds(
    of item: _NodeID, firstRow: Int, section: Int, in arena: some _ArenaReading, hiddenSections: IndexSet,
    into found: inout [Int: End], _ movedEnds: (_IndexChanges) -> [(position: Int, tag: Int)]
  ) {
    let atSections = isSectioned && item == _Arena.root
    if !atSections {
      for end in movedEnds(changes(of: item)) {
        let (node, offset) = arena.subitem(of: item, at: end.position)
        found[end.tag] = End(section: section, row: firstRow + offset, node: node)
      }
    }
    for subitem in expandedSubitemsWithMoves(of: item, in: arena) {
      if atSections {
        if !hiddenSections.contains(subitem.index) {
          addVisibleEnds(
            of: subitem.node, firstRow: 0, section: subitem.index, in: arena, hiddenSections: hiddenSections,
            into: &found, movedEnds)
        }
      } else {
        addVisibleEnds(
          of: subitem.node, firstRow: firstRow + subitem.rowOffset + 1, section: section, in: arena,
          hiddenSections: hiddenSections, into: &found, movedEnds)
      }
    }
  }

  /// Whether a move tag has a visible end on both sides.
  private func isPaired(_ tag: Int) -> Bool { sources[tag] != nil && destinations[tag] != nil }

  /// Gives each move visible on both sides its spans and compares the moved
  /// item's subtree before and after.
  private mutating func compareMovedItems() {
    for tag in sources.keys.sorted() {
      guard let from = sources[tag], let to = destinations[tag] else { continue }
      let move = moveSections.count
      moveSections.append((from.section, to.section))
      let oldCount = 1 + (from.node == .null ? 0 : old.visibleRowsBeneath(from.node))
      let newCount = 1 + (to.node == .null ? 0 : new.visibleRowsBeneath(to.node))
      oldSpans.append(Span(section: from.section, rows: from.row..<(from.row + oldCount), move: move))
      newSpans.append(Span(section: to.section, rows: to.row..<(to.row + newCount), move: move))
      compareItem(
        old: from.node, new: to.node, oldFirstRow: from.row + 1, newFirstRow: to.row + 1,
        oldSection: from.section, newSection: to.section)
    }
  }

  // MARK: Walking

  /// Compares an item that persists (its own row, if any, is neither
  /// deleted nor inserted); `oldFirstRow`/`newFirstRow` are where the rows
  /// beneath it start.
  private mutating func compareItem(
    old oldItem: _NodeID, new newItem: _NodeID, oldFirstRow: Int, newFirstRow: Int,
    oldSection: Int, newSection: Int
  ) {
    let oldShows = oldItem != .null && old.isExpanded(oldItem)
    let newShows = newItem != .null && new.isExpanded(newItem)
    if oldShows && newShows && oldItem == newItem {
      guard recorder.changed.contains(newItem) else { return }
      compareSubitems(
        of: newItem, oldFirstRow: oldFirstRow, newFirstRow: newFirstRow,
        oldSection: oldSection, newSection: newSection)
      return
    }
    if oldShows {
      oldSpans.append(Span(section: oldSection, rows: oldFirstRow..<(oldFirstRow + old.rowsBeneath(oldItem))))
    }
    if newShows {
      newSpans.append(Span(section: newSection, rows: newFirstRow..<(newFirstRow + new.rowsBeneath(newItem))))
    }
  }

  /// Compares the rows beneath an item that persists and shows its subitems
  /// both before and after.
  private mutating func compareSubitems(
    of item: _NodeID, oldFirstRow: Int, newFirstRow: Int, oldSection: Int, newSection: Int
  ) {
    let subitemChanges = changes(of: item)
    // Deleted runs, less the subitems moved to a visible place.
    let movedOut = subitemChanges.movedOut.filter { isPaired($0.value) }.keys.sorted()
    Self.forEachPiece(of: subitemChanges.deleted, cutAt: movedOut) { piece in
      addOldRun(of: item, piece, firstRow: oldFirstRow, section: oldSection)
    }
    // Inserted runs, less the subitems moved from a visible place.
    let movedIn = subitemChanges.movedIn.filter { isPaired($0.tag) }.map(\.position)
    Self.forEachPiece(of: subitemChanges.inserted, cutAt: movedIn) { piece in
      addNewRun(of: item, piece, firstRow: newFirstRow, section: newSection)
    }
    for pair in survivingKnownSubitems(of: item, subitemChanges) {
      compareItem(
        old: pair.old, new: pair.new,
        oldFirstRow: oldFirstRow + pair.oldRowOffset + 1, newFirstRow: newFirstRow + pair.newRowOffset + 1,
        oldSection: oldSection, newSection: newSection)
    }
  }

  /// Calls `body` with the pieces of each of `runs` (in increasing order)
  /// that are left once the positions `cuts` (sorted) are taken out; a piece
  /// may be empty.
  private static func forEachPiece(of runs: [Range<Int>], cutAt cuts: [Int], _ body: (Range<Int>) -> Void) {
    var next = 0
    for r in runs {
      var lower = r.lowerBound
      while next < cuts.count, cuts[next] < r.upperBound {
        body(lower..<cuts[next])
        lower = cuts[next] + 1
        next += 1
      }
      body(lower..<r.upperBound)
    }
  }

  /// Adds the rows of the old subitems `run` of `item` as deleted.
  private mutating func addOldRun(of item: _NodeID, _ run: Range<Int>, firstRow: Int, section: Int) {
    guard !run.isEmpty else { return }
    let lower = old.subitem(of: item, at: run.lowerBound).rowOffset
    let upper = old.subitem(of: item, at: run.upperBound).rowOffset
    oldSpans.append(Span(section: section, rows: (firstRow + lower)..<(firstRow + upper)))
  }

  /// Adds the rows of the new subitems `run` of `item` as inserted.
  private mutating func addNewRun(of item: _NodeID, _ run: Range<Int>, firstRow: Int, section: Int) {
    guard !run.isEmpty else { return }
    let lower = new.subitem(of: item, at: run.lowerBound).rowOffset
    let upper = new.subitem(of: item, at: run.upperBound).rowOffset
    newSpans.append(Span(section: section, rows: (firstRow + lower)..<(firstRow + upper)))
  }

  /// The subitems of a persisting item that survive the batch, are known
  /// before or after (`.null` on the side where they are not) and had
  /// something change at or beneath them, with their positions and row
  /// offsets on each side, in order. A known subitem with no change at or
  /// beneath it shows the same rows before and after, so it is left out.
  ///
  /// - Complexity: O(*c* (log *b* + log *r*)) for *c* changed subitems and
  ///   *r* changed ranges of subitems.
  private func survivingKnownSubitems(of item: _NodeID, _ subitemChanges: _IndexChanges) -> [SurvivingPair] {
    var pairs: [SurvivingPair] = []
    for node in recorder.changedChildren[item] ?? [] {
      let before = old.position(ofKnown: node, under: item)
      let after = new.position(ofKnown: node, under: item)
      if let before, let newIndex = subitemChanges.newPosition(ofOld: before.index) {
        // Known before and survives in place: the same node after, or an
        // unknown subitem if its state was discarded.
        let same = after?.index == newIndex
        pairs.append(
          SurvivingPair(
            oldIndex: before.index, newIndex: newIndex, old: node, new: same ? node : .null,
            oldRowOffset: before.rowOffset,
            newRowOffset: same ? after!.rowOffset : new.subitem(of: item, at: newIndex).rowOffset))
      } else if let after, before == nil, let oldIndex = subitemChanges.oldPosition(ofNew: after.index) {
        // Known only after: it was an unknown subitem before.
        pairs.append(
          SurvivingPair(
            oldIndex: oldIndex, newIndex: after.index, old: .null, new: node,
            oldRowOffset: old.subitem(of: item, at: oldIndex).rowOffset, newRowOffset: after.rowOffset))
      }
    }
    return pairs.sorted { $0.newIndex < $1.newIndex }
  }

  private struct SurvivingPair {
    var oldIndex: Int
    var newIndex: Int
    var old: _NodeID
    var new: _NodeID
    var oldRowOffset: Int
    var newRowOffset: Int
  }

  // MARK: Resolving spans

  /// Gives each row to the innermost span that holds it, and records the
  /// deletions, insertions and moves that come out.
  private mutating func resolveSpans() {
    var oldRuns = [[Range<Int>]](repeating: [], count: moveSections.count)
    var newRuns = oldRuns
    for (section, rows, move) in Self.innermostRuns(oldSpans) {
      if let move { oldRuns[move].append(rows) } else { changes.deleteRows(rows, inSection: section) }
    }
    for (section, rows, move) in Self.innermostRuns(newSpans) {
      if let move { newRuns[move].append(rows) } else { changes.insertRows(rows, inSection: section) }
    }
    for move in moveSections.indices {
      let sections = moveSections[move]
      let from = oldRuns[move]
      let to = newRuns[move]
      var i = 0
      var j = 0
      var fromLower = from.first?.lowerBound ?? 0
      var toLower = to.first?.lowerBound ?? 0
      while i < from.count && j < to.count {
        let count = Swift.min(from[i].upperBound - fromLower, to[j].upperBound - toLower)
        changes.moveRows(
          from: .init(section: sections.old, rows: fromLower..<(fromLower + count)),
          to: .init(section: sections.new, rows: toLower..<(toLower + count)))
        fromLower += count
        toLower += count
        if fromLower == from[i].upperBound {
          i += 1
          if i < from.count { fromLower = from[i].lowerBound }
        }
        if toLower == to[j].upperBound {
          j += 1
          if j < to.count { toLower = to[j].lowerBound }
        }
      }
      assert(i == from.count && j == to.count, "a moved item keeps as many rows before as after")
    }
  }

  /// Splits nested spans into runs, each given to the innermost span that
  /// holds it (at equal extents, a move is inside a deletion or insertion);
  /// rows in no span are left out.
  ///
  /// - Complexity: O(*k* log *k*) for *k* spans.
  private static func innermostRuns(_ spans: [Span]) -> [(section: Int, rows: Range<Int>, move: Int?)] {
    let sorted = spans.filter { !$0.rows.isEmpty }.sorted { a, b in
      if a.section != b.section { return a.section < b.section }
      if a.rows.lowerBound != b.rows.lowerBound { return a.rows.lowerBound < b.rows.lowerBound }
      if a.rows.upperBound != b.rows.upperBound { return a.rows.upperBound > b.rows.upperBound }
      return a.move == nil && b.move != nil
    }
    var result: [(section: Int, rows: Range<Int>, move: Int?)] = []
    var stack: [Span] = []
    var cursor = 0
    func emit(_ span: Span, upTo upper: Int) {
      if cursor < upper { result.append((span.section, cursor..<upper, span.move)) }
      cursor = Swift.max(cursor, upper)
    }
    for span in sorted {
      while let top = stack.last, top.section != span.section || top.rows.upperBound <= span.rows.lowerBound {
        emit(top, upTo: top.rows.upperBound)
        stack.removeLast()
      }
      if let top = stack.last {
        assert(span.rows.upperBound <= top.rows.upperBound, "spans nest as subtrees do")
        emit(top, upTo: span.rows.lowerBound)
      }
      cursor = span.rows.lowerBound
      stack.append(span)
    }
    while let top = stack.popLast() { emit(top, upTo: top.rows.upperBound) }
    return result
  }
}

extension TreeIndex {
  /// The change set from the state when the open batch began (read from the
  /// storage's journal) to `self`, given what the batch recorded.
  func _changes(recorded recorder: _BatchRecorder) -> TreeChanges {
    var diff = _BatchDiff(old: _PastArena(_arena), new: _arena, recorder: recorder, isSectioned: layout == .sectioned)
    return diff.run()
  }
}
