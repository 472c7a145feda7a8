/// One subitem's geometry as its parent's column holds it: the subitem's
/// own row height, the height shown beneath it (the heights of its visible
/// descendants while it is expanded, else 0), whether its height is known
/// (`isAsked`), and whether the list has settled its expansion state
/// (`isSettled`: asked, or told). An entry whose height is to be asked again
/// (a hidden item reloaded, a section moved to a row) keeps `isSettled`, so
/// that the item's state is not asked again.
struct _HeightEntry: Equatable {
  var own: Double
  var beneath: Double
  var isAsked: Bool
  var isSettled: Bool

  /// An entry; unless told otherwise, settled exactly when asked.
  init(own: Double, beneath: Double, isAsked: Bool, isSettled: Bool? = nil) {
    self.own = own
    self.beneath = beneath
    self.isAsked = isAsked
    self.isSettled = isSettled ?? isAsked
  }

  /// The height the subitem and its visible descendants take.
  var height: Double { own + beneath }
}

/// The heights of the subitems of every known item, as one *column* per
/// known item, keyed by the item's identity in the ``TreeIndex``.
///
/// A column is an implicit treap (positions, not keys) of *runs*: maximal
/// stretches of equal entries. Subitems of one height are one run, so a list
/// whose rows all have the default height stores O(1) per known item, not
/// one value per row. Each treap node sums its subtree (entries, height,
/// unasked entries), so locating a subitem by index or by offset is
/// O(log *r*) for *r* runs, and changing one entry is O(log *r*).
struct _HeightColumns {
  typealias ItemID = TreeIndex._KnownItemID
  typealias NodeID = Int32

  struct Node {
    var entry: _HeightEntry
    var length: Int
    var left: NodeID = -1
    var right: NodeID = -1
    var priority: UInt32
    // Summaries of the treap subtree.
    var count: Int = 0
    var total: Double = 0
    var unasked: Int = 0
  }

  private var nodes: [Node] = []
  private var freeList: [NodeID] = []
  /// The root of each known item's column (-1: a column with no entries).
  private var roots: [ItemID: NodeID] = [:]
  private var seed: UInt64 = 0x2545_F491_4F6C_DD1D

  // MARK: Columns

  /// Whether item `id` has a column.
  func hasColumn(_ id: ItemID) -> Bool { roots[id] != nil }

  /// Gives item `id` a column of `runs`, each `length` equal entries;
  /// replaces any column it had.
  ///
  /// - Complexity: O(*r* log *r*) for *r* runs.
  mutating func setColumn(_ id: ItemID, runs: [(entry: _HeightEntry, length: Int)]) {
    removeColumn(id)
    var root: NodeID = -1
    for run in runs where run.length > 0 { root = merge(root, makeNode(run.entry, run.length)) }
    roots[id] = root
  }

  /// Gives item `id` a column of `count` equal entries.
  ///
  /// - Complexity: O(1).
  mutating func setColumn(_ id: ItemID, repeating entry: _HeightEntry, count: Int) {
    removeColumn(id)
    roots[id] = count > 0 ? makeNode(entry, count) : -1
  }

  /// Drops the column of item `id`, if any.
  ///
  /// - Complexity: O(*r*) for its *r* runs.
  mutating func removeColumn(_ id: ItemID) {
    guard let root = roots.removeValue(forKey: id) else { return }
    var stack: [NodeID] = root < 0 ? [] : [root]
    while let t = stack.popLast() {
      if nodes[Int(t)].left >= 0 { stack.append(nodes[Int(t)].left) }
      if nodes[Int(t)].right >= 0 { stack.append(nodes[Int(t)].right) }
      freeList.append(t)
    }
  }

  // MARK: Reading

  /// The sum of the heights of the column's entries: the height shown
  /// beneath the item while it is expanded.
  ///
  /// - Complexity: O(1).
  func total(_ id: ItemID) -> Double { nodeTotal(root(id)) }

  /// The number of entries in the column.
  func count(_ id: ItemID) -> Int { nodeCount(root(id)) }

  /// Whether some entry of the column was never asked about.
  func hasUnaskedEntries(_ id: ItemID) -> Bool { nodeUnasked(root(id)) > 0 }

  /// The entry at `index`.
  ///
  /// - Precondition: `0 <= index < count(id)`.
  /// - Complexity: O(log *r*).
  func entry(_ id: ItemID, at index: Int) -> _HeightEntry {
    var t = root(id)
    var index = index
    while t >= 0 {
      let node = nodes[Int(t)]
      let leftCount = nodeCount(node.left)
      if index < leftCount {
        t = node.left
      } else if index < leftCount + node.length {
        return node.entry
      } else {
        index -= leftCount + node.length
        t = node.right
      }
    }
    preconditionFailure("entry index out of range")
  }

  /// The sum of the heights of the entries before `index`.
  ///
  /// - Complexity: O(log *r*).
  func height(_ id: ItemID, before index: Int) -> Double {
    var t = root(id)
    var index = index
    var sum = 0.0
    while t >= 0 {
      let node = nodes[Int(t)]
      let leftCount = nodeCount(node.left)
      if index <= leftCount {
        t = node.left
        continue
      }
      sum += nodeTotal(node.left)
      if index < leftCount + node.length {
        return sum + Double(index - leftCount) * node.entry.height
      }
      sum += Double(node.length) * node.entry.height
      index -= leftCount + node.length
      t = node.right
    }
    return sum
  }

