import Foundation  // IndexSet lives in Foundation, not FoundationEssentials.

/// The rows and sections that one change to a ``TreeIndex`` deleted and
/// inserted, in the form a table view's batch update takes.
///
/// Deletions are in the coordinates before the change and insertions in the
/// coordinates after it, as `UITableView.performBatchUpdates(_:)` expects.
/// Rows inside a deleted or an inserted section are not listed, and a row
/// whose item persists and did not move is in neither list. Reloaded rows
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

  /// The sections deleted, in the coordinates before the change.
  public var deletedSections: IndexSet
  /// The sections inserted, in the coordinates after the change.
  public var insertedSections: IndexSet
  /// The rows deleted, in the coordinates before the change: ascending by
  /// section then row, with adjacent ranges merged.
  public var deletedRowRanges: [RowRange]
  /// The rows inserted, in the coordinates after the change: ascending by
  /// section then row, with adjacent ranges merged.
  public var insertedRowRanges: [RowRange]
  /// The rows to redraw in place, in the coordinates before the change:
  /// ascending by section then row, with adjacent ranges merged. Never a row
  /// that is also deleted, nor a row of a deleted section.
  public var reloadedRowRanges: [RowRange]

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
  /// - Complexity: O(1).
  public init(
    deletedSections: IndexSet = IndexSet(),
    insertedSections: IndexSet = IndexSet(),
    deletedRowRanges: [RowRange] = [],
    insertedRowRanges: [RowRange] = [],
    reloadedRowRanges: [RowRange] = []
  ) {
    self.deletedSections = deletedSections
    self.insertedSections = insertedSections
    self.deletedRowRanges = deletedRowRanges
    self.insertedRowRanges = insertedRowRanges
    self.reloadedRowRanges = reloadedRowRanges
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

  /// The number of rows deleted, without spelling them out.
  ///
  /// - Complexity: O(*k*), where *k* is the number of ranges.
  public var numberOfDeletedRows: Int { deletedRowRanges.reduce(0) { $0 + $1.rows.count } }

  /// The number of rows inserted, without spelling them out.
  ///
  /// - Complexity: O(*k*), where *k* is the number of ranges.
  public var numberOfInsertedRows: Int { insertedRowRanges.reduce(0) { $0 + $1.rows.count } }

  /// A Boolean value that tells whether the change deleted, inserted and
  /// reloaded nothing, so a table view needs no update.
  ///
  /// - Complexity: O(1).
  public var isEmpty: Bool {
    deletedSections.isEmpty && insertedSections.isEmpty
      && deletedRowRanges.isEmpty && insertedRowRanges.isEmpty && reloadedRowRanges.isEmpty
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
  /// A one-line summary of what was deleted, inserted and reloaded.
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
    return "TreeChanges(" + (parts.isEmpty ? "none" : parts.joined(separator: ", ")) + ")"
  }
}
