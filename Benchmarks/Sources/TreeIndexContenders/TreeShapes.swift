// The trees every contender is measured on: seeded, so that each contender,
// each run and each machine gets exactly the same outline.

import TreeIndex

/// An outline to benchmark on: how many root items it has, and which items
/// are expanded (the "folders") with their numbers of subitems. Every other
/// item is a collapsed entry that was never expanded.
///
/// ``generate(rows:depth:seed:)`` builds outlines the way real ones look:
/// uneven fan-out, most folders small, and a few very large folders that
/// hold almost all the rows (a `node_modules`, a mailbox, a log). See
/// `Benchmarks/README.md` for the exact recipe.
public struct TreeShape: Sendable {
  /// An expanded item and its number of subitems.
  public struct Folder: Sendable {
    /// The item's path.
    public var path: TreePath
    /// Its number of subitems.
    public var numberOfSubitems: Int
  }

  /// The number of visible rows when every folder is expanded.
  public let numberOfRows: Int
  /// The largest path length of a visible row.
  public let depth: Int
  /// The number of root items.
  public let numberOfRootItems: Int
  /// The expanded items in depth-first order: a parent before its subitems.
  public let folders: [Folder]
  /// A root item whose retained subtree holds most of the rows: the item the
  /// toggle workload collapses and expands.
  public let toggleTarget: TreePath
  /// The number of rows beneath ``toggleTarget`` while it is expanded.
  public let rowsBeneathToggleTarget: Int
  /// The numbers of subitems of the few big folders, largest first.
  public let bigFolderSizes: [Int]

