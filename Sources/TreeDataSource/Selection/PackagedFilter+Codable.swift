import Foundation

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
