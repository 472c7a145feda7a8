#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ExampleTerminal
import ExampleTestSupport
import Testing
import TreeDataSource
@testable import outline

/// The action of `signalNumber`'s handler: ignored, default, or another.
private func handler(of signalNumber: Int32) -> Int {
  var action = sigaction()
  sigaction(signalNumber, nil, &action)
  #if canImport(Darwin)
  return unsafeBitCast(action.__sigaction_u.__sa_handler, to: Int.self)
  #else
  return unsafeBitCast(action.__sigaction_handler.sa_handler, to: Int.self)
  #endif
}

/// The full-screen terminal when its output closes: the first write that
/// fails stops it, and the terminal's settings are back at once.
@Suite(.serialized) struct ClosedOutputTests {
  @Test func aFailedDrawRestoresTheTerminal() throws {
    let pipeHandlerBefore = handler(of: SIGPIPE)
    let piped = try PipedTerminal()
    #expect(piped.isRaw)
    #expect(piped.readOutput().hasPrefix("\u{1B}[?1049h"))
    #expect(piped.terminal.draw(Screen(lines: ["title", "row", "status"], highlightedLine: 1)))
    #expect(piped.readOutput().contains("row"))
    #expect(!piped.terminal.isStopped)

    piped.closeOutput()
    #expect(!piped.terminal.draw(Screen(lines: ["title", "row", "status"], highlightedLine: 1)))
    #expect(piped.terminal.outputFailure == String(cString: strerror(EPIPE)))
    #expect(piped.terminal.isStopped)
    #expect(piped.isRestored)
    #expect(handler(of: SIGPIPE) == pipeHandlerBefore)
    // Later frames are not attempted.
    #expect(!piped.terminal.draw(Screen(lines: ["again"], highlightedLine: nil)))
  }

  @Test func aClosedOutputAtTheStartIsAnError() throws {
    #expect(throws: PipedTerminal.TerminalFailure(reason: String(cString: strerror(EPIPE)))) {
      try PipedTerminal(closesOutputFirst: true)
    }
  }

  @Test func theBrowserStopsWithOneLineAndTheTerminalRestored() throws {
    let piped = try PipedTerminal()
    piped.closeOutput()
    let list = try OutlineOptions().makeList(for: StaticTree.planets())
    #expect(throws: OutlineError("cannot draw: the terminal's output is closed (\(String(cString: strerror(EPIPE))))")) {
      try OutlineCommand.browse(list, on: piped.terminal)
    }
    #expect(piped.terminal.isStopped)
    #expect(piped.isRestored)
  }
}
