import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// `DiffableTreeList` against `ListHostSimulator` and a naive model of the
// expansion: random sessions of applies (derived from the list's snapshot
// and unrelated) and user expand/collapse/reveal, both layouts. After every
// step: no violation; the host's rows, the list's rows and the snapshot's
// visible rows agree item by item; the step reached the host as one update
// or none; the expansion is the model's; the geometry is a naive sum.

/// The rows a snapshot shows in `layout`: every visible item in `.flat`;
/// per root item, its visible descendants in `.sectioned`.
func expectedRows(_ snapshot: TreeSnapshot<Int>, layout: TreeIndex.Layout) -> [[AnyHashable]] {
  let visible = Array(snapshot.visibleItems)
  guard layout == .sectioned else { return [visible.map { AnyHashable($0) }] }
  var sections: [[AnyHashable]] = []
  for item in visible {
    if snapshot.parent(of: item) == nil {
      sections.append([])
    } else {
      sections[sections.count - 1].append(AnyHashable(item))
    }
  }
  return sections
}

/// Every expanded item of a snapshot.
func expandedItems(_ snapshot: TreeSnapshot<Int>) -> Set<Int> {
  Set(snapshot.items.filter(snapshot.isExpanded))
}

/// A delegate that refuses some items and records what it hears, checking
/// that the list's snapshot already has each change it is told of.
final class RecordingDiffableDelegate: DiffableTreeListDelegate {
  weak var list: DiffableTreeList<Int>?
  var refused: Set<Int> = []
  var calls: [String] = []
  var problems: [String] = []

  func shouldExpandItem(_ item: Int) -> Bool {
    calls.append("should expand \(item)")
    return !refused.contains(item)
  }
  func willExpandItem(_ item: Int) { calls.append("will expand \(item)") }
  func didExpandItem(_ item: Int) {
    calls.append("did expand \(item)")
    if list?.snapshot.isExpanded(item) != true { problems.append("did expand \(item), not expanded in the snapshot") }
  }
  func shouldCollapseItem(_ item: Int) -> Bool {
    calls.append("should collapse \(item)")
    return !refused.contains(item)
  }
  func willCollapseItem(_ item: Int) { calls.append("will collapse \(item)") }
  func didCollapseItem(_ item: Int) {
    calls.append("did collapse \(item)")
    if list?.snapshot.isExpanded(item) != false { problems.append("did collapse \(item), expanded in the snapshot") }
  }
  func shouldSelectItem(_ item: Int) -> Bool {
    calls.append("should select \(item)")
    return !refused.contains(item)
  }
  func didSelectItem(_ item: Int) { calls.append("did select \(item)") }
}

/// One random session on one seed and layout.
final class DiffableSession {
  let seed: UInt64
  let layout: TreeIndex.Layout
  var rng: SeededGenerator
  let list: DiffableTreeList<Int>
  let host: ListHostSimulator
  let delegate = RecordingDiffableDelegate()
  var nextID = 0
  var step = 0
  var operation = ""
  var failures = 0
  var applies = 0
  var interactions = 0

  init(seed: UInt64, layout: TreeIndex.Layout) {
    self.seed = seed
    self.layout = layout
    rng = SeededGenerator(seed: seed)
    list = DiffableTreeList(layout: layout)
    host = ListHostSimulator(list: list)
    delegate.list = list
    list.delegate = delegate
    if seed % 2 == 1 { list.heightOfItem = { Double($0 % 4) } }
  }

  var label: Comment { "seed \(seed), \(layout), step \(step): \(operation)" }

  func fail(_ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
    failures += 1
    if failures <= 5 { Issue.record("\(label): \(message)", sourceLocation: sourceLocation) }
  }

  func int(_ range: Range<Int>) -> Int { Int.random(in: range, using: &rng) }
  func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

  /// A random item of `snapshot`, or an identifier it does not hold.
  func someItem(of snapshot: TreeSnapshot<Int>) -> Int {
    let items = snapshot.items
    guard !items.isEmpty, !chance(0.05) else { return 1_000_000 + int(0..<10) }
    return items[int(0..<items.count)]
  }

