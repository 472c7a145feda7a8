import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

// Random operations on a `TreeIndex` and on the naive `ReferenceTree`, side
// by side. After every operation (and after every edit inside a batch) the
// index is compared with the model row by row, the returned `TreeChanges` is
// replayed on the model's old rows, and an invalid call must have thrown and
// left the index equal to before. A failure names its seed, layout, step and
// operation.

/// One operation of a random run.
indirect enum ModelEdit: CustomStringConvertible {
  case expand(TreePath, Int)
  case collapse(TreePath)
  case insert([TreePath])
  case delete([TreePath])
  case move(TreePath, TreePath)
  /// The edits in one `performBatchUpdates`; with `throwAfter: k` the closure
  /// throws an injected error after running the first k edits.
  case batch([ModelEdit], throwAfter: Int?)

  var description: String {
    switch self {
    case .expand(let path, let count): return "expand(\(path), numberOfSubitems: \(count))"
    case .collapse(let path): return "collapse(\(path))"
    case .insert(let paths): return "insertItems(at: \(paths))"
    case .delete(let paths): return "deleteItems(at: \(paths))"
    case .move(let source, let destination): return "moveItem(at: \(source), to: \(destination))"
    case .batch(let edits, let throwAfter):
      let inner = edits.map(\.description).joined(separator: "; ")
      let thrown = throwAfter.map { " throwing after \($0)" } ?? ""
      return "performBatchUpdates{ \(inner) }\(thrown)"
    }
  }

  /// Applies the edit to the model (throws as the model does).
  func apply(to model: inout ReferenceTree) throws {
    switch self {
    case .expand(let path, let count): try model.expand(path, numberOfSubitems: count)
    case .collapse(let path): try model.collapse(path)
    case .insert(let paths): try model.insertItems(at: paths)
    case .delete(let paths): try model.deleteItems(at: paths)
    case .move(let source, let destination): try model.moveItem(at: source, to: destination)
    case .batch(let edits, let throwAfter):
      try model.performBatchUpdates { model in
        for (k, edit) in edits.enumerated() {
          if k == throwAfter { throw InjectedError() }
          try edit.apply(to: &model)
        }
        if throwAfter == edits.count { throw InjectedError() }
      }
    }
  }
}

/// The error a batch closure throws on purpose.
struct InjectedError: Error, Equatable {}

/// A random run on one seed and one layout.
struct ModelRun {
  let seed: UInt64
  let layout: TreeIndex.Layout
  var rng: SeededGenerator
  var index: TreeIndex
  var model: ReferenceTree
  var step = 0
  /// Operations checked so far, top-level (an edit inside a batch is counted
  /// separately in `checkedInnerEdits`).
  var checkedOperations = 0
  var checkedInnerEdits = 0
  var failed = false
  /// Statistics, for tuning the generator: calls that threw, and the sum and
  /// the largest number of visible rows after each step.
  var thrownCalls = 0
  var rowSum = 0
  var maxRows = 0
  var salt = 0
  /// Whether half of the edits are moves (the move-heavy runs).
  var favorsMoves = false

  init(seed: UInt64, layout: TreeIndex.Layout) {
    self.seed = seed
    self.layout = layout
    rng = SeededGenerator(seed: seed &* 0x9E37_79B9 &+ (layout == .flat ? 0 : 1))
    let roots = Int.random(in: 0...4, using: &rng)
    index = TreeIndex(numberOfRootItems: roots, layout: layout)
    model = ReferenceTree(numberOfRootItems: roots, layout: layout)
  }

  /// A run on a given tree, for hand-written cases.
  init(_ index: TreeIndex, _ model: ReferenceTree) {
    seed = 0
    layout = index.layout
    rng = SeededGenerator(seed: 0)
    self.index = index
    self.model = model
  }

  func context(_ edit: ModelEdit) -> String {
    "seed \(seed), layout .\(layout), step \(step): \(edit)"
  }

  /// Performs one checked operation on `index` and `model`; returns the
  /// changes, or nil if it threw (which the checks expect if the model threw).
  @discardableResult
  mutating func apply(_ edit: ModelEdit) -> TreeChanges? {
    step += 1
    var localIndex = index
    var localModel = model
    localModel.movedIdentities = []
    var changes: TreeChanges?
    do {
      changes = try perform(edit, on: &localIndex, model: &localModel, context: context(edit))
    } catch {
      thrownCalls += 1
    }
    index = localIndex
    model = localModel
    return changes
  }

  // MARK: Running

