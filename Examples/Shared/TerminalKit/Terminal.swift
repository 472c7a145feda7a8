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
/// terminal as it was once it stops — when the program stops it, on
/// SIGTERM, SIGINT or SIGHUP from elsewhere, and as soon as its output
/// closes (a write fails with `EPIPE` or `EIO`: SIGPIPE is ignored while it
/// runs, so that a closed output is an error to handle, not the end).
///
/// A thin shell: reading bytes, measuring the window, drawing a
/// ``Screen``. What the keys mean and what a frame shows is the program's,
/// tested without a terminal.
package final class Terminal {
  /// The terminal's settings before raw mode.
  private let original: termios
  /// Where keys come from: standard input unless a test says otherwise.
  private let input: Int32
  /// Where frames go: standard output unless a test says otherwise.
  private let output: Int32
  /// The signal handlers that restore the terminal, kept alive.
  private var signalSources: [any DispatchSourceSignal] = []
  /// The signals' actions before the terminal took them, put back by
  /// ``stop()``.
  private var previousActions: [(signal: Int32, action: sigaction)] = []
  /// Whether ``stop()`` ran.
  private(set) package var isStopped = false
  /// Why the output closed (`strerror`), once a write failed; `nil` while
  /// it works.
  private(set) package var outputFailure: String?

  /// Whether both standard input and standard output are a terminal, so
  /// that the program can be interactive.
  package static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Puts the terminal in raw mode, switches to the alternate screen, and
  /// arranges for signals to restore it.
  ///
  /// - Parameters:
  ///   - input: The terminal's descriptor for keys and settings; standard
  ///     input by default.
  ///   - output: The descriptor frames are written to; standard output by
  ///     default.
  ///   - failure: The program's error for a terminal that cannot be used,
  ///     given what the system says (`strerror`).
  /// - Throws: `failure`'s error when the terminal's settings cannot be
  ///   read or changed, or the output is already closed; the settings are
  ///   then as they were.
  package init<Failure: Error>(
    input: Int32 = STDIN_FILENO, output: Int32 = STDOUT_FILENO, orThrow failure: (_ reason: String) -> Failure
  ) throws(Failure) {
    var settings = termios()
    guard tcgetattr(input, &settings) == 0 else {
      throw failure(String(cString: strerror(errno)))
    }
    original = settings
    self.input = input
    self.output = output
    // Raw input: byte by byte, no echo, no signals from keys (Ctrl-C is a
    // key), no flow control, CR kept as CR. A read waits at most 0.1 s, so
    // that a resized window is redrawn without SIGWINCH.
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    settings.c_iflag &= ~tcflag_t(IXON | ICRNL | BRKINT | INPCK | ISTRIP)
    Self.setControlCharacter(&settings, VMIN, to: 0)
    Self.setControlCharacter(&settings, VTIME, to: 1)
    guard tcsetattr(input, TCSAFLUSH, &settings) == 0 else {
      throw failure(String(cString: strerror(errno)))
    }
    previousActions.append((SIGPIPE, Self.ignore(SIGPIPE)))
    let saved = original
    for signalNumber in [SIGTERM, SIGINT, SIGHUP] {
      previousActions.append((signalNumber, Self.ignore(signalNumber)))
      let source = DispatchSource.makeSignalSource(signal: signalNumber, queue: .global())
      source.setEventHandler {
        Self.restore(saved, input: input, output: output)
        exit(128 + signalNumber)
      }
      source.resume()
      signalSources.append(source)
    }
    if let reason = Self.write(Self.enter, to: output) {
      stop()
      throw failure(reason)
    }
  }

  deinit { stop() }

  /// Leaves the alternate screen, restores the terminal's settings and
  /// the signals' actions; the second call does nothing.
  package func stop() {
    guard !isStopped else { return }
    isStopped = true
    Self.restore(original, input: input, output: output)
    for source in signalSources { source.cancel() }
    for (signalNumber, action) in previousActions.reversed() {
      var action = action
      sigaction(signalNumber, &action, nil)
    }
  }

  /// The window's size in lines and columns; 24 × 80 when the terminal
  /// does not say.
  package var size: (lines: Int, columns: Int) {
    var window = winsize()
    guard ioctl(output, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
      return (24, 80)
    }
    return (Int(window.ws_row), Int(window.ws_col))
  }

  /// The bytes typed since the last read, waiting up to 0.1 s for some.
  ///
  /// - Returns: The bytes, maybe none; `nil` when the terminal is gone.
  package func read() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 256)
    let count = buffer.withUnsafeMutableBytes { systemRead(input, $0.baseAddress, $0.count) }
    if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
    return Array(buffer.prefix(count))
  }

  /// Draws `screen` over the whole window: the first and last lines and
  /// the ``Screen/highlightedLine`` in reverse video, the
  /// ``Screen/selectedLines`` in bold, each line cleared to
  /// its end, and whatever lies below the last line cleared. Control
  /// characters in the lines are escaped (``VisibleText``), so that only
  /// the terminal's own sequences reach it.
  ///
  /// When the output is closed, the terminal stops (``stop()``): its
  /// settings are restored at once, and ``outputFailure`` says why.
  ///
  /// - Returns: `true` when the frame was written; `false` when the output
  ///   is closed, now or before.
  @discardableResult
  package func draw(_ screen: Screen) -> Bool {
    guard outputFailure == nil else { return false }
    var frame = "\u{1B}[H"
    for (i, line) in screen.lines.enumerated() {
      let isReversed = i == 0 || i == screen.lines.count - 1 || i == screen.highlightedLine
      let line = VisibleText.escaping(line)
      frame += "\u{1B}[\(i + 1);1H"
      let style = (isReversed ? "\u{1B}[7m" : "") + (screen.selectedLines.contains(i) ? "\u{1B}[1m" : "")
      frame += style.isEmpty ? line + "\u{1B}[K" : style + line + "\u{1B}[K\u{1B}[0m"
    }
    frame += "\u{1B}[J"
    if let reason = Self.write(frame, to: output) {
      outputFailure = reason
      stop()
      return false
    }
    return true
  }

  // MARK: Implementation

  /// Alternate screen, cursor hidden, no wrapping at the right margin.
  private static let enter = "\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l"
  /// Wrapping, cursor shown, main screen.
  private static let leave = "\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l"

  /// Leaves the alternate screen on `output` and puts back `settings` on
  /// `input`.
  private static func restore(_ settings: termios, input: Int32, output: Int32) {
    _ = write(leave, to: output)
    var settings = settings
    tcsetattr(input, TCSAFLUSH, &settings)
  }

  /// Sets `signalNumber` to be ignored.
  ///
  /// - Returns: Its action before.
  private static func ignore(_ signalNumber: Int32) -> sigaction {
    var ignored = sigaction()
    #if canImport(Darwin)
    ignored.__sigaction_u.__sa_handler = SIG_IGN
    #else
    ignored.__sigaction_handler.sa_handler = SIG_IGN
    #endif
    var previous = sigaction()
    sigaction(signalNumber, &ignored, &previous)
    return previous
  }

  /// Writes `text` to `descriptor`, all of it.
  ///
  /// - Returns: `nil` when it was written; else why not (`strerror`:
  ///   `Broken pipe` for a closed pipe, `Input/output error` for a
  ///   terminal gone).
  private static func write(_ text: String, to descriptor: Int32) -> String? {
    var bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeMutableBytes {
        systemWrite(descriptor, $0.baseAddress! + offset, $0.count - offset)
      }
      if written < 0 && (errno == EINTR || errno == EAGAIN) { continue }
      guard written > 0 else { return written < 0 ? String(cString: strerror(errno)) : "nothing written" }
      offset += written
    }
    return nil
  }

  /// Sets the control character `index` (`VMIN`, `VTIME`) of `settings`.
  private static func setControlCharacter(_ settings: inout termios, _ index: Int32, to value: cc_t) {
    withUnsafeMutableBytes(of: &settings.c_cc) { $0[Int(index)] = value }
  }
}
