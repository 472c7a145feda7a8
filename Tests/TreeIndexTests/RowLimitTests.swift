import Testing
import TreeIndex
import TreeIndexTestSupport

/// Counts near `Int.max`: every operation that would give an item more than
/// `TreeIndex.maximumNumberOfRows` rows throws `.rowCountOverflow` and leaves
/// the index unchanged; nothing traps.
@Suite("Row limit: counts near Int.max are refused, never trapped on")
struct RowLimitTests {
  static let maximum = TreeIndex.maximumNumberOfRows

  /// Runs `body`, which must throw `.rowCountOverflow` for `operation` at
  /// `treePath`, and checks that the index is unchanged.
  func expectOverflow(
    _ operation: TreeIndexError.Operation, at treePath: TreePath, on index: TreeIndex,
    sourceLocation: SourceLocation = #_sourceLocation, _ body: (inout TreeIndex) throws -> Void
  ) {
    var copy = index
    do {
      try body(&copy)
      Issue.record("expected a row count overflow", sourceLocation: sourceLocation)
    } catch let error as TreeIndexError {
      #expect(
        error == TreeIndexError(operation: operation, treePath: treePath, reason: .rowCountOverflow)
          || (error.reason == .rowCountOverflow && error.operation == operation && error.treePath == treePath),
        "\(error)", sourceLocation: sourceLocation)
    } catch {
      Issue.record("unexpected error \(error)", sourceLocation: sourceLocation)
    }
    #expect(copy == index, "the index changed", sourceLocation: sourceLocation)
    #expect(copy.numberOfRows == index.numberOfRows, sourceLocation: sourceLocation)
  }

  @Test func theMaximumIsTwoToTheSixtySecond() {
    #expect(Self.maximum == 1 << 62)
    #expect(TreeIndex(numberOfRootItems: .max).numberOfRootItems == Self.maximum)
    #expect(TreeIndex(numberOfRootItems: .max).numberOfRows == Self.maximum)
    #expect(TreeIndex(numberOfRootItems: .min).numberOfRows == 0)
  }

  @Test func expandingPastTheMaximum() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    expectOverflow(.expand, at: [0], on: index) { try $0.expand([0], numberOfSubitems: .max) }
    expectOverflow(.expand, at: [0], on: index) { try $0.expand([0], numberOfSubitems: Self.maximum - 1) }
    // Exactly at the maximum: allowed.
    try index.expand([0], numberOfSubitems: Self.maximum - 2)
    #expect(index.numberOfRows == Self.maximum)
    #expect(index.row(for: [1]) == Self.maximum - 1)
    #expect(index.treePath(forRow: Self.maximum - 2) == [0, Self.maximum - 3])
    // One more row anywhere visible is refused.
    expectOverflow(.insert, at: [2], on: index) { try $0.insertItems(at: [[2]]) }
    expectOverflow(.insert, at: [0, 0], on: index) { try $0.insertItems(at: [[0, 0]]) }
    expectOverflow(.expand, at: [0, 5], on: index) { try $0.expand([0, 5], numberOfSubitems: 1) }
    // Changing the count in place is checked against what it replaces.
    try index.expand([0], numberOfSubitems: Self.maximum - 3)
    #expect(index.numberOfRows == Self.maximum - 1)
    try index.expand([0, 7], numberOfSubitems: 1)
    #expect(index.numberOfRows == Self.maximum)
  }

  @Test func rowsHiddenBeneathACollapsedItemCount() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: Self.maximum - 2)
    try index.collapse([0])
    try index.expand([1], numberOfSubitems: Self.maximum - 2)
    #expect(index.numberOfRows == Self.maximum)
    // Showing [0]'s rows again would pass the maximum.
    expectOverflow(.expand, at: [0], on: index) { try $0.expand([0], numberOfSubitems: Self.maximum - 2) }
    expectOverflow(.reveal, at: [0, 3], on: index) { try $0.reveal([0, 3]) }
    // A hidden item cannot hold more than the maximum beneath it either.
    try index.collapse([1])
    try index.expand([1, 0], numberOfSubitems: 1)
    #expect(index.numberOfRows == 2)
    expectOverflow(.expand, at: [1, 1], on: index) { try $0.expand([1, 1], numberOfSubitems: 2) }
    try index.insertItems(at: [[1, 0, 0]])  // [1] holds exactly the maximum
    expectOverflow(.insert, at: [1, 0, 0], on: index) { try $0.insertItems(at: [[1, 0, 0], [1, 0, 1]]) }
  }

  @Test func insertionsAreCheckedOneByOneAndUndoneTogether() throws {
    var index = TreeIndex(numberOfRootItems: 1)
    try index.expand([0], numberOfSubitems: Self.maximum - 3)
    // Two more rows fit, the third does not: nothing of the call stays.
    try index.insertItems(at: [[0, 0]])
    expectOverflow(.insert, at: [0, 1], on: index) { try $0.insertItems(at: [[0, 0], [0, 1], [0, 2]]) }
    try index.insertItems(at: [[0, 0]])
    #expect(index.numberOfRows == Self.maximum)
  }

  @Test func movesThatShowHiddenRows() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([0, 0], numberOfSubitems: Self.maximum / 2)
    try index.collapse([0])
    try index.expand([1], numberOfSubitems: Self.maximum / 2)
    // [0, 0] holds 2⁶¹ rows beneath a collapsed item; shown at the root
    // level it would pass the maximum.
    expectOverflow(.move, at: [2], on: index) { try $0.moveItem(at: [0, 0], to: [2]) }
    expectOverflow(.move, at: [1, 0], on: index) { try $0.moveItem(at: [0, 0], to: [1, 0]) }
    // Beneath a collapsed item the rows still count.
    try index.collapse([1])
    expectOverflow(.move, at: [1, 0], on: index) { try $0.moveItem(at: [0, 0], to: [1, 0]) }
    // Moving among the hidden rows, or moving the item collapsed, is fine.
    try index.moveItem(at: [0, 0], to: [0, 1])
    try index.collapse([0, 1])
    try index.moveItem(at: [0, 1], to: [2])
    try index.expand([1], numberOfSubitems: Self.maximum / 2)
    #expect(index.numberOfRows == 4 + Self.maximum / 2)
    expectOverflow(.expand, at: [2], on: index) { try $0.expand([2], numberOfSubitems: Self.maximum / 2) }
  }

  @Test func sectionedMappingNearTheMaximum() throws {
    var index = TreeIndex(numberOfRootItems: 3, layout: .sectioned)
    try index.expand([1], numberOfSubitems: Self.maximum / 2)
    try index.expand([2], numberOfSubitems: Self.maximum / 2 - 3)
    #expect(index.numberOfRows == Self.maximum - 3)
    #expect(index.tableIndexPath(fromTreePath: [2, Self.maximum / 2 - 4]) == [2, Self.maximum / 2 - 4])
    #expect(index.treeIndexPath(fromTablePath: [1, Self.maximum / 2 - 1]) == [1, Self.maximum / 2 - 1])
    #expect(index.row(for: [2, 0]) == Self.maximum / 2)  // rows only: root items are sections
    #expect(index.tableIndexPath(fromTreePath: [2, .max]) == nil)
    #expect(index.treeIndexPath(fromTablePath: [2, .max]) == nil)
    #expect(index.treePath(forRow: .max) == nil)
    #expect(index.treePath(forRow: .min) == nil)
  }

  /// Random expansions, collapses, reveals, insertions and deletions with
  /// counts drawn near fractions of the maximum, against a model that adds
  /// rows with overflow detection: an operation throws `.rowCountOverflow`
  /// exactly when the model says some item would pass the maximum.
  @Test(arguments: 0..<20)
  func randomHugeCountsAgainstAModel(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    var index = TreeIndex(numberOfRootItems: 3)
    var model = CountModel(rootCount: 3)
    struct Refused: Error {}
    /// Runs the operation; it must throw `.rowCountOverflow` exactly when
    /// the model passes the maximum (then `Refused`, the index unchanged).
    func check(_ candidate: CountModel, _ context: String, _ body: () throws -> Void) throws {
      let before = index
      do {
        try body()
        #expect(!candidate.passesMaximum(), "\(context): accepted past the maximum")
      } catch let error as TreeIndexError {
        #expect(error.reason == .rowCountOverflow, "\(context): \(error)")
        #expect(candidate.passesMaximum(), "\(context): refused within the maximum: \(error)")
        #expect(index == before, "\(context): the index changed")
        throw Refused()
      }
    }
    for step in 0..<300 {
      let known = model.knownPaths()
      let parent: TreePath? = known.isEmpty || Bool.random(using: &generator) ? nil : known.randomElement(using: &generator)!
      let count = parent.map { model.items[$0]!.count } ?? model.rootCount
      guard count > 0 || Int.random(in: 0..<4, using: &generator) == 0 else { continue }
      let index0 = Int.random(in: 0..<Swift.max(1, Swift.min(count, 4)), using: &generator)
      let path = parent?.appending(index0) ?? [index0]
      let huge = [1, 2, 3, 5, 1_000, Self.maximum / 4, Self.maximum / 3, Self.maximum / 2, Self.maximum - 5, Self.maximum]
        .randomElement(using: &generator)!
      var candidate = model
      let context = "seed \(seed), step \(step)"
      do {
        switch Int.random(in: 0..<5, using: &generator) {
        case 0:
          guard count > 0 else { continue }
          candidate.expand(path, count: huge)
          try check(candidate, context) { try index.expand(path, numberOfSubitems: huge) }
        case 1:
          guard count > 0 else { continue }
          candidate.collapse(path)
          try check(candidate, context) { try index.collapse(path) }
        case 2:
          guard count > 0, let deeper = known.randomElement(using: &generator), model.items[deeper]!.count > 0 else { continue }
          let target = deeper.appending(0)
          candidate.reveal(target)
          try check(candidate, context) { try index.reveal(target) }
        case 3:
          let end = parent?.appending(count) ?? [count]
          candidate.append(at: end)
          try check(candidate, context) { try index.insertItems(at: [end]) }
        default:
          guard count > 0 else { continue }
          let last = parent?.appending(count - 1) ?? [count - 1]
          candidate.deleteLast(at: last)
          try check(candidate, context) { try index.deleteItems(at: [last]) }
        }
        model = candidate
      } catch is Refused {
        continue
      }
      #expect(index.numberOfRows == model.visibleRows(), "\(context)")
      #expect(index.numberOfRows <= Self.maximum)
    }
  }
}

