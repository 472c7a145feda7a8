import Foundation
import Testing
import TreeDataSource

// `TreeSnapshot` by example, in the manner of Apple's section snapshot: a
// tree of identifiers, its rows, and the change set that animates the step
// from one snapshot to the next. Each comment states what the next line
// gives.

@Suite("TreeSnapshot: examples")
struct SnapshotExampleTests {
  /// Mercury, Venus, Earth (Moon), Mars (Phobos, Deimos); Mars expanded.
  static func planets() throws -> TreeSnapshot<String> {
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["Mercury", "Venus", "Earth", "Mars"])
    try snapshot.append(["Moon"], to: "Earth")
    try snapshot.append(["Phobos", "Deimos"], to: "Mars")
    snapshot.expand(["Mars"])
    return snapshot
  }

  @Test func buildExpandAndFindRows() throws {
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["Mercury", "Venus", "Earth", "Mars"])  // root items
    try snapshot.append(["Moon"], to: "Earth")
    try snapshot.append(["Phobos", "Deimos"], to: "Mars")
    #expect(Array(snapshot.visibleItems) == ["Mercury", "Venus", "Earth", "Mars"])  // all collapsed
    #expect(snapshot.row(of: "Moon") == nil)  // hidden: Earth is collapsed

    snapshot.expand(["Mars"])
    #expect(Array(snapshot.visibleItems) == ["Mercury", "Venus", "Earth", "Mars", "Phobos", "Deimos"])
    #expect(snapshot.row(of: "Deimos") == 5)
    #expect(snapshot.item(atRow: 4) == "Phobos")
    #expect(snapshot.item(atRow: 6) == nil)  // past the last row
    #expect(snapshot.treePath(of: "Deimos") == [3, 1])
    #expect(snapshot.item(at: [2, 0]) == "Moon")  // a path names hidden items too
    #expect(snapshot.level(of: "Deimos") == 1)
    #expect(snapshot.parent(of: "Deimos") == "Mars")
    #expect(Array(snapshot.children(of: "Mars")) == ["Phobos", "Deimos"])
    #expect(snapshot.items == ["Mercury", "Venus", "Earth", "Moon", "Mars", "Phobos", "Deimos"])  // depth first
    #expect(snapshot.index.numberOfRows == 6)  // the same tree as paths and rows
    #expect(snapshot.index.tableIndexPath(fromTreePath: [3, 1]) == IndexPath(indexes: [0, 5]))
  }

  @Test func expandingShowsRowsAsInsertions() throws {
    let old = try Self.planets()
    var new = old
    new.expand(["Earth"])
    let changes = new.changes(from: old)
    #expect(changes.insertedRowRanges == [.init(section: 0, rows: 3..<4)])  // Moon, below Earth
    #expect(changes.deletedRowRanges.isEmpty && changes.movedRowRanges.isEmpty)
  }

  @Test func aMovedItemIsAMoveWithItsRows() throws {
    let old = try Self.planets()
    var new = old
    try new.move("Mars", before: "Mercury")
    #expect(Array(new.visibleItems) == ["Mars", "Phobos", "Deimos", "Mercury", "Venus", "Earth"])
    let changes = new.changes(from: old)
    // Mars with its two visible subitems: one range, never a deletion plus an insertion.
    #expect(changes.movedRowRanges == [.init(from: .init(section: 0, rows: 3..<6), to: .init(section: 0, rows: 0..<3))])
    #expect(changes.deletedRowRanges.isEmpty && changes.insertedRowRanges.isEmpty)
  }

  @Test func onlyTheFewestMovesAreListed() throws {
    let old = try Self.planets()
    var new = old
    try new.move("Mercury", after: "Mars")  // Venus, Earth, Mars keep their order: only Mercury moves
    let changes = new.changes(from: old)
    #expect(changes.movedRowRanges == [.init(from: .init(section: 0, rows: 0..<1), to: .init(section: 0, rows: 5..<6))])
  }

  @Test func swappedSiblingsMoveTheSecondOneInOldOrder() throws {
    // [Phobos, Deimos] become [Deimos, Phobos]: either one could stay; the
    // contract keeps the first in new order (Deimos) and moves Phobos.
    let old = try Self.planets()
    var new = old
    try new.move("Deimos", before: "Phobos")
    let changes = new.changes(from: old)
    #expect(changes.movedRowRanges == [.init(from: .init(section: 0, rows: 4..<5), to: .init(section: 0, rows: 5..<6))])
  }

  @Test func reloadsInsertionsAndDeletions() throws {
    let old = try Self.planets()
    var new = old
    new.reloadItems(["Venus"])  // content changed in place
    new.delete(["Phobos"])
    try new.insert(["Ceres"], after: "Mars")
    let changes = new.changes(from: old)
    #expect(changes.reloadedRowRanges == [.init(section: 0, rows: 1..<2)])  // old coordinates
    #expect(changes.deletedRowRanges == [.init(section: 0, rows: 4..<5)])
    #expect(changes.insertedRowRanges == [.init(section: 0, rows: 5..<6)])  // after Deimos
  }

  @Test func sectionedLayout() throws {
    let old = try Self.planets()
    var new = old
    new.expand(["Earth"])
    try new.move("Mars", to: nil, at: 0)
    let changes = new.changes(from: old, layout: .sectioned)
    // Root items are sections: Mars moves as a section, with its rows.
    #expect(changes.movedSections == [.init(from: 3, to: 0)])
    #expect(changes.insertedRowRanges == [.init(section: 3, rows: 0..<1)])  // Moon, in Earth's section
    #expect(changes.movedRowRanges.isEmpty)
  }

  @Test func errorsNameTheItemAndTheReason() throws {
    var snapshot = try Self.planets()
    let before = snapshot
    let duplicate = #expect(throws: TreeSnapshotError.self) { try snapshot.append(["Moon"], to: "Mars") }
    #expect(duplicate?.operation == .append && duplicate?.item == "Moon" && duplicate?.reason == .duplicateItem)
    #expect(duplicate?.description.contains("Moon") == true)
    let cycle = #expect(throws: TreeSnapshotError.self) { try snapshot.move("Mars", to: "Phobos", at: 0) }
    #expect(cycle?.reason == .moveIntoOwnSubtree && cycle?.item == "Mars")
    #expect(snapshot == before)  // unchanged
  }

  @Test func subtreesAndReplacement() throws {
    var snapshot = try Self.planets()
    let moons = snapshot.snapshot(of: "Mars")
    #expect(Array(moons.rootItems) == ["Phobos", "Deimos"])
    let mars = snapshot.snapshot(of: "Mars", includingParent: true)
    #expect(mars.items == ["Mars", "Phobos", "Deimos"] && mars.isExpanded("Mars"))
    var others = TreeSnapshot<String>()
    try others.append(["Deimos", "S/2003 J 2"])
    try snapshot.replaceChildren(of: "Mars", using: others)  // Deimos may stay: it was beneath Mars
    #expect(Array(snapshot.children(of: "Mars")) == ["Deimos", "S/2003 J 2"])
    #expect(!snapshot.contains("Phobos"))
  }
}
