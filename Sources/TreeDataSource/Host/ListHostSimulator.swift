import Foundation

/// A host list for tests that checks every update the way `UITableView`
/// does, and reports what `UITableView` would crash on as a ``Violation``.
///
/// It keeps its own row count per section, and optionally what each row
/// shows. On ``apply(_:)`` it checks the update against the counts it had
/// and the counts its list now gives: sections and rows deleted and move
/// sources in old coordinates, inserted and move destinations in new ones,
/// each within range, not empty and listed once; no row listed inside a
/// deleted or inserted section, no move starting in a deleted section or
/// ending in an inserted one, no move whose two sides differ in size;
/// reloaded rows neither deleted nor moved nor in a deleted or moved
/// section; and in every section that persists or moves, rows after = rows
/// before − deleted − moved out + inserted + moved in. The ranges of an
/// update may come in any order, as `UITableView` takes index paths in any
/// order. It replays moves as `UITableView` does: a moved row keeps what it
/// showed, and the rows in no list keep their order in the places left. A
/// violating update is recorded and the simulator reloads, as a test double
/// should, instead of crashing. Every call is recorded in ``calls``.
///
///     let list = TreeList(dataSource: model)
///     let host = ListHostSimulator(list: list)   // becomes list.host
///     list.reloadData()
///     try list.expand([1])
///     #expect(host.violations.isEmpty)
///     #expect(host.rows == model.visibleItems)   // what each row shows
///
/// Use it to unit-test an adapter of your own: drive your `TreeList`, then
/// check ``violations``, ``calls`` and ``rows``.
///
/// ## Anything it is handed
///
/// Whatever it is handed, the simulator applies it as `UITableView` would or
/// records a ``Violation``; it never traps. Ranges of any size cost the
/// checks nothing per row: a range of 2⁶² rows is checked against the counts
/// like any other, and reported when it exceeds them. A count below zero is
/// a violation and read as no rows or sections; so is a list of more than
/// 2²⁴ sections, read as none. Keeping contents, the simulator reads at most
/// 2²⁴ rows: for a list with more it records a violation and keeps no
/// contents (``rows`` is `nil`) until the list has fewer. Before its first
/// ``reloadData()`` the simulator shows no sections and checks an update
/// against none, so an update that comes before any reload is a violation
/// unless it inserts every section.
///
/// A call it receives while it is reading the list for another call (from
/// within `numberOfSections`, `numberOfRows` or a row's content, for
/// instance a data source whose `item(at:)` expands an item) is a
/// re-entrant update, which `UITableView` rejects too: it is recorded in
/// ``calls`` and as a violation, is not applied, and once the outer call is
/// done the simulator reads everything again. Likewise, when the list's
/// counts change while the simulator reads it with no call to the host, it
/// records a violation and reads everything again. Before it reads a row's
/// content it checks that the list still has the row, so it never asks the
/// list about a row that is gone; it reads again at most four times, and a
/// row it could not read then holds a value equal to no item.
public final class ListHostSimulator: TreeListHost {
  /// One call the simulator received.
  public enum Call: Equatable, Sendable {
    /// ``TreeListHost/reloadData()``.
    case reloadData
    /// ``TreeListHost/apply(_:)`` with its update.
    case apply(TreeChanges)
  }

  /// An update `UITableView` would reject, and why.
  public struct Violation: Error, Equatable, Sendable, CustomStringConvertible {
    /// The rejected update; empty for a problem found by a reload or while
    /// reading the list (a re-entrant ``reloadData()``, a count below zero,
    /// a list that changed while read).
    public var changes: TreeChanges
    /// Every rule it broke, one sentence each.
    public var problems: [String]

    /// Creates a violation for an update and its problems.
    ///
    /// - Parameters:
    ///   - changes: The rejected update.
    ///   - problems: Every rule it broke.
    /// - Complexity: O(1).
    public init(changes: TreeChanges, problems: [String]) {
      self.changes = changes
      self.problems = problems
    }

    /// The problems, joined into one message that names the update, if any.
    public var description: String {
      (changes.isEmpty ? "host violation: " : "invalid update \(changes): ") + problems.joined(separator: "; ")
    }
  }