  mutating func run(steps: Int) {
    if !TreeIndexChecker.check(index, matches: model, context: "seed \(seed), layout .\(layout), initial") {
      failed = true
      return
    }
    while step < steps && !failed {
      let edit = randomEdit(in: model, batchDepth: 0, invalidPercent: 10)
      apply(edit)
      checkedOperations += 1
      let rows = index.numberOfRows
      rowSum += rows
      maxRows = max(maxRows, rows)
      if !failed && step % 300 == 0 { roundTripCoding() }
    }
  }

  /// Applies `edit` to the index and to the model in step, checks the result,
  /// and rethrows the index's error (so a batch propagates it).
  @discardableResult
  mutating func perform(
    _ edit: ModelEdit, on index: inout TreeIndex, model: inout ReferenceTree, context: String
  ) throws -> TreeChanges? {
    let indexBefore = index
    let modelBefore = model
    var modelAfter = model
    let movedBefore = model.movedIdentities
    modelAfter.movedIdentities = []

    var changes: TreeChanges?
    var indexError: (any Error)?
    var modelThrew = false
    switch edit {
    case .batch(let edits, let throwAfter):
      // The edits run in step on the index (inside its batch) and on a model
      // copy, each checked; the model's own batch is not used here.
      var innerModel = modelAfter
      var thrownByBody: (any Error)?
      do {
        changes = try index.performBatchUpdates { inner in
          do {
            for (k, edit) in edits.enumerated() {
              if k == throwAfter { throw InjectedError() }
              try perform(edit, on: &inner, model: &innerModel, context: context + " / edit \(k): \(edit)")
              if failed { throw InjectedError() }
            }
            if throwAfter == edits.count { throw InjectedError() }
          } catch {
            thrownByBody = error
            throw error
          }
        }
      } catch {
        indexError = error
      }
      if let thrownByBody {
        modelThrew = true
        if let indexError {
          let same: Bool
          if let a = thrownByBody as? TreeIndexError, let b = indexError as? TreeIndexError {
            same = a == b
          } else {
            same = thrownByBody is InjectedError && indexError is InjectedError
          }
          if !same {
            fail(context, "the batch threw \(indexError), not the error its closure threw (\(thrownByBody))")
          }
        }
      } else {
        modelAfter = innerModel
      }
      checkedInnerEdits += edits.count
    default:
      do { try edit.apply(to: &modelAfter) } catch { modelThrew = true }
      do { changes = try apply(edit, to: &index) } catch { indexError = error }
    }
    index._checkInvariants()

    if failed { throw InjectedError() }
    switch (modelThrew, indexError) {
    case (true, nil):
      fail(context, "the call should have thrown but returned \(changes.map { "\($0)" } ?? "nil")")
    case (false, let error?):
      fail(context, "the call threw \(error) but should not have")
    case (true, let error?):
      if let error = error as? TreeIndexError {
        if let problem = Self.mismatch(of: error, thrownBy: edit, in: modelBefore) { fail(context, problem) }
      } else if !(error is InjectedError) {
        fail(context, "the call threw \(type(of: error)), not a TreeIndexError")
      }
      if !TreeIndexChecker.checkUnchanged(index, indexBefore, context: context) { failed = true }
      if !TreeIndexChecker.check(index, matches: modelBefore, salt: nextSalt(), context: context) { failed = true }
      throw error
    case (false, nil):
      if !TreeIndexChecker.check(index, matches: modelAfter, salt: nextSalt(), context: context) {
        failed = true
      } else if let changes,
        !TreeIndexChecker.check(
          changes, from: modelBefore, to: modelAfter, moved: modelAfter.movedIdentities, context: context)
      {
        failed = true
      }
      modelAfter.movedIdentities.formUnion(movedBefore)
      model = modelAfter
    }
    return changes
  }

  func apply(_ edit: ModelEdit, to index: inout TreeIndex) throws -> TreeChanges {
    switch edit {
    case .expand(let path, let count): return try index.expand(path, numberOfSubitems: count)
    case .collapse(let path): return try index.collapse(path)
    case .insert(let paths): return try index.insertItems(at: paths)
    case .delete(let paths): return try index.deleteItems(at: paths)
    case .move(let source, let destination): return try index.moveItem(at: source, to: destination)
    case .batch: fatalError("batches are performed by perform(_:on:model:context:)")
    }
  }

