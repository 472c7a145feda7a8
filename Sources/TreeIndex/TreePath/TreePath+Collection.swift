extension TreePath: RandomAccessCollection, MutableCollection {
  /// The position of the outermost index: always 0.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var startIndex: Int { 0 }

  /// One past the position of the last index: the path's ``depth``.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var endIndex: Int { _indices.count }

  /// The item's index among its siblings at `level` (0 is the root level).
  ///
  /// - Parameter level: A level in `0 ..< depth`.
  /// - Complexity: O(1).
  @inlinable
  public subscript(level: Int) -> Int {
    get { _indices[level] }
    set { _indices[level] = newValue }
  }
}
