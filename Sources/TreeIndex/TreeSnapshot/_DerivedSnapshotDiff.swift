import _SummaryTree

/// Works out the change set between a snapshot and one of its ancestors
/// from the edits between them (see `TreeSnapshot+History.swift`), visiting
/// only what the edits touched: the same change set as ``_SnapshotDiff``,
/// in O((*k* + *a*) log *b*) plus the ranges of rows it lists, for *k*
/// identifiers edited and the *a* distinct items above them, whatever the
/// size of the snapshots (items edited many times, or on the same deep
/// branch, share the walk up to the root). An item that leaves its parent
/// adds O(*d* log *b*) to find its row. It counts its steps in a
/// ``_StepBudget`` and gives up once that is spent: the full comparison is
/// then the cheaper way.
///
/// The edits name *seeds*: items inserted, deleted or moved (*touched*:
/// their places changed), items expanded or collapsed, and items marked for
/// reload. A seed and its ancestors, on both sides, are *dirty*. The walk
/// starts at the root and, for each item it visits, sorts its children, on
/// each side, into the dirty ones, handled one by one (and visited in turn),
/// and the clean ones between them. Clean children are neither touched nor
/// changed beneath, so they are the same items, in the same order, with the
/// same subtrees, on both sides: cut wherever a dirty child stands on
/// either side, they form *blocks* whose rows are one range before and one
/// after. The longest increasing run of old positions is then worked out
/// over the blocks (weighted by their sizes) and the dirty children that
/// stay under the same parent; the first such run in new order takes whole
/// blocks, so it is the run ``_SnapshotDiff`` finds child by child. A dirty
/// child shown expanded on both sides, with as many children on both and
/// no dirty one, is not visited: its children are one clean block, whose
/// rows move with it or stay (a seed named only because the nodes above
/// it in its parent's tree were relinked costs its own row, not its
/// children's).
@usableFromInline
struct _DerivedSnapshotDiff<ItemID: Hashable & Sendable> {
  @usableFromInline
  typealias Position = _TablePosition

  @usableFromInline
  let old: TreeSnapshot<ItemID>
  @usableFromInline
  let new: TreeSnapshot<ItemID>
  @usableFromInline
  let isSectioned: Bool
  /// The dirty children of each item on each side, grouped by parent.
  @usableFromInline
  var dirtyNew = DirtyChildren()
  @usableFromInline
  var dirtyOld = DirtyChildren()

  /// What the walks write: the change set, and the reloads apart.
  @usableFromInline
  struct Output {
    @usableFromInline
    var changes = _TreeChangesBuilder()
    @usableFromInline
    var reloads: [TreeChanges.RowRange] = []
    /// The steps taken, and how many may be.
    @usableFromInline
    var budget: _StepBudget

    @inlinable
    init(budget: _StepBudget) {
      self.budget = budget
    }
  }

  /// A dirty child: its node and index on one side.
  @usableFromInline
  struct Dirty {
    @usableFromInline
    var node: _NodeID
    @usableFromInline
    var index: Int

    @inlinable
    init(node: _NodeID, index: Int) {
      self.node = node
      self.index = index
    }
  }

  /// The dirty children of the items of one side, grouped by parent: a
  /// sorted array searched by halves, so that no identifier or node is
  /// hashed.
  @usableFromInline
  struct DirtyChildren {
    /// Each dirty child with its parent, once each, sorted by parent (then
    /// child) once ``group()`` ran.
    @usableFromInline
    var pairs: [(parent: _NodeID, child: _NodeID)] = []

    @inlinable
    init() {}

    /// Sorts the pairs by parent and drops the repeated ones, once every
    /// dirty child is added.
    ///
    /// - Complexity: O(*p* log *p*) for *p* pairs.
    @inlinable
    mutating func group() {
      pairs.sort { $0.parent != $1.parent ? $0.parent < $1.parent : $0.child < $1.child }
      var kept = 0
      for i in pairs.indices where kept == 0 || pairs[i] != pairs[kept - 1] {
        pairs[kept] = pairs[i]
        kept += 1
      }
      pairs.removeLast(pairs.count - kept)
    }

