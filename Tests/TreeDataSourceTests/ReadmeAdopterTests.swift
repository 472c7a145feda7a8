// swift-format-ignore-file
// These tests hold the documentation's examples line for line, spacing
// and aligned comments included (see DocumentationExamples), so the
// formatter leaves them as written.

import Foundation
import Testing
import TreeDataSource

/// The README's adopter example, line for line, with the values its
/// comments claim.
final class Outline: TreeDataSource {
  struct Node { var name: String; var children: [Node] = []; var isOpen = false }

  var roots: [Node]
  init(roots: [Node]) { self.roots = roots }

  func node(at treePath: TreePath) -> Node {
    var node = roots[treePath[0]]
    for index in treePath.dropFirst() { node = node.children[index] }
    return node
  }

  func numberOfSubitems(of parent: TreePath?) -> Int {
    guard let parent else { return roots.count }
    return node(at: parent).children.count
  }
  func isExpanded(_ treePath: TreePath) -> Bool { node(at: treePath).isOpen }
  func item(at treePath: TreePath) -> String { node(at: treePath).name }
}

@Suite("README: adopting TreeDataSource")
struct ReadmeAdopterTests {
  @Test func adopterExample() throws {
    let outline = Outline(roots: [
      .init(name: "Mercury"),
      .init(name: "Earth", children: [.init(name: "Moon")], isOpen: true),
      .init(name: "Mars", children: [.init(name: "Phobos"), .init(name: "Deimos")]),
    ])
    let list = TreeList(dataSource: outline)
    let host = ListHostSimulator(list: list)     // on iOS: TreeTableViewAdapter(list:tableView:cellProvider:)
    list.reloadData()                            // host: reloadData(); 4 rows
    #expect(host.calls == [.reloadData])
    #expect(list.numberOfRows == 4)

    try list.expand([2])                         // host: apply(insertedRows: 0:[4..<6])
    #expect(host.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 4..<6)])))
    #expect(list.item(at: IndexPath(indexes: [0, 5])) == "Deimos")
    #expect(list.treeIndexPath(fromTablePath: [0, 5]) == [2, 1])

    outline.roots.insert(.init(name: "Venus"), at: 1)
    outline.roots[3].children.remove(at: 0)      // Phobos, now under [3]
    try list.performBatchUpdates {
      try list.insertItems(at: [[1]])            // paths after the insertion
      try list.deleteItems(at: [[3, 0]])         // paths before the deletion
    }                                            // host: one apply, no violation
    #expect(host.calls.count == 3)
    #expect(host.violations.isEmpty)
    #expect(host.rows == [["Mercury", "Venus", "Earth", "Moon", "Mars", "Deimos"]])
  }
}
