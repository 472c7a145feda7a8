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
  /// - Complexity: O(*d* log *b*): one descent of the tree to the row,
  ///   which reads its ancestors' numbers of subitems on the way.
  public func indentGuides(forRow row: Int) -> TreeIndentGuides? {
    var walk = _BranchRecorder(keepsGuides: true)
    guard _descend(toGlobalRow: row, recordingIn: &walk) else { return nil }
    return TreeIndentGuides(continuesBelow: walk.continuesBelow, isLastSubitem: walk.isLastSubitem)
  }
}
