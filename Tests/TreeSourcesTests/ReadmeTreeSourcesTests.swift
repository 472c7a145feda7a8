// swift-format-ignore-file
// These tests hold the README's examples line for line, spacing and
// aligned comments included (see DocumentationExamples), so the formatter
// leaves them as written.

import Foundation
import Testing
import TreeDataSource

@Suite("README: composable tree sources (seed 003)")
struct ReadmeTreeSourcesTests {
  /// Static rows joined with a dynamic list, a move from one to the other,
  /// and a filter whose predicate changes.
  @Test func joinMoveAndFilter() throws {
    let header = ArrayTreeSource(["Row 1", "Row 2"], name: "header")
    let friends = ArrayTreeSource(["Ann", "Bob"], name: "friends")
    let data = JoinedTreeSource([header.eraseToAnyTreeSource(), friends.eraseToAnyTreeSource()])
    let list = TreeList(source: data)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try friends.append("Cy")                     // host: apply(insertedRows: 0:[4..<5])
    #expect(host.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 4..<5)])))
    try data.move(from: [4], to: [0])            // Cy moves from friends to header: one move
    #expect(host.calls.last == .apply(TreeChanges(movedRowRanges: [.init(from: .init(section: 0, rows: 4..<5), to: .init(section: 0, rows: 0..<1))])))
    #expect(header.elements == ["Cy", "Row 1", "Row 2"])
    #expect(host.rows == [["Cy", "Row 1", "Row 2", "Ann", "Bob"]])

    let filtered = FilteredTreeSource(data) { $0.hasPrefix("R") ? .visible : .hidden }
    let matches = TreeList(source: filtered)
    let matchesHost = ListHostSimulator(list: matches)
    matches.reloadData()                         // rows: Row 1, Row 2
    #expect(matchesHost.rows == [["Row 1", "Row 2"]])
    filtered.setPredicate { $0.count == 3 ? .visible : .hidden }
    #expect(matchesHost.calls.count == 2)
    #expect(matchesHost.violations.isEmpty)
    #expect(matchesHost.rows == [["Ann", "Bob"]])
    #expect(host.violations.isEmpty)
  }
}
