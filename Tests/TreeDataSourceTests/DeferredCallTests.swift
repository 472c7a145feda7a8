import Foundation
import Testing
import TreeDataSource

// Every public operation of a list that calls out (to its data source,
// host, delegate or height closure) runs, before it returns, the changes
// that the code it called deferred: an `apply(_:)` or a new height closure
// from inside a height closure, a `reloadData()` or `collapseAll()` from
// inside a host update or a delegate's answer. Each test re-enters once
// from one call of one operation, then checks that the list has the
// deferred change and that the host saw it, without a violation.

/// Runs a hook once, from the first call that fires it.
final class OneShot {
  private var hook: (() -> Void)?
  private(set) var fired = 0

  /// Arms `hook`: the next ``fire()`` runs it.
  func arm(_ hook: @escaping () -> Void) {
    self.hook = hook
  }

  /// Drops the armed hook, if any (which may hold what holds the shot).
  func disarm() { hook = nil }

  /// Runs the armed hook, if any, and disarms it.
  func fire() {
    guard let hook else { return }
    self.hook = nil
    fired += 1
    hook()
  }
}

/// A host that passes every call on to a simulator, then fires its hook.
final class HookedHost: TreeListHost {
  let simulator: ListHostSimulator
  let shot = OneShot()

  init(_ simulator: ListHostSimulator) {
    self.simulator = simulator
  }

  func reloadData() {
    simulator.reloadData()
    shot.fire()
  }

  func apply(_ changes: TreeChanges) {
    simulator.apply(changes)
    shot.fire()
  }

  /// Whether the simulator shows the list's rows, and saw no violation.
  func matches(sections: Int, rows: (Int) -> Int) -> Bool {
    simulator.violations.isEmpty && simulator.mismatchedRows().isEmpty
      && simulator.numberOfRows == (0..<sections).map(rows)
  }
}

/// A delegate of a diffable list that fires its hook from each `should…`
/// and `will…` call.
final class HookedDiffableDelegate: DiffableTreeListDelegate {
  typealias ItemID = String
  let shot = OneShot()

  func shouldExpandItem(_ item: String) -> Bool {
    shot.fire()
    return true
  }

  func willExpandItem(_ item: String) { shot.fire() }

  func shouldCollapseItem(_ item: String) -> Bool {
    shot.fire()
    return true
  }

  func willCollapseItem(_ item: String) { shot.fire() }
}

@Suite struct DiffableDeferredCallTests {
  /// A list of `A` (with `A1`, `A2`, `A1` with `A1x`) and `B` (with `B1`),
  /// everything collapsed, its host and its delegate.
  static func makeList() throws -> (DiffableTreeList<String>, HookedHost, HookedDiffableDelegate) {
    let list = DiffableTreeList<String>()
    let simulator = ListHostSimulator(
      numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) },
      rowContent: { AnyHashable(list.itemID(at: $0) ?? "no item") })
    let host = HookedHost(simulator)
    list.host = host
    let delegate = HookedDiffableDelegate()
    list.delegate = delegate
    var snapshot = list.snapshot
    try snapshot.append(["A", "B"])
    try snapshot.append(["A1", "A2"], to: "A")
    try snapshot.append(["A1x"], to: "A1")
    try snapshot.append(["B1"], to: "B")
    list.apply(snapshot)
    return (list, host, delegate)
  }

  /// The list's snapshot with `C` appended.
  static func withC(_ list: DiffableTreeList<String>) -> TreeSnapshot<String> {
    var next = list.snapshot
    try! next.append(["C"])
    return next
  }

  static func check(_ list: DiffableTreeList<String>, _ host: HookedHost, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      host.matches(sections: list.numberOfSections, rows: list.numberOfRows(inSection:)),
      "violations \(host.simulator.violations), calls \(host.simulator.calls), mismatched \(host.simulator.mismatchedRows())",
      sourceLocation: sourceLocation)
  }

  @Test func aHeightClosureThatAppliesASnapshot() throws {
    let (list, host, _) = try Self.makeList()
    let shot = OneShot()
    shot.arm { list.apply(Self.withC(list)) }
    list.heightOfItem = { _ in
      shot.fire()
      return 2
    }
    #expect(shot.fired == 1)
    #expect(list.snapshot.contains("C"))
    #expect(list.itemID(atRow: 2) == "C")
    #expect(list.contentHeight == 6)
    Self.check(list, host)
  }

  @Test func aHeightClosureThatSetsAnotherOne() throws {
    let (list, host, _) = try Self.makeList()
    let shot = OneShot()
    shot.arm { list.heightOfItem = { _ in 5 } }
    list.heightOfItem = { _ in
      shot.fire()
      return 2
    }
    #expect(shot.fired == 1)
    #expect(list.contentHeight == 10)
    Self.check(list, host)
  }

  @Test func aHostThatAppliesFromItsReload() throws {
    let (list, host, _) = try Self.makeList()
    host.shot.arm { list.apply(Self.withC(list)) }
    list.host = host
    #expect(list.snapshot.contains("C"))
    #expect(host.simulator.calls.last.map { if case .apply = $0 { true } else { false } } == true)
    Self.check(list, host)
  }

  @Test func aHostThatAppliesFromAnUpdate() throws {
    let (list, host, _) = try Self.makeList()
    host.shot.arm { list.apply(Self.withC(list)) }
    var next = list.snapshot
    try next.append(["D"])
    list.apply(next)
    #expect(list.snapshot.contains("C") && list.snapshot.contains("D"))
    Self.check(list, host)
  }

  @Test func aHostThatChangesHeightsFromAnUpdate() throws {
    let (list, host, _) = try Self.makeList()
    list.heightOfItem = { _ in 1 }
    host.shot.arm { list.heightOfItem = { _ in 3 } }
    try list.expand("A")
    #expect(list.numberOfRows == 4)
    #expect(list.contentHeight == 12)
    Self.check(list, host)
  }

  @Test(arguments: ["expand", "expand recursively", "collapse", "collapse recursively", "reveal"])
  func aDelegateThatAppliesFromItsAnswer(operation: String) throws {
    let (list, host, delegate) = try Self.makeList()
    if operation.hasPrefix("collapse") { try list.expand("A") }
    delegate.shot.arm { list.apply(Self.withC(list)) }
    switch operation {
    case "expand": try list.expand("A")
    case "expand recursively": try list.expand("A", recursively: true)
    case "collapse": try list.collapse("A")
    case "collapse recursively": try list.collapse("A", recursively: true)
    default: try list.reveal("A1x")
    }
    #expect(delegate.shot.fired == 1)
    #expect(list.snapshot.contains("C"))
    #expect(list.itemID(atRow: list.numberOfRows - 1) == "C")
    Self.check(list, host)
  }
}

