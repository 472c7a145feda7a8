import Foundation

/// How long the randomized runs are: short by default, so that `swift test`
/// stays quick, and long when the environment variable
/// `TREEINDEX_LONG_TESTS` is `1` (CI sets it for its release pass).
public enum LongTests {
  /// Whether `TREEINDEX_LONG_TESTS=1` asks for the long runs.
  public static let areEnabled = ProcessInfo.processInfo.environment["TREEINDEX_LONG_TESTS"] == "1"

  /// `long` when the long runs are enabled, `short` otherwise.
  ///
  /// - Parameters:
  ///   - short: The value for the default run.
  ///   - long: The value for the long run.
  /// - Returns: One of the two.
  public static func choose<Value>(short: Value, long: Value) -> Value { areEnabled ? long : short }
}