    /// The positions in `pairs` of the dirty children of `parent`.
    ///
    /// - Complexity: O(log *p*) for *p* pairs.
    @inlinable
    func children(of parent: _NodeID) -> Range<Int> {
      var low = 0
      var high = pairs.count
      while low < high {
        let middle = (low + high) / 2
        if pairs[middle].parent < parent { low = middle + 1 } else { high = middle }
      }
      var end = low
      while end < pairs.count && pairs[end].parent == parent { end += 1 }
      return low..<end
    }
  }

  /// The arrays a visit fills: emptied and refilled by each visit, so that
  /// a change set allocates them once, not once per visit.
  @usableFromInline
  struct Scratch {
    @usableFromInline
    var newDirty: [Dirty] = []
    @usableFromInline
    var oldDirty: [Dirty] = []
    @usableFromInline
    var blocks: [Block] = []
    @usableFromInline
    var cuts: [Int] = []
    /// The old index of each new dirty child that stays under the parent,
    /// or -1.
    @usableFromInline
    var oldIndexOfDirty: [Int] = []
    @usableFromInline
    var keptBlocks: [Bool] = []
    @usableFromInline
    var keptDirty: [Bool] = []
    @usableFromInline
    var elements: [_RunElement] = []
    @usableFromInline
    var kept: [Bool] = []

    @inlinable
    init() {}
  }

  @inlinable
  init(old: TreeSnapshot<ItemID>, new: TreeSnapshot<ItemID>, isSectioned: Bool) {
    self.old = old
    self.new = new
    self.isSectioned = isSectioned
  }

  /// The change set, given the edits from `old` to `new`; `nil` once
  /// `budget` is spent, or if the edits do not account for the differences
  /// (a defect): the caller then compares the snapshots in full.
  ///
  /// - Parameters:
  ///   - edits: The edits from `old` to `new`.
  ///   - budget: The steps that may be taken; on return, with the steps
  ///     taken added.
  @inlinable
  mutating func run(edits: ArraySlice<_SnapshotEdit<ItemID>>, budget: inout _StepBudget) -> TreeChanges? {
    run(seeds: Self.seeds(of: edits), budget: &budget)
  }

  /// The change set, given the *seeds* between `old` and `new`: every item
  /// inserted, deleted, moved, expanded or collapsed, and maybe others (an
  /// item named needlessly costs its walk up, nothing else); `nil` once
  /// `budget` is spent, or if the seeds do not account for the
  /// differences (a defect): the caller then compares the snapshots in
  /// full. The items marked for reload are seeds too, without being named.
  ///
  /// - Parameters:
  ///   - seeds: The items whose places or expansion may differ.
  ///   - budget: The steps that may be taken; on return, with the steps
  ///     taken added.
  @inlinable
  mutating func run(seeds: [ItemID], budget: inout _StepBudget) -> TreeChanges? {
    // The walks only read `self`, so the snapshots are borrowed, never
    // copied, for each question they ask.
    var output = Output(budget: budget)
    defer { budget = output.budget }
    guard markDirty(seeds: seeds, budget: &output.budget) else { return nil }
    var scratch = Scratch()
    guard walk(newSide: true, into: &output, scratch: &scratch), walk(newSide: false, into: &output, scratch: &scratch)
    else { return nil }
    var result = output.changes.build()
    result.reloadedRowRanges = _TreeChangesBuilder.normalized(output.reloads)
    return result
  }

  // MARK: Seeds

  /// The items `edits` name: those they inserted, deleted, moved,
  /// expanded or collapsed.
  ///
  /// - Complexity: O(*k*) for *k* identifiers in the edits.
  @inlinable
  static func seeds(of edits: ArraySlice<_SnapshotEdit<ItemID>>) -> [ItemID] {
    var seeds: [ItemID] = []
    for edit in edits {
      switch edit.operation {
      case .append(let items, _), .insert(let items, _, _), .delete(let items):
        seeds += items
      case .move(let item, _, _), .moveTo(let item, _, _):
        seeds.append(item)
      case .expand(let items), .collapse(let items):
        seeds += items
      case .replaceChildren:
        preconditionFailure("replaced children are compared in full")
      }
    }
    return seeds
  }

