import TreeIndex

/// A source of this module that reads an item's element and its number of
/// children in one walk: a filter builds its mirror of an item from both,
/// and a join would otherwise find the source that holds the item twice.
protocol _ElementAndChildCount<Element>: TreeSource {
  /// The element at `path` with its first index lowered by `offset` (a
  /// join passes its own path and the root items of the sources before
  /// this one, so that no path is copied), and its number of children.
  ///
  /// - Throws: A ``TreeSourceError`` when no item is at that path (not
  ///   always the one ``TreeSource/element(at:)`` throws: a join lets its
  ///   last source refuse a path past its items); a number of children
  ///   that cannot be read is 0, as a filter reads it.
  func _elementAndChildCount(
    at path: TreePath, firstIndexOffset offset: Int
  ) throws(TreeSourceError) -> (element: Element, childCount: Int)
}

extension TreeSource {
  /// The element at `path` with its first index lowered by `offset`, and
  /// its number of children (0 when it cannot be read), asked as two
  /// questions.
  func _elementAndChildCountAsked(
    at path: TreePath, firstIndexOffset offset: Int
  ) throws(TreeSourceError) -> (element: Element, childCount: Int) {
    let local = offset == 0 || path.depth == 0 ? path : path.replacingFirst(with: path[0] - offset)
    let element = try element(at: local)
    return (element, (try? numberOfChildren(of: local)) ?? 0)
  }
}
