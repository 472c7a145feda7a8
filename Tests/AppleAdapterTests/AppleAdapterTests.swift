import AppleAdapters
import AppleShim
import Testing

// The UIKit and AppKit adapters, compiled from their own files against the
// shim in Tests/AppleShim: what they answer, which calls an update makes,
// and what they hand on to your data source and delegate.

/// Three root items; `[1]` has two subitems. Items are their paths as text.
final class Numbers: TreeDataSource {
  var counts: [TreePath: Int] = [[]: 3, [1]: 2]
  var heights: [TreePath: Double] = [:]
  func numberOfSubitems(of parent: TreePath?) -> Int { counts[parent ?? []] ?? 0 }
  func isExpanded(_ treePath: TreePath) -> Bool { false }
  func height(ofItemAt treePath: TreePath) -> Double { heights[treePath] ?? 10 }
  func item(at treePath: TreePath) -> String { treePath.description }
}

/// Records what the list tells its delegate.
final class ListEvents: TreeListDelegate {
  var selected: [TreePath] = []
  func didSelectItem(at treePath: TreePath) { selected.append(treePath) }
}

/// A UIKit delegate that implements `tableView(_:heightForRowAt:)` and
/// `tableView(_:didSelectRowAt:)`, and says so through `responds(to:)`.
@MainActor
final class HeightDelegate: NSObject, UITableViewDelegateHeightForRow, UITableViewDelegateDidSelectRow {
  var selected: [IndexPath] = []
  nonisolated override func responds(to aSelector: Selector!) -> Bool {
    aSelector == "tableView:heightForRowAtIndexPath:" || aSelector == "tableView:didSelectRowAtIndexPath:"
  }
  func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat { 77 }
  func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) { selected.append(indexPath) }
}

/// An object that answers exactly the selectors it is given.
@MainActor
final class Responder: NSObject, UITableViewDataSource, UITableViewDelegate, NSTableViewDataSource,
  NSTableViewDelegate
{
  let selectors: Set<Selector>
  init(_ selectors: Set<Selector>) { self.selectors = selectors }
  nonisolated override func responds(to aSelector: Selector!) -> Bool { selectors.contains(aSelector) }
  func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int { 0 }
  func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell { UITableViewCell() }
}

// The adapters' own optional methods have the signatures UIKit calls: these
// conformances compile only if they do.
extension TreeTableViewAdapter: UITableViewDataSourceNumberOfSections {}
extension TreeTableViewAdapter: UITableViewDelegateHeightForRow {}
extension TreeTableViewAdapter: UITableViewDelegateDidSelectRow {}

/// An update with something in every part: in old rows, section 0 row 0 and
/// section 1 go, one row comes at new row 2 and old row 3 is redrawn.
let everyPart = TreeChanges(
  deletedSections: [1], insertedSections: [],
  deletedRowRanges: [.init(section: 0, rows: 0..<1)],
  insertedRowRanges: [.init(section: 0, rows: 2..<3)],
  reloadedRowRanges: [.init(section: 0, rows: 3..<4)])

@MainActor
@Suite("UIKit adapter (TreeTableViewAdapter)")
struct TableViewAdapterTests {
  let numbers = Numbers()
  let list: TreeList<Numbers>
  let table = UITableView()
  let adapter: TreeTableViewAdapter<Numbers>

  init() {
    list = TreeList(dataSource: numbers)
    adapter = TreeTableViewAdapter(list: list, tableView: table) { _, tablePath, item in
      UITableViewCell(reuseIdentifier: "\(tablePath) \(item)")
    }
  }

  @Test func becomesTheTablesDataSourceAndDelegateAndTheListsHost() {
    #expect(table.dataSource === adapter)
    #expect(table.delegate === adapter)
    #expect(list.host === adapter)
  }

  @Test func answersTheTableFromTheList() throws {
    list.reloadData()
    try list.expand([1])
    #expect(adapter.numberOfSections(in: table) == 1)
    #expect(adapter.tableView(table, numberOfRowsInSection: 0) == 5)
    let cell = adapter.tableView(table, cellForRowAt: [0, 3])
    #expect(cell.reuseIdentifier == "[0, 3] [1, 1]")
  }

  @Test func reloadsTheTableWhenTheListReloads() {
    list.reloadData()
    #expect(table.calls == ["reloadData()"])
  }

