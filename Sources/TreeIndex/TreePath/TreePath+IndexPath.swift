#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

extension TreePath {
  /// Creates a tree path from the indices of an `IndexPath` that already
  /// holds an N-depth tree position (not a table's `[section, row]`).
  ///
  /// Use it to adopt tree paths from code written against `NSIndexPath`
  /// trees; to convert a table path, call
  /// ``TreeIndex/treeIndexPath(fromTablePath:)`` instead.
  ///
  /// - Parameter indexPath: The tree position as an index path.
  /// - Complexity: O(*d*).
  public init(indexPath: IndexPath) {
    self.init(Array(indexPath))
  }

  /// The same indices as an `IndexPath`, for APIs that store tree positions
  /// that way. This is not a table path.
  ///
  /// - Complexity: O(*d*).
  public var indexPath: IndexPath { IndexPath(indexes: _indices) }
}
