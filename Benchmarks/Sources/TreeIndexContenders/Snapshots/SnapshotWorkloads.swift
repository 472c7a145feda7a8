// The identity workloads: TreeSnapshot (items by identifier) against a
// model of ListKit's section snapshot, on the wide and the 6-deep forests of
// SnapshotForest. What is measured, the contenders, and which cells are
// skipped.

import TreeIndex

/// A contender of the snapshot workloads.
public enum SnapshotContender: String, CaseIterable, Codable, Sendable {
  case treeSnapshot = "TreeSnapshot"
  case sectionSnapshot = "Section snapshot (ListKit model)"

  /// The name on the command line.
  public var identifier: String {
    switch self {
    case .treeSnapshot: "treesnapshot"
    case .sectionSnapshot: "listkit"
    }
  }

  public init?(identifier: String) {
    guard let match = Self.allCases.first(where: { $0.identifier == identifier.lowercased() }) else { return nil }
    self = match
  }
}

/// A snapshot workload. Each sample is one operation, except where noted.
public enum SnapshotWorkload: String, CaseIterable, Codable, Sendable {
  /// Building the snapshot by `append(_:to:)`, one call per parent, in
  /// depth-first order of the parents (the root items first). Nothing is
  /// expanded.
  case build = "build by append"
  /// In the fully expanded snapshot: collapse the toggled item, then the row
  /// of the last item; expand it again, then the row of the last item. One
  /// sample is the four calls; the value is per toggle (toggle + row).
  case toggleRow = "expand/collapse + row"
  /// `changes(from:)` of a snapshot derived from the fully expanded one by
  /// one `append(_:to:)` of a fresh item (the derivation is not measured).
  case derivedAppend = "changes after 1 append"
  /// `changes(from:)` of a snapshot derived by one `move(_:to:at:)` of an
  /// item with its subtree (the derivation is not measured).
  case derivedMove = "changes after 1 move"
  /// `DiffableTreeList.apply(_:)` of a snapshot derived from the list's
  /// own (fully expanded) by one `append(_:to:)` of a fresh item, the host
  /// a stub that takes the batch: the replay of the edit on the list's
  /// snapshot, the tree list's rows, and the change set. TreeSnapshot
  /// alone (the model has no list).
  case applyAppend = "apply after 1 append"
  /// The same after one `move(_:to:at:)` of an item with its subtree, and
  /// back again on the next sample.
  case applyMove = "apply after 1 move"
  /// `changes(from:)` between two fully expanded snapshots built
  /// separately, which differ in 1 % of their items.
  case unrelated = "changes, unrelated, 1 % differ"
  /// `changes(from:)` between two copies of the fully expanded snapshot
  /// edited apart, neither made from the other: one by the append of the
  /// derived-append workload, one by the move of the derived-move workload
  /// (the copies and edits are not measured). TreeSnapshot works it out
  /// from the pages of storage the copies do not share.
  case apart = "changes, copies edited apart"
  /// The bytes the fully expanded snapshot keeps allocated.
  case memory = "memory"
  /// `TreeSelection` over the snapshot (issue 16): toggle the last item (a
  /// leaf at the deepest level), then read its root item's check state and
  /// checked count; one sample checks and unchecks it, so the value is per
  /// toggle + reads. TreeSnapshot alone (the model has no selection).
  case selectionToggle = "selection: toggle a leaf + root state"

  /// The name on the command line.
  public var identifier: String {
    switch self {
    case .build: "snapshot-build"
    case .toggleRow: "snapshot-toggle"
    case .derivedAppend: "snapshot-append"
    case .derivedMove: "snapshot-move"
    case .applyAppend: "snapshot-apply-append"
    case .applyMove: "snapshot-apply-move"
    case .unrelated: "snapshot-unrelated"
    case .apart: "snapshot-apart"
    case .memory: "snapshot-memory"
    case .selectionToggle: "selection-toggle"
    }
  }

  public init?(identifier: String) {
    guard let match = Self.allCases.first(where: { $0.identifier == identifier.lowercased() }) else { return nil }
    self = match
  }

  /// The number of operations one sample holds.
  public var operationsPerSample: Int { self == .toggleRow || self == .selectionToggle ? 2 : 1 }

  /// The limits of a full run: instruction counts under callgrind, or
  /// nanoseconds natively.
  public func limits(unit: String) -> SampleLimits {
    let budget = unit == "instructions" ? 3_000_000_000 : 1_000_000_000
    switch self {
    case .build, .memory: return SampleLimits(minimum: 1, maximum: 11, budget: budget)
    case .toggleRow, .selectionToggle: return SampleLimits(minimum: 3, maximum: 51, budget: budget)
    // Under callgrind the counts repeat exactly, and a diff of 10⁶ items can
    // be billions of instructions: two samples at least, one for the
    // unrelated pair (the same two snapshots every sample).
    case .derivedAppend, .derivedMove, .applyAppend, .applyMove, .apart:
      return SampleLimits(minimum: 2, maximum: 21, budget: budget)
    case .unrelated: return SampleLimits(minimum: 1, maximum: 11, budget: budget)
    }
  }

