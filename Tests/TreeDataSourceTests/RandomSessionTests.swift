import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// Random sessions on a `TreeList` over a `ModelTree`, beside the naive
// `ExpectedList`. After every step: the host saw no invalid update and shows
// the expected identities; the step reached the host as one update (or none);
// every row maps both ways; the data source was asked exactly the expected
// questions; the geometry equals a naive sum of heights; an invalid call
// threw and changed nothing. A failure names its seed, layout, step and
// operation.

/// A delegate that refuses to expand some nodes (by identity) and records
/// the paths it is told will and did expand.
final class RefusingDelegate: TreeListDelegate {
  let tree: ModelTree
  var willExpand: [TreePath] = []
  var didExpand: [TreePath] = []

  init(tree: ModelTree) { self.tree = tree }

  /// Whether the delegate refuses to expand `node`: about one node in nine.
  static func refuses(_ node: ModelNode) -> Bool { node.id % 9 == 4 }

  var refusals = 0

  func shouldExpandItem(at treePath: TreePath) -> Bool {
    let refuses = Self.refuses(tree.node(at: treePath)!)
    if refuses { refusals += 1 }
    return !refuses
  }
  func willExpandItem(at treePath: TreePath) { willExpand.append(treePath) }
  func didExpandItem(at treePath: TreePath) { didExpand.append(treePath) }
}

/// One random session on one seed, layout and data source kind.
final class RandomSession<DataSource: ModelBackedDataSource> {
  let seed: UInt64
  let layout: TreeIndex.Layout
  var rng: SeededGenerator
  let tree: ModelTree
  let list: TreeList<DataSource>
  let host: ListHostSimulator
  let delegate: RefusingDelegate
  var model: ExpectedList
  var step = 0
  var operation = ""
  var failed = false
  let targetSize: Int
  /// Statistics, to keep the generator honest.
  var thrownCalls = 0
  var applies = 0
  var maxRows = 0
  var refusals = 0

  init(seed: UInt64, layout: TreeIndex.Layout, targetSize: Int) {
    self.seed = seed
    self.layout = layout
    self.targetSize = targetSize
    rng = SeededGenerator(seed: seed)
    tree = ModelTree.random(size: targetSize, maxDepth: 4, using: &rng)
    let dataSource = DataSource(tree: tree)
    list = TreeList(dataSource: dataSource, layout: layout)
    host = makeHost(for: list)
    delegate = RefusingDelegate(tree: tree)
    list.delegate = delegate
    model = ExpectedList(
      tree: tree, layout: layout, recordsHeights: DataSource.self == ModelDataSource.self,
      refusesExpansion: RefusingDelegate.refuses)
  }

  var label: Comment { "seed \(seed), \(layout), \(DataSource.self), step \(step): \(operation)" }

  /// Prints each operation when `TREE_LIST_TRACE` is set, to find a crash.
  func trace() {
    if ProcessInfo.processInfo.environment["TREE_LIST_TRACE"] != nil { print("\(label)") }
  }

  func fail(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    failed = true
    Issue.record("\(label): \(message)", sourceLocation: sourceLocation)
  }

  func check(_ condition: Bool, _ message: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation) {
    if !condition { fail(message(), sourceLocation: sourceLocation) }
  }

  // MARK: Running

  func run(steps: Int) {
    defer { refusals = delegate.refusals }
    operation = "reloadData()"
    runStep {
      self.list.reloadData(); self.model.reloadData(); return .reload
    }
    while step < steps && !failed {
      step += 1
      randomStep()
    }
  }

  /// What a step should have handed the host.
  enum HostExpectation {
    /// One `apply` when the rows changed, none otherwise; `reloaded` are the
    /// rows (before the step) it must redraw.
    case update(reloaded: Set<IndexPath>)
    /// One `reloadData()`.
    case reload
    /// At most one `apply` (a batch).
    case batch(reloaded: Set<IndexPath>)
  }

