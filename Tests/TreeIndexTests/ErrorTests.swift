import Foundation
import Testing
import TreeIndex

@Suite("Bad input: a typed error, and the index unchanged")
struct ErrorTests {
  /// Runs `body`, which must throw `expected`, and checks the index is unchanged.
  func expectError(
    _ expected: TreeIndexError, on index: TreeIndex, sourceLocation: SourceLocation = #_sourceLocation,
    _ body: (inout TreeIndex) throws -> Void
  ) {
    var copy = index
    do {
      try body(&copy)
      Issue.record("expected \(expected)", sourceLocation: sourceLocation)
    } catch let error as TreeIndexError {
      #expect(error == expected, sourceLocation: sourceLocation)
    } catch {
      Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
    #expect(copy == index, "the index changed", sourceLocation: sourceLocation)
  }

  @Test func expandAndCollapse() throws {
    let index = try EditTests.smallTree()
    expectError(.init(operation: .expand, treePath: [], reason: .emptyPath), on: index) {
      try $0.expand([], numberOfSubitems: 1)
    }
    expectError(.init(operation: .expand, treePath: [3], reason: .indexOutOfRange(level: 0, numberOfSubitems: 3)), on: index) {
      try $0.expand([3], numberOfSubitems: 1)
    }
    expectError(.init(operation: .expand, treePath: [-1], reason: .indexOutOfRange(level: 0, numberOfSubitems: 3)), on: index) {
      try $0.expand([-1], numberOfSubitems: 1)
    }
    expectError(
      .init(operation: .expand, treePath: [1, 1, 2], reason: .indexOutOfRange(level: 2, numberOfSubitems: 2)), on: index
    ) {
      try $0.expand([1, 1, 2], numberOfSubitems: 1)
    }
    expectError(.init(operation: .expand, treePath: [0, 0], reason: .unknownAncestor([0])), on: index) {
      try $0.expand([0, 0], numberOfSubitems: 1)
    }
    expectError(.init(operation: .expand, treePath: [2], reason: .negativeNumberOfSubitems(-4)), on: index) {
      try $0.expand([2], numberOfSubitems: -4)
    }
    expectError(.init(operation: .collapse, treePath: [1, 0, 0], reason: .unknownAncestor([1, 0])), on: index) {
      try $0.collapse([1, 0, 0])
    }
  }

  @Test func insertDeleteAndMove() throws {
    let index = try EditTests.smallTree()
    expectError(.init(operation: .insert, treePath: [1, 5], reason: .indexOutOfRange(level: 1, numberOfSubitems: 4)), on: index) {
      // [1, 3] is an append (4 subitems after it), [1, 5] is past the end.
      try $0.insertItems(at: [[1, 5], [1, 3]])
    }
    expectError(.init(operation: .insert, treePath: [0], reason: .duplicatePath), on: index) {
      try $0.insertItems(at: [[0], [0]])
    }
    expectError(.init(operation: .insert, treePath: [], reason: .emptyPath), on: index) {
      try $0.insertItems(at: [[1], []])
    }
    expectError(.init(operation: .delete, treePath: [1, 3], reason: .indexOutOfRange(level: 1, numberOfSubitems: 3)), on: index) {
      try $0.deleteItems(at: [[0], [1, 3]])
    }
    expectError(
      .init(
        operation: .move, treePath: [1, 3], reason: .indexOutOfRange(level: 1, numberOfSubitems: 2),
        movePaths: .init(source: [1, 0], destination: [1, 3])), on: index
    ) {
      try $0.moveItem(at: [1, 0], to: [1, 3])
    }
    expectError(
      .init(
        operation: .move, treePath: [4], reason: .indexOutOfRange(level: 0, numberOfSubitems: 3),
        movePaths: .init(source: [4], destination: [0])), on: index
    ) {
      try $0.moveItem(at: [4], to: [0])
    }
    expectError(
      .init(operation: .move, treePath: [], reason: .emptyPath, movePaths: .init(source: [0], destination: [])), on: index
    ) {
      try $0.moveItem(at: [0], to: [])
    }

  }

  @Test func errorsReadAsSentences() {
    let error = TreeIndexError(operation: .expand, treePath: [1, 4], reason: .indexOutOfRange(level: 1, numberOfSubitems: 3))
    #expect(error.description == "cannot expand [1, 4]: index 4 is out of range; [1] has 3 subitems")
    let root = TreeIndexError(operation: .delete, treePath: [7], reason: .indexOutOfRange(level: 0, numberOfSubitems: 2))
    #expect(root.description == "cannot delete [7]: index 7 is out of range; there are 2 root items")
  }

  @Test func aFailedMoveNamesBothPaths() throws {
    var index = TreeIndex(numberOfRootItems: 4)
    // The destination is read with the item removed: 3 root items, [3] is the end.
    let destination = #expect(throws: TreeIndexError.self) { try index.moveItem(at: [0], to: [5]) }
    #expect(destination?.description == "cannot move [0] to [5]: index 5 is out of range; there are 3 root items")
    #expect(destination?.treePath == [5])
    let source = #expect(throws: TreeIndexError.self) { try index.moveItem(at: [9], to: [0]) }
    #expect(source?.description == "cannot move [9] to [0]: index 9 is out of range; there are 4 root items")
    #expect(source?.treePath == [9])
    #expect(source?.movePaths == .init(source: [9], destination: [0]))
    // Inside a batch, too.
    let batched = #expect(throws: TreeIndexError.self) {
      try index.performBatchUpdates { try $0.moveItem(at: [1], to: [7, 0]) }
    }
    #expect(batched?.description == "cannot move [1] to [7, 0]: index 7 is out of range; there are 3 root items")
    #expect(index == TreeIndex(numberOfRootItems: 4))
    // Other errors name one path, and the original initializer still makes them.
    let plain = TreeIndexError(operation: .delete, treePath: [7], reason: .emptyPath)
    #expect(plain.movePaths == nil)
    #expect(plain.description == "cannot delete [7]: an empty path names no item")
  }

