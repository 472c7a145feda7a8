/// The results of one group of a ``TreeSelection``, packaged for a query:
/// a root key and value that name the group, and key/value pairs whose
/// keys may repeat.
///
/// A group of check toggles packages each checked item under the group's
/// key; a group of questions packages each answer under its question:
///
/// ```text
/// Label: Label
///   Label: Freshman
///   Label: Sophomore
/// Survey: Question
///   How long have you been in America?: 6 months
///   How long have you been in America?: 2 years
/// ```
///
/// Packaged filters are `Codable`; ``jsonData(for:)`` writes them with a
/// stable key order and ``filters(fromJSON:)`` reads them back for
/// ``TreeSelection/restore(from:naming:)``.
public struct PackagedFilter: Hashable, Sendable {
  /// One key and one value, both text.
  public struct Pair: Hashable, Sendable {
    /// The key.
    public var key: String
    /// The value.
    public var value: String

    /// Creates a pair.
    ///
    /// - Parameters:
    ///   - key: The key.
    ///   - value: The value.
    /// - Complexity: O(1).
    public init(key: String, value: String) {
      self.key = key
      self.value = value
    }
  }

  /// The root key (`Label`, `Survey`).
  public var key: String
  /// The root value (`Label`, `Question`).
  public var value: String
  /// The group's results, in the tree's order; keys may repeat.
  public var pairs: [Pair]

  /// Creates a packaged filter.
  ///
  /// - Parameters:
  ///   - key: The root key.
  ///   - value: The root value.
  ///   - pairs: The results, as key/value pairs.
  /// - Complexity: O(1).
  public init(key: String, value: String, pairs: [Pair]) {
    self.key = key
    self.value = value
    self.pairs = pairs
  }

  /// The root key and value as a pair.
  ///
  /// - Complexity: O(1).
  public var root: Pair { Pair(key: key, value: value) }
}
