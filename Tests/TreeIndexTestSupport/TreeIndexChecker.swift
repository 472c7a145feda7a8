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

  private enum Slot: Equatable {
    case old(Int)
    case placeholder
  }

  /// Returns the problems of `changes` as the change from `old` to `new`,
  /// without recording. `moved` holds the identities moved by `moveItem`
  /// during the change (each moved item and everything beneath it).
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
    expect(changes.isEmpty == !anything, "isEmpty is \(changes.isEmpty)")
    if layout == .flat {
      expect(changes.deletedSections.isEmpty, "a .flat change deletes sections \(Array(changes.deletedSections))")
      expect(
        changes.insertedSections.isEmpty, "a .flat change inserts sections \(Array(changes.insertedSections))")
    }
    for s in changes.deletedSections {
      expect(s >= 0 && s < oldRows.count, "deleted section \(s) is not an old section (\(oldRows.count))")
    }
    for s in changes.insertedSections {
      expect(s >= 0 && s < newRows.count, "inserted section \(s) is not a new section (\(newRows.count))")
    }
    func checkRanges(
      _ ranges: [TreeChanges.RowRange], _ name: String, _ sections: [[ReferenceTree.Row]], _ excluded: IndexSet
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
        expectRange(
          !excluded.contains(range.section),
          "\(name)[\(i)] \(range) lists rows of a section that is itself \(name.hasPrefix("deleted") ? "deleted" : "inserted")"
        )
        if i > 0 {
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
    func spelledOut(_ ranges: [TreeChanges.RowRange]) -> [IndexPath] {
      ranges.flatMap { range in range.rows.map { IndexPath(indexes: [range.section, $0]) } }
    }
    expect(changes.deletedRows == spelledOut(changes.deletedRowRanges), "deletedRows are not the ranges spelled out")
    expect(
      changes.insertedRows == spelledOut(changes.insertedRowRanges), "insertedRows are not the ranges spelled out")
    let sectionsFine = problems.isEmpty
    guard deletedFine && insertedFine && sectionsFine else { return problems }

    // Replay on the old rows.
    let oldRoots = old.rootIdentities
    let newRoots = new.rootIdentities
    // Each section: the root identity in .sectioned (-1 in .flat; nil for an
    // inserted section) and its rows.
    var replay: [(root: Int?, rows: [Slot])] = oldRows.enumerated().map { s, rows in
      (layout == .sectioned ? oldRoots[s] : -1, rows.map { .old($0.identity) })
    }
    var removed = Set<Int>()
    for s in changes.deletedSections {
      for row in oldRows[s] { removed.insert(row.identity) }
    }
    var deletedBySection: [Int: [Int]] = [:]
    for range in changes.deletedRowRanges { deletedBySection[range.section, default: []] += Array(range.rows) }
    for (s, rows) in deletedBySection {
      for r in rows.reversed() {
        removed.insert(oldRows[s][r].identity)
        replay[s].rows.remove(at: r)
      }
    }
    for s in changes.deletedSections.reversed() { replay.remove(at: s) }
    for s in changes.insertedSections {
      guard s <= replay.count else {
        problems.append("inserted section \(s) lies past the \(replay.count) sections left")
        return problems
      }
      replay.insert((nil, []), at: s)
    }
    for range in changes.insertedRowRanges {
      guard range.section < replay.count else {
        problems.append("inserted rows \(range) lie in a section that does not exist after replay")
        return problems
      }
      for r in range.rows {
        guard r <= replay[range.section].rows.count else {
          problems.append("inserted row \(r) of \(range) lies past the rows of its section after replay")
          return problems
        }
        replay[range.section].rows.insert(.placeholder, at: r)
      }
    }

    // The replay gives the new rows.
    expect(replay.count == newRows.count, "replay gives \(replay.count) sections, not \(newRows.count)")
    var inserted = Set<Int>()
    for s in 0..<min(replay.count, newRows.count) {
      if layout == .sectioned, let root = replay[s].root {
        expect(
          root == newRoots[s],
          "after replay section \(s) is the old section of item #\(root), not of #\(newRoots[s])")
      }
      let got = replay[s].rows
      let want = newRows[s]
      if replay[s].root == nil {
        // An inserted section: its rows are new and not listed.
        expect(got.isEmpty, "inserted section \(s) has \(got.count) rows listed as inserted")
        for row in want { inserted.insert(row.identity) }
        continue
      }
      expect(
        got.count == want.count, "after replay section \(s) has \(got.count) rows, not \(want.count)")
      for r in 0..<min(got.count, want.count) {
        switch got[r] {
        case .placeholder:
          inserted.insert(want[r].identity)
        case .old(let identity):
          expect(
            identity == want[r].identity,
            "after replay row [\(s), \(r)] is #\(identity), not #\(want[r].identity) at \(want[r].treePath)")
        }
      }
    }

    // Minimality: a row that persists, did not move and kept its section is
    // in neither list.
    if !removed.isEmpty || !inserted.isEmpty {
      let oldIdentities = Set(oldRows.joined().map(\.identity))
      let newIdentities = Set(newRows.joined().map(\.identity))
      func now(_ identity: Int) -> String { new.treePath(ofIdentity: identity).map { "\($0)" } ?? "?" }
      for identity in removed.sorted() where newIdentities.contains(identity) && !moved.contains(identity) {
        problems.append("row #\(identity) (now \(now(identity))) persists and did not move, but is deleted")
      }
      for identity in inserted.sorted() where oldIdentities.contains(identity) && !moved.contains(identity) {
        problems.append("row #\(identity) (now \(now(identity))) persists and did not move, but is inserted")
      }
    }
    if layout == .sectioned {
      let persistingRoots = Set(oldRoots).intersection(newRoots).subtracting(moved)
      for (s, root) in oldRoots.enumerated() where persistingRoots.contains(root) {
        expect(
          !changes.deletedSections.contains(s), "section \(s) (item #\(root)) persists and did not move, but is deleted")
      }
      for (s, root) in newRoots.enumerated() where persistingRoots.contains(root) {
        expect(
          !changes.insertedSections.contains(s),
          "section \(s) (item #\(root)) persists and did not move, but is inserted")
      }
    }
    return problems
  }

  /// Checks that `changes` has the required form (ascending, non-empty,
  /// merged ranges; nothing listed inside deleted or inserted sections; the
  /// spelled-out rows equal the ranges), that replaying it on the rows of
  /// `old` gives the rows of `new`, and that it is minimal: rows that persist
  /// and did not move are in neither list.
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