  /// A reason why `error` cannot be what `edit` throws: the operation must be
  /// the edit's, and the path one of the paths it was given.
  static func mismatch(of error: TreeIndexError, thrownBy edit: ModelEdit, in model: ReferenceTree) -> String? {
    let operation: TreeIndexError.Operation
    let paths: [TreePath]
    switch edit {
    case .expand(let path, _): (operation, paths) = (.expand, [path])
    case .collapse(let path): (operation, paths) = (.collapse, [path])
    case .insert(let given): (operation, paths) = (.insert, given)
    case .delete(let given): (operation, paths) = (.delete, given)
    case .move(let source, let destination): (operation, paths) = (.move, [source, destination])
    case .batch: return nil  // whatever an edit inside threw
    }
    if error.operation != operation { return "the error names the operation \(error.operation), not \(operation)" }
    if !paths.contains(error.treePath) { return "the error names \(error.treePath), which the call was not given" }
    if case .move(let source, let destination) = edit {
      if error.movePaths != .init(source: source, destination: destination) {
        return "the move error names the paths \(String(describing: error.movePaths)), not \(source) and \(destination)"
      }
    } else if error.movePaths != nil {
      return "the \(operation) error names move paths \(String(describing: error.movePaths))"
    }
    let path = error.treePath
    // Whether the reason can be read in `model`, the tree before the call:
    // not for a move (its destination is read with the source removed) nor
    // for an insertion of several paths (each is read after the earlier ones).
    let readable: Bool
    switch edit {
    case .move: readable = false
    case .insert(let given): readable = given.count == 1
    default: readable = true
    }
    switch error.reason {
    case .emptyPath:
      if !path.isEmpty { return "the reason is an empty path, but \(path) is not empty" }
    case .negativeNumberOfSubitems(let count):
      guard case .expand(_, let given) = edit, given == count, count < 0 else {
        return "the reason is a negative count \(count), which the call was not given"
      }
    case .duplicatePath:
      guard case .insert(let given) = edit, given.count(where: { $0 == path }) > 1 else {
        return "the reason is a duplicate path, but \(path) is not given twice"
      }
    case .unknownAncestor(let ancestor):
      if !(ancestor.count < path.count && path.starts(with: ancestor)) {
        return "the reason names \(ancestor), which is not an ancestor of \(path)"
      }
      if readable, let node = model.node(at: ancestor), node.isKnown {
        return "the reason names \(ancestor) as unknown, but the model knows its subitems"
      }
    case .negativeIndex(let level):
      guard level >= 0, level < path.count, path[level] < 0 else {
        return "the reason says index at level \(level) of \(path) is negative"
      }
    case .rowCountOverflow:
      return "the reason is a row count overflow, but the model's counts are small"
    case .indexOutOfRange(let level, let count):
      guard level >= 0, level < path.count else { return "the reason names level \(level) of \(path)" }
      if readable {
        let parent = level == 0 ? nil : TreePath(path.prefix(level))
        let known = model.numberOfSubitems(of: parent)
        if known != count {
          return
            "the reason says \(parent.map { "\($0)" } ?? "the root") has \(count) subitems; the model says \(known.map { "\($0)" } ?? "unknown")"
        }
        let index = path[level]
        let isEnd: Bool
        if case .insert = edit, level == path.count - 1 { isEnd = index == count } else { isEnd = false }
        if index >= 0 && index < count || isEnd {
          return "the reason says index \(index) at level \(level) is out of range, but \(count) subitems hold it"
        }
      }
    }
    return nil
  }

  /// Rotates the checker's sample of unknown and hidden items.
  mutating func nextSalt() -> Int {
    salt &+= 1
    return salt
  }

  mutating func fail(_ context: String, _ message: String) {
    failed = true
    Issue.record(Comment(rawValue: context + "\n  - " + message + "\nmodel before: \(model)"))
  }

  mutating func roundTripCoding() {
    do {
      let data = try JSONEncoder().encode(index)
      let decoded = try JSONDecoder().decode(TreeIndex.self, from: data)
      let context = "seed \(seed), layout .\(layout), step \(step): Codable round trip"
      if decoded != index {
        fail(context, "the decoded index is not == to the encoded one")
        return
      }
      if !TreeIndexChecker.check(decoded, matches: model, context: context) {
        failed = true
        return
      }
      index = decoded  // go on with the decoded value
    } catch {
      fail("seed \(seed), layout .\(layout), step \(step)", "Codable round trip threw \(error)")
    }
  }

  // MARK: Random edits

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  mutating func pick<T>(_ values: [T]) -> T? {
    values.isEmpty ? nil : values[Int.random(in: 0..<values.count, using: &rng)]
  }

