import Foundation  // IndexSet lives in Foundation, not FoundationEssentials.

/// The rows and sections that one change to a ``TreeIndex`` deleted,
/// inserted and moved, in the form a table view's batch update takes.
///
/// Deletions and move sources are in the coordinates before the change;
/// insertions and move destinations in the coordinates after it, as
/// `UITableView.performBatchUpdates(_:)` expects. Rows inside a deleted or an
/// inserted section are not listed, and a row whose item persists and did not
/// move is in no list. The rows of an item that is a row before and after a
/// move are a move (``movedRowRanges``), never a deletion plus an insertion;
/// in `.sectioned`, a root item moved among root items is a section move
/// (``movedSections``). A row is never both moved and deleted, inserted or
/// reloaded. Hosts that cannot animate moves use
/// ``replacingMovesWithDeletionsAndInsertions()``. Reloaded rows
/// (rows to redraw in place, as `UITableView.reloadRows(at:with:)` takes
/// them) are in old coordinates; the index's own operations never reload,
/// a `TreeList` does when its data source's items change in place.
///
/// Rows are held as ranges, so a change set costs memory in proportion to its
/// number of ranges: collapsing an item with a million visible rows beneath it
/// is one range. Only reading ``deletedRows`` or ``insertedRows`` spells the
/// rows out.
public struct TreeChanges: Equatable, Sendable {
  /// A run of consecutive rows in one section.
  public struct RowRange: Hashable, Sendable {
    /// The section that holds the rows.
    public var section: Int
    /// The rows, as positions within ``section``.
    public var rows: Range<Int>

    /// Creates a run of rows in a section.
    ///
    /// - Parameters:
    ///   - section: The section that holds the rows.
    ///   - rows: The rows within that section.
    /// - Complexity: O(1).
    public init(section: Int, rows: Range<Int>) {
      self.section = section
      self.rows = rows
    }
  }

  /// A run of consecutive rows that moved: where they were and where they
  /// are, in the same order.
  public struct RowRangeMove: Hashable, Sendable {
    /// The rows before the change (old coordinates).
    public var from: RowRange
    /// The rows after the change (new coordinates); as many as ``from``.
    public var to: RowRange

    /// Creates a move of a run of rows.
    ///
    /// - Parameters:
    ///   - from: The rows before the change, in old coordinates.
    ///   - to: The rows after the change, in new coordinates; as many rows
    ///     as `from`.
    /// - Complexity: O(1).
    public init(from: RowRange, to: RowRange) {
      self.from = from
      self.to = to
    }
  }

  /// A section that moved, with its rows, as
  /// `UITableView.moveSection(_:toSection:)` takes it.
  public struct SectionMove: Hashable, Sendable {
    /// The section before the change (old coordinates).
    public var from: Int
    /// The section after the change (new coordinates).
    public var to: Int

    /// Creates a section move.
    ///
    /// - Parameters:
    ///   - from: The section before the change.
    ///   - to: The section after the change.
    /// - Complexity: O(1).
    public init(from: Int, to: Int) {
      self.from = from
      self.to = to
    }
  }

  /// The sections deleted, in the coordinates before the change.
  ///
  /// - Complexity: O(*s*) to read or write, for *s* runs of sections.
  public var deletedSections: IndexSet {
    get { Self.indexSet(_deletedSectionRanges) }
    set { _deletedSectionRanges = newValue.rangeView.map { $0 } }
  }
  /// The sections inserted, in the coordinates after the change.
  ///
  /// - Complexity: O(*s*) to read or write, for *s* runs of sections.
  public var insertedSections: IndexSet {
    get { Self.indexSet(_insertedSectionRanges) }
    set { _insertedSectionRanges = newValue.rangeView.map { $0 } }
  }
  /// The deleted sections as ascending, merged runs: the storage behind
  /// ``deletedSections``, so that a change set with no section changes
  /// allocates nothing for them (an `IndexSet` is an object on Linux).
  var _deletedSectionRanges: [Range<Int>]
  /// The inserted sections as ascending, merged runs.
  var _insertedSectionRanges: [Range<Int>]
  /// The rows deleted, in the coordinates before the change: ascending by
  /// section then row, with adjacent ranges merged.
  public var deletedRowRanges: [RowRange]
  /// The rows inserted, in the coordinates after the change: ascending by
  /// section then row, with adjacent ranges merged.
  public var insertedRowRanges: [RowRange]
  /// The rows to redraw in place, in the coordinates before the change:
  /// ascending by section then row, with adjacent ranges merged. Never a row
  /// that is also deleted or moved, nor a row of a deleted or moved section.
  public var reloadedRowRanges: [RowRange]
  /// The rows that moved, each run from its rows before the change to its
  /// rows after it: ascending by ``RowRangeMove/from`` (section, then row),
  /// disjoint on both sides, with runs that continue each other on both
  /// sides merged. No run starts in a deleted section or ends in an
  /// inserted one.
  public var movedRowRanges: [RowRangeMove]
  /// The sections that moved with their rows (`.sectioned` only): ascending
  /// by ``SectionMove/from``. A moved section is neither deleted nor
  /// inserted; rows deleted in it are in old coordinates of its old index,
  /// rows inserted in it in new coordinates of its new index.
  public var movedSections: [SectionMove]