  /// Runs one step and checks everything after it.
  func runStep(_ body: () throws -> HostExpectation) {
    trace()
    let rowsBefore = model.rowShapes
    tree.forgetQuestions()
    host.removeRecordedCalls()
    model.expected = []
    model.opened = []
    (delegate.willExpand, delegate.didExpand) = ([], [])
    let expectation: HostExpectation
    do {
      expectation = try body()
    } catch {
      fail("unexpected error \(error)")
      return
    }
    let rowsAfter = model.rowShapes
    checkHost(rowsBefore: rowsBefore, rowsAfter: rowsAfter, expectation: expectation)
    checkQuestions()
    checkDelegate()
    checkRows()
    checkGeometry()
  }

  func checkHost(rowsBefore: [[[Int]]], rowsAfter: [[[Int]]], expectation: HostExpectation) {
    check(host.violations.isEmpty, "violations \(host.violations)")
    let identities = model.rows.map { $0.map(\.id) }
    check(host.rows == identities.map { $0.map(AnyHashable.init) }, "host rows \(host.rows ?? []) != \(identities)")
    check(host.mismatchedRows().isEmpty, "mismatched rows \(host.mismatchedRows())")
    let applied = host.calls.compactMap { call -> TreeChanges? in
      if case .apply(let changes) = call { return changes } else { return nil }
    }
    applies += applied.count
    switch expectation {
    case .reload:
      check(host.calls == [.reloadData], "host calls \(host.calls), expected one reloadData()")
    case .update(let reloaded):
      if rowsBefore != rowsAfter || !reloaded.isEmpty {
        check(host.calls.count == 1 && applied.count == 1, "host calls \(host.calls), expected one apply")
      } else {
        check(host.calls.isEmpty, "host calls \(host.calls), expected none")
      }
      if let changes = applied.first {
        check(Set(changes.reloadedRows) == reloaded, "reloaded rows \(changes.reloadedRows), expected \(reloaded)")
      }
    case .batch(let reloaded):
      // One update, and a second that redraws where they went the rows the
      // batch moved and reloaded (a moved row keeps its cell).
      check(host.calls.count <= 2 && applied.count == host.calls.count, "host calls \(host.calls), expected one apply")
      if rowsBefore != rowsAfter { check(!applied.isEmpty, "rows changed without an apply") }
      if let changes = applied.first {
        var redrawn: Set<IndexPath> = []
        for move in changes.movedRowRanges where move.from.rows.count == move.to.rows.count {
          for row in move.from.rows where reloaded.contains(IndexPath(indexes: [move.from.section, row])) {
            redrawn.insert(IndexPath(indexes: [move.to.section, move.to.rows.lowerBound + row - move.from.rows.lowerBound]))
          }
        }
        let second = applied.dropFirst().first
        check(
          Set(second?.reloadedRows ?? []) == redrawn
            && (second.map { $0 == TreeChanges(reloadedRowRanges: $0.reloadedRowRanges) } ?? true),
          "redrawn rows \(second.map { "\($0)" } ?? "none"), expected \(redrawn.sorted())")
        // A row deleted or moved (or in a deleted or moved section) is not
        // reloaded: UIKit takes no row twice.
        let deleted = Set(changes.deletedRows).union(changes.movedRows.map(\.from))
        let gone = changes.deletedSections.union(IndexSet(changes.movedSections.map(\.from)))
        let expected = reloaded.filter { !deleted.contains($0) && !gone.contains($0[0]) }
        check(Set(changes.reloadedRows) == expected, "reloaded rows \(changes.reloadedRows), expected \(expected)")
      } else {
        check(reloaded.isEmpty, "expected reloaded rows \(reloaded), got no apply")
      }
    }
  }

  func checkQuestions() {
    func counted(_ questions: [Question]) -> [Question: Int] {
      questions.reduce(into: [:]) { $0[$1, default: 0] += 1 }
    }
    let asked = counted(tree.questions)
    let expected = counted(model.expected)
    if asked != expected {
      let extra = asked.filter { expected[$0.key] != $0.value }
      let missing = expected.filter { asked[$0.key] != $0.value }
      let ids = Set(extra.keys.map(\.id)).union(missing.keys.map(\.id)).sorted()
      let states = ids.map { id in
        "#\(id): decided \(model.decided[id].map { "\($0)" } ?? "nil"), known \(model.known.contains(id)), "
          + "height held \(model.heightCached.contains(id))"
      }
      fail(
        "questions differ: asked \(extra.sorted { $0.key.id < $1.key.id }), expected \(missing.sorted { $0.key.id < $1.key.id }); \(states)"
      )
    }
    check(!tree.questions.contains { $0.kind == .item }, "the list asked for an item itself")
  }