  @Test func queriesWithBadInputReturnNil() throws {
    let index = try EditTests.smallTree()
    #expect(index.tableIndexPath(fromTreePath: []) == nil)
    #expect(index.tableIndexPath(fromTreePath: [-1]) == nil)
    #expect(index.treeIndexPath(fromTablePath: IndexPath(indexes: [0])) == nil)
    #expect(index.treeIndexPath(fromTablePath: IndexPath(indexes: [0, -1])) == nil)
    #expect(index.treeIndexPath(fromTablePath: IndexPath(indexes: [0, 1, 2])) == nil)
    #expect(index.treePath(forRow: -1) == nil)
    #expect(index.treePath(forRow: index.numberOfRows) == nil)
    #expect(index.row(for: [1, 1, 5]) == nil)
    #expect(index.numberOfSubitems(of: []) == nil)
    #expect(index.numberOfRows(inSection: -1) == 0)
    #expect(!index.isExpanded([]))
  }
}

extension ErrorTests {
  /// A negative index names no item, even beneath an item never expanded,
  /// where the index knows nothing to check it against.
  @Test func negativeIndicesBeneathAnItemNeverExpanded() throws {
    let index = try EditTests.smallTree()
    expectError(.init(operation: .insert, treePath: [0, Int.min], reason: .negativeIndex(level: 1)), on: index) {
      try $0.insertItems(at: [[0, Int.min]])
    }
    expectError(.init(operation: .delete, treePath: [0, 2, -1], reason: .negativeIndex(level: 2)), on: index) {
      try $0.deleteItems(at: [[0, 2, -1]])
    }
    expectError(
      .init(
        operation: .move, treePath: [0, -1], reason: .negativeIndex(level: 1),
        movePaths: .init(source: [1], destination: [0, -1])),
      on: index
    ) {
      try $0.moveItem(at: [1], to: [0, -1])
    }
    expectError(
      .init(
        operation: .move, treePath: [0, 0, -3], reason: .negativeIndex(level: 2),
        movePaths: .init(source: [0, 0, -3], destination: [1])),
      on: index
    ) {
      try $0.moveItem(at: [0, 0, -3], to: [1])
    }
    #expect(
      "\(TreeIndexError(operation: .insert, treePath: [0, -2], reason: .negativeIndex(level: 1)))"
        == "cannot insert [0, -2]: index -2 is negative")
    #expect(
      "\(TreeIndexError(operation: .expand, treePath: [0], reason: .rowCountOverflow))"
        == "cannot expand [0]: the rows would pass the maximum of 4611686018427387904 (TreeIndex.maximumNumberOfRows)")
  }
}