  /// Every call received, in order.
  public private(set) var calls: [Call] = []
  /// Every rejected update, in order.
  public private(set) var violations: [Violation] = []
  /// The number of rows the simulator shows in each section.
  public private(set) var numberOfRows: [Int] = []
  /// What each row shows, per section, as loaded when the row was loaded,
  /// inserted or reloaded; `nil` when the simulator counts rows only, or
  /// while its list has more rows than it keeps contents of (2²⁴).
  public private(set) var rows: [[AnyHashable]]?

  private let sectionCount: () -> Int
  private let rowCount: (Int) -> Int
  private let rowContent: ((IndexPath) -> AnyHashable)?

  /// Whether the simulator is reading the list for a call: a call received
  /// meanwhile is re-entrant.
  private var isReading = false
  /// Whether the list changed while the simulator read it: the reading in
  /// progress stops asking for rows, and everything is read again after it.
  private var mustReadAgain = false
  /// Whether the simulator is reading everything again for the last time:
  /// it reads every row the list still has, whatever happens meanwhile.
  private var isLastReading = false
  /// How many times a call reads everything again, at most, when the list
  /// keeps changing while it is read.
  private static let maximumRereadings = 4
  /// The most sections the simulator reads.
  private static let maximumSections = 1 << 24
  /// The most rows whose contents the simulator keeps.
  private static let maximumContentRows = 1 << 24

  /// Creates a simulator that reads the list's counts (and, with
  /// `rowContent`, what each row shows) through closures.
  ///
  /// - Parameters:
  ///   - numberOfSections: The list's current number of sections.
  ///   - numberOfRows: The list's current number of rows in a section.
  ///   - rowContent: What the list's row at a table path shows now; `nil`
  ///     to count rows only.
  /// - Complexity: O(1); reads nothing until a call.
  public init(
    numberOfSections: @escaping () -> Int,
    numberOfRows: @escaping (Int) -> Int,
    rowContent: ((IndexPath) -> AnyHashable)? = nil
  ) {
    self.sectionCount = numberOfSections
    self.rowCount = numberOfRows
    self.rowContent = rowContent
    self.rows = rowContent == nil ? nil : []
  }