/// A naive model of known items and their counts, for counts far beyond
/// what an explicit tree holds: the known items by path, and rows summed
/// recursively with overflow detection.
struct CountModel {
  struct Item {
    var count: Int
    var isExpanded: Bool
  }
  var rootCount: Int
  var items: [TreePath: Item] = [:]

  init(rootCount: Int) { self.rootCount = rootCount }

  func knownPaths() -> [TreePath] { items.keys.sorted() }

  mutating func expand(_ path: TreePath, count: Int) {
    if let item = items[path], item.count == count {
      items[path]!.isExpanded = true
      return
    }
    items = items.filter { !path.isAncestor(of: $0.key) }
    items[path] = Item(count: count, isExpanded: true)
  }

  mutating func collapse(_ path: TreePath) {
    items[path]?.isExpanded = false
  }

  mutating func reveal(_ path: TreePath) {
    var ancestor = path.parent
    while let a = ancestor {
      items[a]!.isExpanded = true
      ancestor = a.parent
    }
  }

  mutating func append(at path: TreePath) {
    if let parent = path.parent {
      items[parent]!.count += 1
    } else {
      rootCount += 1
    }
  }

  mutating func deleteLast(at path: TreePath) {
    items = items.filter { $0.key != path && !path.isAncestor(of: $0.key) }
    if let parent = path.parent {
      items[parent]!.count -= 1
    } else {
      rootCount -= 1
    }
  }

  /// The rows beneath the item at `path` (`nil`: the root) as if expanded,
  /// or `nil` when the sum overflows `Int`.
  func rows(beneath path: TreePath?) -> Int? {
    var total = path.map { items[$0]!.count } ?? rootCount
    for (child, item) in items where child.parent == path && item.isExpanded {
      guard let beneath = rows(beneath: child) else { return nil }
      let (sum, overflow) = total.addingReportingOverflow(beneath)
      if overflow { return nil }
      total = sum
    }
    return total
  }

  /// Whether some item (or the root) has more rows than the maximum.
  func passesMaximum() -> Bool {
    ([nil] + items.keys.map { Optional($0) }).contains { path in
      guard let rows = rows(beneath: path) else { return true }
      return rows > TreeIndex.maximumNumberOfRows
    }
  }

  /// The visible rows of the `.flat` layout.
  func visibleRows() -> Int {
    rows(beneath: nil)!
  }
}
