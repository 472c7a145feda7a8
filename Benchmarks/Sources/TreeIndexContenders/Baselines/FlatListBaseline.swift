// Baseline 1, the flat list: the visible items' paths in an array, spliced
// on expand and collapse, with a path → row dictionary rebuilt after every
// change. react-arborist, RATreeView, LNZTreeView, Angular CDK's flat tree,
// Flutter's TreeSliver and NSDiffableDataSourceSectionSnapshot.visibleItems
// all keep their rows this way.

import TreeIndex

/// The flat list: one stored path per visible row.
///
/// - Row → path is an array read, O(1).
/// - Path → row is a dictionary lookup, O(*d*) to hash the path.
/// - Expanding walks the item's retained subtree and asks, for each row it
///   emits, whether that item is open (react-arborist's `isOpen` lookup),
///   splices the new paths in, and rebuilds the dictionary: O(rows).
/// - Collapsing finds the end of the item's rows by comparing prefixes,
///   splices them out, and rebuilds the dictionary: O(rows).
/// - Memory: a path and a dictionary entry per visible row.
public struct FlatListBaseline: RowMapping {
  public static var name: String { "Flat list" }

  /// The visible items' paths, in row order.
  var rows: [TreePath]
  /// The row of each visible item: rebuilt from `rows` after every change.
  var rowByPath: [TreePath: Int]
  /// The expanded items (the open map).
  var expanded: Set<TreePath>
  /// The number of subitems of every item that was ever expanded.
  var numberOfSubitems: [TreePath: Int]

  public init(tree: TreeShape) {
    numberOfSubitems = tree.numberOfSubitemsByPath()
    expanded = Set(numberOfSubitems.keys)
    rows = []
    rowByPath = [:]
    var visible: [TreePath] = []
    visible.reserveCapacity(tree.numberOfRows)
    for index in 0..<tree.numberOfRootItems {
      appendVisibleRows(of: TreePath([index]), to: &visible)
    }
    rows = visible
    rebuildRowIndex()
  }

  public var numberOfRows: Int { rows.count }

  public func row(for path: TreePath) -> Int? { rowByPath[path] }

  public func treePath(forRow row: Int) -> TreePath? {
    rows.indices.contains(row) ? rows[row] : nil
  }

  public mutating func collapse(_ path: TreePath) -> Range<Int> {
    guard let row = rowByPath[path], expanded.remove(path) != nil else { return 0..<0 }
    var end = row + 1
    while end < rows.count && path.isAncestor(of: rows[end]) { end += 1 }
    rows.removeSubrange((row + 1)..<end)
    rebuildRowIndex()
    return (row + 1)..<end
  }

  public mutating func expand(_ path: TreePath, numberOfSubitems count: Int) -> Range<Int> {
    guard let row = rowByPath[path], expanded.insert(path).inserted else { return 0..<0 }
    numberOfSubitems[path] = count
    var inserted: [TreePath] = []
    for index in 0..<count {
      appendVisibleRows(of: path.appending(index), to: &inserted)
    }
    rows.insert(contentsOf: inserted, at: row + 1)
    rebuildRowIndex()
    return (row + 1)..<(row + 1 + inserted.count)
  }

  /// Appends the item at `path` and, if it is open, its visible descendants.
  private func appendVisibleRows(of path: TreePath, to output: inout [TreePath]) {
    output.append(path)
    guard expanded.contains(path), let count = numberOfSubitems[path] else { return }
    for index in 0..<count {
      appendVisibleRows(of: path.appending(index), to: &output)
    }
  }

  /// Rebuilds the path → row dictionary from the rows (react-arborist's
  /// `createIndex` over the visible nodes).
  private mutating func rebuildRowIndex() {
    rowByPath.removeAll(keepingCapacity: true)
    rowByPath.reserveCapacity(rows.count)
    for (row, path) in rows.enumerated() { rowByPath[path] = row }
  }
}
