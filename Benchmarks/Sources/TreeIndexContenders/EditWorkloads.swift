// The TreeIndex-only workloads: moving a big subtree, a batch of
// insertions, and TreeList edits. The baselines implement none of these, so
// only TreeIndex runs them, through the public API of TreeIndex and
// TreeDataSource, as an app would.

import TreeDataSource
import TreeIndex

// MARK: - Move

/// The move workload on a seeded tree: an item with N rows beneath it,
/// moved to the end of its parent's subitems and back.
///
/// The moved item is the first plain (never expanded) entry of the parent of
/// the tree's largest folder — the end of the toggle target's chain, so at
/// depth 6 the parent is at path length 4 and the moved item at 5, with its
/// rows at path length 6, and at depth 2 both are root items. Setup expands
/// it with N subitems (the tree then has N more rows); the sample moves it
/// past the largest folder, to the last index, and back.
public struct MoveFixture {
  /// The index, with the moved item expanded.
  public var index: TreeIndex
  /// The moved item's path before the move (and after the move back).
  public let source: TreePath
  /// Its path after the first move.
  public let destination: TreePath
  /// The rows beneath it.
  public let subtreeRows: Int
  /// Its row before the move.
  public let sourceRow: Int
  /// Its row after the first move.
  public let destinationRow: Int

  /// Builds the fixture from `reference`, a TreeIndex of `tree` with every
  /// folder expanded.
  public init(reference: TreeIndex, tree: TreeShape, subtreeRows: Int) {
    let largest = tree.folders.max { $0.numberOfSubitems < $1.numberOfSubitems }!
    let parent = largest.path.parent
    let folderIndices = Set(tree.folders.filter { $0.path.parent == parent }.map { $0.path[$0.path.depth - 1] })
    let count = reference.numberOfSubitems(of: parent)!
    let first = (0..<count).first { !folderIndices.contains($0) }!
    func path(_ i: Int) -> TreePath { parent?.appending(i) ?? [i] }
    source = path(first)
    destination = path(count - 1)
    precondition(source != destination, "the parent of the largest folder has an entry before its last index")
    self.subtreeRows = subtreeRows
    index = reference
    do {
      try index.expand(source, numberOfSubitems: subtreeRows)
      sourceRow = index.row(for: source)!
      var moved = index
      try moved.moveItem(at: source, to: destination)
      destinationRow = moved.row(for: destination)!
    } catch {
      preconditionFailure("move fixture: \(error)")
    }
  }

  /// Moves the item to ``destination`` and back; returns both change sets.
  @inline(__always)
  public mutating func moveAndBack() -> (TreeChanges, TreeChanges) {
    do {
      let there = try index.moveItem(at: source, to: destination)
      let back = try index.moveItem(at: destination, to: source)
      return (there, back)
    } catch {
      preconditionFailure("move \(source) ↔ \(destination): \(error)")
    }
  }
}

extension Measurement {
  static func measureMove<M: Meter>(
    _ reference: TreeIndex, _ tree: TreeShape, subtreeRows: Int, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    var fixture = MoveFixture(reference: reference, tree: tree, subtreeRows: subtreeRows)
    let rows = fixture.index.numberOfRows
    consume(fixture.moveAndBack())  // warm-up
    var samples = Samples()
    while samples.wantsMore(limits) {
      meter.start()
      let changes = fixture.moveAndBack()
      consume(changes)
      let cost = meter.stop()
      // How the change sets spell a move is the library's business (`verify`
      // checks them with a host); here, only that the item came back.
      check(
        fixture.index.numberOfRows == rows && fixture.index.row(for: fixture.source) == fixture.sourceRow,
        "TreeIndex", "move \(fixture.source) ↔ \(fixture.destination) does not come back")
      samples.add(cost, meter)
    }
    return samples
  }
}

// MARK: - Known items: the batch

/// Indexes and lists of K known items for the batch and TreeList workloads:
/// K root items, each expanded, with one subitem (2K rows).
public enum KnownItems {
  /// The number of root items a batch inserts.
  public static let batchInsertions = 100

  /// A TreeIndex of `count` expanded root items with one subitem each.
  public static func index(_ count: Int) -> TreeIndex {
    var index = TreeIndex(numberOfRootItems: count)
    for i in 0..<count { _ = try! index.expand([i], numberOfSubitems: 1) }
    return index
  }