  /// Marks `seeds` and the reloaded items, and their ancestors on both
  /// sides, dirty; `false` once `budget` is spent.
  ///
  /// - Complexity: O((*k* + *a*) log (*k* + *a*)) for *k* seeds and the *a*
  ///   distinct items above them: each item's ancestors are walked once on
  ///   each side, however many seeds lie beneath it.
  @inlinable
  mutating func markDirty(seeds: [ItemID], budget: inout _StepBudget) -> Bool {
    var seeds = seeds
    seeds += new._reloaded
    // Each seed and its ancestors are dirty on both sides: up from the
    // seed on each side, each item on the way is marked where it is on
    // either side. A walk stops at a node an earlier walk of its side went
    // through: everything above it is marked already. The pairs are
    // deduplicated once sorted.
    func mark(_ item: ItemID, newNode: _NodeID?, oldNode: _NodeID?) {
      if let node = newNode ?? new._node(of: item) { dirtyNew.pairs.append((new._index._arena.owner(node), node)) }
      if let node = oldNode ?? old._node(of: item) { dirtyOld.pairs.append((old._index._arena.owner(node), node)) }
    }
    var walkedNew = Set<_NodeID>()
    var walkedOld = Set<_NodeID>()
    for seed in seeds {
      guard budget.spend(1) else { return false }
      let newSeed = new._node(of: seed)
      let oldSeed = old._node(of: seed)
      mark(seed, newNode: newSeed, oldNode: oldSeed)
      if var node = newSeed {
        node = new._index._arena.owner(node)
        while node != _Arena.root, walkedNew.insert(node).inserted {
          guard budget.spend(1) else { return false }
          mark(new._item(node), newNode: node, oldNode: nil)
          node = new._index._arena.owner(node)
        }
      }
      if var node = oldSeed {
        node = old._index._arena.owner(node)
        while node != _Arena.root, walkedOld.insert(node).inserted {
          guard budget.spend(1) else { return false }
          mark(old._item(node), newNode: nil, oldNode: node)
          node = old._index._arena.owner(node)
        }
      }
    }
    dirtyNew.group()
    dirtyOld.group()
    return true
  }

  // MARK: The walks

  /// One item whose children a walk sorts out: its node on each side
  /// (`nil` on a side without it), where its first child is drawn on each
  /// side (`nil` when its children are not rows there, or are rows of a
  /// section the other side does not have), and, for the new side, whether
  /// its rows move.
  @usableFromInline
  struct Visit {
    @usableFromInline
    var new: _NodeID?
    @usableFromInline
    var old: _NodeID?
    @usableFromInline
    var newBase: Position?
    @usableFromInline
    var oldBase: Position?
    @usableFromInline
    var isMoving: Bool

    @inlinable
    init(
      new: _NodeID?, old: _NodeID?, newBase: Position?, oldBase: Position?, isMoving: Bool,
      isInMovedSection: Bool = false
    ) {
      self.new = new
      self.old = old
      self.newBase = newBase
      self.oldBase = oldBase
      self.isMoving = isMoving
      self.isInMovedSection = isInMovedSection
    }
    /// `.sectioned`: whether the rows are in a section that moves, where a
    /// row cannot be reloaded.
    @usableFromInline
    var isInMovedSection = false
  }

  /// The walk of one side, from the root down: on the new side
  /// (`newSide`) the insertions, moves and reloads, on the old side the
  /// deletions.
  @inlinable
  func walk(newSide: Bool, into output: inout Output, scratch: inout Scratch) -> Bool {
    var visits = [Visit(new: _Arena.root, old: _Arena.root, newBase: root, oldBase: root, isMoving: false)]
    while let visit = visits.popLast() {
      let visited =
        newSide
        ? visitNew(visit, into: &visits, scratch: &scratch, output: &output)
        : visitOld(visit, into: &visits, scratch: &scratch, output: &output)
      guard visited else { return false }
    }
    return true
  }

