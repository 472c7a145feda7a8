// The outlines of the snapshot workloads: forests of Int identifiers, wide
// or 6 deep, described as the `append(_:to:)` calls that build them, and the
// edits the workloads make to them.

/// A forest of `count` items with Int identifiers, for the identity
/// (snapshot) workloads.
///
/// Identifiers are the items' positions in depth-first order, `0 ..< count`
/// (fresh identifiers added by edits are `count` and above), so that the row
/// of an item in the fully expanded forest is its identifier.
///
/// Two shapes, each with exactly `count` items:
/// - ``Shape/wide``: ⌊√count⌋ root items, the other items spread evenly
///   among them as children (1,000 roots with 999 children each at 10⁶).
/// - ``Shape/deep``: 6 levels; level *k* holds about *b*^(*k*+1) items for
///   the fan-out *b* that makes the levels add up to `count` (*b* ≈ 9.8 at
///   10⁶: 10, 96, 948, …), the last level takes the rest; each level's items
///   are spread evenly among the items of the level above.
public struct SnapshotForest: Sendable {
  /// The two shapes.
  public enum Shape: String, CaseIterable, Codable, Sendable {
    case wide
    case deep
  }

  /// One `append(_:to:)` call: `items` appended as the children of `parent`
  /// (`nil`: root items).
  public struct Append: Sendable {
    public var parent: Int?
    public var items: [Int]
  }

  public let shape: Shape
  /// The number of items.
  public let count: Int
  /// The number of items at each level, root items first.
  public let levelCounts: [Int]
  /// The calls that build the forest, in depth-first order of the parents:
  /// the root items first, then the children of each item that has some,
  /// in depth-first order.
  public var appends: [Append]
  /// Every item that has children: the fixtures expand them all, so that
  /// every item is visible.
  public var itemsWithChildren: [Int]
  /// The identifiers of each level's items, in order.
  public let levels: [[Int]]
  /// The parent of each item (`-1` for root items), by identifier.
  public let parents: [Int]

  /// The seeded forest of `count` items of `shape`.
  public static func generate(items count: Int, shape: Shape) -> SnapshotForest {
    SnapshotForest(count: count, shape: shape)
  }

  init(count: Int, shape: Shape) {
    precondition(count >= 16, "a snapshot forest needs at least 16 items")
    self.shape = shape
    self.count = count
    var counts: [Int]
    switch shape {
    case .wide:
      let roots = Int(Double(count).squareRoot())
      counts = [roots, count - roots]
    case .deep:
      // The fan-out b with b + b² + … + b⁶ = count.
      var low = 1.0
      var high = Double(count)
      for _ in 0..<200 {
        let b = (low + high) / 2
        let total = (1...6).reduce(0.0) { sum, k in sum + power(b, k) }
        if total < Double(count) { low = b } else { high = b }
      }
      counts = (0..<5).map { Swift.max(1, Int(power(low, $0 + 1).rounded())) }
      counts.append(count - counts.reduce(0, +))
    }
    levelCounts = counts

    // Children of item j at level k: the items i of level k + 1 with
    // ⌊i · counts[k] / counts[k+1]⌋ = j (contiguous, as even as can be).
    func childRange(level k: Int, _ j: Int) -> Range<Int> {
      guard k + 1 < counts.count else { return 0..<0 }
      let next = counts[k + 1]
      let here = counts[k]
      // The first i with i · here / next ≥ j is ⌈j · next / here⌉.
      let lower = (j * next + here - 1) / here
      let upper = ((j + 1) * next + here - 1) / here
      return lower..<Swift.min(upper, next)
    }

    // Depth-first identifiers.
    var ids = counts.map { [Int](repeating: -1, count: $0) }
    var parentOf = [Int](repeating: -1, count: count)
    var next = 0
    var stack: [(level: Int, index: Int, parent: Int)] = (0..<counts[0]).reversed().map { (0, $0, -1) }
    var withChildren: [(level: Int, index: Int)] = []
    while let (level, index, parent) = stack.popLast() {
      ids[level][index] = next
      parentOf[next] = parent
      let children = childRange(level: level, index)
      if !children.isEmpty { withChildren.append((level, index)) }
      for child in children.reversed() { stack.append((level + 1, child, next)) }
      next += 1
    }
    precondition(next == count, "the forest has \(next) items, not \(count)")
    levels = ids
    parents = parentOf
    appends = [Append(parent: nil, items: ids[0])]
    appends.reserveCapacity(withChildren.count + 1)
    for (level, index) in withChildren {
      appends.append(Append(parent: ids[level][index], items: childRange(level: level, index).map { ids[level + 1][$0] }))
    }
    itemsWithChildren = withChildren.map { ids[$0.level][$0.index] }
  }

