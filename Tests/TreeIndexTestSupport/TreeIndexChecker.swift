import Foundation
import Testing

/// Compares a `TreeIndex` with a `ReferenceTree`, and a returned
/// `TreeChanges` with the difference between two model states.
///
/// Each check collects every mismatch it finds and records them as one
/// Swift Testing issue whose comment starts with `context` (the tests put
/// the seed, the step number and the operation there, so a failing seed
/// names itself). Each returns `true` when everything matched, so a caller
/// can stop at the first failing step.
public enum TreeIndexChecker {
  /// The most mismatches listed in one issue.
  static let maximumListedMismatches = 12

  private static func report(
    _ mismatches: [String], _ context: () -> String, _ detail: () -> String, _ sourceLocation: SourceLocation
  ) -> Bool {
    guard !mismatches.isEmpty else { return true }
    var lines = [context()]
    lines += mismatches.prefix(maximumListedMismatches).map { "  - " + $0 }
    if mismatches.count > maximumListedMismatches {
      lines.append("  … and \(mismatches.count - maximumListedMismatches) more")
    }
    let extra = detail()
    if !extra.isEmpty { lines.append(extra) }
    Issue.record(Comment(rawValue: lines.joined(separator: "\n")), sourceLocation: sourceLocation)
    return false
  }

  private static func show<T>(_ value: T?) -> String {
    value.map { "\($0)" } ?? "nil"
  }

  // MARK: - Index against model

  /// The number of items, picked by the caller's salt, checked beyond the
  /// known ones (unknown and hidden items, paths next to them).
  static let sampleSize = 4

  /// Returns the mismatches between `index` and `model`, without recording.
  /// `salt` rotates the sample of unknown and hidden items and of paths that
  /// name nothing (the tests pass a counter).
  public static func mismatches(_ index: TreeIndex, _ model: ReferenceTree, salt: Int = 0) -> [String] {
    var problems: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { problems.append(message()) }
    }

    expect(index.layout == model.layout, "layout \(index.layout) != model \(model.layout)")
    let sections = model.visibleRows()
    expect(
      index.numberOfSections == sections.count,
      "numberOfSections \(index.numberOfSections) != model \(sections.count)")
    let total = sections.reduce(0) { $0 + $1.count }
    expect(index.numberOfRows == total, "numberOfRows \(index.numberOfRows) != model \(total)")
    for s in sections.indices {
      let rows = sections[s]
      let count = index.numberOfRows(inSection: s)
      expect(count == rows.count, "numberOfRows(inSection: \(s)) \(count) != model \(rows.count)")
    }
    for s in [-1, sections.count, sections.count + 1] {
      let count = index.numberOfRows(inSection: s)
      expect(count == 0, "numberOfRows(inSection: \(s)) of a missing section is \(count), not 0")
    }
    expect(
      index.numberOfSubitems(of: nil) == model.numberOfRootItems,
      "numberOfSubitems(of: nil) \(show(index.numberOfSubitems(of: nil))) != model \(model.numberOfRootItems)")

    // Every row, both ways.
    var global = 0
    for s in sections.indices {
      let rows = sections[s]
      for r in rows.indices {
        let path = rows[r].treePath
        let table = IndexPath(indexes: [s, r])
        let forRow = index.treePath(forRow: global)
        expect(forRow == path, "treePath(forRow: \(global)) \(show(forRow)) != model \(path)")
        let level = index.level(forRow: global)
        expect(level == path.depth - 1, "level(forRow: \(global)) \(show(level)) != model \(path.depth - 1)")
        let rowFor = index.row(for: path)
        expect(rowFor == global, "row(for: \(path)) \(show(rowFor)) != model \(global)")
        let tablePath = index.tableIndexPath(fromTreePath: path)
        expect(
          tablePath == table, "tableIndexPath(fromTreePath: \(path)) \(show(tablePath)) != model \(table)")
        let treePath = index.treeIndexPath(fromTablePath: table)
        expect(treePath == path, "treeIndexPath(fromTablePath: \(table)) \(show(treePath)) != model \(path)")
        global += 1
      }
    }