  /// The limits of a smoke run: a handful of samples.
  public var smokeLimits: SampleLimits { SampleLimits(minimum: 1, maximum: 2, budget: 0) }
}

/// The sizes of the snapshot workloads.
public enum SnapshotSizes {
  /// Items in the snapshot.
  public static let items = [1_000, 100_000, 1_000_000]
  public static let shapes = SnapshotForest.Shape.allCases
}

/// Where a snapshot contender is not run, and why: one sample takes more
/// than 3 s natively (under callgrind, about 50 times as long).
public enum SnapshotSkips {
  /// The reason `contender` is not run on `workload` at `items` of `shape`,
  /// or `nil`.
  public static func reason(
    _ contender: SnapshotContender, _ workload: SnapshotWorkload, items: Int, shape: SnapshotForest.Shape
  ) -> String? {
    if contender == .sectionSnapshot && (workload == .applyAppend || workload == .applyMove) {
      return "the model has no list: its apply is its diff of the visible arrays, measured by the changes workloads"
    }
    if contender == .sectionSnapshot && workload == .selectionToggle {
      return "the model has no selection: TreeSelection's target is absolute (≤ 5,000 instructions)"
    }
    guard contender == .sectionSnapshot, workload == .build, items >= 1_000_000, shape == .deep else { return nil }
    return "its build is quadratic (each append searches the flat array for the parent and walks its "
      + "descendants): one build of the 6-deep 10⁶ items took 19.3 s natively "
      + "(`treeindex-compare snapshot-measure --meter clock --no-skips --smoke`)"
  }
}

/// An outline kept by identifier: TreeSnapshot, or the ListKit model.
public protocol IdentityOutline {
  /// What `changes(to:from:)` reads: the snapshot itself, or the baseline's
  /// visible array (computed outside the measurement).
  associatedtype DiffInput
  associatedtype Changes

  static var contender: SnapshotContender { get }

  /// An empty snapshot.
  init()
  /// The snapshot of `forest` with every item that has children expanded
  /// (the fixture of every workload but build).
  init(forest: SnapshotForest)

  mutating func append(_ items: [Int], to parent: Int?)
  mutating func move(_ item: Int, to parent: Int?, at index: Int)
  mutating func expand(_ items: [Int])
  mutating func collapse(_ items: [Int])
  func row(of item: Int) -> Int?
  /// Every item, depth first.
  var allItems: [Int] { get }
  /// The visible items, as an array.
  var visibleItemArray: [Int] { get }

  func diffInput() -> DiffInput
  /// The measured diff: what turns `old`'s visible rows into `new`'s.
  static func changes(to new: DiffInput, from old: DiffInput) -> Changes
  /// The rows the changes delete, insert and move.
  static func counts(_ changes: Changes) -> (deleted: Int, inserted: Int, moved: Int)
  /// What is wrong when `changes` are applied to `old` as a table view
  /// would, if the result is not `new`.
  static func replay(_ changes: Changes, old: [Int], new: [Int]) -> String?
}

extension IdentityOutline {
  /// Builds the snapshot of `forest` by its append calls (nothing expanded).
  public static func built(by forest: SnapshotForest) -> Self {
    var built = Self()
    for append in forest.appends { built.append(append.items, to: append.parent) }
    return built
  }

  /// Makes the one edit `workload` derives its snapshot by: an append of a
  /// fresh item (``SnapshotWorkload/derivedAppend``) or a move with its
  /// subtree (``SnapshotWorkload/derivedMove``); nothing for the others.
  public mutating func makeEdit(of workload: SnapshotWorkload, in forest: SnapshotForest) {
    switch workload {
    case .derivedAppend:
      append([forest.count + 7], to: forest.appendParent)
    case .derivedMove:
      let move = forest.move
      self.move(move.item, to: move.parent, at: move.index)
    case .build, .toggleRow, .unrelated, .apart, .memory, .applyAppend, .applyMove, .selectionToggle:
      break
    }
  }

  /// Two copies of this snapshot, edited apart: one by the append of
  /// ``SnapshotWorkload/derivedAppend``, one by the move of
  /// ``SnapshotWorkload/derivedMove``. Neither is made from the other, so
  /// they share the storage neither wrote and no edit history.
  public func copiesEditedApart(in forest: SnapshotForest) -> (appended: Self, moved: Self) {
    var appended = self
    appended.makeEdit(of: .derivedAppend, in: forest)
    var moved = self
    moved.makeEdit(of: .derivedMove, in: forest)
    return (appended, moved)
  }
}

// MARK: - TreeSnapshot

/// TreeSnapshot through its public API, as an app would call it.
public struct TreeSnapshotContender: IdentityOutline {
  public var snapshot = TreeSnapshot<Int>()

  public static var contender: SnapshotContender { .treeSnapshot }

  public init() {}

  public init(forest: SnapshotForest) {
    self = Self.built(by: forest)
    snapshot.expand(forest.itemsWithChildren)
  }

  @inline(__always)
  public mutating func append(_ items: [Int], to parent: Int?) {
    do { try snapshot.append(items, to: parent) } catch { preconditionFailure("append: \(error)") }
  }

