import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// The sequential spelling of an update that the AppKit adapter hands to
/// `NSTableView` (which is not built here), replayed call by call on arrays.
@Suite("Sequential row updates")
struct SequentialRowUpdateTests {
  /// Applies the calls as `NSTableView` does, each in the coordinates the
  /// previous one left; inserted rows show `nil`.
  static func replay(_ update: _SequentialRowUpdate, on rows: [Int]) -> [Int?] {
    var result: [Int?] = rows
    for row in update.removed.reversed() { result.remove(at: row) }
    for move in update.moves { result.insert(result.remove(at: move.from), at: move.to) }
    for row in update.inserted { result.insert(nil, at: row) }
    return result
  }

  @Test(arguments: 1...300)
  func randomUpdatesReplayToTheNewRows(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let old = Array(0..<Int.random(in: 0...12, using: &rng))
    let deleted = old.filter { _ in Int.random(in: 0..<5, using: &rng) == 0 }
    let remaining = old.filter { !deleted.contains($0) }
    let moved = remaining.filter { _ in Int.random(in: 0..<3, using: &rng) == 0 }
    // The rows that stay keep their order; moved and new rows go anywhere.
    var new: [Int?] = remaining.filter { !moved.contains($0) }
    for row in moved.shuffled(using: &rng) { new.insert(row, at: Int.random(in: 0...new.count, using: &rng)) }
    for _ in 0..<Int.random(in: 0...3, using: &rng) { new.insert(nil, at: Int.random(in: 0...new.count, using: &rng)) }

    func range(_ row: Int) -> TreeChanges.RowRange { .init(section: 0, rows: row..<(row + 1)) }
    let changes = TreeChanges(
      deletedRowRanges: deleted.map { range(old.firstIndex(of: $0)!) },
      insertedRowRanges: new.indices.filter { new[$0] == nil }.map(range),
      movedRowRanges: moved.sorted().map { .init(from: range($0), to: range(new.firstIndex(of: $0)!)) })
    let update = _SequentialRowUpdate(changes, numberOfRowsAfter: new.count)
    let replayed = Self.replay(update, on: old)
    #expect(replayed == new, "seed \(seed): \(changes) as \(update)")
    for row in remaining where !moved.contains(row) {
      let place = _SequentialRowUpdate.newRow(ofStaying: row, in: changes)
      #expect(place == new.firstIndex(of: row), "seed \(seed): row \(row)")
    }
  }

  @Test func aMoveDownPastAnotherMove() {
    // Rows a b c d: a goes after d, d goes first: d b c a.
    let changes = TreeChanges(movedRowRanges: [
      .init(from: .init(section: 0, rows: 0..<1), to: .init(section: 0, rows: 3..<4)),
      .init(from: .init(section: 0, rows: 3..<4), to: .init(section: 0, rows: 0..<1)),
    ])
    let update = _SequentialRowUpdate(changes, numberOfRowsAfter: 4)
    let replayed = Self.replay(update, on: [0, 1, 2, 3])
    #expect(replayed == [3, 1, 2, 0])
  }
}
