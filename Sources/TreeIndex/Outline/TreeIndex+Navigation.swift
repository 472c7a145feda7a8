/// Keyboard navigation: what a key does from the focused row.
extension TreeIndex {
  /// What a navigation key does from the focused row, as `NSOutlineView`
  /// and VS Code's tree read it; the index does not change.
  ///
  /// - Up and Down move the focus one row (no wrapping: at the first or the
  ///   last row the focus stays).
  /// - Left collapses the focused item when it is expanded; otherwise the
  ///   focus goes to its parent. A root item has no parent row, and neither
  ///   has a `.sectioned` level-1 row (its parent is a section): the focus
  ///   stays.
  /// - Right expands the focused item when it is collapsed and expandable
  ///   (see `isExpandable`); when it is expanded, the focus goes to its
  ///   first subitem, and stays when it has none.
  /// - With Option (Alt, ``TreeNavigationKey/isRecursive``), Right expands
  ///   the whole subtree of an expandable item, expanded or not (to open
  ///   the items collapsed beneath it), and Left collapses the whole
  ///   subtree of an expanded item; from a collapsed item, Left goes to the
  ///   parent as without Option.
  /// - Home and End focus the first and the last row; Page Up and Page Down
  ///   move the focus `rowsPerPage` rows, clamped to the first and the last
  ///   row.
  /// - With no focused row (`row` is `nil`), Up, Page Up and End focus the
  ///   last row and every other key the first.
  ///
  ///     var index = TreeIndex(numberOfRootItems: 2)
  ///     try index.expand([0], numberOfSubitems: 2)
  ///     index.navigationAction(for: .right, fromRow: 0, rowsPerPage: 10)?.focusedItem   // [0, 0]
  ///     index.navigationAction(for: .left, fromRow: 1, rowsPerPage: 10)?.focusedItem    // [0]
  ///     index.navigationAction(for: .left, fromRow: 0, rowsPerPage: 10)?.expansionChange
  ///     // .collapse([0], recursively: false)
  ///
  /// - Parameters:
  ///   - key: The key pressed.
  ///   - row: The focused global row, or `nil` when no row has the focus.
  ///   - rowsPerPage: How many rows Page Up and Page Down move; less than 1
  ///     is taken as 1.
  ///   - isExpandable: Whether a collapsed item can have subitems (asked
  ///     only about the focused item, when it is collapsed), as
  ///     `NSOutlineView` asks `isItemExpandable`. `nil` (the default):
  ///     every item is expandable unless the index knows it has no
  ///     subitems — an item never expanded is expandable.
  /// - Returns: The action, or `nil` when there are no rows or `row` is out
  ///   of range.
  /// - Complexity: O(*d* log *b*).
  public func navigationAction(
    for key: TreeNavigationKey, fromRow row: Int?, rowsPerPage: Int, isExpandable: ((TreePath) -> Bool)? = nil
  ) -> TreeNavigationAction<TreePath>? {
    let page = Swift.max(1, rowsPerPage)
    return _navigationAction(
      for: key, fromRow: row, isExpandable: isExpandable,
      pageDown: { $0 + Swift.min(page, numberOfRows - 1 - $0) },
      pageUp: { $0 - Swift.min(page, $0) })
  }

  /// The action of a navigation key, the pages measured by the caller.
  ///
  /// - Parameters:
  ///   - pageDown: The row Page Down focuses from a row; clamped into the
  ///     rows.
  ///   - pageUp: The row Page Up focuses from a row; clamped into the rows.
  /// - Complexity: O(*d* log *b*), plus one call of a page closure.
  package func _navigationAction(
    for key: TreeNavigationKey, fromRow row: Int?, isExpandable: ((TreePath) -> Bool)?,
    pageDown: (Int) -> Int, pageUp: (Int) -> Int
  ) -> TreeNavigationAction<TreePath>? {
    let count = numberOfRows
    guard count > 0 else { return nil }
    guard let row else {
      switch key.direction {
      case .up, .pageUp, .end: return _focusing(row: count - 1)
      default: return _focusing(row: 0)
      }
    }
    guard row >= 0, row < count, let treePath = treePath(forRow: row) else { return nil }
    let stay = TreeNavigationAction(focusedItem: treePath, focusedRow: row)
    func clamped(_ target: Int) -> Int { Swift.min(Swift.max(target, 0), count - 1) }
    switch key.direction {
    case .up:
      return row > 0 ? _focusing(row: row - 1) : stay
    case .down:
      return row < count - 1 ? _focusing(row: row + 1) : stay
    case .home:
      return _focusing(row: 0)
    case .end:
      return _focusing(row: count - 1)
    case .pageUp:
      return _focusing(row: clamped(pageUp(row)))
    case .pageDown:
      return _focusing(row: clamped(pageDown(row)))
    case .left:
      if isExpanded(treePath) {
        var action = stay
        action.expansionChange = .collapse(treePath, recursively: key.isRecursive)
        return action
      }
      let lowestRowDepth = layout == .flat ? 1 : 2
      guard treePath.depth > lowestRowDepth, let parent = treePath.parent, let parentRow = self.row(for: parent) else {
        return stay
      }
      return TreeNavigationAction(focusedItem: parent, focusedRow: parentRow)
    case .right:
      if isExpanded(treePath) {
        guard let subitems = numberOfSubitems(of: treePath), subitems > 0 else { return stay }
        if key.isRecursive {
          var action = stay
          action.expansionChange = .expand(treePath, recursively: true)
          return action
        }
        return TreeNavigationAction(focusedItem: treePath.appending(0), focusedRow: row + 1)
      }
      let expandable = isExpandable?(treePath) ?? (numberOfSubitems(of: treePath).map { $0 > 0 } ?? true)
      guard expandable else { return stay }
      var action = stay
      action.expansionChange = .expand(treePath, recursively: key.isRecursive)
      return action
    }
  }

  /// The action that moves the focus to a row in range.
  ///
  /// - Complexity: O(*d* log *b*).
  func _focusing(row: Int) -> TreeNavigationAction<TreePath>? {
    treePath(forRow: row).map { TreeNavigationAction(focusedItem: $0, focusedRow: row) }
  }
}