  /// The delegate heard of exactly the items the step opened with its
  /// leave, in order, `will` and `did` alike.
  func checkDelegate() {
    let opened = model.opened.map { tree.path(of: $0)! }
    check(delegate.willExpand == opened, "willExpand \(delegate.willExpand), expected \(opened)")
    check(delegate.didExpand == opened, "didExpand \(delegate.didExpand), expected \(opened)")
  }

  func checkRows() {
    let rows = model.rows
    check(list.numberOfSections == rows.count, "numberOfSections \(list.numberOfSections) != \(rows.count)")
    maxRows = max(maxRows, rows.reduce(0) { $0 + $1.count })
    for (section, items) in rows.enumerated() {
      check(list.numberOfRows(inSection: section) == items.count, "numberOfRows(inSection: \(section))")
      for (row, node) in items.enumerated() {
        let table = IndexPath(indexes: [section, row])
        let path = tree.path(of: node)
        check(list.treeIndexPath(fromTablePath: table) == path, "treeIndexPath(\(table)) != \(path.map { "\($0)" } ?? "nil")")
        if let path { check(list.tableIndexPath(fromTreePath: path) == table, "tableIndexPath(\(path)) != \(table)") }
      }
    }
    // The row questions the list answers itself, against the model's rows.
    let flat = rows.flatMap { $0 }
    var globalRow: [Int: Int] = [:]
    for (row, node) in flat.enumerated() {
      globalRow[node.id] = row
      let path = tree.path(of: node)!
      check(list.treePath(forRow: row) == path, "treePath(forRow: \(row)) != \(path)")
      check(list.row(for: path) == row, "row(for: \(path)) != \(row)")
      check(list.level(forRow: row) == path.depth - 1, "level(forRow: \(row)) != \(path.depth - 1)")
      check(list.visibleTreePath(after: path) == (row + 1 < flat.count ? tree.path(of: flat[row + 1]) : nil), "after \(path)")
      check(list.visibleTreePath(before: path) == (row > 0 ? tree.path(of: flat[row - 1]) : nil), "before \(path)")
    }
    check(list.treePath(forRow: flat.count) == nil && list.level(forRow: -1) == nil, "rows past the end")
    var firstRowOfSection = 0
    for (section, items) in rows.enumerated() {
      if layout == .sectioned {
        let path: TreePath = [section]
        let expected = firstRowOfSection..<(firstRowOfSection + items.count)
        check(list.rows(inSubtreeAt: path) == expected, "rows(inSubtreeAt: \(path)) != \(expected)")
        check(list.row(for: path) == nil, "a section has a row")
      }
      firstRowOfSection += items.count
    }
    for node in tree.allNodes {
      let path = tree.path(of: node)!
      check(list.isExpanded(path) == model.isExpanded(node), "isExpanded(\(path)) != \(model.isExpanded(node))")
      check(list.isVisible(path) == model.isVisible(node), "isVisible(\(path)) != \(model.isVisible(node))")
      if !model.isVisible(node) || !model.isRow(node) {
        check(list.tableIndexPath(fromTreePath: path) == nil, "hidden \(path) has a table path")
        check(list.row(for: path) == nil, "hidden \(path) has a row")
        if !model.isVisible(node) { check(list.rows(inSubtreeAt: path) == nil, "hidden \(path) has rows") }
      } else if let row = globalRow[node.id] {
        let beneath = node.subtree.dropFirst().count(where: { globalRow[$0.id] != nil })
        check(list.rows(inSubtreeAt: path) == row..<(row + 1 + beneath), "rows(inSubtreeAt: \(path))")
      }
      if failed { return }
    }
  }