  /// Creates a change set from its parts, as given.
  ///
  /// The index's operations build their change sets themselves; this
  /// initializer is for tests and for adapters that compose their own.
  ///
  /// - Parameters:
  ///   - deletedSections: Sections deleted, in old coordinates.
  ///   - insertedSections: Sections inserted, in new coordinates.
  ///   - deletedRowRanges: Rows deleted, in old coordinates.
  ///   - insertedRowRanges: Rows inserted, in new coordinates.
  ///   - reloadedRowRanges: Rows redrawn in place, in old coordinates.
  ///   - movedRowRanges: Rows moved, from old to new coordinates.
  ///   - movedSections: Sections moved, from old to new coordinates.
  /// - Complexity: O(1).
  public init(
    deletedSections: IndexSet = IndexSet(),
    insertedSections: IndexSet = IndexSet(),
    deletedRowRanges: [RowRange] = [],
    insertedRowRanges: [RowRange] = [],
    reloadedRowRanges: [RowRange] = [],
    movedRowRanges: [RowRangeMove] = [],
    movedSections: [SectionMove] = []
  ) {
    self._deletedSectionRanges = deletedSections.rangeView.map { $0 }
    self._insertedSectionRanges = insertedSections.rangeView.map { $0 }
    self.deletedRowRanges = deletedRowRanges
    self.insertedRowRanges = insertedRowRanges
    self.reloadedRowRanges = reloadedRowRanges
    self.movedRowRanges = movedRowRanges
    self.movedSections = movedSections
  }

  /// Creates a change set from sections as ascending, merged runs and the
  /// other parts as given: how the index builds its change sets, without an
  /// `IndexSet` to allocate.
  init(
    deletedSectionRanges: [Range<Int>], insertedSectionRanges: [Range<Int>],
    deletedRowRanges: [RowRange], insertedRowRanges: [RowRange],
    movedRowRanges: [RowRangeMove], movedSections: [SectionMove]
  ) {
    self._deletedSectionRanges = deletedSectionRanges
    self._insertedSectionRanges = insertedSectionRanges
    self.deletedRowRanges = deletedRowRanges
    self.insertedRowRanges = insertedRowRanges
    self.reloadedRowRanges = []
    self.movedRowRanges = movedRowRanges
    self.movedSections = movedSections
  }

  /// A change set that only reloads `reloadedRowRanges` (ascending,
  /// merged): what a list's reload of rows outside a batch hands its host,
  /// without the two empty `IndexSet`s the public initializer allocates.
  ///
  /// - Complexity: O(1).
  package init(reloadedRowRanges: [RowRange]) {
    self._deletedSectionRanges = []
    self._insertedSectionRanges = []
    self.deletedRowRanges = []
    self.insertedRowRanges = []
    self.reloadedRowRanges = reloadedRowRanges
    self.movedRowRanges = []
    self.movedSections = []
  }

  private static func indexSet(_ ranges: [Range<Int>]) -> IndexSet {
    var set = IndexSet()
    for range in ranges { set.insert(integersIn: range) }
    return set
  }

  /// The deleted rows spelled out as table paths `[section, row]`, ascending,
  /// ready for `UITableView.deleteRows(at:with:)`.
  ///
  /// - Complexity: O(*r*), where *r* is the number of deleted rows.
  public var deletedRows: [IndexPath] { Self.spellOut(deletedRowRanges) }

  /// The inserted rows spelled out as table paths `[section, row]`,
  /// ascending, ready for `UITableView.insertRows(at:with:)`.
  ///
  /// - Complexity: O(*r*), where *r* is the number of inserted rows.
  public var insertedRows: [IndexPath] { Self.spellOut(insertedRowRanges) }

