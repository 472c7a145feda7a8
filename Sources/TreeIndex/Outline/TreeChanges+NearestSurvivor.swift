#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TreeChanges.RowMapping {
  /// The table path after the change of the nearest row at or before
  /// `oldIndexPath` that survives it (stays, or moves), searching back
  /// through earlier sections.
  ///
  /// - Parameters:
  ///   - oldIndexPath: A row `[section, row]` before the change.
  ///   - numberOfRowsInNewSection: The number of rows of a section after
  ///     the change.
  /// - Returns: The surviving row's table path after the change, or `nil`
  ///   when no row at or before `oldIndexPath` survives.
  /// - Complexity: O(log *k*) per section searched, for *k* ranges.
  package func _newIndexPath(
    forNearestSurvivorAtOrBefore oldIndexPath: IndexPath, numberOfRowsInNewSection: (Int) -> Int
  ) -> IndexPath? {
    guard oldIndexPath.count == 2 else { return nil }
    var section = oldIndexPath[0]
    var row = oldIndexPath[1]
    while section >= 0 {
      if newSection(forOldSection: section) != nil {
        while row >= 0 {
          if let new = newIndexPath(forOldIndexPath: IndexPath(indexes: [section, row])) { return new }
          // The row leaves: skip the whole run of leaving rows it is in.
          let ranges = _leavingRows[section] ?? []
          let count = Self._rangesStarting(atOrBefore: row, in: ranges)
          guard count > 0, ranges[count - 1].contains(row) else { return nil }
          row = ranges[count - 1].lowerBound - 1
        }
      }
      section -= 1
      guard section >= 0 else { break }
      row = _oldNumberOfRows(inSection: section, numberOfRowsInNewSection: numberOfRowsInNewSection) - 1
    }
    return nil
  }

  /// The number of rows of the old section `oldSection`, from its number
  /// after the change and the rows that leave and arrive; 0 when it is
  /// deleted.
  ///
  /// - Complexity: O(1).
  func _oldNumberOfRows(inSection oldSection: Int, numberOfRowsInNewSection: (Int) -> Int) -> Int {
    guard let newSection = newSection(forOldSection: oldSection) else { return 0 }
    let arriving = _arrivingSums[newSection]?.last ?? 0
    let leaving = _leavingSums[oldSection]?.last ?? 0
    return numberOfRowsInNewSection(newSection) - arriving + leaving
  }
}