  /// The batch: ``batchInsertions`` insertions of a root item at the front,
  /// one `insertItems` each, in one `performBatchUpdates`.
  @inline(__always)
  public static func insertBatch(_ index: inout TreeIndex) -> TreeChanges {
    do {
      return try index.performBatchUpdates { index in
        for _ in 0..<batchInsertions { try index.insertItems(at: [[0]]) }
      }
    } catch {
      preconditionFailure("batch: \(error)")
    }
  }

  /// The paths that delete what ``insertBatch(_:)`` inserted.
  public static let insertedPaths: [TreePath] = (0..<batchInsertions).map { [$0] }
}

extension Measurement {
  static func measureBatch<M: Meter>(_ index: TreeIndex, _ meter: inout M, _ limits: SampleLimits) -> Samples {
    var index = index  // shares storage with the caller's: the warm-up batch makes it unique
    let rows = index.numberOfRows
    // A warm-up batch and the restoring deletions run uninstrumented (they
    // are not measured, and with many known items they are slow under
    // callgrind).
    meter.endRun()
    consume(KnownItems.insertBatch(&index))
    _ = try! index.deleteItems(at: KnownItems.insertedPaths)
    meter.beginRun()
    var samples = Samples()
    while samples.wantsMore(limits) {
      meter.start()
      let changes = KnownItems.insertBatch(&index)
      consume(changes)
      let cost = meter.stop()
      // Outside the measurement: the answer, then the index back as it was.
      check(
        changes.numberOfInsertedRows == KnownItems.batchInsertions && changes.numberOfDeletedRows == 0,
        "TreeIndex", "a batch of \(KnownItems.batchInsertions) insertions gives \(changes)")
      meter.endRun()
      _ = try! index.deleteItems(at: KnownItems.insertedPaths)
      meter.beginRun()
      check(index.numberOfRows == rows, "TreeIndex", "deleting the batch's items leaves \(index.numberOfRows) rows")
      samples.add(cost, meter)
    }
    return samples
  }
}

// MARK: - Known items: TreeList

/// A data source of `rootCount` root items, each expanded with one subitem:
/// what the TreeList workloads list. Its answers do not depend on an item's
/// index, so an insertion or deletion at the front is one change of
/// `rootCount`, and a move none.
public final class UniformOutline: TreeDataSource {
  /// The number of root items.
  public var rootCount: Int

  /// A tree of `rootCount` expanded root items with one subitem each.
  public init(rootCount: Int) {
    self.rootCount = rootCount
  }

  public func numberOfSubitems(of parent: TreePath?) -> Int {
    guard let parent else { return rootCount }
    return parent.depth == 1 ? 1 : 0
  }

  public func isExpanded(_ treePath: TreePath) -> Bool { treePath.depth == 1 }

  /// The item's level: root items and subitems alternate in the rows, which
  /// is what a host's rows can be checked against (items have no other
  /// identity here: an insertion at the front shifts every index).
  public func item(at treePath: TreePath) -> Int { treePath.depth }
}

/// A host that counts the updates it gets and does nothing else: the list's
/// own cost, without a host's bookkeeping.
public final class CountingHost: TreeListHost {
  /// The number of updates applied.
  public private(set) var updates = 0
  /// The number of full reloads.
  public private(set) var reloads = 0

  public init() {}

  public func reloadData() { reloads += 1 }

  public func apply(_ changes: TreeChanges) { updates += 1 }
}

/// A loaded TreeList of K expanded root items (each with one subitem) and
/// its host, with one edit per TreeList workload and the edit that undoes
/// it, so that samples repeat.
public final class TreeListFixture {
  public let outline: UniformOutline
  public let list: TreeList<UniformOutline>
  public let host: any TreeListHost
  /// The known items K.
  public let known: Int

  /// Loads a list of `known` expanded root items; `host` defaults to a
  /// ``CountingHost``.
  public init(known: Int, host: (any TreeListHost)? = nil) {
    self.known = known
    outline = UniformOutline(rootCount: known)
    list = TreeList(dataSource: outline)
    self.host = host ?? CountingHost()
    list.host = self.host
    list.reloadData()
  }

