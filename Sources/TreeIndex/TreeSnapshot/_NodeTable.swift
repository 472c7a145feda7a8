/// The node of each item of a snapshot, by identifier: an open-addressing
/// hash table (linear probing) of node identities.
///
/// Each bucket holds a node and 32 bits of its identifier's hash, in one
/// word. The identifiers themselves are not stored twice: a probe compares
/// with the snapshot's `_items[node]`, which the caller passes in. Growing
/// moves the buckets by their stored hash bits and never hashes an
/// identifier again, and a bucket takes 8 bytes where a dictionary from
/// identifiers to nodes takes the identifier's size plus 4.
///
/// Removal shifts the following buckets back (no tombstones), so a probe
/// stops at the first empty bucket whatever the history of the table.
@usableFromInline
struct _NodeTable: Sendable {
  /// `hash << 32 | node`, or 0 for an empty bucket (node 0 is the virtual
  /// root, never an item). The count is 0 or a power of two.
  @usableFromInline
  var buckets: ContiguousArray<UInt64>
  /// The number of items held.
  @usableFromInline
  var count: Int

  /// An empty table.
  @inlinable
  init() {
    buckets = []
    count = 0
  }

  /// The low 32 bits of `key`'s hash: its home bucket, and what a bucket
  /// keeps of it.
  @inlinable
  static func hash(_ key: some Hashable) -> UInt32 {
    UInt32(truncatingIfNeeded: key.hashValue)
  }

  /// The node of `key`, or `nil`.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  func node<Key: Hashable>(of key: Key, in items: ContiguousArray<Key>) -> Int32? {
    guard count > 0 else { return nil }
    let hash = Self.hash(key)
    let mask = buckets.count - 1
    var i = Int(hash) & mask
    while true {
      let bucket = buckets[i]
      if bucket == 0 { return nil }
      let node = Int32(truncatingIfNeeded: bucket)
      if UInt32(truncatingIfNeeded: bucket >> 32) == hash && items[Int(node)] == key { return node }
      i = (i + 1) & mask
    }
  }

  /// Enters `node` for `key`, whose item `items[node]` already is, unless
  /// `key` is in the table.
  ///
  /// - Returns: The node `key` already has, or `nil` when `node` was
  ///   entered.
  /// - Complexity: O(1) expected, amortized.
  @inlinable
  mutating func insert<Key: Hashable>(_ key: Key, node: Int32, in items: ContiguousArray<Key>) -> Int32? {
    if (count + 1) * 4 > buckets.count * 3 { grow(toHold: count + 1) }
    let hash = Self.hash(key)
    let mask = buckets.count - 1
    var i = Int(hash) & mask
    while true {
      let bucket = buckets[i]
      if bucket == 0 {
        buckets[i] = UInt64(hash) << 32 | UInt64(UInt32(bitPattern: node))
        count += 1
        return nil
      }
      let other = Int32(truncatingIfNeeded: bucket)
      if UInt32(truncatingIfNeeded: bucket >> 32) == hash && items[Int(other)] == key { return other }
      i = (i + 1) & mask
    }
  }

  /// Takes `key` out of the table, if it is there; `items` must still name
  /// its node's item.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  mutating func remove<Key: Hashable>(_ key: Key, in items: ContiguousArray<Key>) {
    guard count > 0 else { return }
    let hash = Self.hash(key)
    let mask = buckets.count - 1
    var hole = Int(hash) & mask
    while true {
      let bucket = buckets[hole]
      if bucket == 0 { return }
      if UInt32(truncatingIfNeeded: bucket >> 32) == hash && items[Int(Int32(truncatingIfNeeded: bucket))] == key {
        break
      }
      hole = (hole + 1) & mask
    }
    // Shift back each following bucket of the run whose home is not
    // between the hole and itself, so that no probe meets a gap.
    var j = (hole + 1) & mask
    while buckets[j] != 0 {
      let home = Int(UInt32(truncatingIfNeeded: buckets[j] >> 32)) & mask
      let staysPut = hole <= j ? (hole < home && home <= j) : (hole < home || home <= j)
      if !staysPut {
        buckets[hole] = buckets[j]
        hole = j
      }
      j = (j + 1) & mask
    }
    buckets[hole] = 0
    count -= 1
  }

  /// Makes room for `capacity` items without growing.
  ///
  /// - Complexity: O(*n*) when it grows, for *n* items held.
  @inlinable
  mutating func reserveCapacity(_ capacity: Int) {
    if capacity * 4 > buckets.count * 3 { grow(toHold: capacity) }
  }

  /// Moves the buckets into a table of twice the size or more, at least
  /// enough for `capacity` items at a load of ¾, by their stored hashes.
  @inlinable
  mutating func grow(toHold capacity: Int) {
    var size = Swift.max(16, buckets.count * 2)
    while capacity * 4 > size * 3 { size *= 2 }
    precondition(size <= 1 << 32, "too many items for a snapshot")
    var grown = ContiguousArray<UInt64>(repeating: 0, count: size)
    let mask = size - 1
    for bucket in buckets where bucket != 0 {
      var i = Int(UInt32(truncatingIfNeeded: bucket >> 32)) & mask
      while grown[i] != 0 { i = (i + 1) & mask }
      grown[i] = bucket
    }
    buckets = grown
  }
}
