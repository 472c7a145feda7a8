#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import ExampleTerminal
import Foundation
import Testing

/// A built example on a pseudo-terminal, as a person runs it: typed keys
/// in, escape sequences out.
package final class PseudoTerminalSession {
  /// The running example.
  package let process = Process()
  /// The controlling side of the pseudo-terminal.
  private let master: Int32
  /// Everything the program wrote, as it arrived.
  package private(set) var output: [UInt8] = []

  /// Starts the built executable `name` with `arguments` on a new
  /// pseudo-terminal 24 lines high and `columns` wide.
  ///
  /// - Throws: An issue recorded by `#require` when there is no
  ///   pseudo-terminal or no such executable, or the error of starting it.
  package init(running name: String, _ arguments: [String] = [], columns: UInt16) throws {
    let path: String
    (master, path) = try openPseudoTerminal()
    var size = winsize(ws_row: 24, ws_col: columns, ws_xpixel: 0, ws_ypixel: 0)
    _ = ioctl(master, UInt(TIOCSWINSZ), &size)
    let terminal = try #require(FileHandle(forUpdatingAtPath: path))
    process.executableURL = try builtExecutable(name)
    process.arguments = arguments
    process.standardInput = terminal
    process.standardOutput = terminal
    process.standardError = terminal
    try process.run()
    try terminal.close()
  }

  deinit {
    if process.isRunning { process.terminate() }
    close(master)
  }

  /// The output as text.
  package var text: String { String(decoding: output, as: UTF8.self) }

  /// Reads what the program writes until `done` holds for all of it, or
  /// until `seconds` pass.
  ///
  /// - Returns: Whether `done` held.
  @discardableResult
  package func read(until done: (String) -> Bool, seconds: Double = 10) -> Bool {
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
  package func type(_ text: String) {
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { systemWrite(master, $0.baseAddress, $0.count) }
  }

  /// Waits for the program to end, reading what it writes meanwhile.
  ///
  /// - Returns: Its exit status; `nil` when it still runs after `seconds`.
  package func exitStatus(seconds: Double = 10) -> Int32? {
    let deadline = Date().addingTimeInterval(seconds)
    while process.isRunning {
      guard Date() < deadline else { return nil }
      read(until: { _ in false }, seconds: 0.1)
    }
    read(until: { _ in false }, seconds: 0.2)
    return process.terminationStatus
  }
}

/// A new pseudo-terminal: its controlling side and the path of the side
/// a program runs on.
///
/// - Throws: An issue recorded by `#require` when there is none.
package func openPseudoTerminal() throws -> (master: Int32, name: String) {
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
