import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Checks `new.changes(from: old, layout:)` against the contract, computed
/// naively from the two models.
enum ChangesChecker {
  /// The positions (in `values`) of the longest increasing subsequence of
  /// `values` whose positions are lexicographically first: the contract's
  /// tie rule, `values` being old sibling positions taken in new order.
  static func lexicographicallyFirstLIS(_ values: [Int]) -> [Int] {
    let n = values.count
    // longest[i]: the longest increasing subsequence that starts at i.
    var longest = Array(repeating: 1, count: n)
    for i in stride(from: n - 1, through: 0, by: -1) {
      for j in (i + 1)..<max(i + 1, n) where values[j] > values[i] { longest[i] = max(longest[i], longest[j] + 1) }
    }
    var result: [Int] = []
    var need = longest.max() ?? 0
    var start = 0
    while need > 0 {
      let i = (start..<n).first { i in
        longest[i] == need && (result.last.map { last in values[i] > values[last] } ?? true)
      }!
      result.append(i)
      start = i + 1
      need -= 1
    }
    return result
  }

  /// The length of a longest increasing subsequence.
  static func lisLength(_ values: [Int]) -> Int {
    var tails: [Int] = []
    for value in values {
      if let i = tails.firstIndex(where: { $0 >= value }) { tails[i] = value } else { tails.append(value) }
    }
    return tails.count
  }

  /// What the contract says of one pair.
  struct Expected {
    /// Items in both whose parent changed, or out of the LIS among their
    /// persisting siblings with an unchanged parent.
    var flagged = Set<Int>()
    /// Per parent (`nil`: root items), its persisting children with an
    /// unchanged parent, in new order.
    var stayingChildren: [Int?: [Int]] = [:]
  }

  static func expected(from old: ModelSnapshot, to new: ModelSnapshot) -> Expected {
    var result = Expected()
    for parent in [nil] + new.items.map(Optional.some) {
      let children = new.children(of: parent)
      var staying: [Int] = []
      for child in children where old.contains(child) {
        if old.parent(of: child) == parent { staying.append(child) } else { result.flagged.insert(child) }
      }
      guard !staying.isEmpty else { continue }
      result.stayingChildren[parent] = staying
      let oldSiblings = old.children(of: parent)
      let positions = staying.map { oldSiblings.firstIndex(of: $0)! }
      let kept = Set(lexicographicallyFirstLIS(positions))
      for (i, child) in staying.enumerated() where !kept.contains(i) { result.flagged.insert(child) }
    }
    return result
  }

  /// A host over rows the test sets before each update.
  final class Rows {
    var sections: [[Int]]
    init(_ sections: [[Int]]) { self.sections = sections }
  }

  /// Every problem of `changes` as the change from `old` to `new` in
  /// `layout`: UIKit's rules and the replay (`ListHostSimulator` and
  /// `TreeIndexChecker.replay`), then the contract's choice of what is
  /// moved, deleted, inserted and reloaded, row by row.
  static func mismatches(
    _ changes: TreeChanges, from old: ModelSnapshot, to new: ModelSnapshot, layout: TreeIndex.Layout
  ) -> [String] {
    var problems: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { problems.append(message()) }
    }
    let oldRows = old.rows(layout)
    let newRows = new.rows(layout)

    // UIKit's rules, and the rows the host shows after.
    let rows = Rows(oldRows)
    let host = ListHostSimulator(
      numberOfSections: { rows.sections.count }, numberOfRows: { rows.sections[$0].count },
      rowContent: { AnyHashable(rows.sections[$0[0]][$0[1]]) })
    host.reloadData()
    rows.sections = newRows
    // An empty update is no update: the host is not called (it rejects it).
    if changes.isEmpty {
      expect(oldRows == newRows, "the change set is empty, but the rows change")
    } else {
      host.apply(changes)
    }
    expect(host.violations.isEmpty, "ListHostSimulator: \(host.violations.map(\.description))")
    if host.violations.isEmpty && !changes.isEmpty {
      let shown = host.rows?.map { $0.map { $0.base as! Int } }
      expect(shown == newRows, "the host shows \(shown.map { "\($0)" } ?? "nil") after the update, not \(newRows)")
    }
    if layout == .flat {
      expect(
        changes.deletedSections.isEmpty && changes.insertedSections.isEmpty && changes.movedSections.isEmpty,
        "a .flat change set lists sections")
    }

    problems += formMismatches(changes)

    // Replay with identities.
    let replayed: [TreeIndexChecker.ReplayedSection]
    do {
      replayed = try TreeIndexChecker.replay(changes, on: oldRows, newRowCounts: newRows.map(\.count))
    } catch {
      problems.append("replay: \(error)")
      return problems
    }
    for (s, section) in replayed.enumerated() where section.oldSection != nil {
      for (r, identity) in section.rows.enumerated() where identity != nil && identity != newRows[s][r] {
        problems.append("after replay row [\(s), \(r)] is \(identity!), not \(newRows[s][r])")
      }
    }
    guard problems.isEmpty else { return problems }

