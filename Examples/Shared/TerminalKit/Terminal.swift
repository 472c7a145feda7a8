#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The terminal an interactive example runs in (`outline`'s browser,
/// `filters`' panel): raw mode and the alternate screen while it runs, the
/// terminal as it was once it stops — when the program stops it, and on
/// SIGTERM, SIGINT or SIGHUP from elsewhere.
///
/// A thin shell: reading bytes, measuring the window, drawing a
/// ``Screen``. What the keys mean and what a frame shows is the program's,
/// tested without a terminal.
package final class Terminal {
  /// The terminal's settings before raw mode.
  private let original: termios
  /// The signal handlers that restore the terminal, kept alive.
  private var signalSources: [any DispatchSourceSignal] = []
  /// Whether ``stop()`` ran.
  private var isStopped = false

  /// Whether both standard input and standard output are a terminal, so
  /// that the program can be interactive.
  package static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Puts the terminal in raw mode, switches to the alternate screen, and
  /// arranges for signals to restore it.
  ///
  /// - Parameter failure: The program's error for a terminal that cannot
  ///   be used, given what the system says (`strerror`).
  /// - Throws: `failure`'s error when the terminal's settings cannot be
  ///   read or changed.
  package init<Failure: Error>(orThrow failure: (_ reason: String) -> Failure) throws(Failure) {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else {
      throw failure(String(cString: strerror(errno)))
    }
    original = settings
    // Raw input: byte by byte, no echo, no signals from keys (Ctrl-C is a
    // key), no flow control, CR kept as CR. A read waits at most 0.1 s, so
    // that a resized window is redrawn without SIGWINCH.
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    settings.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    Self.setControlCharacter(&settings, VMIN, to: 0)
    Self.setControlCharacter(&settings, VTIME, to: 1)
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) == 0 else {
      throw failure(String(cString: strerror(errno)))
    }
    Self.write(Self.enter)
    let saved = original
    for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
      signal(signalNumber, SIG_IGN)
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        Self.restore(saved)
        exit(128 + signalNumber)
      }
      source.resume()
      signalSources.append(source)
    }
  }

  deinit { stop() }

  /// Leaves the alternate screen and restores the terminal's settings; the
  /// second call does nothing.
  package func stop() {
    guard !isStopped else { return }
    isStopped = true
    Self.restore(original)
    for source in signalSources { source.cancel() }
  }

  /// The window's size in lines and columns; 24 × 80 when the terminal
  /// does not say.
  package var size: (lines: Int, columns: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
      return (24, 80)
    }
    return (Int(window.ws_row), Int(window.ws_col))
  }

  /// The bytes typed since the last read, waiting up to 0.1 s for some.
  ///
  /// - Returns: The bytes, maybe none; `nil` when the terminal is gone.
  package func read() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { systemRead(STDIN_FILENO, $0.baseAddress, $0.count) }
    if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
    return Array(buffer.prefix(count))
  }

  /// Draws `screen` over the whole window: the first and last lines and
  /// the ``Screen/highlightedLine`` in reverse video, each line cleared to
  /// its end, and whatever lies below the last line cleared.
  package func draw(_ screen: Screen) {
    var output = "\u{1B}[H"
    for (i, line) in screen.lines.enumerated() {
      let isReversed = i == 0 || i == screen.lines.count - 1 || i == screen.highlightedLine
      output += "\u{1B}[\(i + 1);1H"
      output += isReversed ? "\u{1B}[7m" + line + "\u{1B}[K\u{1B}[0m" : line + "\u{1B}[K"
    }
    output += "\u{1B}[J"
    Self.write(output)
  }

  // MARK: Implementation

  /// Alternate screen, cursor hidden, no wrapping at the right margin.
  private static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
  /// Wrapping, cursor shown, main screen.
  private static let leave = "\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

  /// Leaves the alternate screen and puts back `settings`.
  private static func restore(_ settings: termios) {
    write(leave)
    var settings = settings
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }

  /// Writes `text` to standard output, all of it.
  private static func write(_ text: String) {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        systemWrite(STDOUT_FILENO, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }

  /// Sets the control character `index` (`VMIN`, `VTIME`) of `settings`.
  private static func setControlCharacter(_ settings: inout termios, _ index: Int32, to value: cc_t) {
    withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(index)] = value }
  }
}
