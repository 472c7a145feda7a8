import Foundation
import Testing
import TreeDataSource

/// ``ListHostSimulator`` with moves: it replays them as `UITableView` does
/// and rejects the ones `UITableView` would.
@Suite("Simulator: moves")
struct SimulatorMoveTests {
  /// A simulator over rows held in an array, which the test changes before
  /// each update.
  final class Rows {
    var sections: [[String]]
    init(_ sections: [[String]]) { self.sections = sections }
  }

  static func host(_ rows: Rows) -> ListHostSimulator {
    let host = ListHostSimulator(
      numberOfSections: { rows.sections.count }, numberOfRows: { rows.sections[$0].count },
      rowContent: { AnyHashable(rows.sections[$0[0]][$0[1]]) })
    host.reloadData()
    host.removeRecordedCalls()
    return host
  }

  static func rows(_ section: Int, _ rows: Range<Int>) -> TreeChanges.RowRange {
    .init(section: section, rows: rows)
  }

  static func move(_ from: Int, _ fromRows: Range<Int>, _ to: Int, _ toRows: Range<Int>) -> TreeChanges.RowRangeMove {
    .init(from: rows(from, fromRows), to: rows(to, toRows))
  }

  @Test func movedRowsKeepWhatTheyShowed() {
    let rows = Rows([["a", "b", "c", "d"], ["e"]])
    let host = Self.host(rows)
    // c goes first in section 0, d to section 1 after e; b is deleted, x inserted.
    rows.sections = [["c", "x", "a"], ["e", "d"]]
    host.apply(
      TreeChanges(
        deletedRowRanges: [Self.rows(0, 1..<2)], insertedRowRanges: [Self.rows(0, 1..<2)],
        movedRowRanges: [
          .init(from: Self.rows(0, 2..<3), to: Self.rows(0, 0..<1)),
          .init(from: Self.rows(0, 3..<4), to: Self.rows(1, 1..<2)),
        ]))
    #expect(host.violations.isEmpty)
    #expect(host.rows == [["c", "x", "a"], ["e", "d"]])
    // Had the simulator read the moved rows again, a stale row would not show.
    rows.sections = [["e", "d"], ["c", "x", "a"]]
    host.apply(TreeChanges(movedSections: [.init(from: 1, to: 0)]))
    #expect(host.violations.isEmpty)
    #expect(host.rows == [["e", "d"], ["c", "x", "a"]])
  }

  @Test func aMoveIsReplayedNotReadAgain() {
    let rows = Rows([["a", "b"]])
    let host = Self.host(rows)
    // The list claims a and b swapped but the update moves nothing: the
    // counts agree, so only the rows' contents tell.
    rows.sections = [["b", "a"]]
    host.apply(TreeChanges(movedRowRanges: [.init(from: Self.rows(0, 0..<1), to: Self.rows(0, 0..<1))]))
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows() == [IndexPath(indexes: [0, 0]), IndexPath(indexes: [0, 1])])
  }

  @Test func movesUITableViewRejectsAreViolations() {
    let rows = Rows([["a", "b"], ["c"]])
    let host = Self.host(rows)
    let bad: [TreeChanges] = [
      // A row moved and deleted.
      TreeChanges(deletedRowRanges: [Self.rows(0, 0..<1)], movedRowRanges: [Self.move(0, 0..<1, 0, 0..<1)]),
      // From a deleted section, or into an inserted one.
      TreeChanges(
        deletedSections: [1], insertedSections: [1],
        movedRowRanges: [.init(from: Self.rows(1, 0..<1), to: Self.rows(0, 0..<1))]),
      TreeChanges(
        deletedSections: [1], insertedSections: [1],
        movedRowRanges: [.init(from: Self.rows(0, 0..<1), to: Self.rows(1, 0..<1))]),
      // A different number of rows; a row out of range.
      TreeChanges(movedRowRanges: [.init(from: Self.rows(0, 0..<2), to: Self.rows(1, 0..<1))]),
      TreeChanges(movedRowRanges: [.init(from: Self.rows(0, 1..<3), to: Self.rows(0, 0..<2))]),
      // Two moves into one row; a section moved and deleted; reloaded and moved.
      TreeChanges(movedRowRanges: [Self.move(0, 0..<1, 0, 1..<2), Self.move(0, 1..<2, 0, 1..<2)]),
      TreeChanges(deletedSections: [1], insertedSections: [1], movedSections: [.init(from: 1, to: 0)]),
      TreeChanges(
        reloadedRowRanges: [Self.rows(0, 0..<1)],
        movedRowRanges: [Self.move(0, 0..<1, 0, 1..<2), Self.move(0, 1..<2, 0, 0..<1)]),
      // Rows moved out of a section without the counts to match.
      TreeChanges(movedRowRanges: [.init(from: Self.rows(0, 0..<1), to: Self.rows(1, 0..<1))]),
    ]
    for changes in bad {
      host.removeRecordedCalls()
      host.apply(changes)
      #expect(host.violations.count == 1, "\(changes) should be a violation")
    }
  }
}