  /// Sorts out the children of `visit.new` on the new side.
  ///
  /// `s` holds the buffers of the last visit, emptied and refilled.
  @inlinable
  func visitNew(_ visit: Visit, into visits: inout [Visit], scratch s: inout Scratch, output: inout Output) -> Bool {
    let parent = visit.new!
    let isRoot = parent == _Arena.root
    guard sortChildren(of: visit, scratch: &s, budget: &output.budget) else { return false }
    let newDirty = s.newDirty
    let blocks = s.blocks

    // The dirty children that stay under the parent, and their old indices.
    s.oldIndexOfDirty.removeAll(keepingCapacity: true)
    s.oldIndexOfDirty.append(contentsOf: repeatElement(-1, count: newDirty.count))
    if let oldParent = visit.old {
      for (i, child) in newDirty.enumerated() {
        if let oldChild = old._node(of: new._item(child.node)), old._index._arena.owner(oldChild) == oldParent {
          s.oldIndexOfDirty[i] = old._index(ofChild: oldChild, in: oldParent)
        }
      }
    }
    // Which of those and of the blocks keep their places: the first longest
    // increasing run of old positions, in new order.
    s.keptBlocks.removeAll(keepingCapacity: true)
    s.keptBlocks.append(contentsOf: repeatElement(false, count: blocks.count))
    s.keptDirty.removeAll(keepingCapacity: true)
    s.keptDirty.append(contentsOf: repeatElement(false, count: newDirty.count))
    s.elements.removeAll(keepingCapacity: true)
    for (b, block) in blocks.enumerated() {
      if let oldStart = block.oldStart, let newStart = block.newStart {
        s.elements.append(_RunElement(newIndex: newStart, key: oldStart, weight: block.count, block: b, dirty: -1))
      }
    }
    for (i, child) in newDirty.enumerated() where s.oldIndexOfDirty[i] >= 0 {
      s.elements.append(_RunElement(newIndex: child.index, key: s.oldIndexOfDirty[i], weight: 1, block: -1, dirty: i))
    }
    s.elements.sort { $0.newIndex < $1.newIndex }
    _LongestIncreasingRun.first(s.elements, into: &s.kept)
    for (e, element) in s.elements.enumerated() {
      if element.block >= 0 { s.keptBlocks[element.block] = s.kept[e] }
      if element.dirty >= 0 { s.keptDirty[element.dirty] = s.kept[e] }
    }
    let keptBlocks = s.keptBlocks
    let keptDirty = s.keptDirty
    let oldIndexOfDirty = s.oldIndexOfDirty

    // Clean blocks: one range each.
    for (b, block) in blocks.enumerated() {
      guard let newStart = block.newStart else { continue }
      if isRoot && isSectioned {
        // Sections that stay, or move with their rows.
        if let oldStart = block.oldStart, !keptBlocks[b] {
          for offset in 0..<block.count { output.changes.moveSection(from: oldStart + offset, to: newStart + offset) }
        }
        continue
      }
      guard let to = rows(of: newStart..<(newStart + block.count), in: parent, of: new, at: visit.newBase) else {
        continue
      }
      if let oldStart = block.oldStart, let oldParent = visit.old,
        let from = rows(of: oldStart..<(oldStart + block.count), in: oldParent, of: old, at: visit.oldBase)
      {
        guard from.rows.count == to.rows.count else { return false }
        if visit.isMoving || !keptBlocks[b] { output.changes.moveRows(from: from, to: to) }
      } else {
        output.changes.insertRows(to.rows, inSection: to.section)
      }
    }

    // Dirty children, one by one.
    for (i, child) in newDirty.enumerated() {
      let item = new._item(child.node)
      let oldNode = old._node(of: item)
      if isRoot && isSectioned {
        let newBase = new._index._arena.isExpanded(child.node) ? Position(section: child.index, row: 0) : nil
        if oldIndexOfDirty[i] >= 0, let oldNode {
          let oldIndex = oldIndexOfDirty[i]
          if !keptDirty[i] { output.changes.moveSection(from: oldIndex, to: child.index) }
          let oldBase = old._index._arena.isExpanded(oldNode) ? Position(section: oldIndex, row: 0) : nil
          if newBase != nil {
            visits.append(
              Visit(
                new: child.node, old: oldNode, newBase: newBase, oldBase: oldBase, isMoving: false,
                isInMovedSection: !keptDirty[i]))
          }
        } else {
          output.changes.insertSection(child.index)  // its rows are not listed
        }
        continue
      }
      guard let to = position(ofChild: child, base: visit.newBase, in: new) else { continue }
      var from: Position? = nil
      if oldIndexOfDirty[i] >= 0 {
        let oldIndex = oldIndexOfDirty[i]
        from = visit.oldBase.map { offset($0, by: old._index._arena.subitem(of: visit.old!, at: oldIndex).rowOffset) }
      } else if let oldNode {
        from = listedPosition(of: oldNode, in: old, other: new, budget: &output.budget)
        guard !output.budget.isSpent else { return false }
      }
      let isMoving = visit.isMoving || !keptDirty[i]
      if let from {
        let isReloaded = !new._reloaded.isEmpty && new._reloaded.contains(item)
        switch _KeptRowFate(isReloaded: isReloaded, isMoving: isMoving, isInMovedSection: visit.isInMovedSection) {
        case .unchanged: break
        case .reloaded:
          output.reloads.append(.init(section: from.section, rows: from.row..<(from.row + 1)))
        case .moved:
          output.changes.moveRows(
            from: .init(section: from.section, rows: from.row..<(from.row + 1)),
            to: .init(section: to.section, rows: to.row..<(to.row + 1)))
        case .deletedAndInserted:
          output.changes.deleteAndInsertRow(from.row, inSection: from.section, asRow: to.row, inSection: to.section)
        }
      } else {
        output.changes.insertRows(to.row..<(to.row + 1), inSection: to.section)
      }
      if new._index._arena.isExpanded(child.node) {
        let oldBase = from.flatMap { old._index._arena.isExpanded(oldNode!) ? offset($0, by: 1) : nil }
        if let oldBase, let oldNode, isCleanBeneath(newNode: child.node, oldNode: oldNode) {
          // Its rows are one range on both sides, which moves with it.
          let rows = new._index._arena.visibleRowsBeneath(child.node)
          guard rows == old._index._arena.visibleRowsBeneath(oldNode) else { return false }
          if isMoving && rows > 0 {
            let newBase = offset(to, by: 1)
            output.changes.moveRows(
              from: .init(section: oldBase.section, rows: oldBase.row..<(oldBase.row + rows)),
              to: .init(section: newBase.section, rows: newBase.row..<(newBase.row + rows)))
          }
          continue
        }
        visits.append(
          Visit(
            new: child.node, old: oldNode, newBase: offset(to, by: 1), oldBase: oldBase, isMoving: isMoving,
            isInMovedSection: visit.isInMovedSection))
      }
    }
    return true
  }

