import _SummaryTree

// Telling, node by node, what two storages that parted from one another
// (copies of a snapshot edited apart) still hold alike, for the change set
// between them (see `TreeSnapshot+SharedPages.swift`).
//
// Equal values are not enough for a node to keep its place: the order of
// a tree's nodes is in the links of every node above them, so a node whose
// own fields are equal may still stand elsewhere among its siblings when a
// node above it was relinked (two subtrees swapped around their parent
// keep their own links). A node is unchanged when its own fields are equal
// and so are the links of every node on its way up to its tree's root, and
// that root is its owner's subitems' tree on both sides: then the node is
// reached from the same root by the same turns on both sides, and two such
// nodes of one tree stand in the same order on both sides.

extension _Arena {
  /// Whether node `x` is unchanged from `other` to this storage: its
  /// fields (item, links, height and summary) are equal on both sides, and
  /// so are the links of every node on its way up to the root of its tree,
  /// which is its owner's subitems' tree on both sides. `false` for the
  /// virtual root, for a node past either end, and for a node that belongs
  /// to no owner.
  ///
  /// - Parameters:
  ///   - steps: Incremented by the nodes read on each side.
  ///   - verdicts: What earlier calls between the same two storages found
  ///     of the nodes above theirs and of their owners, so that nodes of
  ///     one tree share the walk up and the read of their owner.
  /// - Complexity: O(log *b*), reading the node and its ancestors in its
  ///   tree on both sides, up to the first one `verdicts` knows.
  @inlinable
  func isUnchanged(_ x: _NodeID, from other: _Arena, steps: inout Int, verdicts: inout _LinkVerdicts) -> Bool {
    let count = Swift.min(forest.nodes.count, other.forest.nodes.count)
    guard x > _Arena.root, Int(x) < count else { return false }
    let node = forest.nodes[Int(x)]
    let otherNode = other.forest.nodes[Int(x)]
    steps &+= 1
    guard Self.hasEqualFields(node, otherNode) else { return false }
    let owner = node.element.owner
    guard owner >= 0, Int(owner) < count else { return false }
    let root: _NodeID
    if let known = verdicts.root(owner: owner) {
      root = known
    } else {
      let children = forest.nodes[Int(owner)].element.children
      steps &+= 1
      root = children == other.forest.nodes[Int(owner)].element.children ? children : -2
      verdicts.setRoot(root, owner: owner)
    }
    // -2: the owner's subitems' trees have different roots on the two sides.
    guard root != -2 else { return false }
    guard x != root else { return true }
    // Up from `x`: each node above must link down to the one below, and
    // have the same links on both sides. Every node walked shares the
    // verdict of the first one that decides (a difference, the root, or a
    // node `verdicts` knows), which is then kept for each of them.
    return withUnsafeTemporaryAllocation(of: _NodeID.self, capacity: 64) { walked in
      var walkedCount = 0
      var child = x
      var parent = node.parent
      var verdict = false
      while true {
        // No tree is taller than 64: a longer walk follows stale links.
        guard parent >= 0, Int(parent) < count, walkedCount < 64 else { break }
        let above = forest.nodes[Int(parent)]
        steps &+= 1
        guard above.left == child || above.right == child else { break }
        if let known = verdicts[parent] {
          verdict = known
          break
        }
        walked[walkedCount] = parent
        walkedCount &+= 1
        let otherAbove = other.forest.nodes[Int(parent)]
        guard above.left == otherAbove.left, above.right == otherAbove.right else { break }
        // A root's parent link means nothing, and is not compared.
        if parent == root {
          verdict = true
          break
        }
        guard above.parent == otherAbove.parent else { break }
        child = parent
        parent = above.parent
      }
      for i in 0..<walkedCount { verdicts[walked[i]] = verdict }
      return verdict
    }
  }

  /// Whether two nodes have the same item, links, height and summary.
  ///
  /// The item and the summary are compared as whole values (their
  /// `Equatable` conformances are synthesized), so a field added to either
  /// is compared too: a node changed only there must not pass for
  /// unchanged.
  @inlinable @inline(__always)
  static func hasEqualFields(_ a: SummaryForest<_Item>.Node, _ b: SummaryForest<_Item>.Node) -> Bool {
    a.left == b.left && a.right == b.right && a.parent == b.parent && a.height == b.height
      && a.total == b.total && a.element == b.element
  }
}

/// What the walks of ``_Arena/isUnchanged(_:from:steps:verdicts:)`` found
/// of the nodes above theirs (whether a node and every node above it to
/// its tree's root have the same links in the two storages compared) and
/// of their owners (whether an owner's subitems' tree has the same root on
/// both sides). Caches of fixed size, indexed by node, where a later node
/// takes the place of an earlier one: forgetting costs a read, never an
/// answer.
@usableFromInline
struct _LinkVerdicts {
  /// The number of nodes kept at once.
  @usableFromInline static var capacity: Int { 4_096 }

  /// The number of owners kept at once.
  @usableFromInline static var ownerCapacity: Int { 256 }

  /// For each place, the node it holds shifted left by one, and the
  /// verdict in the low bit; -1 when empty.
  @usableFromInline var entries = [Int64](repeating: -1, count: capacity)

  /// For each place, an owner in the high 32 bits and the root of its
  /// subitems' tree in the low 32 (-2 when the roots differ between the
  /// two storages); -1 when empty.
  @usableFromInline var owners = [Int64](repeating: -1, count: ownerCapacity)

  /// An empty cache.
  @inlinable init() {}

  /// The verdict on node `x`, or `nil` when it is not kept.
  @inlinable
  subscript(x: _NodeID) -> Bool? {
    get {
      let entry = entries[Int(x) & (Self.capacity - 1)]
      return entry >= 0 && entry >> 1 == Int64(x) ? entry & 1 == 1 : nil
    }
    set {
      guard let newValue, x >= 0 else { return }
      entries[Int(x) & (Self.capacity - 1)] = Int64(x) << 1 | (newValue ? 1 : 0)
    }
  }

  /// The root of `owner`'s subitems' tree when it is the same in the two
  /// storages, -2 when it differs, or `nil` when the owner is not kept.
  @inlinable
  func root(owner: _NodeID) -> _NodeID? {
    let entry = owners[Int(owner) & (Self.ownerCapacity - 1)]
    guard entry >= 0, entry >> 32 == Int64(owner) else { return nil }
    return _NodeID(truncatingIfNeeded: entry)
  }

  /// Keeps what ``root(owner:)`` answers for `owner`.
  @inlinable
  mutating func setRoot(_ root: _NodeID, owner: _NodeID) {
    guard owner >= 0 else { return }
    owners[Int(owner) & (Self.ownerCapacity - 1)] = Int64(owner) << 32 | Int64(UInt32(bitPattern: root))
  }
}