  /// The path a TreeList move sends the first root item to, and the
  /// collapsed root item whose subitem a reveal shows.
  public var middle: TreePath { [known / 2] }

  /// Before ``insert()``: the data source gains a root item at the front.
  public func prepareInsert() { outline.rootCount += 1 }

  /// Tells the list a root item was inserted at the front.
  @inline(__always)
  public func insert() {
    do { try list.insertItems(at: [[0]]) } catch { preconditionFailure("insert: \(error)") }
  }

  /// Before ``delete()``: the data source loses its first root item.
  public func prepareDelete() { outline.rootCount -= 1 }

  /// Tells the list the first root item was deleted.
  @inline(__always)
  public func delete() {
    do { try list.deleteItems(at: [[0]]) } catch { preconditionFailure("delete: \(error)") }
  }

  /// Moves the first root item to the middle and back.
  @inline(__always)
  public func moveAndBack() {
    do {
      try list.moveItem(at: [0], to: middle)
      try list.moveItem(at: middle, to: [0])
    } catch {
      preconditionFailure("move: \(error)")
    }
  }

  /// Before ``reveal()``: collapses the middle root item.
  public func prepareReveal() {
    do { try list.collapse(middle) } catch { preconditionFailure("collapse: \(error)") }
  }

  /// Reveals the subitem of the middle root item, which expands it.
  @inline(__always)
  public func reveal() {
    do { try list.reveal(middle.appending(0)) } catch { preconditionFailure("reveal: \(error)") }
  }

  /// Runs the edit `workload` measures, with what must come before it
  /// (`prepare`, unmeasured), the measured `edit`, and what restores the
  /// list (`restore`, unmeasured).
  public func steps(_ workload: Workload) -> (prepare: () -> Void, edit: () -> Void, restore: () -> Void) {
    switch workload {
    case .treeListInsert:
      return (
        prepareInsert, insert,
        {
          self.prepareDelete(); self.delete()
        }
      )
    case .treeListDelete:
      return (
        prepareDelete, delete,
        {
          self.prepareInsert(); self.insert()
        }
      )
    case .treeListMove: return ({}, moveAndBack, {})
    case .treeListReveal: return (prepareReveal, reveal, {})
    default: preconditionFailure("\(workload.rawValue) is not a TreeList workload")
    }
  }
}

/// An array source of K elements behind a join (a two-element header
/// first) and a filter that hides every element `≡ 2 (mod 3)`, shown by a
/// loaded `TreeList(source:)`, with the source workloads' edits and the
/// edits that undo them.
public final class SourceFixture {
  public let elements: ArrayTreeSource<Int>
  public let header: ArrayTreeSource<Int>
  public let join: JoinedTreeSource<Int>
  public let filter: FilteredTreeSource<JoinedTreeSource<Int>>
  public let list: TreeList<TreeSourceDataSource<FilteredTreeSource<JoinedTreeSource<Int>>>>
  public let host: any TreeListHost
  /// The array source's elements K.
  public let known: Int
  /// The shown element the update replaces, and its path in the array.
  let updated: (path: TreePath, value: Int)

  /// Builds the composition over `0 ..< known` and loads the list;
  /// `host` defaults to a ``CountingHost``.
  public init(known: Int, host: (any TreeListHost)? = nil) {
    self.known = known
    elements = ArrayTreeSource(Array(0..<known), name: "elements")
    header = ArrayTreeSource([-2, -1], name: "header")
    join = JoinedTreeSource([header.eraseToAnyTreeSource(), elements.eraseToAnyTreeSource()])
    filter = FilteredTreeSource(join, predicate: Self.predicate)
    list = TreeList(source: filter)
    self.host = host ?? CountingHost()
    list.host = self.host
    list.reloadData()
    let middle = known / 2 - (known / 2) % 3  // ≡ 0 (mod 3): shown
    updated = ([middle], middle)
  }

  /// Replaces the middle shown element with another shown one.
  @inline(__always)
  public func update() {
    do { try elements.replace(at: updated.path, with: updated.value + 3) } catch { preconditionFailure("update: \(error)") }
  }

  /// Puts the middle element back.
  public func undoUpdate() {
    do { try elements.replace(at: updated.path, with: updated.value) } catch { preconditionFailure("undo: \(error)") }
  }

