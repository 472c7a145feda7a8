import ExampleTerminal
import Testing
import TreeDataSource

@testable import outline

/// `m` in the outline: the drop marker moved from gap to gap and level to
/// level, and the item dropped where it showed, in one host update.
@Suite struct OutlineMoveTests {
  /// The names of the visible rows, with their levels, top to bottom.
  private static func visible(_ list: TreeList<StaticTree>) -> [(name: String, level: Int)] {
    (0..<list.numberOfRows).map { row in
      let path = list.treePath(forRow: row)!
      return (list.dataSource.item(at: path).text, path.depth - 1)
    }
  }

  @Test func theMarkerShowsTheLevelAndTheDropLandsThere() throws {
    // Kenya, moved up between Brazil and Canada, beneath Earth.
    let lines = try OutlineCommand.printedRows(for: ["--keys", "end up up m" + String(repeating: " up", count: 10)])
    #expect(lines.contains("  ├ ▸ Brazil"))
    #expect(lines.contains("    ┈┈ Kenya"))
    #expect(lines.last?.hasPrefix("   move 2.9 into 2 at 2, level 1") == true)
    let dropped = try OutlineCommand.printedRows(
      for: ["--keys", "end up up m" + String(repeating: " up", count: 10) + " enter"])
    #expect(dropped.contains("  host: TreeChanges(movedRows: [0:[15..<16] -> 0:[5..<6]])"))
    let rows = dropped.drop { !$0.contains("Planets (sample data)") }.dropFirst()
    #expect(
      Array(rows.prefix(6)) == [
        "    Mercury  no countries", "    Venus  no countries", "  ▾ Earth", "  ├ ▸ Australia", "  ├ ▸ Brazil",
        ">*├ ▸ Kenya",
      ])
  }

  @Test func aDropInsideTheMovedItemIsRefusedAndChangesNothing() throws {
    let lines = try OutlineCommand.printedRows(for: ["--keys", "down down m down down enter"])
    #expect(lines.contains("  cannot drop an item inside itself"))
    #expect(!lines.contains { $0.hasPrefix("  host:") })
  }

  @Test func escCancelsAndAnOutlineThatCannotMoveSaysSo() throws {
    let cancelled = try OutlineCommand.printedRows(for: ["--keys", "m down down esc"])
    #expect(!cancelled.contains { $0.hasPrefix("  host:") })
    #expect(cancelled.contains(">   Mercury  no countries"))
  }

  /// Random trees and random moves: after Enter, the item is at the level
  /// the marker showed, right where the gap was among the other rows,
  /// which keep their order; a gap inside the item's own rows is refused.
  /// The host gets one valid update per drop.
  @Test(arguments: 0..<120)
  func randomMovesLandWhereTheMarkerShowed(seed: UInt64) throws {
    var random = SeededNumbers(seed: seed)
    let tree = RandomOutline.make(depth: 3, using: &random)
    let list = TreeList(dataSource: tree)
    list.reloadData()
    let host = ListHostSimulator(list: list)
    list.host = host
    host.reloadData()
    var b = Browser(list: list, height: 12)
    for attempt in 0..<6 {
      guard list.numberOfRows > 0 else { return }
      let context = Comment(rawValue: "seed \(seed), attempt \(attempt)")
      b.moveCursor(to: Int.random(in: 0..<list.numberOfRows, using: &random))
      let source = try #require(b.cursorPath)
      let sourceRow = b.cursor
      let before = Self.visible(list)
      let sourceRows = try #require(list.rows(inSubtreeAt: source))
      b.handle(.character("m"))
      for _ in 0..<Int.random(in: 0...8, using: &random) {
        b.handle([Key.up, .down, .left, .right].randomElement(using: &random)!)
      }
      guard case .moving(let move) = b.mode else {
        Issue.record("not moving: \(context)")
        return
      }
      let target = try #require(b.dropTarget(for: move), context)
      // The model: the parent is the nearest row before the gap one level
      // up; a parent inside the moved rows refuses the drop.
      let parentRow = (0..<move.gap).last { before[$0].level == target.level - 1 }
      let isRefused = parentRow.map { sourceRows.contains($0) } ?? false
      let callsBefore = host.calls.count
      b.handle(.enter)
      #expect(b.mode == .browsing, context)
      #expect(host.violations.isEmpty, context)
      let after = Self.visible(list)
      if isRefused {
        #expect(b.message == "cannot drop an item inside itself", context)
        #expect(after.map(\.name) == before.map(\.name) && host.calls.count == callsBefore, context)
        continue
      }
      // The others keep their order; the moved rows come back together
      // where the gap was among them.
      let others = before.indices.filter { !sourceRows.contains($0) }
      let at = others.filter { $0 < move.gap }.count
      var expected = others.map { before[$0].name }
      expected.insert(contentsOf: sourceRows.map { before[$0].name }, at: at)
      #expect(after.map(\.name) == expected, context)
      #expect(after[at].level == target.level, context)
      #expect(b.cursor == at, context)
      let moved = at != sourceRow || after[at].level != before[sourceRow].level
      #expect(host.calls.count == callsBefore + (moved ? 1 : 0), context)
      #expect(host.numberOfRows == [list.numberOfRows], context)
    }
  }
}
