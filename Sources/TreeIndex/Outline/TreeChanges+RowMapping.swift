#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TreeChanges {
  /// Where each row and section of a table goes through a change set, and
  /// where each one after it came from, as `UITableView` applies the
  /// change: a row that is neither deleted nor moved keeps its order among
  /// the rows that stay, in the places the inserted and moved-in rows leave.
  ///
  /// Build it once per change set (O(*k* log *k*) for *k* ranges); each
  /// question then costs O(log *k*). Use it to carry a selection, a
  /// scroll anchor or a drop's gap through an update.
  ///
  ///     var index = TreeIndex(numberOfRootItems: 3)
  ///     let changes = try index.insertItems(at: [[0]])
  ///     let mapping = changes.rowMapping
  ///     mapping.newIndexPath(forOldIndexPath: [0, 2])   // [0, 3]
  ///     mapping.oldIndexPath(forNewIndexPath: [0, 0])   // nil: inserted
  ///
  /// The answer for a row or section that did not exist (before, or after)
  /// is unspecified.
  public struct RowMapping: Sendable {
    /// The old sections that leave (deleted or moved away) and the new ones
    /// that arrive (inserted or moved in).
    var _sections: _Gaps
    /// Old section to new section, and back, for the moved sections.
    var _sectionMovedTo: [Int: Int]
    var _sectionMovedFrom: [Int: Int]
    /// Per old section, the rows that leave (deleted or moved away); per new
    /// section, the rows that arrive (inserted or moved in).
    var _leavingRows: [Int: [Range<Int>]]
    var _arrivingRows: [Int: [Range<Int>]]
    /// Per section and side, the prefix sums of the ranges' lengths.
    var _leavingSums: [Int: [Int]]
    var _arrivingSums: [Int: [Int]]
    /// The row moves, ascending by their old rows, and by their new rows.
    var _movesByOld: [RowRangeMove]
    var _movesByNew: [RowRangeMove]

    /// Creates the mapping of a change set.
    ///
    /// - Parameter changes: The change set.
    /// - Complexity: O(*k* log *k*) for *k* ranges of rows and sections.
    public init(_ changes: TreeChanges) {
      var leavingSections = changes._deletedSectionRanges
      var arrivingSections = changes._insertedSectionRanges
      _sectionMovedTo = [:]
      _sectionMovedFrom = [:]
      for move in changes.movedSections {
        _sectionMovedTo[move.from] = move.to
        _sectionMovedFrom[move.to] = move.from
        leavingSections.append(move.from..<(move.from + 1))
        arrivingSections.append(move.to..<(move.to + 1))
      }
      _sections = _Gaps(leaving: Self._merged(leavingSections), arriving: Self._merged(arrivingSections))
      var leaving: [Int: [Range<Int>]] = [:]
      var arriving: [Int: [Range<Int>]] = [:]
      for range in changes.deletedRowRanges { leaving[range.section, default: []].append(range.rows) }
      for range in changes.insertedRowRanges { arriving[range.section, default: []].append(range.rows) }
      for move in changes.movedRowRanges {
        leaving[move.from.section, default: []].append(move.from.rows)
        arriving[move.to.section, default: []].append(move.to.rows)
      }
      _leavingRows = leaving.mapValues(Self._merged)
      _arrivingRows = arriving.mapValues(Self._merged)
      _leavingSums = _leavingRows.mapValues(Self._sums)
      _arrivingSums = _arrivingRows.mapValues(Self._sums)
      _movesByOld = changes.movedRowRanges.sorted {
        ($0.from.section, $0.from.rows.lowerBound) < ($1.from.section, $1.from.rows.lowerBound)
      }
      _movesByNew = changes.movedRowRanges.sorted {
        ($0.to.section, $0.to.rows.lowerBound) < ($1.to.section, $1.to.rows.lowerBound)
      }
    }

    /// The section after the change of the section `oldSection` before it.
    ///
    /// - Parameter oldSection: A section before the change.
    /// - Returns: Its section after the change, or `nil` when it is deleted.
    /// - Complexity: O(log *k*).
    public func newSection(forOldSection oldSection: Int) -> Int? {
      if let moved = _sectionMovedTo[oldSection] { return moved }
      guard let rank = Self._rank(of: oldSection, skipping: _sections.leaving, sums: _sections.leavingSums) else {
        return nil
      }
      return Self._select(rank, skipping: _sections.arriving, sums: _sections.arrivingSums)
    }

    /// The section before the change of the section `newSection` after it.
    ///
    /// - Parameter newSection: A section after the change.
    /// - Returns: Its section before the change, or `nil` when it is
    ///   inserted.
    /// - Complexity: O(log *k*).
    public func oldSection(forNewSection newSection: Int) -> Int? {
      if let moved = _sectionMovedFrom[newSection] { return moved }
      guard let rank = Self._rank(of: newSection, skipping: _sections.arriving, sums: _sections.arrivingSums) else {
        return nil
      }
      return Self._select(rank, skipping: _sections.leaving, sums: _sections.leavingSums)
    }

    /// The table path after the change of the row at `oldIndexPath` before
    /// it.
    ///
    /// - Parameter oldIndexPath: A row `[section, row]` before the change.
    /// - Returns: The row after the change (for a moved row, where it moved
    ///   to), or `nil` when the row or its section is deleted, or
    ///   `oldIndexPath` does not have two indices.
    /// - Complexity: O(log *k*).
    public func newIndexPath(forOldIndexPath oldIndexPath: IndexPath) -> IndexPath? {
      guard oldIndexPath.count == 2 else { return nil }
      let (section, row) = (oldIndexPath[0], oldIndexPath[1])
      if let move = Self._move(containing: (section, row), in: _movesByOld, side: \.from) {
        return IndexPath(indexes: [move.to.section, move.to.rows.lowerBound + row - move.from.rows.lowerBound])
      }
      guard let newSection = newSection(forOldSection: section),
        let rank = Self._rank(of: row, skipping: _leavingRows[section] ?? [], sums: _leavingSums[section] ?? [0])
      else { return nil }
      let newRow = Self._select(rank, skipping: _arrivingRows[newSection] ?? [], sums: _arrivingSums[newSection] ?? [0])
      return IndexPath(indexes: [newSection, newRow])
    }

    /// The table path before the change of the row at `newIndexPath` after
    /// it.
    ///
    /// - Parameter newIndexPath: A row `[section, row]` after the change.
    /// - Returns: The row before the change (for a moved row, where it moved
    ///   from), or `nil` when the row or its section is inserted, or
    ///   `newIndexPath` does not have two indices.
    /// - Complexity: O(log *k*).
    public func oldIndexPath(forNewIndexPath newIndexPath: IndexPath) -> IndexPath? {
      guard newIndexPath.count == 2 else { return nil }
      let (section, row) = (newIndexPath[0], newIndexPath[1])
      if let move = Self._move(containing: (section, row), in: _movesByNew, side: \.to) {
        return IndexPath(indexes: [move.from.section, move.from.rows.lowerBound + row - move.to.rows.lowerBound])
      }
      guard let oldSection = oldSection(forNewSection: section),
        let rank = Self._rank(of: row, skipping: _arrivingRows[section] ?? [], sums: _arrivingSums[section] ?? [0])
      else { return nil }
      let oldRow = Self._select(rank, skipping: _leavingRows[oldSection] ?? [], sums: _leavingSums[oldSection] ?? [0])
      return IndexPath(indexes: [oldSection, oldRow])
    }

    /// Positions that leave on one side and arrive on the other, as sorted,
    /// merged ranges with the prefix sums of their lengths.
    struct _Gaps: Sendable {
      var leaving: [Range<Int>]
      var arriving: [Range<Int>]
      var leavingSums: [Int]
      var arrivingSums: [Int]

      init(leaving: [Range<Int>], arriving: [Range<Int>]) {
        self.leaving = leaving
        self.arriving = arriving
        self.leavingSums = RowMapping._sums(leaving)
        self.arrivingSums = RowMapping._sums(arriving)
      }
    }

    /// `ranges` sorted and merged where they touch or overlap.
    ///
    /// - Complexity: O(*k* log *k*).
    static func _merged(_ ranges: [Range<Int>]) -> [Range<Int>] {
      var result: [Range<Int>] = []
      for range in ranges.sorted(by: { $0.lowerBound < $1.lowerBound }) where !range.isEmpty {
        if let last = result.last, range.lowerBound <= last.upperBound {
          result[result.count - 1] = last.lowerBound..<Swift.max(last.upperBound, range.upperBound)
        } else {
          result.append(range)
        }
      }
      return result
    }

    /// The prefix sums of the ranges' lengths: `sums[i]` positions lie in the
    /// first `i` ranges.
    ///
    /// - Complexity: O(*k*).
    static func _sums(_ ranges: [Range<Int>]) -> [Int] {
      var sums = [0]
      sums.reserveCapacity(ranges.count + 1)
      for range in ranges { sums.append(sums[sums.count - 1] + range.count) }
      return sums
    }

    /// The number of ranges that start at or before `position`.
    ///
    /// - Complexity: O(log *k*).
    static func _rangesStarting(atOrBefore position: Int, in ranges: [Range<Int>]) -> Int {
      var low = 0
      var high = ranges.count
      while low < high {
        let middle = (low + high) / 2
        if ranges[middle].lowerBound <= position { low = middle + 1 } else { high = middle }
      }
      return low
    }

    /// The rank of `position` among the positions in no range, or `nil`
    /// when it lies in one.
    ///
    /// - Complexity: O(log *k*).
    static func _rank(of position: Int, skipping ranges: [Range<Int>], sums: [Int]) -> Int? {
      let count = _rangesStarting(atOrBefore: position, in: ranges)
      if count > 0 && ranges[count - 1].contains(position) { return nil }
      return position - sums[count]
    }

    /// The position of rank `rank` among the positions in no range.
    ///
    /// - Complexity: O(log *k*).
    static func _select(_ rank: Int, skipping ranges: [Range<Int>], sums: [Int]) -> Int {
      // The ranges before the answer are those whose start, less the
      // positions skipped before it, is at most `rank`.
      var low = 0
      var high = ranges.count
      while low < high {
        let middle = (low + high) / 2
        if ranges[middle].lowerBound - sums[middle] <= rank { low = middle + 1 } else { high = middle }
      }
      return rank + sums[low]
    }

    /// The move whose rows on `side` hold `place`, if any.
    ///
    /// - Complexity: O(log *k*).
    static func _move(
      containing place: (section: Int, row: Int), in moves: [RowRangeMove], side: KeyPath<RowRangeMove, RowRange>
    ) -> RowRangeMove? {
      var low = 0
      var high = moves.count
      while low < high {
        let middle = (low + high) / 2
        let range = moves[middle][keyPath: side]
        if (range.section, range.rows.lowerBound) <= place { low = middle + 1 } else { high = middle }
      }
      guard low > 0 else { return nil }
      let range = moves[low - 1][keyPath: side]
      return range.section == place.section && range.rows.contains(place.row) ? moves[low - 1] : nil
    }
  }

  /// The mapping of rows and sections through this change set.
  ///
  /// - Complexity: O(*k* log *k*) for *k* ranges of rows and sections.
  public var rowMapping: RowMapping { RowMapping(self) }
}
