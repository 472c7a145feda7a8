import Foundation

/// The proxy between a flat host list and a tree-shaped data source: it
/// answers the host's two-index questions (sections, rows, the item of a
/// row) from a ``/TreeIndex/TreeIndex``, asks the ``TreeDataSource`` only what it must,
/// and hands the host exactly one valid batch update for every change.
///
///     let list = TreeList(dataSource: Planets())  // the example of TreeDataSource
///     list.host = host                    // any TreeListHost: a table adapter, a ListHostSimulator
///     list.reloadData()                   // asks the root count, then each visible item
///     try list.expand([1])                // one apply(_:) with the rows that appear
///     list.item(at: IndexPath(indexes: [0, 2]))   // "Moon", asked of the data source at [1, 0]
///
/// The list answers the row questions itself — ``row(for:)``,
/// ``treePath(forRow:)``, ``level(forRow:)``, ``rows(inSubtreeAt:)``,
/// ``isVisible(_:)``, ``isExpanded(_:)`` and the table-path mappings — with
/// ``/TreeIndex/TreeIndex``'s semantics, asking the data source nothing.
///
/// The list keeps the expansion state itself once the data source has told
/// it an item's initial state, and keeps the state beneath a collapsed item
/// for the next expansion. When the data changes, tell the list as you would
/// tell `UITableView` — after the data source has changed — with
/// ``insertItems(at:)``, ``deleteItems(at:)``, ``moveItem(at:to:)``,
/// ``reloadItems(at:)``, grouped by ``performBatchUpdates(_:)``.
///
/// Geometry for virtualized hosts (``contentHeight``, ``offset(ofRow:)``,
/// ``row(atOffset:)``) comes from cached per-item height sums that survive
/// expansion and collapse; rows of one height cost no per-row storage.
///
/// The list holds its data source strongly and its host and delegate
/// weakly. It is not thread-safe: use it from one thread (the main thread,
/// with UIKit).
public final class TreeList<DataSource: TreeDataSource> {
  /// The data source the list asks about the tree.
  public let dataSource: DataSource

  /// The list that shows the rows, told of every change.
  public weak var host: (any TreeListHost)?

  /// Hears about expansion and selection, with tree paths.
  public weak var delegate: (any TreeListDelegate)?

  /// The expansion state and the map between tree paths and rows.
  ///
  /// - Complexity: O(1), or, asked from inside a data source or delegate
  ///   call of a recursive expansion, what bringing the index up to date
  ///   costs: O(*n* log *b*) for the *n* items opened since it was last
  ///   asked, plus O(*d* log *b*).
  public var index: TreeIndex {
    _settle()
    return _index
  }

  /// The expansion state, as the list's operations read and change it;
  /// ``index`` is the same once settled.
  var _index: TreeIndex

  /// What a recursive expansion has changed without bringing the cached
  /// rows and heights up to date yet (see ``_settle()``).
  var _unsettled: _Unsettled?

  /// How root items map to sections.
  public let layout: TreeIndex.Layout

  /// The scroll anchor (see ``setScrollAnchor(atContentOffset:)``).
  var _scrollAnchor: _ScrollAnchor?

  // The list's own bookkeeping below skips the run-time exclusivity checks
  // (about 75 instructions an access, several per edit): each access is a
  // brief read or an in-place change by the list's own code, which never
  // calls the data source, the host or the delegate while it lasts (a
  // call's arguments, where the list asks them, are worked out before the
  // access begins).

  /// The heights of the subitems of each known item.
  @exclusivity(unchecked) var _columns = _HeightColumns()

  /// Known, expanded items whose column holds subitems the data source was
  /// never asked about, because they were hidden when they came: asked as
  /// soon as they become visible.
  var _pendingItems: Set<TreeIndex._KnownItemID> = []

  /// The batch ``performBatchUpdates(_:)`` has open, if any.
  @exclusivity(unchecked) var _batch: _ListBatch?

  /// How many edits (each one index batch) are running, one inside another.
  @exclusivity(unchecked) var _openEdits = 0

  /// Whether the host must read everything again when the running batch or
  /// edit ends, instead of applying an update.
  @exclusivity(unchecked) var _needsReloadData = false

  /// While a recursive expansion runs, the items it loaded, so that it does
  /// not ask their number of subitems twice.
  var _loadedItems: Set<TreeIndex._KnownItemID>?

  /// The calls to the data source, the host or the delegate running in the
  /// middle of an operation, and the calls that cannot throw (reloads,
  /// collapsing everything) made meanwhile, which wait until none is (see
  /// `TreeList+CallOuts.swift`). Unchecked: every access to it is brief
  /// and calls nothing outside the list (a waiting call is taken out
  /// before it runs).
  @exclusivity(unchecked) var _callOuts = _CallOuts()

  /// How many calls to the data source, the host or the delegate are
  /// running in the middle of an operation.
  var _callOutDepth: Int { _callOuts.depth }

