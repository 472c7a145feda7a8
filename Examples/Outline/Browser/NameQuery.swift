/// Which names a typed text matches: the rule `/` search and `f` filter
/// share, so that both find the same items.
///
/// A name matches when it contains the text, ignoring case: both are
/// lowered one Unicode scalar at a time (each scalar's own lowercase
/// mapping, with no context, so `Σ` is always `σ`) and compared as UTF-8.
/// Accents count (`sao` does not match `São`), and so does every other
/// scalar: nothing is normalized.
///
/// Lowering scalar by scalar makes the lowered text of a longer query the
/// lowered text of the shorter one followed by that of the scalars typed
/// after it, so a name that matches a query also matches every prefix of
/// it: typing one more key can only narrow the matches. ``OutlineFilter``
/// relies on that to look again only at the items the shorter query
/// matched.
struct NameQuery: Equatable {
  /// The text as typed.
  let text: String
  /// The text lowered, as UTF-8.
  let lowered: [UInt8]

  /// Creates the query for `text`.
  ///
  /// - Complexity: O(*n*) for *n* scalars.
  init(_ text: String) {
    self.text = text
    self.lowered = Self.lowered(text)
  }

  /// Whether the query is the empty text, which matches nothing.
  var isEmpty: Bool { lowered.isEmpty }

  /// Whether `name` contains the query, ignoring case; never for the empty
  /// query.
  ///
  /// - Complexity: O(*n* *m*) for a name of *n* scalars and a query of *m*,
  ///   in the worst case; O(*n* + *m*) for the names of an outline.
  func matches(_ name: String) -> Bool {
    !isEmpty && matches(lowered: Self.lowered(name))
  }

  /// Whether a name already lowered with ``lowered(_:)`` contains the
  /// query; never for the empty query.
  ///
  /// - Complexity: O(*n* *m*) for *n* and *m* bytes, in the worst case.
  func matches(lowered name: [UInt8]) -> Bool {
    guard !lowered.isEmpty, lowered.count <= name.count else { return false }
    let first = lowered[0]
    // UTF-8 is self-synchronizing: a match of whole encoded scalars can only
    // start where a scalar starts, so a byte search finds scalar matches.
    var start = 0
    let lastStart = name.count - lowered.count
    while start <= lastStart {
      if name[start] == first {
        var i = 1
        while i < lowered.count, name[start + i] == lowered[i] { i += 1 }
        if i == lowered.count { return true }
      }
      start += 1
    }
    return false
  }

  /// `text` lowered one scalar at a time, as UTF-8.
  ///
  /// - Complexity: O(*n*) for *n* scalars.
  static func lowered(_ text: String) -> [UInt8] {
    var bytes: [UInt8] = []
    bytes.reserveCapacity(text.utf8.count)
    for scalar in text.unicodeScalars {
      if scalar.isASCII {
        let byte = UInt8(scalar.value)
        bytes.append((0x41...0x5A).contains(byte) ? byte + 0x20 : byte)
      } else if scalar.properties.changesWhenLowercased {
        bytes += scalar.properties.lowercaseMapping.utf8
      } else {
        bytes += String(scalar).utf8
      }
    }
    return bytes
  }
}
