// Baseline 3, the recount: no row bookkeeping at all; every question walks
// the visible rows — genkernel's TreeView (rowOffsetForIndexPath).

import TreeIndex

/// The recount: only the expansion state is stored (each known item's number
/// of subitems, whether it is expanded, and its known subitems by index);
/// rows are counted by walking them, one visible item at a time.
///
/// - Path → row walks every visible row before the item: for each earlier
///   sibling at each level, one row, plus, when that sibling is expanded,
///   every row beneath it (TreeView's recursive `rowOffsetForIndexPath`).
/// - Row → path walks the rows in order until it reaches the row.
/// - Collapse and expand flip a flag, then count the item's row and the
///   rows beneath it the same way, to report what changed: O(rows).
/// - Memory: one object per item that was ever expanded.
///
/// For every item it visits, the walk asks whether the item is expanded. It
/// does so with a lookup by index in the parent's dictionary of known
/// subitems, which is cheaper than TreeView's (an `NSIndexPath` allocated and
/// hashed per item), so this baseline is, if anything, flattered.
public struct RecountBaseline: RowMapping {
  public static var name: String { "Recount" }

  /// An item that was ever expanded.
  final class Item {
    let numberOfSubitems: Int
    var isExpanded: Bool
    /// The subitems that were ever expanded, by index.
    var knownSubitems: [Int: Item]

    init(numberOfSubitems: Int, isExpanded: Bool, knownSubitems: [Int: Item]) {
      self.numberOfSubitems = numberOfSubitems
      self.isExpanded = isExpanded
      self.knownSubitems = knownSubitems
    }
  }

  /// The invisible root, whose subitems are the root items.
  let root: Item
  public private(set) var numberOfRows: Int

  public init(tree: TreeShape) {
    let folders = tree.folderTree()
    func makeItem(_ entry: Int) -> Item {
      let folder = folders.entries[entry]
      var known: [Int: Item] = [:]
      for subfolder in folder.subfolders { known[subfolder.index] = makeItem(subfolder.entry) }
      return Item(numberOfSubitems: folder.numberOfSubitems, isExpanded: true, knownSubitems: known)
    }
    root = makeItem(0)
    // As TreeView's numberOfRowsInSection: count every visible row.
    numberOfRows = Self.visibleRows(beneath: root)
  }

  public func row(for path: TreePath) -> Int? {
    guard !path.isEmpty else { return nil }
    var item = root
    var row = 0
    let last = path.depth - 1
    for level in 0...last {
      let index = path[level]
      guard index >= 0 && index < item.numberOfSubitems else { return nil }
      let known = item.knownSubitems
      for sibling in 0..<index {
        row += 1
        if let subitem = known[sibling], subitem.isExpanded { row += Self.visibleRows(beneath: subitem) }
      }
      if level == last { return row }
      guard let subitem = known[index], subitem.isExpanded else { return nil }
      row += 1
      item = subitem
    }
    return nil
  }

  public func treePath(forRow row: Int) -> TreePath? {
    guard row >= 0 && row < numberOfRows else { return nil }
    var indices: [Int] = []
    indices.reserveCapacity(8)
    var item = root
    var remaining = row
    descend: while true {
      let known = item.knownSubitems
      for index in 0..<item.numberOfSubitems {
        if remaining == 0 {
          indices.append(index)
          return TreePath(indices)
        }
        remaining -= 1
        if let subitem = known[index], subitem.isExpanded {
          let beneath = Self.visibleRows(beneath: subitem)
          if remaining < beneath {
            indices.append(index)
            item = subitem
            continue descend
          }
          remaining -= beneath
        }
      }
      return nil
    }
  }

  public mutating func collapse(_ path: TreePath) -> Range<Int> {
    guard let item = knownItem(at: path), item.isExpanded, let row = row(for: path) else { return 0..<0 }
    let beneath = Self.visibleRows(beneath: item)
    item.isExpanded = false
    numberOfRows -= beneath
    return (row + 1)..<(row + 1 + beneath)
  }

  public mutating func expand(_ path: TreePath, numberOfSubitems: Int) -> Range<Int> {
    guard let item = knownItem(at: path), !item.isExpanded, let row = row(for: path) else { return 0..<0 }
    item.isExpanded = true
    let beneath = Self.visibleRows(beneath: item)
    numberOfRows += beneath
    return (row + 1)..<(row + 1 + beneath)
  }

  /// The item at `path` if it was ever expanded.
  private func knownItem(at path: TreePath) -> Item? {
    var item = root
    for index in path {
      guard let subitem = item.knownSubitems[index] else { return nil }
      item = subitem
    }
    return item
  }

  /// Counts the rows shown beneath an expanded item by visiting each one.
  private static func visibleRows(beneath item: Item) -> Int {
    var rows = 0
    let known = item.knownSubitems
    for index in 0..<item.numberOfSubitems {
      rows += 1
      if let subitem = known[index], subitem.isExpanded { rows += visibleRows(beneath: subitem) }
    }
    return rows
  }
}