  @Test func expandingIsOneBatchThatInsertsTheRows() throws {
    list.reloadData()
    try list.expand([1])
    #expect(
      table.calls.filter { !$0.hasPrefix("move") } == [
        "reloadData()",
        "performBatchUpdates {",
        "deleteSections([], with: fade)",
        "insertSections([], with: fade)",
        "deleteRows(at: [], with: fade)",
        "insertRows(at: [[0, 2], [0, 3]], with: fade)",
        "reloadRows(at: [], with: automatic)",
        "}",
      ])
  }

  @Test func anUpdateIsOneBatchWithTheConfiguredAnimations() {
    adapter.insertionAnimation = .left
    adapter.deletionAnimation = .right
    adapter.reloadAnimation = .none
    adapter.apply(everyPart)
    // Sections before rows, deletions before insertions, in one batch. (Row
    // and section moves, when the list reports them, come as further calls.)
    #expect(
      table.calls.filter { !$0.hasPrefix("move") } == [
        "performBatchUpdates {",
        "deleteSections([1], with: right)",
        "insertSections([], with: left)",
        "deleteRows(at: [[0, 0]], with: right)",
        "insertRows(at: [[0, 2]], with: left)",
        "reloadRows(at: [[0, 3]], with: none)",
        "}",
      ])
  }

  @Test func rowHeightsComeFromYourDelegateThenTheListThenTheTable() throws {
    numbers.heights = [[1]: 31]
    list.reloadData()
    table.rowHeight = 50
    #expect(adapter.tableView(table, heightForRowAt: [0, 1]) == 50)
    adapter.usesListHeights = true
    #expect(adapter.tableView(table, heightForRowAt: [0, 1]) == 31)
    let delegate = HeightDelegate()
    adapter.delegate = delegate
    #expect(adapter.tableView(table, heightForRowAt: [0, 1]) == 77)
  }

  @Test func selectionTellsTheListThenYourDelegate() throws {
    let events = ListEvents()
    list.delegate = events
    list.reloadData()
    try list.expand([1])
    let delegate = HeightDelegate()
    adapter.delegate = delegate
    adapter.tableView(table, didSelectRowAt: [0, 3])
    #expect(events.selected == [[1, 1]])
    #expect(delegate.selected == [[0, 3]])
  }

  @Test func handsOnWhatItDoesNotImplementToYourDataSourceThenYourDelegate() {
    let willDisplay: Selector = "tableView:willDisplayCell:forRowAtIndexPath:"
    let titleForHeader: Selector = "tableView:titleForHeaderInSection:"
    #expect(!adapter.responds(to: willDisplay))
    #expect(adapter.forwardingTarget(for: willDisplay) == nil)

    let dataSource = Responder([titleForHeader, willDisplay])
    let delegate = Responder([willDisplay])
    adapter.delegate = delegate
    #expect(adapter.responds(to: willDisplay))
    #expect(!adapter.responds(to: titleForHeader))
    #expect(adapter.forwardingTarget(for: willDisplay) as AnyObject? === delegate)

    adapter.dataSource = dataSource
    #expect(adapter.responds(to: titleForHeader))
    #expect(adapter.forwardingTarget(for: titleForHeader) as AnyObject? === dataSource)
    #expect(adapter.forwardingTarget(for: willDisplay) as AnyObject? === dataSource)  // the data source first
    #expect(adapter.forwardingTarget(for: "tableView:canEditRowAtIndexPath:") == nil)
  }

  @Test func anUpdateAfterTheTableIsGoneDoesNothing() {
    var table: UITableView? = UITableView()
    let adapter = TreeTableViewAdapter(list: list, tableView: table!) { _, _, _ in UITableViewCell() }
    table = nil
    adapter.apply(everyPart)
    adapter.reloadData()
    #expect(adapter.tableView == nil)
  }
}

@MainActor
@Suite("AppKit adapter (TreeOutlineTableAdapter)")
struct OutlineTableAdapterTests {
  let numbers = Numbers()
  let list: TreeList<Numbers>
  let table = NSTableView()
  let adapter: TreeOutlineTableAdapter<Numbers>
  final class Cell: NSView {
    let text: String
    init(_ text: String) { self.text = text }
  }

  init() {
    list = TreeList(dataSource: numbers)
    adapter = TreeOutlineTableAdapter(list: list, tableView: table) { _, _, row, item in Cell("\(row) \(item)") }
  }

  @Test func becomesTheTablesDataSourceAndDelegateAndTheListsHost() {
    #expect(table.dataSource === adapter)
    #expect(table.delegate === adapter)
    #expect(list.host === adapter)
  }

  @Test func answersTheTableFromTheList() throws {
    list.reloadData()
    try list.expand([1])
    #expect(adapter.numberOfRows(in: table) == 5)
    let view = adapter.tableView(table, viewFor: nil, row: 3) as? Cell
    #expect(view?.text == "3 [1, 1]")
  }

  @Test func expandingInsertsTheRowsBetweenBeginAndEndUpdates() throws {
    list.reloadData()
    try list.expand([1])
    #expect(
      table.calls.filter { !$0.hasPrefix("move") } == [
        "reloadData()",
        "beginUpdates()",
        "removeRows(at: [], withAnimation: 1)",
        "insertRows(at: [2, 3], withAnimation: 1)",
        "endUpdates()",
      ])
  }

  @Test func reloadedRowsAreRedrawnWhereTheUpdatePutThem() {
    table.numberOfColumns = 2
    adapter.insertionAnimation = .slideDown
    adapter.deletionAnimation = .slideUp
    adapter.apply(everyPart)
    // Old row 3 is new row 3: one row deleted before it, one inserted at 2.
    #expect(
      table.calls.filter { !$0.hasPrefix("move") } == [
        "beginUpdates()",
        "removeRows(at: [0], withAnimation: 16)",
        "insertRows(at: [2], withAnimation: 32)",
        "endUpdates()",
        "reloadData(forRowIndexes: [3], columnIndexes: [0, 1])",
      ])
  }

  @Test func handsOnWhatItDoesNotImplementToYourDataSourceThenYourDelegate() {
    let sortDescriptors: Selector = "tableView:sortDescriptorsDidChange:"
    let rowHeight: Selector = "tableView:heightOfRow:"
    #expect(!adapter.responds(to: rowHeight))
    let dataSource = Responder([sortDescriptors])
    let delegate = Responder([rowHeight, sortDescriptors])
    adapter.dataSource = dataSource
    adapter.delegate = delegate
    #expect(adapter.responds(to: rowHeight))
    #expect(adapter.forwardingTarget(for: rowHeight) as AnyObject? === delegate)
    #expect(adapter.forwardingTarget(for: sortDescriptors) as AnyObject? === dataSource)
    #expect(adapter.forwardingTarget(for: "tableView:shouldSelectRow:") == nil)
  }
}
