// Baseline 4, the floor: the least a row mapping can read. For each expanded
// item, the indices of its expanded subitems in order, with the prefix sums
// of the rows beneath them; rows are found by a binary search per level.

import TreeIndex

/// The floor: what any row mapping has to read, kept as a read-mostly
/// index with no balancing, no summaries of its own and no journal.
///
/// Each folder (an item with subitems) keeps its number of subitems, the
/// indices of its subfolders in ascending order, and the prefix sums of the
/// rows each subfolder shows beneath itself. The row of subitem *i* among a
/// folder's rows is *i* plus the rows beneath the subfolders before it.
///
/// - Path → row: one binary search over the subfolders at each level:
///   O(*d* log *f*) for *f* subfolders per folder.
/// - Row → path: the same descent, searching the rows where the subfolders
///   start: O(*d* log *f*).
/// - Collapse and expand: the rows beneath the item change in the prefix
///   sums of each ancestor, from the item's place on: O(*d* · *f*).
/// - Memory: three integers per subfolder and six per folder; nothing per
///   plain item.
///
/// It answers only what TreeIndex answers about an outline of counts; it
/// has no edits, moves or batches. The tables use it as the floor the
/// index's lookups are measured against.
public struct FloorBaseline: RowMapping {
  public static var name: String { "Floor" }

  // The folders (an expanded or collapsed item with subitems; the root is
  // folder 0), in arrays of integers indexed by folder, and their
  // subfolders in three arrays indexed from `first[f]`, so that a lookup
  // reads integers from a few contiguous buffers and retains nothing.

  /// Each folder's number of subitems.
  var numberOfSubitems: [Int]
  /// The rows beneath each folder's subfolders, as shown.
  var rowsBeneathSubfolders: [Int]
  /// Whether each folder is collapsed.
  var isCollapsed: [Bool]
  /// Each folder's parent (-1 for the root) and place among its subfolders.
  var parent: [Int]
  var position: [Int]
  /// Where each folder's subfolders start in the three arrays below; one
  /// entry more than there are folders.
  var first: [Int]
  /// Each subfolder's index among its folder's subitems, ascending per
  /// folder.
  var subfolderIndex: [Int]
  /// Each subfolder's row among its folder's rows: its index plus the rows
  /// beneath the subfolders before it.
  var subfolderRow: [Int]
  /// Each subfolder's folder.
  var subfolder: [Int]

  public init(tree: TreeShape) {
    let entries = tree.folderTree().entries
    numberOfSubitems = entries.map(\.numberOfSubitems)
    rowsBeneathSubfolders = Array(repeating: 0, count: entries.count)
    isCollapsed = Array(repeating: false, count: entries.count)
    parent = Array(repeating: -1, count: entries.count)
    position = Array(repeating: 0, count: entries.count)
    first = [0]
    subfolderIndex = []
    subfolderRow = []
    subfolder = []
    for (f, entry) in entries.enumerated() {
      for (k, sub) in entry.subfolders.enumerated() {
        parent[sub.entry] = f
        position[sub.entry] = k
        subfolderIndex.append(sub.index)
        subfolder.append(sub.entry)
      }
      first.append(subfolder.count)
    }
    subfolderRow = Array(repeating: 0, count: subfolder.count)
    // Subfolders come after their folder in the depth-first order: sum up
    // from the last.
    for f in entries.indices.reversed() {
      var beneath = 0
      for k in first[f]..<first[f + 1] {
        subfolderRow[k] = subfolderIndex[k] + beneath
        beneath += numberOfSubitems[subfolder[k]] + rowsBeneathSubfolders[subfolder[k]]
      }
      rowsBeneathSubfolders[f] = beneath
    }
  }

  public var numberOfRows: Int { numberOfSubitems[0] + rowsBeneathSubfolders[0] }

  /// The rows beneath folder `f` as shown.
  func rowsBeneath(_ f: Int) -> Int { isCollapsed[f] ? 0 : numberOfSubitems[f] + rowsBeneathSubfolders[f] }