  /// Sorts out the children of `visit.old` on the old side.
  @inlinable
  func visitOld(_ visit: Visit, into visits: inout [Visit], scratch s: inout Scratch, output: inout Output) -> Bool {
    let parent = visit.old!
    let isRoot = parent == _Arena.root
    guard sortChildren(of: visit, scratch: &s, budget: &output.budget) else { return false }
    let oldDirty = s.oldDirty
    let blocks = s.blocks

    // Clean blocks: their rows go unless they are rows on the new side.
    for block in blocks {
      guard let oldStart = block.oldStart, !(isRoot && isSectioned) else { continue }
      guard let from = rows(of: oldStart..<(oldStart + block.count), in: parent, of: old, at: visit.oldBase) else {
        continue
      }
      if block.newStart == nil || visit.newBase == nil {
        output.changes.deleteRows(from.rows, inSection: from.section)
      }
    }

    // Dirty children, one by one.
    for child in oldDirty {
      let item = old._item(child.node)
      let newNode = new._node(of: item)
      let staysUnderParent = newNode != nil && visit.new != nil && new._index._arena.owner(newNode!) == visit.new!
      if isRoot && isSectioned {
        if let newNode, new._index._arena.owner(newNode) == _Arena.root {
          if old._index._arena.isExpanded(child.node) {
            let newIndex = new._index(ofChild: newNode, in: _Arena.root)
            let newBase = new._index._arena.isExpanded(newNode) ? Position(section: newIndex, row: 0) : nil
            visits.append(
              Visit(
                new: newNode, old: child.node, newBase: newBase, oldBase: Position(section: child.index, row: 0),
                isMoving: false))
          }
        } else {
          output.changes.deleteSection(child.index)  // its rows are not listed
        }
        continue
      }
      guard let from = position(ofChild: child, base: visit.oldBase, in: old) else { continue }
      var to: Position? = nil
      if let newNode {
        if staysUnderParent {
          to = visit.newBase.map {
            offset($0, by: new._index._arena.subitem(of: visit.new!, at: new._index(ofChild: newNode, in: visit.new!)).rowOffset)
          }
        } else {
          to = listedPosition(of: newNode, in: new, other: old, budget: &output.budget)
          guard !output.budget.isSpent else { return false }
        }
      }
      if to == nil { output.changes.deleteRows(from.row..<(from.row + 1), inSection: from.section) }
      if old._index._arena.isExpanded(child.node) {
        let newBase = to.flatMap { new._index._arena.isExpanded(newNode!) ? offset($0, by: 1) : nil }
        // Rows beneath that are rows on both sides, of the same children,
        // none of them dirty: none goes.
        if newBase != nil, let newNode, isCleanBeneath(newNode: newNode, oldNode: child.node) { continue }
        visits.append(
          Visit(new: newNode, old: child.node, newBase: newBase, oldBase: offset(from, by: 1), isMoving: false))
      }
    }
    return true
  }

