import _SummaryTree

// The change set between two snapshots that share storage but not an edit
// history: copies of one snapshot edited apart (each from the common
// state, not one from the other), or one edited past what its history
// keeps. Their node arrays, identifiers and node tables share every page
// neither of them wrote since they parted, so what differs lies in the
// pages they do not share. Those pages are compared slot by slot: a slot
// that holds the same item, unchanged, on both sides names nothing; every
// other item they hold, on either side, is a seed of
// ``_DerivedSnapshotDiff``, which then visits only the seeds and what lies
// above them.
//
// A slot names a seed when its item or node differs between the two
// sides, and so does every node above such a node in its tree, on either
// side (see `_Arena+WrittenNodes.swift`). What a tree holds besides those
// marked nodes is a run of subtrees with no marked node: the same on both
// sides. When they stand in the same order on both sides (checked for
// each tree with a marked node), the tree's unmarked children stand in the
// same order on both sides, which is what the derived walk assumes of the
// children that are not seeds. An edit writes O(*d* log *b*) nodes (the
// item, and the summaries and rotations on its way up), so the seeds are
// that many, not the 256 slots of each page those nodes lie on, nor every
// node beneath a node that a rotation relinked.

extension TreeSnapshot {
  /// The change set from `old` worked out from the pages of storage the
  /// two do not share, when they share some and the pages they do not
  /// share hold at most a sixteenth of their slots; `nil` otherwise, or once the
  /// steps the full comparison would take are spent. Not public API.
  ///
  /// - Complexity: O(*n* / 8,192 + *u* · 256 + (*w* + *a*) log *b*) plus
  ///   the ranges listed, for *u* pages not shared, the *w* nodes that
  ///   differ in them and the *a* distinct items above those.
  @inlinable
  func _changesFromUnsharedPagesWithinBudget(from old: TreeSnapshot, layout: TreeIndex.Layout) -> TreeChanges? {
    let nodes = _index._arena.forest.nodes
    let oldNodes = old._index._arena.forest.nodes
    // How many pages of nodes are not shared, stopping as soon as they are
    // too many: snapshots built apart share none, and are compared in full
    // at once. A seed costs the walk about ten times what an item costs the
    // full comparison, so the pages may hold a sixteenth of the slots.
    let slotLimit = (count + old.count) / 16
    var unshared = 0
    let isFew = nodes.forEachUnsharedPage(with: oldNodes) { _ in
      unshared += 1
      return unshared * 256 <= slotLimit
    }
    let pageCount = (Swift.max(nodes.count, oldNodes.count) + 255) / 256
    guard isFew, unshared < pageCount else { return nil }
    // The same for the node table's buckets, which a table that grew
    // rewrote.
    var unsharedBuckets = 0
    guard
      _nodes.buckets.forEachUnsharedPage(
        with: old._nodes.buckets,
        { range in
          unsharedBuckets += range.count
          return unsharedBuckets <= slotLimit
        })
    else { return nil }
    var budget = _StepBudget(limit: _derivedStepLimit(from: old))
    return _changesFromUnsharedPages(from: old, layout: layout, budget: &budget)
  }

  /// The change set from `old` worked out from the pages of storage the
  /// two do not share (see the top of this file), however many steps it
  /// takes: the same change set as the full comparison. Not public API.
  ///
  /// - Complexity: O(*n* / 8,192 + *u* · 256 + (*w* + *a*) log *b*) plus
  ///   the ranges listed, for *u* pages not shared, the *w* nodes that
  ///   differ in them and the *a* distinct items above those; O(*n* + *m*)
  ///   log *b* for snapshots that share nothing.
  @inlinable
  package func _changesFromUnsharedPages(from old: TreeSnapshot, layout: TreeIndex.Layout) -> TreeChanges? {
    _StepBudget.unlimited { _changesFromUnsharedPages(from: old, layout: layout, budget: &$0) }
  }