  /// Whether the list takes the general path for every edit, never the
  /// shortcuts for one edit alone (one insertion outside a batch; a source's
  /// change of one step replayed without a batch around it): for tests that
  /// compare the two.
  @exclusivity(unchecked) package var _usesGeneralPathsOnly = false

  /// The focus, the selection anchor and the selected items, by tree path
  /// (see `TreeList+RowSelection.swift`).
  var _rowSelection = _RowSelection<TreePath>()

  /// Creates a list for a data source; call ``reloadData()`` to load it.
  ///
  /// - Parameters:
  ///   - dataSource: The data source to ask about the tree.
  ///   - layout: `.flat` (one section; root items are rows) or `.sectioned`
  ///     (each root item is a section of its visible descendants).
  /// - Complexity: O(1); asks the data source nothing.
  public init(dataSource: DataSource, layout: TreeIndex.Layout = .flat) {
    self.dataSource = dataSource
    self.layout = layout
    self._index = TreeIndex(numberOfRootItems: 0, layout: layout)
  }

  // MARK: The host's questions

  /// The number of sections: 1 in `.flat`, the number of root items in
  /// `.sectioned`.
  ///
  /// - Complexity: O(1); asks the data source nothing.
  public var numberOfSections: Int { index.numberOfSections }

  /// The number of rows in `section`; 0 for a section that does not exist.
  ///
  /// - Parameter section: A section of the host list.
  /// - Returns: The number of visible rows in it.
  /// - Complexity: O(log *b*); asks the data source nothing.
  public func numberOfRows(inSection section: Int) -> Int { index.numberOfRows(inSection: section) }

  /// The number of rows in all sections.
  ///
  /// - Complexity: O(1); asks the data source nothing.
  public var numberOfRows: Int { index.numberOfRows }

  /// The item the row at `tablePath` shows, asked of the data source.
  ///
  /// - Parameter tablePath: A row of the host list, `[section, row]`.
  /// - Returns: The data source's item for the row's tree path.
  /// - Precondition: `tablePath` is a row of the list; the host only asks
  ///   about rows it was told of.
  /// - Complexity: O(*d* log *b*), plus one ``TreeDataSource/item(at:)`` call.
  public func item(at tablePath: IndexPath) -> DataSource.Item {
    guard let treePath = index.treeIndexPath(fromTablePath: tablePath) else {
      preconditionFailure("TreeList has no row at \(Array(tablePath)) (\(numberOfSections) sections)")
    }
    return _operation { _callOut { dataSource.item(at: treePath) } }
  }

  /// The height of the row at `tablePath`, from the list's cache.
  ///
  /// - Parameter tablePath: A row of the host list, `[section, row]`.
  /// - Returns: The row's height, or 0 when there is no such row.
  /// - Complexity: O(*d* log *b*); asks the data source nothing.
  public func height(at tablePath: IndexPath) -> Double {
    guard let treePath = index.treeIndexPath(fromTablePath: tablePath) else { return 0 }
    return _entry(at: treePath)?.own ?? 0
  }

  // MARK: Mapping

  /// The table path `[section, row]` where the item at `treePath` is drawn.
  ///
  /// - Parameter treePath: An item's path.
  /// - Returns: The table path, or `nil` when the item is hidden, is a
  ///   `.sectioned` root item (a section), or does not exist.
  /// - Complexity: O(*d* log *b*).
  public func tableIndexPath(fromTreePath treePath: TreePath) -> IndexPath? {
    index.tableIndexPath(fromTreePath: treePath)
  }

  /// The path of the item drawn at the table path `[section, row]`.
  ///
  /// - Parameter tablePath: A row of the host list.
  /// - Returns: The item's tree path, or `nil` when there is no such row.
  /// - Complexity: O(*d* log *b*).
  public func treeIndexPath(fromTablePath tablePath: IndexPath) -> TreePath? {
    index.treeIndexPath(fromTablePath: tablePath)
  }

  /// The global row of the item at `treePath`: its position among the rows
  /// of all sections, in order (`NSOutlineView`'s `row(forItem:)`).
  ///
  /// - Parameter treePath: An item's path.
  /// - Returns: The row, or `nil` when the item is hidden, is a section
  ///   (`.sectioned` root item), or does not exist.
  /// - Complexity: O(*d* log *b*); asks the data source nothing.
  public func row(for treePath: TreePath) -> Int? { index.row(for: treePath) }

  /// The path of the item drawn at a global row, counting across sections
  /// (`NSOutlineView`'s `item(atRow:)`, as a path).
  ///
  /// - Parameter row: A row in `0 ..< numberOfRows`.
  /// - Returns: The item's tree path, or `nil` when there is no such row.
  /// - Complexity: O(*d* log *b*); asks the data source nothing.
  public func treePath(forRow row: Int) -> TreePath? { index.treePath(forRow: row) }

