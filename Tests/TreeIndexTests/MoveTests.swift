import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// Moves in change sets, by hand. Each operation also goes through the
/// random runs' checks (the index against the model; the changes replayed
/// with UIKit's rules on the model's rows, where an item that is a row
/// before and after is never deleted nor inserted).
@Suite("Moves")
struct MoveTests {
  typealias RowRange = TreeChanges.RowRange

  static func move(_ from: Range<Int>, _ to: Range<Int>, sections: (Int, Int) = (0, 0)) -> TreeChanges.RowRangeMove {
    .init(from: RowRange(section: sections.0, rows: from), to: RowRange(section: sections.1, rows: to))
  }

  // Rows of the small tree in `.flat`: [0] [1] [1,0] [1,1] [1,1,0] [1,1,1] [1,2] [2].

  @Test(arguments: RandomizedModelTests.layouts)
  func aMoveThatOtherEditsUndoIsNoChange(layout: TreeIndex.Layout) {
    var run = RandomizedModelCaseTests.smallTree(layout)
    #expect(run.apply(.batch([.move([1, 0], [1, 2]), .move([1, 2], [1, 0])], throwAfter: nil))?.isEmpty == true)
    // Two root items swapped twice.
    #expect(run.apply(.batch([.move([0], [1]), .move([0], [1])], throwAfter: nil))?.isEmpty == true)
    // Out to another parent and back, in nested batches.
    let away = ModelEdit.batch([.move([1, 1], [0])], throwAfter: nil)
    #expect(run.apply(.batch([away, .move([0], [1, 1])], throwAfter: nil))?.isEmpty == true)
    #expect(!run.failed)
  }

  @Test func aRootItemThatBecomesASubitemAndComesBackIsNoChange() {
    var run = RandomizedModelCaseTests.smallTree(.sectioned)
    #expect(run.apply(.batch([.move([2], [1, 0]), .move([1, 0], [2])], throwAfter: nil))?.isEmpty == true)
    #expect(!run.failed)
  }

  @Test func rowsThatAppearInsideAMovedItemSplitItsMove() {
    var run = RandomizedModelCaseTests.smallTree(.flat)
    // [1] goes first; then a subitem is inserted in its [1, 1] (now [0, 1]).
    let changes = run.apply(.batch([.move([1], [0]), .insert([[0, 1, 1]])], throwAfter: nil))
    #expect(
      changes
        == TreeChanges(
          insertedRowRanges: [RowRange(section: 0, rows: 4..<5)],
          movedRowRanges: [Self.move(1..<5, 0..<4), Self.move(5..<7, 5..<7)]))
    #expect(!run.failed)
  }

  @Test func anItemMovedOutOfADeletedParentIsStillAMove() {
    var run = RandomizedModelCaseTests.smallTree(.flat)
    // [1, 1] goes first, then its old parent (now [2]) is deleted.
    let changes = run.apply(.batch([.move([1, 1], [0]), .delete([[2]])], throwAfter: nil))
    #expect(
      changes
        == TreeChanges(
          deletedRowRanges: [RowRange(section: 0, rows: 1..<3), RowRange(section: 0, rows: 6..<7)],
          movedRowRanges: [Self.move(3..<6, 0..<3)]))
    #expect(!run.failed)
  }

  @Test func anItemMovedOutOfACollapsedParentIsStillAMove() {
    var run = RandomizedModelCaseTests.smallTree(.flat)
    // Collapse [1], move its [1, 1] to the front, expand it again (now [2]).
    let changes = run.apply(.batch([.collapse([1]), .move([1, 1], [0]), .expand([2], 2)], throwAfter: nil))
    #expect(changes == TreeChanges(movedRowRanges: [Self.move(3..<6, 0..<3)]))
    #expect(!run.failed)
  }

  @Test func anUnknownItemMovedInABatchIsAMove() {
    var run = RandomizedModelCaseTests.smallTree(.flat)
    #expect(
      run.apply(.batch([.move([0], [2])], throwAfter: nil)) == TreeChanges(movedRowRanges: [Self.move(0..<1, 7..<8)]))
    // Moved twice more, once in a nested batch: one move, from where it was
    // before the outer batch to where it ends; the item it passed stays.
    let inner = ModelEdit.batch([.move([2], [0])], throwAfter: nil)
    #expect(
      run.apply(.batch([inner, .move([0], [1])], throwAfter: nil))
        == TreeChanges(movedRowRanges: [Self.move(7..<8, 6..<7)]))
    #expect(!run.failed)
  }

  @Test func aSectionMovedInABatchCarriesItsRowChanges() {
    var run = RandomizedModelCaseTests.smallTree(.sectioned)
    // Section 1 goes last, then a subitem is inserted at its front.
    let changes = run.apply(.batch([.move([1], [2]), .insert([[2, 0]])], throwAfter: nil))
    #expect(
      changes
        == TreeChanges(insertedRowRanges: [RowRange(section: 2, rows: 0..<1)], movedSections: [.init(from: 1, to: 2)]))
    #expect(!run.failed)
  }

  @Test func aSingleMoveOfAHiddenOrUnknownEndIsADeletionOrAnInsertion() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([1], numberOfSubitems: 2)
    try index.expand([2], numberOfSubitems: 1)
    try index.collapse([2])
    // Rows: [0] [1] [1,0] [1,1] [2]; [2] is collapsed.
    let hidden = try index.moveItem(at: [1, 0], to: [2, 0])
    #expect(hidden == TreeChanges(deletedRowRanges: [RowRange(section: 0, rows: 2..<3)]))
    let shown = try index.moveItem(at: [2, 0], to: [0])
    #expect(shown == TreeChanges(insertedRowRanges: [RowRange(section: 0, rows: 0..<1)]))
    // Hidden before, and into an item never expanded: nothing to show.
    #expect(try index.moveItem(at: [3, 0], to: [1, 0]) == TreeChanges())
  }

  @Test func aMovedItemKeepsTheCostOfOneRange() throws {
    // A million rows beneath the moved item: one range each way.
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 1_000_000)
    let changes = try index.moveItem(at: [0], to: [1])
    #expect(changes == TreeChanges(movedRowRanges: [Self.move(0..<1_000_001, 1..<1_000_002)]))
    #expect(changes.numberOfMovedRows == 1_000_001)
  }
}
