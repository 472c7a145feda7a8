import ExampleTerminal
import TreeDataSource

extension Panel {
  /// The title line.
  static let title = "Filters  ·  Space check · Enter open · s Save · c Cancel · x Clear"

  /// The text of the list row of `item`: indentation, an open/closed marker
  /// for a group, a check box where something can be checked, the name, and
  /// the count or answers.
  func rowText(_ item: String) -> String {
    let level = layout.level(of: item) ?? 0
    var text = String(repeating: "  ", count: level)
    let isGroup = !layout.children(of: item).isEmpty
    text += isGroup ? (layout.isExpanded(item) ? "▾ " : "▸ ") : "  "
    if selection.checkableCount(in: item) > 0 {
      switch selection.checkState(of: item) {
      case .checked: text += "[x] "
      case .mixed: text += "[-] "
      case .unchecked: text += "[ ] "
      }
    }
    text += item
    let interaction = selection.interaction(of: item)
    if interaction?.takesAnswers == true {
      let answers = selection.results(of: item)
      text += answers.isEmpty ? "  …" : ": " + answers.joined(separator: ", ")
    } else if isGroup, let count = selection.countText(of: item) {
      text += "  (\(count))"
    }
    return text
  }

  /// The editor's lines: a title, one line per option or the text, and the
  /// keys; and which of them the cursor is on.
  func editorLines() -> (lines: [String], cursor: Int?)? {
    guard let editor else { return nil }
    var lines = ["── \(editor.item) (\(editor.kind)) ──"]
    var cursorLine: Int?
    let answers = selection.results(of: editor.item)
    switch editor.interaction {
    case .freeText:
      lines.append("  > " + editor.text + "▏")
      lines.append("  Enter Save · Esc Cancel · Ctrl-U Clear")
    default:
      var isChoice = true
      if case .checklist = editor.interaction { isChoice = false }
      for (index, option) in editor.interaction.options.enumerated() {
        let isChosen = answers.contains(option)
        let box = isChoice ? (isChosen ? "(•)" : "( )") : (isChosen ? "[x]" : "[ ]")
        if index == editor.cursor { cursorLine = lines.count }
        lines.append("  \(box) \(option)")
      }
      lines.append("  Space choose · Enter Save · Esc Cancel · x Clear")
    }
    return (lines, cursorLine)
  }

  /// The frame for a window of `width` columns and `height` lines: the
  /// title, the list (scrolled to the cursor), the editor when one is open,
  /// and the status line.
  func screen(width: Int, height: Int) -> Screen {
    let editorPart = editorLines()
    let editorHeight = editorPart?.lines.count ?? 0
    let listHeight = max(height - 2 - editorHeight, 1)
    let visible = layout.visibleItems
    let top = cursor >= listHeight ? cursor - listHeight + 1 : 0
    var lines = [Self.title]
    var highlighted: Int?
    for row in top..<min(top + listHeight, visible.count) {
      if row == cursor && editor == nil { highlighted = lines.count }
      lines.append(rowText(visible[row]))
    }
    while lines.count < 1 + listHeight { lines.append("") }
    if let (editorText, editorCursor) = editorPart {
      if let editorCursor { highlighted = lines.count + editorCursor }
      lines += editorText
    }
    var status = message ?? "row \(visible.isEmpty ? 0 : cursor + 1) of \(visible.count)"
    if editor == nil, message == nil, let group = selection.editedItem { status += "  ·  editing \(group)" }
    lines.append(status)
    return Screen(lines: lines.map { Screen.fitting($0, width: width) }, highlightedLine: highlighted)
  }
}
