import _SummaryTree

/// The node of each item of a snapshot, by identifier: an open-addressing
/// hash table (linear probing) of node identities, 4 bytes a bucket.
///
/// The identifiers themselves are not stored twice: a probe compares with
/// the snapshot's `_items[node]`, which the caller passes in, and which
/// must name the item of every node in the table.
///
/// ## Layout
///
/// A bucket is one `UInt32`, 0 when empty; a used one holds, from its
/// high bits down, `fingerprint | distance | node`:
///
/// - `node` takes the low `nodeBits` bits. It is at least 1 (node 0 is
///   the virtual root, never an item), so a used bucket is never 0.
///   `nodeBits` is at least log₂ of the bucket count (a snapshot allocates
///   a node per item, so its nodes stay below that) and enough for every
///   node entered, at most 31; it grows with the table, never shrinks.
/// - `distance` takes `min(4, 32 - nodeBits)` bits: how far the bucket
///   lies past its identifier's home bucket, or all ones (`far`) for that
///   distance or more, which linear probing at a load of ¾ or less seldom
///   reaches.
/// - `fingerprint` takes the rest (`28 - nodeBits` bits while `nodeBits`
///   is 28 or less, then none): the bits of the identifier's 64-bit
///   `hashValue` just above the low log₂(bucket count) bits that pick its
///   home bucket.
///
/// A probe compares a bucket's fingerprint with the key's, then its
/// distance with the probe's own, and reads `items[node]` only when both
/// agree: the home bucket and the fingerprint's bits of the hash match.
///
/// The table is at most ¾ full and its bucket count is 0 or a power of two
/// (16 or more): 4 × buckets / items is 5.3 to 10.7 bytes per item, 8.4 at
/// 10⁶ items (2²¹ buckets), half what 8-byte buckets (the hash's low 32
/// bits and the node) took.
///
/// ## Growing without hashing
///
/// A bucket's home is its index less its distance. Doubling the bucket
/// count takes the fingerprint's lowest bit into the home, and `nodeBits`
/// grows by one with it, so every bit the fingerprint keeps is still the
/// hash's: growing moves the buckets without hashing an identifier again,
/// except the far ones, which hash `items[node]`. Only when the fingerprint
/// has no bit to give (past 2²⁸ buckets, or with `nodeBits` ahead of the
/// bucket count) does growing hash every identifier held. Widening
/// `nodeBits` for a node beyond it drops fingerprint bits, and hashes
/// nothing either.
///
/// Removal shifts the following buckets back (no tombstones), so a probe
/// stops at the first empty bucket whatever the history of the table. Their
/// homes come from their distances; a far one hashes `items[node]`.
@usableFromInline
package struct _NodeTable: Sendable {
  /// The buckets (see the layout above). The count is 0 or a power of two.
  @usableFromInline
  var buckets: PagedArray<UInt32>
  /// The number of items held.
  @usableFromInline
  package var count: Int
  /// The number of items the table holds before an insertion rebuilds it:
  /// ¾ of the bucket count, or 0 when a reservation is pending.
  @usableFromInline
  var limit: Int
  /// The room `reserveCapacity(_:)` asked for, which the next insertion
  /// grows to (growing may hash identifiers held, which takes `items`); 0
  /// when none is pending.
  @usableFromInline
  var reserved: Int
  /// The number of low bits of a used bucket that hold its node: 0 while
  /// there is no bucket, then from 4 to 31.
  @usableFromInline
  var nodeBits: UInt32
  /// A bucket's distance field when the bucket is that far from its home
  /// or farther: all ones, `(1 << distanceBits) - 1`.
  @usableFromInline
  var far: UInt32
  /// The fingerprint's bits of a bucket.
  @usableFromInline
  var fingerprintMask: UInt32
  /// The shift that takes a hash's fingerprint bits to the fingerprint's
  /// place in a bucket (the bits below them are masked off).
  @usableFromInline
  var fingerprintShift: UInt64

  /// An empty table.
  ///
  /// - Complexity: O(1).
  @inlinable
  package init() {
    buckets = PagedArray()
    count = 0
    limit = 0
    reserved = 0
    nodeBits = 0
    far = 0
    fingerprintMask = 0
    fingerprintShift = 0
  }

  /// The hash of `key`: its low log₂(bucket count) bits pick its home
  /// bucket, the bits above them are its fingerprint.
  @inlinable
  static func hash(_ key: some Hashable) -> UInt64 {
    UInt64(truncatingIfNeeded: key.hashValue)
  }

  /// The node in `bucket`.
  @inlinable
  func node(in bucket: UInt32) -> Int32 {
    Int32(bitPattern: bucket & ((1 &<< nodeBits) &- 1))
  }

  /// The distance field of `bucket`, which is `far` for a distance of
  /// `far` or more.
  @inlinable
  func distance(of bucket: UInt32) -> UInt32 {
    bucket &>> nodeBits & far
  }

  /// Whether the used bucket at `i` may hold the key with this home and
  /// fingerprint (`tag`): the fingerprint and the distance agree.
  @inlinable
  func mayHold(_ bucket: UInt32, at i: Int, home: Int, tag: UInt32) -> Bool {
    guard (bucket ^ tag) & fingerprintMask == 0 else { return false }
    let distance = UInt32(truncatingIfNeeded: (i &- home) & (buckets.count &- 1))
    return self.distance(of: bucket) == Swift.min(distance, far)
  }

  /// The probe for `key` from its home bucket on, in a table with
  /// buckets: the bucket that holds `key`, or else the empty bucket that
  /// ends the probe, where `key` would go; whether `key` was found; and
  /// `key`'s home and fingerprint (`tag`).
  ///
  /// - Complexity: O(1) expected.
  @inlinable @inline(__always)
  func probe<Key: Hashable>(
    _ key: Key, in items: PagedArray<Key>
  ) -> (bucket: Int, isFound: Bool, home: Int, tag: UInt32) {
    let hash = Self.hash(key)
    let tag = UInt32(truncatingIfNeeded: hash &<< fingerprintShift) & fingerprintMask
    let mask = buckets.count &- 1
    let home = Int(truncatingIfNeeded: hash) & mask
    var i = home
    while true {
      let bucket = buckets[i]
      if bucket == 0 { return (i, false, home, tag) }
      if mayHold(bucket, at: i, home: home, tag: tag) && items[Int(node(in: bucket))] == key {
        return (i, true, home, tag)
      }
      i = (i &+ 1) & mask
    }
  }

  /// The node of `key`, or `nil`.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  package func node<Key: Hashable>(of key: Key, in items: PagedArray<Key>) -> Int32? {
    guard count > 0 else { return nil }
    let slot = probe(key, in: items)
    return slot.isFound ? node(in: buckets[slot.bucket]) : nil
  }

  /// Enters `node` for `key`, whose item `items[node]` already is, unless
  /// `key` is in the table. `items` must name the item of every node held:
  /// growing may hash them.
  ///
  /// - Returns: The node `key` already has, or `nil` when `node` was
  ///   entered.
  /// - Complexity: O(1) expected, amortized: growing (the bucket count
  ///   doubles at a load of ¾) and widening the node bits take O(*n*) for
  ///   *n* items held, hashing none of them but the far ones (see the
  ///   type's documentation).
  @inlinable
  package mutating func insert<Key: Hashable>(_ key: Key, node: Int32, in items: PagedArray<Key>) -> Int32? {
    assert(node > 0, "node 0 is the virtual root, never an item")
    if count >= limit || UInt32(bitPattern: node) &>> nodeBits != 0 {
      rebuild(toHold: Swift.max(count &+ 1, reserved), node: node, in: items)
    }
    let slot = probe(key, in: items)
    if slot.isFound { return self.node(in: buckets[slot.bucket]) }
    let distance = UInt32(truncatingIfNeeded: (slot.bucket &- slot.home) & (buckets.count &- 1))
    buckets[slot.bucket] = slot.tag | Swift.min(distance, far) &<< nodeBits | UInt32(bitPattern: node)
    count &+= 1
    return nil
  }

  /// Takes `key` out of the table, if it is there; `items` must still name
  /// the item of every node held, `key`'s among them.
  ///
  /// - Complexity: O(1) expected.
  @inlinable
  package mutating func remove<Key: Hashable>(_ key: Key, in items: PagedArray<Key>) {
    guard count > 0 else { return }
    let slot = probe(key, in: items)
    guard slot.isFound else { return }
    let mask = buckets.count &- 1
    var hole = slot.bucket
    // Shift back each following bucket of the run whose home is not
    // between the hole and itself (its distance reaches back to the hole
    // or beyond), so that no probe meets a gap.
    var j = (hole &+ 1) & mask
    while true {
      let bucket = buckets[j]
      if bucket == 0 { break }
      let gap = UInt32(truncatingIfNeeded: (j &- hole) & mask)
      var reach = distance(of: bucket)
      if reach == far {
        // Far: its home, from its identifier.
        let home = Int(truncatingIfNeeded: Self.hash(items[Int(node(in: bucket))])) & mask
        reach = UInt32(truncatingIfNeeded: (j &- home) & mask)
      }
      if reach >= gap {
        let rest = bucket & ~(far &<< nodeBits)
        buckets[hole] = rest | Swift.min(reach &- gap, far) &<< nodeBits
        hole = j
      }
      j = (j &+ 1) & mask
    }
    buckets[hole] = 0
    count &-= 1
  }

  /// Makes room for `capacity` items, so that inserting them grows the
  /// table at most once: the growth, if one is needed, takes place at the
  /// next insertion, which has the `items` that growing may hash.
  ///
  /// - Complexity: O(1).
  @inlinable
  package mutating func reserveCapacity(_ capacity: Int) {
    if capacity * 4 > buckets.count * 3 && capacity > reserved {
      reserved = capacity
      limit = 0
    }
  }

  /// The number of bits of a bucket's distance for `nodeBits` node bits.
  @inlinable
  static func distanceBits(_ nodeBits: UInt32) -> UInt32 {
    Swift.min(4, 32 - nodeBits)
  }

  /// Moves the buckets into a table with room for `capacity` items at a
  /// load of ¾ (twice the bucket count or more when it grows; the same
  /// count when it only widens the node bits) and node bits enough for
  /// `node`.
  ///
  /// The home and fingerprint of each bucket in the new table come from
  /// its old home (its index less its distance) and fingerprint when the
  /// old fingerprint holds all their bits, which it does when the node bits
  /// grow at least as much as the bucket count's bits; otherwise, and for a
  /// far bucket, from hashing `items[node]`.
  ///
  /// - Complexity: O(*b*) for *b* buckets after, and a hash for each far
  ///   bucket (for every bucket when the fingerprints lack bits).
  @inlinable
  mutating func rebuild<Key: Hashable>(toHold capacity: Int, node: Int32, in items: PagedArray<Key>) {
    var size = Swift.max(16, buckets.count)
    while capacity * 4 > size * 3 { size *= 2 }
    precondition(size <= 1 << 32, "too many items for a snapshot: its node table has at most 2³² buckets")
    let bucketBits = UInt32(size.trailingZeroBitCount)
    let newNodeBits = Swift.min(
      31,
      Swift.max(nodeBits, bucketBits, UInt32(UInt32.bitWidth - UInt32(bitPattern: node).leadingZeroBitCount)))
    let distanceBits = Self.distanceBits(newNodeBits)
    let newFar: UInt32 = (1 &<< distanceBits) &- 1
    let fingerprintBits = 32 - newNodeBits - distanceBits
    let newFingerprintMask: UInt32 = fingerprintBits == 0 ? 0 : ~0 &<< (newNodeBits + distanceBits)
    let newFingerprintShift = UInt64(Swift.max(0, Int(newNodeBits + distanceBits) - Int(bucketBits)))
    var grown = ContiguousArray<UInt32>(repeating: 0, count: size)
    if count > 0 {
      let mask = size - 1
      let newFingerprintPlace = newNodeBits + distanceBits
      // The old layout.
      let oldBucketBits = UInt32(buckets.count.trailingZeroBitCount)
      let oldMask = buckets.count - 1
      let oldNodeBits = nodeBits
      let oldNodeMask: UInt32 = (1 &<< oldNodeBits) &- 1
      let oldFar = far
      let oldFingerprintPlace = oldNodeBits + Self.distanceBits(oldNodeBits)
      let oldFingerprintBits = 32 - oldFingerprintPlace
      let growth = bucketBits - oldBucketBits
      // Whether the old fingerprints hold the bits that the new homes take
      // and all the bits of the new fingerprints.
      let kept = growth <= oldFingerprintBits && fingerprintBits <= oldFingerprintBits - growth
      let growthMask: UInt32 = (1 &<< growth) &- 1
      let doubling = growth == 1 && newFingerprintPlace == oldFingerprintPlace &+ 1
      let oldCount = buckets.count
      let keptAtHome = newFingerprintMask | oldNodeMask
      let old = buckets
      do {
        grown.withUnsafeMutableBufferPointer { new in
          for i in 0..<old.count {
            let bucket = old[i]
            if bucket == 0 { continue }
            let oldDistance = bucket &>> oldNodeBits & oldFar
            var home: Int
            var tag: UInt32
            if doubling && oldDistance != oldFar {
              // The common growth: the fingerprint's lowest bit goes to
              // the home, the node bits take its place, and the rest of
              // the fingerprint stays where it is.
              home = (i &- Int(oldDistance)) & oldMask | (bucket & (1 &<< oldFingerprintPlace) == 0 ? 0 : oldCount)
              if new[home] == 0 {
                // At its home: a distance of 0.
                new[home] = bucket & keptAtHome
                continue
              }
              tag = bucket & newFingerprintMask
            } else if kept && oldDistance != oldFar {
              home =
                (i &- Int(oldDistance)) & oldMask
                | Int(bucket &>> oldFingerprintPlace & growthMask) &<< oldBucketBits
              tag = (bucket &>> (oldFingerprintPlace &+ growth)) &<< newFingerprintPlace & newFingerprintMask
            } else {
              let hash = Self.hash(items[Int(bucket & oldNodeMask)])
              home = Int(truncatingIfNeeded: hash) & mask
              tag = UInt32(truncatingIfNeeded: hash &<< newFingerprintShift) & newFingerprintMask
            }
            var j = home
            while new[j] != 0 { j = (j &+ 1) & mask }
            let distance = UInt32(truncatingIfNeeded: (j &- home) & mask)
            new[j] = tag | Swift.min(distance, newFar) &<< newNodeBits | bucket & oldNodeMask
          }
        }
      }
    }
    buckets = PagedArray(grown)
    limit = size / 4 * 3
    reserved = 0
    nodeBits = newNodeBits
    far = newFar
    fingerprintMask = newFingerprintMask
    fingerprintShift = newFingerprintShift
    _checkInvariants(items)
  }

  /// With `-D TREE_INDEX_INTERNAL_CHECKS`, traps unless every bucket holds
  /// its node's fingerprint and distance, as `items` names its identifier,
  /// with no gap since its home, the count is right, and the buckets' and
  /// identifiers' pages are in shape.
  ///
  /// - Complexity: O(*b*) for *b* buckets with the checks, O(1) without.
  @inlinable
  package func _checkInvariants<Key: Hashable>(_ items: PagedArray<Key>) {
    #if TREE_INDEX_INTERNAL_CHECKS
    if let fault = buckets.shapeFault { preconditionFailure("node table: buckets: \(fault)") }
    if let fault = items.shapeFault { preconditionFailure("node table: identifiers: \(fault)") }
    let mask = buckets.count - 1
    var held = 0
    for (i, bucket) in buckets.enumerated() where bucket != 0 {
      held += 1
      let entered = Int(node(in: bucket))
      precondition(entered > 0 && entered < items.count, "node table: bucket \(i) holds node \(entered)")
      let hash = Self.hash(items[entered])
      let home = Int(truncatingIfNeeded: hash) & mask
      let tag = UInt32(truncatingIfNeeded: hash &<< fingerprintShift) & fingerprintMask
      precondition(
        bucket & fingerprintMask == tag && distance(of: bucket) == Swift.min(UInt32((i - home) & mask), far),
        "node table: bucket \(i) (node \(entered)) has the wrong fingerprint or distance")
      var j = home
      while j != i {
        precondition(buckets[j] != 0, "node table: a gap between bucket \(i) and its home \(home)")
        j = (j + 1) & mask
      }
    }
    precondition(held == count, "node table: \(held) buckets used for a count of \(count)")
    #endif
  }
}
