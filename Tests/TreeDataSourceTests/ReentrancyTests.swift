import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Calls back into a list from inside the calls the list makes, now and
/// then, and records what happened: every change must be refused with
/// `reentrantUpdate` (or, for reloads and collapsing everything, deferred),
/// and every question answered.
final class Intruder {
  var rng: SeededGenerator
  /// The chance of calling back from one call.
  var chance: Double
  /// Off while the session checks the list.
  var isEnabled = true
  /// How deep the calls back are, one inside another.
  private var depth = 0
  /// What to call back into; weak, as the target's list holds this
  /// intruder through its data source.
  weak var target: (any IntrusionTarget)?

  var refused = 0
  var deferred = 0
  var questions = 0
  var unexpected: [String] = []

  init(seed: UInt64, chance: Double) {
    rng = SeededGenerator(seed: seed)
    self.chance = chance
  }

  /// Calls back into the list, with the set chance, from inside `place`.
  func intrude(from place: String) {
    guard isEnabled, depth < 2, let target, Double.random(in: 0..<1, using: &rng) < chance else { return }
    depth += 1
    defer { depth -= 1 }
    target.intrude(from: place, using: self)
  }

  /// Runs a change the list must refuse.
  func expectRefusal(_ name: String, from place: String, _ change: () throws -> Void) {
    do {
      try change()
      unexpected.append("\(name) from \(place) was not refused")
    } catch let error as TreeDataSourceError where error.reason == .reentrantUpdate {
      refused += 1
    } catch {
      unexpected.append("\(name) from \(place) threw \(error)")
    }
  }
}

/// What an ``Intruder`` calls back into.
protocol IntrusionTarget: AnyObject {
  func intrude(from place: String, using intruder: Intruder)
}

/// A ``ModelTree`` as a data source that calls back into its list from
/// inside its answers.
final class IntrudingDataSource: TreeDataSource {
  let tree: ModelTree
  let intruder: Intruder

  init(tree: ModelTree, intruder: Intruder) {
    self.tree = tree
    self.intruder = intruder
  }

  func node(at path: TreePath?, asked question: String) -> ModelNode {
    intruder.intrude(from: "\(question)(\(path.map { "\($0)" } ?? "nil"))")
    guard let node = tree.node(at: path) else {
      intruder.unexpected.append("the list asked \(question) about \(path.map { "\($0)" } ?? "nil"), which is no item")
      return tree.root
    }
    return node
  }

  func numberOfSubitems(of parent: TreePath?) -> Int { node(at: parent, asked: "numberOfSubitems").children.count }
  func isExpanded(_ treePath: TreePath) -> Bool { node(at: treePath, asked: "isExpanded").startsExpanded }
  func height(ofItemAt treePath: TreePath) -> Double { Double(node(at: treePath, asked: "height").height) }
  func item(at treePath: TreePath) -> Int { node(at: treePath, asked: "item").id }
}

/// A host that keeps a ``ListHostSimulator`` up to date and calls back into
/// the list from inside its updates, before or after it applies them.
final class IntrudingHost: TreeListHost {
  let simulator: ListHostSimulator
  let intruder: Intruder

  init(simulator: ListHostSimulator, intruder: Intruder) {
    self.simulator = simulator
    self.intruder = intruder
  }

  func reloadData() {
    intruder.intrude(from: "host reloadData, before")
    simulator.reloadData()
    intruder.intrude(from: "host reloadData, after")
  }

  func apply(_ changes: TreeChanges) {
    intruder.intrude(from: "host apply, before")
    simulator.apply(changes)
    intruder.intrude(from: "host apply, after")
  }
}

/// A delegate that calls back into the list from inside every call.
final class IntrudingDelegate: TreeListDelegate {
  let intruder: Intruder
  init(intruder: Intruder) { self.intruder = intruder }

  func shouldExpandItem(at treePath: TreePath) -> Bool {
    intruder.intrude(from: "shouldExpandItem(\(treePath))")
    return true
  }
  func willExpandItem(at treePath: TreePath) { intruder.intrude(from: "willExpandItem(\(treePath))") }
  func shouldCollapseItem(at treePath: TreePath) -> Bool {
    intruder.intrude(from: "shouldCollapseItem(\(treePath))")
    return true
  }
  func willCollapseItem(at treePath: TreePath) { intruder.intrude(from: "willCollapseItem(\(treePath))") }
}

