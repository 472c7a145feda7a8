/// One element of a longest-increasing-run problem: a clean block or a
/// dirty child that stays under its parent, at its new index, keyed by
/// its old index.
@usableFromInline
struct _RunElement {
  @usableFromInline
  var newIndex: Int
  @usableFromInline
  var key: Int
  @usableFromInline
  var weight: Int
  /// The block's index, or -1 for a dirty child.
  @usableFromInline
  var block: Int
  /// The dirty child's index, or -1 for a block.
  @usableFromInline
  var dirty: Int

  @inlinable
  init(newIndex: Int, key: Int, weight: Int, block: Int, dirty: Int) {
    self.newIndex = newIndex
    self.key = key
    self.weight = weight
    self.block = block
    self.dirty = dirty
  }
}

/// The first longest increasing run of keys: which children keep their
/// places when the others move. ``_SnapshotDiff`` asks it child by child,
/// ``_DerivedSnapshotDiff`` over blocks of children weighted by their
/// sizes; both take the run whose positions come first in lexicographic
/// order, so that they agree.
@usableFromInline
enum _LongestIncreasingRun {
  /// Which of `keys` (distinct) form the first longest increasing run: the
  /// longest increasing subsequence whose positions come first in
  /// lexicographic order.
  ///
  /// - Parameters:
  ///   - lengths: A buffer, emptied and refilled.
  ///   - tails: A buffer, emptied and refilled.
  /// - Complexity: O(*k* log *k*) for *k* keys.
  @inlinable
  static func first(_ keys: [Int], into kept: inout [Bool], lengths: inout [Int], tails: inout [Int]) {
    guard !keepsAll(keys.count, into: &kept, key: { keys[$0] }) else { return }
    // lengths[i]: the longest increasing run that starts at i. tails[l - 1]:
    // the largest key that starts a run of length l among those seen, which
    // decreases as l grows.
    lengths.removeAll(keepingCapacity: true)
    lengths.append(contentsOf: repeatElement(0, count: keys.count))
    tails.removeAll(keepingCapacity: true)
    for i in keys.indices.reversed() {
      let key = keys[i]
      // The first length whose best start is not above `key`.
      var low = 0
      var high = tails.count
      while low < high {
        let mid = (low + high) / 2
        if tails[mid] > key { low = mid + 1 } else { high = mid }
      }
      lengths[i] = low + 1
      if low == tails.count { tails.append(key) } else { tails[low] = key }
    }
    markFirstRun(
      keys.count, of: tails.count, into: &kept, key: { keys[$0] }, best: { lengths[$0] }, weight: { _ in 1 })
  }

  /// Which of `elements` (keys distinct) form the increasing run of keys
  /// of greatest total weight whose positions come first in lexicographic
  /// order.
  ///
  /// - Complexity: O(*k* log *k*) for *k* elements.
  @inlinable
  static func first(_ elements: [_RunElement], into kept: inout [Bool]) {
    let count = elements.count
    guard !keepsAll(count, into: &kept, key: { elements[$0].key }) else { return }
    // best[i]: the greatest weight of an increasing run that starts at i,
    // found from the right with a Fenwick tree of maxima over key ranks
    // (ranks reversed, so that "keys above" is a prefix).
    let ranks = elements.indices.sorted { elements[$0].key > elements[$1].key }
    var rank = [Int](repeating: 0, count: count)
    for (r, i) in ranks.enumerated() { rank[i] = r + 1 }
    var tree = [Int](repeating: 0, count: count + 1)
    var best = [Int](repeating: 0, count: count)
    for i in stride(from: count - 1, through: 0, by: -1) {
      var above = 0
      var r = rank[i] - 1  // the keys above elements[i].key have ranks 1..<rank[i]
      while r > 0 {
        above = Swift.max(above, tree[r])
        r -= r & -r
      }
      best[i] = elements[i].weight + above
      r = rank[i]
      while r <= count {
        tree[r] = Swift.max(tree[r], best[i])
        r += r & -r
      }
    }
    markFirstRun(
      count, of: best.max()!, into: &kept, key: { elements[$0].key }, best: { best[$0] },
      weight: { elements[$0].weight })
  }

  /// Makes `kept` one flag for each of `count` elements: all `true` when
  /// their keys increase already (the common case), and then returns
  /// `true`; else all `false`, for the run to be marked.
  @inlinable
  static func keepsAll(_ count: Int, into kept: inout [Bool], key: (Int) -> Int) -> Bool {
    kept.removeAll(keepingCapacity: true)
    var isIncreasing = true
    for i in (0..<count).dropFirst() where key(i - 1) >= key(i) {
      isIncreasing = false
      break
    }
    kept.append(contentsOf: repeatElement(isIncreasing, count: count))
    return isIncreasing
  }

  /// Marks in `kept` the first run of the greatest weight, `total`: from
  /// the left, each element that starts a run of the weight still to find
  /// (`best`) with a key above the last one marked.
  @inlinable
  static func markFirstRun(
    _ count: Int, of total: Int, into kept: inout [Bool], key: (Int) -> Int, best: (Int) -> Int,
    weight: (Int) -> Int
  ) {
    var need = total
    var last = Int.min
    for i in 0..<count where need > 0 && best(i) == need && key(i) > last {
      kept[i] = true
      last = key(i)
      need -= weight(i)
    }
  }
}