  /// Generates the outline for a number of rows and a depth.
  ///
  /// The recipe, with a generator seeded from `seed`, `rows` and `depth`:
  /// 1. *Folders.* `F = clamp(rows / 500, 24 ... 600)` expanded items.
  ///    Depth 2: `2F` root items, `F` of them (at random positions)
  ///    expanded. Deeper: 20 root items; first a chain of expanded items
  ///    down to level `depth - 1` under one root item (the toggle target),
  ///    then each further folder is either a new expanded root item (1 in 8,
  ///    while fewer than half the root items are) or a subitem of a uniformly
  ///    chosen folder above level `depth - 1`.
  /// 2. *Small folders.* Each other folder gets a log-uniform number of
  ///    plain entries in 1 ..< 64 (scaled down if they would take more than
  ///    half of what the big folders leave).
  /// 3. *Big folders.* Four folders of the deepest folder level: the end of
  ///    the chain holds 60 % of all rows; another one in the toggle target's
  ///    subtree (when there is one) and two more at random share the rows
  ///    left, in proportions 20 : 15 : 10, each scaled by a random 0.8–1.2.
  /// 4. *Positions.* Subfolders sit at distinct random indices among their
  ///    parent's subitems.
  ///
  /// - Parameters:
  ///   - rows: The number of visible rows; at least 1,000.
  ///   - depth: The path length of the deepest rows; at least 2.
  ///   - seed: The seed; the default is the one the published tables use.
  public static func generate(rows: Int, depth: Int, seed: UInt64 = 0x7EE1_DE55) -> TreeShape {
    precondition(depth >= 2 && rows >= 1_000, "trees of at least 1,000 rows and depth 2")
    var rng = SeededGenerator(seed: seed ^ (UInt64(rows) &* 0x9E37_79B9) ^ (UInt64(depth) << 56))
    let folderCount = Swift.min(600, Swift.max(24, rows / 500))
    let rootCount = depth == 2 ? 2 * folderCount : 20

    // 1. The folder skeleton.
    var skeleton: [SkeletonFolder] = []
    var rootFolders: [Int] = []
    if depth == 2 {
      for _ in 0..<folderCount {
        rootFolders.append(skeleton.count)
        skeleton.append(SkeletonFolder(level: 1, parent: -1))
      }
    } else {
      var parent = -1
      for level in 1..<depth {
        let id = skeleton.count
        skeleton.append(SkeletonFolder(level: level, parent: parent))
        if parent >= 0 { skeleton[parent].subfolders.append(id) } else { rootFolders.append(id) }
        parent = id
      }
      var canHoldFolders = skeleton.indices.filter { skeleton[$0].level < depth - 1 }
      while skeleton.count < folderCount {
        let id = skeleton.count
        if rootFolders.count < rootCount / 2 && rng.below(8) == 0 {
          skeleton.append(SkeletonFolder(level: 1, parent: -1))
          rootFolders.append(id)
        } else {
          let parent = canHoldFolders[rng.below(canHoldFolders.count)]
          skeleton.append(SkeletonFolder(level: skeleton[parent].level + 1, parent: parent))
          skeleton[parent].subfolders.append(id)
        }
        if skeleton[id].level < depth - 1 { canHoldFolders.append(id) }
      }
    }

    // 3. The big folders (chosen before the small ones are sized).
    let deepest = skeleton.indices.filter { skeleton[$0].level == depth - 1 }
    let chainEnd = depth == 2 ? rootFolders[rng.below(rootFolders.count)] : depth - 2
    let toggleRoot = depth == 2 ? chainEnd : 0
    func isInToggleSubtree(_ id: Int) -> Bool {
      var x = id
      while skeleton[x].parent >= 0 { x = skeleton[x].parent }
      return x == toggleRoot
    }
    var big = [chainEnd]
    let secondCandidates = deepest.filter { $0 != chainEnd && isInToggleSubtree($0) }
    let others = deepest.filter { $0 != chainEnd && !isInToggleSubtree($0) }
    if !secondCandidates.isEmpty { big.append(secondCandidates[rng.below(secondCandidates.count)]) }
    var pool = rng.shuffled(others + secondCandidates.filter { !big.contains($0) })
    if pool.count + big.count < 4 { pool += rng.shuffled(skeleton.indices.filter { !big.contains($0) && !pool.contains($0) }) }
    while big.count < 4 { big.append(pool.removeFirst()) }

    // 2. The largest folder holds 60 % of the rows; small folders get a few
    // entries each; the three other big folders share what is left.
    let leafBudget = rows - rootCount - (skeleton.count - rootFolders.count)
    let largest = rows * 3 / 5
    var entries = skeleton.indices.map { big.contains($0) ? 0 : rng.logUniform(octaves: 6) }
    var smallSum = entries.reduce(0, +)
    let smallCap = (leafBudget - largest) / 2
    if smallSum > smallCap {
      entries = entries.map { $0 == 0 ? 0 : Swift.max(1, $0 * smallCap / smallSum) }
      smallSum = entries.reduce(0, +)
    }
    let rest = leafBudget - largest - smallSum
    let weights = [20, 15, 10].map { $0 * (80 + rng.below(41)) }
    let weightSum = weights.reduce(0, +)
    var bigSizes = [largest]
    for k in 0..<3 { bigSizes.append(k == 2 ? rest - bigSizes.dropFirst().reduce(0, +) : rest * weights[k] / weightSum) }
    for (id, size) in zip(big, bigSizes) { entries[id] = size }
    for id in skeleton.indices { skeleton[id].numberOfSubitems = skeleton[id].subfolders.count + entries[id] }

    // 4. Positions, then paths.
    var index = [Int](repeating: 0, count: skeleton.count)
    for (position, id) in zip(rng.distinct(rootFolders.count, below: rootCount), rng.shuffled(rootFolders)) {
      index[id] = position
    }
    for folder in skeleton {
      let positions = rng.distinct(folder.subfolders.count, below: folder.numberOfSubitems)
      for (position, id) in zip(positions, rng.shuffled(folder.subfolders)) { index[id] = position }
    }
    var paths = [TreePath](repeating: [], count: skeleton.count)
    for id in skeleton.indices {  // parents come before their subfolders
      let parent = skeleton[id].parent
      paths[id] = parent < 0 ? [index[id]] : paths[parent].appending(index[id])
    }

    let folders = skeleton.indices
      .map { Folder(path: paths[$0], numberOfSubitems: skeleton[$0].numberOfSubitems) }
      .sorted { $0.path < $1.path }
    let rowsUnderToggle = skeleton.indices.filter(isInToggleSubtree).reduce(0) { $0 + skeleton[$1].numberOfSubitems }
    let total = rootCount + skeleton.reduce(0) { $0 + $1.numberOfSubitems }
    precondition(total == rows, "the recipe must give exactly the rows asked for")
    return TreeShape(
      numberOfRows: total, depth: depth, numberOfRootItems: rootCount, folders: folders,
      toggleTarget: paths[toggleRoot], rowsBeneathToggleTarget: rowsUnderToggle,
      bigFolderSizes: bigSizes.sorted(by: >))
  }

  /// The numbers of subitems of the folders, by path.
  public func numberOfSubitemsByPath() -> [TreePath: Int] {
    Dictionary(uniqueKeysWithValues: folders.map { ($0.path, $0.numberOfSubitems) })
  }