    // Rows and table paths that do not exist.
    for row in [-1, total, total + 1] {
      let path = index.treePath(forRow: row)
      expect(path == nil, "treePath(forRow: \(row)) of a missing row is \(show(path)), not nil")
      let level = index.level(forRow: row)
      expect(level == nil, "level(forRow: \(row)) of a missing row is \(show(level)), not nil")
    }
    var missingTablePaths: [IndexPath] = [
      IndexPath(indexes: [-1, 0]), IndexPath(indexes: [sections.count, 0]),
      IndexPath(indexes: [sections.count, -1]),
    ]
    for s in sections.indices {
      let rows = sections[s]
      missingTablePaths.append(IndexPath(indexes: [s, -1]))
      missingTablePaths.append(IndexPath(indexes: [s, rows.count]))
    }
    for table in missingTablePaths {
      let path = index.treeIndexPath(fromTablePath: table)
      expect(path == nil, "treeIndexPath(fromTablePath: \(table)) of a missing row is \(show(path)), not nil")
    }

    // Every item in the model, visible or not; and paths next to them that
    // name nothing.
    func expectNothing(at path: TreePath, _ why: String) {
      expect(!index.isExpanded(path), "isExpanded(\(path)) is true for \(why)")
      let count = index.numberOfSubitems(of: path)
      expect(count == nil, "numberOfSubitems(of: \(path)) is \(show(count)) for \(why), not nil")
      let table = index.tableIndexPath(fromTreePath: path)
      expect(table == nil, "tableIndexPath(fromTreePath: \(path)) is \(show(table)) for \(why), not nil")
      let row = index.row(for: path)
      expect(row == nil, "row(for: \(path)) is \(show(row)) for \(why), not nil")
    }
    expectNothing(at: [], "the empty path")
    expectNothing(at: [-1], "a negative index")
    expectNothing(at: [model.numberOfRootItems], "an index past the root items")
    // Every known item, and a sample of the others (unknown and hidden
    // items, paths next to items), rotated by `salt`.
    let items = model.allItems()
    var sample = Set<Int>()
    if !items.isEmpty {
      for k in 0..<sampleSize {
        sample.insert(Int((UInt(bitPattern: salt) &* 2_654_435_761 &+ UInt(k) &* 40_503) % UInt(items.count)))
      }
    }
    for i in items.indices {
      let item = items[i]
      let path = item.treePath
      let node = item.node
      let isRow = item.isVisible && !(model.layout == .sectioned && path.count == 1)
      let inSample = sample.contains(i)
      if node.isKnown || inSample {
        let expanded = index.isExpanded(path)
        expect(expanded == node.isExpanded, "isExpanded(\(path)) \(expanded) != model \(node.isExpanded)")
        let count = index.numberOfSubitems(of: path)
        expect(
          count == node.children?.count,
          "numberOfSubitems(of: \(path)) \(show(count)) != model \(show(node.children?.count))")
      }
      if !isRow && (inSample || path.count == 1) {
        let why = item.isVisible ? "a section item" : "a hidden item"
        let table = index.tableIndexPath(fromTreePath: path)
        expect(table == nil, "tableIndexPath(fromTreePath: \(path)) is \(show(table)) for \(why), not nil")
        let row = index.row(for: path)
        expect(row == nil, "row(for: \(path)) is \(show(row)) for \(why), not nil")
      }
      if inSample {
        if let children = node.children {
          expectNothing(at: path.appending((i &+ salt) % 2 == 0 ? children.count : -1), "an index out of range")
        } else {
          expectNothing(at: path.appending(0), "a subitem of an unknown item")
        }
      }
    }
    return problems
  }

  /// Checks every query of `index` against `model`: counts, every row both
  /// ways, every known item's expansion state and subitem count, every
  /// section item's lack of a row, and for a sample (rotated by `salt`) of
  /// unknown and hidden items and of paths, rows and table paths that name
  /// nothing, `nil` or `false`.
  @discardableResult
  public static func check(
    _ index: TreeIndex, matches model: ReferenceTree, salt: Int = 0,
    context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    report(
      mismatches(index, model, salt: salt), context,
      { "model: \(model)" }, sourceLocation)
  }

  // MARK: - Changes against two model states

  /// One section after ``replay(_:on:newRowCounts:)``: the old section it
  /// continues (`nil` for an inserted section) and its rows: the identity a
  /// row carries over from the old rows (a row that stayed or moved), or
  /// `nil` for an inserted row (every row of an inserted section).
  public struct ReplayedSection: Equatable, Sendable {
    public var oldSection: Int?
    public var rows: [Int?]
  }

  /// Applies `changes` to the rows of a table as `UITableView` does: first
  /// the deleted sections and rows and the sources of moved rows and
  /// sections (old coordinates) go, then the inserted sections and rows and
  /// the destinations of moves (new coordinates) come, and the rows and
  /// sections in no list keep their order in the places left.
  ///
  /// - Parameters:
  ///   - changes: The update; its form (ranges in bounds) is the caller's
  ///     to check first.
  ///   - oldRows: The identity each row shows, per section, before.
  ///   - newRowCounts: The number of rows of each section after.
  /// - Returns: The sections after.
  /// - Throws: ``ReferenceTree/ModelError`` naming what does not fit: a row
  ///   listed twice, rows or sections left over or missing.
  public static func replay(_ changes: TreeChanges, on oldRows: [[Int]], newRowCounts: [Int]) throws
    -> [ReplayedSection]
  {
    typealias Failure = ReferenceTree.ModelError
    // Old coordinates: what goes.
    var leaving = oldRows.map { Array(repeating: false, count: $0.count) }
    var arriving: [Int: [Int: Int]] = [:]  // new section -> new row -> identity
    func markLeaving(_ section: Int, _ row: Int, _ what: String) throws {
      guard section >= 0, section < oldRows.count, row >= 0, row < oldRows[section].count else {
        throw Failure("\(what) row [\(section), \(row)] is not an old row")
      }
      if leaving[section][row] { throw Failure("old row [\(section), \(row)] is deleted or moved twice") }
      leaving[section][row] = true
    }
    for range in changes.deletedRowRanges {
      for row in range.rows { try markLeaving(range.section, row, "deleted") }
    }
    for move in changes.movedRowRanges {
      guard move.from.rows.count == move.to.rows.count else {
        throw Failure("move \(move) has \(move.from.rows.count) rows before and \(move.to.rows.count) after")
      }
      for (from, to) in zip(move.from.rows, move.to.rows) {
        try markLeaving(move.from.section, from, "moved")
        if arriving[move.to.section, default: [:]][to] != nil {
          throw Failure("new row [\(move.to.section), \(to)] is the destination of two moves")
        }
        arriving[move.to.section, default: [:]][to] = oldRows[move.from.section][from]
      }
    }
    // Sections: which old section each new one continues.
    var movedFrom: [Int: Int] = [:]  // new section -> old section
    var movedAway = Set<Int>()
    for move in changes.movedSections {
      if movedFrom[move.to] != nil || movedAway.contains(move.from) {
        throw Failure("section move \(move) shares a section with another move")
      }
      movedFrom[move.to] = move.from
      movedAway.insert(move.from)
    }
    var staying = (0..<oldRows.count).filter { !changes.deletedSections.contains($0) && !movedAway.contains($0) }
      .makeIterator()
    var result: [ReplayedSection] = []
    for section in newRowCounts.indices {
      if changes.insertedSections.contains(section) {
        if movedFrom[section] != nil { throw Failure("section \(section) is both inserted and moved in") }
        result.append(ReplayedSection(oldSection: nil, rows: Array(repeating: nil, count: newRowCounts[section])))
        continue
      }
      guard let old = movedFrom[section] ?? staying.next() else {
        throw Failure("no old section is left for new section \(section)")
      }
      // New coordinates: what comes, then the rows that stay in order.
      var slots: [Int??] = Array(repeating: nil, count: newRowCounts[section])
      func place(_ row: Int, _ value: Int?, _ what: String) throws {
        guard row >= 0, row < slots.count else { throw Failure("\(what) row [\(section), \(row)] is not a new row") }
        if slots[row] != nil { throw Failure("new row [\(section), \(row)] is inserted or moved twice") }
        slots[row] = .some(value)
      }
      for range in changes.insertedRowRanges where range.section == section {
        for row in range.rows { try place(row, nil, "inserted") }
      }
      for (row, identity) in arriving[section] ?? [:] { try place(row, identity, "moved") }
      var stay = oldRows[old].indices.filter { !leaving[old][$0] }.map { oldRows[old][$0] }.makeIterator()
      for row in slots.indices where slots[row] == nil {
        guard let identity = stay.next() else {
          throw Failure("section \(section) (old \(old)) runs out of rows that stay at row \(row)")
        }
        slots[row] = .some(identity)
      }
      if stay.next() != nil {
        throw Failure("section \(section) (old \(old)) has rows that stay left over after its \(slots.count) rows")
      }
      result.append(ReplayedSection(oldSection: old, rows: slots.map { $0! }))
    }
    for (to, _) in arriving where !(to >= 0 && to < newRowCounts.count) || changes.insertedSections.contains(to) {
      throw Failure("rows move into section \(to), which is inserted or does not exist")
    }
    if let left = staying.next() { throw Failure("old section \(left) is left over after replay") }
    return result
  }

  /// Returns the problems of `changes` as the change from `old` to `new`,
  /// without recording. `moved` holds the identities moved by `moveItem`
  /// during the change (each moved item and everything beneath it): only
  /// those may be listed as moved.
  public static func changeMismatches(
    _ changes: TreeChanges, from old: ReferenceTree, to new: ReferenceTree, moved: Set<Int>
  ) -> [String] {
    var problems: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { problems.append(message()) }
    }
    let oldRows = old.visibleRows()
    let newRows = new.visibleRows()
    let layout = new.layout

    // Form.
    let anything =
      !changes.deletedSections.isEmpty || !changes.insertedSections.isEmpty
      || !changes.deletedRowRanges.isEmpty || !changes.insertedRowRanges.isEmpty
      || !changes.movedRowRanges.isEmpty || !changes.movedSections.isEmpty
    expect(changes.isEmpty == !anything, "isEmpty is \(changes.isEmpty)")
    if layout == .flat {
      expect(changes.deletedSections.isEmpty, "a .flat change deletes sections \(Array(changes.deletedSections))")
      expect(
        changes.insertedSections.isEmpty, "a .flat change inserts sections \(Array(changes.insertedSections))")
      expect(changes.movedSections.isEmpty, "a .flat change moves sections \(changes.movedSections)")
    }
    for s in changes.deletedSections {
      expect(s >= 0 && s < oldRows.count, "deleted section \(s) is not an old section (\(oldRows.count))")
    }
    for s in changes.insertedSections {
      expect(s >= 0 && s < newRows.count, "inserted section \(s) is not a new section (\(newRows.count))")
    }
    for (i, move) in changes.movedSections.enumerated() {
      expect(move.from >= 0 && move.from < oldRows.count, "moved section \(move) is not from an old section")
      expect(move.to >= 0 && move.to < newRows.count, "moved section \(move) is not to a new section")
      expect(!changes.deletedSections.contains(move.from), "moved section \(move) is also deleted")
      expect(!changes.insertedSections.contains(move.to), "moved section \(move) is also inserted")
      if i > 0 { expect(changes.movedSections[i - 1].from < move.from, "movedSections are not ascending by from") }
    }
    func checkRanges(
      _ ranges: [TreeChanges.RowRange], _ name: String, _ sections: [[ReferenceTree.Row]], _ excluded: IndexSet,
      ascending: Bool = true
    ) -> Bool {
      var fine = true
      func expectRange(_ condition: Bool, _ message: @autoclosure () -> String) {
        if !condition {
          problems.append(message())
          fine = false
        }
      }
      for (i, range) in ranges.enumerated() {
        expectRange(!range.rows.isEmpty, "\(name)[\(i)] \(range) is empty")
        expectRange(
          range.section >= 0 && range.section < sections.count,
          "\(name)[\(i)] \(range) is in a section that does not exist (\(sections.count))")
        if range.section >= 0 && range.section < sections.count {
          expectRange(
            range.rows.lowerBound >= 0 && range.rows.upperBound <= sections[range.section].count,
            "\(name)[\(i)] \(range) is out of the section's \(sections[range.section].count) rows")
        }
        let sectionChange = name.hasPrefix("deleted") || name.hasSuffix("from") ? "deleted" : "inserted"
        expectRange(
          !excluded.contains(range.section),
          "\(name)[\(i)] \(range) lists rows of a section that is itself \(sectionChange)")
        if i > 0 && ascending {
          let previous = ranges[i - 1]
          expectRange(
            previous.section < range.section
              || (previous.section == range.section && previous.rows.upperBound < range.rows.lowerBound),
            "\(name)[\(i - 1)] \(previous) and [\(i)] \(range) are not ascending, or touch or overlap")
        }
      }
      return fine
    }
    let deletedFine = checkRanges(changes.deletedRowRanges, "deletedRowRanges", oldRows, changes.deletedSections)
    let insertedFine = checkRanges(
      changes.insertedRowRanges, "insertedRowRanges", newRows, changes.insertedSections)
    let fromFine = checkRanges(
      changes.movedRowRanges.map(\.from), "movedRowRanges.from", oldRows, changes.deletedSections, ascending: false)
    let toFine = checkRanges(
      changes.movedRowRanges.map(\.to), "movedRowRanges.to", newRows, changes.insertedSections, ascending: false)
    for (i, move) in changes.movedRowRanges.enumerated() {
      expect(move.from.rows.count == move.to.rows.count, "movedRowRanges[\(i)] \(move) changes its number of rows")
      if i > 0 {
        let previous = changes.movedRowRanges[i - 1]
        expect(
          (previous.from.section, previous.from.rows.upperBound) <= (move.from.section, move.from.rows.lowerBound)
            && (previous.from.section, previous.from.rows.lowerBound) < (move.from.section, move.from.rows.lowerBound),
          "movedRowRanges[\(i - 1)] \(previous) and [\(i)] \(move) are not ascending by from, or overlap")
      }
    }
    func spelledOut(_ ranges: [TreeChanges.RowRange]) -> [IndexPath] {
      ranges.flatMap { range in range.rows.map { IndexPath(indexes: [range.section, $0]) } }
    }
    expect(changes.deletedRows == spelledOut(changes.deletedRowRanges), "deletedRows are not the ranges spelled out")
    expect(
      changes.insertedRows == spelledOut(changes.insertedRowRanges), "insertedRows are not the ranges spelled out")
    let movedRows = changes.movedRows
    expect(
      movedRows.map(\.from) == spelledOut(changes.movedRowRanges.map(\.from))
        && movedRows.map(\.to) == spelledOut(changes.movedRowRanges.map(\.to)),
      "movedRows are not the moves spelled out")
    let formFine = problems.isEmpty
    guard deletedFine && insertedFine && fromFine && toFine && formFine else { return problems }

    // Replay on the old rows.
    let oldRoots = old.rootIdentities
    let newRoots = new.rootIdentities
    let replayed: [ReplayedSection]
    do {
      replayed = try replay(
        changes, on: oldRows.map { $0.map(\.identity) }, newRowCounts: newRows.map(\.count))
    } catch {
      problems.append("replay: \(error)")
      return problems
    }

    // The replay gives the new rows.
    func now(_ identity: Int) -> String { new.treePath(ofIdentity: identity).map { "\($0)" } ?? "?" }
    var inserted = Set<Int>()
    for (s, section) in replayed.enumerated() {
      if layout == .sectioned, let oldSection = section.oldSection {
        expect(
          oldRoots[oldSection] == newRoots[s],
          "after replay section \(s) is the old section of item #\(oldRoots[oldSection]), not of #\(newRoots[s])")
      }
      // An inserted section's rows are new and not listed.
      guard section.oldSection != nil else { continue }
      for (r, identity) in section.rows.enumerated() {
        let want = newRows[s][r]
        if let identity {
          expect(
            identity == want.identity,
            "after replay row [\(s), \(r)] is #\(identity), not #\(want.identity) at \(want.treePath)")
        } else {
          inserted.insert(want.identity)
        }
      }
    }

    // An item that is a row before and after (outside deleted and inserted
    // sections) is never deleted nor inserted; only items moved by
    // `moveItem` are listed as moved; a root item before and after is never
    // a deleted or inserted section.
    var oldListed = Set<Int>()
    for (s, rows) in oldRows.enumerated() where !changes.deletedSections.contains(s) {
      oldListed.formUnion(rows.map(\.identity))
    }
    var newListed = Set<Int>()
    for (s, rows) in newRows.enumerated() where !changes.insertedSections.contains(s) {
      newListed.formUnion(rows.map(\.identity))
    }
    var deleted = Set<Int>()
    for range in changes.deletedRowRanges {
      for r in range.rows { deleted.insert(oldRows[range.section][r].identity) }
    }
    for identity in deleted.sorted() where newListed.contains(identity) {
      problems.append("row #\(identity) (now \(now(identity))) is a row before and after, but is deleted")
    }
    for identity in inserted.sorted() where oldListed.contains(identity) {
      problems.append("row #\(identity) (now \(now(identity))) is a row before and after, but is inserted")
    }
    for move in changes.movedRowRanges {
      for r in move.from.rows where !moved.contains(oldRows[move.from.section][r].identity) {
        let identity = oldRows[move.from.section][r].identity
        problems.append("row #\(identity) (now \(now(identity))) did not move, but is listed as moved")
      }
    }
    if layout == .sectioned {
      let persistingRoots = Set(oldRoots).intersection(newRoots)
      for (s, root) in oldRoots.enumerated() where persistingRoots.contains(root) {
        expect(!changes.deletedSections.contains(s), "section \(s) (item #\(root)) persists, but is deleted")
      }
      for (s, root) in newRoots.enumerated() where persistingRoots.contains(root) {
        expect(!changes.insertedSections.contains(s), "section \(s) (item #\(root)) persists, but is inserted")
      }
      for move in changes.movedSections where !moved.contains(oldRoots[move.from]) {
        problems.append("section \(move.from) (item #\(oldRoots[move.from])) did not move, but is listed as moved")
      }
    }
    return problems
  }

  /// Checks that `changes` has the required form (ascending, non-empty,
  /// merged ranges; nothing listed inside deleted or inserted sections; the
  /// spelled-out rows equal the ranges), that replaying it with UIKit's
  /// rules (``replay(_:on:newRowCounts:)``) on the rows of `old` gives the
  /// rows of `new`, that an item that is a row before and after is never
  /// deleted nor inserted (moved, or in no list), and that only items in
  /// `moved` are listed as moved.
  @discardableResult
  public static func check(
    _ changes: TreeChanges, from old: ReferenceTree, to new: ReferenceTree, moved: Set<Int>,
    context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    report(
      changeMismatches(changes, from: old, to: new, moved: moved), context,
      { "changes: \(changes)\nold model: \(old)\nnew model: \(new)" }, sourceLocation)
  }

  /// Records an issue unless `after == before` (an index left unchanged).
  @discardableResult
  public static func checkUnchanged(
    _ after: TreeIndex, _ before: TreeIndex, context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    report(
      after == before ? [] : ["the index changed although the call threw"], context, { "" }, sourceLocation)
  }
}
