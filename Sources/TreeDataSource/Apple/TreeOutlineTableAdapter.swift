#if (canImport(AppKit) && !targetEnvironment(macCatalyst)) || TREE_DATA_SOURCE_APPLE_SHIM
#if TREE_DATA_SOURCE_APPLE_SHIM
import AppleShim  // Linux tests: the AppKit API used below (Tests/AppleShim)
#else
import AppKit
#endif

/// Makes an `NSTableView` show a `.flat` ``TreeList`` (an `NSTableView` has
/// no sections): it answers the table's row count and views from the list,
/// applies the list's updates with the configured animations, and hands the
/// methods it does not implement to your own objects, with row numbers
/// unchanged (convert them with ``TreeList/treeIndexPath(fromTablePath:)``
/// on `[0, row]`).
///
/// Glue only: every decision is the list's, and is tested on every platform.
@MainActor
public final class TreeOutlineTableAdapter<DataSource: TreeDataSource>: NSObject, NSTableViewDataSource,
  NSTableViewDelegate
{
  /// Makes the view for a row from the table, the column, the row and its item.
  public typealias ViewProvider = (NSTableView, NSTableColumn?, Int, DataSource.Item) -> NSView?

  /// The list shown.
  public let list: TreeList<DataSource>
  /// The table that shows it.
  public private(set) weak var tableView: NSTableView?
  /// Makes each row's view.
  public var viewProvider: ViewProvider
  /// Receives the data source methods the adapter does not implement.
  ///
  /// Not isolated to the main actor: ``responds(to:)`` and
  /// ``forwardingTarget(for:)``, which override `NSObject`'s nonisolated
  /// methods, read it (the runtime calls them on the main thread).
  public nonisolated(unsafe) weak var dataSource: (any NSTableViewDataSource)?
  /// Receives the delegate methods the adapter does not implement.
  ///
  /// Not isolated to the main actor, as ``dataSource`` is not.
  public nonisolated(unsafe) weak var delegate: (any NSTableViewDelegate)?
  /// The animation for inserted rows.
  public var insertionAnimation: NSTableView.AnimationOptions = .effectFade
  /// The animation for deleted rows.
  public var deletionAnimation: NSTableView.AnimationOptions = .effectFade

  /// Connects a `.flat` `list` to `tableView`: the adapter becomes the
  /// table's data source and delegate and the list's host.
  ///
  /// - Parameters:
  ///   - list: The list to show; its layout must be `.flat`.
  ///   - tableView: The table to show it in.
  ///   - viewProvider: Makes each row's view.
  /// - Complexity: O(1).
  public init(list: TreeList<DataSource>, tableView: NSTableView, viewProvider: @escaping ViewProvider) {
    precondition(list.layout == .flat, "an NSTableView has no sections: use a .flat TreeList")
    self.list = list
    self.tableView = tableView
    self.viewProvider = viewProvider
    super.init()
    tableView.dataSource = self
    tableView.delegate = self
    list.host = self
  }

  /// The list's number of rows.
  public func numberOfRows(in tableView: NSTableView) -> Int { list.numberOfRows }

  /// The view the view provider makes for the row's item.
  public func tableView(_ tableView: NSTableView, viewFor tableColumn: NSTableColumn?, row: Int) -> NSView? {
    viewProvider(tableView, tableColumn, row, list.item(at: IndexPath(indexes: [0, row])))
  }

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

extension TreeOutlineTableAdapter: @preconcurrency TreeListHost {
  /// Reloads the table.
  public func reloadData() { tableView?.reloadData() }

  /// Applies the list's update between `beginUpdates()` and `endUpdates()`.
  ///
  /// `NSTableView` applies each call in the coordinates the previous one
  /// left, so the update is spelled in that order: the deleted rows go (old
  /// coordinates), the moved rows move with `moveRow(at:to:)` (each first to
  /// the end, last source first, then each to its place, first place
  /// first), and the inserted rows come (new coordinates).
  public func apply(_ changes: TreeChanges) {
    guard let tableView else { return }
    let update = _SequentialRowUpdate(changes, numberOfRowsAfter: list.numberOfRows(inSection: 0))
    tableView.beginUpdates()
    tableView.removeRows(at: update.removed, withAnimation: deletionAnimation)
    for move in update.moves { tableView.moveRow(at: move.from, to: move.to) }
    tableView.insertRows(at: update.inserted, withAnimation: insertionAnimation)
    tableView.endUpdates()
    var reloaded = IndexSet()
    for range in changes.reloadedRowRanges {
      for row in range.rows { reloaded.insert(_SequentialRowUpdate.newRow(ofStaying: row, in: changes)) }
    }
    if !reloaded.isEmpty {
      tableView.reloadData(forRowIndexes: reloaded, columnIndexes: IndexSet(integersIn: 0..<tableView.numberOfColumns))
    }
  }
}
#endif