  /// The number of rows whose path has each length: element `k` counts
  /// the rows at path length `k + 1`.
  public var rowsByPathLength: [Int] {
    var rows = [Int](repeating: 0, count: depth)
    rows[0] = numberOfRootItems
    for folder in folders { rows[folder.path.depth] += folder.numberOfSubitems }
    return rows
  }

  /// A one-line description for tables and logs.
  public var summary: String {
    let share = Double(rowsBeneathToggleTarget) / Double(numberOfRows) * 100
    return "depth \(depth), \(numberOfRows) rows: \(numberOfRootItems) root items, "
      + "\(folders.count) expanded items, big folders \(bigFolderSizes), "
      + "toggle target \(toggleTarget) with \(rowsBeneathToggleTarget) rows beneath "
      + "(\(Int(share.rounded())) %), rows by path length \(rowsByPathLength)"
  }
}

/// A folder of the outline while it is being generated.
private struct SkeletonFolder {
  var level: Int
  var parent: Int
  var subfolders: [Int] = []
  var numberOfSubitems = 0
}

extension TreeShape {
  /// The folders arranged as a tree, for contenders that build nodes from
  /// it: entry 0 is the invisible root (its subitems are the root items),
  /// entry `k + 1` is `folders[k]`.
  public struct FolderTree: Sendable {
    /// A folder among its parent's subitems.
    public struct Subfolder: Sendable {
      /// Its index among the parent's subitems.
      public var index: Int
      /// Its entry in ``entries``.
      public var entry: Int
    }

    /// An expanded item (or the root).
    public struct Entry: Sendable {
      /// Its number of subitems.
      public var numberOfSubitems: Int
      /// Its subitems that are folders, by ascending index.
      public var subfolders: [Subfolder]
    }

    /// The root, then the folders in depth-first order.
    public var entries: [Entry]
  }

  /// The folders arranged as a tree.
  public func folderTree() -> FolderTree {
    var entries = [FolderTree.Entry(numberOfSubitems: numberOfRootItems, subfolders: [])]
    var entryByPath: [TreePath: Int] = [:]
    for folder in folders {
      let entry = entries.count
      entries.append(FolderTree.Entry(numberOfSubitems: folder.numberOfSubitems, subfolders: []))
      entryByPath[folder.path] = entry
      let parent = folder.path.parent.map { entryByPath[$0]! } ?? 0
      // Depth-first order lists a parent's subfolders by ascending index.
      entries[parent].subfolders.append(.init(index: folder.path[folder.path.depth - 1], entry: entry))
    }
    return FolderTree(entries: entries)
  }
}

extension TreeShape {
  /// The trees besides the standard recipe's (`treeindex-compare --trees`):
  /// the shapes where the floor's binary searches do best.
  public enum Kind: String, CaseIterable, Codable, Sendable {
    /// Every item above the last level expanded, 10 subitems each, 6
    /// levels: 111,110 expanded items and 1,111,110 rows.
    case dense
    /// One expanded root item with 10⁶ subitems: 1,000,001 rows.
    case oneFolder = "onefolder"
  }

  /// The tree of `kind`.
  ///
  /// - Complexity: O(*f*) for *f* expanded items.
  public static func generate(_ kind: Kind) -> TreeShape {
    switch kind {
    case .dense:
      return complete(subitemsPerItem: 10, depth: 6)
    case .oneFolder:
      return TreeShape(
        numberOfRows: 1_000_001, depth: 2, numberOfRootItems: 1,
        folders: [Folder(path: [0], numberOfSubitems: 1_000_000)], toggleTarget: [0],
        rowsBeneathToggleTarget: 1_000_000, bigFolderSizes: [1_000_000])
    }
  }

  /// A complete tree: `b` root items, and every item above level `depth`
  /// expanded with `b` subitems; the toggle target is the first root item.
  static func complete(subitemsPerItem b: Int, depth: Int) -> TreeShape {
    var folders: [Folder] = []
    var stack: [[Int]] = (0..<b).reversed().map { [$0] }
    while let path = stack.popLast() {
      folders.append(Folder(path: TreePath(path), numberOfSubitems: b))
      if path.count + 1 < depth { stack += (0..<b).reversed().map { path + [$0] } }
    }
    // b + b² + … + bᵈ rows; beneath the first root item, b + … + bᵈ⁻¹.
    var (rows, level) = (0, 1)
    for _ in 0..<depth {
      level *= b
      rows += level
    }
    return TreeShape(
      numberOfRows: rows, depth: depth, numberOfRootItems: b, folders: folders, toggleTarget: [0],
      rowsBeneathToggleTarget: (rows - b) / b, bigFolderSizes: [b])
  }
}
