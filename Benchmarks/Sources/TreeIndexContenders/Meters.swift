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
  /// The heap allocations of the code measured by the last ``stop()``, or
  /// `nil` when this meter does not count them.
  var allocations: Int? { get }
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
///
/// The same dump also gives the sample's heap allocations, exactly and
/// without adding an instruction: the number of calls callgrind recorded to
/// the C allocator's allocating entry points (``allocatingFunctions``) —
/// every Swift object, array buffer and `Foundation` object allocates
/// through one of them.
public struct CallgrindMeter: Meter {
  public var unit: String { "instructions" }
  let prefix: String
  let keepDumps: Bool
  var dumps = 0
  public private(set) var allocations: Int?

  /// The functions whose calls count as allocations.
  public static let allocatingFunctions: Set<String> = [
    "malloc", "calloc", "realloc", "posix_memalign", "aligned_alloc", "memalign",
  ]

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
    guard let (instructions, allocations) = Self.read(path) else {
      fatalError("no callgrind dump at \(path): run under valgrind --tool=callgrind --callgrind-out-file=\(prefix)")
    }
    self.allocations = allocations
    if !keepDumps { unlink(path) }
    return instructions
  }

  /// The first cost of the `summary:` (or `totals:`) line of a dump, and
  /// the calls to ``allocatingFunctions`` it records.
  ///
  /// A call is recorded as a `cfn=` line naming the callee, then a
  /// `calls=<count> <position>` line. Names may be compressed: `(12) malloc`
  /// the first time, `(12)` afterwards; each dump file defines the names it
  /// uses.
  static func read(_ path: String) -> (instructions: Int, allocations: Int)? {
    guard let file = fopen(path, "r") else { return nil }
    defer { fclose(file) }
    var line: UnsafeMutablePointer<CChar>?
    var capacity = 0
    defer { free(line) }
    var total: Int?
    var allocations = 0
    var names: [Substring: Substring] = [:]
    var calleeAllocates = false
    func name(_ field: Substring) -> Substring {
      // "(12) malloc", "(12)" or "malloc".
      guard field.first == "(", let close = field.firstIndex(of: ")") else { return field }
      let id = field[...close]
      let rest = field[field.index(after: close)...].drop { $0 == " " }
      if rest.isEmpty { return names[id] ?? "" }
      names[id] = rest
      return rest
    }
    while getline(&line, &capacity, file) > 0, let line {
      var text = Substring(String(cString: line))
      if text.last == "\n" { text = text.dropLast() }
      if text.hasPrefix("fn=") {
        _ = name(text.dropFirst(3))
        calleeAllocates = false
      } else if text.hasPrefix("cfn=") {
        calleeAllocates = allocatingFunctions.contains(String(name(text.dropFirst(4))))
      } else if text.hasPrefix("calls=") {
        if calleeAllocates, let count = text.dropFirst(6).split(separator: " ").first.flatMap({ Int($0) }) {
          allocations += count
        }
        calleeAllocates = false
      } else if total == nil {
        for key in ["summary:", "totals:"] where text.hasPrefix(key) {
          if let first = text.dropFirst(key.count).split(separator: " ").first, let number = Int(first) { total = number }
        }
      }
    }
    return total.map { ($0, allocations) }
  }
}

/// Nanoseconds of the monotonic clock.
public struct ClockMeter: Meter {
  public var unit: String { "ns" }
  var started: UInt64 = 0
  /// Not counted natively: the ordo-one suite counts mallocs there.
  public var allocations: Int? { nil }

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
