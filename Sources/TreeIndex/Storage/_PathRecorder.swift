/// What a descent to a row keeps of the items it passes: their indices
/// (an array of them, the path), or more.
protocol _PathRecorder {
  /// Takes the next item on the way down, outermost first.
  ///
  /// - Parameters:
  ///   - index: The item's index among its siblings.
  ///   - node: The item's node, `.null` when it was never expanded.
  ///   - row: The item's row.
  ///   - rowsBeneath: The rows shown beneath the item.
  ///   - siblings: The number of subitems of the item's parent.
  mutating func append(_ index: Int, node: _NodeID, row: Int, rowsBeneath: Int, siblings: Int)
}

extension Array: _PathRecorder where Element == Int {
  /// Appends the item's index.
  @inline(__always)
  mutating func append(_ index: Int, node: _NodeID, row: Int, rowsBeneath: Int, siblings: Int) {
    append(index)
  }
}
