/// The lines an outline draws beside its rows.
extension TreeIndex {
  /// The indent guides of the item at a global row: for each level above
  /// it, whether that level's line continues below the row, and whether the
  /// row is its parent's last subitem.
  ///
  /// In `.sectioned`, level 0 is the section's root item: its entry tells
  /// whether a later section follows.
  ///
  ///     var index = TreeIndex(numberOfRootItems: 1)
  ///     try index.expand([0], numberOfSubitems: 2)
  ///     try index.expand([0, 0], numberOfSubitems: 1)
  ///     let guides = index.indentGuides(forRow: 2)!   // the row of [0, 0, 0]
  ///     guides.continuesBelow   // [false, true]: [0] is the last root item; [0, 1] follows [0, 0]
  ///     guides.isLastSubitem    // true
  ///
  /// - Parameter row: A row in `0 ..< numberOfRows`.
  /// - Returns: The guides, or `nil` when there is no such row.
  /// - Complexity: O(*d* log *b*): two descents of the tree (the row's path,
  ///   then its ancestors' numbers of subitems), then O(*d*) to fill the
  ///   answer.
  public func indentGuides(forRow row: Int) -> TreeIndentGuides? {
    guard let treePath = treePath(forRow: row) else { return nil }
    var isLast: [Bool] = []
    isLast.reserveCapacity(treePath.depth)
    var node = _Arena.root
    for index in treePath {
      isLast.append(index == _arena.count(node) - 1)
      node = _arena.subitem(of: node, at: index).node
      if node == .null && isLast.count < treePath.depth { return nil }
    }
    return TreeIndentGuides(continuesBelow: isLast.dropLast().map { !$0 }, isLastSubitem: isLast.last ?? true)
  }
}