  /// The steps ``_changesFromUnsharedPages(from:layout:)`` takes (slots and
  /// buckets read, items visited, levels walked), for tests that check how
  /// its work grows. Not public API.
  ///
  /// - Complexity: That of ``_changesFromUnsharedPages(from:layout:)``.
  package func _changesFromUnsharedPagesSteps(from old: TreeSnapshot, layout: TreeIndex.Layout) -> Int? {
    _StepBudget.steps { _changesFromUnsharedPages(from: old, layout: layout, budget: &$0) }
  }

  /// The distinct items ``_changesFromUnsharedPages(from:layout:)`` starts
  /// its walk from, for tests that check they follow the nodes the edits
  /// wrote, not the pages. Not public API.
  ///
  /// - Complexity: That of ``_changesFromUnsharedPages(from:layout:)``
  ///   without the walk.
  package func _seedsOfUnsharedPages(from old: TreeSnapshot) -> Set<ItemID> {
    _StepBudget.unlimited { Set(_seedsOfUnsharedPages(from: old, budget: &$0) ?? []) }
  }

  /// ``_changesFromUnsharedPages(from:layout:)`` within `budget`: `nil`
  /// once it is spent.
  @inlinable
  func _changesFromUnsharedPages(from old: TreeSnapshot, layout: TreeIndex.Layout, budget: inout _StepBudget)
    -> TreeChanges?
  {
    guard let seeds = _seedsOfUnsharedPages(from: old, budget: &budget) else { return nil }
    var diff = _DerivedSnapshotDiff(old: old, new: self, isSectioned: layout == .sectioned)
    return diff.run(seeds: seeds, budget: &budget)
  }

