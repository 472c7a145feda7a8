import ExampleTerminal

/// What one row of the outline shows: a name, an optional value, a detail,
/// and whether the item can hold subitems.
///
/// The browser draws an entry as `name: value  detail`, after a ▸ or ▾
/// marker when it is a container.
struct OutlineEntry: Equatable, Sendable {
  /// The item's name: a planet, a file name, a document key.
  var name: String
  /// A leaf's value, drawn after `name: `; `nil` for none.
  var value: String?
  /// A note drawn after the name and value: a container's size (`{4}`,
  /// `[3]`), or why a folder cannot be shown (`unreadable`).
  var detail: String?
  /// Whether the item can hold subitems, so that it shows ▸ or ▾.
  var isContainer: Bool

  /// Creates an entry.
  init(name: String, value: String? = nil, detail: String? = nil, isContainer: Bool = false) {
    self.name = name
    self.value = value
    self.detail = detail
    self.isContainer = isContainer
  }

  /// The entry as one line of text, without indentation or marker, its
  /// control characters escaped (see `VisibleText`): whatever the data
  /// holds, a row is one line that changes nothing on the terminal.
  var text: String {
    var text = name
    if let value { text += ": " + value }
    if let detail { text += "  " + detail }
    return VisibleText.escaping(text)
  }

  /// The entry as a row of the outline: two spaces per level of nesting, a
  /// ▾ (expanded) or ▸ (collapsed) marker for a container, then ``text``.
  ///
  /// - Parameters:
  ///   - level: 0 for a root item, 1 for its subitems, and so on.
  ///   - isExpanded: Whether the list shows the item's subitems.
  func row(level: Int, isExpanded: Bool) -> String {
    let marker = isContainer ? (isExpanded ? "▾" : "▸") : " "
    return String(repeating: "  ", count: Swift.max(0, level)) + marker + " " + text
  }
}
