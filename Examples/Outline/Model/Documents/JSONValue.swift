/// A JSON value as written in a document, with object members kept in
/// document order.
enum JSONValue: Equatable, Sendable {
  /// An object: its members in document order, duplicates kept.
  case object([JSONMember])
  /// An array: its elements in order.
  case array([JSONValue])
  /// A string, with its escapes decoded.
  case string(String)
  /// A number: the literal text exactly as written, such as `-1.50e+3`.
  case number(String)
  /// `true` or `false`.
  case bool(Bool)
  /// `null`.
  case null
}

/// One member of a JSON object: a key and its value.
struct JSONMember: Equatable, Sendable {
  /// The member's key, with its escapes decoded.
  var key: String
  /// The member's value.
  var value: JSONValue

  /// Creates a member named `key` holding `value`.
  init(key: String, value: JSONValue) {
    self.key = key
    self.value = value
  }
}
