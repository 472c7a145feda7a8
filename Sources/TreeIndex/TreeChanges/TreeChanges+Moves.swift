import Foundation

/// Moves for hosts that cannot animate them.
extension TreeChanges {
  /// The same update with every move spelled as a deletion where the rows
  /// or section were and an insertion where they are, for hosts that cannot
  /// animate moves (a terminal list, a host that only takes deletions and
  /// insertions).
  ///
  /// A moved section becomes a deleted and an inserted section, and the
  /// rows listed in it are then left out, as for any deleted or inserted
  /// section. Replaying the result gives the same rows as replaying `self`;
  /// only the items' identities across the update are lost.
  ///
  /// - Returns: A change set with no moves.
  /// - Complexity: O(*k* log *k* + *s*) for *k* ranges and *s* sections.
  public func replacingMovesWithDeletionsAndInsertions() -> TreeChanges {
    guard !movedRowRanges.isEmpty || !movedSections.isEmpty else { return self }
    var deletedSections = self.deletedSections
    var insertedSections = self.insertedSections
    for move in movedSections {
      deletedSections.insert(move.from)
      insertedSections.insert(move.to)
    }
    var deleted = deletedRowRanges + movedRowRanges.map(\.from)
    var inserted = insertedRowRanges + movedRowRanges.map(\.to)
    deleted.removeAll { deletedSections.contains($0.section) }
    inserted.removeAll { insertedSections.contains($0.section) }
    return TreeChanges(
      deletedSections: deletedSections,
      insertedSections: insertedSections,
      deletedRowRanges: _TreeChangesBuilder.normalized(deleted),
      insertedRowRanges: _TreeChangesBuilder.normalized(inserted),
      reloadedRowRanges: reloadedRowRanges.filter { !deletedSections.contains($0.section) })
  }
}