  public func row(for path: TreePath) -> Int? {
    guard let (_, row) = locate(path) else { return nil }
    return row
  }

  public func treePath(forRow row: Int) -> TreePath? {
    guard row >= 0 && row < numberOfRows else { return nil }
    var indices: [Int] = []
    indices.reserveCapacity(8)
    var f = 0
    var remaining = row
    while true {
      // The last subfolder that starts at or before `remaining`.
      var (low, high) = (first[f], first[f + 1])
      let start = low
      subfolderRow.withUnsafeBufferPointer { rows in
        while low < high {
          let mid = (low + high) >> 1
          if rows[mid] <= remaining { low = mid + 1 } else { high = mid }
        }
      }
      let k = low - 1
      guard k >= start else {
        indices.append(remaining)
        return TreePath(indices)
      }
      let subRow = subfolderRow[k]
      let sub = subfolder[k]
      let beneath = rowsBeneath(sub)
      if remaining == subRow {
        indices.append(subfolderIndex[k])
        return TreePath(indices)
      }
      if remaining > subRow + beneath {
        // A plain item after subfolder `k`: its row less the rows beneath
        // the subfolders up to `k`.
        indices.append(remaining - (subRow - subfolderIndex[k] + beneath))
        return TreePath(indices)
      }
      indices.append(subfolderIndex[k])
      remaining -= subRow + 1
      f = sub
    }
  }

  public mutating func collapse(_ path: TreePath) -> Range<Int> {
    guard let (f, row) = locate(path), f > 0, !isCollapsed[f] else { return 0..<0 }
    let old = rowsBeneath(f)
    isCollapsed[f] = true
    addToAncestors(of: f, -old)
    return (row + 1)..<(row + 1 + old)
  }

  public mutating func expand(_ path: TreePath, numberOfSubitems: Int) -> Range<Int> {
    guard let (f, row) = locate(path), f > 0, isCollapsed[f] else { return 0..<0 }
    isCollapsed[f] = false
    let new = rowsBeneath(f)
    addToAncestors(of: f, new)
    return (row + 1)..<(row + 1 + new)
  }

  /// The visible item at `path`: its folder (0 when it is a plain item)
  /// and its row.
  private func locate(_ path: TreePath) -> (folder: Int, row: Int)? {
    guard !path.isEmpty else { return nil }
    var f = 0
    var row = -1
    let last = path.depth - 1
    for level in 0...last {
      let i = path[level]
      guard i >= 0 && i < numberOfSubitems[f] else { return nil }
      // The first subfolder at or after subitem `i`.
      var (low, high) = (first[f], first[f + 1])
      let end = high
      subfolderIndex.withUnsafeBufferPointer { indices in
        while low < high {
          let mid = (low + high) >> 1
          if indices[mid] < i { low = mid + 1 } else { high = mid }
        }
      }
      // The rows beneath the subfolders before `i`.
      let before = low < end ? subfolderRow[low] - subfolderIndex[low] : rowsBeneathSubfolders[f]
      row += 1 + i + before
      let isFolder = low < end && subfolderIndex[low] == i
      if level == last { return (isFolder ? subfolder[low] : 0, row) }
      guard isFolder else { return nil }
      f = subfolder[low]
      guard !isCollapsed[f] else { return nil }
    }
    return nil
  }

  /// Adds `delta` rows beneath folder `f` to each ancestor: to the rows of
  /// the subfolders after it and to the rows beneath its subfolders.
  private mutating func addToAncestors(of f: Int, _ delta: Int) {
    var child = f
    while parent[child] >= 0 {
      let p = parent[child]
      let from = first[p] + position[child] + 1
      let to = first[p + 1]
      subfolderRow.withUnsafeMutableBufferPointer { rows in
        for k in from..<to { rows[k] += delta }
      }
      rowsBeneathSubfolders[p] += delta
      // A collapsed ancestor shows nothing beneath: its own ancestors do
      // not change.
      if isCollapsed[p] { return }
      child = p
    }
  }
}
