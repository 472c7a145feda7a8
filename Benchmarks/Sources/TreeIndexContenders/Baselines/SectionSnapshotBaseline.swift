// The baseline of the snapshot workloads: a model of how ListKit (the Lists
// package, a pure-Swift replacement for NSDiffableDataSourceSectionSnapshot)
// keeps an outline by identifier. Written here from its documented behaviour
// and data structures (see Benchmarks/README.md and shared/PEERS.md), not
// copied from its code.

/// A section snapshot as ListKit keeps one: the items in a flat depth-first
/// array, a parent map, a children map and a set of expanded items.
///
/// What each operation costs, as in ListKit:
/// - `append(_:to:)` appends to the parent's children, then finds the parent
///   in the flat array (a linear search) and walks past its descendants
///   (each step follows the parent map up to the parent) to insert the new
///   items there: O(*n*) per call, so building an outline parent by parent
///   is quadratic.
/// - `expand` and `collapse` are O(1) set updates; their cost moves into
///   `visibleItems`, which filters the whole flat array on every read, each
///   item checked by following the parent map up through its ancestors:
///   O(*n* · *d*).
/// - The row of an item is its index in `visibleItems` (ListKit has no
///   `index(of:)`: a caller searches the array it got): O(*n* · *d*).
/// - Applying a snapshot diffs the old and new `visibleItems` with Heckel's
///   algorithm (``HeckelDiff``): O(*n* + *m*) dictionary operations.
///
/// `move(_:to:at:)`, which ListKit does not have, is written the same way
/// (linear searches in the flat array) so that the derived-move workload
/// has the same data on both sides.
public struct SectionSnapshotBaseline: Sendable {
  /// Every item, depth first.
  public private(set) var items: [Int] = []
  var parentMap: [Int: Int] = [:]
  var childrenMap: [Int: [Int]] = [:]
  var expandedItems: Set<Int> = []

  public static let name = "Section snapshot (ListKit model)"

  public init() {}

  /// The snapshot of `forest` with its `expanded` items expanded, built in
  /// O(*n*) by filling the maps and the flat array directly: what
  /// `append(_:to:)` would build, for the fixtures of the workloads that do
  /// not measure building.
  public init(forest: SnapshotForest, expanding expanded: [Int] = []) {
    for append in forest.appends {
      if let parent = append.parent {
        childrenMap[parent] = append.items
        for item in append.items { parentMap[item] = parent }
      }
    }
    items.reserveCapacity(forest.count)
    var stack = Array(forest.appends[0].items.reversed())
    while let item = stack.popLast() {
      items.append(item)
      if let below = childrenMap[item] { stack.append(contentsOf: below.reversed()) }
    }
    expandedItems = Set(expanded)
  }

  // MARK: Mutations

  /// Appends `newItems` as the last children of `parent` (root items when
  /// `nil`).
  public mutating func append(_ newItems: [Int], to parent: Int?) {
    guard let parent else {
      items.append(contentsOf: newItems)
      return
    }
    childrenMap[parent, default: []].append(contentsOf: newItems)
    for item in newItems { parentMap[item] = parent }
    guard let parentIndex = items.firstIndex(of: parent) else { return }
    items.insert(contentsOf: newItems, at: endOfSubtree(at: parentIndex))
  }

  /// Moves `item` with its descendants to `parent` (root items when `nil`),
  /// at `index` among its children after the removal.
  public mutating func move(_ item: Int, to parent: Int?, at index: Int) {
    guard let start = items.firstIndex(of: item) else { return }
    let end = endOfSubtree(at: start)
    let block = Array(items[start..<end])
    items.removeSubrange(start..<end)
    if let old = parentMap[item] { childrenMap[old]?.removeAll { $0 == item } }
    var siblings: [Int]
    if let parent {
      parentMap[item] = parent
      siblings = childrenMap[parent] ?? []
    } else {
      parentMap[item] = nil
      siblings = items.filter { parentMap[$0] == nil }
    }
    let destination: Int
    if index < siblings.count {
      destination = items.firstIndex(of: siblings[index])!
    } else if let parent {
      destination = endOfSubtree(at: items.firstIndex(of: parent)!)
    } else {
      destination = items.count
    }
    if let parent {
      siblings.insert(item, at: index)
      childrenMap[parent] = siblings
    }
    items.insert(contentsOf: block, at: destination)
  }

  public mutating func expand(_ items: [Int]) { expandedItems.formUnion(items) }
  public mutating func collapse(_ items: [Int]) { expandedItems.subtract(items) }