  func checkGeometry() {
    let rows = model.rows
    var offset = 0.0
    var global = 0
    var firstRowAt: [Double: Int] = [:]
    var positive: [(row: Int, start: Double, height: Double)] = []
    for (section, items) in rows.enumerated() {
      for (row, node) in items.enumerated() {
        let height = list.dataSource.expectedHeight(of: node)
        check(list.height(at: IndexPath(indexes: [section, row])) == height, "height(at: [\(section), \(row)])")
        check(list.offset(ofRow: global) == offset, "offset(ofRow: \(global)) \(list.offset(ofRow: global)) != \(offset)")
        if height > 0 {
          if firstRowAt[offset] == nil { firstRowAt[offset] = global }
          positive.append((global, offset, height))
        }
        offset += height
        global += 1
        if failed { return }
      }
    }
    check(list.contentHeight == offset, "contentHeight \(list.contentHeight) != \(offset)")
    check(list.offset(ofRow: global) == offset, "offset(ofRow: numberOfRows)")
    for (row, start, height) in positive {
      check(
        list.row(atOffset: start) == row, "row(atOffset: \(start)) \(String(describing: list.row(atOffset: start))) != \(row)")
      check(list.row(atOffset: start + height / 2) == row, "row(atOffset: \(start + height / 2)) != \(row)")
    }
    check(list.row(atOffset: -1) == nil, "row(atOffset: -1)")
    check(list.row(atOffset: offset) == nil, "row(atOffset: contentHeight)")
  }

  // MARK: Operations

  func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

  /// Items the list can name: every ancestor known.
  var addressable: [ModelNode] { tree.allNodes.filter { model.isAddressable($0) } }

  func randomStep() {
    let size = tree.allNodes.count
    let roll = random(0...99)
    switch roll {
    case 0..<22: expandStep()
    case 22..<34: collapseStep()
    case 34..<40: toggleStep()
    case 40..<44: revealStep()
    case 44..<55: insertStep()
    case 55..<64: deleteStep()
    case 64..<73: moveStep()
    case 73..<79: reloadStep()
    case 79..<87: batchStep()
    case 87..<95: invalidStep()
    case 95..<97: unannouncedStep()
    default:
      switch random(0...2) {
      case 0 where size <= 80:
        operation = "expandAll()"
        runStep {
          try self.list.expandAll()
          self.model.expandAll(self.tree.root.children)
          return .update(reloaded: [])
        }
      case 1:
        operation = "collapseAll()"
        runStep {
          self.list.collapseAll(); self.model.collapseAll(); return .update(reloaded: [])
        }
      default:
        operation = "reloadData()"
        runStep {
          self.list.reloadData(); self.model.reloadData(); return .reload
        }
      }
    }
  }

  /// A node to expand or collapse: usually visible, sometimes hidden.
  func pick(preferVisible: Bool) -> ModelNode? {
    let candidates = addressable
    guard !candidates.isEmpty else { return nil }
    if preferVisible && chance(0.8) {
      let visible = candidates.filter { model.isVisible($0) }
      if let node = visible.randomElement(using: &rng) { return node }
    }
    return candidates.randomElement(using: &rng)
  }

  func expandStep() {
    guard let node = pick(preferVisible: true) else { return }
    let path = tree.path(of: node)!
    let recursively = chance(0.12) && node.subtree.count <= 40
    operation = "expand(\(path), recursively: \(recursively))"
    runStep {
      try self.list.expand(path, recursively: recursively)
      self.model.expand(node, recursively: recursively)
      return .update(reloaded: [])
    }
    if !failed, !recursively, let change = lastApply() {
      check(change.deletedRowRanges.isEmpty && change.insertedRowRanges.count == 1, "expand gave \(change)")
    }
  }

  func collapseStep() {
    guard let node = pick(preferVisible: true) else { return }
    let path = tree.path(of: node)!
    let recursively = chance(0.25)
    operation = "collapse(\(path), recursively: \(recursively))"
    runStep {
      try self.list.collapse(path, recursively: recursively)
      self.model.collapse(node, recursively: recursively)
      return .update(reloaded: [])
    }
    if !failed, let change = lastApply() {
      check(change.insertedRowRanges.isEmpty && change.deletedRowRanges.count == 1, "collapse gave \(change)")
    }
  }

  func toggleStep() {
    guard let node = pick(preferVisible: true) else { return }
    let path = tree.path(of: node)!
    operation = "toggle(\(path))"
    runStep {
      let wasExpanded = self.model.isExpanded(node)
      try self.list.toggle(path)
      if wasExpanded {
        self.model.collapse(node, recursively: false)
      } else {
        self.model.expand(node, recursively: false)
      }
      return .update(reloaded: [])
    }
  }

