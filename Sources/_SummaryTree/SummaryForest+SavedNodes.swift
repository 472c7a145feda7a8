/// What a journal saved: the value each node had before its first write
/// under the journal, found by the node's identity.
///
/// A journal is written on every recorded node write and read by every
/// ``SummaryForest/Past`` look-up, so it is a table made for node
/// identities rather than a `Dictionary`: an identity is already a small
/// integer, so one multiplication spreads it over the slots (no hasher, no
/// per-process seed), and the saved nodes sit in one array in the order
/// they were saved, which is also the order commits and roll-backs visit.
extension SummaryForest {
  /// The saved nodes of one journal, with open addressing by identity.
  public struct SavedNodes: Sendable {
    /// Each saved node and its identity, in the order saved.
    @usableFromInline var entries: [(id: NodeID, node: Node)] = []
    /// For each slot, the position in `entries` of the node that hashed
    /// there, or -1; a power of two long, at least twice `entries.count`
    /// (or empty while nothing is saved).
    @usableFromInline var slots: [Int32] = []

    /// Creates an empty table.
    @inlinable
    init() {}

    /// The number of saved nodes.
    @inlinable
    var count: Int { entries.count }

    /// Whether no node is saved.
    @inlinable
    var isEmpty: Bool { entries.isEmpty }

    /// The first slot to probe for node `t`, in a table of `mask` + 1 slots.
    @inlinable @inline(__always)
    static func home(of t: NodeID, mask: Int) -> Int {
      // Fibonacci hashing: the high bits of the product are well mixed.
      Int(truncatingIfNeeded: (UInt32(bitPattern: t) &* 0x9E37_79B9) >> 8) & mask
    }

    /// The saved value of node `t`, or `nil` when it was not saved.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    subscript(t: NodeID) -> Node? {
      guard !slots.isEmpty else { return nil }
      return slots.withUnsafeBufferPointer { slots in
        let mask = slots.count - 1
        var slot = Self.home(of: t, mask: mask)
        while true {
          let position = Int(slots[slot])
          if position < 0 { return nil }
          if entries[position].id == t { return entries[position].node }
          slot = (slot &+ 1) & mask
        }
      }
    }

    /// Whether node `t` was saved.
    ///
    /// - Complexity: O(1) expected.
    @inlinable
    func contains(_ t: NodeID) -> Bool { self[t] != nil }

    /// Saves `node` as the value of node `t`, unless one is saved already:
    /// the first value saved is the one kept.
    ///
    /// - Complexity: amortized O(1) expected.
    @inlinable
    mutating func saveIfAbsent(_ t: NodeID, _ node: Node) {
      if slots.count < 2 * (entries.count + 1) { grow() }
      let inserted: Bool = slots.withUnsafeMutableBufferPointer { slots in
        let mask = slots.count - 1
        var slot = Self.home(of: t, mask: mask)
        while true {
          let position = Int(slots[slot])
          if position < 0 {
            slots[slot] = Int32(truncatingIfNeeded: entries.count)
            return true
          }
          if entries[position].id == t { return false }
          slot = (slot &+ 1) & mask
        }
      }
      if inserted { entries.append((t, node)) }
    }

    /// Doubles the slots (16 at first) and places every entry again.
    @inlinable
    mutating func grow() {
      let capacity = Swift.max(16, slots.count * 2)
      slots = Array(repeating: -1, count: capacity)
      slots.withUnsafeMutableBufferPointer { slots in
        let mask = capacity - 1
        for (position, entry) in entries.enumerated() {
          var slot = Self.home(of: entry.id, mask: mask)
          while slots[slot] >= 0 { slot = (slot &+ 1) & mask }
          slots[slot] = Int32(truncatingIfNeeded: position)
        }
      }
    }
  }
}
