extension SummaryForest {
  /// The node array of a forest: flat, or in pages that copies share (see
  /// ``PagedArray``), as the forest was created.
  ///
  /// A flat array reads a node with one reference less; paged storage makes
  /// a copy of the forest O(1) and its first write after a copy O(1) pages.
  /// A forest that is copied and edited, such as a snapshot's, wants pages;
  /// one that is read far more than it is copied wants a flat array.
  public struct Nodes: Sendable {
    /// The nodes, when the storage is flat; empty otherwise.
    @usableFromInline var flat: ContiguousArray<Node>
    /// The nodes, when the storage is paged; empty otherwise.
    @usableFromInline var paged: PagedArray<Node>
    /// Whether the nodes are kept in pages that copies share.
    public let isPaged: Bool

    /// An empty node array, paged or flat.
    @inlinable
    init(paged isPaged: Bool) {
      flat = []
      paged = PagedArray()
      self.isPaged = isPaged
    }

    /// The number of nodes, in use or free.
    @inlinable
    public var count: Int {
      @inline(__always) get { isPaged ? paged.count : flat.count }
    }

    /// Whether there is no node.
    @inlinable
    public var isEmpty: Bool { count == 0 }

    /// Node `i`, which must be less than ``count``.
    ///
    /// - Complexity: O(1); a write to paged storage shared with a copy
    ///   copies one page (see ``PagedArray``).
    @inlinable
    public subscript(i: Int) -> Node {
      @inline(__always) get {
        // Node identities come from the forest itself: reads skip the
        // bounds check in release builds (debug builds still check).
        isPaged ? paged[i] : flat.withUnsafeBufferPointer { $0[i] }
      }
      // A setter, not a `_modify` coroutine: a coroutine that yields in
      // two places is not inlined, and its frame is allocated on the heap.
      @inline(__always) set {
        if isPaged {
          paged[i] = newValue
        } else {
          flat[i] = newValue
        }
      }
    }

    /// Calls `body` with node `i`, which must be less than ``count``, to
    /// change in place: flat storage writes only what `body` changes, where
    /// the subscript's setter writes the whole node back.
    ///
    /// - Complexity: O(1); paged storage shared with a copy copies one page.
    @inlinable @inline(__always)
    public mutating func modify<R>(_ i: Int, _ body: (inout Node) -> R) -> R {
      guard isPaged else { return body(&flat[i]) }
      var node = paged[i]
      let result = body(&node)
      paged[i] = node
      return result
    }

    /// Appends `node`.
    ///
    /// - Complexity: amortized O(1).
    @inlinable
    mutating func append(_ node: Node) {
      if isPaged { paged.append(node) } else { flat.append(node) }
    }

    /// Appends `nodes`, in their order.
    ///
    /// - Complexity: O(*k*) for *k* nodes, a page at a time when paged.
    @inlinable
    mutating func append(contentsOf nodes: UnsafeBufferPointer<Node>) {
      if isPaged { paged.append(contentsOf: nodes) } else { flat.append(contentsOf: nodes) }
    }

    /// Reserves room for `n` nodes, when the storage is flat (pages grow
    /// a page at a time).
    ///
    /// - Complexity: O(*n*).
    @inlinable
    public mutating func reserveCapacity(_ n: Int) {
      if !isPaged { flat.reserveCapacity(n) }
    }

    /// Removes the last `k` nodes.
    ///
    /// - Complexity: O(*k*).
    @inlinable
    mutating func removeLast(_ k: Int) {
      if isPaged { paged.removeLast(k) } else { flat.removeLast(k) }
    }

    /// Calls `body` with the nodes, for a descent that reads many of them
    /// whether the storage is flat or paged.
    @inlinable @inline(__always)
    public func reading<R>(_ body: (Nodes) throws -> R) rethrows -> R {
      try body(self)
    }

    /// Calls `body` with a function that reads a node by identity: from the
    /// flat array's buffer, or from the pages. A descent written once over
    /// it is specialized for each storage.
    ///
    /// - Complexity: O(1) beyond `body`; each read is O(1).
    @inlinable @inline(__always)
    public func withReader<R>(_ body: (_ node: (NodeID) -> Node) throws -> R) rethrows -> R {
      guard isPaged else { return try flat.withUnsafeBufferPointer { buffer in try body { buffer[Int($0)] } } }
      return try body { paged[Int($0)] }
    }

    /// Calls `body` with the flat array's buffer, for descents that read
    /// many nodes; the storage must be flat.
    @inlinable
    public func withUnsafeBufferPointer<R>(_ body: (UnsafeBufferPointer<Node>) throws -> R) rethrows -> R {
      precondition(!isPaged, "Paged nodes have no single buffer")
      return try flat.withUnsafeBufferPointer(body)
    }

    /// Calls `body` with the flat array's mutable buffer, for walks that
    /// write many nodes; the storage must be flat.
    @inlinable
    public mutating func withUnsafeMutableBufferPointer<R>(
      _ body: (inout UnsafeMutableBufferPointer<Node>) throws -> R
    ) rethrows -> R {
      precondition(!isPaged, "Paged nodes have no single buffer")
      return try flat.withUnsafeMutableBufferPointer(body)
    }

    /// Calls `body` with the positions of each page of nodes that this
    /// storage and `other` do not share, until `body` returns `false` (see
    /// ``PagedArray/forEachUnsharedPage(with:_:)``); flat storage is one
    /// page, shared only when it is the same buffer.
    ///
    /// - Returns: `false` when `body` stopped the walk.
    /// - Complexity: O(*n* / 8,192 + *u*) for *u* pages not shared, plus
    ///   `body`.
    @inlinable
    public func forEachUnsharedPage(with other: Nodes, _ body: (Range<Int>) -> Bool) -> Bool {
      if isPaged && other.isPaged { return paged.forEachUnsharedPage(with: other.paged, body) }
      guard storageIdentity != other.storageIdentity || count != other.count else { return true }
      return body(0..<Swift.max(count, other.count))
    }

    /// Calls `body` with the address of every buffer of the storage (see
    /// ``PagedArray/forEachBufferIdentity(_:)``; one for flat storage).
    ///
    /// - Complexity: O(*n* / 256) paged, O(1) flat.
    public func forEachBufferIdentity(_ body: (UnsafeRawPointer) -> Void) {
      if isPaged {
        paged.forEachBufferIdentity(body)
      } else if let identity = storageIdentity {
        body(identity)
      }
    }

    /// An identity of the storage, which two copies share until one of
    /// them writes: for tests that check what is shared.
    public var storageIdentity: UnsafeRawPointer? {
      isPaged ? paged.storageIdentity : flat.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
    }
  }
}

extension SummaryForest {
  /// Calls `body` with the flat node array's buffer and the kept sums'
  /// buffer, for descents that read both at every step; the storage must be
  /// flat and keep its sums.
  ///
  /// The buffers are taken straight from the two arrays, so that a caller
  /// that inlines this reads them without copying the forest.
  ///
  /// - Complexity: O(1) beyond `body`.
  @inlinable @inline(__always)
  public func withUnsafeNodesAndSums<R>(
    _ body: (UnsafeBufferPointer<Node>, UnsafeBufferPointer<NodeSums>) throws -> R
  ) rethrows -> R {
    precondition(!nodes.isPaged && keepsSums, "Only flat nodes with kept sums have two buffers")
    return try nodes.flat.withUnsafeBufferPointer { nodes in
      try sums.withUnsafeBufferPointer { sums in try body(nodes, sums) }
    }
  }
}
