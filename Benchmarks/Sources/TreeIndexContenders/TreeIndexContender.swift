// TreeIndex behind the benchmarks' mapping protocol: a thin adapter that
// calls the library's public API and nothing else.

import TreeIndex

/// `TreeIndex` in the `.flat` layout, as an app would hold it.
public struct TreeIndexContender: RowMapping {
  public static var name: String { "TreeIndex" }

  /// The index.
  public var index: TreeIndex

  /// Creates the index and expands every folder, parents first.
  public init(tree: TreeShape) {
    index = TreeIndex(numberOfRootItems: tree.numberOfRootItems)
    for folder in tree.folders {
      do {
        try index.expand(folder.path, numberOfSubitems: folder.numberOfSubitems)
      } catch {
        preconditionFailure("the outline's folders come parents first: \(error)")
      }
    }
  }

  public var numberOfRows: Int { index.numberOfRows }

  public func row(for path: TreePath) -> Int? { index.row(for: path) }

  public func treePath(forRow row: Int) -> TreePath? { index.treePath(forRow: row) }

  public mutating func collapse(_ path: TreePath) -> Range<Int> {
    do {
      return try index.collapse(path).deletedRowRanges.first?.rows ?? 0..<0
    } catch {
      preconditionFailure("collapse \(path): \(error)")
    }
  }

  public mutating func expand(_ path: TreePath, numberOfSubitems: Int) -> Range<Int> {
    do {
      return try index.expand(path, numberOfSubitems: numberOfSubitems).insertedRowRanges.first?.rows ?? 0..<0
    } catch {
      preconditionFailure("expand \(path): \(error)")
    }
  }
}
