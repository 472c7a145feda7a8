// swift-format-ignore-file
// These tests hold the documentation's examples line for line, spacing
// and aligned comments included (see DocumentationExamples), so the
// formatter leaves them as written.

import Foundation
import Testing
import TreeDataSource

// The examples of `TreeDataSource`'s doc comments and guide, line for line,
// with the results they state. `DocumentationExampleScanTests` (in
// TreeIndexTests) fails when an example of the documentation is in no such
// test.

/// The example of ``TreeDataSource``'s doc comment.
final class Planets: TreeDataSource {
  var names = [["Mercury"], ["Earth", "Moon"]]
  func numberOfSubitems(of parent: TreePath?) -> Int {
    guard let parent else { return names.count }
    return parent.depth == 1 ? names[parent[0]].count - 1 : 0
  }
  func isExpanded(_ treePath: TreePath) -> Bool { false }
  func item(at treePath: TreePath) -> String {
    treePath.depth == 1 ? names[treePath[0]][0] : names[treePath[0]][treePath[1] + 1]
  }
}

extension Planets {
  /// Every item in row order, one section: what the list shows once every
  /// planet with a moon is expanded.
  var visibleItems: [[AnyHashable]] { [names.joined().map { AnyHashable($0) }] }
}

/// A host that records what it is told, as strings.
final class RecordingHost: TreeListHost {
  var calls: [String] = []
  func reloadData() { calls.append("reloadData") }
  func apply(_ changes: TreeChanges) { calls.append("apply \(changes)") }
}

@Suite("Documentation examples: TreeDataSource")
struct TreeDataSourceDocumentationExampleTests {
  /// ``TreeDataSource``'s and ``TreeList``'s doc comments.
  @Test func treeList() throws {
    let host = RecordingHost()
    let list = TreeList(dataSource: Planets())  // the example of TreeDataSource
    list.host = host                    // any TreeListHost: a table adapter, a ListHostSimulator
    list.reloadData()                   // asks the root count, then each visible item
    #expect(host.calls == ["reloadData"])
    #expect(list.numberOfRows == 2)
    try list.expand([1])                // one apply(_:) with the rows that appear
    #expect(host.calls == ["reloadData", "apply \(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 2..<3)]))"])
    #expect(list.item(at: IndexPath(indexes: [0, 2])) == "Moon")   // "Moon", asked of the data source at [1, 0]
    #expect(list.dataSource.item(at: [1, 0]) == "Moon")
  }

  /// ``ListHostSimulator``'s doc comment.
  @Test func listHostSimulator() throws {
    let model = Planets()
    let list = TreeList(dataSource: model)
    let host = ListHostSimulator(list: list)   // becomes list.host
    #expect(list.host === host)
    list.reloadData()
    try list.expand([1])
    #expect(host.violations.isEmpty)
    #expect(host.rows == model.visibleItems)   // what each row shows
    #expect(host.rows == [["Mercury", "Earth", "Moon"]])
  }

  /// The first example of the article "Adopting TreeDataSource", on the README's outline.
  @Test func guide() throws {
    let outline = Outline(roots: [
      .init(name: "Mercury"),
      .init(name: "Earth", children: [.init(name: "Moon")], isOpen: true),
      .init(name: "Mars", children: [.init(name: "Phobos"), .init(name: "Deimos")]),
    ])
    let host = RecordingHost()
    let list = TreeList(dataSource: outline)        // outline: some TreeDataSource (the README's)
    list.host = host                                 // any TreeListHost
    list.reloadData()
    try list.expand([2])                             // one apply(_:) with the rows that appear
    #expect(host.calls == ["reloadData", "apply \(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 4..<6)]))"])
    #expect(list.item(at: IndexPath(indexes: [0, 5])) == "Deimos")        // "Deimos": asks outline.item(at: [2, 1])
    #expect(outline.item(at: [2, 1]) == "Deimos")
  }
}

#if canImport(UIKit)
import UIKit

/// ``TreeTableViewAdapter``'s doc comment, compiled where UIKit is.
@MainActor
final class TreeTableViewAdapterExample: NSObject, UITableViewDelegate {
  struct Item { var name: String }
  final class Items: TreeDataSource {
    func numberOfSubitems(of parent: TreePath?) -> Int { parent == nil ? 2 : 0 }
    func isExpanded(_ treePath: TreePath) -> Bool { false }
    func item(at treePath: TreePath) -> Item { Item(name: "item \(treePath)") }
  }

  var adapter: TreeTableViewAdapter<Items>?
  let list = TreeList(dataSource: Items())
  let tableView = UITableView()

  func run() {
    let list = self.list
    let tableView = self.tableView
    tableView.register(UITableViewCell.self, forCellReuseIdentifier: "Cell")
    let adapter = TreeTableViewAdapter(list: list, tableView: tableView) { tableView, tablePath, item in
      let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: tablePath)
      cell.textLabel?.text = item.name
      return cell
    }
    adapter.delegate = self      // gets, say, tableView(_:willDisplay:forRowAt:)
    list.reloadData()
    self.adapter = adapter
  }
}

@Suite("Documentation examples: TreeTableViewAdapter")
struct TreeTableViewAdapterDocumentationExampleTests {
  @Test @MainActor func adapter() {
    let example = TreeTableViewAdapterExample()
    example.run()
    #expect(example.adapter?.delegate === example)
    #expect(example.tableView.numberOfRows(inSection: 0) == 2)
  }
}
#endif

// "Testing your adapter with ListHostSimulator", as the article shows it.

final class Numbers: TreeDataSource {
  var counts: [TreePath: Int] = [[]: 3, [1]: 2]
  func numberOfSubitems(of parent: TreePath?) -> Int { counts[parent ?? []] ?? 0 }
  func isExpanded(_ treePath: TreePath) -> Bool { false }
  func item(at treePath: TreePath) -> String { treePath.description }
}

@Test func expandingShowsTheSubitems() throws {
  let numbers = Numbers()
  let list = TreeList(dataSource: numbers)
  let host = ListHostSimulator(list: list)     // becomes list.host
  list.reloadData()
  try list.expand([1])

  #expect(host.violations.isEmpty)
  #expect(host.numberOfRows == [5])
  #expect(host.mismatchedRows().isEmpty)       // what each row shows, as the list says
  #expect(host.calls.count == 2)               // reloadData(), then one apply(_:)
}
