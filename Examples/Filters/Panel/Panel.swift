import TreeDataSource

/// The filter panel's state machine: a list of groups, check toggles and
/// questions over a ``TreeSelection``, and the editor of one question at a
/// time. Keys in, ``screen(width:height:)`` out; no terminal involved.
///
/// Two levels of Save, Cancel and Clear: in a question's
/// editor, or while a group is open for editing (`e`), they save, drop or
/// empty its working copy (an editing session of the selection); otherwise,
/// in the list, Save ends with the packaged filters, Cancel ends with the
/// selection as it was, Clear empties every group.
struct Panel {
  /// How the panel ended.
  enum Outcome: Equatable {
    /// Saved: the packaged filters to print.
    case saved([PackagedFilter])
    /// Cancelled: nothing to print.
    case cancelled
  }

  /// The selection, with the open editor's working copy.
  private(set) var selection: TreeSelection<String>
  /// The tree with the panel's expansion: what the list shows.
  private(set) var layout: TreeSnapshot<String>
  /// The row of the cursor among the visible items.
  private(set) var cursor = 0
  /// The open editor, if any.
  private(set) var editor: Editor?
  /// The last message for the status line.
  private(set) var message: String?
  /// How the panel ended, once it has.
  private(set) var outcome: Outcome?

  /// Whether the panel has ended.
  var isFinished: Bool { outcome != nil }

  /// A panel over `selection`, with the root groups expanded.
  init(selection: TreeSelection<String>) {
    self.selection = selection
    layout = selection.snapshot
    layout.expand(Array(layout.rootItems))
  }

  /// The item under the cursor.
  var currentItem: String? { layout.item(atRow: cursor) }

  /// Handles one key.
  mutating func handle(_ key: Key) {
    guard !isFinished else { return }
    message = nil
    if key == .interrupt {
      selection.cancelEditing()
      outcome = .cancelled
    } else if editor != nil {
      handleInEditor(key)
    } else {
      handleInList(key)
    }
  }

  // MARK: The list

  private mutating func handleInList(_ key: Key) {
    let count = layout.visibleItems.count
    switch key {
    case .up, .character("k"): cursor = max(cursor - 1, 0)
    case .down, .character("j"): cursor = min(cursor + 1, max(count - 1, 0))
    case .right, .character("l"): expandOrEnter()
    case .left, .character("h"): collapseOrLeave()
    case .space: check()
    case .enter: activate()
    case .character("e"): editGroup()
    case .character("s"), .character("c"), .escape, .character("x"):
      if let group = selection.editedItem {
        handleInGroupSession(key, group: group)
      } else {
        handleInPanel(key)
      }
    case .character("q"):
      selection.cancelEditing()
      outcome = .cancelled
    default: message = "unknown key (s Save · c Cancel · x Clear · e edit a group)"
    }
  }

  /// Save, Cancel and Clear for the whole panel.
  private mutating func handleInPanel(_ key: Key) {
    switch key {
    case .character("s"): outcome = .saved(selection.packagedFilters())
    case .character("x"):
      selection.clear()
      message = "cleared every group"
    default: outcome = .cancelled
    }
  }

  /// Opens the group under the cursor for editing: until Save or Cancel,
  /// checks inside it change a working copy, and checks elsewhere are
  /// refused.
  private mutating func editGroup() {
    guard let item = currentItem, !layout.children(of: item).isEmpty else {
      message = "e edits a group"
      return
    }
    do {
      try selection.beginEditing(item)
      message = "editing \(item) · s Save · c Cancel · x Clear"
    } catch {
      message = error.description
    }
  }

  /// Save, Cancel and Clear for the group open for editing.
  private mutating func handleInGroupSession(_ key: Key, group: String) {
    switch key {
    case .character("s"):
      do {
        try selection.saveEditing()
        message = "saved \(group)"
      } catch {
        message = error.description
      }
    case .character("x"):
      selection.clear()
      message = "cleared \(group) (c brings it back)"
    default:
      selection.cancelEditing()
      message = "cancelled \(group)"
    }
  }

