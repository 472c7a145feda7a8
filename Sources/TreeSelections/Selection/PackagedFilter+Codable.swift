import Foundation

/// The keys of a packaged filter's and a pair's JSON objects.
private enum CodingKeys: String, CodingKey {
  case key, value, pairs
}

extension PackagedFilter: Codable {
  /// Encodes the filter as an object with `key`, `value` and `pairs`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  /// - Complexity: O(*p*) for *p* pairs.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key, forKey: .key)
    try container.encode(value, forKey: .value)
    try container.encode(pairs, forKey: .pairs)
  }

  /// Decodes a filter from an object with `key`, `value` and `pairs`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: A `DecodingError` when a key is missing or not of its type.
  /// - Complexity: O(*p*) for *p* pairs.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(
      key: try container.decode(String.self, forKey: .key),
      value: try container.decode(String.self, forKey: .value),
      pairs: try container.decode([Pair].self, forKey: .pairs))
  }
}

extension PackagedFilter.Pair: Codable {
  /// Encodes the pair as an object with `key` and `value`.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  /// - Complexity: O(1).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(key, forKey: .key)
    try container.encode(value, forKey: .value)
  }

  /// Decodes a pair from an object with `key` and `value`.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: A `DecodingError` when a key is missing or not text.
  /// - Complexity: O(1).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    self.init(key: try container.decode(String.self, forKey: .key), value: try container.decode(String.self, forKey: .value))
  }
}

extension PackagedFilter {
  /// Writes packaged filters as JSON: an array of objects whose keys come
  /// in a stable (sorted) order, so the same filters always give the same
  /// bytes.
  ///
  /// - Parameter filters: The packaged filters.
  /// - Returns: Pretty-printed UTF-8 JSON.
  /// - Complexity: O(*p*) for *p* pairs in all.
  public static func jsonData(for filters: [PackagedFilter]) -> Data {
    guard !filters.isEmpty else { return Data("[]".utf8) }
    let encoder = JSONEncoder()
    encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
    // Strings and arrays of strings always encode.
    return (try? encoder.encode(filters)) ?? Data("[]".utf8)
  }

  /// Reads packaged filters from JSON as ``jsonData(for:)`` writes it.
  ///
  /// - Parameter data: UTF-8 JSON: an array of objects with `key`, `value`
  ///   and `pairs`.
  /// - Returns: The packaged filters.
  /// - Throws: A ``TreeSelectionError`` with reason
  ///   ``TreeSelectionError/Reason/malformedFilters(_:)`` naming what is
  ///   wrong when the data is not packaged filters.
  /// - Complexity: O(*m*) for *m* bytes.
  public static func filters(fromJSON data: Data) throws(TreeSelectionError) -> [PackagedFilter] {
    do {
      return try JSONDecoder().decode([PackagedFilter].self, from: data)
    } catch let error as DecodingError {
      throw TreeSelectionError(operation: .restore, item: nil, reason: .malformedFilters(Self.describe(error)))
    } catch {
      throw TreeSelectionError(operation: .restore, item: nil, reason: .malformedFilters("\(error)"))
    }
  }

  /// One line that says what a decoding error found, and where.
  private static func describe(_ error: DecodingError) -> String {
    func place(_ path: [any CodingKey]) -> String {
      let components = path.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }
      return components.isEmpty ? "the top level" : components.joined()
    }
    switch error {
    case .typeMismatch(_, let context), .valueNotFound(_, let context):
      return "at \(place(context.codingPath)): \(context.debugDescription)"
    case .keyNotFound(let key, let context):
      return "at \(place(context.codingPath)): no \"\(key.stringValue)\""
    case .dataCorrupted(let context):
      return "not JSON, or not packaged filters (\(context.debugDescription))"
    @unknown default:
      return "not packaged filters"
    }
  }
}
