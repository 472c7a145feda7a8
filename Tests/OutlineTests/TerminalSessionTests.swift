#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ExampleTestSupport
import Foundation
import Testing

extension PseudoTerminalSession {
  /// Starts the built `outline` with `arguments` on a new 24 × 80
  /// pseudo-terminal.
  static func outline(_ arguments: [String] = []) throws -> PseudoTerminalSession {
    try PseudoTerminalSession(running: "outline", arguments, columns: 80)
  }
}

/// The escape sequences that enter and leave the full-screen view.
private let alternateScreen = "\u{1B}[?1049h"
private let mainScreen = "\u{1B}[?1049l"
private let cursorShown = "\u{1B}[?25h"

/// The interactive browser on a real (pseudo-)terminal: it draws, reacts to
/// keys, and gives the terminal back on q, Ctrl-C and SIGTERM.
@Suite(.serialized) struct TerminalSessionTests {
  @Test func drawsReactsToKeysAndRestoresTheTerminalOnQ() throws {
    let session = try PseudoTerminalSession.outline()
    #expect(session.read { $0.contains("row 1 of 18 rows") })
    #expect(session.text.hasPrefix(alternateScreen))
    #expect(session.text.contains("Planets (sample data)"))
    session.type("jj\u{1B}[C")  // down, down, right: into Earth
    #expect(session.read { $0.contains("tree [2, 0]  ↔  table [0, 3]  ·  row 4 of 18 rows") })
    session.type("/osaka\r")
    #expect(session.read { $0.contains("tree [2, 8, 1]  ↔  table [0, 13]") })
    session.type("q")
    #expect(session.exitStatus() == 0)
    #expect(session.text.hasSuffix(mainScreen))
    #expect(session.text.contains(cursorShown))
  }

  @Test func ctrlCQuitsAndRestoresTheTerminal() throws {
    let session = try PseudoTerminalSession.outline(["--depth", "0"])
    #expect(session.read { $0.contains("row 1 of 4 rows") })
    session.type("\u{03}")
    #expect(session.exitStatus() == 0)
    #expect(session.text.hasSuffix(mainScreen))
  }

  @Test func sigtermRestoresTheTerminalAndExits() throws {
    let session = try PseudoTerminalSession.outline()
    #expect(session.read { $0.contains("row 1 of 18 rows") })
    session.process.terminate()
    #expect(session.exitStatus() == 128 + SIGTERM)
    #expect(session.text.hasSuffix(mainScreen))
  }
}
