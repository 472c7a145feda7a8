import Foundation
import Testing
import TreeIndex

@Suite("Values: tree paths, change sets, equality and coding")
struct ValueTests {
  @Test func treePathBasics() {
    let path: TreePath = [1, 1, 0]
    #expect(path.depth == 3)
    #expect(path.parent == [1, 1])
    #expect(TreePath([4]).parent == nil)
    #expect(path.appending(7) == [1, 1, 0, 7])
    #expect(path.replacingLast(with: 2) == [1, 1, 2])
    #expect(path.description == "[1, 1, 0]")
    #expect(Array(path) == [1, 1, 0])
    #expect(TreePath([1, 1]).isAncestor(of: path))
    #expect(!path.isAncestor(of: path))
    #expect(TreePath(indexPath: IndexPath(indexes: [2, 3])) == [2, 3])
    #expect(path.indexPath == IndexPath(indexes: [1, 1, 0]))
  }

  @Test func treePathsSortDepthFirst() {
    let paths: [TreePath] = [[2], [1, 2, 0], [1], [0, 1], [1, 1], [0]]
    #expect(paths.sorted() == [[0], [0, 1], [1], [1, 1], [1, 2, 0], [2]])
  }

  @Test func treePathCodesAsAnArray() throws {
    let data = try JSONEncoder().encode(TreePath([3, 0, 2]))
    #expect(String(decoding: data, as: UTF8.self) == "[3,0,2]")
    #expect(try JSONDecoder().decode(TreePath.self, from: data) == [3, 0, 2])
  }

  @Test func changesSpellOutAndDescribeTheirMoves() {
    let moves = TreeChanges(
      movedRowRanges: [.init(from: .init(section: 0, rows: 3..<5), to: .init(section: 1, rows: 0..<2))],
      movedSections: [.init(from: 2, to: 0)])
    #expect(!moves.isEmpty)
    #expect(!TreeChanges(movedSections: [.init(from: 1, to: 0)]).isEmpty)
    #expect(moves.numberOfMovedRows == 2)
    #expect(moves.movedRows.map { [Array($0.from), Array($0.to)] } == [[[0, 3], [1, 0]], [[0, 4], [1, 1]]])
    #expect(moves.description == "TreeChanges(movedRows: [0:[3..<5] -> 1:[0..<2]], movedSections: [2 -> 0])")
    #expect(moves != TreeChanges(movedSections: [.init(from: 2, to: 0)]))
  }

  @Test func movesSpelledAsDeletionsAndInsertions() {
    func rows(_ section: Int, _ rows: Range<Int>) -> TreeChanges.RowRange { .init(section: section, rows: rows) }
    // Rows move within section 1, from 1 to the moved section 2 (now 0),
    // and rows are deleted and inserted in the moved section.
    let changes = TreeChanges(
      deletedRowRanges: [rows(1, 0..<1), rows(2, 1..<2)],
      insertedRowRanges: [rows(0, 0..<1)],
      reloadedRowRanges: [rows(1, 4..<5)],
      movedRowRanges: [
        .init(from: rows(1, 1..<2), to: rows(1, 3..<4)), .init(from: rows(1, 2..<3), to: rows(0, 1..<2)),
      ],
      movedSections: [.init(from: 2, to: 0)])
    #expect(
      changes.replacingMovesWithDeletionsAndInsertions()
        == TreeChanges(
          deletedSections: [2], insertedSections: [0],
          deletedRowRanges: [rows(1, 0..<3)], insertedRowRanges: [rows(1, 3..<4)],
          reloadedRowRanges: [rows(1, 4..<5)]))
    let plain = TreeChanges(deletedRowRanges: [rows(0, 1..<2)])
    #expect(plain.replacingMovesWithDeletionsAndInsertions() == plain)
  }

  @Test func changesSpellOutTheirRanges() {
    let changes = TreeChanges(
      deletedRowRanges: [.init(section: 0, rows: 2..<4)],
      insertedRowRanges: [.init(section: 1, rows: 0..<1), .init(section: 1, rows: 5..<7)])
    #expect(changes.deletedRows == [IndexPath(indexes: [0, 2]), IndexPath(indexes: [0, 3])])
    #expect(changes.insertedRows.map(Array.init) == [[1, 0], [1, 5], [1, 6]])
    #expect(changes.numberOfInsertedRows == 3)
    #expect(!changes.isEmpty)
    #expect(TreeChanges().isEmpty)
  }

  @Test func equalityIsByStateNotHistory() throws {
    var a = TreeIndex(numberOfRootItems: 2)
    try a.expand([0], numberOfSubitems: 3)
    try a.expand([0, 1], numberOfSubitems: 2)
    var b = TreeIndex(numberOfRootItems: 1)
    try b.insertItems(at: [[0]])
    try b.expand([1], numberOfSubitems: 3)
    try b.expand([1, 1], numberOfSubitems: 2)
    try b.moveItem(at: [1], to: [0])
    #expect(a == b)
    try b.collapse([0, 1])
    #expect(a != b)
    #expect(TreeIndex(numberOfRootItems: 1) != TreeIndex(numberOfRootItems: 1, layout: .sectioned))
  }

  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func indexRoundTripsThroughCodable(layout: TreeIndex.Layout) throws {
    var index = try SeedExampleTests.readmeTree(layout: layout)
    try index.collapse([1])
    let data = try JSONEncoder().encode(index)
    let decoded = try JSONDecoder().decode(TreeIndex.self, from: data)
    #expect(decoded == index)
    #expect(decoded.numberOfRows == index.numberOfRows)
    #expect(decoded.expandedTreePaths == index.expandedTreePaths)
  }

  @Test func decodingRejectsItemsThatDoNotFit() throws {
    let bad = [
      #"{"layout":"flat","numberOfRootItems":2,"items":[{"path":[2],"numberOfSubitems":1,"isExpanded":true}]}"#,
      #"{"layout":"flat","numberOfRootItems":2,"items":[{"path":[1,0],"numberOfSubitems":1,"isExpanded":true}]}"#,
      #"{"layout":"flat","numberOfRootItems":2,"items":[{"path":[1],"numberOfSubitems":-1,"isExpanded":true}]}"#,
      #"{"layout":"flat","numberOfRootItems":-2,"items":[]}"#,
      #"{"layout":"flat","numberOfRootItems":2,"items":[{"path":[1],"numberOfSubitems":1,"isExpanded":true},{"path":[1],"numberOfSubitems":1,"isExpanded":true}]}"#,
    ]
    for json in bad {
      #expect(throws: DecodingError.self, "\(json)") {
        try JSONDecoder().decode(TreeIndex.self, from: Data(json.utf8))
      }
    }
  }
}
