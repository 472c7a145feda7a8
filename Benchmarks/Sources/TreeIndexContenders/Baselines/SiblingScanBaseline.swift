// Baseline 2, the sibling scan: a node per item holding its children and its
// rendered row count, with rows found by adding up the counts of earlier
// siblings — VS Code's IndexTreeModel (getListIndex, _updateNodeAfterCollapseChange).

import TreeIndex

/// The sibling scan: a node per item, each with its children array and the
/// number of rows it renders (itself plus its visible descendants).
///
/// - Path → row adds the rendered counts of the earlier siblings at each
///   level (IndexTreeModel's `getParentNodeWithListIndex`, marked
///   "TODO@joao perf!"): O(*d* · *b*).
/// - Row → path descends the same way, scanning children until the count
///   covers the row: O(*d* · *b*).
/// - Collapse sets the flag and subtracts the old count from the ancestors:
///   O(*d* · *b*) to find the item.
/// - Expand recomputes the rendered count of every visible node beneath the
///   item and collects them for the list's splice
///   (`_updateNodeAfterCollapseChange`): O(rows beneath).
/// - Memory: an object per item, as IndexTreeModel allocates one per element.
public struct SiblingScanBaseline: RowMapping {
  public static var name: String { "Sibling scan" }

  /// A tree node: one per item, as in IndexTreeModel.
  final class Node {
    var children: [Node]
    var collapsed: Bool
    /// The rows this node renders: 1 for itself, plus its visible
    /// descendants' when it is expanded.
    var renderNodeCount: Int

    init(children: [Node], collapsed: Bool, renderNodeCount: Int) {
      self.children = children
      self.collapsed = collapsed
      self.renderNodeCount = renderNodeCount
    }
  }

  /// The invisible root, whose children are the root items.
  let root: Node

  public init(tree: TreeShape) {
    let folders = tree.folderTree()
    func makeNode(_ entry: Int) -> Node {
      let folder = folders.entries[entry]
      var children: [Node] = []
      children.reserveCapacity(folder.numberOfSubitems)
      var next = 0
      var total = 1
      for index in 0..<folder.numberOfSubitems {
        let child: Node
        if next < folder.subfolders.count && folder.subfolders[next].index == index {
          child = makeNode(folder.subfolders[next].entry)
          next += 1
        } else {
          child = Node(children: [], collapsed: false, renderNodeCount: 1)
        }
        total += child.renderNodeCount
        children.append(child)
      }
      return Node(children: children, collapsed: false, renderNodeCount: total)
    }
    root = makeNode(0)
  }

  public var numberOfRows: Int { root.renderNodeCount - 1 }

  public func row(for path: TreePath) -> Int? {
    var unused: [Node] = []
    guard let (_, listIndex) = locate(path, collectingAncestorsIn: &unused, collect: false) else { return nil }
    return listIndex
  }

  public func treePath(forRow row: Int) -> TreePath? {
    guard row >= 0 && row < numberOfRows else { return nil }
    var indices: [Int] = []
    indices.reserveCapacity(8)
    var node = root
    var remaining = row
    while true {
      var index = 0
      for child in node.children {
        let count = child.renderNodeCount
        if remaining < count {
          indices.append(index)
          if remaining == 0 { return TreePath(indices) }
          remaining -= 1
          node = child
          break
        }
        remaining -= count
        index += 1
      }
    }
  }

  public mutating func collapse(_ path: TreePath) -> Range<Int> {
    var ancestors: [Node] = []
    guard let (node, listIndex) = locate(path, collectingAncestorsIn: &ancestors, collect: true), !node.collapsed else {
      return 0..<0
    }
    let old = node.renderNodeCount
    node.collapsed = true
    var rendered: [Node] = []
    let new = Self.updateNodeAfterCollapseChange(node, &rendered)
    for ancestor in ancestors { ancestor.renderNodeCount += new - old }
    return (listIndex + 1)..<(listIndex + old)
  }

  public mutating func expand(_ path: TreePath, numberOfSubitems: Int) -> Range<Int> {
    var ancestors: [Node] = []
    guard let (node, listIndex) = locate(path, collectingAncestorsIn: &ancestors, collect: true), node.collapsed else {
      return 0..<0
    }
    let old = node.renderNodeCount
    node.collapsed = false
    var rendered: [Node] = []
    let new = Self.updateNodeAfterCollapseChange(node, &rendered)
    for ancestor in ancestors { ancestor.renderNodeCount += new - old }
    return (listIndex + 1)..<(listIndex + new)
  }

  /// Finds the visible node at `path` and its row by adding up the rendered
  /// counts of the earlier siblings at each level; when `collect` is true,
  /// appends its ancestors (the root included) to `ancestors`.
  private func locate(_ path: TreePath, collectingAncestorsIn ancestors: inout [Node], collect: Bool) -> (Node, Int)? {
    guard !path.isEmpty else { return nil }
    var node = root
    var listIndex = 0
    let last = path.depth - 1
    for level in 0...last {
      let index = path[level]
      let children = node.children
      guard index >= 0 && index < children.count else { return nil }
      for sibling in 0..<index { listIndex += children[sibling].renderNodeCount }
      if collect { ancestors.append(node) }
      let child = children[index]
      if level == last { return (child, listIndex) }
      guard !child.collapsed else { return nil }
      listIndex += 1
      node = child
    }
    return nil
  }

  /// Recomputes the rendered count of `node` and of every visible node
  /// beneath it, appending each to `rendered` (the nodes the list splices
  /// in), as IndexTreeModel's `_updateNodeAfterCollapseChange` does.
  private static func updateNodeAfterCollapseChange(_ node: Node, _ rendered: inout [Node]) -> Int {
    rendered.append(node)
    var count = 1
    if !node.collapsed {
      for child in node.children { count += updateNodeAfterCollapseChange(child, &rendered) }
    }
    node.renderNodeCount = count
    return count
  }
}