  /// The entry whose height holds `offset` (counted from the column's
  /// start): its index and the offset where it starts. Entries of height 0
  /// hold no offset. `nil` when `offset` is negative or past the total.
  ///
  /// - Complexity: O(log *r*).
  func entry(_ id: ItemID, containing offset: Double) -> (index: Int, start: Double)? {
    guard offset >= 0 else { return nil }
    var t = root(id)
    var base = 0
    var start = 0.0
    while t >= 0 {
      let node = nodes[Int(t)]
      let leftTotal = nodeTotal(node.left)
      if offset < start + leftTotal {
        t = node.left
        continue
      }
      start += leftTotal
      base += nodeCount(node.left)
      let height = node.entry.height
      let runTotal = Double(node.length) * height
      if height > 0, offset < start + runTotal {
        var k = Swift.min(node.length - 1, Swift.max(0, Int((offset - start) / height)))
        // Mend the division's rounding at a boundary.
        while k > 0, start + Double(k) * height > offset { k -= 1 }
        while k < node.length - 1, start + Double(k + 1) * height <= offset { k += 1 }
        return (base + k, start + Double(k) * height)
      }
      start += runTotal
      base += node.length
      t = node.right
    }
    return nil
  }

  /// The ranges of indices whose entries were never asked about, ascending.
  ///
  /// - Complexity: O(*r*).
  func unaskedRanges(_ id: ItemID) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var stack: [NodeID] = []
    var t = root(id)
    var base = 0
    while t >= 0 || !stack.isEmpty {
      while t >= 0 {
        stack.append(t)
        t = nodes[Int(t)].left
      }
      let n = stack.removeLast()
      let node = nodes[Int(n)]
      if !node.entry.isAsked {
        if let last = result.last, last.upperBound == base {
          result[result.count - 1] = last.lowerBound..<(base + node.length)
        } else {
          result.append(base..<(base + node.length))
        }
      }
      base += node.length
      t = node.right
    }
    return result
  }

  // MARK: Editing

  /// Replaces the entry at `index`.
  ///
  /// - Complexity: O(log *r*).
  mutating func setEntry(_ id: ItemID, at index: Int, to entry: _HeightEntry) {
    let (low, rest) = split(root(id), at: index)
    let (single, high) = split(rest, at: 1)
    nodes[Int(single)].entry = entry
    update(single)
    roots[id] = merge(merge(low, single), high)
  }

  /// Inserts `entry` at `index`.
  ///
  /// - Complexity: O(log *r*).
  mutating func insertEntry(_ id: ItemID, _ entry: _HeightEntry, at index: Int) {
    let (low, high) = split(root(id), at: index)
    roots[id] = merge(merge(low, makeNode(entry, 1)), high)
  }

  /// Removes and returns the entry at `index`.
  ///
  /// - Complexity: O(log *r*).
  @discardableResult
  mutating func removeEntry(_ id: ItemID, at index: Int) -> _HeightEntry {
    let (low, rest) = split(root(id), at: index)
    let (single, high) = split(rest, at: 1)
    let entry = nodes[Int(single)].entry
    freeList.append(single)
    roots[id] = merge(low, high)
    return entry
  }

  // MARK: Treap

  private func root(_ id: ItemID) -> NodeID { roots[id] ?? -1 }
  private func nodeCount(_ t: NodeID) -> Int { t < 0 ? 0 : nodes[Int(t)].count }
  private func nodeTotal(_ t: NodeID) -> Double { t < 0 ? 0 : nodes[Int(t)].total }
  private func nodeUnasked(_ t: NodeID) -> Int { t < 0 ? 0 : nodes[Int(t)].unasked }

  private mutating func makeNode(_ entry: _HeightEntry, _ length: Int) -> NodeID {
    seed &+= 0x9E37_79B9_7F4A_7C15
    var z = seed
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    let node = Node(entry: entry, length: length, priority: UInt32(truncatingIfNeeded: z ^ (z >> 31)))
    let id: NodeID
    if let free = freeList.popLast() {
      nodes[Int(free)] = node
      id = free
    } else {
      nodes.append(node)
      id = NodeID(nodes.count - 1)
    }
    update(id)
    return id
  }

  private mutating func update(_ t: NodeID) {
    let node = nodes[Int(t)]
    nodes[Int(t)].count = nodeCount(node.left) + node.length + nodeCount(node.right)
    nodes[Int(t)].total = nodeTotal(node.left) + Double(node.length) * node.entry.height + nodeTotal(node.right)
    nodes[Int(t)].unasked = nodeUnasked(node.left) + (node.entry.isAsked ? 0 : node.length) + nodeUnasked(node.right)
  }

  /// Splits a treap into its first `k` entries and the rest, cutting a run
  /// in two where `k` falls inside it.
  private mutating func split(_ t: NodeID, at k: Int) -> (NodeID, NodeID) {
    guard t >= 0 else { return (-1, -1) }
    let node = nodes[Int(t)]
    let leftCount = nodeCount(node.left)
    if k <= leftCount {
      let (a, b) = split(node.left, at: k)
      nodes[Int(t)].left = b
      update(t)
      return (a, t)
    }
    if k >= leftCount + node.length {
      let (a, b) = split(node.right, at: k - leftCount - node.length)
      nodes[Int(t)].right = a
      update(t)
      return (t, b)
    }
    // Inside the run: `t` keeps the first part; the rest becomes a new node.
    let cut = k - leftCount
    let suffix = makeNode(node.entry, node.length - cut)
    nodes[Int(t)].length = cut
    nodes[Int(t)].right = -1
    update(t)
    return (t, merge(suffix, node.right))
  }

  private mutating func merge(_ a: NodeID, _ b: NodeID) -> NodeID {
    if a < 0 { return b }
    if b < 0 { return a }
    if nodes[Int(a)].priority > nodes[Int(b)].priority {
      nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
      update(a)
      return a
    } else {
      nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
      update(b)
      return b
    }
  }
}