  /// Every item of a marked node, on either side: a node of a page of
  /// nodes or identifiers that this snapshot and `old` do not share whose
  /// item or fields differ between them, the node of an item a page of the
  /// node table they do not share names, or a node above one of those in
  /// its tree. An item may be named more than once. `nil` once `budget` is spent, or
  /// when a tree's subtrees without a marked node stand in different
  /// orders on the two sides (the full comparison is then the way).
  ///
  /// - Complexity: O(*n* / 8,192 + *u* · 256 + *m*) for *u* pages not
  ///   shared and the *m* marked nodes, O(*w* log *b*) for *w* nodes that
  ///   differ; each seed's identifier is hashed.
  @inlinable
  func _seedsOfUnsharedPages(from old: TreeSnapshot, budget: inout _StepBudget) -> [ItemID]? {
    // The first slots of the pages of nodes or identifiers not shared: the
    // two arrays have pages of the same slots.
    var pages: [Int] = []
    let nodes = _index._arena.forest.nodes
    guard
      nodes.forEachUnsharedPage(
        with: old._index._arena.forest.nodes,
        { range in
          pages.append(range.lowerBound)
          return budget.spend(range.count)
        }),
      _items.forEachUnsharedPage(
        with: old._items,
        { range in
          pages.append(range.lowerBound)
          return budget.spend(range.count)
        })
    else { return nil }
    pages.sort()
    var seeds: [ItemID] = []
    // An item's slot on one side: the slot holds it if the table says so
    // (a freed slot keeps a stand-in, and node 0 is the virtual root).
    func addItem(atSlot slot: Int, of side: TreeSnapshot) {
      guard slot > 0, slot < side._items.count else { return }
      let item = side._items[slot]
      if side._node(of: item) == _NodeID(truncatingIfNeeded: slot) { seeds.append(item) }
    }
    // Marked: each slot whose item or node differs between the two sides,
    // and every node above one in its tree, on each side where it is an
    // item (see `_Arena+WrittenNodes.swift`). Each marked node is walked
    // up on both sides, so that the marked nodes of a tree are all reached
    // from its root through marked nodes on either side.
    let arena = _index._arena
    let oldArena = old._index._arena
    let itemCount = Swift.min(_items.count, old._items.count)
    let nodeCount = Swift.min(arena.forest.nodes.count, oldArena.forest.nodes.count)
    let slotCount = Swift.max(
      _items.count, old._items.count, arena.forest.nodes.count, oldArena.forest.nodes.count)
    var marked = Set<_NodeID>()
    var unwalked: [_NodeID] = []
    var last = -1
    for start in pages where start != last {
      last = start
      for slot in Swift.max(start, 1)..<Swift.min(start + 256, slotCount) {
        if slot < itemCount, slot < nodeCount, _items[slot] == old._items[slot],
          _Arena.hasEqualFields(arena.forest.nodes[slot], oldArena.forest.nodes[slot])
        {
          continue
        }
        let x = _NodeID(truncatingIfNeeded: slot)
        if marked.insert(x).inserted { unwalked.append(x) }
      }
      guard budget.spend(256) else { return nil }
    }
    // Whether node `x` holds an item of `side`: the slot holds it if the
    // table says so (a freed slot keeps a stand-in).
    func holdsItem(_ x: _NodeID, on side: TreeSnapshot) -> Bool {
      guard x > _Arena.root, Int(x) < side._items.count else { return false }
      return side._node(of: side._items[Int(x)]) == x
    }
    // Buckets not shared: identifiers entered or removed. The node of a
    // removed item may lie in a page no one wrote, and keep its fields
    // there (the removal relinked the nodes around it), so the nodes named
    // by the buckets that differ between the two sides are marked too.
    func mark(bucket: UInt32, of side: TreeSnapshot) {
      guard bucket != 0 else { return }
      let x = side._nodes.node(in: bucket)
      if marked.insert(x).inserted { unwalked.append(x) }
    }
    let newBuckets = _nodes.buckets
    let oldBuckets = old._nodes.buckets
    guard
      newBuckets.forEachUnsharedPage(
        with: oldBuckets,
        { range in
          for i in range {
            let newBucket: UInt32 = i < newBuckets.count ? newBuckets[i] : 0
            let oldBucket: UInt32 = i < oldBuckets.count ? oldBuckets[i] : 0
            guard newBucket != oldBucket else { continue }
            mark(bucket: newBucket, of: self)
            mark(bucket: oldBucket, of: old)
          }
          return budget.spend(range.count)
        })
    else { return nil }
    // Marks the node above `x` on `side`; `false` when the links there do
    // not agree.
    func markAbove(_ x: _NodeID, on side: TreeSnapshot) -> Bool {
      guard holdsItem(x, on: side) else { return true }
      guard let parent = side._index._arena.parentInTree(of: x) else { return false }
      if parent != .null, marked.insert(parent).inserted { unwalked.append(parent) }
      return true
    }
    while let x = unwalked.popLast() {
      guard markAbove(x, on: self), markAbove(x, on: old), budget.spend(2) else { return nil }
    }
    // The subtrees without a marked node must stand in the same order on
    // both sides, in each tree with a marked node whose owner holds the
    // same item on both sides (the children of an item on one side only
    // are all inserted or all deleted, whatever their order).
    var owners = Set<_NodeID>()
    for x in marked {
      if holdsItem(x, on: self) { owners.insert(arena.owner(x)) }
      if holdsItem(x, on: old) { owners.insert(oldArena.owner(x)) }
    }
    var newRoots: [_NodeID] = []
    var oldRoots: [_NodeID] = []
    for owner in owners {
      guard
        owner == _Arena.root
          || (holdsItem(owner, on: self) && holdsItem(owner, on: old) && _items[Int(owner)] == old._items[Int(owner)])
      else { continue }
      var steps = 0
      guard arena.unmarkedSubtrees(inTreeOf: owner, marked: marked, into: &newRoots, steps: &steps),
        oldArena.unmarkedSubtrees(inTreeOf: owner, marked: marked, into: &oldRoots, steps: &steps),
        newRoots == oldRoots, budget.spend(steps)
      else { return nil }
    }
    for x in marked {
      addItem(atSlot: Int(x), of: self)
      addItem(atSlot: Int(x), of: old)
    }
    return seeds
  }
}
