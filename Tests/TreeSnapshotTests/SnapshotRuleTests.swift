import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// The contract's rules one at a time, on small literal trees: each error,
// the decisions where the issue is silent, equality, coding and deep trees.

@Suite("TreeSnapshot: the contract's rules")
struct SnapshotRuleTests {
  /// 1 (2, 3 (4)), 5; 1 expanded.
  static func small() throws -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([1, 5])
    try snapshot.append([2, 3], to: 1)
    try snapshot.append([4], to: 3)
    snapshot.expand([1])
    return snapshot
  }

  /// Runs `body` on a copy of `snapshot`; it must throw exactly
  /// (`operation`, `item`, `reason`) and leave the copy == to `snapshot`.
  static func expectError(
    _ snapshot: TreeSnapshot<Int>, _ operation: TreeSnapshotError.Operation, _ item: Int,
    _ reason: TreeSnapshotError.Reason, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout TreeSnapshot<Int>) throws -> Void
  ) {
    var copy = snapshot
    do {
      try body(&copy)
      Issue.record("no error; expected \(operation) \(item): \(reason)", sourceLocation: sourceLocation)
    } catch let error as TreeSnapshotError {
      #expect(
        error.operation == operation && error.item == "\(item)" && error.reason == reason,
        "threw (\(error.operation), \(error.item), \(error.reason)): \(error)", sourceLocation: sourceLocation)
      #expect(error.description.contains("\(item)"), "\(error)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("threw \(error), not a TreeSnapshotError", sourceLocation: sourceLocation)
    }
    #expect(copy == snapshot, "the snapshot changed although the call threw", sourceLocation: sourceLocation)
    #expect(Array(copy.visibleItems) == Array(snapshot.visibleItems), sourceLocation: sourceLocation)
  }

  @Test func appendErrors() throws {
    let s = try Self.small()
    Self.expectError(s, .append, 9, .unknownItem) { try $0.append([6], to: 9) }
    Self.expectError(s, .append, 9, .unknownItem) { try $0.append([], to: 9) }  // the parent is checked first
    Self.expectError(s, .append, 4, .duplicateItem) { try $0.append([6, 4]) }
    Self.expectError(s, .append, 6, .duplicateItem) { try $0.append([6, 7, 6], to: 2) }  // given twice
    var t = s
    try t.append([], to: 2)  // nothing to add: no change
    #expect(t == s)
  }

  @Test func insertErrors() throws {
    let s = try Self.small()
    Self.expectError(s, .insert, 9, .unknownItem) { try $0.insert([6], before: 9) }
    Self.expectError(s, .insert, 9, .unknownItem) { try $0.insert([6], after: 9) }
    Self.expectError(s, .insert, 2, .duplicateItem) { try $0.insert([6, 2], after: 4) }
    Self.expectError(s, .insert, 3, .duplicateItem) { try $0.insert([3], before: 3) }
    Self.expectError(s, .insert, 7, .duplicateItem) { try $0.insert([7, 7], before: 5) }
  }

  @Test func moveErrors() throws {
    let s = try Self.small()
    Self.expectError(s, .move, 9, .unknownItem) { try $0.move(9, before: 1) }
    Self.expectError(s, .move, 9, .unknownItem) { try $0.move(2, after: 9) }
    Self.expectError(s, .move, 9, .unknownItem) { try $0.move(9, to: nil, at: 0) }
    Self.expectError(s, .move, 9, .unknownItem) { try $0.move(2, to: 9, at: 0) }
    Self.expectError(s, .move, 1, .moveIntoOwnSubtree) { try $0.move(1, before: 4) }
    Self.expectError(s, .move, 1, .moveIntoOwnSubtree) { try $0.move(1, after: 2) }
    Self.expectError(s, .move, 3, .moveIntoOwnSubtree) { try $0.move(3, to: 3, at: 0) }
    Self.expectError(s, .move, 1, .moveIntoOwnSubtree) { try $0.move(1, to: 4, at: 0) }
    // The index is among the parent's children after the removal.
    Self.expectError(s, .move, 2, .indexOutOfRange(index: 2, count: 1)) { try $0.move(2, to: 1, at: 2) }
    Self.expectError(s, .move, 2, .indexOutOfRange(index: -1, count: 2)) { try $0.move(2, to: nil, at: -1) }
    Self.expectError(s, .move, 5, .indexOutOfRange(index: 2, count: 0)) { try $0.move(5, to: 4, at: 2) }
    var t = s
    try t.move(2, to: 1, at: 1)  // the last place among [3]
    #expect(Array(t.children(of: 1)) == [3, 2])
  }

  @Test func moveNextToItselfChangesNothing() throws {
    let s = try Self.small()
    var t = s
    try t.move(3, before: 3)
    try t.move(1, after: 1)
    #expect(t == s)
    #expect(t.changes(from: s).isEmpty)
  }

  @Test func replaceChildrenErrors() throws {
    let s = try Self.small()
    var source = TreeSnapshot<Int>()
    try source.append([6, 1])
    Self.expectError(s, .replaceChildren, 9, .unknownItem) { try $0.replaceChildren(of: 9, using: TreeSnapshot()) }
    // 1 is the parent itself: outside its descendants.
    Self.expectError(s, .replaceChildren, 1, .duplicateItem) { try $0.replaceChildren(of: 1, using: source) }
    var beneath = TreeSnapshot<Int>()
    try beneath.append([7])
    try beneath.append([5], to: 7)  // 5 is a root item of s
    Self.expectError(s, .replaceChildren, 5, .duplicateItem) { try $0.replaceChildren(of: 3, using: beneath) }
    // Identifiers from beneath the parent may come back, anywhere.
    var again = TreeSnapshot<Int>()
    try again.append([4, 8])
    try again.append([3], to: 8)
    again.expand([8])
    var t = s
    try t.replaceChildren(of: 1, using: again)
    #expect(t.items == [1, 4, 8, 3, 5])
    #expect(t.isExpanded(1) && t.isExpanded(8) && !t.isExpanded(3))
    #expect(Array(t.visibleItems) == [1, 4, 8, 3, 5])
  }

  /// Several clashes in one `replaceChildren`: the error names the first
  /// in depth-first order of the given snapshot (as `append` names the
  /// first of its items), the same from run to run.
  @Test func replaceChildrenNamesTheFirstClash() throws {
    for shift in 0..<8 {
      var s = TreeSnapshot<Int>()
      let clashes = (0..<6).map { 100 + 7 * $0 + shift }
      try s.append([1] + clashes.reversed())
      var source = TreeSnapshot<Int>()
      try source.append(clashes)
      var copy = s
      let error = #expect(throws: TreeSnapshotError.self) { try copy.replaceChildren(of: 1, using: source) }
      #expect(error?.reason == .duplicateItem && clashes.map { "\($0)" }.contains(error?.item ?? ""))
      #expect(
        error?.item == "\(clashes[0])", "shift \(shift): names \(error?.item ?? "nil"), not the first clash \(clashes[0])")
    }
  }

  @Test func expansionFollowsTheItem() throws {
    var s = try Self.small()
    s.expand([3, 42])  // unknown identifiers are ignored
    #expect(Array(s.visibleItems) == [1, 2, 3, 4, 5])
    try s.move(3, to: 5, at: 0)  // with its subtree and its expansion
    #expect(Array(s.visibleItems) == [1, 2, 5])
    s.expand([5])
    #expect(Array(s.visibleItems) == [1, 2, 5, 3, 4])
    s.expand([4])  // a leaf can be expanded: its later children show
    try s.append([6], to: 4)
    #expect(Array(s.visibleItems) == [1, 2, 5, 3, 4, 6])
    s.collapse([5, 42])
    #expect(Array(s.visibleItems) == [1, 2, 5] && s.isExpanded(3) && !s.isVisible(3))
    s.delete([3])
    try s.append([3], to: 5)  // back again: a new item, collapsed
    #expect(!s.isExpanded(3) && s.children(of: 3).isEmpty)
    s.deleteAll()
    #expect(s.items.isEmpty && s.visibleItems.isEmpty && s == TreeSnapshot())
  }

  @Test func unknownItemsAnswerNothing() throws {
    let s = try Self.small()
    #expect(!s.contains(9) && s.parent(of: 9) == nil && s.level(of: 9) == nil && !s.isExpanded(9))
    #expect(!s.isVisible(9) && s.treePath(of: 9) == nil && s.row(of: 9) == nil && s.children(of: 9).isEmpty)
    #expect(s.snapshot(of: 9) == TreeSnapshot() && s.snapshot(of: 9, includingParent: true) == TreeSnapshot())
    var t = s
    t.delete([9, 42])
    t.collapse([9])
    t.reloadItems([9])
    #expect(t == s && t.changes(from: s).isEmpty)
  }

  @Test func equalityIgnoresPendingReloads() throws {
    let s = try Self.small()
    var t = s
    t.reloadItems([2])
    #expect(t == s)
    #expect(t.changes(from: s).reloadedRowRanges == [.init(section: 0, rows: 1..<2)])
    var u = s
    u.collapse([1])
    #expect(u != s)
  }

  /// A reloaded item whose row moves (with its moved parent) is a deletion
  /// and an insertion: UIKit forbids reloading a moved row.
  @Test func reloadedRowThatMovesWithItsParent() throws {
    let old = try SnapshotExampleTests.planets()  // Mercury Venus Earth Mars (Phobos Deimos)
    var new = old
    new.reloadItems(["Phobos"])
    try new.move("Mars", before: "Mercury")  // Mars Phobos Deimos Mercury Venus Earth
    let changes = new.changes(from: old)
    #expect(changes.reloadedRowRanges.isEmpty)
    #expect(changes.deletedRowRanges == [.init(section: 0, rows: 4..<5)])
    #expect(changes.insertedRowRanges == [.init(section: 0, rows: 1..<2)])
    #expect(changes.movedRows.map { [$0.from[1], $0.to[1]] } == [[3, 0], [5, 2]])
  }

  /// The same in `.sectioned`: a reloaded row in a moved section is a
  /// deletion and an insertion (UIKit forbids reloading a row of a moved
  /// section).
  @Test func reloadedRowInAMovedSection() throws {
    let old = try SnapshotExampleTests.planets()
    var new = old
    new.reloadItems(["Phobos"])
    try new.move("Mars", before: "Mercury")
    let changes = new.changes(from: old, layout: .sectioned)
    #expect(changes.movedSections == [.init(from: 3, to: 0)])
    #expect(changes.reloadedRowRanges.isEmpty)
    #expect(changes.deletedRowRanges == [.init(section: 3, rows: 0..<1)])
    #expect(changes.insertedRowRanges == [.init(section: 0, rows: 0..<1)])
    #expect(changes.movedRowRanges.isEmpty)
  }

  @Test func copiesAreIndependent() throws {
    let s = try Self.small()
    var t = s
    try t.append([6], to: 2)
    t.expand([2])
    try t.move(5, before: 1)
    #expect(s.items == [1, 2, 3, 4, 5] && Array(s.visibleItems) == [1, 2, 3, 5] && !s.contains(6))
    #expect(t.items == [5, 1, 2, 6, 3, 4])
    let sendable: any Sendable = t
    #expect(sendable is TreeSnapshot<Int>)
  }

  @Test func codableRoundTrip() throws {
    var s = try Self.small()
    s.expand([3])
    let decoded = try JSONDecoder().decode(TreeSnapshot<Int>.self, from: try JSONEncoder().encode(s))
    #expect(decoded == s && decoded.items == s.items && Array(decoded.visibleItems) == Array(s.visibleItems))
    let strings = try Self.stringSnapshot()
    let decodedStrings = try JSONDecoder().decode(
      TreeSnapshot<String>.self, from: try JSONEncoder().encode(strings))
    #expect(decodedStrings == strings)
  }

  static func stringSnapshot() throws -> TreeSnapshot<String> {
    var s = TreeSnapshot<String>()
    try s.append(["alpha-item-1234567", "beta-item-7654321"])
    try s.append(["gamma-item-5555555"], to: "alpha-item-1234567")
    return s
  }

  /// Decoding validates: an identifier written twice (made by editing the
  /// encoding of a valid snapshot) is `DecodingError.dataCorrupted`.
  @Test func decodingRejectsDuplicates() throws {
    var s = TreeSnapshot<Int>()
    try s.append([1_234_567, 7_654_321])
    try s.append([5_555_555], to: 1_234_567)
    for (from, to) in [("7654321", "1234567"), ("5555555", "1234567"), ("5555555", "7654321")] {
      let text = String(decoding: try JSONEncoder().encode(s), as: UTF8.self)
      #expect(text.contains(from), "the encoding does not hold \(from) as a number: \(text)")
      let corrupted = Data(text.replacingOccurrences(of: from, with: to).utf8)
      #expect(throws: DecodingError.self) { try JSONDecoder().decode(TreeSnapshot<Int>.self, from: corrupted) }
      do {
        _ = try JSONDecoder().decode(TreeSnapshot<Int>.self, from: corrupted)
      } catch DecodingError.dataCorrupted {
      } catch {
        Issue.record("decoding \(from) → \(to) threw \(error), not dataCorrupted")
      }
    }
    let strings = String(decoding: try JSONEncoder().encode(try Self.stringSnapshot()), as: UTF8.self)
    let corrupted = Data(strings.replacingOccurrences(of: "gamma-item-5555555", with: "beta-item-7654321").utf8)
    #expect(throws: DecodingError.self) { try JSONDecoder().decode(TreeSnapshot<String>.self, from: corrupted) }
  }

  /// A chain as deep as it is long: no recursion in building, querying,
  /// comparing, coding, diffing or freeing it. (Each edit or expansion at
  /// depth d costs O(d), so building the chain is quadratic: kept short.)
  @Test func deepChain() throws {
    let depth = LongTests.choose(short: 2_000, long: 30_000)
    var s = TreeSnapshot<Int>()
    try s.append([0])
    for i in 1..<depth { try s.append([i], to: i - 1) }
    s.expand(Array(0..<depth))
    #expect(s.visibleItems.count == depth)
    #expect(s.row(of: depth - 1) == depth - 1 && s.level(of: depth - 1) == depth - 1)
    #expect(s.item(atRow: depth - 1) == depth - 1)
    #expect(s.treePath(of: depth - 1) == TreePath(Array(repeating: 0, count: depth)))
    let decoded = try JSONDecoder().decode(TreeSnapshot<Int>.self, from: try JSONEncoder().encode(s))
    #expect(decoded == s)
    var t = s
    try t.move(depth - 1, to: nil, at: 0)
    let changes = t.changes(from: s)
    #expect(
      changes.movedRowRanges == [.init(from: .init(section: 0, rows: (depth - 1)..<depth), to: .init(section: 0, rows: 0..<1))])
    let general = t.changes(from: decoded)
    #expect(general == changes)
    #expect(t.snapshot(of: 0).items.count == depth - 2)
    t.delete([0])
    #expect(Array(t.items) == [depth - 1])
  }
}
