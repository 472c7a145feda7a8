#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TreeDataSource
import Testing

/// The built `filters` on a pseudo-terminal, as a person runs it: typed
/// keys in, escape sequences out.
final class PseudoTerminalRun {
  let process = Process()
  private let controller: Int32
  /// Everything the program wrote.
  private(set) var output: [UInt8] = []

  init(_ arguments: [String] = []) throws {
    #if os(Linux)
    // TIOCSPTLCK (unlock) and TIOCGPTN (the number), as Glibc's module
    // leaves out posix_openpt and friends.
    controller = open("/dev/ptmx", O_RDWR | O_NOCTTY)
    try #require(controller >= 0, "no /dev/ptmx")
    var unlock: Int32 = 0
    var number: UInt32 = 0
    try #require(ioctl(controller, 0x4004_5431, &unlock) == 0 && ioctl(controller, 0x8004_5430, &number) == 0)
    let name = "/dev/pts/\(number)"
    #else
    controller = posix_openpt(O_RDWR | O_NOCTTY)
    try #require(controller >= 0 && grantpt(controller) == 0 && unlockpt(controller) == 0, "no pseudo-terminal")
    let name = String(cString: try #require(ptsname(controller)))
    #endif
    var size = winsize(ws_row: 24, ws_col: 100, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(controller, UInt(TIOCSWINSZ), &size)
    let terminal = try #require(FileHandle(forUpdatingAtPath: name))
    process.executableURL = try builtFilters()
    process.arguments = arguments
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    try process.run()
    try terminal.close()
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(controller)
  }

  var text: String { String(decoding: output, as: UTF8.self) }

  /// Reads until `done` holds for everything read, or `seconds` pass.
  @discardableResult
  func read(until done: (String) -> Bool, seconds: Double = 10) -> Bool {
    let deadline = Date().addingTimeInterval(seconds)
    var buffer = [UInt8](repeating: 0, count: 4096)
    while !done(text) {
      guard Date() < deadline else { return false }
      var poller = pollfd(fd: controller, events: Int16(POLLIN), revents: 0)
      guard poll(&poller, 1, 100) > 0 else { continue }
      #if canImport(Glibc)
      let count = buffer.withUnsafeMutableBytes { Glibc.read(controller, $0.baseAddress, $0.count) }
      #else
      let count = buffer.withUnsafeMutableBytes { Darwin.read(controller, $0.baseAddress, $0.count) }
      #endif
      guard count > 0 else { return done(text) }
      output += buffer.prefix(count)
    }
    return true
  }

  func type(_ text: String) {
    let bytes = Array(text.utf8)
    #if canImport(Glibc)
    _ = bytes.withUnsafeBytes { Glibc.write(controller, $0.baseAddress, $0.count) }
    #else
    _ = bytes.withUnsafeBytes { Darwin.write(controller, $0.baseAddress, $0.count) }
    #endif
  }

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

/// The interactive panel on a real (pseudo-)terminal.
@Suite(.serialized) struct FiltersTerminalTests {
  @Test func checkingAnsweringAndSavingPrintsThePackagedFilters() throws {
    let session = try PseudoTerminalRun()
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
    let session = try PseudoTerminalRun()
    #expect(session.read { $0.contains("row 1 of 8") })
    session.type("j c")
    #expect(session.exitStatus() == 0)
    #expect(!session.text.contains("\"key\""))
    #expect(session.text.hasSuffix("\u{1B}[?1049l"))
  }

  @Test func sigtermRestoresTheTerminal() throws {
    let session = try PseudoTerminalRun()
    #expect(session.read { $0.contains("row 1 of 8") })
    session.process.terminate()
    #expect(session.exitStatus() == 128 + SIGTERM)
    #expect(session.text.hasSuffix("\u{1B}[?1049l"))
  }
}
