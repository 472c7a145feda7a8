import Foundation
import Testing
import TreeDataSource

/// Composed sources inside batches: every read and edit during a batch sees
/// the tree as the edits so far left it, at every level of a composition;
/// moves across sources stay moves; and what the host shows is what the
/// source holds when the batch ends.
@Suite("Composed sources inside batches")
struct BatchCompositionTests {
  struct Item: Hashable {
    var name: String
    var kids: [Item] = []
  }

  static func hidingH(_ name: String) -> TreeFilterOutcome { name.hasPrefix("h") ? .hidden : .visible }

  /// `base` filtered by ``hidingH(_:)``, joined with a source `other` of
  /// one element, shown by a loaded list.
  static func filterJoinedWithOther(_ elements: [String]) -> (
    base: ArrayTreeSource<String>, other: ArrayTreeSource<String>, join: JoinedTreeSource<String>,
    list: TreeList<TreeSourceDataSource<JoinedTreeSource<String>>>, host: ListHostSimulator
  ) {
    let base = ArrayTreeSource(elements, name: "base")
    let filter = FilteredTreeSource(base, predicate: Self.hidingH)
    let other = ArrayTreeSource(["o"], name: "other")
    let join = JoinedTreeSource([filter.eraseToAnyTreeSource(), other.eraseToAnyTreeSource()])
    let list = TreeList(source: join)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    return (base, other, join, list, host)
  }

  /// The list shows `rows`, and its host saw no invalid update and shows
  /// no stale row.
  static func expectShows<S>(
    _ list: TreeList<TreeSourceDataSource<S>>, _ host: ListHostSimulator, _ rows: [S.Element],
    sourceLocation: SourceLocation = #_sourceLocation
  ) where S.Element: Equatable {
    #expect(
      (0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])) } == rows, sourceLocation: sourceLocation)
    #expect(host.violations.isEmpty, sourceLocation: sourceLocation)
    #expect(host.mismatchedRows().isEmpty, sourceLocation: sourceLocation)
  }

  @Test func aFilterAnswersWithTheBaseAsTheBatchLeftIt() throws {
    let base = ArrayTreeSource(["a", "h", "b", "c"], name: "base")
    let filter = FilteredTreeSource(base, predicate: Self.hidingH)
    let list = TreeList(source: filter)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try base.performBatchUpdates { () throws(TreeSourceError) in
      try filter.insert("x", at: [0])
      #expect(try filter.numberOfChildren(of: nil) == 4)
      #expect(try filter.element(at: [1]) == "a")
      // [1] is `a` now: the hidden `h` stays.
      let removed = try filter.remove(at: [1])
      #expect(removed == "a")
    }
    #expect(base.elements == ["x", "h", "b", "c"])
    Self.expectShows(list, host, ["x", "b", "c"])
    #expect(host.calls.count == 2)  // the load, then one update
  }

  @Test func aJoinAboveAFilterLocatesItsSourcesMidBatch() throws {
    let (base, other, join, list, host) = Self.filterJoinedWithOther(["a", "h"])
    try join.performBatchUpdates { () throws(TreeSourceError) in
      try base.append("b")
      #expect(try join.numberOfChildren(of: nil) == 3)
      #expect(try join.element(at: [2]) == "o")
      try join.insert("y", at: [2])  // after b, the filter's last item
      try join.remove(at: [3])  // o
    }
    #expect(base.elements == ["a", "h", "b", "y"])
    #expect(other.elements.isEmpty)
    Self.expectShows(list, host, ["a", "b", "y"])
  }

  @Test func aPredicateSetInABatchThatEditsTheBaseJudgesTheRightElements() throws {
    let base = ArrayTreeSource(["a", "h", "b"], name: "base")
    let filter = FilteredTreeSource(base, predicate: Self.hidingH)
    let list = TreeList(source: filter)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try filter.performBatchUpdates { () throws(TreeSourceError) in
      try base.insert("z", at: [0])
      try base.remove(at: [2])  // h
      filter.setPredicate { $0 == "b" ? .hidden : .visible }
      try base.append("h2")
    }
    #expect(base.elements == ["z", "a", "b", "h2"])
    Self.expectShows(list, host, ["z", "a", "h2"])
  }

  @Test func aMoveAcrossJoinedSourcesInsideABatchIsOneMove() throws {
    let left = ArrayTreeSource([Item(name: "a", kids: [Item(name: "a0")]), Item(name: "b")], children: \.kids, name: "l")
    let right = ArrayTreeSource([Item(name: "c")], children: \.kids, name: "r")
    let join = JoinedTreeSource([left.eraseToAnyTreeSource(), right.eraseToAnyTreeSource()])
    let list = TreeList(source: join.map(\.name)) { _, name in name == "a" }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try join.performBatchUpdates { () throws(TreeSourceError) in
      try join.move(from: [0], to: [2])  // a, open, to after c
      try right.append(Item(name: "d"))
    }
    #expect(Self.names(left.elements) == ["b"])
    #expect(Self.names(right.elements) == ["c", "a", "d"])
    #expect((0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])) } == ["b", "c", "a", "a0", "d"])
    guard case .apply(let changes) = host.calls.last else {
      Issue.record("no update: \(host.calls)")
      return
    }
    #expect(changes.movedRowRanges.count == 1)
    #expect(changes.deletedRowRanges.isEmpty)
    #expect(changes.insertedRowRanges.map(\.rows) == [4..<5])
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows().isEmpty)
  }

  @Test func aMoveAcrossGroupedSourcesInsideABatchIsOneMove() throws {
    let left = ArrayTreeSource(["a", "b"], name: "l")
    let right = ArrayTreeSource(["c"], name: "r")
    let group = GroupedTreeSource([("L", left.eraseToAnyTreeSource()), ("R", right.eraseToAnyTreeSource())])
    let list = TreeList(source: group) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try group.performBatchUpdates { () throws(TreeSourceError) in
      try group.move(from: [0, 0], to: [1, 1])
    }
    #expect(left.elements == ["b"])
    #expect(right.elements == ["c", "a"])
    guard case .apply(let changes) = host.calls.last else {
      Issue.record("no update: \(host.calls)")
      return
    }
    #expect(changes.movedRowRanges.count == 1)
    #expect(changes.deletedRowRanges.isEmpty && changes.insertedRowRanges.isEmpty)
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows().isEmpty)
  }

  @Test(arguments: [false, true])
  func theLastMatchMovedOutOfAFilteredFolderAcrossSourcesIsOneMove(inBatch: Bool) throws {
    // A folder shown only for its match `m`; `m` moves to the other source.
    let left = ArrayTreeSource(
      [Item(name: "folder", kids: [Item(name: "m"), Item(name: "x")]), Item(name: "k")], children: \.kids, name: "l")
    let right = ArrayTreeSource([Item(name: "r")], children: \.kids, name: "r")
    let filter = FilteredTreeSource(left) { item in
      item.name == "folder" ? .visibleIfDescendantIsVisible : item.name == "x" ? .hidden : .visible
    }
    let join = JoinedTreeSource([filter.eraseToAnyTreeSource(), right.eraseToAnyTreeSource()])
    let list = TreeList(source: join.map(\.name)) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect((0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])) } == ["folder", "m", "k", "r"])
    // m after k, in the right source.
    if inBatch {
      try join.performBatchUpdates { () throws(TreeSourceError) in try join.move(from: [0, 0], to: [2]) }
    } else {
      try join.move(from: [0, 0], to: [2])
    }
    #expect((0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])) } == ["k", "m", "r"])
    guard case .apply(let changes) = host.calls.last else {
      Issue.record("no update: \(host.calls)")
      return
    }
    #expect(changes.movedRowRanges.count == 1)
    #expect(changes.insertedRowRanges.isEmpty)
    #expect(changes.deletedRowRanges.map(\.rows) == [0..<1])
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows().isEmpty)
  }

  @Test(arguments: [false, true])
  func anItemMovedAndChangedInOneBatchIsRedrawn(changedFirst: Bool) throws {
    let base = ArrayTreeSource(["a", "b", "c"], name: "base")
    let list = TreeList(source: base)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try base.performBatchUpdates { () throws(TreeSourceError) in
      if changedFirst {
        try base.replace(at: [0], with: "A")
        try base.move(from: [0], to: [2])
      } else {
        try base.move(from: [0], to: [2])
        try base.replace(at: [2], with: "A")
      }
    }
    // One update with the move, then one that redraws the moved row.
    #expect(host.calls.count == 3)
    Self.expectShows(list, host, ["b", "c", "A"])
  }

  @Test func aFailedBatchOfTheBaseLeavesTheComposition() throws {
    let (base, _, join, list, host) = Self.filterJoinedWithOther(["a", "h", "b"])
    try join.performBatchUpdates { () throws(TreeSourceError) in
      #expect(throws: TreeSourceError.self) {
        try base.performBatchUpdates { () throws(TreeSourceError) in
          try base.remove(at: [0])
          try base.insert("c", at: [1])
          try join.move(from: [0], to: [1])  // c after b: within the base
          try base.remove(at: [9])
        }
      }
      #expect(try join.numberOfChildren(of: nil) == 3)
      #expect(try join.element(at: [1]) == "b")
      try join.insert("z", at: [1])
    }
    #expect(base.elements == ["a", "h", "z", "b"])
    #expect((0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])) } == ["a", "z", "b", "o"])
    guard case .apply(let changes) = host.calls.last else {
      Issue.record("no update: \(host.calls)")
      return
    }
    #expect(changes.insertedRowRanges.map(\.rows) == [1..<2])
    #expect(changes.deletedRowRanges.isEmpty && changes.movedRowRanges.isEmpty)
    #expect(host.violations.isEmpty)
  }

  static func names(_ items: [Item]) -> [String] { items.map(\.name) }
}

