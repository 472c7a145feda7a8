import Foundation
import Testing
import TreeIndex

/// The worked examples of the TreeView READMEs: the tree drawn there, its
/// rows and table paths, in both layouts.
@Suite("Seed examples")
struct SeedExampleTests {
  /// The tree of the TreeView README: [0] with subitems [0, 0] and [0, 1];
  /// [1] with [1, 0], [1, 1] (itself with [1, 1, 0] and [1, 1, 1]) and
  /// [1, 2] (with [1, 2, 0]); [2] with [2, 0] through [2, 3].
  static func readmeTree(layout: TreeIndex.Layout) throws -> TreeIndex {
    var index = TreeIndex(numberOfRootItems: 3, layout: layout)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([1], numberOfSubitems: 3)
    try index.expand([1, 1], numberOfSubitems: 2)
    try index.expand([1, 2], numberOfSubitems: 1)
    try index.expand([2], numberOfSubitems: 4)
    return index
  }

  static let depthFirstPaths: [TreePath] = [
    [0], [0, 0], [0, 1],
    [1], [1, 0], [1, 1], [1, 1, 0], [1, 1, 1], [1, 2], [1, 2, 0],
    [2], [2, 0], [2, 1], [2, 2], [2, 3],
  ]

  @Test("Flat layout (seeds 000, 002): every visible item is a row of section 0")
  func flatLayout() throws {
    let index = try Self.readmeTree(layout: .flat)
    #expect(index.numberOfSections == 1)
    #expect(index.numberOfRows == 15)
    #expect(index.numberOfRows(inSection: 0) == 15)
    #expect(index.numberOfRows(inSection: 1) == 0)
    for (row, path) in Self.depthFirstPaths.enumerated() {
      #expect(index.tableIndexPath(fromTreePath: path) == IndexPath(indexes: [0, row]))
      #expect(index.treeIndexPath(fromTablePath: IndexPath(indexes: [0, row])) == path)
      #expect(index.row(for: path) == row)
      #expect(index.treePath(forRow: row) == path)
    }
    #expect(index.treeIndexPath(fromTablePath: IndexPath(indexes: [0, 15])) == nil)
    #expect(index.treeIndexPath(fromTablePath: IndexPath(indexes: [1, 0])) == nil)
    #expect(index.tableIndexPath(fromTreePath: [3]) == nil)
    #expect(index.tableIndexPath(fromTreePath: [1, 3]) == nil)
    #expect(index.tableIndexPath(fromTreePath: [1, 0, 0]) == nil)
  }

  @Test("Sectioned layout (seed 001): each root item is a section of its visible descendants")
  func sectionedLayout() throws {
    let index = try Self.readmeTree(layout: .sectioned)
    #expect(index.numberOfSections == 3)
    #expect(index.numberOfRows == 12)
    let sections: [[TreePath]] = [
      [[0, 0], [0, 1]],
      [[1, 0], [1, 1], [1, 1, 0], [1, 1, 1], [1, 2], [1, 2, 0]],
      [[2, 0], [2, 1], [2, 2], [2, 3]],
    ]
    var globalRow = 0
    for (section, paths) in sections.enumerated() {
      #expect(index.numberOfRows(inSection: section) == paths.count)
      #expect(index.tableIndexPath(fromTreePath: [section]) == nil, "a root item is a section, not a row")
      #expect(index.row(for: [section]) == nil)
      for (row, path) in paths.enumerated() {
        #expect(index.tableIndexPath(fromTreePath: path) == IndexPath(indexes: [section, row]))
        #expect(index.treeIndexPath(fromTablePath: IndexPath(indexes: [section, row])) == path)
        #expect(index.row(for: path) == globalRow)
        #expect(index.treePath(forRow: globalRow) == path)
        globalRow += 1
      }
      #expect(index.treeIndexPath(fromTablePath: IndexPath(indexes: [section, paths.count])) == nil)
    }
    #expect(index.treeIndexPath(fromTablePath: IndexPath(indexes: [3, 0])) == nil)
  }

  @Test("The data source questions of seed 000: subitems of nil, then of each expanded item")
  func dataSourceQuestions() throws {
    let index = try Self.readmeTree(layout: .flat)
    #expect(index.numberOfSubitems(of: nil) == 3)
    #expect(index.numberOfSubitems(of: [1]) == 3)
    #expect(index.numberOfSubitems(of: [1, 1]) == 2)
    #expect(index.numberOfSubitems(of: [1, 0]) == nil, "never expanded: not known")
    #expect(index.numberOfSubitems(of: [7]) == nil)
    #expect(index.isExpanded([1, 1]))
    #expect(!index.isExpanded([1, 0]))
  }

  @Test("A section shows rows only while its root item is expanded")
  func collapsedSection() throws {
    var index = try Self.readmeTree(layout: .sectioned)
    let changes = try index.collapse([1])
    #expect(changes.deletedRowRanges == [.init(section: 1, rows: 0..<6)])
    #expect(index.numberOfRows(inSection: 1) == 0)
    #expect(index.numberOfRows == 6)
    #expect(index.treeIndexPath(fromTablePath: IndexPath(indexes: [2, 0])) == [2, 0])
    #expect(index.row(for: [2, 0]) == 2)
    let again = try index.expand([1], numberOfSubitems: 3)
    #expect(again.insertedRowRanges == [.init(section: 1, rows: 0..<6)], "nested expansion reappears")
  }
}
