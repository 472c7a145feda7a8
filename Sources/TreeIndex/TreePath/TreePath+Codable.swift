extension TreePath: Codable {
  /// Decodes a tree path from an array of integers, outermost level first.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError` if the value is not an array of integers.
  /// - Complexity: O(*d*).
  public init(from decoder: any Decoder) throws {
    _indices = try decoder.singleValueContainer().decode([Int].self)
  }

  /// Encodes the path as an array of integers, outermost level first.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  /// - Complexity: O(*d*).
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.singleValueContainer()
    try container.encode(_indices)
  }
}