  /// A number of subitems: mostly small, sometimes zero, rarely larger.
  mutating func randomCount(depth: Int) -> Int {
    if depth >= 5 { return int(0...2) }
    if chance(2) { return int(7...16) }
    return int(0...6)
  }

  struct Shape {
    var items: [ReferenceTree.Item]
    var known: [ReferenceTree.Item]
    var unknown: [ReferenceTree.Item]
    var expanded: [ReferenceTree.Item]
    var visible: [ReferenceTree.Item]
    var rows: Int
    var rootCount: Int
  }

  func shape(of model: ReferenceTree) -> Shape {
    let items = model.allItems()
    var shape = Shape(
      items: items, known: [], unknown: [], expanded: [], visible: [], rows: 0, rootCount: model.numberOfRootItems)
    for item in items {
      if item.node.isKnown { shape.known.append(item) } else { shape.unknown.append(item) }
      if item.node.isExpanded { shape.expanded.append(item) }
      if item.isVisible { shape.visible.append(item) }
    }
    // In .sectioned the root items are visible but are sections, not rows.
    shape.rows = shape.visible.count - (model.layout == .sectioned ? shape.rootCount : 0)
    return shape
  }

  /// An item path: any item, or (sometimes) a known one.
  mutating func randomItem(_ shape: Shape) -> TreePath? {
    if chance(25), let item = pick(shape.known) { return item.treePath }
    return pick(shape.items)?.treePath
  }

  /// A parent for an insertion or a move destination, with its count
  /// (nil for an unknown item): the root, a known item, or an unknown one.
  mutating func randomParent(_ shape: Shape, unknownPercent: Int) -> (TreePath, Int?) {
    if chance(unknownPercent), let item = pick(shape.unknown) { return (item.treePath, nil) }
    if chance(30) || shape.known.isEmpty { return ([], shape.rootCount) }
    let item = pick(shape.known)!
    return (item.treePath, item.node.children!.count)
  }

  mutating func randomEdit(
    in model: ReferenceTree, shape known: Shape? = nil, batchDepth: Int, invalidPercent: Int
  ) -> ModelEdit {
    let shape = known ?? shape(of: model)
    if chance(invalidPercent) { return invalidEdit(shape) }
    let big = shape.rows > 70 || shape.items.count > 220 || shape.rootCount > 8
    var roll = int(0...99)
    if big && chance(60) {
      roll = chance(50) ? 32 : 58
    }  // collapse or delete
    else if favorsMoves && chance(50) {
      roll = batchDepth == 0 && chance(40) ? 99 : 70
    }  // a move, or a batch
    switch roll {
    case 0..<32:
      let visibleItem = chance(70) ? pick(shape.visible)?.treePath : nil
      guard let path = visibleItem ?? randomItem(shape) else { return .insert([[0]]) }
      let node = model.node(at: path)!
      if let children = node.children, chance(50) { return .expand(path, children.count) }
      return .expand(path, randomCount(depth: path.count))
    case 32..<40:
      if chance(50), let item = pick(shape.expanded) { return .collapse(item.treePath) }
      guard let path = randomItem(shape) else { return .insert([[0]]) }
      return .collapse(path)
    case 40..<58:
      var paths: [TreePath] = []
      for _ in 0..<int(1...3) {
        let (parent, count) = randomParent(shape, unknownPercent: 12)
        let extra = chance(30) ? paths.count : 0  // room for the earlier paths of this call
        paths.append(parent.appending(int(0...((count ?? 2) + extra))))
      }
      return .insert(paths)
    case 58..<68:
      var paths: [TreePath] = []
      for _ in 0..<int(1...3) {
        if let previous = pick(paths), chance(25) {
          // The same path, or one beneath it (covered).
          var path = previous
          if let node = model.node(at: path), let children = node.children, !children.isEmpty, chance(70) {
            path = path.appending(int(0...(children.count - 1)))
          }
          paths.append(path)
        } else if chance(8), let item = pick(shape.unknown) {
          paths.append(item.treePath.appending(0))  // beneath an unknown item: no-op
        } else if let path = randomItem(shape) {
          paths.append(path)
        }
      }
      if paths.isEmpty { return .insert([[0]]) }
      return .delete(paths)
    case 68..<86:
      var source: TreePath
      if chance(8), let item = pick(shape.unknown) {
        source = item.treePath.appending(0)  // source parent unknown: an insertion
      } else if let path = randomItem(shape) {
        source = path
      } else {
        source = [0]
      }
      if chance(8) { return .move(source, source) }
      let (parent, count) = randomParent(shape, unknownPercent: 10)
      // With the source removed, its old parent has one subitem fewer.
      let last = (count ?? 2) - (chance(80) && parent == source.parent ?? [] ? 1 : 0)
      var destination = parent.appending(int(0...max(0, last)))
      if chance(15), destination.count == source.count {
        // Within the same parent.
        destination = source.replacingLast(with: int(0...max(0, (count ?? 2) - 1)))
      }
      return .move(source, destination)
    default:
      if batchDepth >= 2 {
        return randomEdit(in: model, shape: shape, batchDepth: batchDepth, invalidPercent: invalidPercent)
      }
      var simulated = model
      var edits: [ModelEdit] = []
      for _ in 0..<int(2...6) {
        let edit = randomEdit(in: simulated, batchDepth: batchDepth + 1, invalidPercent: 3)
        edits.append(edit)
        try? edit.apply(to: &simulated)
      }
      let throwAfter = chance(8) ? int(0...edits.count) : nil
      return .batch(edits, throwAfter: throwAfter)
    }
  }