  /// Sorts out the children of the item of `visit` on both sides, for
  /// either walk: its dirty children on each side, in index order, into
  /// `s.newDirty` and `s.oldDirty`, and its clean children into `s.blocks`;
  /// `false` once `budget` is spent, or when the clean children cannot
  /// match (a defect).
  @inlinable
  func sortChildren(of visit: Visit, scratch s: inout Scratch, budget: inout _StepBudget) -> Bool {
    sortedDirty(visit.new, in: new, dirtyNew, into: &s.newDirty)
    sortedDirty(visit.old, in: old, dirtyOld, into: &s.oldDirty)
    guard budget.spend(1 + s.newDirty.count + s.oldDirty.count) else { return false }
    return Self.blocks(
      newCount: visit.new.map { new._index._arena.count($0) }, newDirty: s.newDirty,
      oldCount: visit.old.map { old._index._arena.count($0) }, oldDirty: s.oldDirty,
      into: &s.blocks, cuts: &s.cuts)
  }

  /// Whether the item of `newNode` and `oldNode` has the same number of
  /// children on both sides and no dirty child on either: its children are
  /// then one clean block, the same items with the same subtrees, and the
  /// walks need not visit it (see ``visitNew(_:into:scratch:output:)``).
  ///
  /// - Complexity: O(log *p*) for *p* dirty children.
  @inlinable
  func isCleanBeneath(newNode: _NodeID, oldNode: _NodeID) -> Bool {
    dirtyNew.children(of: newNode).isEmpty && dirtyOld.children(of: oldNode).isEmpty
      && new._index._arena.count(newNode) == old._index._arena.count(oldNode)
  }

  // MARK: Positions

  /// The base of the root's children: in `.flat`, row 0 of section 0.
  @inlinable
  var root: Position? { isSectioned ? nil : Position(section: 0, row: 0) }

  @inlinable
  func offset(_ position: Position, by rows: Int) -> Position {
    Position(section: position.section, row: position.row + rows)
  }

  /// The dirty children of `parent` on one side, in index order.
  @inlinable
  func sortedDirty(
    _ parent: _NodeID?, in side: TreeSnapshot<ItemID>, _ dirty: DirtyChildren, into sorted: inout [Dirty]
  ) {
    sorted.removeAll(keepingCapacity: true)
    guard let parent else { return }
    for pair in dirty.pairs[dirty.children(of: parent)] {
      sorted.append(Dirty(node: pair.child, index: side._index(ofChild: pair.child, in: parent)))
    }
    sorted.sort { $0.index < $1.index }
  }

  /// The rows of the children `indices` of `parent` and their visible
  /// descendants, when the first child is drawn at `base`.
  @inlinable
  func rows(of indices: Range<Int>, in parent: _NodeID, of side: TreeSnapshot<ItemID>, at base: Position?)
    -> TreeChanges.RowRange?
  {
    guard let base else { return nil }
    let start = side._index._arena.subitem(of: parent, at: indices.lowerBound).rowOffset
    let end = side._index._arena.subitem(of: parent, at: indices.upperBound).rowOffset
    return .init(section: base.section, rows: (base.row + start)..<(base.row + end))
  }

