import ExampleTestSupport
import Foundation
import Testing
import TreeDataSource

@testable import outline

/// The lines of the last whole frame in a terminal's output, without the
/// escape sequences that place and colour them; empty until a frame has
/// all `height` lines.
private func lastFrame(_ output: String, height: Int = 24) -> [String] {
  guard let start = output.range(of: "\u{1B}[H", options: .backwards) else { return [] }
  // Each line is placed with `ESC [ row;1H`; reverse video and clearing to
  // the end of the line go.
  let text = output[start.upperBound...]
    .replacingOccurrences(of: "\u{1B}[7m", with: "")
    .replacingOccurrences(of: "\u{1B}[K", with: "")
    .replacingOccurrences(of: "\u{1B}[0m", with: "")
  let lines = text.components(separatedBy: "\u{1B}[").dropFirst().compactMap { line in
    line.range(of: ";1H").map { String(line[$0.upperBound...]) }
  }
  return lines.count == height ? lines : []
}

/// `f` in the built `outline` on a pseudo-terminal: typed keys narrow the
/// rows on screen, Esc gives the tree back, Enter goes to the item.
@Suite(.serialized) struct FilterTerminalSessionTests {
  @Test func typingNarrowsTheRowsAndEscGivesTheTreeBack() throws {
    let session = try PseudoTerminalSession.outline()
    #expect(session.read { lastFrame($0).last?.contains("row 1 of 18 rows") == true })
    let tree = lastFrame(session.text)
    #expect(tree[0].hasPrefix(" Planets (sample data)    / search · n next · f filter · q quit"))
    // The rows the command prints, drawn with indent guides.
    let planets = TreeList(dataSource: StaticTree.planets())
    planets.reloadData()
    #expect(Array(tree[1...18]) == (0..<planets.numberOfRows).map(planets.guidedRowText(_:)))
    #expect(try OutlineCommand.printedRows(for: []).count == 18)

    session.type("f")
    #expect(session.read { lastFrame($0).last?.hasPrefix("filter: ▏") == true })
    #expect(Array(lastFrame(session.text)[1...18]) == Array(tree[1...18]), "the same rows until a key is typed")
    session.type("osak")
    #expect(session.read { lastFrame($0).last == "filter: osak▏  1 match" })
    let filtered = lastFrame(session.text)
    #expect(Array(filtered[1...4]) == ["▾ Earth", "└ ▾ Japan", "  └ ▸ Osaka", ""])
    session.type("\u{7F}\u{7F}\u{7F}")  // Backspace three times: "o"
    #expect(session.read { lastFrame($0).last?.hasPrefix("filter: o▏  ") == true })

    session.type("\u{1B}")  // Esc: the tree as it was
    #expect(session.read { lastFrame($0).last?.contains("row 1 of 18 rows") == true })
    #expect(lastFrame(session.text) == tree)

    session.type("fsydney\r")  // Enter: to the match, in the tree
    #expect(session.read { lastFrame($0).last?.contains("tree [2, 0, 0, 0]  ↔  table [0, 5]  ·  row 6 of 22 rows") == true })
    session.type("q")
    #expect(session.exitStatus() == 0)
  }
}
