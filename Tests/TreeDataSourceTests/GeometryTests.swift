import Foundation
import Testing
import TreeDataSource

@Suite("Geometry")
struct GeometryTests {
  /// Root items with `width` leaves each, every root item expanded.
  func uniformTree(roots: Int, width: Int) -> ModelTree {
    let tree = ModelTree()
    for r in 0..<roots {
      let root = tree.makeNode(startsExpanded: true)
      tree.insert(root, into: tree.root, at: r)
      for c in 0..<width { tree.insert(tree.makeNode(), into: root, at: c) }
    }
    return tree
  }

  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func uniformDefaultHeights(layout: TreeIndex.Layout) throws {
    let tree = uniformTree(roots: 40, width: 25)
    let list = TreeList(dataSource: DefaultHeightModelDataSource(tree: tree), layout: layout)
    list.reloadData()
    let rows = list.numberOfRows
    #expect(rows == (layout == .flat ? 40 * 26 : 40 * 25))
    #expect(list.contentHeight == Double(rows))
    for row in stride(from: 0, to: rows, by: 7) {
      #expect(list.offset(ofRow: row) == Double(row))
      #expect(list.row(atOffset: Double(row)) == row)
      #expect(list.row(atOffset: Double(row) + 0.5) == row)
    }
    #expect(list.offset(ofRow: -3) == 0)
    #expect(list.offset(ofRow: rows + 5) == Double(rows))
    #expect(list.row(atOffset: Double(rows)) == nil)
    #expect(list.row(atOffset: -0.5) == nil)
    // Collapsing half of the items keeps the sums exact.
    for r in stride(from: 0, to: 40, by: 2) { try list.collapse([r]) }
    let visible = list.numberOfRows
    #expect(visible == (layout == .flat ? 40 + 20 * 25 : 20 * 25))
    #expect(list.contentHeight == Double(visible))
    #expect(list.offset(ofRow: visible - 1) == Double(visible - 1))
    #expect(list.row(atOffset: Double(visible) - 0.25) == visible - 1)
  }

  @Test func zeroHeightRowsCoverNoOffset() throws {
    let tree = ModelTree()
    for (i, height) in [3, 0, 0, 2, 0].enumerated() { tree.insert(tree.makeNode(height: height), into: tree.root, at: i) }
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    list.reloadData()
    #expect(list.contentHeight == 5)
    #expect((0...5).map { list.offset(ofRow: $0) } == [0, 3, 3, 3, 5, 5])
    #expect([0, 2.5, 3, 4.5, 5].map { list.row(atOffset: $0) } == [0, 0, 3, 3, nil])
    #expect((0..<5).map { list.height(at: IndexPath(indexes: [0, $0])) } == [3, 0, 0, 2, 0])
    #expect(list.height(at: IndexPath(indexes: [0, 9])) == 0)
  }
}
