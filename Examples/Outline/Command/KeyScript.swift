import ExampleTerminal
import TreeDataSource

/// A scripted key session (`--keys`): the keys to play, read from the
/// command line, and the transcript of playing them.
///
/// The keys are separated by spaces: `up`, `down`, `left`, `right`,
/// `shift-up`, `shift-down`, `alt-left`, `alt-right`,
/// `pageup`, `pagedown`, `home`, `end`, `enter`, `space`, `tab`,
/// `backspace`, `esc`, a single character for itself (`m`, `/`, `*`), or
/// `'text'` for each of its characters in turn.
///
///     outline --keys "down right down m up left enter"
enum KeyScript {
  /// The named keys, by name.
  static let namedKeys: [String: Key] = [
    "up": .up, "down": .down, "left": .left, "right": .right,
    "shift-up": .shiftUp, "shift-down": .shiftDown, "alt-left": .altLeft, "alt-right": .altRight,
    "pageup": .pageUp, "pagedown": .pageDown, "home": .home, "end": .end,
    "enter": .enter, "space": .space, "tab": .tab, "backspace": .backspace, "esc": .escape,
  ]

  /// The keys `script` names, in order.
  ///
  /// - Throws: An ``OutlineError`` naming the first word that is no key.
  /// - Complexity: O(*n*) for *n* characters.
  static func keys(_ script: String) throws(OutlineError) -> [Key] {
    var keys: [Key] = []
    for word in script.split(separator: " ") {
      if let key = namedKeys[word.lowercased()] {
        keys.append(key)
      } else if word.count == 1 {
        keys.append(.character(word.first!))
      } else if word.count > 2, word.first == "'", word.last == "'" {
        keys += word.dropFirst().dropLast().map { $0 == " " ? .space : .character($0) }
      } else {
        throw OutlineError(
          "--keys: \(word) is no key (see outline --help)"
        )
      }
    }
    return keys
  }

  /// The name of `key` as a script writes it.
  static func name(of key: Key) -> String {
    if case .character(let character) = key { return String(character) }
    return namedKeys.first { $0.value == key }?.key ?? "\(key)"
  }

  /// Plays `keys` in a browser of `list` on a screen of `lines` by
  /// `columns`, and returns the transcript: each key, then each update the
  /// list's host received for it, then the last screen, the cursor's line
  /// marked with `>` and the selected rows' with `*`.
  ///
  /// The host is a `ListHostSimulator`: an update it could not apply is
  /// printed as such.
  ///
  /// - Complexity: That of the keys, plus O(*u*) for *u* rows the updates
  ///   name.
  static func transcript<Source: OutlineSource>(
    of keys: [Key], in list: TreeList<Source>, lines: Int = 24, columns: Int = 80
  ) -> [String] {
    let host = ListHostSimulator(list: list)
    list.host = host
    host.reloadData()
    host.removeRecordedCalls()
    defer { list.host = nil }
    var browser = Browser(list: list, height: lines)
    var transcript: [String] = []
    var refused = 0
    for key in keys where !browser.isFinished {
      browser.handle(key)
      transcript.append("key \(name(of: key))")
      for call in host.calls {
        switch call {
        case .apply(let changes): transcript.append("  host: \(changes)")
        case .reloadData: transcript.append("  host: reloadData")
        }
      }
      for violation in host.violations.dropFirst(refused) { transcript.append("  host refused: \(violation)") }
      refused = host.violations.count
      host.removeRecordedCalls()
      if let message = browser.message { transcript.append("  \(message)") }
    }
    let screen = browser.screen(width: columns)
    transcript.append("")
    for (i, line) in screen.lines.enumerated() {
      let mark = (i == screen.highlightedLine ? ">" : " ") + (screen.selectedLines.contains(i) ? "*" : " ")
      let shown = mark + line
      transcript.append(String(shown.reversed().drop { $0 == " " }.reversed()))
    }
    while transcript.last == "" { transcript.removeLast() }
    return transcript
  }
}