  /// Where the dirty child is drawn, given where its parent's first child is.
  @inlinable
  func position(ofChild child: Dirty, base: Position?, in side: TreeSnapshot<ItemID>) -> Position? {
    guard let base else { return nil }
    let parent = side._index._arena.owner(child.node)
    return offset(base, by: side._index._arena.subitem(of: parent, at: child.index).rowOffset)
  }

  /// Where the item at `node` of `side` is listed: its row, unless it is
  /// hidden, a section, or in a section that the other side does not have
  /// (a deleted or inserted section). The levels walked are spent from
  /// `budget`.
  ///
  /// - Complexity: O(*d* log *b*).
  @inlinable
  func listedPosition(
    of node: _NodeID, in side: TreeSnapshot<ItemID>, other: TreeSnapshot<ItemID>, budget: inout _StepBudget
  ) -> Position? {
    let row = side._row(of: node, levels: &budget.steps)
    guard let row else { return nil }
    guard isSectioned else { return Position(section: 0, row: row) }
    // The root item above it is its section.
    var top = node
    while side._index._arena.owner(top) != _Arena.root {
      budget.steps &+= 1
      top = side._index._arena.owner(top)
    }
    guard top != node, let otherTop = other._node(of: side._item(top)), other._index._arena.owner(otherTop) == _Arena.root
    else { return nil }
    let section = side._index(ofChild: top, in: _Arena.root)
    return Position(section: section, row: row - side._row(of: top)! - 1)
  }

  // MARK: Blocks

  /// A run of clean children: the same items in the same order on both
  /// sides, or children on one side only.
  @usableFromInline
  struct Block {
    /// The index of the first child on the new side; `nil` when the
    /// children are on the old side only.
    @usableFromInline
    var newStart: Int?
    /// The index of the first child on the old side; `nil` when the
    /// children are on the new side only.
    @usableFromInline
    var oldStart: Int?
    @usableFromInline
    var count: Int

    @inlinable
    init(newStart: Int?, oldStart: Int?, count: Int) {
      self.newStart = newStart
      self.oldStart = oldStart
      self.count = count
    }
  }

  /// The clean children of a parent, cut into blocks wherever a dirty child
  /// stands on either side. `nil` for a count means the parent is not on
  /// that side.
  ///
  /// Clean children are the same on both sides, unless the parent was
  /// deleted and added again: then none of its new children is clean, and
  /// its old clean children are blocks of the old side only.
  ///
  /// - Returns: `false` when the clean children cannot match (a defect);
  ///   the blocks are then incomplete.
  /// - Complexity: O(*k* log *k*) for *k* dirty children.
  @inlinable
  static func blocks(
    newCount: Int?, newDirty: [Dirty], oldCount: Int?, oldDirty: [Dirty], into blocks: inout [Block],
    cuts: inout [Int]
  ) -> Bool {
    blocks.removeAll(keepingCapacity: true)
    let newClean = newCount.map { $0 - newDirty.count }
    let oldClean = oldCount.map { $0 - oldDirty.count }
    var onNew = newClean != nil
    let onOld = oldClean != nil
    if let newClean, let oldClean, newClean != oldClean {
      guard newClean == 0 else { return false }
      onNew = false  // the parent came back: its old children are gone
    }
    let clean = onNew ? newClean! : onOld ? oldClean! : 0
    // Clean children counted in their common order: each dirty child cuts
    // that order at the number of clean children before it.
    cuts.removeAll(keepingCapacity: true)
    cuts.append(0)
    cuts.append(clean)
    if onNew { for (rank, child) in newDirty.enumerated() { cuts.append(child.index - rank) } }
    if onOld { for (rank, child) in oldDirty.enumerated() { cuts.append(child.index - rank) } }
    cuts.sort()
    var newSeen = 0  // dirty children of each side before the block
    var oldSeen = 0
    for (start, end) in zip(cuts, cuts.dropFirst()) where start < end {
      while newSeen < newDirty.count && newDirty[newSeen].index - newSeen <= start { newSeen += 1 }
      while oldSeen < oldDirty.count && oldDirty[oldSeen].index - oldSeen <= start { oldSeen += 1 }
      blocks.append(
        Block(
          newStart: onNew ? start + newSeen : nil, oldStart: onOld ? start + oldSeen : nil, count: end - start))
    }
    return true
  }
}
