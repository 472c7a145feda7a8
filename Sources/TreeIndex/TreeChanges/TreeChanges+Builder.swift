import Foundation

/// Collects the pieces of a change set in any order and hands out a
/// ``TreeChanges`` that obeys its rules: ranges non-empty, ascending, merged.
@usableFromInline
struct _TreeChangesBuilder {
  @usableFromInline
  var deletedSections: [Range<Int>] = []
  @usableFromInline
  var insertedSections: [Range<Int>] = []
  @usableFromInline
  var deletedRowRanges: [TreeChanges.RowRange] = []
  @usableFromInline
  var insertedRowRanges: [TreeChanges.RowRange] = []
  @usableFromInline
  var movedRowRanges: [TreeChanges.RowRangeMove] = []
  @usableFromInline
  var movedSections: [TreeChanges.SectionMove] = []

  /// An empty change set.
  @inlinable
  init() {}

  /// Records that the rows `from` (old coordinates) are the rows `to` (new
  /// coordinates); both runs have the same length.
  @usableFromInline
  mutating func moveRows(from: TreeChanges.RowRange, to: TreeChanges.RowRange) {
    assert(from.rows.count == to.rows.count, "a move keeps its number of rows")
    if !from.rows.isEmpty { movedRowRanges.append(.init(from: from, to: to)) }
  }

  @usableFromInline
  mutating func moveSection(from: Int, to: Int) { movedSections.append(.init(from: from, to: to)) }

  @usableFromInline
  mutating func deleteRows(_ rows: Range<Int>, inSection section: Int) {
    if !rows.isEmpty { Self.add(.init(section: section, rows: rows), to: &deletedRowRanges) }
  }

  @usableFromInline
  mutating func insertRows(_ rows: Range<Int>, inSection section: Int) {
    if !rows.isEmpty { Self.add(.init(section: section, rows: rows), to: &insertedRowRanges) }
  }

  /// Appends `range` to `ranges`; the first range of a change set (most
  /// change sets have one) makes an array of exactly one, without the
  /// growth path of an append to an empty array.
  @inlinable @inline(__always)
  static func add(_ range: TreeChanges.RowRange, to ranges: inout [TreeChanges.RowRange]) {
    if ranges.isEmpty {
      ranges = [range]
    } else {
      ranges.append(range)
    }
  }

  @usableFromInline
  mutating func deleteSection(_ section: Int) { deletedSections.append(section..<(section + 1)) }

  @usableFromInline
  mutating func insertSection(_ section: Int) { insertedSections.append(section..<(section + 1)) }

  @usableFromInline
  mutating func deleteSections(_ sections: Range<Int>) { deletedSections.append(sections) }

  @usableFromInline
  mutating func insertSections(_ sections: Range<Int>) { insertedSections.append(sections) }

  @usableFromInline
  func build() -> TreeChanges {
    // Most change sets have one or two parts: the others are passed on
    // as they are (a row range is never empty), without a call.
    TreeChanges(
      deletedSectionRanges: deletedSections.isEmpty ? [] : _IndexChanges.normalized(deletedSections),
      insertedSectionRanges: insertedSections.isEmpty ? [] : _IndexChanges.normalized(insertedSections),
      deletedRowRanges: deletedRowRanges.count < 2 ? deletedRowRanges : Self.normalized(deletedRowRanges),
      insertedRowRanges: insertedRowRanges.count < 2 ? insertedRowRanges : Self.normalized(insertedRowRanges),
      movedRowRanges: movedRowRanges.count < 2 ? movedRowRanges : Self.normalized(movedRowRanges),
      movedSections: movedSections.count > 1 ? movedSections.sorted { $0.from < $1.from } : movedSections)
  }

  /// Sorts moves by source and merges runs that continue each other on both
  /// sides.
  ///
  /// - Complexity: O(*k* log *k*) for *k* moves.
  @usableFromInline
  static func normalized(_ moves: [TreeChanges.RowRangeMove]) -> [TreeChanges.RowRangeMove] {
    guard moves.count > 1 else { return moves }
    let sorted = moves.sorted {
      ($0.from.section, $0.from.rows.lowerBound) < ($1.from.section, $1.from.rows.lowerBound)
    }
    var result: [TreeChanges.RowRangeMove] = []
    result.reserveCapacity(sorted.count)
    for move in sorted {
      if let last = result.last, last.from.section == move.from.section, last.to.section == move.to.section,
        last.from.rows.upperBound == move.from.rows.lowerBound, last.to.rows.upperBound == move.to.rows.lowerBound
      {
        result[result.count - 1].from.rows = last.from.rows.lowerBound..<move.from.rows.upperBound
        result[result.count - 1].to.rows = last.to.rows.lowerBound..<move.to.rows.upperBound
      } else {
        result.append(move)
      }
    }
    return result
  }

  /// Sorts by section then row and merges ranges that touch or overlap.
  ///
  /// - Complexity: O(*k* log *k*) for *k* ranges; O(*k*) when already sorted.
  @usableFromInline
  static func normalized(_ ranges: [TreeChanges.RowRange]) -> [TreeChanges.RowRange] {
    guard ranges.count > 1 else { return ranges }
    var sorted = ranges
    if !zip(sorted, sorted.dropFirst()).allSatisfy({ Self.precedes($0, $1) }) {
      sorted.sort(by: Self.precedes)
    }
    var result: [TreeChanges.RowRange] = []
    result.reserveCapacity(sorted.count)
    for range in sorted {
      if let last = result.last, last.section == range.section,
        range.rows.lowerBound <= last.rows.upperBound
      {
        let upper = Swift.max(last.rows.upperBound, range.rows.upperBound)
        result[result.count - 1].rows = last.rows.lowerBound..<upper
      } else {
        result.append(range)
      }
    }
    return result
  }

  @usableFromInline
  static func precedes(_ a: TreeChanges.RowRange, _ b: TreeChanges.RowRange) -> Bool {
    (a.section, a.rows.lowerBound, a.rows.upperBound) <= (b.section, b.rows.lowerBound, b.rows.upperBound)
  }
}
