import Foundation

/// How long the randomized runs are: short by default, so that `swift test`
/// stays quick, and long when the environment variable
/// `TREEINDEX_LONG_TESTS` is `1` (CI sets it for its release pass).
public enum LongTests {
  /// Whether `TREEINDEX_LONG_TESTS=1` asks for the long runs.
  public static let areEnabled = ProcessInfo.processInfo.environment["TREEINDEX_LONG_TESTS"] == "1"

  /// Whether the build checks every invariant after each mutation
  /// (`-D TREE_INDEX_INTERNAL_CHECKS`): each mutation then costs O(*k*), so
  /// tests that time many mutations, or make hundreds of thousands, size
  /// themselves down and leave their time bounds to the other builds.
  #if TREE_INDEX_INTERNAL_CHECKS
  public static let checksInvariants = true
  #else
  public static let checksInvariants = false
  #endif

  /// `long` when the long runs are enabled, `short` otherwise.
  ///
  /// - Parameters:
  ///   - short: The value for the default run.
  ///   - long: The value for the long run.
  /// - Returns: One of the two.
  public static func choose<Value>(short: Value, long: Value) -> Value { areEnabled ? long : short }
}
