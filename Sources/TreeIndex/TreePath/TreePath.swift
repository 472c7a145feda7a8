/// The position of an item in a tree: the index of each ancestor among its
/// siblings, from the root level down, then the item's own index.
///
/// `[2]` is the third root item; `[2, 0]` is the first subitem of `[2]`;
/// `[1, 1, 0]` is the first subitem of the second subitem of the second root
/// item. A tree path is never a table's two-index path: `TreeIndex` converts
/// between the two with ``TreeIndex/tableIndexPath(fromTreePath:)`` and
/// ``TreeIndex/treeIndexPath(fromTablePath:)``, and the distinct types keep
/// one from being passed where the other is expected.
///
/// Tree paths compare in depth-first order: an item sorts after its parent
/// and before its next sibling, so sorting a list of paths puts it in the
/// order the items appear as rows. An empty path is a valid value but never a
/// valid item.
public struct TreePath: Sendable {
  @usableFromInline
  internal var _indices: [Int]

  /// Creates a tree path from a sequence of indices, outermost level first.
  ///
  /// - Parameter indices: The index of each ancestor among its siblings, then
  ///   the index of the item itself.
  /// - Complexity: O(*d*), where *d* is the number of indices.
  @inlinable
  public init(_ indices: some Sequence<Int>) {
    _indices = Array(indices)
  }

  /// A path of `indices`, taken as they are.
  init(_indices indices: [Int]) {
    _indices = indices
  }

  /// The number of levels in the path: 1 for a root item, 2 for its
  /// subitems, and so on; 0 for the empty path.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var depth: Int { _indices.count }

  /// The path of the item's parent, or `nil` for a root item (and for the
  /// empty path).
  ///
  /// - Complexity: O(*d*).
  @inlinable
  public var parent: TreePath? {
    _indices.count > 1 ? TreePath(_indices.dropLast()) : nil
  }

  /// Returns the path of the subitem at `index` of the item at this path.
  ///
  /// - Parameter index: The subitem's index among its siblings.
  /// - Returns: This path with `index` appended.
  /// - Complexity: O(*d*).
  @inlinable
  public func appending(_ index: Int) -> TreePath {
    var copy = self
    copy._indices.append(index)
    return copy
  }

  /// Returns the path of the sibling at `index`: this path with its last
  /// index replaced.
  ///
  /// - Parameter index: The sibling's index. The path must not be empty.
  /// - Returns: The sibling's path, or the empty path if this path is empty.
  /// - Complexity: O(*d*).
  @inlinable
  public func replacingLast(with index: Int) -> TreePath {
    guard !_indices.isEmpty else { return self }
    var copy = self
    copy._indices[copy._indices.count - 1] = index
    return copy
  }

  /// Returns a Boolean value that tells whether this path names an ancestor
  /// of the item at `other` (its parent, its parent's parent, and so on).
  ///
  /// An item is not its own ancestor.
  ///
  /// - Parameter other: A path to test.
  /// - Returns: `true` if this path is a proper, non-empty prefix of `other`.
  /// - Complexity: O(*d*).
  @inlinable
  public func isAncestor(of other: TreePath) -> Bool {
    !_indices.isEmpty && _indices.count < other._indices.count
      && other._indices.starts(with: _indices)
  }
}

extension TreePath: Hashable {}

extension TreePath: Comparable {
  /// Depth-first order: the lexicographic order of the indices, so that an
  /// item sorts before its subitems and its subitems before its next sibling.
  ///
  /// - Complexity: O(*d*).
  @inlinable
  public static func < (lhs: TreePath, rhs: TreePath) -> Bool {
    lhs._indices.lexicographicallyPrecedes(rhs._indices)
  }
}

extension TreePath: ExpressibleByArrayLiteral {
  /// Creates a tree path from an array literal of indices, as in `[1, 1, 0]`.
  ///
  /// - Parameter elements: The indices, outermost level first.
  /// - Complexity: O(*d*).
  @inlinable
  public init(arrayLiteral elements: Int...) {
    _indices = elements
  }
}

extension TreePath: CustomStringConvertible {
  /// The indices in brackets, as in `[1, 1, 0]`.
  public var description: String {
    "[" + _indices.map(String.init).joined(separator: ", ") + "]"
  }
}