  func revealStep() {
    guard let node = tree.allNodes.randomElement(using: &rng) else { return }
    let path = tree.path(of: node)!
    operation = "reveal(\(path))"
    runStep {
      try self.list.reveal(path)
      self.model.reveal(node)
      return .update(reloaded: [])
    }
  }

  func lastApply() -> TreeChanges? {
    for call in host.calls.reversed() { if case .apply(let changes) = call { return changes } }
    return nil
  }

  // MARK: Edits (each changes the data source first, then tells the list)

  /// Inserts one to three new subtrees; returns the new nodes.
  func insertEdit() throws {
    var inserted: [ModelNode] = []
    for _ in 0..<random(1...3) {
      let parents = [tree.root] + tree.allNodes
      let parent =
        chance(0.6) ? parents.filter { model.isKnown($0) }.randomElement(using: &rng)! : parents.randomElement(using: &rng)!
      let node = tree.randomSubtree(size: chance(0.3) ? 6 : 1, using: &rng)
      tree.insert(node, into: parent, at: random(0...parent.children.count))
      inserted.append(node)
    }
    let paths = inserted.map { tree.path(of: $0)! }
    operation += " insertItems(at: \(paths))"
    trace()
    try list.insertItems(at: paths)
    model.resolve()
  }

  func deleteEdit() throws {
    let candidates = tree.allNodes
    guard !candidates.isEmpty else { return }
    var doomed: [ModelNode] = []
    for _ in 0..<random(1...3) { doomed.append(candidates.randomElement(using: &rng)!) }
    let paths = doomed.map { tree.path(of: $0)! }
    var removed: [ModelNode] = []
    for node in doomed where node.parent != nil && !removed.contains(where: { node.isInSubtree(of: $0) }) {
      // Remove only nodes not already gone with an ancestor.
      removed.append(node)
    }
    for node in removed where node.parent != nil && tree.path(of: node) != nil { tree.remove(node) }
    operation += " deleteItems(at: \(paths))"
    trace()
    try list.deleteItems(at: paths)
    model.forget(removed.flatMap(\.subtree))
    model.resolve()
  }

  /// Moves one node; returns it.
  @discardableResult
  func moveEdit() throws -> ModelNode? {
    guard let node = tree.allNodes.randomElement(using: &rng) else { return nil }
    let source = tree.path(of: node)!
    let wasRow = model.isRow(node)
    let parents = ([tree.root] + tree.allNodes).filter { !$0.isInSubtree(of: node) }
    let known = parents.filter { model.isKnown($0) }
    let parent = chance(0.7) && !known.isEmpty ? known.randomElement(using: &rng)! : parents.randomElement(using: &rng)!
    tree.remove(node)
    tree.insert(node, into: parent, at: random(0...parent.children.count))
    let destination = tree.path(of: node)!
    operation += " moveItem(at: \(source), to: \(destination))"
    trace()
    try list.moveItem(at: source, to: destination)
    model.moved(node, wasRow: wasRow)
    return node
  }

  /// Reloads one to three addressable items, some with a new height.
  func reloadEdit() throws -> [ModelNode] {
    let candidates = addressable
    guard !candidates.isEmpty else { return [] }
    var nodes: [ModelNode] = []
    for _ in 0..<random(1...3) {
      let node =
        chance(0.7)
        ? (candidates.filter { model.isVisible($0) }.randomElement(using: &rng) ?? candidates[0])
        : candidates.randomElement(using: &rng)!
      if chance(0.6) { node.height = random(0...5) }
      nodes.append(node)
    }
    let paths = nodes.map { tree.path(of: $0)! }
    operation += " reloadItems(at: \(paths))"
    trace()
    try list.reloadItems(at: paths)
    var seen = Set<Int>()
    model.reload(nodes.filter { seen.insert($0.id).inserted })
    return nodes
  }

  func insertStep() {
    operation = ""
    runStep {
      try self.insertEdit(); return .update(reloaded: [])
    }
  }

  func deleteStep() {
    operation = ""
    runStep {
      try self.deleteEdit(); return .update(reloaded: [])
    }
  }

  func moveStep() {
    operation = ""
    runStep {
      try self.moveEdit(); return .update(reloaded: [])
    }
  }

