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
// Unchanged is more than equal values (see `_Arena+UnchangedNodes.swift`):
// two nodes may keep their own links and still change order (two subtrees
// swapped around their parent), so a node is unchanged when its fields are
// equal and so are the links of every node on its way up to its tree's
// root. Two unchanged children of one item are then reached by the same
// turns from the same root on both sides, and stand in the same order,
// which is what the derived walk assumes of the children that are not
// seeds. An edit writes O(*d* log *b*) nodes (the item, and the summaries
// and rotations on its way up), so the seeds are that many, not the 256
// slots of each page those nodes lie on.

extension TreeSnapshot {
  /// The change set from `old` worked out from the pages of storage the
  /// two do not share, when they share some and the pages they do not
  /// share hold at most a sixteenth of their slots; `nil` otherwise, or once the
  /// steps the full comparison would take are spent. Not public API.
  ///
  /// - Complexity: O(*n* / 8,192 + *u* · 256 · log *b* + *a* log *b*) plus
  ///   the ranges listed, for *u* pages not shared and the *a* distinct
  ///   items above the nodes either side wrote.
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
  /// - Complexity: O(*n* / 8,192 + *u* · 256 · log *b* + *a* log *b*) plus
  ///   the ranges listed, for *u* pages not shared and the *a* distinct
  ///   items above the nodes either side wrote; O(*n* + *m*) log *b* for snapshots that
  ///   share nothing.
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

  /// Every item held, on either side, by a page that this snapshot and
  /// `old` do not share, and not unchanged between them: by a page of
  /// nodes or of identifiers (the items of its slots that do not hold the
  /// same item, unchanged, on both sides), or by a page of the node table
  /// (the items its buckets name). An item may be named more than once.
  /// `nil` once `budget` is spent.
  ///
  /// - Complexity: O(*n* / 8,192 + *u* · 256 · log *b*) for *u* pages not
  ///   shared: each slot's node is compared with its ancestors in its tree,
  ///   and each seed's identifier is hashed.
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
    // A slot that holds the same item, unchanged (see
    // `_Arena+UnchangedNodes.swift`), on both sides names no seed: the
    // nodes and identifiers of a page are compared one by one.
    let arena = _index._arena
    let oldArena = old._index._arena
    let itemCount = Swift.min(_items.count, old._items.count)
    var verdicts = _LinkVerdicts()
    var last = -1
    for start in pages where start != last {
      last = start
      var steps = 0
      for slot in start..<(start + 256) {
        if slot < itemCount, _items[slot] == old._items[slot],
          arena.isUnchanged(_NodeID(truncatingIfNeeded: slot), from: oldArena, steps: &steps, verdicts: &verdicts)
        {
          continue
        }
        addItem(atSlot: slot, of: self)
        addItem(atSlot: slot, of: old)
      }
      guard budget.spend(steps) else { return nil }
    }
    // Buckets not shared: identifiers entered or removed (a removed item's
    // slot may lie in a page no one wrote).
    func addItems(inBuckets range: Range<Int>, of side: TreeSnapshot) {
      let buckets = side._nodes.buckets
      for i in range where i < buckets.count {
        let bucket = buckets[i]
        if bucket != 0 { seeds.append(side._items[Int(side._nodes.node(in: bucket))]) }
      }
    }
    guard
      _nodes.buckets.forEachUnsharedPage(
        with: old._nodes.buckets,
        { range in
          addItems(inBuckets: range, of: self)
          addItems(inBuckets: range, of: old)
          return budget.spend(range.count)
        })
    else { return nil }
    return seeds
  }
}