  /// A call that should throw (the model decides; most of these do).
  mutating func invalidEdit(_ shape: Shape) -> ModelEdit {
    let item = randomItem(shape) ?? [0]
    let (parent, count) = randomParent(shape, unknownPercent: 0)
    let outOfRange = parent.appending(chance(25) ? -1 : (count ?? 0) + int(0...2))
    let pastAppend = parent.appending(chance(25) ? -1 : (count ?? 0) + int(1...2))
    switch int(0...11) {
    case 0: return .expand([], int(0...3))
    case 1: return .expand(item, -int(1...3))
    case 2: return .expand(outOfRange, int(0...3))
    case 3:
      if let unknown = pick(shape.unknown) { return .expand(unknown.treePath.appending(0), 1) }
      return .collapse(outOfRange)
    case 4:
      if let unknown = pick(shape.unknown) { return .collapse(unknown.treePath.appending(int(0...1))) }
      return .collapse([])
    case 5: return .collapse(chance(50) ? [] : outOfRange)
    case 6: return .insert(chance(30) ? [[]] : [pastAppend])
    case 7:
      let path = parent.appending(int(0...(count ?? 0)))
      return .insert(chance(50) ? [path, path] : [item, pastAppend])
    case 8: return .delete(chance(30) ? [item, []] : [item, outOfRange])
    case 9: return .move(chance(50) ? [] : item, chance(50) ? item : [])
    case 10: return .move(item, pastAppend)
    default: return .move(outOfRange, item)
    }
  }
}

@Suite("Randomized model")
struct RandomizedModelTests {
  static let seeds: [UInt64] = Array(1...10)
  static let layouts: [TreeIndex.Layout] = [.flat, .sectioned]
  /// 1,000 steps per run by default (20,000 operations in all, a few
  /// seconds); 50,000 with `TREEINDEX_LONG_TESTS=1` (1,000,000 operations).
  static let stepsPerRun = LongTests.choose(short: 1_000, long: 50_000)

  @Test func theRunChecksAtLeast20000OperationsAndTheLongRunAMillion() {
    let operations = Self.seeds.count * Self.layouts.count * Self.stepsPerRun
    #expect(operations >= (LongTests.areEnabled ? 1_000_000 : 20_000))
  }