  /// The number of items beneath `item` (its descendants).
  public func descendants(of item: Int) -> Int {
    // Identifiers are depth-first positions: the subtree is the run of
    // items after `item` whose chain of parents reaches it.
    var end = item + 1
    while end < count {
      var ancestor = parents[end]
      while ancestor > item { ancestor = parents[ancestor] }
      guard ancestor == item else { break }
      end += 1
    }
    return end - item - 1
  }
}

// MARK: - The workloads' items

extension SnapshotForest {
  /// The item the toggle workload collapses and expands: the middle item of
  /// level 1 (deep: 10,530 items beneath it at 10⁶) or the
  /// middle root item (wide: 999 children at 10⁶).
  public var toggledItem: Int {
    shape == .wide ? levels[0][levels[0].count / 2] : levels[1][levels[1].count / 2]
  }

  /// The item whose row the toggle workload asks for: the last item, whose
  /// row every toggle shifts.
  public var lookedUpItem: Int { count - 1 }

  /// The parent the derived-append workload appends a fresh item to: the
  /// parent of the middle item of the last level.
  public var appendParent: Int {
    let leaves = levels[levels.count - 1]
    return parents[leaves[leaves.count / 2]]
  }

  /// The move of the derived-move workload, `move(item, to: parent, at:
  /// index)`: wide, the root item a quarter of the way down (with its
  /// children) to three quarters of the way down among the root items;
  /// deep, the level-1 item a quarter of the way along (with its subtree) to
  /// the front of the last root item's children.
  public var move: (item: Int, parent: Int?, index: Int) {
    switch shape {
    case .wide:
      let roots = levels[0]
      return (roots[roots.count / 4], nil, roots.count * 3 / 4)
    case .deep:
      return (levels[1][levels[1].count / 4], levels[0][levels[0].count - 1], 0)
    }
  }

  /// A forest made anew (not derived) that differs from this one in 1 % of
  /// its items, all leaves: a third of them deleted, a third moved to another
  /// parent (at a random index), a third fresh items inserted (under a
  /// random parent of leaves, at a random index). Seeded. The fresh items'
  /// identifiers start at `count`. The parents to expand are the same.
  public func unrelatedVariant(seed: UInt64 = 0x0001_D1FF) -> (forest: SnapshotForest, deleted: Int, moved: Int, inserted: Int)
  {
    var rng = SeededGenerator(seed: seed ^ UInt64(count))
    let leaves = levels[levels.count - 1]
    let changed = Swift.max(3, count / 100)
    let third = changed / 3
    // Which leaves are deleted and which moved: distinct, drawn at random.
    var picked = Set<Int>()
    while picked.count < 2 * third { picked.insert(leaves[rng.below(leaves.count)]) }
    let pickedLeaves = picked.sorted()
    var order = Array(pickedLeaves.indices)
    for i in stride(from: order.count - 1, to: 0, by: -1) { order.swapAt(i, rng.below(i + 1)) }
    let deleted = Set(order.prefix(third).map { pickedLeaves[$0] })
    let moved = order.dropFirst(third).map { pickedLeaves[$0] }

    var variant = self
    // The appends of the items whose children are leaves.
    let leafParents = appends.indices.filter { appends[$0].parent != nil && isOnLastLevel(appends[$0].items[0]) }
    let removed = deleted.union(moved)
    for k in variant.appends.indices { variant.appends[k].items.removeAll { removed.contains($0) } }
    // A moved leaf goes to another parent than its own.
    func insert(_ item: Int) {
      var k = leafParents[rng.below(leafParents.count)]
      while item < count && variant.appends[k].parent == parents[item] { k = leafParents[rng.below(leafParents.count)] }
      let position = rng.below(variant.appends[k].items.count + 1)
      variant.appends[k].items.insert(item, at: position)
    }
    for item in moved { insert(item) }
    for fresh in count..<(count + third) { insert(fresh) }
    return (variant, deleted.count, moved.count, third)
  }

  private func isOnLastLevel(_ item: Int) -> Bool {
    var level = 0
    var ancestor = parents[item]
    while ancestor >= 0 {
      level += 1
      ancestor = parents[ancestor]
    }
    return level == levels.count - 1
  }
}

/// `x` to the power `k`.
private func power(_ x: Double, _ k: Int) -> Double {
  var result = 1.0
  for _ in 0..<k { result *= x }
  return result
}