  public mutating func move(_ item: Int, to parent: Int?, at index: Int) {
    do { try snapshot.move(item, to: parent, at: index) } catch { preconditionFailure("move: \(error)") }
  }

  public mutating func expand(_ items: [Int]) { snapshot.expand(items) }
  public mutating func collapse(_ items: [Int]) { snapshot.collapse(items) }
  public func row(of item: Int) -> Int? { snapshot.row(of: item) }
  public var allItems: [Int] { Array(snapshot.items) }
  public var visibleItemArray: [Int] { Array(snapshot.visibleItems) }

  public func diffInput() -> TreeSnapshot<Int> { snapshot }

  @inline(__always)
  public static func changes(to new: TreeSnapshot<Int>, from old: TreeSnapshot<Int>) -> TreeChanges {
    new.changes(from: old)
  }

  public static func counts(_ changes: TreeChanges) -> (deleted: Int, inserted: Int, moved: Int) {
    (changes.numberOfDeletedRows, changes.numberOfInsertedRows, changes.numberOfMovedRows)
  }

  public static func replay(_ changes: TreeChanges, old: [Int], new: [Int]) -> String? {
    guard changes.movedSections.isEmpty, changes.deletedSections.isEmpty, changes.insertedSections.isEmpty,
      (changes.deletedRowRanges + changes.insertedRowRanges).allSatisfy({ $0.section == 0 }),
      changes.movedRowRanges.allSatisfy({ $0.from.section == 0 && $0.to.section == 0 })
    else { return "section changes in the .flat layout: \(changes)" }
    return Replay.problem(
      deleted: changes.deletedRowRanges.map(\.rows), inserted: changes.insertedRowRanges.map(\.rows),
      moved: changes.movedRowRanges.map { ($0.from.rows, $0.to.rows) }, old: old, new: new)
  }
}

// MARK: - The ListKit model

extension SectionSnapshotBaseline: IdentityOutline {
  public static var contender: SnapshotContender { .sectionSnapshot }

  public init(forest: SnapshotForest) {
    self.init(forest: forest, expanding: forest.itemsWithChildren)
  }

  public var allItems: [Int] { items }
  public var visibleItemArray: [Int] { visibleItems }

  /// The visible array, computed outside the measurement: the measured diff
  /// is Heckel's alone (ListKit's apply also reads `visibleItems` of both
  /// snapshots, each as costly as a row lookup, see the toggle workload).
  public func diffInput() -> [Int] { visibleItems }

  @inline(__always)
  public static func changes(to new: [Int], from old: [Int]) -> HeckelDiff {
    HeckelDiff(from: old, to: new)
  }

  public static func counts(_ changes: HeckelDiff) -> (deleted: Int, inserted: Int, moved: Int) {
    (changes.deletions.count, changes.insertions.count, changes.moves.count)
  }

  public static func replay(_ changes: HeckelDiff, old: [Int], new: [Int]) -> String? {
    Replay.problem(
      deleted: changes.deletions.map { $0..<($0 + 1) }, inserted: changes.insertions.map { $0..<($0 + 1) },
      moved: changes.moves.map { ($0.from..<($0.from + 1), $0.to..<($0.to + 1)) }, old: old, new: new)
  }
}

/// Applies a change set to an array of rows as a table view does: the
/// deletions and move sources in old rows, the insertions and move
/// destinations in new rows, the other rows keep their order.
enum Replay {
  static func problem(
    deleted: [Range<Int>], inserted: [Range<Int>], moved: [(Range<Int>, Range<Int>)], old: [Int], new: [Int]
  ) -> String? {
    var gone = [Bool](repeating: false, count: old.count)
    for range in deleted + moved.map(\.0) {
      guard range.lowerBound >= 0 && range.upperBound <= old.count else { return "old rows \(range) out of range" }
      for row in range {
        if gone[row] { return "old row \(row) deleted or moved twice" }
        gone[row] = true
      }
    }
    var result = [Int?](repeating: nil, count: new.count)
    for range in inserted {
      guard range.lowerBound >= 0 && range.upperBound <= new.count else { return "new rows \(range) out of range" }
      for row in range { result[row] = new[row] }
    }
    for (from, to) in moved {
      guard from.count == to.count, to.lowerBound >= 0, to.upperBound <= new.count else {
        return "move \(from) -> \(to) out of range"
      }
      for (k, row) in to.enumerated() {
        if result[row] != nil { return "new row \(row) filled twice" }
        result[row] = old[from.lowerBound + k]
      }
    }
    var kept = old.indices.lazy.filter { !gone[$0] }.makeIterator()
    for row in result.indices where result[row] == nil {
      guard let source = kept.next() else { return "too few rows: new row \(row) is left empty" }
      result[row] = old[source]
    }
    if kept.next() != nil { return "too many rows: \(old.count) old rows do not fit \(new.count) new ones" }
    if let row = result.indices.first(where: { result[$0] != new[$0] }) {
      return "row \(row) shows \(result[row]!), not \(new[row])"
    }
    return nil
  }
}