  /// The reloaded rows spelled out as table paths `[section, row]` in old
  /// coordinates, ascending, ready for `UITableView.reloadRows(at:with:)`.
  ///
  /// - Complexity: O(*r*), where *r* is the number of reloaded rows.
  public var reloadedRows: [IndexPath] { Self.spellOut(reloadedRowRanges) }

  /// The moved rows spelled out as pairs of table paths `[section, row]`,
  /// from old to new coordinates, ascending by source, ready for
  /// `UITableView.moveRow(at:to:)`.
  ///
  /// - Complexity: O(*r*), where *r* is the number of moved rows.
  public var movedRows: [(from: IndexPath, to: IndexPath)] {
    var pairs: [(from: IndexPath, to: IndexPath)] = []
    pairs.reserveCapacity(numberOfMovedRows)
    for move in movedRowRanges {
      for (from, to) in zip(move.from.rows, move.to.rows) {
        pairs.append((IndexPath(indexes: [move.from.section, from]), IndexPath(indexes: [move.to.section, to])))
      }
    }
    return pairs
  }

  /// The number of rows moved, without spelling them out (rows of moved
  /// sections not counted).
  ///
  /// - Complexity: O(*k*), where *k* is the number of moved ranges.
  public var numberOfMovedRows: Int { movedRowRanges.reduce(0) { $0 + $1.from.rows.count } }

  /// The number of rows deleted, without spelling them out.
  ///
  /// - Complexity: O(*k*), where *k* is the number of ranges.
  public var numberOfDeletedRows: Int { deletedRowRanges.reduce(0) { $0 + $1.rows.count } }

  /// The number of rows inserted, without spelling them out.
  ///
  /// - Complexity: O(*k*), where *k* is the number of ranges.
  public var numberOfInsertedRows: Int { insertedRowRanges.reduce(0) { $0 + $1.rows.count } }

  /// A Boolean value that tells whether the change deleted, inserted,
  /// moved and reloaded nothing, so a table view needs no update.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool {
    _deletedSectionRanges.isEmpty && _insertedSectionRanges.isEmpty
      && deletedRowRanges.isEmpty && insertedRowRanges.isEmpty && reloadedRowRanges.isEmpty
      && movedRowRanges.isEmpty && movedSections.isEmpty
  }

  private static func spellOut(_ ranges: [RowRange]) -> [IndexPath] {
    var paths: [IndexPath] = []
    paths.reserveCapacity(ranges.reduce(0) { $0 + $1.rows.count })
    for range in ranges {
      for row in range.rows { paths.append(IndexPath(indexes: [range.section, row])) }
    }
    return paths
  }
}

extension TreeChanges.RowRange: CustomStringConvertible {
  /// The section and rows, as in `0:[3..<7]`.
  public var description: String { "\(section):[\(rows.lowerBound)..<\(rows.upperBound)]" }
}

extension TreeChanges: CustomStringConvertible {
  /// A one-line summary of what was deleted, inserted, moved and reloaded.
  public var description: String {
    func sections(_ set: IndexSet) -> String {
      "[" + set.rangeView.map { "\($0.lowerBound)..<\($0.upperBound)" }.joined(separator: ", ") + "]"
    }
    var parts: [String] = []
    if !deletedSections.isEmpty { parts.append("deletedSections: \(sections(deletedSections))") }
    if !insertedSections.isEmpty { parts.append("insertedSections: \(sections(insertedSections))") }
    if !deletedRowRanges.isEmpty { parts.append("deletedRows: \(deletedRowRanges)") }
    if !insertedRowRanges.isEmpty { parts.append("insertedRows: \(insertedRowRanges)") }
    if !reloadedRowRanges.isEmpty { parts.append("reloadedRows: \(reloadedRowRanges)") }
    if !movedRowRanges.isEmpty { parts.append("movedRows: \(movedRowRanges)") }
    if !movedSections.isEmpty { parts.append("movedSections: \(movedSections)") }
    return "TreeChanges(" + (parts.isEmpty ? "none" : parts.joined(separator: ", ")) + ")"
  }
}

extension TreeChanges.RowRangeMove: CustomStringConvertible {
  /// The rows before and after, as in `0:[3..<7] -> 1:[0..<4]`.
  public var description: String { "\(from) -> \(to)" }
}

extension TreeChanges.SectionMove: CustomStringConvertible {
  /// The section before and after, as in `2 -> 0`.
  public var description: String { "\(from) -> \(to)" }
}