  /// A new snapshot of `count` items: half of them new identifiers, half
  /// taken from the list's, with random parents and expansion.
  func unrelatedSnapshot(count: Int) -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    var ids = Array(list.snapshot.items.shuffled(using: &rng).prefix(count / 2))
    while ids.count < count {
      ids.append(nextID)
      nextID += 1
    }
    var placed: [Int] = []
    for id in ids.shuffled(using: &rng) {
      let parent = placed.isEmpty || chance(0.25) ? nil : placed[int(0..<placed.count)]
      try? snapshot.append([id], to: parent)
      placed.append(id)
    }
    snapshot.expand(placed.filter { _ in chance(0.5) })
    return snapshot
  }

  /// The list's snapshot with a few random edits.
  func derivedSnapshot() -> TreeSnapshot<Int> {
    var snapshot = list.snapshot
    for _ in 0..<int(1..<4) {
      let item = someItem(of: snapshot)
      let other = someItem(of: snapshot)
      switch int(0..<9) {
      case 0, 1:
        let new = (0..<int(1..<4)).map { _ in
          nextID += 1
          return nextID - 1
        }
        try? snapshot.append(new, to: chance(0.3) ? nil : item)
      case 2:
        nextID += 1
        if chance(0.5) {
          try? snapshot.insert([nextID - 1], before: item)
        } else {
          try? snapshot.insert([nextID - 1], after: item)
        }
      case 3: snapshot.delete([item])
      case 4: try? snapshot.move(item, before: other)
      case 5:
        let parent: Int? = chance(0.3) ? nil : other
        let count = snapshot.children(of: parent).count
        try? snapshot.move(item, to: parent, at: int(0..<(count + 1)))
      case 6: snapshot.expand([item])
      case 7: snapshot.collapse([item])
      default:
        snapshot.reloadItems([item, other])
      }
    }
    return snapshot
  }

  /// The expansion the model expects after an interaction, worked out on
  /// the snapshot before it: NSOutlineView's rules.
  func expectedExpansion(after kind: Int, of item: Int, recursively: Bool, in snapshot: TreeSnapshot<Int>) -> Set<Int> {
    var expanded = expandedItems(snapshot)
    let refused = delegate.refused
    switch kind {
    case 0:  // expand
      if !recursively {
        if !expanded.contains(item) && !refused.contains(item) { expanded.insert(item) }
        break
      }
      var stack = [item]
      while let next = stack.popLast() {
        let children = snapshot.children(of: next)
        if !expanded.contains(next) {
          if children.isEmpty || refused.contains(next) { continue }
          expanded.insert(next)
        }
        stack.append(contentsOf: children.reversed())
      }
    case 1:  // collapse
      if expanded.contains(item) && refused.contains(item) { break }
      expanded.remove(item)
      if recursively {
        var stack = Array(snapshot.children(of: item))
        while let next = stack.popLast() {
          expanded.remove(next)
          stack.append(contentsOf: snapshot.children(of: next))
        }
      }
    default:  // reveal
      var ancestors: [Int] = []
      var x = snapshot.parent(of: item)
      while let a = x {
        ancestors.append(a)
        x = snapshot.parent(of: a)
      }
      for ancestor in ancestors.reversed() where !expanded.contains(ancestor) {
        if refused.contains(ancestor) { break }
        expanded.insert(ancestor)
      }
    }
    return expanded
  }

  func run(steps: Int) {
    apply(unrelatedSnapshot(count: int(5..<40)))
    for s in 1...steps {
      step = s
      delegate.refused = Set((0..<nextID).filter { $0 % 7 == Int(seed % 7) })
      switch int(0..<10) {
      case 0, 1, 2: apply(derivedSnapshot())
      case 3: apply(chance(0.2) ? list.snapshot : unrelatedSnapshot(count: int(0..<40)))
      default: interact()
      }
      check()
      if failures > 0 { return }
    }
  }

  func apply(_ snapshot: TreeSnapshot<Int>) {
    operation = "apply"
    applies += 1
    let callsBefore = host.calls.count
    let expected = snapshot.changes(from: list.snapshot, layout: layout)
    let changes = list.apply(snapshot)
    // The list adopts the snapshot's storage: it neither reads nor copies
    // the tree.
    if !list._storageIdentities.starts(with: snapshot._storageIdentities) { fail("the applied snapshot was copied") }
    if changes != expected { fail("apply returned \(changes), not the snapshot's \(expected)") }
    if list.snapshot != snapshot { fail("the list's snapshot is not the applied one") }
    if !list.snapshot.reloadedItems.isEmpty { fail("the applied snapshot keeps reload marks") }
    let newCalls = Array(host.calls[callsBefore...])
    if newCalls != (changes.isEmpty ? [] : [.apply(changes)]) { fail("host calls \(newCalls) for \(changes)") }
  }

  func interact() {
    interactions += 1
    let before = list.snapshot
    let item = someItem(of: before)
    let kind = int(0..<3)
    let recursively = chance(0.3)
    operation = ["expand", "collapse", "reveal"][kind] + " \(item)" + (recursively && kind < 2 ? " recursively" : "")
    let callsBefore = host.calls.count
    do {
      switch kind {
      case 0: try list.expand(item, recursively: recursively)
      case 1: try list.collapse(item, recursively: recursively)
      default: try list.reveal(item)
      }
      if !before.contains(item) { fail("no error for an unknown item") }
      let expected = expectedExpansion(after: kind, of: item, recursively: recursively, in: before)
      let actual = expandedItems(list.snapshot)
      if actual != expected {
        fail("expanded \(actual.sorted()), expected \(expected.sorted())")
      }
    } catch let error as DiffableTreeListError {
      let op: DiffableTreeListError.Operation = [.expand, .collapse, .reveal][kind]
      if error != DiffableTreeListError(operation: op, item: "\(item)", reason: .unknownItem) || before.contains(item) {
        fail("unexpected \(error)")
      }
      if list.snapshot != before { fail("the snapshot changed on error") }
      if host.calls.count != callsBefore { fail("the host heard of a refused call") }
    } catch {
      fail("unexpected \(error)")
    }
    if host.calls.count > callsBefore + 1 { fail("\(host.calls.count - callsBefore) host calls for one interaction") }
    if case .reloadData? = host.calls.last, host.calls.count > callsBefore { fail("the host reloaded") }
  }

  func check() {
    let snapshot = list.snapshot
    if !host.violations.isEmpty { fail("violations: \(host.violations)") }
    if !delegate.problems.isEmpty { fail("delegate: \(delegate.problems)") }
    let expected = expectedRows(snapshot, layout: layout)
    if host.rows != expected { fail("host rows \(host.rows ?? []), expected \(expected)") }
    var listRows: [[AnyHashable]] = []
    for section in 0..<list.numberOfSections {
      listRows.append(
        (0..<list.numberOfRows(inSection: section)).map { row in
          AnyHashable(list.itemID(at: IndexPath(indexes: [section, row])) ?? -1)
        })
    }
    if listRows != expected { fail("list rows \(listRows), expected \(expected)") }
    // Every row maps both ways, and the geometry is a naive sum.
    let flat = expected.joined().map { $0.base as! Int }
    var offset = 0.0
    for (row, item) in flat.enumerated() {
      if list.row(of: item) != row || list.itemID(atRow: row) != item { fail("row \(row) of \(item) does not map") }
      guard let path = list.tablePath(of: item), list.itemID(at: path) == item else {
        fail("table path of \(item) does not map")
        continue
      }
      if list.offset(ofRow: row) != offset { fail("offset of row \(row): \(list.offset(ofRow: row)), expected \(offset)") }
      let height = list.heightOfItem.map { max(0, $0(item)) } ?? 1
      if list.height(at: path) != height { fail("height of \(item)") }
      if height > 0 && list.row(atOffset: offset + height / 2) != row { fail("row at offset \(offset)") }
      offset += height
    }
    if list.contentHeight != offset { fail("content height \(list.contentHeight), expected \(offset)") }
    if layout == .sectioned {
      for root in snapshot.rootItems where list.tablePath(of: root) != nil { fail("root \(root) has a table path") }
    }
  }
}

