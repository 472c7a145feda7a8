/// The expansion state of a tree and the map between its items and the rows
/// of a flat list.
///
/// A `TreeIndex` knows how many root items there are, how many subitems
/// each item has that was ever expanded, and which items are expanded. From
/// that it answers, in O(*d* log *b*) whatever the number of rows, where an
/// item is drawn (``tableIndexPath(fromTreePath:)``, ``row(for:)``) and which
/// item a row shows (``treeIndexPath(fromTablePath:)``,
/// ``treePath(forRow:)``). Here *d* is the depth of the path and *b* the
/// largest number of subitems of one item.
///
/// Every change — ``expand(_:numberOfSubitems:)``, ``collapse(_:)``,
/// ``insertItems(at:)``, ``deleteItems(at:)``, ``moveItem(at:to:)`` and
/// ``performBatchUpdates(_:)`` — returns the exact ``TreeChanges`` to hand to
/// a table view's batch update. Invalid input throws a ``TreeIndexError`` and
/// leaves the index unchanged.
///
///     var index = TreeIndex(numberOfRootItems: 3)
///     try index.expand([1], numberOfSubitems: 3)
///     try index.expand([1, 1], numberOfSubitems: 2)
///     index.tableIndexPath(fromTreePath: [1, 1, 0])   // [0, 4]
///     index.treeIndexPath(fromTablePath: [0, 6])      // [1, 2]
///
/// `TreeIndex` is a value: copies are independent and cheap until one of
/// them changes (copy on write). Memory grows with the number of items that
/// were ever expanded, never with the number of rows: items that were never
/// expanded are stored as counts, not as objects.
public struct TreeIndex: Sendable {
  /// How root items map to a table's sections.
  public enum Layout: String, Equatable, Sendable, Codable {
    /// One section; every visible item is a row, root items included.
    case flat
    /// One section per root item; the root item is the section, not a row,
    /// and the section's rows are its visible descendants.
    case sectioned
  }

  /// How root items map to sections; fixed at creation.
  public private(set) var layout: Layout

  /// The same tree read in `layout`: how a list of either layout reads a
  /// `.flat` index it does not own (a snapshot's). Not public API.
  ///
  /// - Complexity: O(1); the tree is shared, not copied.
  package func _viewed(in layout: Layout) -> TreeIndex {
    var view = self
    view.layout = layout
    return view
  }

  @usableFromInline
  var _arena: _Arena

  /// What the enclosing ``performBatchUpdates(_:)`` calls have recorded so
  /// far; `nil` outside a batch. Not part of the index's value.
  var _recorder: _BatchRecorder?

  /// Creates an index for a tree with `numberOfRootItems` root items, all
  /// collapsed and with unknown subitems.
  ///
  /// - Parameters:
  ///   - numberOfRootItems: The number of root items; a negative number is
  ///     taken as 0, and a number above ``maximumNumberOfRows`` as that
  ///     maximum.
  ///   - layout: `.flat` (one section, root items are rows) or `.sectioned`
  ///     (one section per root item).
  /// - Complexity: O(1).
  public init(numberOfRootItems: Int, layout: Layout = .flat) {
    self.layout = layout
    self._arena = _Arena(numberOfRootItems: Swift.min(Swift.max(0, numberOfRootItems), Self.maximumNumberOfRows))
    self._recorder = nil
  }

  /// An empty `.flat` index whose forest keeps or goes without the sums
  /// that speed up lookups (see `_Arena.init`): a snapshot's
  /// index, whose every item is known, goes without, and keeps its nodes
  /// in pages that copies share (`sharingPages`).
  ///
  /// - Complexity: O(1).
  @usableFromInline
  init(_storageFor numberOfRootItems: Int, keepingSums: Bool, sharingPages: Bool = false) {
    self.layout = .flat
    self._arena = _Arena(
      numberOfRootItems: numberOfRootItems, keepingSums: keepingSums, sharingPages: sharingPages)
    self._recorder = nil
  }

  /// The most rows an index holds: 2⁶².
  ///
  /// The bound is on every item's rows as if it were expanded: its
  /// subitems, plus the rows beneath each of them that is expanded, known
  /// ones included, whether or not the item itself is visible. So
  /// ``numberOfRows``, every number of subitems and every row the index
  /// reports stay within it, and no sum the index forms can overflow `Int`.
  /// An operation that would pass it throws ``TreeIndexError`` with the
  /// reason ``TreeIndexError/Reason/rowCountOverflow`` and changes nothing.
  ///
  /// - Complexity: O(1).
  public static var maximumNumberOfRows: Int { 1 << 62 }

  /// The number of root items.
  ///
  /// - Complexity: O(1).
  public var numberOfRootItems: Int { _arena.count(_Arena.root) }

  /// The number of sections of the table: 1 in `.flat`, the number of root
  /// items in `.sectioned`.
  ///
  /// - Complexity: O(1).
  public var numberOfSections: Int {
    layout == .flat ? 1 : numberOfRootItems
  }

  /// The number of rows in `section`: 0 for a section that does not exist,
  /// and, in `.sectioned`, for a section whose root item is collapsed.
  ///
  /// - Parameter section: A section of the table.
  /// - Returns: The number of visible rows in that section.
  /// - Complexity: O(1) in `.flat`; O(log *b*) in `.sectioned`.
  public func numberOfRows(inSection section: Int) -> Int {
    switch layout {
    case .flat:
      return section == 0 ? _arena.rowsBeneath(_Arena.root) : 0
    case .sectioned:
      guard section >= 0, section < numberOfRootItems else { return 0 }
      let item = _arena.subitem(of: _Arena.root, at: section).node
      return item == .null ? 0 : _arena.visibleRowsBeneath(item)
    }
  }

  /// The number of visible rows in all sections (in `.sectioned`, root items
  /// are sections and not rows).
  ///
  /// - Complexity: O(1).
  @inlinable
  public var numberOfRows: Int {
    switch layout {
    case .flat: return _arena.rowsBeneath(_Arena.root)
    case .sectioned: return _arena.extraRows(_arena.children(_Arena.root))
    }
  }

  /// The number of subitems of the item at `parent`, or of the root when
  /// `parent` is `nil`.
  ///
  /// - Parameter parent: The item's path, or `nil` for the root.
  /// - Returns: The number of subitems, or `nil` when the item was never
  ///   expanded (the index does not know) or the path names no item.
  /// - Complexity: O(*d* log *b*).
  public func numberOfSubitems(of parent: TreePath?) -> Int? {
    guard let parent else { return numberOfRootItems }
    guard let node = _knownNode(at: parent) else { return nil }
    return _arena.count(node)
  }

  /// Returns a Boolean value that tells whether the item at `treePath` is
  /// expanded, whether or not it is visible.
  ///
  /// - Parameter treePath: An item's path.
  /// - Returns: `true` if the item is expanded; `false` if it is collapsed,
  ///   was never expanded, or the path names no item.
  /// - Complexity: O(*d* log *b*).
  public func isExpanded(_ treePath: TreePath) -> Bool {
    guard let node = _knownNode(at: treePath) else { return false }
    return _arena.isExpanded(node)
  }

  /// Returns a Boolean value that tells whether the item at `treePath` is
  /// visible: every one of its ancestors is expanded. Root items are always
  /// visible.
  ///
  /// - Parameter treePath: An item's path.
  /// - Returns: `true` if the path names an item whose ancestors are all
  ///   expanded.
  /// - Complexity: O(*d* log *b*).
  public func isVisible(_ treePath: TreePath) -> Bool {
    _flatRow(of: treePath) != nil
  }
}