  /// Creates a simulator that counts the rows of `list` and becomes its
  /// host.
  ///
  /// - Parameter list: The list to show.
  /// - Complexity: O(1).
  public convenience init<DataSource>(list: TreeList<DataSource>) {
    self.init(numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) })
    list.host = self
  }

  /// Creates a simulator that keeps what each row of `list` shows, asking
  /// ``TreeList/item(at:)`` only for rows it loads, inserts or reloads (as a
  /// table view asks for cells), and becomes the list's host.
  ///
  /// - Parameter list: The list to show.
  /// - Complexity: O(1).
  public convenience init<DataSource>(list: TreeList<DataSource>) where DataSource.Item: Hashable {
    self.init(
      numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) },
      rowContent: { AnyHashable(list.item(at: $0)) })
    list.host = self
  }

  /// Reads every count (and every row's content) again.
  ///
  /// Received while the simulator reads the list for another call, it is
  /// recorded as a re-entrant violation and done once that call is.
  ///
  /// - Complexity: O(*s*) for *s* sections; plus, keeping contents, one
  ///   content read per row.
  public func reloadData() {
    calls.append(.reloadData)
    guard !isReading else {
      receivedWhileReading(TreeChanges(), call: "reloadData()")
      return
    }
    reading { self.reloadAll() }
  }

  /// Checks `changes` as `UITableView.performBatchUpdates(_:)` would, then
  /// applies it to the simulator's rows; a violating update is recorded in
  /// ``violations`` and the simulator reloads instead.
  ///
  /// Received while the simulator reads the list for another call, the
  /// update is recorded as a re-entrant violation, and the simulator reads
  /// everything again once that call is done.
  ///
  /// - Parameter changes: The update, its ranges in any order.
  /// - Complexity: O(*s* + *r* log *r*) for *s* sections and *r* ranges;
  ///   keeping contents, plus the rows of every section.
  public func apply(_ changes: TreeChanges) {
    calls.append(.apply(changes))
    guard !isReading else {
      receivedWhileReading(changes, call: "apply(_:)")
      return
    }
    reading {
      var problems: [String] = []
      let newCounts = self.readCounts(problems: &problems)
      // A call received while the counts were read: read everything again.
      guard !self.mustReadAgain else { return }
      let plan = self.check(changes, newCounts: newCounts, problems: &problems)
      guard let plan, problems.isEmpty else {
        self.violations.append(Violation(changes: changes, problems: problems))
        self.reload(counts: newCounts)
        return
      }
      self.update(with: changes, plan: plan, newCounts: newCounts)
    }
  }

  /// The rows whose recorded content differs from what the list's row at
  /// the same table path shows now (asking the list for every row); a
  /// recorded row the list no longer has differs.
  ///
  /// - Returns: The table paths that differ; empty when the simulator shows
  ///   what the list holds, or counts rows only.
  /// - Complexity: O(*n*) for *n* rows, one content read each.
  public func mismatchedRows() -> [IndexPath] {
    guard let rows, let rowContent else { return [] }
    var mismatched: [IndexPath] = []
    for (section, contents) in rows.enumerated() {
      for (row, content) in contents.enumerated() {
        let path = IndexPath(indexes: [section, row])
        let listHasRow = section < sectionCount() && row < rowCount(section)
        if !listHasRow || rowContent(path) != content { mismatched.append(path) }
      }
    }
    return mismatched
  }

  /// Forgets the recorded calls and violations; the rows stay.
  ///
  /// - Complexity: O(1).
  public func removeRecordedCalls() {
    calls.removeAll()
    violations.removeAll()
  }

  // MARK: Reading the list

  /// Runs `body`, one call's reading of the list; then, while the list
  /// changed meanwhile, reads everything again (a bounded number of times).
  private func reading(_ body: () -> Void) {
    isReading = true
    mustReadAgain = false
    defer {
      isReading = false
      mustReadAgain = false
      isLastReading = false
    }
    body()
    var readings = 0
    while readings < Self.maximumRereadings && (mustReadAgain || countsChangedWhileRead()) {
      readings += 1
      isLastReading = readings == Self.maximumRereadings
      mustReadAgain = false
      reloadAll()
    }
  }

  /// Records a call received while reading, which makes the reading in
  /// progress stop and start again.
  private func receivedWhileReading(_ changes: TreeChanges, call: String) {
    violations.append(
      Violation(
        changes: changes,
        problems: [
          "re-entrant update: \(call) was received while the simulator was reading the list for another call; "
            + "it is not applied, and everything is read again once that call is done"
        ]))
    mustReadAgain = true
  }

  /// Whether the list's counts differ from the simulator's after it read
  /// rows (which may change the list without a call to the host); records
  /// a violation when they do.
  private func countsChangedWhileRead() -> Bool {
    guard rowContent != nil else { return false }
    var problems: [String] = []
    let counts = readCounts(problems: &problems)
    guard !mustReadAgain else { return true }
    guard counts != numberOfRows else { return false }
    violations.append(
      Violation(
        changes: TreeChanges(),
        problems: [
          "the list's rows changed while the simulator read them, with no call to the host "
            + "(\(numberOfRows.count) sections, \(numberOfRows.reduce(0) { $0 &+ $1 }) rows read; "
            + "\(counts.count) sections, \(counts.reduce(0) { $0 &+ $1 }) rows now); everything is read again"
        ]))
    return true
  }

  /// The list's row count in each section, a count below zero read as 0
  /// and reported in `problems`.
  private func readCounts(problems: inout [String]) -> [Int] {
    let sections = sectionCount()
    guard sections >= 0, sections <= Self.maximumSections else {
      problems.append(
        sections < 0
          ? "the list has \(sections) sections; read as none"
          : "the list has \(sections) sections; the simulator reads at most \(Self.maximumSections), and read none")
      return []
    }
    return (0..<sections).map { section in
      let count = rowCount(section)
      guard count >= 0 else {
        problems.append("the list has \(count) rows in section \(section); read as none")
        return 0
      }
      return count
    }
  }

  /// What the list's row shows, asked only while the list still has the
  /// row; otherwise (or once the reading in progress is to start again) a
  /// value equal to no item.
  private func readRow(section: Int, row: Int) -> AnyHashable {
    guard let rowContent, !mustReadAgain || isLastReading else { return AnyHashable(UnreadRow()) }
    guard section < sectionCount(), row < rowCount(section) else {
      mustReadAgain = true
      return AnyHashable(UnreadRow())
    }
    return rowContent(IndexPath(indexes: [section, row]))
  }

  /// Reads every count, reporting a count below zero, and every row.
  private func reloadAll() {
    var problems: [String] = []
    let counts = readCounts(problems: &problems)
    if !problems.isEmpty { violations.append(Violation(changes: TreeChanges(), problems: problems)) }
    reload(counts: counts)
  }

  /// Takes `counts` as the list's and reads every row.
  private func reload(counts: [Int]) {
    numberOfRows = counts
    readAllRows()
  }

  /// Keeping contents, reads every row ``numberOfRows`` counts; for more
  /// rows than it keeps contents of, records a violation and keeps none.
  private func readAllRows() {
    guard rowContent != nil else { return }
    guard Self.keepsContents(of: numberOfRows) else {
      violations.append(
        Violation(
          changes: TreeChanges(),
          problems: [
            "the list has more than \(Self.maximumContentRows) rows, the most a simulator that keeps contents "
              + "reads; it keeps none until the list has fewer"
          ]))
      rows = nil
      return
    }
    rows = numberOfRows.enumerated().map { section, count in
      (0..<count).map { readRow(section: section, row: $0) }
    }
  }

  /// Whether the simulator keeps the contents of rows counted by `counts`:
  /// no more than its maximum in all.
  private static func keepsContents(of counts: [Int]) -> Bool {
    var total = 0
    for count in counts {
      let (sum, overflows) = total.addingReportingOverflow(count)
      guard !overflows, sum <= maximumContentRows else { return false }
      total = sum
    }
    return true
  }

  // MARK: Checking

  /// An update's rows checked against the counts: per section, ascending
  /// disjoint ranges.
  private struct Plan {
    /// Per old section, the rows deleted or moved out.
    var leaving: [Int: [Range<Int>]]
    /// Per new section, the rows inserted or moved in.
    var arriving: [Int: [Range<Int>]]
    /// Per old section, the rows reloaded.
    var reloaded: [Int: [Range<Int>]]
    /// Per new section, the old section it continues (where it moved from,
    /// or in order); `nil` for an inserted section.
    var sources: [Int?]
  }

  /// One listed range of rows, with the list that names it.
  private struct Listed {
    var range: TreeChanges.RowRange
    var name: String
  }

  /// Checks `changes` against the simulator's counts and `newCounts`,
  /// adding every rule it breaks to `problems`; the update's rows once
  /// there is none.
  private func check(_ changes: TreeChanges, newCounts: [Int], problems: inout [String]) -> Plan? {
    if changes.isEmpty { problems.append("the update is empty") }
    let oldCounts = numberOfRows
    let oldSections = oldCounts.count
    let newSections = newCounts.count
    let deletedSections = changes.deletedSections
    let insertedSections = changes.insertedSections
    var sectionsExist = true
    for range in deletedSections.rangeView where range.lowerBound < 0 || range.upperBound > oldSections {
      problems.append("deleted sections \(Self.describe(range)) do not exist (\(oldSections) sections before)")
      sectionsExist = false
    }
    for range in insertedSections.rangeView where range.lowerBound < 0 || range.upperBound > newSections {
      problems.append("inserted sections \(Self.describe(range)) do not exist (\(newSections) sections after)")
      sectionsExist = false
    }
    var movedFrom = IndexSet()
    var movedTo = IndexSet()
    for move in changes.movedSections {
      guard move.from >= 0, move.from < oldSections, move.to >= 0, move.to < newSections else {
        problems.append("moved section \(move) does not exist (\(oldSections) before, \(newSections) after)")
        continue
      }
      if deletedSections.contains(move.from) || movedFrom.contains(move.from) {
        problems.append("moved section \(move) starts in a section that is deleted or moved twice")
      }
      if insertedSections.contains(move.to) || movedTo.contains(move.to) {
        problems.append("moved section \(move) ends in a section that is inserted or moved in twice")
      }
      movedFrom.insert(move.from)
      movedTo.insert(move.to)
    }
    if sectionsExist && newSections != oldSections - deletedSections.count + insertedSections.count {
      problems.append(
        "\(newSections) sections after; expected \(oldSections) − \(deletedSections.count) deleted "
          + "+ \(insertedSections.count) inserted")
    }
    for move in changes.movedRowRanges where Self.size(of: move.from.rows) != Self.size(of: move.to.rows) {
      problems.append(
        "moved rows \(move) are \(Self.describeSize(of: move.from.rows)) before and "
          + "\(Self.describeSize(of: move.to.rows)) after")
    }
    // Deleted rows and move sources are old rows, each listed once; inserted
    // rows and move destinations new rows, each listed once.
    let leaving = rowSets(
      changes.deletedRowRanges.map { Listed(range: $0, name: "deleted") }
        + changes.movedRowRanges.map { Listed(range: $0.from, name: "moved") },
      counts: oldCounts, excluded: deletedSections, excludedName: "deleted", problems: &problems)
    let arriving = rowSets(
      changes.insertedRowRanges.map { Listed(range: $0, name: "inserted") }
        + changes.movedRowRanges.map { Listed(range: $0.to, name: "moved") },
      counts: newCounts, excluded: insertedSections, excludedName: "inserted", problems: &problems)
    let reloaded = rowSets(
      changes.reloadedRowRanges.map { Listed(range: $0, name: "reloaded") }, counts: oldCounts,
      excluded: deletedSections.union(movedFrom), excludedName: "deleted or moved", problems: &problems)
    for (section, rows) in reloaded.sorted(by: { $0.key < $1.key }) {
      let both = Self.intersection(rows, leaving[section] ?? [])
      if !both.isEmpty {
        problems.append(
          "rows \(both.map(Self.describe).joined(separator: ", ")) of section \(section) are both reloaded "
            + "and deleted or moved")
      }
    }
    guard problems.isEmpty else { return nil }
    // Sections that persist in place pair up in order; moved ones as moved.
    var sources = [Int?](repeating: nil, count: newSections)
    for move in changes.movedSections { sources[move.to] = move.from }
    var persistingNew = (0..<newSections).lazy.filter { !insertedSections.contains($0) && !movedTo.contains($0) }
      .makeIterator()
    for old in 0..<oldSections where !deletedSections.contains(old) && !movedFrom.contains(old) {
      guard let new = persistingNew.next() else { break }
      sources[new] = old
    }
    for (new, old) in sources.enumerated() {
      guard let old else { continue }
      // Within the counts and disjoint, so neither total overflows.
      let out = Self.total(leaving[old] ?? [])
      let into = Self.total(arriving[new] ?? [])
      let (expected, overflows) = (oldCounts[old] - out).addingReportingOverflow(into)
      if overflows || newCounts[new] != expected {
        problems.append(
          "invalid number of rows in section \(new): \(newCounts[new]) after the update; expected "
            + "\(oldCounts[old]) before − \(out) deleted or moved out + \(into) inserted or moved in")
      }
    }
    guard problems.isEmpty else { return nil }
    return Plan(leaving: leaving, arriving: arriving, reloaded: reloaded, sources: sources)
  }

  /// The rows of `listed` per section as ascending, disjoint ranges,
  /// checking each against `counts` and `excluded` sections, and for rows
  /// listed twice.
  private func rowSets(
    _ listed: [Listed], counts: [Int], excluded: IndexSet, excludedName: String, problems: inout [String]
  ) -> [Int: [Range<Int>]] {
    var bySection: [Int: [Listed]] = [:]
    for item in listed {
      let range = item.range
      guard range.section >= 0, range.section < counts.count else {
        problems.append("\(item.name) rows \(range) are in a section that does not exist")
        continue
      }
      guard !range.rows.isEmpty else {
        problems.append("\(item.name) rows \(range) are empty")
        continue
      }
      guard range.rows.lowerBound >= 0, range.rows.upperBound <= counts[range.section] else {
        problems.append("\(item.name) rows \(range) are out of the section's \(counts[range.section]) rows")
        continue
      }
      if excluded.contains(range.section) {
        problems.append("\(item.name) rows \(range) are in a section that is itself \(excludedName)")
      }
      bySection[range.section, default: []].append(item)
    }
    var sets: [Int: [Range<Int>]] = [:]
    for (section, items) in bySection {
      var merged: [Range<Int>] = []
      var furthest: Listed?
      for item in items.sorted(by: { $0.range.rows.lowerBound < $1.range.rows.lowerBound }) {
        let rows = item.range.rows
        if let previous = furthest, rows.lowerBound < previous.range.rows.upperBound {
          problems.append("\(item.name) rows \(item.range) overlap \(previous.name) rows \(previous.range): listed twice")
        }
        if furthest == nil || rows.upperBound > furthest!.range.rows.upperBound { furthest = item }
        if let last = merged.last, rows.lowerBound <= last.upperBound {
          merged[merged.count - 1] = last.lowerBound..<max(last.upperBound, rows.upperBound)
        } else {
          merged.append(rows)
        }
      }
      sets[section] = merged
    }
    return sets
  }

  /// The rows in both lists of ascending, disjoint ranges.
  private static func intersection(_ a: [Range<Int>], _ b: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var i = 0
    var j = 0
    while i < a.count, j < b.count {
      let lower = max(a[i].lowerBound, b[j].lowerBound)
      let upper = min(a[i].upperBound, b[j].upperBound)
      if lower < upper { result.append(lower..<upper) }
      if a[i].upperBound < b[j].upperBound { i += 1 } else { j += 1 }
    }
    return result
  }

  /// The number of rows in disjoint ranges within a count.
  private static func total(_ ranges: [Range<Int>]) -> Int { ranges.reduce(0) { $0 + $1.count } }

  /// The number of rows in `rows`, `nil` when it is more than `Int.max`.
  private static func size(of rows: Range<Int>) -> Int? {
    let (size, overflows) = rows.upperBound.subtractingReportingOverflow(rows.lowerBound)
    return overflows ? nil : size
  }

  private static func describeSize(of rows: Range<Int>) -> String {
    size(of: rows).map { "\($0)" } ?? "more than \(Int.max)"
  }

  private static func describe(_ range: Range<Int>) -> String { "\(range.lowerBound)..<\(range.upperBound)" }

  // MARK: Updating

  /// Applies a checked update: counting rows only, takes the new counts;
  /// keeping contents, replays it on the rows.
  private func update(with changes: TreeChanges, plan: Plan, newCounts: [Int]) {
    let oldRows = rows
    numberOfRows = newCounts
    guard rowContent != nil else { return }
    // Keeping no contents, for a list too large: read them if it is no
    // longer so.
    guard let old = oldRows, Self.keepsContents(of: newCounts) else {
      readAllRows()
      return
    }
    // Old coordinates: reloaded rows lose their content; move sources take
    // theirs along.
    var marked: [[AnyHashable?]] = old
    for (section, ranges) in plan.reloaded {
      for range in ranges {
        for row in range { marked[section][row] = nil }
      }
    }
    var moved: [Int: [Int: AnyHashable?]] = [:]
    for move in changes.movedRowRanges {
      for (from, to) in zip(move.from.rows, move.to.rows) {
        moved[move.to.section, default: [:]][to] = marked[move.from.section][from]
      }
    }
    // New coordinates: inserted rows and move destinations take their
    // places; the rows that stay fill the others in order.
    var result: [[AnyHashable]] = []
    for (section, count) in newCounts.enumerated() {
      var contents = [AnyHashable?](repeating: nil, count: count)
      if let old = plan.sources[section] {
        var isTaken = [Bool](repeating: false, count: count)
        for range in plan.arriving[section] ?? [] {
          for row in range { isTaken[row] = true }
        }
        for (row, content) in moved[section] ?? [:] { contents[row] = content }
        var staying: [AnyHashable?] = []
        var next = 0
        for range in plan.leaving[old] ?? [] {
          staying += marked[old][next..<range.lowerBound]
          next = range.upperBound
        }
        staying += marked[old][next...]
        var stayingRows = staying.makeIterator()
        for row in contents.indices where !isTaken[row] { contents[row] = stayingRows.next() ?? nil }
      }
      result.append(contents.enumerated().map { row, content in content ?? readRow(section: section, row: row) })
    }
    rows = result
  }
}

/// What ``ListHostSimulator/rows`` holds for a row the simulator could not
/// read because the list kept changing: equal to no item.
private struct UnreadRow: Hashable, CustomStringConvertible {
  var description: String { "(unread row)" }
}
