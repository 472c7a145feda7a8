import Foundation
import Testing
import TreeIndex

@Suite("Batch updates")
struct BatchUpdateTests {
  typealias RowRange = TreeChanges.RowRange

  @Test func hidingAndShowingAgainIsNoChange() throws {
    var index = try EditTests.smallTree()
    let changes = try index.performBatchUpdates { index in
      try index.collapse([1])
      try index.expand([1], numberOfSubitems: 3)
    }
    #expect(changes.isEmpty)
  }

  @Test func rowsThatPersistAreLeftOutEvenWhenHiddenMeanwhile() throws {
    var index = try EditTests.smallTree()
    let changes = try index.performBatchUpdates { index in
      try index.collapse([1])
      try index.insertItems(at: [[0]])
      try index.expand([2], numberOfSubitems: 3)
    }
    #expect(changes.deletedRowRanges.isEmpty)
    #expect(changes.insertedRowRanges == [RowRange(section: 0, rows: 0..<1)])
  }

  @Test func deletionsAreInOldAndInsertionsInNewCoordinates() throws {
    var index = try EditTests.smallTree()
    // Rows before: [0] [1] [1,0] [1,1] [1,1,0] [1,1,1] [1,2] [2]
    let changes = try index.performBatchUpdates { index in
      try index.deleteItems(at: [[1, 0]])  // old row 2
      try index.insertItems(at: [[3]])  // appended root item
      try index.collapse([1, 0])  // the old [1, 1]: old rows 4, 5
    }
    #expect(changes.deletedRowRanges == [RowRange(section: 0, rows: 2..<3), RowRange(section: 0, rows: 4..<6)])
    #expect(changes.insertedRowRanges == [RowRange(section: 0, rows: 5..<6)])
    #expect(index.numberOfRows == 6)
  }

  @Test func anItemInsertedAndDeletedInOneBatchIsNoChange() throws {
    var index = try EditTests.smallTree()
    let changes = try index.performBatchUpdates { index in
      try index.insertItems(at: [[1, 1]])
      try index.expand([1, 1], numberOfSubitems: 4)
      try index.deleteItems(at: [[1, 1]])
    }
    #expect(changes.isEmpty)
  }

  @Test func aMovedItemIsAMove() throws {
    var index = try EditTests.smallTree()
    let changes = try index.performBatchUpdates { index in
      try index.moveItem(at: [1, 1], to: [0])
    }
    #expect(
      changes
        == TreeChanges(
          movedRowRanges: [.init(from: RowRange(section: 0, rows: 3..<6), to: RowRange(section: 0, rows: 0..<3))]))
    #expect(
      changes.replacingMovesWithDeletionsAndInsertions()
        == TreeChanges(
          deletedRowRanges: [RowRange(section: 0, rows: 3..<6)],
          insertedRowRanges: [RowRange(section: 0, rows: 0..<3)]))
  }

  @Test func aThrowingEditRestoresTheWholeBatch() throws {
    var index = try EditTests.smallTree()
    let before = index
    #expect(throws: TreeIndexError.self) {
      try index.performBatchUpdates { index in
        try index.insertItems(at: [[0]])
        try index.collapse([2])
        try index.expand([9], numberOfSubitems: 1)
      }
    }
    #expect(index == before)
    struct Stop: Error {}
    #expect(throws: Stop.self) {
      try index.performBatchUpdates { index in
        try index.expand([0], numberOfSubitems: 2)
        throw Stop()
      }
    }
    #expect(index == before)
  }

  @Test func nestedBatchesComposeIntoTheOuterOne() throws {
    var index = try EditTests.smallTree()
    var inner = TreeChanges()
    let outer = try index.performBatchUpdates { index in
      try index.collapse([1])
      inner = try index.performBatchUpdates { index in
        try index.insertItems(at: [[0]])
        try index.expand([2], numberOfSubitems: 3)
      }
    }
    #expect(
      inner.insertedRowRanges == [RowRange(section: 0, rows: 0..<1), RowRange(section: 0, rows: 3..<8)],
      "the retained [1, 1] expansion reappears")
    #expect(outer.insertedRowRanges == [RowRange(section: 0, rows: 0..<1)])
    #expect(outer.deletedRowRanges.isEmpty)
  }

  @Test func replacingTheWholeIndexReloadsEverySection() throws {
    var index = try EditTests.smallTree(layout: .sectioned)
    let changes = try index.performBatchUpdates { index in
      index = TreeIndex(numberOfRootItems: 5, layout: .sectioned)
    }
    #expect(changes.deletedSections == IndexSet(integersIn: 0..<3))
    #expect(changes.insertedSections == IndexSet(integersIn: 0..<5))
  }

  @Test func sectionsInABatch() throws {
    var index = try EditTests.smallTree(layout: .sectioned)
    let changes = try index.performBatchUpdates { index in
      try index.insertItems(at: [[0]])
      try index.expand([0], numberOfSubitems: 2)  // rows of an inserted section: not listed
      try index.deleteItems(at: [[3]])
      try index.insertItems(at: [[2, 0]])  // section 2 is the old section 1
    }
    #expect(changes.insertedSections == IndexSet(integer: 0))
    #expect(changes.deletedSections == IndexSet(integer: 2))
    #expect(changes.deletedRowRanges.isEmpty)
    #expect(changes.insertedRowRanges == [RowRange(section: 2, rows: 0..<1)])
  }
}
