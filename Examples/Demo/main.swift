// treeindex-demo: the tree drawn in the TreeView README, mapped to table rows
// in both layouts, then changed the way a user would change it.
//
//   swift run treeindex-demo

import Foundation
import TreeDataSource

/// Builds the README's tree: [0] with 2 subitems, [1] with 3 ([1, 1] with 2,
/// [1, 2] with 1), [2] with 4, everything expanded.
func readmeTree(layout: TreeIndex.Layout) throws -> TreeIndex {
  var index = TreeIndex(numberOfRootItems: 3, layout: layout)
  try index.expand([0], numberOfSubitems: 2)
  try index.expand([1], numberOfSubitems: 3)
  try index.expand([1, 1], numberOfSubitems: 2)
  try index.expand([1, 2], numberOfSubitems: 1)
  try index.expand([2], numberOfSubitems: 4)
  return index
}

/// Prints every row: its table path, then its tree path indented by depth.
func printRows(of index: TreeIndex) {
  var lastSection = -1
  for row in 0..<index.numberOfRows {
    let treePath = index.treePath(forRow: row)!
    let tablePath = index.tableIndexPath(fromTreePath: treePath)!
    if index.layout == .sectioned && tablePath[0] != lastSection {
      lastSection = tablePath[0]
      print("  section \(lastSection)  (root item [\(lastSection)])")
    }
    let marker = index.isExpanded(treePath) ? "▾" : (index.numberOfSubitems(of: treePath) == nil ? " " : "▸")
    let indent = String(repeating: "  ", count: treePath.depth - 1)
    let table = "[\(tablePath[0]), \(tablePath[1])]"
    print("  \(table.padding(toLength: 8, withPad: " ", startingAt: 0))\(indent)\(marker) \(treePath)")
  }
}

do {
  for layout in [TreeIndex.Layout.flat, .sectioned] {
    var index = try readmeTree(layout: layout)
    print("== \(layout) layout: \(index.numberOfSections) section(s), \(index.numberOfRows) rows")
    printRows(of: index)

    let treePath: TreePath = [1, 1, 0]
    let tablePath = index.tableIndexPath(fromTreePath: treePath)!
    print("tableIndexPath(fromTreePath: \(treePath)) = \(Array(tablePath))")
    print("treeIndexPath(fromTablePath: \(Array(tablePath))) = \(index.treeIndexPath(fromTablePath: tablePath)!)")

    let collapse = try index.collapse([1, 1])
    print("collapse([1, 1])            -> \(collapse)")
    let insert = try index.insertItems(at: [[1, 0]])
    print("insertItems(at: [[1, 0]])   -> \(insert)")
    // The collapsed item is now [1, 2]; it kept its 2 subitems.
    let expand = try index.expand([1, 2], numberOfSubitems: 2)
    print("expand([1, 2])              -> \(expand)")
    let move = try index.moveItem(at: [1, 2], to: [2, 0])
    print("moveItem(at: [1, 2], to: [2, 0]) -> \(move)")
    do {
      try index.expand([1, 1, 0, 0], numberOfSubitems: 1)
    } catch {
      print("expand([1, 1, 0, 0])        -> error: \(error)")
    }
    print()
  }

  // The same tree behind a TreeList: a data source that prints what it is
  // asked, and a host that checks every update the way UITableView does.
  print("== TreeList over a data source, shown by ListHostSimulator")
  let source = PrintingSource()
  let list = TreeList(dataSource: source)
  let host = ListHostSimulator(list: list)
  list.reloadData()
  print("reloadData()                -> asked: \(source.takeQuestions())")
  try list.expand([2])
  print("expand([2])                 -> asked: \(source.takeQuestions())")
  try list.collapse([1])
  print("collapse([1])               -> asked: \(source.takeQuestions())")
  try list.expand([1])
  print("expand([1]) again           -> asked: \(source.takeQuestions()) (the rest is kept)")
  for call in host.calls { print("  host got \(call)") }
  print("  host shows \(host.numberOfRows[0]) rows, \(host.violations.count) violations")
} catch {
  print("error: \(error)")
  exit(1)
}

/// The README's tree as a data source that notes every question.
final class PrintingSource: TreeDataSource {
  let counts: [TreePath: Int] = [[0]: 2, [1]: 3, [1, 1]: 2, [1, 2]: 1, [2]: 4]
  private var questions: [String] = []

  func numberOfSubitems(of parent: TreePath?) -> Int {
    questions.append("count(\(parent.map { "\($0)" } ?? "root"))")
    return parent.map { counts[$0] ?? 0 } ?? 3
  }
  func isExpanded(_ treePath: TreePath) -> Bool {
    questions.append("expanded?\(treePath)")
    return treePath == [1] || treePath == [1, 1]
  }
  func item(at treePath: TreePath) -> String { "item \(treePath)" }

  func takeQuestions() -> String {
    defer { questions = [] }
    return questions.isEmpty ? "nothing" : questions.joined(separator: " ")
  }
}
