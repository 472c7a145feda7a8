import Foundation

/// A one-section update spelled as calls that each read the coordinates the
/// previous one left, as `NSTableView` applies them between `beginUpdates()`
/// and `endUpdates()`: remove rows, move rows one at a time, insert rows.
/// Not public API; the AppKit adapter uses it, the tests check it on every
/// platform.
package struct _SequentialRowUpdate: Equatable, Sendable {
  /// The rows removed first, in old coordinates.
  package var removed: IndexSet
  /// Then each move, one row, in the coordinates the previous call left
  /// (remove at `from`, then insert at `to`).
  package var moves: [Move]
  /// Last the rows inserted, in new coordinates.
  package var inserted: IndexSet

  /// One row moved by one call.
  package struct Move: Equatable, Sendable {
    package var from: Int
    package var to: Int
  }

  /// Spells the rows of section 0 of `changes` as sequential calls: every
  /// moved row first goes to the end (last source first), then each goes to
  /// its place (first place first), so that no call disturbs a row already
  /// placed.
  ///
  /// - Parameters:
  ///   - changes: A one-section update.
  ///   - numberOfRowsAfter: The number of rows once the update is applied.
  /// - Complexity: O(*k* + *m*²) for *k* ranges and *m* moved rows.
  package init(_ changes: TreeChanges, numberOfRowsAfter: Int) {
    func rows(_ ranges: [TreeChanges.RowRange]) -> IndexSet {
      var set = IndexSet()
      for range in ranges { set.insert(integersIn: range.rows) }
      return set
    }
    removed = rows(changes.deletedRowRanges)
    inserted = rows(changes.insertedRowRanges)
    moves = []
    let movedRows = changes.movedRows.map { (from: $0.from[1], to: $0.to[1]) }
    guard !movedRows.isEmpty else { return }
    // Between the removals and the insertions the table holds the rows that
    // stay and the moved ones.
    let count = numberOfRowsAfter - inserted.count
    let sources = movedRows.map { $0.from - removed.count(in: 0..<$0.from) }
    let places = movedRows.map { $0.to - inserted.count(in: 0..<$0.to) }
    var tail: [Int] = []  // the moved rows waiting at the end, in order
    for k in movedRows.indices.sorted(by: { sources[$0] > sources[$1] }) {
      moves.append(Move(from: sources[k], to: count - 1))
      tail.append(k)
    }
    for k in movedRows.indices.sorted(by: { places[$0] < places[$1] }) {
      let waiting = tail.firstIndex(of: k)!
      moves.append(Move(from: count - tail.count + waiting, to: places[k]))
      tail.remove(at: waiting)
    }
  }

  /// Where a reloaded row (old coordinates, neither deleted nor moved)
  /// stands once `changes` is applied: among the rows that stay, in order.
  ///
  /// - Complexity: O(*r*) for the rows removed, inserted and moved.
  package static func newRow(ofStaying old: Int, in changes: TreeChanges) -> Int {
    var leaving = IndexSet()
    var arriving = IndexSet()
    for range in changes.deletedRowRanges { leaving.insert(integersIn: range.rows) }
    for range in changes.insertedRowRanges { arriving.insert(integersIn: range.rows) }
    for move in changes.movedRowRanges {
      leaving.insert(integersIn: move.from.rows)
      arriving.insert(integersIn: move.to.rows)
    }
    var new = old - leaving.count(in: 0..<old)
    for row in arriving where row <= new { new += 1 }
    return new
  }
}