  func reloadStep() {
    operation = ""
    runStep {
      let tables = self.currentTablePaths()
      let nodes = try self.reloadEdit()
      let reloaded = Set(nodes.compactMap { self.model.isRow($0) ? tables[$0.id] : nil })
      return .update(reloaded: reloaded)
    }
  }

  func currentTablePaths() -> [Int: IndexPath] {
    var result: [Int: IndexPath] = [:]
    for (section, items) in model.rows.enumerated() {
      for (row, node) in items.enumerated() { result[node.id] = IndexPath(indexes: [section, row]) }
    }
    return result
  }

  func batchStep() {
    operation = "performBatchUpdates:"
    runStep {
      let before = self.currentTablePaths()
      var movedOrInserted = Set<Int>()
      var reloaded = Set<IndexPath>()
      try self.list.performBatchUpdates {
        for _ in 0..<self.random(2...4) {
          switch self.random(0...3) {
          case 0:
            let known = Set(self.tree.allNodes.map(\.id))
            try self.insertEdit()
            for node in self.tree.allNodes where !known.contains(node.id) { movedOrInserted.insert(node.id) }
          case 1: try self.deleteEdit()
          case 2:
            let paths = self.tree.allNodes.map { ($0.id, self.tree.path(of: $0)) }
            if let node = try self.moveEdit(), paths.first(where: { $0.0 == node.id })?.1 != self.tree.path(of: node) {
              movedOrInserted.insert(node.id)
            }
          default:
            let visibleNow = Set(self.model.rows.flatMap { $0.map(\.id) })
            for node in try self.reloadEdit() where visibleNow.contains(node.id) && self.model.isRow(node) {
              var untouched = true
              var current: ModelNode? = node
              while let item = current { if movedOrInserted.contains(item.id) { untouched = false }; current = item.parent }
              if untouched, let old = before[node.id] { reloaded.insert(old) }
            }
          }
        }
      }
      return .batch(reloaded: reloaded)
    }
  }

  /// An unannounced change beneath a known collapsed item, found when it is
  /// expanded.
  func unannouncedStep() {
    let candidates = addressable.filter {
      model.isKnown($0) && !model.isExpanded($0) && !RefusingDelegate.refuses($0)
    }
    guard let node = candidates.randomElement(using: &rng) else { return }
    let path = tree.path(of: node)!
    let expected = node.children.count
    if node.children.isEmpty || chance(0.5) {
      tree.insert(tree.randomSubtree(size: 3, using: &rng), into: node, at: random(0...node.children.count))
    } else {
      tree.remove(node.children.randomElement(using: &rng)!)
    }
    operation = "unannounced change, then expand(\(path))"
    runStep {
      do {
        try self.list.expand(path)
        self.fail("expected a TreeDataSourceError")
      } catch let error as TreeDataSourceError {
        self.check(
          error
            == TreeDataSourceError(
              treePath: path, reason: .inconsistentNumberOfSubitems(expected: expected, actual: node.children.count)),
          "error \(error)")
      }
      self.model.recover(node)
      return .reload
    }
  }

  // MARK: Invalid calls

