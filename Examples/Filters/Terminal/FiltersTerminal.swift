#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif
import Dispatch

/// The terminal the panel runs in: raw mode and the alternate screen while
/// it runs, the terminal as it was once it stops (also on SIGTERM, SIGINT
/// or SIGHUP). Reads bytes, measures the window, draws a ``Screen``; what
/// keys mean is ``Panel``'s.
final class FiltersTerminal {
  private let original: termios
  private var signalSources: [any DispatchSourceSignal] = []
  private var isStopped = false

  /// Whether standard input and output are both a terminal.
  static var isInteractive: Bool { isatty(STDIN_FILENO) == 1 && isatty(STDOUT_FILENO) == 1 }

  /// Raw mode (reads wait at most 0.1 s), the alternate screen, and
  /// signal handlers that put the terminal back.
  init() throws(FiltersError) {
    var settings = termios()
    guard tcgetattr(STDIN_FILENO, &settings) == 0 else { throw FiltersError("cannot use the terminal") }
    original = settings
    settings.c_lflag &= ~tcflag_t(ECHO | ICANON | ISIG | IEXTEN)
    settings.c_iflag &= ~tcflag_t(IXON | ICRNL)
    withUnsafeMutableBytes(of: &settings.c_cc) { controls in
      controls[Int(VMIN)] = 0
      controls[Int(VTIME)] = 1
    }
    guard tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings) == 0 else { throw FiltersError("cannot use the terminal") }
    Self.write("\u{1B}[?1049h\u{1B}[?25l\u{1B}[?7l")
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

  /// Puts the terminal back; later calls do nothing.
  func stop() {
    guard !isStopped else { return }
    isStopped = true
    Self.restore(original)
    for source in signalSources { source.cancel() }
  }

  /// The window's lines and columns; 24 × 80 when the terminal does not say.
  var size: (lines: Int, columns: Int) {
    var window = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &window) == 0, window.ws_row > 0, window.ws_col > 0 else {
      return (24, 80)
    }
    return (Int(window.ws_row), Int(window.ws_col))
  }

  /// The bytes typed since the last read (maybe none); `nil` when the
  /// terminal is gone.
  func read() -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: 256)
    #if canImport(Glibc)
    let count = buffer.withUnsafeMutableBytes { Glibc.read(STDIN_FILENO, $0.baseAddress, $0.count) }
    #elseif canImport(Musl)
    let count = buffer.withUnsafeMutableBytes { Musl.read(STDIN_FILENO, $0.baseAddress, $0.count) }
    #else
    let count = buffer.withUnsafeMutableBytes { Darwin.read(STDIN_FILENO, $0.baseAddress, $0.count) }
    #endif
    if count < 0 { return errno == EINTR || errno == EAGAIN ? [] : nil }
    return Array(buffer.prefix(count))
  }

  /// Draws `screen`: the first and last lines and the highlighted one in
  /// reverse video, each line cleared to its end.
  func draw(_ screen: Screen) {
    var output = ""
    for (index, line) in screen.lines.enumerated() {
      let isReversed = index == 0 || index == screen.lines.count - 1 || index == screen.highlightedLine
      output += "\u{1B}[\(index + 1);1H" + (isReversed ? "\u{1B}[7m\(line)\u{1B}[K\u{1B}[0m" : "\(line)\u{1B}[K")
    }
    output += "\u{1B}[J"
    Self.write(output)
  }

  private static func restore(_ settings: termios) {
    write("\u{1B}[?7h\u{1B}[?25h\u{1B}[?1049l")
    var settings = settings
    tcsetattr(STDIN_FILENO, TCSAFLUSH, &settings)
  }

  /// Writes all of `text` to standard output.
  static func write(_ text: String) {
    let bytes = Array(text.utf8)
    var offset = 0
    while offset < bytes.count {
      let written = bytes.withUnsafeBytes { buffer in
        #if canImport(Glibc)
        Glibc.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        #elseif canImport(Musl)
        Musl.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        #else
        Darwin.write(STDOUT_FILENO, buffer.baseAddress! + offset, buffer.count - offset)
        #endif
      }
      if written < 0 && errno == EINTR { continue }
      guard written > 0 else { return }
      offset += written
    }
  }
}
