#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ExampleTerminal
import ExampleTestSupport
import Foundation
import TreeDataSource
import Testing

@testable import filters

extension PseudoTerminalSession {
  /// The built `filters` on a new 24 × 100 pseudo-terminal.
  static func filters() throws -> PseudoTerminalSession {
    try PseudoTerminalSession(running: "filters", columns: 100)
  }
}

/// The interactive panel on a real (pseudo-)terminal.
@Suite(.serialized) struct FiltersTerminalTests {
  @Test func checkingAnsweringAndSavingPrintsThePackagedFilters() throws {
    let session = try PseudoTerminalSession.filters()
    #expect(session.read { $0.contains("row 1 of 8") })
    #expect(session.text.hasPrefix("\u{1B}[?1049h"))
    session.type("j ")  // down to Freshman, check it
    #expect(session.read { $0.contains("[-] Labels  (1 selected)") })
    session.type("jjjjj\u{1B}[C\u{1B}[C\r")  // into Survey 1, open its first question
    #expect(session.read { $0.contains("── How long have you been in America? (checklist) ──") })
    session.type("jj \r")  // choose "2 years", Save
    #expect(session.read { $0.contains("How long have you been in America?: 2 years") })
    session.type("s")
    #expect(session.exitStatus() == 0)
    let text = session.text
    #expect(text.contains("\u{1B}[?1049l"))
    #expect(text.contains("\"value\" : \"Freshman\""))
    #expect(text.contains("\"key\" : \"How long have you been in America?\""))
    #expect(text.contains("\"value\" : \"2 years\""))
  }

  @Test func cancelQuitsPrintingNothing() throws {
    let session = try PseudoTerminalSession.filters()
    #expect(session.read { $0.contains("row 1 of 8") })
    session.type("j c")
    #expect(session.exitStatus() == 0)
    #expect(!session.text.contains("\"key\""))
    #expect(session.text.hasSuffix("\u{1B}[?1049l"))
  }

  @Test func sigtermRestoresTheTerminal() throws {
    let session = try PseudoTerminalSession.filters()
    #expect(session.read { $0.contains("row 1 of 8") })
    session.process.terminate()
    #expect(session.exitStatus() == 128 + SIGTERM)
    #expect(session.text.hasSuffix("\u{1B}[?1049l"))
  }
}

/// The panel when the terminal's output closes, and names from a filter
/// set drawn with their control characters escaped.
@Suite(.serialized) struct FiltersHostileInputTests {
  @Test func theOutputClosingStopsThePanelAndRestoresTheTerminal() throws {
    let piped = try PipedTerminal()
    piped.closeOutput()
    let selection = try FilterSet.demo.makeSelection()
    #expect(throws: FiltersError("cannot draw: the terminal's output is closed (\(String(cString: strerror(EPIPE))))")) {
      try FiltersCommand.runPanel(selection, on: piped.terminal)
    }
    #expect(piped.terminal.isStopped)
    #expect(piped.isRestored)
  }

  @Test func namesFromAFilterSetAreDrawnEscaped() throws {
    let filterSet = FilterSet(roots: [
      .group("Labels\u{1B}]0;pwned\u{7}", [.toggle("Line\r\nbreak"), .toggle("\u{202E}reversed\u{9B}")])
    ])
    let panel = Panel(selection: try filterSet.makeSelection())
    let lines = panel.screen(width: 100, height: 10).lines
    #expect(lines.contains("▾ [ ] Labels\\u001b]0;pwned\\u0007"))
    #expect(lines.contains("    [ ] Line\\r\\nbreak"))
    #expect(lines.contains("    [ ] \\u202ereversed\\u009b"))
    #expect(!lines.contains { $0.unicodeScalars.contains(where: VisibleText.isControl) })
  }
}