  /// Appends a shown element to the array source.
  @inline(__always)
  public func append() {
    do { try elements.append(3 * known) } catch { preconditionFailure("append: \(error)") }
  }

  // Removals and moves at the end of the array: in its middle, a Swift
  // array shifts the elements after the edit (a memmove of 4 MB for half
  // of 10⁶ `Int`s, about 375K instructions), which is the array's own
  // O(K), not the composition's. The last element, `known - 1`, is shown
  // (≡ 0 mod 3 for the sizes measured), the one before it hidden.

  /// Removes the last element, shown.
  @inline(__always)
  public func remove() {
    do { try elements.remove(at: [known - 1]) } catch { preconditionFailure("remove: \(error)") }
  }

  /// Puts it back.
  public func undoRemove() {
    do { try elements.append(known - 1) } catch { preconditionFailure("undo: \(error)") }
  }

  /// Moves the last element, shown, before the two before it (one hidden):
  /// its row moves up by one.
  @inline(__always)
  public func move() {
    do { try elements.move(from: [known - 1], to: [known - 3]) } catch { preconditionFailure("move: \(error)") }
  }

  /// Moves it back.
  public func undoMove() {
    do { try elements.move(from: [known - 3], to: [known - 1]) } catch { preconditionFailure("undo: \(error)") }
  }

  /// The elements ``bulkAppend()`` appends: K/10 of them, at least one,
  /// all shown (≡ 0 mod 3).
  var bulk: [Int] { (0..<Swift.max(1, known / 10)).map { 3 * (known + $0) } }

  /// Appends ``bulk`` to the array source as one change set.
  @inline(__always)
  public func bulkAppend() {
    do { try elements.append(contentsOf: bulk) } catch { preconditionFailure("bulk append: \(error)") }
  }

  /// Removes the elements ``bulkAppend()`` appended, as one batch.
  public func undoBulkAppend() {
    let count = bulk.count
    do {
      try elements.performBatchUpdates { () throws(TreeSourceError) in
        for _ in 0..<count { try elements.remove(at: [known]) }
      }
    } catch { preconditionFailure("undo: \(error)") }
  }

  /// Removes the appended element.
  public func undoAppend() {
    do { try elements.remove(at: [known]) } catch { preconditionFailure("undo: \(error)") }
  }

  /// The filter's predicate: hides the elements `≡ 2 (mod 3)`.
  static func predicate(_ element: Int) -> TreeFilterOutcome { element >= 0 && element % 3 == 2 ? .hidden : .visible }

  /// A narrower predicate: also hides the elements `≡ 0 (mod 9)`.
  static func narrower(_ element: Int) -> TreeFilterOutcome {
    element >= 0 && (element % 3 == 2 || element % 9 == 0) ? .hidden : .visible
  }

  /// Narrows the filter's predicate, with the narrowing hint: only the
  /// shown elements (about 2K/3) are asked.
  @inline(__always)
  public func narrow() { filter.setPredicate(Self.narrower, change: .narrowing) }

  /// Puts the filter's first predicate back, with the widening hint.
  public func widen() { filter.setPredicate(Self.predicate, change: .widening) }

  /// The filter's first predicate, which also hides the shown element
  /// that ``update()`` replaces.
  static func hidingUpdated(_ updated: Int) -> (Int) -> TreeFilterOutcome {
    { $0 == updated ? .hidden : predicate($0) }
  }

  /// Hides the shown element of the update with a new predicate, naming
  /// the one element whose outcome it changes.
  @inline(__always)
  public func reevaluate() {
    do {
      try filter.setPredicate(Self.hidingUpdated(updated.value), reevaluatingItemsAt: [[2 + updated.path[0]]])
    } catch { preconditionFailure("reevaluate: \(error)") }
  }

  /// Shows it again with the filter's first predicate.
  public func undoReevaluate() {
    do {
      try filter.setPredicate(Self.predicate, reevaluatingItemsAt: [[2 + updated.path[0]]])
    } catch { preconditionFailure("undo: \(error)") }
  }