extension BatchCompositionTests {
  @Test func anItemHiddenAndShownAgainInOneBatchStays() throws {
    let base = ArrayTreeSource(["a", "b", "c"], name: "base")
    let filter = FilteredTreeSource(base) { _ in .visible }
    let list = TreeList(source: filter)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try filter.performBatchUpdates { () throws(TreeSourceError) in
      filter.setPredicate { $0 == "b" ? .hidden : .visible }
      // Held until the batch ends: still there for reads and edits.
      #expect(try filter.element(at: [1]) == "b")
      filter.setPredicate { _ in .visible }
    }
    #expect(host.calls == [.reloadData])
    // Hidden for good: one removal when the batch ends.
    try base.performBatchUpdates { () throws(TreeSourceError) in
      filter.setPredicate { $0 == "b" ? .hidden : .visible }
      try base.append("d")
    }
    #expect(Self.rowsShown(list) == ["a", "c", "d"])
    guard case .apply(let changes) = host.calls.last else {
      Issue.record("no update: \(host.calls)")
      return
    }
    #expect(changes.deletedRowRanges.map(\.rows) == [1..<2])
    #expect(changes.insertedRowRanges.map(\.rows) == [2..<3])
    #expect(host.violations.isEmpty)
  }

  static func rowsShown<S>(_ list: TreeList<TreeSourceDataSource<S>>) -> [S.Element] {
    (0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])) }
  }
}
