import Foundation
import Testing
import TreeDataSource

/// `changes(from:layout: .sectioned)` must not reload a row inside a moved
/// section (UIKit rejects it); a reloaded row there is a deletion plus an
/// insertion, as for a moved row.
@Suite("DiffableTreeList: reloads in moved sections")
struct DiffableSectionedReloadTests {
  @Test func reloadInsideAMovedSection() throws {
    let list = DiffableTreeList<String>(layout: .sectioned)
    let host = ListHostSimulator(list: list)
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["a", "b", "c"])
    try snapshot.append(["a1"], to: "a")
    snapshot.expand(["a"])
    list.apply(snapshot)
    var next = list.snapshot
    try next.move("a", after: "c")
    next.reloadItems(["a1"])
    let changes = list.apply(next)
    #expect(host.violations.isEmpty, "\(changes)")
    #expect(changes.reloadedRowRanges.isEmpty)
    #expect(changes.deletedRowRanges == [.init(section: 0, rows: 0..<1)])
    #expect(changes.insertedRowRanges == [.init(section: 2, rows: 0..<1)])
    #expect(host.rows == [[], [], ["a1"]])
  }
}