/// One session: a random tree, a list with an intruding data source, host
/// and delegate, and random operations from outside, each checked against
/// the tree afterwards.
final class ReentrantSession: IntrusionTarget {
  let label: String
  var rng: SeededGenerator
  let tree: ModelTree
  let intruder: Intruder
  let list: TreeList<IntrudingDataSource>
  let simulator: ListHostSimulator
  let host: IntrudingHost
  let delegate: IntrudingDelegate
  var failures: [String] = []

  init(seed: UInt64, layout: TreeIndex.Layout) {
    label = "seed \(seed), \(layout)"
    rng = SeededGenerator(seed: seed)
    tree = ModelTree.random(size: 40, maxDepth: 4, using: &rng)
    intruder = Intruder(seed: seed &+ 1, chance: 0.08)
    let list = TreeList(dataSource: IntrudingDataSource(tree: tree, intruder: intruder), layout: layout)
    self.list = list
    simulator = ListHostSimulator(
      numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) },
      rowContent: { AnyHashable(list.item(at: $0)) })
    host = IntrudingHost(simulator: simulator, intruder: intruder)
    delegate = IntrudingDelegate(intruder: intruder)
    list.host = host
    list.delegate = delegate
    intruder.target = self
  }

  // MARK: Calling back

  func randomPath() -> TreePath {
    let nodes = tree.allNodes
    if nodes.isEmpty || Int.random(in: 0..<10, using: &rng) == 0 { return [Int.random(in: 0..<3, using: &rng)] }
    return tree.path(of: nodes.randomElement(using: &rng)!)!
  }

  func intrude(from place: String, using intruder: Intruder) {
    let path = randomPath()
    switch Int.random(in: 0..<16, using: &intruder.rng) {
    case 0:
      list.reloadData()
      intruder.deferred += 1
    case 1:
      list.collapseAll()
      intruder.deferred += 1
    case 2: intruder.expectRefusal("expand", from: place) { try list.expand(path) }
    case 3: intruder.expectRefusal("collapse", from: place) { try list.collapse(path, recursively: true) }
    case 4: intruder.expectRefusal("toggle", from: place) { try list.toggle(path) }
    case 5: intruder.expectRefusal("reveal", from: place) { try list.reveal(path) }
    case 6: intruder.expectRefusal("expandAll", from: place) { try list.expandAll() }
    case 7: intruder.expectRefusal("insertItems", from: place) { try list.insertItems(at: [path]) }
    case 8: intruder.expectRefusal("deleteItems", from: place) { try list.deleteItems(at: [path]) }
    case 9: intruder.expectRefusal("moveItem", from: place) { try list.moveItem(at: path, to: [0]) }
    case 10: intruder.expectRefusal("reloadItems", from: place) { try list.reloadItems(at: [path]) }
    case 11: intruder.expectRefusal("performBatchUpdates", from: place) { try list.performBatchUpdates {} }
    default:
      // Questions, answered from the list as it stands.
      intruder.questions += 1
      let rows = list.numberOfRows
      var total = 0
      for section in 0..<list.numberOfSections { total += list.numberOfRows(inSection: section) }
      if total != rows { intruder.unexpected.append("\(place): the sections hold \(total) rows, not \(rows)") }
      if rows > 0 {
        let row = Int.random(in: 0..<rows, using: &intruder.rng)
        if let treePath = list.treePath(forRow: row) {
          if list.row(for: treePath) != row { intruder.unexpected.append("\(place): row \(row) does not map back") }
          if let table = list.tableIndexPath(fromTreePath: treePath) {
            _ = list.item(at: table)
            _ = list.height(at: table)
          }
          _ = list.level(forRow: row)
          _ = list.rows(inSubtreeAt: treePath)
          _ = list.visibleTreePath(after: treePath)
        } else {
          intruder.unexpected.append("\(place): row \(row) of \(rows) has no path")
        }
        _ = list.offset(ofRow: row)
      }
      _ = list.row(atOffset: list.contentHeight / 2)
      _ = list.isExpanded(path)
      _ = list.isVisible(path)
      _ = list.numberOfSubitems(of: path)
    }
  }

  // MARK: Running

  func run(steps: Int) {
    list.reloadData()
    check("reloadData()")
    for step in 0..<steps where failures.isEmpty {
      let operation = randomStep()
      check("step \(step): \(operation)")
    }
    if !intruder.unexpected.isEmpty { failures.append(contentsOf: intruder.unexpected.prefix(5)) }
  }

  /// One operation from outside; returns its description.
  func randomStep() -> String {
    let path = randomPath()
    do {
      switch Int.random(in: 0..<12, using: &rng) {
      case 0, 1:
        try? list.expand(path)
        return "expand(\(path))"
      case 2:
        let recursively = Bool.random(using: &rng)
        try? list.collapse(path, recursively: recursively)
        return "collapse(\(path), recursively: \(recursively))"
      case 3:
        try? list.reveal(path)
        return "reveal(\(path))"
      case 4:
        try? list.expand(path, recursively: true)
        return "expand(\(path), recursively: true)"
      case 5:
        list.collapseAll()
        return "collapseAll()"
      case 6:
        list.reloadData()
        return "reloadData()"
      case 7:
        let node = tree.randomSubtree(size: 4, using: &rng)
        let parent = ([tree.root] + tree.allNodes).randomElement(using: &rng)!
        tree.insert(node, into: parent, at: Int.random(in: 0...parent.children.count, using: &rng))
        let inserted = tree.path(of: node)!
        try list.insertItems(at: [inserted])
        return "insertItems(at: [\(inserted)])"
      case 8:
        guard let node = tree.allNodes.randomElement(using: &rng) else { return "nothing" }
        let doomed = tree.path(of: node)!
        tree.remove(node)
        try list.deleteItems(at: [doomed])
        return "deleteItems(at: [\(doomed)])"
      case 9:
        guard let node = tree.allNodes.randomElement(using: &rng) else { return "nothing" }
        let source = tree.path(of: node)!
        let parent = ([tree.root] + tree.allNodes).filter { !$0.isInSubtree(of: node) }.randomElement(using: &rng)!
        tree.remove(node)
        tree.insert(node, into: parent, at: Int.random(in: 0...parent.children.count, using: &rng))
        let destination = tree.path(of: node)!
        try list.moveItem(at: source, to: destination)
        return "moveItem(at: \(source), to: \(destination))"
      case 10:
        // An item whose parent the list knows.
        let known = tree.allNodes.filter { node in
          tree.path(of: node)!.parent.map { list.numberOfSubitems(of: $0) != nil } ?? true
        }
        guard let node = known.randomElement(using: &rng) else { return "nothing" }
        node.height = Int.random(in: 0...4, using: &rng)
        let reloaded = tree.path(of: node)!
        try list.reloadItems(at: [reloaded])
        return "reloadItems(at: [\(reloaded)])"
      default:
        var described: [String] = []
        try list.performBatchUpdates {
          if let node = tree.allNodes.randomElement(using: &rng) {
            let doomed = tree.path(of: node)!
            tree.remove(node)
            try list.deleteItems(at: [doomed])
            described.append("deleteItems(at: [\(doomed)])")
          }
          let node = tree.randomSubtree(size: 3, using: &rng)
          tree.insert(node, into: tree.root, at: Int.random(in: 0...tree.root.children.count, using: &rng))
          let inserted = tree.path(of: node)!
          try list.insertItems(at: [inserted])
          described.append("insertItems(at: [\(inserted)])")
          try? list.expand(randomPath())
        }
        return "performBatchUpdates { \(described.joined(separator: "; ")) }"
      }
    } catch {
      failures.append("\(label): an announced edit threw \(error)")
      return "failed"
    }
  }

  // MARK: Checking

  /// The host shows what the list shows, the list shows the tree under its
  /// own expansion state, and the heights add up.
  func check(_ operation: String) {
    intruder.isEnabled = false
    defer { intruder.isEnabled = true }
    func fail(_ message: String) { failures.append("\(label), \(operation): \(message)") }

    if !simulator.violations.isEmpty { fail("violations \(simulator.violations)") }
    let counts = (0..<list.numberOfSections).map { list.numberOfRows(inSection: $0) }
    if simulator.numberOfRows != counts { fail("host rows \(simulator.numberOfRows) != list rows \(counts)") }

    // The rows the tree gives under the list's expansion state.
    var expected: [(path: TreePath, node: ModelNode)] = []
    var stack: [(node: ModelNode, path: TreePath)] = tree.root.children.indices.reversed().map {
      (tree.root.children[$0], [$0])
    }
    while let (node, path) = stack.popLast() {
      if !(list.layout == .sectioned && path.depth == 1) { expected.append((path, node)) }
      guard list.isExpanded(path) else { continue }
      if list.numberOfSubitems(of: path) != node.children.count {
        fail("\(path) has \(node.children.count) subitems, the list says \(list.numberOfSubitems(of: path) ?? -1)")
      }
      for i in node.children.indices.reversed() { stack.append((node.children[i], path.appending(i))) }
    }
    if list.numberOfRows != expected.count { fail("\(list.numberOfRows) rows, the tree gives \(expected.count)") }
    var height = 0.0
    for (row, (path, node)) in expected.enumerated() where row < list.numberOfRows {
      if list.treePath(forRow: row) != path {
        fail("row \(row) is \(list.treePath(forRow: row).map { "\($0)" } ?? "nil"), not \(path)"); break
      }
      height += Double(node.height)
    }
    if list.contentHeight != height { fail("content height \(list.contentHeight) != \(height)") }
    if let rows = simulator.rows {
      let shown = rows.flatMap { $0 }
      let ids = expected.map { AnyHashable($0.node.id) }
      if shown != ids { fail("the host shows \(shown), the tree \(ids)") }
    }
  }
}

