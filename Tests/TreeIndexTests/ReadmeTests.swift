import Foundation
import Testing
import TreeIndex

/// The README's snippets, line for line, with the values its comments claim.
@Suite("README")
struct ReadmeTests {
  @Test func overview() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([1], numberOfSubitems: 3)
    try index.expand([1, 1], numberOfSubitems: 2)
    try index.expand([1, 2], numberOfSubitems: 1)
    try index.expand([2], numberOfSubitems: 4)

    #expect(index.numberOfRows == 15)
    #expect(index.tableIndexPath(fromTreePath: [1, 1, 0]) == [0, 6])
    #expect(index.treeIndexPath(fromTablePath: [0, 9]) == [1, 2, 0])
    #expect(index.row(for: [2]) == 10)
    #expect(index.treePath(forRow: 4) == [1, 0])
    #expect(index.tableIndexPath(fromTreePath: [0, 0, 0]) == nil)

    let changes = try index.collapse([1])
    #expect(changes.deletedRows == (4..<10).map { IndexPath(indexes: [0, $0]) })
    let again = try index.expand([1], numberOfSubitems: 3)
    #expect(again.insertedRows == changes.deletedRows)
    #expect(index.isExpanded([1, 1]))

    let batch = try index.performBatchUpdates { index in
      try index.insertItems(at: [[0]])
      try index.deleteItems(at: [[2, 0]])
      try index.moveItem(at: [2, 1], to: [3, 0])
    }
    // Old row 4 ([1, 0]) goes; the new root item comes at 0.
    #expect(batch.deletedRowRanges == [.init(section: 0, rows: 4..<5)])
    #expect(batch.insertedRowRanges == [.init(section: 0, rows: 0..<1)])
    // The old [1, 2] and its subitem move from rows 8 and 9 to 9 and 10,
    // under the old [2].
    #expect(batch.movedRowRanges == [.init(from: .init(section: 0, rows: 8..<10), to: .init(section: 0, rows: 9..<11))])
  }

  @Test func sectionedLayout() throws {
    var sectioned = TreeIndex(numberOfRootItems: 3, layout: .sectioned)
    try sectioned.expand([1], numberOfSubitems: 3)
    #expect(sectioned.numberOfSections == 3)
    #expect(sectioned.numberOfRows(inSection: 1) == 3)
    #expect(sectioned.tableIndexPath(fromTreePath: [1, 2]) == [1, 2])
    #expect(sectioned.tableIndexPath(fromTreePath: [1]) == nil)
  }
}