  @Test(arguments: seeds, layouts)
  func randomOperations(seed: UInt64, layout: TreeIndex.Layout) {
    var run = ModelRun(seed: seed, layout: layout)
    run.run(steps: Self.stepsPerRun)
    if !run.failed { #expect(run.checkedOperations == Self.stepsPerRun) }
  }

  /// Half the edits are moves, and many are batches of moves mixed with
  /// insertions, deletions, expansions and collapses: every change set is
  /// replayed with its moves, and an item that is a row before and after
  /// must be moved or left alone, never deleted and inserted.
  @Test(arguments: seeds, layouts)
  func moveHeavyOperations(seed: UInt64, layout: TreeIndex.Layout) {
    var run = ModelRun(seed: seed &+ 1_000, layout: layout)
    run.favorsMoves = true
    run.run(steps: Self.stepsPerRun / 4)
    if !run.failed { #expect(run.checkedOperations == Self.stepsPerRun / 4) }
  }
}

/// The tricky cases, by hand. Each operation also goes through the same
/// checks as the random runs (the index against the model, the changes
/// replayed on the model's rows).
@Suite("Randomized model: hand-written cases")
struct RandomizedModelCaseTests {
  typealias RowRange = TreeChanges.RowRange

  /// Three root items; `[1]` expanded with 3 subitems and `[1, 1]` with 2.
  /// Rows in `.flat`: [0] [1] [1,0] [1,1] [1,1,0] [1,1,1] [1,2] [2].
  static func smallTree(_ layout: TreeIndex.Layout) -> ModelRun {
    var run = ModelRun(
      TreeIndex(numberOfRootItems: 3, layout: layout), ReferenceTree(numberOfRootItems: 3, layout: layout))
    run.apply(.expand([1], 3))
    run.apply(.expand([1, 1], 2))
    return run
  }

  @Test(arguments: RandomizedModelTests.layouts)
  func hidingAndShowingAgainInOneBatchIsNoChange(layout: TreeIndex.Layout) {
    var run = Self.smallTree(layout)
    let changes = run.apply(.batch([.collapse([1]), .expand([1], 3)], throwAfter: nil))
    #expect(changes?.isEmpty == true)
    #expect(!run.failed)
  }

  @Test(arguments: RandomizedModelTests.layouts)
  func hidingInsertingAboveAndShowingAgainInsertsOnlyTheNewItem(layout: TreeIndex.Layout) {
    var run = Self.smallTree(layout)
    // After the insertion the item that was [1] is [2].
    let changes = run.apply(.batch([.collapse([1]), .insert([[0]]), .expand([2], 3)], throwAfter: nil))
    switch layout {
    case .flat: #expect(changes == TreeChanges(insertedRowRanges: [RowRange(section: 0, rows: 0..<1)]))
    case .sectioned: #expect(changes == TreeChanges(insertedSections: [0]))
    }
    #expect(!run.failed)
  }

  @Test(arguments: RandomizedModelTests.layouts)
  func moveWithinParentForward(layout: TreeIndex.Layout) {
    var run = Self.smallTree(layout)
    let changes = run.apply(.move([1, 0], [1, 2]))
    // [1]'s subitems are now the old [1, 1] (expanded), [1, 2], [1, 0].
    #expect(run.index.isExpanded([1, 0]))
    #expect(run.index.numberOfSubitems(of: [1, 0]) == 2)
    #expect(run.index.numberOfSubitems(of: [1, 2]) == nil)
    #expect(changes.map { $0.numberOfDeletedRows == $0.numberOfInsertedRows } == true)
    #expect(!run.failed)
  }

  @Test(arguments: RandomizedModelTests.layouts)
  func moveWithinParentBackward(layout: TreeIndex.Layout) {
    var run = Self.smallTree(layout)
    let changes = run.apply(.move([1, 2], [1, 0]))
    // [1]'s subitems are now the old [1, 2], [1, 0], [1, 1] (expanded).
    #expect(run.index.isExpanded([1, 2]))
    #expect(run.index.numberOfSubitems(of: [1, 2]) == 2)
    #expect(!run.index.isExpanded([1, 1]))
    #expect(changes.map { $0.numberOfDeletedRows == $0.numberOfInsertedRows } == true)
    #expect(!run.failed)
  }

  @Test func moveAcrossSections() {
    var run = Self.smallTree(.sectioned)
    run.apply(.expand([2], 1))
    // The expanded [1, 1] with its two subitems goes to the front of section 2.
    let changes = run.apply(.move([1, 1], [2, 0]))
    #expect(run.index.numberOfRows(inSection: 1) == 2)
    #expect(run.index.numberOfRows(inSection: 2) == 4)
    #expect(run.index.treeIndexPath(fromTablePath: [2, 1]) == [2, 0, 0])
    #expect(
      changes
        == TreeChanges(
          movedRowRanges: [.init(from: RowRange(section: 1, rows: 1..<4), to: RowRange(section: 2, rows: 0..<3))]))
    // A root item moved among root items is a section move.
    let sectionMove = run.apply(.move([2], [0]))
    #expect(sectionMove == TreeChanges(movedSections: [.init(from: 2, to: 0)]))
    #expect(!run.failed)
  }

  @Test(arguments: RandomizedModelTests.layouts)
  func moveIntoAnUnknownParentDeletesAndOutOfOneInserts(layout: TreeIndex.Layout) {
    var run = Self.smallTree(layout)
    let before = run.index.numberOfRows
    run.apply(.move([1, 2], [0, 0]))  // [0] is unknown: a deletion
    #expect(run.index.numberOfSubitems(of: [1]) == 2)
    run.apply(.move([0, 0], [1, 0]))  // source parent unknown: an insertion
    #expect(run.index.numberOfSubitems(of: [1]) == 3)
    #expect(run.index.numberOfRows == before)
    #expect(!run.failed)
  }

  @Test(arguments: RandomizedModelTests.layouts)
  func insertingUnderAnUnknownParentIsNoChange(layout: TreeIndex.Layout) {
    var run = Self.smallTree(layout)
    let before = run.index
    let changes = run.apply(.insert([[0, 0], [2, 5, 1]]))
    #expect(changes?.isEmpty == true)
    #expect(run.index == before)
    // Mixed with a valid path, only that one is inserted.
    run.apply(.insert([[0, 0], [3]]))
    #expect(run.index.numberOfSubitems(of: nil) == 4)
    #expect(!run.failed)
  }

  @Test(arguments: RandomizedModelTests.layouts)
  func emptyListsAndNoOpsChangeNothing(layout: TreeIndex.Layout) {
    var run = Self.smallTree(layout)
    let before = run.index
    let noOps: [ModelEdit] = [
      .insert([]), .delete([]), .delete([[0, 0], [2, 1, 1]]), .collapse([0]), .collapse([1, 0]),
      .expand([1], 3), .move([1, 1], [1, 1]), .move([0, 0], [2, 3]), .batch([], throwAfter: nil),
    ]
    for edit in noOps {
      #expect(run.apply(edit)?.isEmpty == true, "\(edit) should change nothing")
    }
    #expect(run.index == before)
    #expect(!run.failed)
  }

  @Test(arguments: RandomizedModelTests.layouts)
  func deletingCoveredPaths(layout: TreeIndex.Layout) {
    var run = Self.smallTree(layout)
    let changes = run.apply(.delete([[1, 1, 0], [1], [1, 1], [1]]))
    #expect(run.index.numberOfSubitems(of: nil) == 2)
    switch layout {
    case .flat: #expect(changes == TreeChanges(deletedRowRanges: [RowRange(section: 0, rows: 1..<7)]))
    case .sectioned: #expect(changes == TreeChanges(deletedSections: [1]))
    }
    #expect(!run.failed)
  }

  struct Injected: Error {}

  @Test(arguments: RandomizedModelTests.layouts)
  func throwingInTheMiddleOfABatchRestoresTheIndex(layout: TreeIndex.Layout) throws {
    var run = Self.smallTree(layout)
    let before = run.index
    // Through the checked path: an injected error, and an invalid edit.
    #expect(run.apply(.batch([.expand([0], 2), .insert([[0, 0]]), .delete([[2]])], throwAfter: 2)) == nil)
    #expect(run.apply(.batch([.insert([[0]]), .collapse([2]), .expand([], 1), .delete([[0]])], throwAfter: nil)) == nil)
    #expect(
      run.apply(.batch([.insert([[0]]), .batch([.collapse([2]), .move([2], [9])], throwAfter: nil)], throwAfter: nil))
        == nil)
    #expect(run.index == before)
    #expect(!run.failed)

    // And directly: the error propagates unchanged.
    var index = before
    #expect(throws: Injected.self) {
      try index.performBatchUpdates { index in
        try index.expand([0], numberOfSubitems: 2)
        try index.deleteItems(at: [[1, 1]])
        throw Injected()
      }
    }
    #expect(index == before)
    let error = #expect(throws: TreeIndexError.self) {
      try index.performBatchUpdates { index in
        try index.insertItems(at: [[0]])
        try index.performBatchUpdates { index in
          try index.collapse([2])
          try index.expand([], numberOfSubitems: 1)
        }
      }
    }
    #expect(error?.reason == .emptyPath)
    #expect(index == before)
  }

  @Test(arguments: RandomizedModelTests.layouts)
  func invalidCallsThrowAndChangeNothing(layout: TreeIndex.Layout) {
    var run = Self.smallTree(layout)
    let before = run.index
    let invalid: [ModelEdit] = [
      .expand([], 1), .expand([0], -1), .expand([3], 1), .expand([1, 3], 0), .expand([0, 0], 1),
      .collapse([]), .collapse([-1]), .collapse([0, 0, 0]),
      .insert([[]]), .insert([[4]]), .insert([[1, 4]]), .insert([[1, 0], [1, 0]]), .insert([[0], [5]]),
      .delete([[]]), .delete([[3]]), .delete([[1], [1, 3]]),
      .move([], [0]), .move([0], []), .move([3], [0]), .move([1, 0], [1, 3]), .move([0], [3]),
    ]
    for edit in invalid {
      #expect(run.apply(edit) == nil, "\(edit) should throw")
    }
    #expect(run.thrownCalls == invalid.count)
    #expect(run.index == before)
    #expect(!run.failed)
  }

  @Test func theCheckerRejectsWrongChanges() throws {
    var old = ReferenceTree(numberOfRootItems: 3)
    try old.expand([0], numberOfSubitems: 1)
    var new = old
    try new.expand([1], numberOfSubitems: 3)
    // Rows before: [0] [0,0] [1] [2]; after: [0] [0,0] [1] [1,0] [1,1] [1,2] [2].
    func problems(_ changes: TreeChanges) -> [String] {
      TreeIndexChecker.changeMismatches(changes, from: old, to: new, moved: [])
    }
    #expect(problems(TreeChanges(insertedRowRanges: [RowRange(section: 0, rows: 3..<6)])).isEmpty)
    let wrong: [TreeChanges] = [
      TreeChanges(),
      TreeChanges(insertedRowRanges: [RowRange(section: 0, rows: 3..<5)]),
      TreeChanges(insertedRowRanges: [RowRange(section: 0, rows: 2..<5)]),
      TreeChanges(insertedRowRanges: [RowRange(section: 0, rows: 3..<4), RowRange(section: 0, rows: 4..<6)]),
      TreeChanges(insertedRowRanges: [RowRange(section: 0, rows: 5..<6), RowRange(section: 0, rows: 3..<5)]),
      TreeChanges(insertedRowRanges: [RowRange(section: 0, rows: 3..<6), RowRange(section: 0, rows: 7..<7)]),
      TreeChanges(
        deletedRowRanges: [RowRange(section: 0, rows: 2..<3)],
        insertedRowRanges: [RowRange(section: 0, rows: 2..<6)]),
      TreeChanges(insertedSections: [0], insertedRowRanges: [RowRange(section: 0, rows: 3..<6)]),
      TreeChanges(insertedRowRanges: [RowRange(section: 1, rows: 3..<6)]),
    ]
    for changes in wrong {
      #expect(!problems(changes).isEmpty, "\(changes) should be rejected")
    }
    // Moves: #1 goes last. Rows before: #1 #2 #3; after: #2 #3 #1.
    let roots = ReferenceTree(numberOfRootItems: 3)
    var moved = roots
    try moved.moveItem(at: [0], to: [2])
    func moveProblems(_ changes: TreeChanges, _ identities: Set<Int>) -> [String] {
      TreeIndexChecker.changeMismatches(changes, from: roots, to: moved, moved: identities)
    }
    func move(_ from: Range<Int>, _ to: Range<Int>) -> TreeChanges.RowRangeMove {
      .init(from: RowRange(section: 0, rows: from), to: RowRange(section: 0, rows: to))
    }
    #expect(moveProblems(TreeChanges(movedRowRanges: [move(0..<1, 2..<3)]), moved.movedIdentities).isEmpty)
    let wrongMoves: [(TreeChanges, Set<Int>)] = [
      // Deleted and inserted, not moved.
      (
        TreeChanges(
          deletedRowRanges: [RowRange(section: 0, rows: 0..<1)],
          insertedRowRanges: [RowRange(section: 0, rows: 2..<3)]),
        moved.movedIdentities
      ),
      // Moved, but the model moved nothing.
      (TreeChanges(movedRowRanges: [move(0..<1, 2..<3)]), []),
      // The other two moved instead: replays right, but they did not move.
      (TreeChanges(movedRowRanges: [move(1..<3, 0..<2)]), moved.movedIdentities),
      // To the wrong place; a different number of rows; out of range.
      (TreeChanges(movedRowRanges: [move(0..<1, 1..<2)]), moved.movedIdentities),
      (TreeChanges(movedRowRanges: [move(0..<1, 1..<3)]), moved.movedIdentities),
      (TreeChanges(movedRowRanges: [move(0..<1, 3..<4)]), moved.movedIdentities),
      // Moved and deleted.
      (
        TreeChanges(deletedRowRanges: [RowRange(section: 0, rows: 0..<1)], movedRowRanges: [move(0..<1, 2..<3)]),
        moved.movedIdentities
      ),
    ]
    for (changes, identities) in wrongMoves {
      #expect(!moveProblems(changes, identities).isEmpty, "\(changes) should be rejected")
    }
    // And an index that does not match the model.
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([0], numberOfSubitems: 1)
    #expect(TreeIndexChecker.mismatches(index, old).isEmpty)
    #expect(!TreeIndexChecker.mismatches(index, new).isEmpty)
  }
}
