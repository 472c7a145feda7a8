import Foundation

/// A host-facing list of items by identifier, like
/// `UITableViewDiffableDataSource` for an outline: hand it a
/// ``/TreeIndex/TreeSnapshot`` and the host gets the exact difference as one
/// batch update; the user's expansions and collapses go into the list's
/// ``snapshot``, so the next snapshot derived from it keeps them.
///
///     let list = DiffableTreeList<String>()
///     let host = ListHostSimulator(list: list)   // becomes list.host
///     var snapshot = list.snapshot
///     try snapshot.append(["Fruit", "Vegetables"])
///     try snapshot.append(["Apple", "Pear"], to: "Fruit")
///     list.apply(snapshot)                       // host: rows 0..<2 inserted
///     try list.expand("Fruit")                   // host: rows 1..<3 inserted
///     list.itemID(at: IndexPath(indexes: [0, 2]))   // "Pear"
///
/// The snapshot is the list's only model of the tree: it knows every item,
/// its expansion and its rows, so the list answers the host from it and
/// keeps nothing else per item — no index of its own, no copy of the tree.
/// An applied snapshot is adopted as it is (its storage shared with the
/// value you pass), and the host's update is the snapshot's own
/// ``/TreeIndex/TreeSnapshot/changes(from:layout:)``. A user's expand or
/// collapse changes the snapshot in place, O(*d* log *b*), and the host
/// gets the rows that appear or vanish. Row heights, when
/// ``heightOfItem`` is set, are one tree of runs of equal heights in row
/// order.
///
/// The list follows ``TreeList``'s rules for hosts and delegates: one
/// update per change, `should…` and `will…` before it and `did…` after the
/// host has it, and no change accepted while the list calls out (see
/// ``DiffableTreeListError/Reason/reentrantUpdate``).
///
/// The list holds its host and delegate weakly. It is not thread-safe: use
/// it from one thread (the main thread, with UIKit).
public final class DiffableTreeList<ItemID: Hashable & Sendable> {
  /// The items, their expansion and their rows, brought up to date first
  /// when an expansion walk left items marked without renewing the rows
  /// above them (see ``_renewExpansions()``).
  var _snapshot: TreeSnapshot<ItemID> {
    get {
      _renewExpansions()
      return _storedSnapshot
    }
    _modify {
      _renewExpansions()
      yield &_storedSnapshot
    }
  }

  /// The snapshot as stored: read directly only by the expansion walks,
  /// which mark items in it without renewing the rows above them.
  var _storedSnapshot = TreeSnapshot<ItemID>()

  /// The nodes of the items an expansion walk marked expanded in
  /// ``_storedSnapshot`` without renewing the rows above them.
  var _unrenewedNodes: [Int32] = []

  /// The items whose row summaries the list's expansions and collapses
  /// brought up to date, counted for tests that check how the work grows
  /// with the depth.
  package internal(set) var _renewedSummaries = 0

  /// The heights of the rows in row order while ``heightOfItem`` is set;
  /// `nil`: every row is 1 tall.
  var _heights: _RowHeights?

  /// Calls to the host, the delegate and the height closure in progress,
  /// and what waits for them to end. Unchecked: every access to it is
  /// brief and calls nothing outside the list.
  @exclusivity(unchecked) var _callOuts = _CallOuts()

  /// How root items map to sections.
  public let layout: TreeIndex.Layout

  /// Creates an empty list.
  ///
  /// - Parameter layout: `.flat` (one section; root items are rows) or
  ///   `.sectioned` (each root item is a section of its visible
  ///   descendants).
  /// - Complexity: O(1).
  public init(layout: TreeIndex.Layout = .flat) {
    self.layout = layout
  }

  /// The list that shows the rows, told of every change; held weakly.
  ///
  /// Setting a host has it read the list at once: its
  /// ``TreeListHost/reloadData()`` is called.
  ///
  /// - Complexity: O(1), plus the host's reload.
  public var host: (any TreeListHost)? {
    get { _host }
    set {
      _host = newValue
      guard let newValue else { return }
      _operation { _callOut { newValue.reloadData() } }
    }
  }

  /// The host, held weakly.
  weak var _host: (any TreeListHost)?

  /// The scroll anchor and its item (see ``setScrollAnchor(atContentOffset:)``).
  var _scrollAnchor: _ItemScrollAnchor<ItemID>?
  /// The focus, the selection anchor and the selected items, by
  /// identifier (see `DiffableTreeList+RowSelection.swift`).
  var _rowSelection = _RowSelection<ItemID>()

  /// Hears about expansion, collapse and selection, with identifiers; held
  /// weakly.
  public weak var delegate: (any DiffableTreeListDelegate<ItemID>)?

  /// The items the list shows, with their expansion as the user left it.
  ///
  /// Derive the next snapshot from it and ``apply(_:)`` that one, so that
  /// what the user expanded stays expanded. Reading it shares storage with
  /// the list: O(1); a copy you keep is copied, O(*n*), the first time
  /// either side changes (copy on write), so let it go once applied.
  ///
  /// - Complexity: O(1).
  public var snapshot: TreeSnapshot<ItemID> { _snapshot }