  /// The nesting level of the item at a global row: 0 for a root item, 1
  /// for its subitems, and so on; in `.sectioned`, rows start at level 1
  /// (`NSOutlineView`'s `level(forRow:)`).
  ///
  /// - Parameter row: A row in `0 ..< numberOfRows`.
  /// - Returns: The item's depth minus one, or `nil` when there is no such
  ///   row.
  /// - Complexity: O(*d* log *b*); asks the data source nothing.
  public func level(forRow row: Int) -> Int? { index.level(forRow: row) }

  /// The global rows that the item at `treePath` and its visible
  /// descendants occupy; for a `.sectioned` root item, the rows of its
  /// section.
  ///
  /// - Parameter treePath: An item's path.
  /// - Returns: The rows, or `nil` when the item is hidden or does not exist.
  /// - Complexity: O(*d* log *b*); asks the data source nothing.
  public func rows(inSubtreeAt treePath: TreePath) -> Range<Int>? { index.rows(inSubtreeAt: treePath) }

  /// The path of the visible item after the one at `treePath`, in row order
  /// (across sections).
  ///
  /// - Parameter treePath: A visible item's path.
  /// - Returns: The next row's item, or `nil` when the item is the last row,
  ///   is hidden, or does not exist. For a `.sectioned` root item, the first
  ///   row of its section or of a later one.
  /// - Complexity: O(*d* log *b*); asks the data source nothing.
  public func visibleTreePath(after treePath: TreePath) -> TreePath? { index.visibleTreePath(after: treePath) }

  /// The path of the visible item before the one at `treePath`, in row
  /// order (across sections).
  ///
  /// - Parameter treePath: A visible item's path.
  /// - Returns: The previous row's item, or `nil` when the item is the first
  ///   row, is a `.sectioned` root item, is hidden, or does not exist.
  /// - Complexity: O(*d* log *b*); asks the data source nothing.
  public func visibleTreePath(before treePath: TreePath) -> TreePath? { index.visibleTreePath(before: treePath) }

  /// Returns a Boolean value that tells whether the item at `treePath` is
  /// expanded, visible or not.
  ///
  /// A recursive expansion leaves items without subitems collapsed, so a
  /// leaf is expanded only when it was expanded on its own (or the data
  /// source said so).
  ///
  /// - Parameter treePath: An item's path.
  /// - Returns: `true` when the item is expanded; `false` when it is
  ///   collapsed or the path names no item.
  /// - Complexity: O(*d* log *b*); asks the data source nothing.
  public func isExpanded(_ treePath: TreePath) -> Bool { index.isExpanded(treePath) }

  /// Returns a Boolean value that tells whether the item at `treePath` is
  /// visible: every one of its ancestors is expanded. Root items are always
  /// visible (in `.sectioned`, as sections).
  ///
  /// - Parameter treePath: An item's path.
  /// - Returns: `true` if the path names an item whose ancestors are all
  ///   expanded.
  /// - Complexity: O(*d* log *b*); asks the data source nothing.
  public func isVisible(_ treePath: TreePath) -> Bool { index.isVisible(treePath) }

  /// The number of subitems of the item at `parent` (of the root when
  /// `parent` is `nil`), as the list last learned it from the data source.
  ///
  /// - Parameter parent: The item's path, or `nil` for the root.
  /// - Returns: The number of subitems, or `nil` when the list never
  ///   expanded the item (it has not asked) or the path names no item.
  /// - Complexity: O(*d* log *b*); asks the data source nothing.
  public func numberOfSubitems(of parent: TreePath?) -> Int? { index.numberOfSubitems(of: parent) }

  // MARK: Selection

  /// Tells the delegate that the host selected the row at `tablePath`, as
  /// the item's tree path, and selects the item as a click does
  /// (``selectItem(at:)``) unless the delegate refuses.
  ///
  /// - Parameter tablePath: The selected row, `[section, row]`.
  /// - Returns: The selected item's tree path, or `nil` when there is no
  ///   such row or the delegate refused the selection.
  /// - Complexity: O(*d* log *b*), plus the delegate's calls.
  @discardableResult
  public func selectRow(at tablePath: IndexPath) -> TreePath? {
    guard let treePath = index.treeIndexPath(fromTablePath: tablePath) else { return nil }
    guard delegate?.shouldSelectItem(at: treePath) ?? true else { return nil }
    selectItem(at: treePath)
    delegate?.didSelectItem(at: treePath)
    return treePath
  }
}

/// What an open ``TreeList/performBatchUpdates(_:)`` collects.
struct _ListBatch {
  /// The index batch that records every edit of the list's batch.
  var indexBatch: TreeIndex._OpenBatch
  /// The items waiting to be asked about when the batch began, to return
  /// to if it throws (the index and the height columns journal their own
  /// changes).
  var pendingItems: Set<TreeIndex._KnownItemID>
  /// Rows to redraw, as table paths in the coordinates before the batch.
  var reloadedRows: [IndexPath] = []
}
