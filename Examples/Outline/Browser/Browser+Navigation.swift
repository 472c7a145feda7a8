import TreeDataSource

/// The browser's moves, as the list answers them: the cursor is the list's
/// focus, the selection follows it (Shift with ↑ and ↓ extends it), and
/// `'` starts a type-select.
extension Browser {
  /// Does what `key` does from the cursor's item, through
  /// `TreeList.navigate(for:viewportOffset:viewportHeight:selection:isExpandable:)`:
  /// one host update for an expansion or a collapse, then the cursor on
  /// the focused item.
  ///
  /// - Complexity: O(*d* log *b*), plus the expansion's cost.
  mutating func navigate(_ key: TreeNavigationKey, selection: TreeNavigationSelection = .selectFocusedItem) {
    guard let path = cursorPath else { return }
    // The cursor moves by other means too (a search, the filter): the list
    // starts from where it is.
    if list.focusedTreePath != path { list.selectItem(at: path) }
    let dataSource = list.dataSource
    do {
      let action = try list.navigate(
        for: key, viewportOffset: viewport.top, viewportHeight: viewport.height, selection: selection,
        isExpandable: { dataSource.item(at: $0).isContainer })
      moveCursor(to: action?.focusedItem ?? path)
    } catch {
      message = "\(error)"
      moveCursor(to: path)
    }
  }

  /// Starts a type-select: the next characters name the item to go to.
  mutating func startTypeSelect() {
    typeSelect.reset()
    mode = .typeSelecting("")
  }

  /// A character adds to the text and moves the cursor to the next item
  /// whose name starts with it (the same letter again: the next such
  /// item); Enter or Esc ends the type-select, and any other key ends it
  /// and does what it does.
  mutating func handleTypeSelectKey(_ key: Key) {
    let typed: String
    switch key {
    case .character(let character): typed = String(character)
    case .space: typed = " "
    case .enter, .escape:
      mode = .browsing
      return
    default:
      mode = .browsing
      handle(key)
      return
    }
    // The keys of one type-select come together: no time-out between them.
    typeSelect.type(typed, at: 0)
    mode = .typeSelecting(typeSelect.typedText)
    if let path = cursorPath, list.focusedTreePath != path { list.selectItem(at: path) }
    let dataSource = list.dataSource
    if let action = list.typeSelect(typeSelect, label: { dataSource.item(at: $0).name }) {
      moveCursor(to: action.focusedItem)
    } else {
      message = "no item starts with \(typeSelect.typedText)"
    }
  }
}