  /// The height of an item's row, for ``contentHeight``, ``offset(ofRow:)``
  /// and ``row(atOffset:)``; `nil` (the default) makes every row 1 tall,
  /// at no per-row cost.
  ///
  /// Asked for each row that appears (applied, expanded or revealed) and
  /// for each item an applied snapshot marks for reload
  /// (``/TreeIndex/TreeSnapshot/reloadItems(_:)``); a row that stays keeps
  /// its height. Setting it asks it for every visible row (the host hears
  /// nothing: heights are geometry, not rows). A height that is not a
  /// number or is negative is taken as 0, one above 2⁴⁰ as 2⁴⁰.
  ///
  /// - Complexity: setting it is O(*v* *d* log *b*) for *v* visible items,
  ///   plus one call per visible row.
  public var heightOfItem: ((ItemID) -> Double)? {
    get { _heightOfItem }
    set {
      _heightOfItem = newValue
      _whenNotCallingOut { $0._measureAllRows() }
    }
  }

  /// The height closure.
  var _heightOfItem: ((ItemID) -> Double)?

  // MARK: The host's questions

  /// The number of sections: 1 in `.flat`, the number of root items in
  /// `.sectioned`.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { _rows.numberOfSections }

  /// The number of rows in `section`; 0 for a section that does not exist.
  ///
  /// - Parameter section: A section of the host list.
  /// - Returns: The number of visible rows in it.
  /// - Complexity: O(log *b*).
  public func numberOfRows(inSection section: Int) -> Int { _rows.numberOfRows(inSection: section) }

  /// The number of rows in all sections.
  ///
  /// - Complexity: O(1).
  public var numberOfRows: Int { _rows.numberOfRows }

  /// The item the row at `tablePath` shows.
  ///
  /// - Parameter tablePath: A row of the host list, `[section, row]`.
  /// - Returns: The item's identifier, or `nil` when there is no such row.
  /// - Complexity: O(*d* log *b*).
  public func itemID(at tablePath: IndexPath) -> ItemID? {
    _rows.treeIndexPath(fromTablePath: tablePath).flatMap(_snapshot.item(at:))
  }

  /// The table path `[section, row]` where `item` is drawn.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The table path, or `nil` when the item is hidden, is a
  ///   `.sectioned` root item (a section), or is not in the list.
  /// - Complexity: O(*d* log *b*).
  public func tablePath(of item: ItemID) -> IndexPath? {
    _snapshot.treePath(of: item).flatMap(_rows.tableIndexPath(fromTreePath:))
  }

  /// The global row of `item`: its position among the rows of all sections,
  /// in order (`NSOutlineView`'s `row(forItem:)`), for ``offset(ofRow:)``.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The row, or `nil` when the item is hidden, is a
  ///   `.sectioned` root item, or is not in the list.
  /// - Complexity: O(*d* log *b*).
  public func row(of item: ItemID) -> Int? {
    layout == .flat ? _snapshot.row(of: item) : _snapshot.treePath(of: item).flatMap(_rows.row(for:))
  }

  /// The item drawn at a global row, counting across sections
  /// (`NSOutlineView`'s `item(atRow:)`).
  ///
  /// - Parameter row: A row in `0 ..< numberOfRows`.
  /// - Returns: The item's identifier, or `nil` when there is no such row.
  /// - Complexity: O(*d* log *b*).
  public func itemID(atRow row: Int) -> ItemID? {
    layout == .flat ? _snapshot.item(atRow: row) : _rows.treePath(forRow: row).flatMap(_snapshot.item(at:))
  }

  // MARK: Selection

  /// Tells the delegate that the host selected the row at `tablePath`, and
  /// selects the item as a click does (``select(_:)``) unless the delegate
  /// refuses.
  ///
  /// - Parameter tablePath: The selected row, `[section, row]`.
  /// - Returns: The selected item, or `nil` when there is no such row or
  ///   the delegate refused the selection.
  /// - Complexity: O(*d* log *b*), plus the delegate's calls.
  @discardableResult
  public func selectRow(at tablePath: IndexPath) -> ItemID? {
    guard let item = itemID(at: tablePath) else { return nil }
    guard delegate?.shouldSelectItem(item) ?? true else { return nil }
    select(item)
    delegate?.didSelectItem(item)
    return item
  }

  // MARK: Implementation

  /// The snapshot's tree as paths and rows in the list's layout.
  ///
  /// - Complexity: O(1).
  var _rows: TreeIndex { _snapshot.index._viewed(in: layout) }

  /// The addresses of everything the list stores per item — the
  /// snapshot's storage, and the row heights' when it has them — for tests
  /// that check that an operation copies nothing: the same after a change
  /// made in place. Never dereferenced.
  package var _storageIdentities: [UnsafeRawPointer?] {
    _snapshot._storageIdentities + (_heights.map { [$0._storageIdentity] } ?? [])
  }
}