    // Sections.
    let oldRoots = old.rootItems
    let newRoots = new.rootItems
    let want = expected(from: old, to: new)
    var deletedSections = IndexSet()
    var insertedSections = IndexSet()
    var movedSections: [TreeChanges.SectionMove] = []
    if layout == .sectioned {
      for (s, root) in oldRoots.enumerated() where !newRoots.contains(root) { deletedSections.insert(s) }
      for (s, root) in newRoots.enumerated() where !oldRoots.contains(root) { insertedSections.insert(s) }
      for (s, root) in oldRoots.enumerated() where newRoots.contains(root) && want.flagged.contains(root) {
        movedSections.append(.init(from: s, to: newRoots.firstIndex(of: root)!))
      }
      expect(
        changes.deletedSections == deletedSections,
        "deletedSections \(Array(changes.deletedSections)) != \(Array(deletedSections))")
      expect(
        changes.insertedSections == insertedSections,
        "insertedSections \(Array(changes.insertedSections)) != \(Array(insertedSections))")
      expect(changes.movedSections == movedSections, "movedSections \(changes.movedSections) != \(movedSections)")
    }

    // What the change set does to each item.
    func identities(_ ranges: [TreeChanges.RowRange], _ sections: [[Int]]) -> [Int] {
      ranges.flatMap { range in range.rows.map { sections[range.section][$0] } }
    }
    let deleted = identities(changes.deletedRowRanges, oldRows)
    let inserted = identities(changes.insertedRowRanges, newRows)
    let moved = identities(changes.movedRowRanges.map(\.from), oldRows)
    let reloaded = identities(changes.reloadedRowRanges, oldRows)
    for (name, list) in [("deleted", deleted), ("inserted", inserted), ("moved", moved), ("reloaded", reloaded)] {
      expect(Set(list).count == list.count, "an item is \(name) twice: \(list)")
    }
    let movedSet = Set(moved)
    for item in movedSet.intersection(deleted).union(movedSet.intersection(inserted)).union(movedSet.intersection(reloaded)) {
      problems.append("item \(item) is moved and also deleted, inserted or reloaded")
    }
    for item in Set(reloaded).intersection(deleted).union(Set(reloaded).intersection(inserted)) {
      problems.append("item \(item) is reloaded and also deleted or inserted")
    }

