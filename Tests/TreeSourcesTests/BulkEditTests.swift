import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Edits in bulk: many elements inserted at once, and a refilter that hides
/// many, through a join and a filter into a list. Each is one change set
/// that the host takes as one valid update, and its cost grows linearly
/// (checked by the ratio of two sizes in one run, not by a time).
@Suite struct BulkEditTests {
  typealias Composition = (
    elements: ArrayTreeSource<Int>, filter: FilteredTreeSource<JoinedTreeSource<Int>>,
    list: TreeList<TreeSourceDataSource<FilteredTreeSource<JoinedTreeSource<Int>>>>, host: ListHostSimulator
  )

  static func hidingTwos(_ element: Int) -> TreeFilterOutcome { element >= 0 && element % 3 == 2 ? .hidden : .visible }

  /// `0 ..< count` behind a header of two elements (a join) and a filter
  /// that hides the elements ≡ 2 (mod 3), shown by a loaded list.
  static func composition(_ count: Int) -> Composition {
    let elements = ArrayTreeSource(Array(0..<count), name: "elements")
    let header = ArrayTreeSource([-2, -1], name: "header")
    let join = JoinedTreeSource([header.eraseToAnyTreeSource(), elements.eraseToAnyTreeSource()])
    let filter = FilteredTreeSource(join, predicate: Self.hidingTwos)
    let list = TreeList(source: filter)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    return (elements, filter, list, host)
  }

  static func rows(_ c: Composition) -> [Int] {
    (0..<c.list.numberOfRows).map { c.list.item(at: IndexPath(indexes: [0, $0])) }
  }

  static func expectValid(_ c: Composition, _ expected: [Int], sourceLocation: SourceLocation = #_sourceLocation) {
    #expect(rows(c) == expected, sourceLocation: sourceLocation)
    #expect(c.host.violations.isEmpty, sourceLocation: sourceLocation)
    #expect(c.host.mismatchedRows().isEmpty, sourceLocation: sourceLocation)
  }

  @Test func insertingContentsIsOneChangeSetOfItsInsertions() throws {
    let source = ArrayTreeSource([1, 2, 3], name: "numbers")
    let heard = MutableChildrenTests.ChangeRecorder(source)
    try source.insert(contentsOf: [7, 8, 9], at: [1])
    try source.append(contentsOf: [4, 5])
    try source.append(contentsOf: [Int]())
    #expect(source.elements == [1, 7, 8, 9, 2, 3, 4, 5])
    #expect(
      heard.changes == [
        TreeSourceChanges([.insert([1]), .insert([2]), .insert([3])]),
        TreeSourceChanges([.insert([6]), .insert([7])]),
      ])
  }

  @Test func insertingContentsBeneathAnItemAndThroughTheChildrenView() throws {
    struct Folder: Equatable {
      var name: String
      var items: [Folder] = []
    }
    let source = ArrayTreeSource([Folder(name: "a"), Folder(name: "b")], children: \.items, name: "folders")
    let heard = MutableChildrenTests.ChangeRecorder(source)
    try source.append(contentsOf: [Folder(name: "x"), Folder(name: "y")], to: [1])
    try source.mutableChildren(of: [1]).insert(contentsOf: [Folder(name: "w")], at: 0)
    #expect(source.elements[1].items.map(\.name) == ["w", "x", "y"])
    #expect(
      heard.changes == [
        TreeSourceChanges([.insert([1, 0]), .insert([1, 1])]),
        TreeSourceChanges([.insert([1, 0])]),
      ])
  }

  @Test func badPathsThrowAndChangeNothing() throws {
    let source = ArrayTreeSource([1, 2, 3], name: "numbers")
    let heard = MutableChildrenTests.ChangeRecorder(source)
    #expect(throws: TreeSourceError.self) { try source.insert(contentsOf: [9], at: [4]) }
    #expect(throws: TreeSourceError.self) { try source.insert(contentsOf: [9], at: [-1]) }
    #expect(throws: TreeSourceError.self) { try source.insert(contentsOf: [9], at: []) }
    #expect(throws: TreeSourceError.self) { try source.append(contentsOf: [9], to: [0]) }  // flat
    #expect(throws: TreeSourceError.self) { try source.mutableChildren().insert(contentsOf: [9], at: 5) }
    #expect(source.elements == [1, 2, 3])
    #expect(heard.changes.isEmpty)
  }

  @Test(arguments: [false, true])
  func aBulkInsertionReachesTheListAsOneValidUpdate(insideABatch: Bool) throws {
    let c = Self.composition(30)
    let calls = c.host.calls.count
    let new = Array(100..<140)
    if insideABatch {
      try c.elements.performBatchUpdates { () throws(TreeSourceError) in
        try c.elements.remove(at: [0])
        try c.elements.insert(contentsOf: new, at: [10])
      }
    } else {
      try c.elements.insert(contentsOf: new, at: [10])
    }
    var all = Array(0..<30)
    if insideABatch { all.removeFirst() }
    all.insert(contentsOf: new, at: 10)
    Self.expectValid(c, ([-2, -1] + all).filter { Self.hidingTwos($0) == .visible })
    #expect(c.host.calls.count == calls + 1)
  }

  @Test func aNarrowingRefilterHidesManyAsOneValidUpdate() throws {
    let c = Self.composition(300)
    let calls = c.host.calls.count
    let narrower: (Int) -> TreeFilterOutcome = { $0 >= 0 && ($0 % 3 == 2 || $0 % 2 == 0) ? .hidden : .visible }
    c.filter.setPredicate(narrower, change: .narrowing)
    Self.expectValid(c, ([-2, -1] + Array(0..<300)).filter { narrower($0) == .visible })
    #expect(c.host.calls.count == calls + 1)
    c.filter.setPredicate(Self.hidingTwos, change: .widening)
    Self.expectValid(c, ([-2, -1] + Array(0..<300)).filter { Self.hidingTwos($0) == .visible })
  }

  /// Eight times the elements take about eight times as long; the
  /// quadratic terms these edits had (normal form tracking every inserted
  /// item, each later step walked for every earlier one, each nested edit
  /// copying the batch's record) took 64 times.
  @Test(.enabled(if: !LongTests.checksInvariants, "the internal checks make each edit O(known items)"))
  func bulkInsertionsAndRefiltersGrowLinearly() throws {
    let insertion = try Growth.ratio(size: 2_000, factor: 8) { k in
      let c = Self.composition(1_000)
      try c.elements.append(contentsOf: Array(1_000..<(1_000 + k)))
    }
    #expect(insertion < 32, "eight times the elements took \(insertion) times as long")
    let inBatch = try Growth.ratio(size: 2_000, factor: 8) { k in
      let c = Self.composition(1_000)
      try c.elements.performBatchUpdates { () throws(TreeSourceError) in
        for element in 1_000..<(1_000 + k) { try c.elements.append(element) }
      }
    }
    #expect(inBatch < 32, "eight times the appends in a batch took \(inBatch) times as long")
    let refilter = Growth.ratio(size: 4_000, factor: 8) { n in
      let c = Self.composition(n)
      c.filter.setPredicate({ $0 >= 0 && ($0 % 3 == 2 || $0 % 2 == 0) ? .hidden : .visible }, change: .narrowing)
    }
    #expect(refilter < 32, "eight times the elements took \(refilter) times as long to narrow")
  }
}
