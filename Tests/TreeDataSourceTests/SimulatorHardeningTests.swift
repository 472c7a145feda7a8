import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// ``ListHostSimulator`` handed anything: every update is either applied as
/// `UITableView` applies it or reported as a violation, and the simulator
/// never traps and always ends up showing what its list holds.
@Suite("Simulator: hardening")
struct SimulatorHardeningTests {
  /// Rows held in arrays, which a test changes before each update, with a
  /// hook run on every row the simulator reads.
  final class Table {
    var sections: [[Int]]
    /// Counts the rows of each section, as `numberOfRows` answers them;
    /// `nil` to count `sections`.
    var counts: [Int]?
    /// Run on every row read, once its answer is known.
    var onRead: ((IndexPath) -> Void)?
    init(_ sections: [[Int]]) { self.sections = sections }

    var numberOfSections: Int { counts?.count ?? sections.count }
    func numberOfRows(_ section: Int) -> Int { counts?[section] ?? sections[section].count }
    func read(_ path: IndexPath) -> AnyHashable {
      let content = AnyHashable(sections[path[0]][path[1]])
      onRead?(path)
      return content
    }
    var contents: [[AnyHashable]] { sections.map { $0.map { AnyHashable($0) } } }
  }

  /// A simulator that keeps contents, loaded from `table`.
  static func host(_ table: Table) -> ListHostSimulator {
    let host = ListHostSimulator(
      numberOfSections: { table.numberOfSections }, numberOfRows: { table.numberOfRows($0) },
      rowContent: { table.read($0) })
    host.reloadData()
    host.removeRecordedCalls()
    return host
  }

  /// A simulator that counts rows only, loaded from `table`.
  static func counter(_ table: Table) -> ListHostSimulator {
    let host = ListHostSimulator(numberOfSections: { table.numberOfSections }, numberOfRows: { table.numberOfRows($0) })
    host.reloadData()
    host.removeRecordedCalls()
    return host
  }

  static func rows(_ section: Int, _ rows: Range<Int>) -> TreeChanges.RowRange { .init(section: section, rows: rows) }

  static func move(_ from: Int, _ fromRows: Range<Int>, _ to: Int, _ toRows: Range<Int>) -> TreeChanges.RowRangeMove {
    .init(from: rows(from, fromRows), to: rows(to, toRows))
  }

  /// Expects `host` to show exactly what `table` holds.
  static func expectShows(_ table: Table, _ host: ListHostSimulator, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(host.numberOfRows == table.sections.map(\.count), sourceLocation: sourceLocation)
    #expect(host.rows == table.contents, sourceLocation: sourceLocation)
    #expect(host.mismatchedRows().isEmpty, sourceLocation: sourceLocation)
  }

  // MARK: Re-entrant calls

  /// A data source whose `item(at:)` can run a hook, to call back into the
  /// list or its host while the host reads a row.
  final class Hooked: TreeDataSource {
    var counts: [TreePath: Int] = [[]: 3, [1]: 2, [2]: 2]
    var onItem: ((TreePath) -> Void)?
    func numberOfSubitems(of parent: TreePath?) -> Int { counts[parent ?? []] ?? 0 }
    func isExpanded(_ treePath: TreePath) -> Bool { false }
    func item(at treePath: TreePath) -> String {
      if let onItem {
        self.onItem = nil  // once
        onItem(treePath)
      }
      return treePath.description
    }
  }

  /// What the list shows now, read row by row.
  static func contents(of list: TreeList<Hooked>) -> [[AnyHashable]] {
    (0..<list.numberOfSections).map { section in
      (0..<list.numberOfRows(inSection: section)).map { AnyHashable(list.item(at: IndexPath(indexes: [section, $0]))) }
    }
  }

  // A data source that changes its list while the host reads a row is
  // refused by the list (`reentrantUpdate`), so the host never gets an
  // update in the middle of another; the simulator's own rule for such
  // updates is tested with direct calls below.

