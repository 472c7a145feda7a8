/// What a descent to a row keeps of the items it passes: their indices
/// (an array of them, the path), or more.
protocol _PathRecorder {
  /// Takes the next item on the way down, outermost first.
  ///
  /// - Parameters:
  ///   - index: The item's index among its siblings.
  ///   - node: The item's node, `.null` when it was never expanded.
  ///   - row: The item's row, counted among the rows beneath the item the
  ///     descent starts from.
  mutating func append(_ index: Int, node: _NodeID, row: Int)
}

extension Array: _PathRecorder where Element == Int {
  /// Appends the item's index.
  @inline(__always)
  mutating func append(_ index: Int, node: _NodeID, row: Int) {
    append(index)
  }
}