@Suite("DiffableTreeList")
struct DiffableTreeListTests {
  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func randomSessions(layout: TreeIndex.Layout) {
    let seeds = LongTests.choose(short: 24, long: 400)
    var applies = 0
    var interactions = 0
    var updates = 0
    for seed in 0..<UInt64(seeds) {
      let session = DiffableSession(seed: seed, layout: layout)
      session.run(steps: LongTests.choose(short: 60, long: 200))
      applies += session.applies
      interactions += session.interactions
      updates += session.host.calls.count
      if session.failures > 0 { break }
    }
    // The generator is worth something: both kinds of steps, many updates.
    #expect(applies > seeds * 10)
    #expect(interactions > seeds * 15)
    #expect(updates > seeds * 15)
  }

  @Test func userExpansionIsKeptAcrossApply() throws {
    let list = DiffableTreeList<String>()
    let host = ListHostSimulator(list: list)
    var snapshot = list.snapshot
    try snapshot.append(["a", "b"])
    try snapshot.append(["a1", "a2"], to: "a")
    try snapshot.append(["b1"], to: "b")
    list.apply(snapshot)
    try list.expand("a")
    #expect(list.snapshot.isExpanded("a"))

    var next = list.snapshot
    try next.append(["a3"], to: "a")
    try next.move("b", before: "a")
    let changes = list.apply(next)
    #expect(host.violations.isEmpty)
    #expect(host.rows == [["b", "a", "a1", "a2", "a3"]])
    #expect(changes.insertedRowRanges == [.init(section: 0, rows: 4..<5)])
    #expect(list.snapshot.isExpanded("a"))

    try list.collapse("a")
    var third = list.snapshot
    try third.append(["a4"], to: "a")
    list.apply(third)
    #expect(host.rows == [["b", "a"]])
    try list.expand("a")
    #expect(host.rows == [["b", "a", "a1", "a2", "a3", "a4"]])
    #expect(host.violations.isEmpty)
  }

