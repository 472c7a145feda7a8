import TreeDataSource

@testable import filters

/// The panel's expected behaviour, computed the slow way: the visible rows
/// by walking the filter set with a set of expanded names, the cursor as a
/// name, the editor's state by hand, and the selection changed through the
/// calls each key stands for.
struct PanelModel {
  let filterSet: FilterSet
  var selection: TreeSelection<String>
  var expanded: Set<String>
  var cursor = 0
  var editing: (item: String, cursor: Int, text: String)?
  var outcome: Panel.Outcome?

  init(_ filterSet: FilterSet) throws {
    self.filterSet = filterSet
    selection = try filterSet.makeSelection()
    expanded = Set(filterSet.roots.filter { !($0.items ?? []).isEmpty }.map(\.name))
  }

  /// The visible items, top to bottom.
  var rows: [String] {
    var result: [String] = []
    func visit(_ node: FilterSet.Node) {
      result.append(node.name)
      if expanded.contains(node.name) { (node.items ?? []).forEach(visit) }
    }
    filterSet.roots.forEach(visit)
    return result
  }

  func node(_ name: String) -> FilterSet.Node? {
    func find(_ nodes: [FilterSet.Node]) -> FilterSet.Node? {
      for node in nodes {
        if node.name == name { return node }
        if let found = find(node.items ?? []) { return found }
      }
      return nil
    }
    return find(filterSet.roots)
  }

  func parent(of name: String) -> String? {
    func find(_ nodes: [FilterSet.Node], _ parent: String?) -> String?? {
      for node in nodes {
        if node.name == name { return .some(parent) }
        if let found = find(node.items ?? [], node.name) { return found }
      }
      return nil
    }
    return find(filterSet.roots, nil) ?? nil
  }

  func hasChildren(_ name: String) -> Bool { !(node(name)?.items ?? []).isEmpty }

  /// Whether everything that can be checked under `name` is checked,
  /// counted from the leaves.
  func leafCounts(_ name: String) -> (checked: Int, all: Int) {
    guard let node = node(name) else { return (0, 0) }
    var counts = (checked: 0, all: 0)
    if selection.interaction(of: name)?.isCheckToggle == true {
      counts.all += 1
      // A toggle's own state: on when it is a leaf and checked.
      if (node.items ?? []).isEmpty, selection.checkState(of: name) == .checked { counts.checked += 1 }
    }
    for child in node.items ?? [] {
      let childCounts = leafCounts(child.name)
      counts.checked += childCounts.checked
      counts.all += childCounts.all
    }
    return counts
  }

  mutating func handle(_ key: Key) {
    guard outcome == nil else { return }
    if key == .interrupt {
      selection.cancelEditing()
      outcome = .cancelled
      return
    }
    if let editor = editing {
      handleInEditor(key, editor)
      return
    }
    let rows = rows
    let item = rows.indices.contains(cursor) ? rows[cursor] : nil
    switch key {
    case .up, .character("k"): cursor = max(cursor - 1, 0)
    case .down, .character("j"): cursor = min(cursor + 1, rows.count - 1)
    case .right, .character("l"):
      guard let item, hasChildren(item) else { break }
      if expanded.contains(item) { cursor += 1 } else { expanded.insert(item) }
    case .left, .character("h"):
      guard let item else { break }
      if expanded.contains(item) {
        expanded.remove(item)
      } else if let parent = parent(of: item) {
        cursor = rows.firstIndex(of: parent)!
      }
    case .space:
      if let item { _ = try? selection.toggle(item) }
    case .enter:
      guard let item else { break }
      switch selection.interaction(of: item)! {
      case .group:
        if expanded.contains(item) { expanded.remove(item) } else { expanded.insert(item) }
      case .checkToggle:
        _ = try? selection.toggle(item)
      default:
        // Refused while a group is open for editing: one session at a time.
        if (try? selection.beginEditing(item)) != nil {
          editing = (item, 0, selection.results(of: item).first ?? "")
        }
      }
    case .character("e"):
      if let item, hasChildren(item) { _ = try? selection.beginEditing(item) }
    case .character("s"):
      if selection.editedItem != nil { _ = try? selection.saveEditing() } else { outcome = .saved(selection.packagedFilters()) }
    case .character("c"), .escape:
      if selection.editedItem != nil { selection.cancelEditing() } else { outcome = .cancelled }
    case .character("q"):
      selection.cancelEditing()
      outcome = .cancelled
    case .character("x"): selection.clear()
    default: break
    }
  }

  private mutating func handleInEditor(_ key: Key, _ editor: (item: String, cursor: Int, text: String)) {
    var editor = editor
    let interaction = selection.interaction(of: editor.item)!
    let isText = interaction == .freeText
    func save() {
      try? selection.saveEditing()
      editing = nil
    }
    func cancel() {
      selection.cancelEditing()
      editing = nil
    }
    func clear() {
      selection.clear()
      editor.text = ""
      editing = editor
    }
    func choose() {
      _ = try? selection.toggle(option: interaction.options[editor.cursor], for: editor.item)
    }
    func type(_ text: String) {
      editor.text += text
      try? selection.setResults([editor.text], for: editor.item)
      editing = editor
    }
    switch key {
    case .enter: save()
    case .escape: cancel()
    case .clearLine: clear()
    case .up where !isText:
      editor.cursor = max(editor.cursor - 1, 0)
      editing = editor
    case .down where !isText:
      editor.cursor = min(editor.cursor + 1, interaction.options.count - 1)
      editing = editor
    case .space where !isText, .right where !isText: choose()
    case .space: type(" ")
    case .backspace where isText:
      if !editor.text.isEmpty {
        editor.text.removeLast()
        type("")
      }
    case .character(let character) where isText: type(String(character))
    case .character("s"): save()
    case .character("c"): cancel()
    case .character("x"): clear()
    case .character("k"):
      editor.cursor = max(editor.cursor - 1, 0)
      editing = editor
    case .character("j"):
      editor.cursor = min(editor.cursor + 1, interaction.options.count - 1)
      editing = editor
    default: break
    }
  }
}
