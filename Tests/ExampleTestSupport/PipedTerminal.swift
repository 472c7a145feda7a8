#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch
import ExampleTerminal
import Testing

/// A ``Terminal`` whose settings are a pseudo-terminal's and whose frames
/// go to a pipe the test reads, or closes to see what the terminal does
/// when its output goes away.
///
/// A terminal sets the process's signal actions while it runs and puts
/// them back when it stops, so one piped terminal runs at a time, in any
/// suite: the next waits until the last is dropped.
package final class PipedTerminal {
  /// The turn of one piped terminal: taken when made, given back when
  /// dropped, however the piped terminal's initializer ends.
  private final class Turn {
    /// Held by the piped terminal that exists, if one does.
    private static let semaphore = DispatchSemaphore(value: 1)

    init() { Self.semaphore.wait() }

    deinit { Self.semaphore.signal() }
  }

  /// This piped terminal's turn.
  private let turn = Turn()

  /// The terminal under test.
  package private(set) var terminal: Terminal!
  /// The controlling side of the pseudo-terminal.
  private let master: Int32
  /// The program's side of the pseudo-terminal: the terminal's input.
  private let input: Int32
  /// The pipe's ends: `[read, write]`; -1 once closed.
  private var pipe: [Int32] = [-1, -1]
  /// The pseudo-terminal's settings before the terminal started.
  package let originalSettings: termios

  /// Opens a pseudo-terminal and a pipe, and starts a terminal on them.
  ///
  /// - Parameter closesOutputFirst: Whether to close the pipe's reading
  ///   end before the terminal starts.
  /// - Throws: An issue recorded by `#require` when there is no
  ///   pseudo-terminal or pipe, and the terminal's error when it cannot
  ///   start.
  package init(closesOutputFirst: Bool = false) throws {
    let name: String
    (master, name) = try openPseudoTerminal()
    input = open(name, O_RDWR | O_NOCTTY)
    try #require(input >= 0)
    var settings = termios()
    try #require(tcgetattr(input, &settings) == 0)
    originalSettings = settings
    try #require(makePipe(&pipe) == 0)
    // Reads never wait: the test reads what is there.
    _ = fcntl(pipe[0], F_SETFL, fcntl(pipe[0], F_GETFL) | O_NONBLOCK)
    if closesOutputFirst { closeOutput() }
    terminal = try Terminal(input: input, output: pipe[1]) { TerminalFailure(reason: $0) }
  }

  deinit {
    terminal = nil
    for descriptor in pipe + [input, master] where descriptor >= 0 { close(descriptor) }
  }

  /// The error the terminal throws when it cannot start.
  package struct TerminalFailure: Error, Equatable {
    /// What the system said.
    package var reason: String

    /// Creates the error for `reason`.
    package init(reason: String) {
      self.reason = reason
    }
  }

  /// Closes the pipe's reading end: the next write fails with `EPIPE`.
  package func closeOutput() {
    close(pipe[0])
    pipe[0] = -1
  }

  /// What the terminal wrote since the last call, as text.
  package func readOutput() -> String {
    var bytes: [UInt8] = []
    var buffer = [UInt8](repeating: 0, count: 4096)
    while pipe[0] >= 0 {
      let count = buffer.withUnsafeMutableBytes { systemRead(pipe[0], $0.baseAddress, $0.count) }
      guard count > 0 else { break }
      bytes += buffer.prefix(count)
    }
    return String(decoding: bytes, as: UTF8.self)
  }

  /// Whether the pseudo-terminal is in raw mode: no echo, no lines.
  package var isRaw: Bool {
    var settings = termios()
    tcgetattr(input, &settings)
    return settings.c_lflag & tcflag_t(ECHO | ICANON) == 0
  }

  /// Whether the pseudo-terminal's local modes are back as they were.
  package var isRestored: Bool {
    var settings = termios()
    tcgetattr(input, &settings)
    return settings.c_lflag == originalSettings.c_lflag && settings.c_iflag == originalSettings.c_iflag
  }
}

/// The C library's `pipe(2)`: inside ``PipedTerminal`` the bare name means
/// its property.
private func makePipe(_ descriptors: inout [Int32]) -> Int32 {
  pipe(&descriptors)
}