    // What the contract asks of each item.
    var listedOld = Set<Int>()
    for (s, section) in oldRows.enumerated() where !deletedSections.contains(s) { listedOld.formUnion(section) }
    var listedNew = Set<Int>()
    for (s, section) in newRows.enumerated() where !insertedSections.contains(s) { listedNew.formUnion(section) }
    /// Whether the row of an item listed before and after moves: it or an
    /// ancestor (a root item in `.flat` only) is flagged.
    func moves(_ item: Int) -> Bool {
      for ancestor in new.chain(of: item) {
        if layout == .sectioned && new.parent(of: ancestor) == nil { return false }
        if want.flagged.contains(ancestor) { return true }
      }
      return false
    }
    func sectionMoves(_ item: Int) -> Bool {
      layout == .sectioned && want.flagged.contains(new.chain(of: item).last!)
    }
    var wantDeleted = listedOld.subtracting(listedNew)
    var wantInserted = listedNew.subtracting(listedOld)
    var wantMoved = Set<Int>()
    var wantReloaded = Set<Int>()
    for item in listedOld.intersection(listedNew) {
      let itemMoves = moves(item)
      if new.pendingReloads.contains(item) {
        if itemMoves || sectionMoves(item) {
          wantDeleted.insert(item)
          wantInserted.insert(item)
        } else {
          wantReloaded.insert(item)
        }
      } else if itemMoves {
        wantMoved.insert(item)
      }
    }
    func compare(_ name: String, _ got: [Int], _ want: Set<Int>) {
      let got = Set(got)
      if got != want {
        problems.append(
          "\(name): extra \(got.subtracting(want).sorted()), missing \(want.subtracting(got).sorted())")
      }
    }
    compare("deleted items", deleted, wantDeleted)
    compare("inserted items", inserted, wantInserted)
    compare("reloaded items", reloaded, wantReloaded)
    if Set(moved) != wantMoved {
      compare("moved items", moved, wantMoved)
      // Tell a choice among longest increasing subsequences (the contract's
      // tie rule) from moving more than the fewest.
      problems += minimalityMismatches(changes, movedItems: Set(moved), deleted: Set(deleted), old, new, want, layout)
    }
    return problems
  }

  /// The form `TreeChanges` promises: row ranges non-empty, ascending and
  /// merged (never touching); moves ascending by their old rows, disjoint
  /// on both sides, and merged where they continue each other on both sides.
  static func formMismatches(_ changes: TreeChanges) -> [String] {
    var problems: [String] = []
    for (name, ranges) in [
      ("deletedRowRanges", changes.deletedRowRanges), ("insertedRowRanges", changes.insertedRowRanges),
      ("reloadedRowRanges", changes.reloadedRowRanges),
    ] {
      for (i, range) in ranges.enumerated() {
        if range.rows.isEmpty { problems.append("\(name)[\(i)] \(range) is empty") }
        if i > 0 {
          let previous = ranges[i - 1]
          if !(previous.section < range.section
            || (previous.section == range.section && previous.rows.upperBound < range.rows.lowerBound))
          {
            problems.append("\(name) \(previous) and \(range) are not ascending, or touch or overlap")
          }
        }
      }
    }
    let moves = changes.movedRowRanges
    for (i, move) in moves.enumerated() {
      if move.from.rows.isEmpty || move.from.rows.count != move.to.rows.count {
        problems.append("movedRowRanges[\(i)] \(move) is empty or changes size")
      }
      guard i > 0 else { continue }
      let previous = moves[i - 1]
      if (previous.from.section, previous.from.rows.upperBound) > (move.from.section, move.from.rows.lowerBound) {
        problems.append("movedRowRanges \(previous) and \(move) are not ascending by from, or overlap")
      }
      if previous.from.section == move.from.section && previous.from.rows.upperBound == move.from.rows.lowerBound
        && previous.to.section == move.to.section && previous.to.rows.upperBound == move.to.rows.lowerBound
      {
        problems.append("movedRowRanges \(previous) and \(move) continue each other but are not merged")
      }
    }
    let destinations = moves.map(\.to).sorted { ($0.section, $0.rows.lowerBound) < ($1.section, $1.rows.lowerBound) }
    for (a, b) in zip(destinations, destinations.dropFirst())
    where a.section == b.section && a.rows.upperBound > b.rows.lowerBound {
      problems.append("moves into \(a) and \(b) overlap")
    }
    let sectionMoves = changes.movedSections
    if sectionMoves.map(\.from) != sectionMoves.map(\.from).sorted() {
      problems.append("movedSections \(sectionMoves) are not ascending by from")
    }
    return problems
  }

  /// The groups of siblings whose rows show in full on both sides and whose
  /// parent's rows stay in place, where the siblings the change set keeps
  /// in place are not increasing or fewer than a longest increasing
  /// subsequence (independent of the tie rule).
  static func minimalityMismatches(
    _ changes: TreeChanges, movedItems: Set<Int>, deleted: Set<Int>, _ old: ModelSnapshot, _ new: ModelSnapshot,
    _ want: Expected, _ layout: TreeIndex.Layout
  ) -> [String] {
    var problems: [String] = []
    var ties: [String] = []
    let movedRoots = Set(changes.movedSections.map { old.rootItems[$0.from] })
    for (parent, staying) in want.stayingChildren {
      let showing: Bool
      if let parent {
        showing =
          old.isVisible(parent) && new.isVisible(parent) && old.isExpanded(parent) && new.isExpanded(parent)
          && !movedItems.contains(parent) && new.chain(of: parent).allSatisfy { !movedItems.contains($0) }
      } else {
        showing = true
      }
      guard showing else { continue }
      let kept: [Int]
      if parent == nil && layout == .sectioned {
        kept = staying.filter { !movedRoots.contains($0) }
      } else {
        kept = staying.filter { !movedItems.contains($0) && !deleted.contains($0) }
      }
      let oldSiblings = old.children(of: parent)
      let positions = staying.map { oldSiblings.firstIndex(of: $0)! }
      let keptPositions = kept.map { oldSiblings.firstIndex(of: $0)! }
      let best = lisLength(positions)
      let name = parent.map { "children of \($0)" } ?? "root items"
      if keptPositions != keptPositions.sorted() || keptPositions.count < best {
        problems.append(
          "\(name): keeps \(kept) in place, not a longest increasing subsequence (\(best) of \(staying), old positions \(positions))"
        )
      } else {
        let contract = lexicographicallyFirstLIS(positions).map { staying[$0] }
        if contract != kept { ties.append("\(name): keeps \(kept), the contract's tie rule keeps \(contract)") }
      }
    }
    if !ties.isEmpty { problems.append("tie rule: " + ties.joined(separator: "; ")) }
    return problems
  }

  /// Checks `new.changes(from: old, layout:)` (`snapshotNew`,
  /// `snapshotOld` holding the models' content) and that the same content
  /// rebuilt from scratch gives the same change set.
  @discardableResult
  static func check(
    from snapshotOld: TreeSnapshot<Int>, _ old: ModelSnapshot, to snapshotNew: TreeSnapshot<Int>,
    _ new: ModelSnapshot, layout: TreeIndex.Layout, context: @autoclosure () -> String,
    sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    let changes = snapshotNew.changes(from: snapshotOld, layout: layout)
    var problems = mismatches(changes, from: old, to: new, layout: layout)
    let rebuilt = new.makeSnapshot().changes(from: snapshotOld, layout: layout)
    if rebuilt != changes {
      problems.append("the same content rebuilt from scratch gives other changes: \(rebuilt)")
    }
    let bothRebuilt = new.makeSnapshot().changes(from: old.makeSnapshot(), layout: layout)
    if bothRebuilt != changes {
      problems.append("both sides rebuilt from scratch give other changes: \(bothRebuilt)")
    }
    return SnapshotChecker.report(
      problems, { context() + ", layout .\(layout)" },
      { "changes: \(changes)\nold:\n\(old)\nnew:\n\(new)" }, sourceLocation)
  }
}
