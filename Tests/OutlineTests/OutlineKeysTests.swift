import Testing
import TreeDataSource

@testable import outline

/// The browser's keys through the list's navigation, focus and selection,
/// played with `--keys`: Shift with the arrows selects a range, `'` types
/// to select, and Option with → opens a whole subtree in one update.
@Suite struct OutlineKeysTests {
  /// The last screen's row lines of a `--keys` transcript.
  private static func rows(_ transcript: [String]) -> [String] {
    Array(transcript.drop { !$0.contains("Planets (sample data)") }.dropFirst().dropLast())
  }

  @Test func shiftAndTheArrowsSelectARange() throws {
    let transcript = try OutlineCommand.printedRows(for: ["--keys", "down shift-down shift-down"])
    #expect(
      Array(Self.rows(transcript).prefix(5)) == [
        "    Mercury  no countries", " *  Venus  no countries", " *▾ Earth", ">*├ ▸ Australia", "  ├ ▸ Brazil",
      ])
    #expect(!transcript.contains { $0.hasPrefix("  host:") })
    // A plain arrow selects the focused item alone again.
    let back = try OutlineCommand.printedRows(for: ["--keys", "down shift-down shift-down up"])
    #expect(Self.rows(back).filter { $0.dropFirst().hasPrefix("*") } == [">*▾ Earth"])
  }

  @Test func typingGoesToTheNextNameThatStartsWithIt() throws {
    let once = try OutlineCommand.printedRows(for: ["--keys", "' k"])
    #expect(once.contains(">*│ └ ▸ Kyoto"))
    #expect(once.last?.hasPrefix("   go to the name starting with: k▏") == true)
    let twice = try OutlineCommand.printedRows(for: ["--keys", "' k k enter"])  // the same letter: the next
    #expect(twice.contains(">*├ ▸ Kenya"))
    #expect(twice.last == "   tree [2, 9]  ↔  table [0, 15]  ·  row 16 of 18 rows")
    let more = try OutlineCommand.printedRows(for: ["--keys", "' j a p esc"])  // accumulates
    #expect(more.contains(">*├ ▾ Japan"))
    let none = try OutlineCommand.printedRows(for: ["--keys", "' z"])
    #expect(none.contains("  no item starts with z"))
    #expect(none.contains(">*  Mercury  no countries"))
    // Another key ends the type-select and does what it does.
    let ended = try OutlineCommand.printedRows(for: ["--keys", "' j down"])
    #expect(ended.contains(">*│ ├ ▸ Tokyo"))
  }

  @Test func optionRightOpensTheSubtreeInOneUpdate() throws {
    let transcript = try OutlineCommand.printedRows(for: ["--keys", "down down alt-right alt-left"])
    let updates = transcript.filter { $0.hasPrefix("  host:") }
    #expect(updates.count == 2)
    #expect(updates.first?.hasPrefix("  host: TreeChanges(insertedRows: [0:[4..<19]") == true)
    #expect(updates.last?.hasPrefix("  host: TreeChanges(deletedRows:") == true)
    #expect(Self.rows(transcript).contains(">*▸ Earth"))
  }
}