  @Test func equalSnapshotsReachNoHost() throws {
    let list = DiffableTreeList<Int>()
    let host = ListHostSimulator(list: list)
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([1, 2, 3])
    list.apply(snapshot)
    let calls = host.calls.count
    #expect(list.apply(list.snapshot).isEmpty)
    #expect(host.calls.count == calls)
    // A reload mark is an update, and is gone once applied.
    var marked = list.snapshot
    marked.reloadItems([2])
    #expect(list.apply(marked) == TreeChanges(reloadedRowRanges: [.init(section: 0, rows: 1..<2)]))
    #expect(host.calls.count == calls + 1)
    #expect(list.snapshot.reloadedItems.isEmpty)
    #expect(list.apply(list.snapshot).isEmpty)
  }

  @Test func delegateIsAskedByIdentifier() throws {
    let list = DiffableTreeList<Int>()
    let host = ListHostSimulator(list: list)
    let delegate = RecordingDiffableDelegate()
    delegate.list = list
    list.delegate = delegate
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([1, 2])
    try snapshot.append([10, 11], to: 1)
    try snapshot.append([100], to: 10)
    try snapshot.append([110], to: 11)
    list.apply(snapshot)
    #expect(delegate.calls.isEmpty)  // applying asks nothing

    delegate.refused = [11]
    try list.expand(1, recursively: true)
    #expect(
      delegate.calls == [
        "should expand 1", "will expand 1", "should expand 10", "will expand 10", "should expand 11",
        "did expand 1", "did expand 10",
      ])
    #expect(host.rows == [[1, 10, 100, 11, 2]])

    delegate.calls = []
    try list.collapse(11)  // collapsed already: nothing asked
    try list.collapse(1, recursively: true)
    #expect(delegate.calls == ["should collapse 1", "will collapse 1", "did collapse 1"])
    #expect(!list.snapshot.isExpanded(10))
    #expect(host.rows == [[1, 2]])

