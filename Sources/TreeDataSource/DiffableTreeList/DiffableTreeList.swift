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
/// It is built on ``TreeList``: the host, the delegate, the heights and the
/// geometry, the checks and the rule for calls made while the list calls
/// out are the tree list's. The tree itself is stored once, in the
/// snapshot, which is the tree list's data source; the tree list keeps what
/// it keeps for any data source — the expansion state and number of
/// subitems of the items it has shown expanded, and their rows' heights.
/// The two are separate storage, so a user's expand or collapse changes
/// each in place, O(*d* log *b*), and copies neither.
///
/// The list holds its host and delegate weakly. It is not thread-safe: use
/// it from one thread (the main thread, with UIKit).
public final class DiffableTreeList<ItemID: Hashable & Sendable> {
  /// The tree list that does the work; its data source holds the snapshot.
  let _list: TreeList<_SnapshotDataSource<ItemID>>

  /// Turns the tree list's paths into identifiers for ``delegate``.
  private let _delegateProxy = _DelegateProxy<ItemID>()

  /// Whether a recursive collapse is running: the proxy then collapses the
  /// item's descendants in the snapshot too.
  var _collapsesRecursively = false

  /// How many applied snapshots the list brought in by making their edits
  /// again, rather than by reading the tree anew. For tests.
  package var _replayCount = 0

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
    _list = TreeList(dataSource: _SnapshotDataSource(), layout: layout)
    _list.reloadData()  // the empty tree: one question, and no host yet
    _delegateProxy.owner = self
    _list.delegate = _delegateProxy
  }

  /// The list that shows the rows, told of every change; held weakly.
  ///
  /// Setting a host has it read the list at once: its
  /// ``TreeListHost/reloadData()`` is called.
  ///
  /// - Complexity: O(1), plus the host's reload.
  public var host: (any TreeListHost)? {
    get { _list.host }
    set {
      _list.host = newValue
      guard let newValue else { return }
      _list._callOut { newValue.reloadData() }
      _list._runDeferredCalls()
    }
  }

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
  public var snapshot: TreeSnapshot<ItemID> { _list.dataSource.snapshot }

  /// The height of an item's row, for ``contentHeight``, ``offset(ofRow:)``
  /// and ``row(atOffset:)``; `nil` (the default) makes every row 1 tall,
  /// at no per-row cost.
  ///
  /// Asked when a row first becomes visible and on every ``apply(_:)``;
  /// setting it asks it again for every visible row (the host hears
  /// nothing: heights are geometry, not rows). A height that is not a
  /// number or is negative is taken as 0.
  ///
  /// - Complexity: setting it is O(*v* (*d* + log *b*)) for *v* visible
  ///   items, plus one call per visible row.
  public var heightOfItem: ((ItemID) -> Double)? {
    get { _list.dataSource.height }
    set {
      _list.dataSource.height = newValue
      _whenNotCallingOut { $0._list._reload(announcing: TreeChanges()) }
    }
  }

  // MARK: The host's questions

  /// The number of sections: 1 in `.flat`, the number of root items in
  /// `.sectioned`.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int { _list.numberOfSections }

  /// The number of rows in `section`; 0 for a section that does not exist.
  ///
  /// - Parameter section: A section of the host list.
  /// - Returns: The number of visible rows in it.
  /// - Complexity: O(log *b*).
  public func numberOfRows(inSection section: Int) -> Int { _list.numberOfRows(inSection: section) }

  /// The number of rows in all sections.
  ///
  /// - Complexity: O(1).
  public var numberOfRows: Int { _list.numberOfRows }

  /// The item the row at `tablePath` shows.
  ///
  /// - Parameter tablePath: A row of the host list, `[section, row]`.
  /// - Returns: The item's identifier, or `nil` when there is no such row.
  /// - Complexity: O(*d* log *b*).
  public func itemID(at tablePath: IndexPath) -> ItemID? {
    _list.treeIndexPath(fromTablePath: tablePath).flatMap(snapshot.item(at:))
  }

  /// The table path `[section, row]` where `item` is drawn.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The table path, or `nil` when the item is hidden, is a
  ///   `.sectioned` root item (a section), or is not in the list.
  /// - Complexity: O(*d* log *b*).
  public func tablePath(of item: ItemID) -> IndexPath? {
    snapshot.treePath(of: item).flatMap(_list.tableIndexPath(fromTreePath:))
  }

  /// The global row of `item`: its position among the rows of all sections,
  /// in order (`NSOutlineView`'s `row(forItem:)`), for ``offset(ofRow:)``.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The row, or `nil` when the item is hidden, is a
  ///   `.sectioned` root item, or is not in the list.
  /// - Complexity: O(*d* log *b*).
  public func row(of item: ItemID) -> Int? {
    snapshot.treePath(of: item).flatMap(_list.row(for:))
  }

  /// The item drawn at a global row, counting across sections
  /// (`NSOutlineView`'s `item(atRow:)`).
  ///
  /// - Parameter row: A row in `0 ..< numberOfRows`.
  /// - Returns: The item's identifier, or `nil` when there is no such row.
  /// - Complexity: O(*d* log *b*).
  public func itemID(atRow row: Int) -> ItemID? {
    _list.treePath(forRow: row).flatMap(snapshot.item(at:))
  }

  /// The height of the row at `tablePath`, from the list's cache.
  ///
  /// - Parameter tablePath: A row of the host list, `[section, row]`.
  /// - Returns: The row's height, or 0 when there is no such row.
  /// - Complexity: O(*d* log *b*); asks nothing.
  public func height(at tablePath: IndexPath) -> Double { _list.height(at: tablePath) }

  // MARK: Selection

  /// Tells the delegate that the host selected the row at `tablePath`.
  ///
  /// - Parameter tablePath: The selected row, `[section, row]`.
  /// - Returns: The selected item, or `nil` when there is no such row or
  ///   the delegate refused the selection.
  /// - Complexity: O(*d* log *b*), plus the delegate's calls.
  @discardableResult
  public func selectRow(at tablePath: IndexPath) -> ItemID? {
    _list.selectRow(at: tablePath).flatMap(snapshot.item(at:))
  }

  // MARK: Implementation

  /// The addresses of everything the list stores per item — the
  /// snapshot's storage, the tree list's index and height columns — for
  /// tests that check that an operation copies nothing: the same after a
  /// change made in place. Never dereferenced.
  package var _storageIdentities: [UnsafeRawPointer?] {
    _list.dataSource.snapshot._storageIdentities + [_list._index._storageIdentity, _list._columns._storageIdentity]
  }

  /// Runs `call` now, or — called while the tree list is calling out —
  /// once it no longer is, as ``TreeList/reloadData()`` waits.
  func _whenNotCallingOut(_ call: @escaping (DiffableTreeList) -> Void) {
    guard _list._isCallingOut else {
      call(self)
      return
    }
    _list._deferUntilCallOutsEnd { [weak self] _ in
      if let self { call(self) }
    }
  }
}
