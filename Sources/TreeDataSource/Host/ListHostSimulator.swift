import Foundation

/// A host list for tests that checks every update the way `UITableView`
/// does, and reports what `UITableView` would crash on as a ``Violation``.
///
/// It keeps its own row count per section, and optionally what each row
/// shows. On ``apply(_:)`` it checks the update against the counts it had
/// and the counts its list now gives: sections and rows deleted and move
/// sources in old coordinates, inserted and move destinations in new ones,
/// each within range and listed once; no row listed inside a deleted or
/// inserted section, no move starting in a deleted section or ending in an
/// inserted one; reloaded rows neither deleted nor moved nor in a deleted or
/// moved section; and in every section that persists or moves, rows after =
/// rows before − deleted − moved out + inserted + moved in. It replays moves
/// as `UITableView` does: a moved row keeps what it showed, and the rows in
/// no list keep their order in the places left. A violating update is
/// recorded and the simulator reloads, as a test double should, instead of
/// crashing. Every call is recorded in ``calls``.
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
    /// The rejected update.
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

    /// The problems, joined into one message that names the update.
    public var description: String {
      "invalid update \(changes): " + problems.joined(separator: "; ")
    }
  }

  /// Every call received, in order.
  public private(set) var calls: [Call] = []
  /// Every rejected update, in order.
  public private(set) var violations: [Violation] = []
  /// The number of rows the simulator shows in each section.
  public private(set) var numberOfRows: [Int] = []
  /// What each row shows, per section, as loaded when the row was loaded,
  /// inserted or reloaded; `nil` when the simulator counts rows only.
  public private(set) var rows: [[AnyHashable]]?

  private let sectionCount: () -> Int
  private let rowCount: (Int) -> Int
  private let rowContent: ((IndexPath) -> AnyHashable)?

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
  /// - Complexity: O(*s*) for *s* sections; plus, keeping contents, one
  ///   content read per row.
  public func reloadData() {
    calls.append(.reloadData)
    reload()
  }

  /// Checks `changes` as `UITableView.performBatchUpdates(_:)` would, then
  /// applies it to the simulator's rows; a violating update is recorded in
  /// ``violations`` and the simulator reloads instead.
  ///
  /// - Parameter changes: The update.
  /// - Complexity: O(*s* + *r*) for *s* sections and *r* ranges; keeping
  ///   contents, plus the rows of the sections it touches.
  public func apply(_ changes: TreeChanges) {
    calls.append(.apply(changes))
    let problems = self.problems(in: changes)
    guard problems.isEmpty else {
      violations.append(Violation(changes: changes, problems: problems))
      reload()
      return
    }
    update(with: changes)
  }

  /// The rows whose recorded content differs from what the list's row at
  /// the same table path shows now (asking the list for every row).
  ///
  /// - Returns: The table paths that differ; empty when the simulator shows
  ///   what the list holds, or counts rows only.
  /// - Complexity: O(*n*) for *n* rows, one content read each.
  public func mismatchedRows() -> [IndexPath] {
    guard let rows, let rowContent else { return [] }
    var mismatched: [IndexPath] = []
    for (section, contents) in rows.enumerated() {
      for (row, content) in contents.enumerated() where rowContent(IndexPath(indexes: [section, row])) != content {
        mismatched.append(IndexPath(indexes: [section, row]))
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

  // MARK: Checking

  private func problems(in changes: TreeChanges) -> [String] {
    var problems: [String] = []
    if changes.isEmpty { problems.append("the update is empty") }
    let oldSections = numberOfRows.count
    let newSections = sectionCount()
    for s in changes.deletedSections where s >= oldSections {
      problems.append("deleted section \(s) does not exist (\(oldSections) sections before)")
    }
    for s in changes.insertedSections where s >= newSections {
      problems.append("inserted section \(s) does not exist (\(newSections) sections after)")
    }
    var movedFrom = IndexSet()
    var movedTo = IndexSet()
    for move in changes.movedSections {
      if move.from < 0 || move.from >= oldSections || move.to < 0 || move.to >= newSections {
        problems.append("moved section \(move) does not exist (\(oldSections) before, \(newSections) after)")
      }
      if changes.deletedSections.contains(move.from) || movedFrom.contains(move.from) {
        problems.append("moved section \(move) starts in a section that is deleted or moved twice")
      }
      if changes.insertedSections.contains(move.to) || movedTo.contains(move.to) {
        problems.append("moved section \(move) ends in a section that is inserted or moved in twice")
      }
      movedFrom.insert(move.from)
      movedTo.insert(move.to)
    }
    if newSections != oldSections - changes.deletedSections.count + changes.insertedSections.count {
      problems.append(
        "\(newSections) sections after; expected \(oldSections) − \(changes.deletedSections.count) deleted "
          + "+ \(changes.insertedSections.count) inserted")
    }
    let newCounts = (0..<newSections).map(rowCount)
    for move in changes.movedRowRanges where move.from.rows.count != move.to.rows.count {
      problems.append("moved rows \(move) are \(move.from.rows.count) before and \(move.to.rows.count) after")
    }
    // Deleted rows and move sources are old rows, each listed once; inserted
    // rows and move destinations new rows, each listed once.
    let leaving = rowSets(
      changes.deletedRowRanges.map { ($0, "deleted") } + changes.movedRowRanges.map { ($0.from, "moved") },
      counts: numberOfRows, excluded: changes.deletedSections, excludedName: "deleted", problems: &problems)
    let arriving = rowSets(
      changes.insertedRowRanges.map { ($0, "inserted") } + changes.movedRowRanges.map { ($0.to, "moved") },
      counts: newCounts, excluded: changes.insertedSections, excludedName: "inserted", problems: &problems)
    let reloaded = rowSets(
      changes.reloadedRowRanges.map { ($0, "reloaded") }, counts: numberOfRows,
      excluded: changes.deletedSections.union(movedFrom), excludedName: "deleted or moved", problems: &problems)
    for (section, rows) in reloaded {
      let both = rows.intersection(leaving[section] ?? IndexSet())
      if !both.isEmpty {
        problems.append("rows \(Array(both)) of section \(section) are both reloaded and deleted or moved")
      }
    }
    guard problems.isEmpty else { return problems }
    // Sections that persist in place pair up in order; moved ones as moved.
    for (old, new) in sectionPairs(changes, oldSections: oldSections, newSections: newSections) {
      let expected = numberOfRows[old] - (leaving[old]?.count ?? 0) + (arriving[new]?.count ?? 0)
      if newCounts[new] != expected {
        problems.append(
          "invalid number of rows in section \(new): \(newCounts[new]) after the update; expected "
            + "\(numberOfRows[old]) before − \(leaving[old]?.count ?? 0) deleted or moved out + "
            + "\(arriving[new]?.count ?? 0) inserted or moved in")
      }
    }
    return problems
  }

  /// The old section each new section continues: moved sections where they
  /// moved, the others in order; inserted sections are left out.
  private func sectionPairs(_ changes: TreeChanges, oldSections: Int, newSections: Int) -> [(old: Int, new: Int)] {
    var pairs = changes.movedSections.map { (old: $0.from, new: $0.to) }
    let movedFrom = Set(changes.movedSections.map(\.from))
    let movedTo = Set(changes.movedSections.map(\.to))
    let persistingOld = (0..<oldSections).filter { !changes.deletedSections.contains($0) && !movedFrom.contains($0) }
    let persistingNew = (0..<newSections).filter { !changes.insertedSections.contains($0) && !movedTo.contains($0) }
    pairs += zip(persistingOld, persistingNew).map { (old: $0, new: $1) }
    return pairs
  }

  /// The rows of `ranges` per section, checking each against `counts` and
  /// `excluded` sections and for rows listed twice.
  private func rowSets(
    _ ranges: [(range: TreeChanges.RowRange, name: String)], counts: [Int], excluded: IndexSet,
    excludedName: String, problems: inout [String]
  ) -> [Int: IndexSet] {
    var sets: [Int: IndexSet] = [:]
    for (range, name) in ranges {
      guard range.section >= 0, range.section < counts.count else {
        problems.append("\(name) rows \(range) are in a section that does not exist")
        continue
      }
      if range.rows.isEmpty || range.rows.lowerBound < 0 || range.rows.upperBound > counts[range.section] {
        problems.append("\(name) rows \(range) are out of the section's \(counts[range.section]) rows")
        continue
      }
      if excluded.contains(range.section) {
        problems.append("\(name) rows \(range) are in a section that is itself \(excludedName)")
      }
      var set = sets[range.section, default: IndexSet()]
      if set.intersects(integersIn: range.rows) { problems.append("\(name) rows \(range) are listed twice") }
      set.insert(integersIn: range.rows)
      sets[range.section] = set
    }
    return sets
  }

  // MARK: Updating

  private func reload() {
    numberOfRows = (0..<sectionCount()).map(rowCount)
    guard let rowContent else { return }
    rows = numberOfRows.enumerated().map { section, count in
      (0..<count).map { rowContent(IndexPath(indexes: [section, $0])) }
    }
  }

  private func update(with changes: TreeChanges) {
    let newSections = sectionCount()
    let newCounts = (0..<newSections).map(rowCount)
    defer { numberOfRows = newCounts }
    guard let rowContent, let old = rows else { return }
    // Old coordinates: reloaded rows lose their content; deleted rows and
    // move sources leave, the moved ones taking their content along.
    var marked: [[AnyHashable?]] = old
    for range in changes.reloadedRowRanges {
      for row in range.rows { marked[range.section][row] = nil }
    }
    var leaving = old.map { _ in IndexSet() }
    for range in changes.deletedRowRanges { leaving[range.section].insert(integersIn: range.rows) }
    var arriving: [Int: [Int: AnyHashable?]] = [:]
    for move in changes.movedRowRanges {
      leaving[move.from.section].insert(integersIn: move.from.rows)
      for (from, to) in zip(move.from.rows, move.to.rows) {
        arriving[move.to.section, default: [:]][to] = marked[move.from.section][from]
      }
    }
    let staying = marked.indices.map { section in
      marked[section].indices.filter { !leaving[section].contains($0) }.map { marked[section][$0] }
    }
    // New coordinates: inserted rows and move destinations take their
    // places; the rows that stay fill the others in order.
    var source = [Int?](repeating: nil, count: newSections)
    for (old, new) in sectionPairs(changes, oldSections: old.count, newSections: newSections) { source[new] = old }
    var result: [[AnyHashable]] = []
    for section in 0..<newSections {
      var contents = [AnyHashable?](repeating: nil, count: newCounts[section])
      if let old = source[section] {
        var isTaken = [Bool](repeating: false, count: newCounts[section])
        for range in changes.insertedRowRanges where range.section == section {
          for row in range.rows { isTaken[row] = true }
        }
        for (row, content) in arriving[section] ?? [:] {
          isTaken[row] = true
          contents[row] = content
        }
        var next = staying[old].makeIterator()
        for row in contents.indices where !isTaken[row] { contents[row] = next.next() ?? nil }
      }
      result.append(
        contents.enumerated().map { row, content in
          content ?? rowContent(IndexPath(indexes: [section, row]))
        })
    }
    rows = result
  }
}
