#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ExampleTestSupport
import Foundation
import TreeDataSource
import Testing

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