  /// The measured edit of `workload`, and the unmeasured edit that undoes
  /// it.
  public func steps(_ workload: Workload) -> (prepare: () -> Void, edit: () -> Void, restore: () -> Void) {
    switch workload {
    case .sourceUpdate: return ({}, update, undoUpdate)
    case .sourceAppend: return ({}, append, undoAppend)
    case .sourceRemove: return ({}, remove, undoRemove)
    case .sourceMove: return ({}, move, undoMove)
    case .sourceRefilter: return ({}, narrow, widen)
    case .sourceReevaluate: return ({}, reevaluate, undoReevaluate)
    case .sourceBulkAppend: return ({}, bulkAppend, undoBulkAppend)
    default: preconditionFailure("\(workload.rawValue) is not a source workload")
    }
  }
}

extension Measurement {
  static func measureTreeList<M: Meter>(
    _ workload: Workload, _ fixture: TreeListFixture, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    measureEdit(workload, fixture.steps(workload), rows: { fixture.list.numberOfRows }, &meter, limits)
  }

  static func measureSource<M: Meter>(
    _ workload: Workload, _ fixture: SourceFixture, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    measureEdit(workload, fixture.steps(workload), rows: { fixture.list.numberOfRows }, &meter, limits)
  }

  /// Measures `edit`, with `prepare` before and `restore` after it run
  /// uninstrumented; the list's `rows` must be back after each sample.
  static func measureEdit<M: Meter>(
    _ workload: Workload, _ steps: (prepare: () -> Void, edit: () -> Void, restore: () -> Void),
    rows currentRows: () -> Int, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    let rows = currentRows()
    let (prepare, edit, restore) = steps
    // A warm-up edit, and everything around each measured edit, run
    // uninstrumented.
    meter.endRun()
    prepare()
    edit()
    restore()
    meter.beginRun()
    var samples = Samples()
    while samples.wantsMore(limits) {
      meter.endRun()
      prepare()
      meter.beginRun()
      meter.start()
      edit()
      let cost = meter.stop()
      meter.endRun()
      restore()
      meter.beginRun()
      check(currentRows() == rows, "TreeIndex", "\(workload.rawValue) leaves \(currentRows()) rows")
      samples.add(cost, meter)
    }
    return samples
  }

  /// Measures the workloads that run on K known items (batch and TreeList),
  /// TreeIndex only, for each K of `knownItems`. The cells' rows are the
  /// index's (2K) and their depth 2.
  public static func runOnKnownItems(
    workloads: [Workload], knownItems: [Int], meter: MeterChoice, limits: (Workload) -> SampleLimits,
    log: (String) -> Void
  ) -> [CellResult] {
    switch meter {
    case .callgrind(let prefix, let keepDumps):
      return runOnKnownItems(workloads, knownItems, CallgrindMeter(prefix: prefix, keepDumps: keepDumps), limits, log)
    case .clock:
      return runOnKnownItems(workloads, knownItems, ClockMeter(), limits, log)
    }
  }

  static func runOnKnownItems<M: Meter>(
    _ workloads: [Workload], _ knownItems: [Int], _ meter: M, _ limits: (Workload) -> SampleLimits,
    _ log: (String) -> Void
  ) -> [CellResult] {
    var meter = meter
    meter.beginRun()
    defer { meter.endRun() }
    let overhead = Overhead(&meter)
    var results: [CellResult] = []
    for workload in workloads where workload.isOnKnownItems {
      for known in knownItems {
        log("measuring TreeIndex \(workload.rawValue) with \(known) known items")
        var result = CellResult(
          contender: .treeIndex, workload: workload, rows: workload.rows(known: known), depth: workload.isOnSource ? 1 : 2,
          unit: meter.unit,
          operationsPerSample: 1, samples: [], overhead: overhead.cost, skipped: nil, parameter: known)
        // Building the fixture is not measured, and runs faster uninstrumented.
        meter.endRun()
        let index = workload == .batch ? KnownItems.index(known) : nil
        let source = workload.isOnSource ? SourceFixture(known: known) : nil
        let fixture = workload == .batch || workload.isOnSource ? nil : TreeListFixture(known: known)
        meter.beginRun()
        let samples =
          if let index { measureBatch(index, &meter, limits(workload)) } else if let source {
            measureSource(workload, source, &meter, limits(workload))
          } else {
            measureTreeList(workload, fixture!, &meter, limits(workload))
          }
        overhead.apply(samples, to: &result)
        results.append(result)
      }
    }
    return results
  }
}
