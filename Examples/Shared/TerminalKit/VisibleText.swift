/// Text from the data made safe to show: every control character written
/// as an escape, so that no string from a document, a file name or a
/// filter set can move the cursor, retitle or clear the terminal, ring its
/// bell, or split a row in two.
///
/// Escapes are JSON's: `\n`, `\r`, `\t`, `\b`, `\f`, and `\u` with four
/// hex digits for the rest (`\u001b` for ESC). The characters escaped are
/// the C0 controls (NUL included), DEL, the C1 controls (U+0080–U+009F),
/// the line and paragraph separators (U+2028, U+2029) and the marks and
/// overrides that reorder bidirectional text (U+061C, U+200E, U+200F,
/// U+202A–U+202E, U+2066–U+2069). Everything else, backslashes included,
/// is kept, so that escaping escaped text changes nothing.
package enum VisibleText {
  /// `text` with every control character escaped; `text` itself when it
  /// has none.
  ///
  /// - Complexity: O(*n*) for *n* bytes of UTF-8.
  package static func escaping(_ text: String) -> String {
    guard mayNeedEscaping(text, quotes: false), text.unicodeScalars.contains(where: isControl) else { return text }
    var escaped = ""
    escaped.reserveCapacity(text.utf8.count + 16)
    append(text, escapingQuotes: false, to: &escaped)
    return escaped
  }

  /// `text` as a JSON string literal: in double quotes, with quotes,
  /// backslashes and every control character escaped.
  ///
  /// - Complexity: O(*n*) for *n* bytes of UTF-8.
  package static func quoted(_ text: String) -> String {
    guard mayNeedEscaping(text, quotes: true) else { return "\"" + text + "\"" }
    var quoted = "\""
    quoted.reserveCapacity(text.utf8.count + 2)
    append(text, escapingQuotes: true, to: &quoted)
    quoted += "\""
    return quoted
  }

  /// Whether `scalar` is one of the characters ``escaping(_:)`` escapes.
  ///
  /// - Complexity: O(1).
  package static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    switch scalar.value {
    case 0x00...0x1F, 0x7F...0x9F, 0x061C, 0x200E, 0x200F, 0x2028...0x202E, 0x2066...0x2069: return true
    default: return false
    }
  }

  /// Whether `text` may hold a character to escape: `false` when none of
  /// its UTF-8 bytes can be part of one, a quick check before the exact
  /// one.
  private static func mayNeedEscaping(_ text: String, quotes: Bool) -> Bool {
    let answer = text.utf8.withContiguousStorageIfAvailable { utf8 in
      // An index loop rather than `for … in`, which is slow in debug builds.
      var index = 0
      while index < utf8.count {
        switch utf8[index] {
        // C0 and DEL; the lead bytes of C1 (C2), U+061C (D8) and the
        // U+20xx marks (E2).
        case 0x00...0x1F, 0x7F, 0xC2, 0xD8, 0xE2: return true
        case 0x22, 0x5C: if quotes { return true }
        default: break
        }
        index += 1
      }
      return false
    }
    return answer ?? true
  }

  /// Appends `text` to `output`, escaping its control characters, and its
  /// quotes and backslashes too when `escapingQuotes` is `true`.
  private static func append(_ text: String, escapingQuotes: Bool, to output: inout String) {
    // Runs of ordinary characters are appended whole.
    var runStart = text.unicodeScalars.startIndex
    var index = runStart
    let scalars = text.unicodeScalars
    while index < scalars.endIndex {
      let scalar = scalars[index]
      let escape: String?
      switch scalar {
      case "\"" where escapingQuotes: escape = "\\\""
      case "\\" where escapingQuotes: escape = "\\\\"
      case "\n": escape = "\\n"
      case "\r": escape = "\\r"
      case "\t": escape = "\\t"
      case "\u{8}": escape = "\\b"
      case "\u{C}": escape = "\\f"
      default: escape = isControl(scalar) ? "\\u" + hex(scalar.value) : nil
      }
      if let escape {
        output.unicodeScalars.append(contentsOf: scalars[runStart..<index])
        output += escape
        runStart = scalars.index(after: index)
      }
      index = scalars.index(after: index)
    }
    output.unicodeScalars.append(contentsOf: scalars[runStart..<index])
  }

  /// `value` as four lowercase hex digits.
  private static func hex(_ value: UInt32) -> String {
    let digits = String(value, radix: 16)
    return String(repeating: "0", count: max(0, 4 - digits.count)) + digits
  }
}