  func invalidStep() {
    let knownParents = ([tree.root] + tree.allNodes).filter { model.isKnown($0) && model.isAddressable($0) }
    let parent = knownParents.randomElement(using: &rng)!
    let base = tree.path(of: parent)
    func under(_ i: Int) -> TreePath { base?.appending(i) ?? [i] }
    let beyond = parent.children.count + random(0...2)
    let unknownBeneath = tree.allNodes.filter { !model.isAddressable($0) }.randomElement(using: &rng)
    let bad: TreePath =
      chance(0.15) ? [] : (chance(0.3) && unknownBeneath != nil ? tree.path(of: unknownBeneath!)! : under(beyond))
    let call: (String, () throws -> Void)
    var movePaths: TreeIndexError.MovePaths? = nil
    switch random(0...7) {
    case 0: call = ("expand(\(bad))", { try self.list.expand(bad, recursively: self.chance(0.3)) })
    case 1: call = ("collapse(\(bad))", { try self.list.collapse(bad, recursively: self.chance(0.3)) })
    case 2: call = ("reloadItems(at: [\(bad)])", { try self.list.reloadItems(at: [bad]) })
    case 3:
      let path = chance(0.3) || parent.children.isEmpty ? under(parent.children.count + 1 + random(0...2)) : under(0)
      let paths = path == under(0) ? [path, path] : [path]
      call = ("insertItems(at: \(paths))", { try self.list.insertItems(at: paths) })
    case 4:
      let path = chance(0.15) ? TreePath([]) : under(parent.children.count + random(0...2))
      call = ("deleteItems(at: [\(path)])", { try self.list.deleteItems(at: [path]) })
    case 5:
      // A source whose removal leaves the destination's parent where it is.
      let parentPath = Array(base ?? [])
      func shifts(_ node: ModelNode) -> Bool {
        let path = Array(tree.path(of: node)!)
        let level = path.count - 1
        return level < parentPath.count && Array(path[..<level]) == Array(parentPath[..<level])
          && path[level] <= parentPath[level]
      }
      guard let node = addressable.filter({ !shifts($0) }).randomElement(using: &rng) else { return }
      let source = tree.path(of: node)!
      let destination = chance(0.2) ? TreePath([]) : under(parent.children.count + 1 + random(0...2))
      call = ("moveItem(at: \(source), to: \(destination))", { try self.list.moveItem(at: source, to: destination) })
      movePaths = .init(source: source, destination: destination)
    case 6:
      let source = chance(0.2) ? TreePath([]) : under(parent.children.count + random(0...2))
      call = ("moveItem(at: \(source), to: [0])", { try self.list.moveItem(at: source, to: [0]) })
      movePaths = .init(source: source, destination: [0])
    default:
      // Out of range where every ancestor is open, or empty: asks nothing.
      let open = ([tree.root] + tree.allNodes).filter { model.isExpanded($0) && (model.isVisible($0) || $0 === tree.root) }
      let item = open.randomElement(using: &rng)!
      let path =
        chance(0.15)
        ? TreePath([])
        : (tree.path(of: item)?.appending(item.children.count + random(0...2)) ?? [item.children.count + random(0...2)])
      call = ("reveal(\(path))", { try self.list.reveal(path) })
    }
    operation = "invalid " + call.0
    runStep {
      let index = self.list.index
      let height = self.list.contentHeight
      do {
        try call.1()
        self.fail("expected a TreeIndexError")
      } catch let error as TreeIndexError {
        self.thrownCalls += 1
        self.check(error.movePaths == movePaths, "the error names the move paths \(String(describing: error.movePaths))")
        if let movePaths {
          let subject = "cannot move \(movePaths.source) to \(movePaths.destination): "
          self.check(error.description.hasPrefix(subject), "the error reads \(error)")
        }
      }
      self.check(self.list.index == index, "the index changed")
      self.check(self.list.contentHeight == height, "contentHeight changed")
      return .update(reloaded: [])
    }
  }
}

@Suite("Random sessions")
struct RandomSessionTests {
  static let seeds: [UInt64] = [1, 2, 3, 0xDEC0DE]
  /// Steps per session: short by default, long with `TREEINDEX_LONG_TESTS=1`.
  static let steps = LongTests.choose(short: 400, long: 5_000)
  static let defaultHeightSteps = LongTests.choose(short: 200, long: 2_000)

  @Test(arguments: seeds, [TreeIndex.Layout.flat, .sectioned])
  func heights(seed: UInt64, layout: TreeIndex.Layout) {
    let session = RandomSession<ModelDataSource>(seed: seed, layout: layout, targetSize: 60)
    session.run(steps: Self.steps)
    #expect(session.step == Self.steps)
    if !session.failed {
      #expect(session.applies > Self.steps / 8, "the session should reach the host often")
      #expect(session.thrownCalls > Self.steps / 80, "the session should try invalid calls")
      #expect(session.refusals > 0, "the delegate should refuse some expansions")
    }
  }

  @Test(arguments: [5, 6] as [UInt64], [TreeIndex.Layout.flat, .sectioned])
  func defaultHeights(seed: UInt64, layout: TreeIndex.Layout) {
    let session = RandomSession<DefaultHeightModelDataSource>(seed: seed, layout: layout, targetSize: 60)
    session.run(steps: Self.defaultHeightSteps)
    #expect(session.step == Self.defaultHeightSteps)
    if !session.failed { #expect(session.applies > Self.defaultHeightSteps / 5) }
  }
}