  private mutating func expandOrEnter() {
    guard let item = currentItem, !layout.children(of: item).isEmpty else { return }
    if layout.isExpanded(item) {
      cursor += 1
    } else {
      layout.expand([item])
    }
  }

  private mutating func collapseOrLeave() {
    guard let item = currentItem else { return }
    if layout.isExpanded(item) {
      layout.collapse([item])
    } else if let parent = layout.parent(of: item), let row = layout.row(of: parent) {
      cursor = row
    }
  }

  private mutating func check() {
    guard let item = currentItem else { return }
    do {
      try selection.toggle(item)
    } catch {
      message = error.description
    }
  }

  private mutating func activate() {
    guard let item = currentItem, let interaction = selection.interaction(of: item) else { return }
    switch interaction {
    case .group:
      if layout.isExpanded(item) { layout.collapse([item]) } else { layout.expand([item]) }
    case .checkToggle:
      check()
    case .checklist, .singleChoice, .freeText:
      do {
        try selection.beginEditing(item)
        editor = Editor(item: item, interaction: interaction, text: selection.results(of: item).first ?? "")
      } catch {
        message = error.description
      }
    }
  }

  // MARK: The editor

  /// What a key does in the editor.
  private enum EditorAction {
    case save, cancel, clear, up, down, choose, backspace, none
    case type(String)
  }

  /// What `key` does in an editor: free text takes letters as text, the
  /// other editors take `s`, `c`, `x`, `j` and `k` as keys.
  private static func editorAction(for key: Key, isText: Bool) -> EditorAction {
    switch key {
    case .enter: return .save
    case .escape: return .cancel
    case .clearLine: return .clear
    case .up: return isText ? .none : .up
    case .down: return isText ? .none : .down
    case .space: return isText ? .type(" ") : .choose
    case .right: return isText ? .none : .choose
    case .backspace: return isText ? .backspace : .none
    case .left, .interrupt: return .none
    case .character(let character):
      if isText { return .type(String(character)) }
      let letters: [Character: EditorAction] = ["s": .save, "c": .cancel, "x": .clear, "k": .up, "j": .down]
      return letters[character] ?? .none
    }
  }

  private mutating func handleInEditor(_ key: Key) {
    guard var editor else { return }
    let isText = editor.interaction == .freeText
    switch Self.editorAction(for: key, isText: isText) {
    case .save:
      saveEditor()
      return
    case .cancel:
      selection.cancelEditing()
      self.editor = nil
      message = "cancelled"
      return
    case .clear:
      selection.clear()
      editor.text = ""
    case .up: editor.cursor = max(editor.cursor - 1, 0)
    case .down: editor.cursor = min(editor.cursor + 1, max(editor.interaction.options.count - 1, 0))
    case .choose:
      let options = editor.interaction.options
      if options.indices.contains(editor.cursor) {
        do {
          try selection.toggle(option: options[editor.cursor], for: editor.item)
        } catch {
          message = error.description
        }
      }
    case .type(let text): type(text, into: &editor)
    case .backspace:
      if !editor.text.isEmpty {
        editor.text.removeLast()
        type("", into: &editor)
      }
    case .none:
      message = isText ? "Enter Save · Esc Cancel · Ctrl-U Clear" : "Enter Save · Esc Cancel · x Clear"
    }
    self.editor = editor
  }

  /// Adds `text` to the free text and makes it the working copy's answer.
  private mutating func type(_ text: String, into editor: inout Editor) {
    editor.text += text
    do {
      try selection.setResults([editor.text], for: editor.item)
    } catch {
      message = error.description
    }
  }

  private mutating func saveEditor() {
    do {
      try selection.saveEditing()
      editor = nil
      message = "saved"
    } catch {
      message = error.description
    }
  }
}