  // MARK: Queries

  /// The visible items, recomputed on every read.
  public var visibleItems: [Int] { items.filter(isVisible) }

  /// The row of `item`: its index in `visibleItems`.
  public func row(of item: Int) -> Int? { visibleItems.firstIndex(of: item) }

  /// Whether every ancestor of `item` is expanded.
  public func isVisible(_ item: Int) -> Bool {
    var current = item
    while let parent = parentMap[current] {
      guard expandedItems.contains(parent) else { return false }
      current = parent
    }
    return true
  }

  /// Whether `ancestor` is above `item`.
  func isDescendant(_ item: Int, of ancestor: Int) -> Bool {
    var current = item
    while let parent = parentMap[current] {
      if parent == ancestor { return true }
      current = parent
    }
    return false
  }

  /// The index after the last descendant of the item at `index`.
  func endOfSubtree(at index: Int) -> Int {
    let item = items[index]
    var end = index + 1
    while end < items.count && isDescendant(items[end], of: item) { end += 1 }
    return end
  }
}

// MARK: - Heckel's diff

/// Paul Heckel's diff (1978) of two arrays of unique identifiers, as
/// diffable data sources use it: deletions in old indices, insertions in new
/// indices, and a move for every item in both whose index is not explained
/// by the deletions and insertions before it.
///
/// Six passes: count each identifier's occurrences in the new and the old
/// array (one dictionary entry per identifier), match the identifiers that
/// occur once in each, extend the matches forward and backward over equal
/// neighbours (no-ops for unique identifiers, but run, as the algorithm
/// does), then read the deletions, insertions and moves off the two arrays.
public struct HeckelDiff: Sendable {
  public var deletions: [Int] = []
  public var insertions: [Int] = []
  public var moves: [(from: Int, to: Int)] = []

  /// The changes that turn `old` into `new`.
  public init(from old: [Int], to new: [Int]) {
    // A symbol's counts and old index; `Int.max` for "more than once".
    struct Symbol {
      var inOld = 0
      var inNew = 0
      var oldIndex = -1
    }
    var symbols: [Symbol] = []
    var table: [Int: Int] = [:]
    symbols.reserveCapacity(Swift.max(old.count, new.count))
    table.reserveCapacity(Swift.max(old.count, new.count))
    func symbol(_ item: Int) -> Int {
      if let k = table[item] { return k }
      symbols.append(Symbol())
      table[item] = symbols.count - 1
      return symbols.count - 1
    }
    // Each entry is a match (the other side's index, ≥ 0) or a symbol
    // (-(k + 1)).
    var newEntries = [Int](repeating: 0, count: new.count)
    var oldEntries = [Int](repeating: 0, count: old.count)
    for (i, item) in new.enumerated() {
      let k = symbol(item)
      symbols[k].inNew += 1
      newEntries[i] = -(k + 1)
    }
    for (j, item) in old.enumerated() {
      let k = symbol(item)
      symbols[k].inOld += 1
      symbols[k].oldIndex = j
      oldEntries[j] = -(k + 1)
    }
    for i in newEntries.indices {
      let k = -newEntries[i] - 1
      if symbols[k].inOld == 1 && symbols[k].inNew == 1 {
        let j = symbols[k].oldIndex
        newEntries[i] = j
        oldEntries[j] = i
      }
    }
    if new.count > 1 {
      for i in 0..<(new.count - 1) {
        let j = newEntries[i]
        if j >= 0 && j + 1 < old.count && newEntries[i + 1] < 0 && newEntries[i + 1] == oldEntries[j + 1] {
          newEntries[i + 1] = j + 1
          oldEntries[j + 1] = i + 1
        }
      }
      for i in stride(from: new.count - 1, to: 0, by: -1) {
        let j = newEntries[i]
        if j > 0 && newEntries[i - 1] < 0 && newEntries[i - 1] == oldEntries[j - 1] {
          newEntries[i - 1] = j - 1
          oldEntries[j - 1] = i - 1
        }
      }
    }
    // Deletions, with the number of deletions before each old index.
    var deletedBefore = [Int](repeating: 0, count: old.count)
    var running = 0
    for j in oldEntries.indices {
      deletedBefore[j] = running
      if oldEntries[j] < 0 {
        deletions.append(j)
        running += 1
      }
    }
    running = 0
    for i in newEntries.indices {
      let j = newEntries[i]
      if j < 0 {
        insertions.append(i)
        running += 1
      } else if j - deletedBefore[j] + running != i {
        moves.append((j, i))
      }
    }
  }
}
