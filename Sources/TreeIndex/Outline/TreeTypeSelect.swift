import Foundation

/// The text a person types to jump to an item by its label, as Finder and
/// `NSOutlineView` do: characters typed in quick succession accumulate, and
/// repeating one character cycles through the items that start with it.
///
/// The host feeds each typed character with the time it was typed, in
/// seconds on any clock that only goes forward (a `ContinuousClock`
/// reading, an event's timestamp); a pause longer than ``timeout`` starts a
/// new search, and ``reset()`` starts one at once (when the focus moves by
/// other means). The value only keeps text: the search itself is
/// ``TreeIndex/typeSelectAction(for:fromRow:label:)`` or a list's.
///
///     var typeSelect = TreeTypeSelect()
///     typeSelect.type("p", at: 10.0)   // searches "p", after the focused row
///     typeSelect.type("l", at: 10.3)   // searches "pl", from the focused row
///     typeSelect.type("x", at: 12.0)   // a pause: searches "x"
public struct TreeTypeSelect: Hashable, Sendable {
  /// The longest pause, in seconds, between two characters of one search.
  public var timeout: Double
  /// The characters typed since the search began.
  public private(set) var typedText: String = ""
  /// When the last character was typed, or `nil` before the first.
  public private(set) var timeOfLastCharacter: Double?

  /// Creates an empty search.
  ///
  /// - Parameter timeout: The longest pause, in seconds, between two
  ///   characters of one search; 1 second by default (`NSTableView` uses
  ///   the key repeat interval, about that long).
  /// - Complexity: O(1).
  public init(timeout: Double = 1) {
    self.timeout = timeout
  }

  /// Adds typed characters to the search, or starts a new search with them
  /// when more than ``timeout`` seconds passed since the last ones.
  ///
  /// - Parameters:
  ///   - text: The characters typed (usually one).
  ///   - time: When they were typed, in seconds; a time before the last
  ///     one starts a new search.
  /// - Complexity: O(*t*) for *t* characters typed.
  public mutating func type(_ text: String, at time: Double) {
    if let last = timeOfLastCharacter, !(time >= last && time - last <= timeout) {
      typedText = ""
    }
    typedText += text
    timeOfLastCharacter = time
  }

  /// Forgets the characters typed: the next one starts a new search.
  ///
  /// - Complexity: O(1).
  public mutating func reset() {
    typedText = ""
    timeOfLastCharacter = nil
  }

  /// The text a label must start with: the typed text, or its one
  /// character when the same character was typed again and again (which
  /// cycles through the items starting with it).
  ///
  /// - Complexity: O(*t*) for *t* characters typed.
  public var searchText: String {
    guard let first = typedText.first, typedText.count > 1, typedText.allSatisfy({ $0 == first }) else {
      return typedText
    }
    return String(first)
  }

  /// Whether the search starts after the focused row rather than at it: a
  /// new search, or one character repeated, moves on to the next match;
  /// characters added to a search keep the focused item while its label
  /// still matches.
  ///
  /// - Complexity: O(*t*) for *t* characters typed.
  public var startsAfterFocusedRow: Bool {
    typedText.count <= 1 || searchText.count == 1
  }

  /// Whether `label` starts with ``searchText``, ignoring case and
  /// diacritics.
  ///
  /// - Parameter label: An item's label.
  /// - Returns: `true` when the label matches; `false` for an empty search.
  /// - Complexity: O(*l*) for a label of *l* characters.
  public func matches(_ label: String) -> Bool {
    _Matcher(searchText).matches(label)
  }

  /// The search text folded once, matched against many labels.
  struct _Matcher {
    var folded: String
    /// The folded text's bytes when it is all ASCII: a label whose first
    /// bytes are ASCII is then matched without folding it.
    var asciiFolded: [UInt8]?

    init(_ text: String) {
      folded = _Matcher.fold(text)
      asciiFolded = folded.utf8.allSatisfy { $0 < 0x80 } ? Array(folded.utf8) : nil
    }

    static func fold(_ text: String) -> String {
      text.folding(options: [.caseInsensitive, .diacriticInsensitive], locale: nil)
    }

    func matches(_ label: String) -> Bool {
      guard !folded.isEmpty else { return false }
      if let ascii = asciiFolded {
        // ASCII folds to its lowercase; a diacritic after the prefix is
        // dropped by folding, so it does not change the answer either.
        var bytes = label.utf8.makeIterator()
        var isASCII = true
        for expected in ascii {
          guard let byte = bytes.next() else { return false }
          guard byte < 0x80 else {
            isASCII = false
            break
          }
          let lower = byte >= 0x41 && byte <= 0x5A ? byte + 0x20 : byte
          if lower != expected { return false }
        }
        if isASCII { return true }
      }
      return _Matcher.fold(label).hasPrefix(folded)
    }
  }

  /// The first row, in the search's order from `row`, whose label matches:
  /// the rows after the focused one (or from it), wrapping around.
  ///
  /// - Parameters:
  ///   - row: The focused row, or `nil` to search from the first row.
  ///   - count: The number of rows.
  ///   - label: The label of a row.
  /// - Returns: The row, or `nil` when none matches.
  /// - Complexity: O(*s*) calls of `label` for the *s* rows scanned.
  package func _firstMatchingRow(from row: Int?, count: Int, label: (Int) -> String?) -> Int? {
    let matcher = _Matcher(searchText)
    guard !matcher.folded.isEmpty, count > 0 else { return nil }
    let start = row.map { startsAfterFocusedRow ? $0 + 1 : $0 } ?? 0
    for step in 0..<count {
      let candidate = (start + step) % count
      if let text = label(candidate), matcher.matches(text) { return candidate }
    }
    return nil
  }
}