  @Test func anItemThatExpandsTheListWhileTheHostReloadsIsRefused() throws {
    let source = Hooked()
    let list = TreeList(dataSource: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    host.removeRecordedCalls()
    var refusal: (any Error)?
    source.onItem = { _ in
      do { try list.expand([1]) } catch { refusal = error }
    }
    host.reloadData()
    #expect((refusal as? TreeDataSourceError)?.reason == .reentrantUpdate)
    #expect(host.violations.isEmpty)
    #expect(host.calls == [.reloadData])
    #expect(list.numberOfRows == 3)
    #expect(host.numberOfRows == [3])
    #expect(host.rows == Self.contents(of: list))
    #expect(host.mismatchedRows().isEmpty)
  }

  @Test func anItemThatExpandsTheListWhileTheHostAppliesAnUpdateIsRefused() throws {
    let source = Hooked()
    let list = TreeList(dataSource: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    var refusal: (any Error)?
    source.onItem = { _ in
      do { try list.expand([2]) } catch { refusal = error }
    }
    try list.expand([1])
    #expect((refusal as? TreeDataSourceError)?.reason == .reentrantUpdate)
    #expect(list.numberOfRows == 5)
    #expect(host.calls.count == 2)  // reloadData(), apply
    #expect(host.violations.isEmpty)
    #expect(host.numberOfRows == [5])
    #expect(host.rows == Self.contents(of: list))
    #expect(host.mismatchedRows().isEmpty)
  }

  @Test func aReloadAskedWhileTheHostReadsRunsOnceTheReadIsDone() throws {
    let source = Hooked()
    let list = TreeList(dataSource: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try list.expand([1])
    try list.expand([2])
    host.removeRecordedCalls()
    // The first row read asks the list to reload: deferred until the
    // list's `item(at:)` returns, then the list reloads (every item starts
    // collapsed in the data source) and tells the host, which is still
    // reading rows for its own reload: a re-entrant call for the host, which
    // the simulator reports and follows by reading everything again.
    source.onItem = { _ in list.reloadData() }
    host.reloadData()
    #expect(host.violations.count == 1)
    #expect(host.violations.first?.problems.first?.contains("re-entrant") == true)
    #expect(host.calls == [.reloadData, .reloadData])
    #expect(list.numberOfRows == 3)
    #expect(host.numberOfRows == [3])
    #expect(host.rows == Self.contents(of: list))
    #expect(host.mismatchedRows().isEmpty)
  }

  @Test func reloadDataFromARowReadIsReentrant() {
    let table = Table([[1, 2, 3]])
    let host = Self.host(table)
    table.onRead = { _ in
      table.onRead = nil
      table.sections = [[7]]
      host.reloadData()
    }
    table.sections[0].append(4)
    host.apply(TreeChanges(insertedRowRanges: [Self.rows(0, 3..<4)]))
    #expect(host.violations.count == 1)
    #expect(host.calls == [.apply(TreeChanges(insertedRowRanges: [Self.rows(0, 3..<4)])), .reloadData])
    Self.expectShows(table, host)
  }

  @Test func aListThatChangesWhileReadWithoutTellingTheHostIsFound() {
    let table = Table([[1, 2, 3, 4]])
    let host = Self.host(table)
    // Reading the first inserted row removes rows the host has not read,
    // with no call to the host.
    table.onRead = { _ in
      table.onRead = nil
      table.sections = [[1, 2]]
    }
    table.sections = [[0, 1, 2, 3, 4]]
    host.apply(TreeChanges(insertedRowRanges: [Self.rows(0, 0..<1)]))
    #expect(host.violations.count == 1)
    #expect(host.violations.first?.problems.first?.contains("changed while the simulator read them") == true)
    #expect(host.violations.first?.description.hasPrefix("host violation: the list's rows changed") == true)
    Self.expectShows(table, host)
    // Rows added while read are found too.
    table.onRead = { _ in
      table.onRead = nil
      table.sections[0].append(9)
    }
    host.reloadData()
    #expect(host.violations.count == 2)
    Self.expectShows(table, host)
  }

  @Test func anUpdateFromARowReadIsReentrantEvenWhenValid() {
    let table = Table([[1, 2, 3]])
    let host = Self.host(table)
    // Each read appends a row and tells the host, forever: the simulator
    // reads again a bounded number of times and then stops.
    table.onRead = { _ in
      table.sections[0].append(table.sections[0].count + 1)
      host.apply(TreeChanges(insertedRowRanges: [Self.rows(0, (table.sections[0].count - 1)..<table.sections[0].count)]))
    }
    host.reloadData()
    #expect(!host.violations.isEmpty)
    #expect(host.violations.allSatisfy { $0.problems.contains { $0.contains("re-entrant") } })
    table.onRead = nil
    host.reloadData()
    Self.expectShows(table, host)
  }

  // MARK: Ranges in any order

  @Test func rangesInAnyOrderAreAppliedAsSorted() {
    let table = Table([[0, 1, 2, 3, 4, 5], [6, 7]])
    let sortedHost = Self.host(table)
    let shuffledHost = Self.host(table)
    // Delete 1 and 4, insert 10 at 0 and 11 at 4, move 5 to the front of
    // section 1 and 0 to the end of section 0, reload 2 and 3.
    table.sections = [[10, 22, 33, 11, 0], [5, 6, 7]]
    let sorted = TreeChanges(
      deletedRowRanges: [Self.rows(0, 1..<2), Self.rows(0, 4..<5)],
      insertedRowRanges: [Self.rows(0, 0..<1), Self.rows(0, 3..<4)],
      reloadedRowRanges: [Self.rows(0, 2..<4)],
      movedRowRanges: [Self.move(0, 0..<1, 0, 4..<5), Self.move(0, 5..<6, 1, 0..<1)])
    let shuffled = TreeChanges(
      deletedRowRanges: [Self.rows(0, 4..<5), Self.rows(0, 1..<2)],
      insertedRowRanges: [Self.rows(0, 3..<4), Self.rows(0, 0..<1)],
      reloadedRowRanges: [Self.rows(0, 3..<4), Self.rows(0, 2..<3)],
      movedRowRanges: [Self.move(0, 5..<6, 1, 0..<1), Self.move(0, 0..<1, 0, 4..<5)])
    table.sections = [[10, 2, 3, 11, 0], [5, 6, 7]]
    sortedHost.apply(sorted)
    shuffledHost.apply(shuffled)
    #expect(sortedHost.violations.isEmpty)
    #expect(shuffledHost.violations.isEmpty)
    Self.expectShows(table, sortedHost)
    Self.expectShows(table, shuffledHost)
  }

  @Test func sectionsMovedInAnyOrder() {
    let table = Table([[0], [1], [2], [3]])
    let host = Self.host(table)
    table.sections = [[3], [2], [0], [1]]
    host.apply(TreeChanges(movedSections: [.init(from: 2, to: 1), .init(from: 3, to: 0)]))
    #expect(host.violations.isEmpty)
    Self.expectShows(table, host)
  }

  // MARK: Garbage

  /// Updates `UITableView` rejects, each against the table `[[0, 1, 2], [3]]`
  /// left as it is.
  static let garbage: [(String, TreeChanges)] = [
    ("negative deleted section", TreeChanges(deletedSections: [-1], insertedSections: [-1])),
    ("negative moved section", TreeChanges(movedSections: [.init(from: -1, to: 0)])),
    ("huge moved section", TreeChanges(movedSections: [.init(from: Int.max, to: Int.min)])),
    ("section moved twice", TreeChanges(movedSections: [.init(from: 0, to: 1), .init(from: 0, to: 1)])),
    ("huge deleted sections", TreeChanges(deletedSections: IndexSet(integersIn: 1..<(1 << 62)))),
    ("empty range", TreeChanges(deletedRowRanges: [Self.rows(0, 1..<1)])),
    ("negative rows", TreeChanges(deletedRowRanges: [Self.rows(0, -1..<1)], insertedRowRanges: [Self.rows(0, 0..<2)])),
    ("negative section", TreeChanges(reloadedRowRanges: [Self.rows(-1, 0..<1)])),
    ("huge section", TreeChanges(reloadedRowRanges: [Self.rows(Int.max, 0..<1)])),
    ("huge rows", TreeChanges(reloadedRowRanges: [Self.rows(0, 0..<(1 << 62))])),
    ("all rows", TreeChanges(reloadedRowRanges: [Self.rows(0, Int.min..<Int.max)])),
    ("a move of all rows", TreeChanges(movedRowRanges: [Self.move(0, Int.min..<Int.max, 0, 0..<1)])),
    ("a move of all rows both sides", TreeChanges(movedRowRanges: [Self.move(0, Int.min..<Int.max, 0, Int.min..<Int.max)])),
    ("moves of different sizes", TreeChanges(movedRowRanges: [Self.move(0, 0..<1, 0, 1..<3)])),
    ("rows reloaded twice", TreeChanges(reloadedRowRanges: [Self.rows(0, 0..<2), Self.rows(0, 1..<3)])),
    ("rows reloaded twice, unsorted", TreeChanges(reloadedRowRanges: [Self.rows(0, 1..<3), Self.rows(0, 0..<2)])),
    ("a duplicate range", TreeChanges(reloadedRowRanges: [Self.rows(1, 0..<1), Self.rows(1, 0..<1)])),
    (
      "deleted and reloaded, unsorted",
      TreeChanges(
        deletedRowRanges: [Self.rows(0, 2..<3)], insertedRowRanges: [Self.rows(0, 2..<3)],
        reloadedRowRanges: [Self.rows(0, 2..<3), Self.rows(0, 0..<1)])
    ),
    ("nothing", TreeChanges()),
  ]

  @Test(arguments: 0..<Self.garbage.count)
  func garbageIsAViolationAndTheSimulatorReloads(index: Int) {
    let (name, changes) = Self.garbage[index]
    for keepsContents in [true, false] {
      let table = Table([[0, 1, 2], [3]])
      let host = keepsContents ? Self.host(table) : Self.counter(table)
      host.apply(changes)
      #expect(host.violations.count == 1, "\(name): \(changes)")
      #expect(host.numberOfRows == [3, 1], "\(name)")
      if keepsContents { Self.expectShows(table, host) }
    }
  }

  @Test func aViolationDescribesHugeRangesWithoutSpellingThemOut() {
    let table = Table([])
    table.counts = [1 << 62]
    let host = Self.counter(table)
    let huge = Self.rows(0, 0..<(1 << 62))
    host.apply(TreeChanges(deletedRowRanges: [huge], insertedRowRanges: [huge], reloadedRowRanges: [huge]))
    #expect(host.violations.count == 1)
    #expect(host.violations.first.map { $0.description.count < 1000 } == true)
  }

  // MARK: Counts near the limits

  @Test func countsNearIntMaxAreCheckedWithoutOverflow() {
    let table = Table([])
    table.counts = [Int.max, 5]
    let host = Self.counter(table)
    // As many rows inserted as the section holds: the expected count
    // Int.max + Int.max does not fit.
    host.apply(TreeChanges(insertedRowRanges: [Self.rows(0, 0..<Int.max)]))
    #expect(host.violations.count == 1)
    // A valid update on a huge section, in any order, costs no row each.
    table.counts = [Int.max - 2, 5]
    host.apply(
      TreeChanges(
        deletedRowRanges: [Self.rows(0, (Int.max - 1)..<Int.max), Self.rows(0, 0..<1)],
        movedRowRanges: [Self.move(0, 5..<(1 << 61), 0, 4..<((1 << 61) - 1))]))
    #expect(host.violations.count == 1)
    #expect(host.numberOfRows == [Int.max - 2, 5])
  }

  @Test func negativeCountsAreViolationsReadAsNoRows() {
    let table = Table([[0, 1]])
    let host = Self.host(table)
    table.counts = [-3]
    host.apply(TreeChanges(deletedRowRanges: [Self.rows(0, 0..<2)]))
    #expect(host.violations.count == 1)
    #expect(host.numberOfRows == [0])
    #expect(host.rows == [[]])
    let negative = ListHostSimulator(numberOfSections: { -2 }, numberOfRows: { _ in 0 }, rowContent: { _ in 0 })
    negative.reloadData()
    #expect(negative.violations.count == 1)
    #expect(negative.numberOfRows == [])
    #expect(negative.rows == [])
  }

  @Test func aListOfTooManySectionsIsAViolationReadAsNone() {
    let table = Table([])
    table.counts = [1, 2]
    let host = Self.counter(table)
    let huge = ListHostSimulator(numberOfSections: { Int.max }, numberOfRows: { _ in 1 })
    huge.reloadData()
    #expect(huge.violations.count == 1)
    #expect(huge.numberOfRows == [])
    host.apply(TreeChanges(insertedSections: IndexSet(integersIn: 2..<(1 << 40))))
    #expect(host.violations.count == 1)
    #expect(host.numberOfRows == [1, 2])
  }

  @Test func aListOfTooManyRowsForContentsKeepsNone() {
    let table = Table([[0, 1], [2, 3, 4, 5, 6]])
    let host = Self.host(table)
    table.counts = [1 << 40, 5]
    host.apply(TreeChanges(insertedRowRanges: [Self.rows(0, 2..<(1 << 40))]))
    #expect(host.violations.count == 1)  // too many rows to keep
    #expect(host.numberOfRows == [1 << 40, 5])
    #expect(host.rows == nil)
    table.counts = [Int.max, Int.max]
    host.reloadData()
    #expect(host.violations.count == 2)
    #expect(host.rows == nil)
    table.counts = nil
    table.sections = [[0, 1], [2]]
    host.reloadData()
    #expect(host.violations.count == 2)
    Self.expectShows(table, host)
  }

  // MARK: A list the host was not told about

  @Test func applyBeforeAnyReloadIsCheckedAgainstNoSections() throws {
    let source = Hooked()
    let list = TreeList(dataSource: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    host.removeRecordedCalls()
    let fresh = ListHostSimulator(list: list)  // never reloaded
    try list.expand([1])
    #expect(fresh.violations.count == 1)
    #expect(fresh.rows == Self.contents(of: list))
    #expect(host.violations.isEmpty)  // no longer the list's host: told nothing
    // An update that inserts every section is valid before any reload.
    let table = Table([[1, 2], [3]])
    let unloaded = ListHostSimulator(
      numberOfSections: { table.numberOfSections }, numberOfRows: { table.numberOfRows($0) },
      rowContent: { table.read($0) })
    unloaded.apply(TreeChanges(insertedSections: [0, 1]))
    #expect(unloaded.violations.isEmpty)
    Self.expectShows(table, unloaded)
  }

  @Test func mismatchedRowsOfAListThatShrankWithoutTellingTheHost() throws {
    let source = Hooked()
    let list = TreeList(dataSource: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try list.expand([1])
    list.host = nil
    try list.collapse([1])  // 3 rows now; the host still shows 5
    #expect(host.mismatchedRows() == [IndexPath(indexes: [0, 2]), IndexPath(indexes: [0, 3]), IndexPath(indexes: [0, 4])])
    // An update checked against the rows it shows is a violation; it reloads.
    host.apply(TreeChanges(reloadedRowRanges: [Self.rows(0, 0..<1)]))
    #expect(host.violations.count == 1)
    #expect(host.rows == Self.contents(of: list))
  }

  // MARK: Random updates

  /// A random valid update of `old` (unique row identities), as the new
  /// sections and the update with one range per row run, sorted.
  static func randomUpdate(of old: [[Int]], nextID: inout Int, using rng: inout SeededGenerator) -> ([[Int]], TreeChanges) {
    func chance(_ n: Int) -> Bool { Int.random(in: 0..<n, using: &rng) == 0 }
    func fresh() -> Int {
      defer { nextID += 1 }
      return nextID
    }
    // Sections: some deleted, some moved, the rest persist in order; new
    // ones are inserted anywhere.
    let deletedSections = old.indices.filter { _ in chance(5) }
    let movedSections = old.indices.filter { !deletedSections.contains($0) && chance(4) }
    // Rows: some deleted, some moved (anywhere into a surviving section),
    // some reloaded (rows that stay, in sections that neither go nor move).
    var deleted: [(Int, Int)] = []
    var moved: [(section: Int, row: Int)] = []
    var reloaded: [(Int, Int)] = []
    var staying = [[Int]](repeating: [], count: old.count)
    for section in old.indices where !deletedSections.contains(section) {
      for (row, id) in old[section].enumerated() {
        if chance(5) {
          deleted.append((section, row))
        } else if chance(4) {
          moved.append((section, row))
        } else if !movedSections.contains(section) && chance(5) {
          reloaded.append((section, row))
          staying[section].append(fresh())
        } else {
          staying[section].append(id)
        }
      }
    }
    // The new sections: the persisting ones in order, the moved and the
    // inserted ones anywhere; each is nil for an inserted section or the
    // old section it continues.
    var order: [Int?] = old.indices.filter { !deletedSections.contains($0) && !movedSections.contains($0) }
    for section in movedSections.shuffled(using: &rng) { order.insert(section, at: Int.random(in: 0...order.count, using: &rng)) }
    for _ in 0..<Int.random(in: 0...2, using: &rng) { order.insert(nil, at: Int.random(in: 0...order.count, using: &rng)) }
    var new: [[Int?]] = order.map { $0.map { staying[$0].map { Optional($0) } } ?? [] }
    let surviving = order.indices.filter { order[$0] != nil }
    var movedTo: [(Int, Int)?] = Array(repeating: nil, count: moved.count)
    if !surviving.isEmpty {
      for k in moved.indices.shuffled(using: &rng) {
        let section = surviving.randomElement(using: &rng)!
        new[section].insert(-1 - k, at: Int.random(in: 0...new[section].count, using: &rng))
      }
    }
    for section in new.indices where order[section] != nil {
      for _ in 0..<Int.random(in: 0...2, using: &rng) {
        new[section].insert(nil, at: Int.random(in: 0...new[section].count, using: &rng))
      }
    }
    var inserted: [(Int, Int)] = []
    var result: [[Int]] = []
    for section in new.indices {
      var rows: [Int] = []
      if order[section] == nil {
        rows = (0..<Int.random(in: 0...3, using: &rng)).map { _ in fresh() }
      } else {
        for (row, entry) in new[section].enumerated() {
          switch entry {
          case nil:
            inserted.append((section, row))
            rows.append(fresh())
          case let id? where id < 0:
            movedTo[-1 - id] = (section, row)
            rows.append(old[moved[-1 - id].section][moved[-1 - id].row])
          case let id?:
            rows.append(id)
          }
        }
      }
      result.append(rows)
    }
    // With no surviving section, the rows that would move are deleted.
    var moves: [TreeChanges.RowRangeMove] = []
    for (k, from) in moved.enumerated() {
      if let to = movedTo[k] {
        moves.append(move(from.section, from.row..<(from.row + 1), to.0, to.1..<(to.1 + 1)))
      } else {
        deleted.append(from)
      }
    }
    func runs(_ rows: [(Int, Int)]) -> [TreeChanges.RowRange] {
      var ranges: [TreeChanges.RowRange] = []
      for (section, row) in rows.sorted(by: { ($0.0, $0.1) < ($1.0, $1.1) }) {
        if let last = ranges.last, last.section == section, last.rows.upperBound == row, !chance(3) {
          ranges[ranges.count - 1].rows = last.rows.lowerBound..<(row + 1)
        } else {
          ranges.append(Self.rows(section, row..<(row + 1)))
        }
      }
      return ranges
    }
    let changes = TreeChanges(
      deletedSections: IndexSet(deletedSections), insertedSections: IndexSet(order.indices.filter { order[$0] == nil }),
      deletedRowRanges: runs(deleted), insertedRowRanges: runs(inserted), reloadedRowRanges: runs(reloaded),
      movedRowRanges: moves.sorted { ($0.from.section, $0.from.rows.lowerBound) < ($1.from.section, $1.from.rows.lowerBound) },
      movedSections: movedSections.map { section in .init(from: section, to: order.firstIndex(of: section)!) })
    return (result, changes)
  }

  /// `changes` with every list in a random order.
  static func shuffled(_ changes: TreeChanges, using rng: inout SeededGenerator) -> TreeChanges {
    var result = changes
    result.deletedRowRanges.shuffle(using: &rng)
    result.insertedRowRanges.shuffle(using: &rng)
    result.reloadedRowRanges.shuffle(using: &rng)
    result.movedRowRanges.shuffle(using: &rng)
    result.movedSections.shuffle(using: &rng)
    return result
  }

  /// A number that is sometimes in range, sometimes just out, sometimes
  /// huge or negative.
  static func wild(_ limit: Int, using rng: inout SeededGenerator) -> Int {
    switch Int.random(in: 0..<10, using: &rng) {
    case 0: return Int.max
    case 1: return Int.min
    case 2: return -Int.random(in: 1...3, using: &rng)
    case 3: return Int.random(in: Int.min...Int.max, using: &rng)
    case 4: return 1 << 62
    default: return Int.random(in: 0...(limit + 1), using: &rng)
    }
  }

  static func wildRange(_ limit: Int, using rng: inout SeededGenerator) -> Range<Int> {
    let a = wild(limit, using: &rng)
    let b = Int.random(in: 0..<3, using: &rng) == 0 ? wild(limit, using: &rng) : a &+ Int.random(in: 0...2, using: &rng)
    return min(a, b)..<max(a, b)
  }

  /// `changes` broken in a way `UITableView` rejects.
  static func broken(_ changes: TreeChanges, sections: Int, using rng: inout SeededGenerator) -> TreeChanges {
    var result = changes
    switch Int.random(in: 0..<8, using: &rng) {
    case 0 where !changes.deletedRowRanges.isEmpty:
      result.deletedRowRanges.append(changes.deletedRowRanges.randomElement(using: &rng)!)
    case 1 where !changes.movedRowRanges.isEmpty:
      let k = Int.random(in: 0..<changes.movedRowRanges.count, using: &rng)
      result.movedRowRanges[k].to.rows =
        result.movedRowRanges[k].to.rows.lowerBound..<(result.movedRowRanges[k].to.rows.upperBound + 1)
    case 2:
      result.reloadedRowRanges.append(rows(Int.random(in: 0...sections, using: &rng), 0..<0))
    case 3:
      result.reloadedRowRanges.append(rows(-Int.random(in: 1...3, using: &rng), 0..<1))
    case 4:
      result.insertedRowRanges.append(rows(sections + Int.random(in: 0...3, using: &rng), 0..<1))
    case 5:
      result.movedSections.append(.init(from: wild(sections, using: &rng) | Int.min, to: 0))
    case 6 where !changes.reloadedRowRanges.isEmpty:
      result.deletedRowRanges.append(changes.reloadedRowRanges.randomElement(using: &rng)!)
    default:
      result.movedRowRanges.append(
        .init(from: rows(0, Int.min..<Int.random(in: 0...Int.max, using: &rng)), to: rows(0, 0..<1)))
    }
    return shuffled(result, using: &rng)
  }

  /// A change set of random parts, valid only by chance.
  static func garbage(sections: Int, rows: Int, using rng: inout SeededGenerator) -> TreeChanges {
    func some<T>(_ make: (inout SeededGenerator) -> T) -> [T] {
      (0..<Int.random(in: 0...2, using: &rng)).map { _ in make(&rng) }
    }
    func section(_ rng: inout SeededGenerator) -> Int { wild(sections, using: &rng) }
    func range(_ rng: inout SeededGenerator) -> TreeChanges.RowRange {
      .init(section: section(&rng), rows: wildRange(rows, using: &rng))
    }
    func indexSet(_ rng: inout SeededGenerator) -> IndexSet {
      var set = IndexSet()
      for _ in 0..<Int.random(in: 0...1, using: &rng) {
        let a = Int.random(in: -3...(sections + 1), using: &rng)
        set.insert(integersIn: a..<(a + Int.random(in: 0...2, using: &rng)))
      }
      // An index set holds fewer than Int.max indices: a huge set alone.
      if Int.random(in: 0..<20, using: &rng) == 0 { set = IndexSet(integersIn: 1..<(Int.max - 1)) }
      return set
    }
    return TreeChanges(
      deletedSections: indexSet(&rng), insertedSections: indexSet(&rng),
      deletedRowRanges: some(range), insertedRowRanges: some(range), reloadedRowRanges: some(range),
      movedRowRanges: some { .init(from: range(&$0), to: range(&$0)) },
      movedSections: some { .init(from: section(&$0), to: section(&$0)) })
  }

  @Test(arguments: 1...4)
  func randomUpdatesNeverTrapAndLeaveTheSimulatorConsistent(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var nextID = 1000
    let table = Table(
      (0..<Int.random(in: 0...4, using: &rng)).map { _ in
        (0..<Int.random(in: 0...6, using: &rng)).map { _ in
          defer { nextID += 1 }
          return nextID
        }
      })
    let sorted = Self.host(table)
    let shuffled = Self.host(table)
    let counter = Self.counter(table)
    var applied = 0
    var rejected = 0
    for step in 0..<1500 {
      let old = table.sections
      let (new, changes) = Self.randomUpdate(of: old, nextID: &nextID, using: &rng)
      let rowsLimit = old.map(\.count).max() ?? 0
      let label: Comment = "seed \(seed), step \(step): \(old) → \(new) by \(changes)"
      table.sections = new
      switch Int.random(in: 0..<4, using: &rng) {
      case 0, 1:
        // Valid, in any order: the same rows as sorted.
        let any = Self.shuffled(changes, using: &rng)
        let violationsBefore = (sorted.violations.count, shuffled.violations.count, counter.violations.count)
        sorted.apply(changes)
        shuffled.apply(any)
        counter.apply(any)
        if changes.isEmpty {
          #expect(sorted.violations.count == violationsBefore.0 + 1, label)
        } else {
          applied += 1
          #expect(sorted.violations.count == violationsBefore.0, label)
          #expect(shuffled.violations.count == violationsBefore.1, "\(label) as \(any)")
          #expect(counter.violations.count == violationsBefore.2, "\(label) as \(any)")
        }
        #expect(shuffled.rows == sorted.rows, label)
      case 2:
        // Broken: reported, and the simulator reloads.
        let bad = Self.broken(changes, sections: max(old.count, new.count), using: &rng)
        let violationsBefore = shuffled.violations.count
        shuffled.apply(bad)
        counter.apply(bad)
        sorted.reloadData()
        rejected += 1
        #expect(shuffled.violations.count == violationsBefore + 1, "\(label) broken as \(bad)")
      default:
        // Anything: reported or, by chance, valid; either way no trap.
        let any = Self.garbage(sections: max(old.count, new.count), rows: rowsLimit, using: &rng)
        let violationsBefore = shuffled.violations.count
        shuffled.apply(any)
        counter.apply(any)
        sorted.reloadData()
        if shuffled.violations.count == violationsBefore {
          // Accepted: it must have been valid, so the counts add up.
          #expect(shuffled.numberOfRows == table.sections.map(\.count), "\(label): \(any)")
          shuffled.reloadData()
        }
      }
      for host in [sorted, shuffled, counter] {
        #expect(host.numberOfRows == table.sections.map(\.count), label)
      }
      #expect(sorted.rows == table.contents, label)
      #expect(shuffled.rows == table.contents, label)
      if sorted.rows != table.contents || shuffled.rows != table.contents { return }
    }
    #expect(applied > 500)
    #expect(rejected > 200)
  }

  // MARK: Judged row by row

  /// Whether `UITableView` accepts `changes` from rows counted `old` to
  /// rows counted `new`: the rules checked naively, row by row.
  static func isValid(_ changes: TreeChanges, old: [Int], new: [Int]) -> Bool {
    guard !changes.isEmpty else { return false }
    let deletedSections = Set(changes.deletedSections)
    let insertedSections = Set(changes.insertedSections)
    guard deletedSections.allSatisfy(old.indices.contains), insertedSections.allSatisfy(new.indices.contains) else {
      return false
    }
    var movedFrom = Set<Int>()
    var movedTo = Set<Int>()
    for move in changes.movedSections {
      guard old.indices.contains(move.from), new.indices.contains(move.to), !deletedSections.contains(move.from),
        !insertedSections.contains(move.to), movedFrom.insert(move.from).inserted, movedTo.insert(move.to).inserted
      else { return false }
    }
    guard new.count == old.count - deletedSections.count + insertedSections.count else { return false }
    guard changes.movedRowRanges.allSatisfy({ $0.from.rows.count == $0.to.rows.count }) else { return false }
    func collect(_ ranges: [TreeChanges.RowRange], _ counts: [Int], excluding excluded: Set<Int>) -> Set<[Int]>? {
      var rows = Set<[Int]>()
      for range in ranges {
        guard counts.indices.contains(range.section), !excluded.contains(range.section), !range.rows.isEmpty,
          range.rows.lowerBound >= 0, range.rows.upperBound <= counts[range.section]
        else { return nil }
        for row in range.rows {
          guard rows.insert([range.section, row]).inserted else { return nil }
        }
      }
      return rows
    }
    guard
      let leaving = collect(
        changes.deletedRowRanges + changes.movedRowRanges.map(\.from), old, excluding: deletedSections),
      let arriving = collect(
        changes.insertedRowRanges + changes.movedRowRanges.map(\.to), new, excluding: insertedSections),
      let reloaded = collect(changes.reloadedRowRanges, old, excluding: deletedSections.union(movedFrom)),
      reloaded.isDisjoint(with: leaving)
    else { return false }
    var pairs = changes.movedSections.map { ($0.from, $0.to) }
    let persistingOld = old.indices.filter { !deletedSections.contains($0) && !movedFrom.contains($0) }
    let persistingNew = new.indices.filter { !insertedSections.contains($0) && !movedTo.contains($0) }
    pairs += zip(persistingOld, persistingNew)
    return pairs.allSatisfy { from, to in
      new[to] == old[from] - leaving.filter { $0[0] == from }.count + arriving.filter { $0[0] == to }.count
    }
  }

  /// `changes` with one to three small edits, valid or not.
  static func perturbed(_ changes: TreeChanges, sections: Int, rows: Int, using rng: inout SeededGenerator) -> TreeChanges {
    var result = changes
    func small(_ limit: Int) -> Int { Int.random(in: -1...(limit + 1), using: &rng) }
    func range() -> TreeChanges.RowRange {
      let lower = small(rows)
      return .init(section: small(sections), rows: lower..<(lower + Int.random(in: 0...2, using: &rng)))
    }
    func edit(_ ranges: inout [TreeChanges.RowRange]) {
      switch Int.random(in: 0..<3, using: &rng) {
      case 0 where !ranges.isEmpty: ranges.remove(at: Int.random(in: 0..<ranges.count, using: &rng))
      case 1 where !ranges.isEmpty:
        let k = Int.random(in: 0..<ranges.count, using: &rng)
        let shift = Bool.random(using: &rng) ? 1 : -1
        ranges[k].rows = (ranges[k].rows.lowerBound + shift)..<(ranges[k].rows.upperBound + shift)
      default: ranges.append(range())
      }
    }
    for _ in 0..<Int.random(in: 1...3, using: &rng) {
      switch Int.random(in: 0..<9, using: &rng) {
      case 0: edit(&result.deletedRowRanges)
      case 1: edit(&result.insertedRowRanges)
      case 2: edit(&result.reloadedRowRanges)
      case 3 where !result.movedRowRanges.isEmpty:
        let k = Int.random(in: 0..<result.movedRowRanges.count, using: &rng)
        if Bool.random(using: &rng) {
          result.movedRowRanges.remove(at: k)
        } else {
          result.movedRowRanges[k].to.section = small(sections)
        }
      case 4:
        let from = range()
        let to = Int.random(in: 0..<4, using: &rng) == 0 ? range() : .init(section: small(sections), rows: from.rows)
        result.movedRowRanges.append(.init(from: from, to: to))
      case 5: result.deletedSections.insert(small(sections))
      case 6: result.insertedSections.insert(small(sections))
      case 7 where !result.movedSections.isEmpty: result.movedSections.removeLast()
      default: result.movedSections.append(.init(from: small(sections), to: small(sections)))
      }
    }
    return shuffled(result, using: &rng)
  }

  @Test(arguments: 1...4)
  func perturbedUpdatesAreJudgedAsRowByRowRules(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var nextID = 1000
    let table = Table((0..<3).map { _ in [] })
    let host = Self.host(table)
    let counter = Self.counter(table)
    var valid = 0
    var invalid = 0
    for step in 0..<1500 {
      let old = table.sections
      let (new, changes) = Self.randomUpdate(of: old, nextID: &nextID, using: &rng)
      table.sections = new.count > 6 ? Array(new.prefix(6)) : new
      if table.sections.count != new.count {
        // Too many sections: start again from these.
        host.reloadData()
        counter.reloadData()
        continue
      }
      let oldCounts = old.map(\.count)
      let newCounts = new.map(\.count)
      let edited = Self.perturbed(
        changes, sections: max(old.count, new.count), rows: (oldCounts + newCounts).max() ?? 0, using: &rng)
      let expected = Self.isValid(edited, old: oldCounts, new: newCounts)
      if expected { valid += 1 } else { invalid += 1 }
      let before = (host.violations.count, counter.violations.count)
      host.apply(edited)
      counter.apply(edited)
      let label: Comment = "seed \(seed), step \(step): \(oldCounts) → \(newCounts) by \(edited)"
      #expect((host.violations.count == before.0) == expected, label)
      #expect((counter.violations.count == before.1) == expected, label)
      #expect(host.numberOfRows == newCounts, label)
      #expect(counter.numberOfRows == newCounts, label)
      host.reloadData()
    }
    #expect(valid > 50)
    #expect(invalid > 500)
  }

  // MARK: The sequential spelling

  @Test(arguments: 1...4)
  func theSequentialSpellingOfAnUpdateInAnyOrderIsTheSortedOnes(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    var nextID = 1000
    var spelled = 0
    for _ in 0..<1500 {
      let old = [(0..<Int.random(in: 0...10, using: &rng)).map { $0 }]
      let (new, changes) = Self.randomUpdate(of: old, nextID: &nextID, using: &rng)
      guard new.count == 1, changes.deletedSections.isEmpty, changes.insertedSections.isEmpty else { continue }
      spelled += 1
      let any = Self.shuffled(changes, using: &rng)
      let sorted = _SequentialRowUpdate(changes, numberOfRowsAfter: new[0].count)
      #expect(_SequentialRowUpdate(any, numberOfRowsAfter: new[0].count) == sorted, "seed \(seed): \(any)")
      for range in changes.reloadedRowRanges {
        for row in range.rows {
          #expect(
            _SequentialRowUpdate.newRow(ofStaying: row, in: any) == _SequentialRowUpdate.newRow(ofStaying: row, in: changes))
        }
      }
    }
    #expect(spelled > 250)
  }
}
