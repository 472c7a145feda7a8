import Foundation
import Testing
import TreeIndex

@Suite("Insert, delete and move")
struct EditTests {
  typealias RowRange = TreeChanges.RowRange

  /// Root items [0] [1] [2]; [1] expanded with 3 subitems, [1, 1] with 2.
  static func smallTree(layout: TreeIndex.Layout = .flat) throws -> TreeIndex {
    var index = TreeIndex(numberOfRootItems: 3, layout: layout)
    try index.expand([1], numberOfSubitems: 3)
    try index.expand([1, 1], numberOfSubitems: 2)
    return index
  }

  @Test func insertionsShiftExpandedSiblings() throws {
    var index = try Self.smallTree()
    let changes = try index.insertItems(at: [[1, 0], [1, 2]])
    #expect(changes.insertedRowRanges == [RowRange(section: 0, rows: 2..<3), RowRange(section: 0, rows: 4..<5)])
    #expect(index.isExpanded([1, 3]), "the expanded item moved down with its row")
    #expect(index.treePath(forRow: 5) == [1, 3])
    #expect(index.treePath(forRow: 6) == [1, 3, 0])
    #expect(index.numberOfSubitems(of: [1]) == 5)
  }

  @Test func insertingARootItemInsertsASection() throws {
    var index = try Self.smallTree(layout: .sectioned)
    let changes = try index.insertItems(at: [[0], [2, 0]])
    #expect(changes.insertedSections == IndexSet(integer: 0))
    #expect(changes.insertedRowRanges == [RowRange(section: 2, rows: 0..<1)])
    #expect(index.numberOfSections == 4)
    #expect(index.tableIndexPath(fromTreePath: [2, 2, 1]) == IndexPath(indexes: [2, 4]))
  }

  @Test func insertingBeneathAnUnknownItemChangesNothing() throws {
    var index = try Self.smallTree()
    let before = index
    #expect(try index.insertItems(at: [[0, 0], [1, 0, 3]]).isEmpty)
    #expect(index == before)
  }

  @Test func deletionCoversDescendantsAndTakesHiddenState() throws {
    var index = try Self.smallTree()
    let changes = try index.deleteItems(at: [[1, 1, 0], [1, 1], [2]])
    #expect(changes.deletedRowRanges == [RowRange(section: 0, rows: 3..<6), RowRange(section: 0, rows: 7..<8)])
    #expect(index.numberOfRows == 4)
    #expect(index.numberOfSubitems(of: [1]) == 2)
    #expect(!index.isExpanded([1, 1]), "the old [1, 2] moved up and was never expanded")
  }

  @Test func deletingASectionListsNoRowsInIt() throws {
    var index = try Self.smallTree(layout: .sectioned)
    let changes = try index.deleteItems(at: [[1], [1, 1, 0]])
    #expect(changes.deletedSections == IndexSet(integer: 1))
    #expect(changes.deletedRowRanges.isEmpty)
    #expect(index.numberOfSections == 2)
    #expect(index.numberOfRows == 0)
  }

  @Test func moveCarriesTheSubtreeAcrossParents() throws {
    var index = try Self.smallTree()
    // [1, 1] (expanded, 2 subitems) becomes the last root item.
    let changes = try index.moveItem(at: [1, 1], to: [3])
    #expect(
      changes
        == TreeChanges(
          movedRowRanges: [.init(from: RowRange(section: 0, rows: 3..<6), to: RowRange(section: 0, rows: 5..<8))]))
    #expect(changes.movedRows.map(\.from) == (3..<6).map { IndexPath(indexes: [0, $0]) })
    #expect(changes.movedRows.map(\.to) == (5..<8).map { IndexPath(indexes: [0, $0]) })
    #expect(index.numberOfRootItems == 4)
    #expect(index.isExpanded([3]))
    #expect(index.treePath(forRow: 7) == [3, 1])
  }

  @Test func moveWithinAParentReadsTheDestinationAfterRemoval() throws {
    var index = try Self.smallTree()
    // [1, 0] to the end of [1]: after removal [1] has 2 subitems, so [1, 2].
    try index.moveItem(at: [1, 0], to: [1, 2])
    #expect(index.isExpanded([1, 0]))
    #expect(index.treePath(forRow: 2) == [1, 0])
    #expect(index.treePath(forRow: 5) == [1, 1])
    #expect(index.treePath(forRow: 6) == [1, 2])
    let before = index
    #expect(throws: TreeIndexError.self) { try index.moveItem(at: [1, 0], to: [1, 3]) }
    #expect(index == before)
  }

  @Test func moveBetweenSections() throws {
    var index = try Self.smallTree(layout: .sectioned)
    try index.expand([0], numberOfSubitems: 1)
    let changes = try index.moveItem(at: [1, 1], to: [0, 0])
    #expect(
      changes
        == TreeChanges(
          movedRowRanges: [.init(from: RowRange(section: 1, rows: 1..<4), to: RowRange(section: 0, rows: 0..<3))]))
    #expect(index.numberOfRows(inSection: 0) == 4)
    #expect(index.numberOfRows(inSection: 1) == 2)
    let root = try index.moveItem(at: [1], to: [0])
    #expect(root == TreeChanges(movedSections: [.init(from: 1, to: 0)]))
    // A root item that becomes a subitem: its section goes, its rows come.
    let down = try index.moveItem(at: [2], to: [0, 0])
    #expect(down == TreeChanges(deletedSections: [2], insertedRowRanges: [RowRange(section: 0, rows: 0..<1)]))
    // And back: its row goes, its section comes.
    let up = try index.moveItem(at: [0, 0], to: [1])
    #expect(up == TreeChanges(insertedSections: [1], deletedRowRanges: [RowRange(section: 0, rows: 0..<1)]))
  }

  @Test func moveToWhereTheItemIsChangesNothing() throws {
    var index = try Self.smallTree()
    let before = index
    #expect(try index.moveItem(at: [1, 1], to: [1, 1]).isEmpty)
    #expect(index == before)
  }

  @Test func movesWithUnknownEnds() throws {
    var index = try Self.smallTree()
    // Source beneath an unknown item: an insertion at the destination.
    let insertion = try index.moveItem(at: [0, 3], to: [1, 0])
    #expect(insertion.insertedRowRanges == [RowRange(section: 0, rows: 2..<3)])
    #expect(insertion.deletedRowRanges.isEmpty)
    // Destination beneath an unknown item: a deletion at the source.
    let deletion = try index.moveItem(at: [1, 2], to: [0, 0])
    #expect(deletion.deletedRowRanges == [RowRange(section: 0, rows: 4..<7)])
    #expect(deletion.insertedRowRanges.isEmpty)
    #expect(index.numberOfSubitems(of: [1]) == 3)
  }
}
