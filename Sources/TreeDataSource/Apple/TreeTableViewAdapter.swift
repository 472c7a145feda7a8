#if canImport(UIKit) || TREE_DATA_SOURCE_APPLE_SHIM
#if TREE_DATA_SOURCE_APPLE_SHIM
import AppleShim  // Linux tests: the UIKit API used below (Tests/AppleShim)
#else
import UIKit
#endif

/// Makes a `UITableView` show a ``TreeList``: it answers the table's data
/// source from the list, applies the list's updates with the configured
/// animations, and hands every data source and delegate method it does not
/// implement to your own objects, with the table's two-index paths unchanged
/// (convert them with ``TreeList/treeIndexPath(fromTablePath:)``).
///
///     adapter = TreeTableViewAdapter(list: list, tableView: tableView) { tableView, tablePath, item in
///       let cell = tableView.dequeueReusableCell(withIdentifier: "Cell", for: tablePath)
///       cell.textLabel?.text = item.name
///       return cell
///     }
///     adapter.delegate = self      // gets, say, tableView(_:willDisplay:forRowAt:)
///     list.reloadData()
///
/// Glue only: every decision is the list's, and is tested on every platform.
@MainActor
public final class TreeTableViewAdapter<DataSource: TreeDataSource>: NSObject, UITableViewDataSource,
  UITableViewDelegate
{
  /// Makes the cell for a row from the table, the row's table path and its item.
  public typealias CellProvider = (UITableView, IndexPath, DataSource.Item) -> UITableViewCell

  /// The list shown.
  public let list: TreeList<DataSource>
  /// The table that shows it.
  public private(set) weak var tableView: UITableView?
  /// Makes each row's cell.
  public var cellProvider: CellProvider
  /// Receives the data source methods the adapter does not implement.
  ///
  /// Not isolated to the main actor: ``responds(to:)`` and
  /// ``forwardingTarget(for:)``, which override `NSObject`'s nonisolated
  /// methods, read it (the runtime calls them on the main thread).
  public nonisolated(unsafe) weak var dataSource: (any UITableViewDataSource)?
  /// Receives the delegate methods the adapter does not implement, and
  /// `tableView(_:didSelectRowAt:)` after the list's delegate.
  ///
  /// Not isolated to the main actor, as ``dataSource`` is not.
  public nonisolated(unsafe) weak var delegate: (any UITableViewDelegate)?
  /// The animation for inserted rows and sections.
  public var insertionAnimation: UITableView.RowAnimation = .fade
  /// The animation for deleted rows and sections.
  public var deletionAnimation: UITableView.RowAnimation = .fade
  /// The animation for reloaded rows.
  public var reloadAnimation: UITableView.RowAnimation = .automatic
  /// Whether row heights come from the list (the data source's
  /// `height(ofItemAt:)`) rather than from the table's `rowHeight`.
  public var usesListHeights = false

  /// Connects `list` to `tableView`: the adapter becomes the table's data
  /// source and delegate and the list's host.
  ///
  /// - Parameters:
  ///   - list: The list to show.
  ///   - tableView: The table to show it in.
  ///   - cellProvider: Makes each row's cell.
  /// - Complexity: O(1).
  public init(list: TreeList<DataSource>, tableView: UITableView, cellProvider: @escaping CellProvider) {
    self.list = list
    self.tableView = tableView
    self.cellProvider = cellProvider
    super.init()
    tableView.dataSource = self
    tableView.delegate = self
    list.host = self
  }

  // MARK: UITableViewDataSource

  /// The list's number of sections.
  public func numberOfSections(in tableView: UITableView) -> Int { list.numberOfSections }

  /// The list's number of rows in `section`.
  public func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
    list.numberOfRows(inSection: section)
  }

  /// The cell the cell provider makes for the row's item.
  public func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell {
    cellProvider(tableView, indexPath, list.item(at: indexPath))
  }

  // MARK: UITableViewDelegate

  /// The row's height: your delegate's if it answers, else the list's when
  /// ``usesListHeights`` is set, else the table's `rowHeight`.
  public func tableView(_ tableView: UITableView, heightForRowAt indexPath: IndexPath) -> CGFloat {
    if let height = delegate?.tableView?(tableView, heightForRowAt: indexPath) { return height }
    return usesListHeights ? CGFloat(list.height(at: indexPath)) : tableView.rowHeight
  }

  /// Tells the list (and its delegate, with the tree path), then your delegate.
  public func tableView(_ tableView: UITableView, didSelectRowAt indexPath: IndexPath) {
    list.selectRow(at: indexPath)
    delegate?.tableView?(tableView, didSelectRowAt: indexPath)
  }

  // MARK: Forwarding

  /// Whether the adapter or one of your objects answers `aSelector`.
  public override func responds(to aSelector: Selector!) -> Bool {
    super.responds(to: aSelector) || _forwardingTarget(for: aSelector, among: dataSource, delegate) != nil
  }

  /// Your object that answers `aSelector`, for the methods the adapter does
  /// not implement.
  public override func forwardingTarget(for aSelector: Selector!) -> Any? {
    if let target = _forwardingTarget(for: aSelector, among: dataSource, delegate) { return target }
    return super.forwardingTarget(for: aSelector)
  }
}

extension TreeTableViewAdapter: @preconcurrency TreeListHost {
  /// Reloads the table.
  public func reloadData() { tableView?.reloadData() }

  /// Applies the list's update as one `performBatchUpdates`: deletions,
  /// insertions, moves (`moveSection(_:toSection:)`, `moveRow(at:to:)`) and
  /// reloads, each in the coordinates UIKit expects.
  public func apply(_ changes: TreeChanges) {
    guard let tableView else { return }
    tableView.performBatchUpdates { [self] in
      tableView.deleteSections(changes.deletedSections, with: deletionAnimation)
      tableView.insertSections(changes.insertedSections, with: insertionAnimation)
      for move in changes.movedSections { tableView.moveSection(move.from, toSection: move.to) }
      tableView.deleteRows(at: changes.deletedRows, with: deletionAnimation)
      tableView.insertRows(at: changes.insertedRows, with: insertionAnimation)
      for move in changes.movedRows { tableView.moveRow(at: move.from, to: move.to) }
      tableView.reloadRows(at: changes.reloadedRows, with: reloadAnimation)
    }
  }
}
#endif