@Suite("Re-entrant data sources, hosts and delegates")
struct ReentrancyTests {
  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func randomSessionsNeverTrapNorLoseAnUpdate(layout: TreeIndex.Layout) {
    var refused = 0
    var deferred = 0
    var questions = 0
    for seed in 0..<UInt64(LongTests.choose(short: 60, long: 600)) {
      let session = ReentrantSession(seed: seed, layout: layout)
      session.run(steps: 60)
      refused += session.intruder.refused
      deferred += session.intruder.deferred
      questions += session.intruder.questions
      if !session.failures.isEmpty {
        Issue.record("\(session.failures.prefix(3).joined(separator: "\n"))")
        return
      }
    }
    // The sessions called back often enough to test the rule.
    #expect(refused > 100)
    #expect(deferred > 10)
    #expect(questions > 20)
  }

  @Test func aChangeFromInsideADataSourceAnswerIsRefusedAndChangesNothing() throws {
    let tree = ModelTree()
    for i in 0..<3 { tree.insert(tree.makeNode(startsExpanded: false), into: tree.root, at: i) }
    tree.insert(tree.makeNode(), into: tree.root.children[1], at: 0)
    let intruder = Intruder(seed: 1, chance: 0)
    let list = TreeList(dataSource: IntrudingDataSource(tree: tree, intruder: intruder))
    let simulator = ListHostSimulator(list: list)
    list.reloadData()

    final class ExpandFromInside: IntrusionTarget {
      weak var list: TreeList<IntrudingDataSource>?
      var error: (any Error)?
      func intrude(from place: String, using intruder: Intruder) {
        do { try list?.expand([2]) } catch { self.error = error }
      }
    }
    let target = ExpandFromInside()
    target.list = list
    intruder.target = target
    intruder.chance = 1
    try list.expand([1])
    intruder.chance = 0
    let error = try #require(target.error as? TreeDataSourceError)
    #expect(error == TreeDataSourceError(treePath: [2], reason: .reentrantUpdate))
    #expect(error.description.contains("cannot change the list at [2]"))
    #expect(list.isExpanded([1]))
    #expect(!list.isExpanded([2]))
    #expect(list.numberOfRows == 4)
    #expect(simulator.violations.isEmpty)
    #expect(simulator.numberOfRows == [4])
  }

