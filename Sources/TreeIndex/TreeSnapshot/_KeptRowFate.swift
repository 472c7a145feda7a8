/// What a change set does with a row that shows both before and after it:
/// the one rule both snapshot comparisons (`_SnapshotDiff` and
/// `_DerivedSnapshotDiff`) follow, whatever way they find the row.
@usableFromInline
enum _KeptRowFate {
  /// Nothing: the row stays where the other changes put it.
  case unchanged
  /// The row is reloaded in place.
  case reloaded
  /// The row moves.
  case moved
  /// The row is deleted and inserted: it was marked for reload and moves,
  /// or sits in a moved section, and a table view cannot reload a row
  /// that moves.
  case deletedAndInserted

  /// The fate of a row.
  ///
  /// - Parameters:
  ///   - isReloaded: Whether its item is marked for reload.
  ///   - isMoving: Whether it moves (its item moved, or an ancestor did).
  ///   - isInMovedSection: Whether the section it was in moves.
  @inlinable
  init(isReloaded: Bool, isMoving: Bool, isInMovedSection: Bool) {
    if isReloaded && (isMoving || isInMovedSection) {
      self = .deletedAndInserted
    } else if isMoving {
      self = .moved
    } else {
      self = isReloaded ? .reloaded : .unchanged
    }
  }
}

extension _TreeChangesBuilder {
  /// Deletes the row at `row` of the old `section` and inserts the one at
  /// `newRow` of the new `newSection`: a ``_KeptRowFate/deletedAndInserted``
  /// row.
  @inlinable
  mutating func deleteAndInsertRow(_ row: Int, inSection section: Int, asRow newRow: Int, inSection newSection: Int) {
    deleteRows(row..<(row + 1), inSection: section)
    insertRows(newRow..<(newRow + 1), inSection: newSection)
  }
}
