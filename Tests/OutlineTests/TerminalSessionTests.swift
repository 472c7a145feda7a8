#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import Testing

#if canImport(Glibc)
private let systemRead = Glibc.read
private let systemWrite = Glibc.write
#elseif canImport(Darwin)
private let systemRead = Darwin.read
private let systemWrite = Darwin.write
#endif

/// The built `outline` on a pseudo-terminal, as a person runs it: typed
/// keys in, escape sequences out.
final class TerminalSession {
  let process = Process()
  private let master: Int32
  private let name: String
  /// Everything the program wrote, as it arrived.
  private(set) var output: [UInt8] = []

  /// Starts `outline` with `arguments` on a new 24 × 80 pseudo-terminal.
  init(_ arguments: [String] = []) throws {
    (master, name) = try Self.openPseudoTerminal()
    var size = winsize(ws_row: 24, ws_col: 80, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let terminal = try #require(FileHandle(forUpdatingAtPath: name))
    process.executableURL = try builtOutline()
    process.arguments = arguments
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    try process.run()
    try terminal.close()
  }

  /// A new pseudo-terminal: its controlling side and the path of the side
  /// a program runs on.
  private static func openPseudoTerminal() throws -> (master: Int32, name: String) {
    #if os(Linux)
    // Glibc's module leaves out posix_openpt and friends; these are their
    // ioctls (TIOCSPTLCK to unlock, TIOCGPTN for the number), from
    // <asm-generic/ioctls.h>.
    let master = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(master >= 0, "no /dev/ptmx")
    var unlock: Int32 = 0
    var number: UInt32 = 0
    try #require(ioctl(master, 0x4004_5431, &unlock) == 0 && ioctl(master, 0x8004_5430, &number) == 0)
    return (master, "/dev/pts/\(number)")
    #else
    let master = posix_openpt(O_RDWR | O_NOCTTY)
    try #require(master >= 0 && grantpt(master) == 0 && unlockpt(master) == 0, "no pseudo-terminal")
    return (master, String(cString: try #require(ptsname(master))))
    #endif
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(master)
  }

  /// The output as text.
  var text: String { String(decoding: output, as: UTF8.self) }

  /// Reads what the program writes until `done` holds for all of it, or
  /// until `seconds` pass.
  @discardableResult
  func read(until done: (String) -> Bool, seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !done(text) {
      guard Date() < deadline else { return false }
      var poller = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      let count = buffer.withUnsafeMutableBytes { systemRead(master, $0.baseAddress, $0.count) }
      guard count > 0 else { return done(text) }  // the program is gone and its terminal closed
      output += buffer.prefix(count)
    }
    return true
  }

  /// Types `text`.
  func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { systemWrite(master, $0.baseAddress, $0.count) }
  }

  /// Waits for the program to end and returns its exit status.
  func exitStatus(seconds: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning {
      guard Date() < deadline else { return nil }
      read(until: { _ in false }, seconds: 0.1)
    }
    read(until: { _ in false }, seconds: 0.2)
    return process.terminationStatus
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
    let session = try TerminalSession()
    #expect(session.read { $0.contains("row 1 of 18 rows") })
    #expect(session.text.hasPrefix(alternateScreen))
    #expect(session.text.contains("Planets (sample data)"))
    session.type("jj\u{1B}[C")                          // down, down, right: into Earth
    #expect(session.read { $0.contains("tree [2, 0]  ↔  table [0, 3]  ·  row 4 of 18 rows") })
    session.type("/osaka\r")
    #expect(session.read { $0.contains("tree [2, 8, 1]  ↔  table [0, 13]") })
    session.type("q")
    #expect(session.exitStatus() == 0)
    #expect(session.text.hasSuffix(mainScreen))
    #expect(session.text.contains(cursorShown))
  }

  @Test func ctrlCQuitsAndRestoresTheTerminal() throws {
    let session = try TerminalSession(["--depth", "0"])
    #expect(session.read { $0.contains("row 1 of 4 rows") })
    session.type("\u{03}")
    #expect(session.exitStatus() == 0)
    #expect(session.text.hasSuffix(mainScreen))
  }

  @Test func sigtermRestoresTheTerminalAndExits() throws {
    let session = try TerminalSession()
    #expect(session.read { $0.contains("row 1 of 18 rows") })
    session.process.terminate()
    #expect(session.exitStatus() == 128 + SIGTERM)
    #expect(session.text.hasSuffix(mainScreen))
  }
}