  @Test func aReloadFromInsideAHostUpdateRunsOnceTheUpdateIsDone() throws {
    let tree = ModelTree()
    for i in 0..<2 { tree.insert(tree.makeNode(), into: tree.root, at: i) }
    tree.insert(tree.makeNode(), into: tree.root.children[0], at: 0)
    let intruder = Intruder(seed: 2, chance: 0)
    let list = TreeList(dataSource: IntrudingDataSource(tree: tree, intruder: intruder))
    let simulator = ListHostSimulator(list: list)
    let host = IntrudingHost(simulator: simulator, intruder: intruder)
    list.host = host
    list.reloadData()

    final class ReloadFromInside: IntrusionTarget {
      weak var list: TreeList<IntrudingDataSource>?
      var rowsSeen: [Int] = []
      func intrude(from place: String, using intruder: Intruder) {
        guard place == "host apply, after" else { return }
        intruder.chance = 0
        list?.reloadData()
        rowsSeen.append(list?.numberOfRows ?? -1)
      }
    }
    let target = ReloadFromInside()
    target.list = list
    intruder.target = target
    intruder.chance = 1
    simulator.removeRecordedCalls()
    try list.expand([0])
    // Inside the update the reload waited; once the update was done, the
    // list reloaded (asking the data source again, which starts [0]
    // collapsed) and told the host.
    #expect(target.rowsSeen == [3])
    #expect(simulator.calls.count == 2)
    #expect(simulator.calls.last == .reloadData)
    #expect(simulator.violations.isEmpty)
    #expect(list.numberOfRows == 2)
    #expect(simulator.numberOfRows == [2])
  }
}
