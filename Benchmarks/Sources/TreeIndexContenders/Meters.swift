// How one sample is measured: instructions counted by callgrind, or
// nanoseconds of the monotonic clock.

import CBenchmarkSupport

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Measures the code run between ``start()`` and ``stop()``.
public protocol Meter {
  /// The unit of the values ``stop()`` returns.
  var unit: String { get }
  /// Called right before the measured code.
  mutating func start()
  /// Called right after the measured code; returns what it cost.
  mutating func stop() -> Int
  /// Called before and after a run of samples.
  func beginRun()
  func endRun()
}

/// Instructions executed, as counted by Valgrind's callgrind.
///
/// The program runs under `valgrind --tool=callgrind --instr-atstart=no
/// --callgrind-out-file=<prefix>`; ``beginRun()`` turns instrumentation on,
/// ``start()`` zeroes the counters and ``stop()`` dumps them to
/// `<prefix>.<n>`, reads the instruction total back and deletes the file
/// (keeps it when `keepDumps` is set, to see with `callgrind_annotate` where
/// a sample's instructions go).
public struct CallgrindMeter: Meter {
  public var unit: String { "instructions" }
  let prefix: String
  let keepDumps: Bool
  var dumps = 0

  /// - Parameters:
  ///   - prefix: The `--callgrind-out-file` the program runs with.
  ///   - keepDumps: Whether to leave each sample's dump file in place.
  public init(prefix: String, keepDumps: Bool = false) {
    self.prefix = prefix
    self.keepDumps = keepDumps
  }

  /// Whether the program runs under Valgrind.
  public static var isAvailable: Bool { ccallgrind_running_on_valgrind() != 0 }

  public func beginRun() { ccallgrind_start_instrumentation() }
  public func endRun() { ccallgrind_stop_instrumentation() }

  @inline(__always)
  public mutating func start() {
    ccallgrind_zero_stats()
  }

  @inline(__always)
  public mutating func stop() -> Int {
    ccallgrind_dump_stats_at("sample")
    dumps += 1
    let path = "\(prefix).\(dumps)"
    guard let instructions = Self.readTotal(path) else {
      fatalError("no callgrind dump at \(path): run under valgrind --tool=callgrind --callgrind-out-file=\(prefix)")
    }
    if !keepDumps { unlink(path) }
    return instructions
  }

  /// The first cost of the `summary:` (or `totals:`) line of a dump.
  static func readTotal(_ path: String) -> Int? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    var total: Int?
    while getline(&line, &capacity, file) > 0, let line {
      let text = String(cString: line)
      for key in ["summary:", "totals:"] where text.hasPrefix(key) {
        let fields = text.dropFirst(key.count).split(whereSeparator: { $0 == " " || $0 == "\n" })
        if let first = fields.first, let number = Int(first) { total = number }
      }
      if total != nil { break }
    }
    return total
  }
}

/// Nanoseconds of the monotonic clock.
public struct ClockMeter: Meter {
  public var unit: String { "ns" }
  var started: UInt64 = 0

  public init() {}

  public func beginRun() {}
  public func endRun() {}

  @inline(__always)
  public mutating func start() {
    started = Self.now()
  }

  @inline(__always)
  public mutating func stop() -> Int {
    Int(Self.now() &- started)
  }

  static func now() -> UInt64 {
    var time = timespec()
    clock_gettime(CLOCK_MONOTONIC, &time)
    return UInt64(time.tv_sec) &* 1_000_000_000 &+ UInt64(time.tv_nsec)
  }
}

/// Hands `value` to a C function the optimizer cannot see into, so that the
/// measured work that computed it is neither removed nor moved past the
/// meter.
@inline(__always)
public func consume<T>(_ value: T) {
  withUnsafePointer(to: value) { ccallgrind_consume(UnsafeRawPointer($0)) }
}