/// A data source of three root items with two subitems each, which fires
/// its hook from every question.
final class HookedDataSource: TreeDataSource {
  let shot = OneShot()

  func numberOfSubitems(of parent: TreePath?) -> Int {
    shot.fire()
    return parent == nil ? 3 : parent!.depth == 1 ? 2 : 0
  }

  func height(ofItemAt treePath: TreePath) -> Double {
    shot.fire()
    return 1
  }

  func item(at treePath: TreePath) -> String {
    shot.fire()
    return treePath.description
  }
}

/// A delegate of a tree list that fires its hook from each `should…` and
/// `will…` call.
final class HookedDelegate: TreeListDelegate {
  let shot = OneShot()

  func shouldExpandItem(at treePath: TreePath) -> Bool {
    shot.fire()
    return true
  }

  func willExpandItem(at treePath: TreePath) { shot.fire() }

  func shouldCollapseItem(at treePath: TreePath) -> Bool {
    shot.fire()
    return true
  }

  func willCollapseItem(at treePath: TreePath) { shot.fire() }
}

@Suite struct TreeListDeferredCallTests {
  /// A loaded list, its data source, host and delegate, with `[1]`
  /// expanded.
  static func makeList() throws -> (TreeList<HookedDataSource>, HookedHost, HookedDelegate) {
    let list = TreeList(dataSource: HookedDataSource())
    let simulator = ListHostSimulator(
      numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) },
      rowContent: { AnyHashable(list.item(at: $0)) })
    let host = HookedHost(simulator)
    list.host = host
    let delegate = HookedDelegate()
    list.delegate = delegate
    list.reloadData()
    try list.expand([1])
    return (list, host, delegate)
  }

  static func check(_ list: TreeList<HookedDataSource>, _ host: HookedHost, sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(
      host.matches(sections: list.numberOfSections, rows: list.numberOfRows(inSection:)),
      "violations \(host.simulator.violations), calls \(host.simulator.calls), mismatched \(host.simulator.mismatchedRows())",
      sourceLocation: sourceLocation)
  }

  static let operations = [
    "item(at:)", "reloadData", "expand", "expand recursively", "collapse", "collapse recursively", "toggle",
    "reveal", "expandAll", "collapseAll",
  ]

  /// Runs `operation` on a list whose `[1]` is expanded (and `[0]`, for a
  /// collapse), with `arm` arming a hook that collapses everything.
  static func run(_ operation: String, on list: TreeList<HookedDataSource>) throws {
    switch operation {
    case "item(at:)": _ = list.item(at: IndexPath(indexes: [0, 0]))
    case "reloadData": list.reloadData()
    case "expand": try list.expand([0])
    case "expand recursively": try list.expand([0], recursively: true)
    case "collapse": try list.collapse([0])
    case "collapse recursively": try list.collapse([0], recursively: true)
    case "toggle": try list.toggle([0])
    case "reveal": try list.reveal([0, 1])
    case "expandAll": try list.expandAll()
    default: list.collapseAll()
    }
  }

  @Test(arguments: operations)
  func aDataSourceThatCollapsesEverything(operation: String) throws {
    let (list, host, _) = try Self.makeList()
    if operation.hasPrefix("collapse") { try list.expand([0]) }
    list.dataSource.shot.arm { list.collapseAll() }
    // The list holds its data source: an unfired hook would hold the list.
    defer { list.dataSource.shot.disarm() }
    try Self.run(operation, on: list)
    guard list.dataSource.shot.fired == 1 else { return }  // this operation asks nothing
    #expect(!list.isExpanded([1]) && !list.isExpanded([0]), "\(operation)")
    #expect(list.numberOfRows == 3)
    Self.check(list, host)
  }

  @Test(arguments: operations)
  func aHostThatReloadsFromAnUpdate(operation: String) throws {
    let (list, host, _) = try Self.makeList()
    if operation.hasPrefix("collapse") { try list.expand([0]) }
    host.simulator.removeRecordedCalls()
    host.shot.arm { list.reloadData() }
    try Self.run(operation, on: list)
    guard host.shot.fired == 1 else { return }  // this operation tells the host nothing
    #expect(host.simulator.calls.last == .reloadData, "\(operation)")
    Self.check(list, host)
  }

  @Test(arguments: operations)
  func aDelegateThatCollapsesEverything(operation: String) throws {
    let (list, host, delegate) = try Self.makeList()
    if operation.hasPrefix("collapse") { try list.expand([0]) }
    delegate.shot.arm { list.collapseAll() }
    try Self.run(operation, on: list)
    guard delegate.shot.fired == 1 else { return }  // this operation asks the delegate nothing
    #expect(!list.isExpanded([1]), "\(operation)")
    Self.check(list, host)
  }
}