    delegate.calls = []
    delegate.refused = [1]
    try list.reveal(100)
    #expect(delegate.calls == ["should expand 1"])
    #expect(!list.snapshot.isVisible(100))
    delegate.refused = []
    delegate.calls = []
    try list.reveal(100)
    #expect(
      delegate.calls == [
        "should expand 1", "will expand 1", "should expand 10", "will expand 10", "did expand 1", "did expand 10",
      ])
    #expect(host.rows == [[1, 10, 100, 11, 2]])

    delegate.calls = []
    delegate.refused = [2]
    #expect(list.selectRow(at: IndexPath(indexes: [0, 2])) == 100)
    #expect(list.selectRow(at: IndexPath(indexes: [0, 4])) == nil)
    #expect(list.selectRow(at: IndexPath(indexes: [0, 9])) == nil)
    #expect(delegate.calls == ["should select 100", "did select 100", "should select 2"])
    #expect(delegate.problems.isEmpty)
    #expect(host.violations.isEmpty)
  }

  @Test func hiddenItemsExpandInTheSnapshot() throws {
    let list = DiffableTreeList<Int>()
    let host = ListHostSimulator(list: list)
    let delegate = RecordingDiffableDelegate()
    delegate.list = list
    list.delegate = delegate
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([1])
    try snapshot.append([2], to: 1)
    try snapshot.append([3], to: 2)
    try snapshot.append([4], to: 3)
    list.apply(snapshot)
    let calls = host.calls.count
    try list.expand(2, recursively: true)  // hidden beneath 1, which the list never expanded
    #expect(host.calls.count == calls)
    #expect(
      delegate.calls == ["should expand 2", "will expand 2", "should expand 3", "will expand 3", "did expand 2", "did expand 3"])
    try list.expand(1)
    #expect(host.rows == [[1, 2, 3, 4]])
    try list.collapse(1)
    try list.collapse(2, recursively: true)  // hidden, and known to the list
    try list.expand(1)
    #expect(host.rows == [[1, 2]])
    try list.expand(2)
    #expect(host.rows == [[1, 2, 3]])
    #expect(host.violations.isEmpty)
    #expect(delegate.problems.isEmpty)
  }

  @Test func heightsAndGeometry() throws {
    let list = DiffableTreeList<Int>(layout: .sectioned)
    let host = ListHostSimulator(list: list)
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([1, 2])
    try snapshot.append([10, 11, 12], to: 1)
    try snapshot.append([20], to: 2)
    snapshot.expand([1, 2])
    list.apply(snapshot)
    #expect(list.contentHeight == 4)  // root items are sections, not rows
    list.heightOfItem = { Double($0) }
    #expect(host.calls.count == 2)  // heights are geometry: the host hears nothing
    #expect(list.contentHeight == 10 + 11 + 12 + 20)
    #expect(list.offset(ofRow: 2) == 21)
    #expect(list.row(atOffset: 21) == 2)
    #expect(list.row(atOffset: 33) == 3)
    #expect(list.height(at: IndexPath(indexes: [1, 0])) == 20)
    try list.collapse(1)
    #expect(list.contentHeight == 20)
    #expect(list.row(of: 20) == 0)
    #expect(list.itemID(atRow: 0) == 20)
    try list.expand(1)
    #expect(list.offset(ofRow: 3) == 33)
    #expect(host.violations.isEmpty)
  }

  @Test func errorsChangeNothing() throws {
    let list = DiffableTreeList<String>()
    let host = ListHostSimulator(list: list)
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["a"])
    try snapshot.append(["b"], to: "a")
    list.apply(snapshot)
    let calls = host.calls
    let before = list.snapshot
    #expect(throws: DiffableTreeListError(operation: .expand, item: "x", reason: .unknownItem)) {
      try list.expand("x", recursively: true)
    }
    #expect(throws: DiffableTreeListError(operation: .collapse, item: "x", reason: .unknownItem)) {
      try list.collapse("x")
    }
    #expect(throws: DiffableTreeListError(operation: .reveal, item: "x", reason: .unknownItem)) {
      try list.reveal("x")
    }
    #expect(list.snapshot == before)
    #expect(host.calls == calls)
    #expect(
      "\(DiffableTreeListError(operation: .expand, item: "x", reason: .unknownItem))"
        == #"cannot expand "x": the list has no item "x""#)
  }

  @Test func callsFromInsideTheHostAreRefusedOrDeferred() throws {
    /// A host that, on its first update, tries to expand (refused) and to
    /// apply another snapshot (deferred until the update is done).
    final class IntrudingHost: TreeListHost {
      weak var list: DiffableTreeList<Int>?
      var next: TreeSnapshot<Int>?
      var errors: [DiffableTreeListError] = []
      var applied: [TreeChanges] = []
      var returned: [TreeChanges] = []
      func reloadData() {}
      func apply(_ changes: TreeChanges) {
        applied.append(changes)
        guard let list, let next = next.take() else { return }
        do { try list.expand(1) } catch let error as DiffableTreeListError { errors.append(error) } catch {}
        returned.append(list.apply(next))
        #expect(list.snapshot.items == [1, 2])  // not yet
      }
    }
    let list = DiffableTreeList<Int>()
    let host = IntrudingHost()
    host.list = list
    list.host = host
    var first = TreeSnapshot<Int>()
    try first.append([1, 2])
    var second = first
    try second.append([3], to: 1)
    second.expand([1])
    host.next = second
    list.apply(first)
    #expect(host.errors == [DiffableTreeListError(operation: .expand, item: "1", reason: .reentrantUpdate)])
    #expect(host.returned == [TreeChanges()])
    #expect(host.applied.count == 2)
    #expect(list.snapshot == second)
    #expect(list.numberOfRows == 3)
  }

  /// A list of `roots` items with 99 subitems each, holding the only copy
  /// of its snapshot.
  static func largeList(roots: Int) throws -> DiffableTreeList<Int> {
    let list = DiffableTreeList<Int>()
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append(Array(0..<roots))
    for root in 0..<roots { try snapshot.append(Array((roots + root * 99)..<(roots + root * 99 + 99)), to: root) }
    list.apply(snapshot)
    return list
  }

  /// 50 clicks: expands and collapses of every `step`th root item.
  static func clicks(_ list: DiffableTreeList<Int>, step: Int) throws {
    for root in stride(from: 0, to: 50 * step, by: step) {
      try list.expand(root)
      try list.collapse(root)
    }
  }

  @Test func aLargeListExpandsWithoutCopyingTheTree() throws {
    // 10⁵ items; every user expand and collapse must cost what it costs
    // on a small list: 50 clicks among 20 times as many items take about
    // as long (the ratio of the two in one run, not a time), where a copy
    // of the tree per click would take 20 times as long.
    // The internal checks walk the whole list after each click: 10⁴ items there.
    let roots = LongTests.checksInvariants ? 100 : 1_000
    let list = try Self.largeList(roots: roots)
    if !LongTests.checksInvariants {
      let small = try Self.largeList(roots: 50)
      try Self.clicks(small, step: 1)
      try Self.clicks(list, step: 20)
      let ratio = try Growth.timeRatio(
        small: { try Self.clicks(small, step: 1) }, large: { try Self.clicks(list, step: 20) })
      #expect(ratio < 6, "50 clicks among 20 times as many items took \(ratio) times as long")
    }
    for root in stride(from: 0, to: roots, by: 3) {
      try list.expand(root)
      try list.collapse(root)
    }
    #expect(list.numberOfRows == roots)
    // And the storage itself: every buffer the list keeps per item is the
    // same one after the clicks, changed in place (the loop above has
    // shown every item once, so nothing needs to grow).
    let before = list._storageIdentities
    #expect(!before.contains(nil))
    for root in stride(from: 0, to: roots, by: 3) {
      try list.expand(root)
      try list.collapse(root)
      try list.expand(root, recursively: true)
      try list.reveal(roots + root * 99)
      try list.collapse(root, recursively: true)
    }
    #expect(list._storageIdentities == before)
    // A copy held outside makes the next change copy the snapshot, and the
    // check sees it.
    let held = list.snapshot
    try list.expand(0)
    #expect(list._storageIdentities != before)
    withExtendedLifetime(held) {}
  }
}
