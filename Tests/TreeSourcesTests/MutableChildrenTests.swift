import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// `ArrayTreeSource.mutableChildren(of:)`: one parent's children edited as
/// an array, each edit published through the source like its own.
@Suite("Array sources: the mutable children view")
struct MutableChildrenTests {
  struct Person: Hashable {
    var name: String
    var pets: [Person] = []
  }

  static func people() -> [Person] {
    [
      Person(name: "Ann", pets: [Person(name: "Rex"), Person(name: "Tom")]),
      Person(name: "Bob"),
    ]
  }

  @Test func readsTheParentsCurrentChildren() throws {
    let source = ArrayTreeSource(Self.people(), children: \.pets, name: "people")
    let roots = try source.mutableChildren()
    let pets = try source.mutableChildren(of: [0])
    #expect(roots.map(\.name) == ["Ann", "Bob"])
    #expect(pets.map(\.name) == ["Rex", "Tom"])
    #expect(pets.count == 2)
    #expect(pets.parent == [0])
    #expect(roots.parent == nil)
    #expect(try source.mutableChildren(of: [1]).isEmpty)
    // Live: a direct edit of the source shows in the view.
    try source.append(Person(name: "Kit"), to: [0])
    #expect(pets.last?.name == "Kit")
    #expect(pets.indices == 0..<3)
  }

  @Test func eachEditIsPublishedAsOneChangeSet() throws {
    let source = ArrayTreeSource(Self.people(), children: \.pets, name: "people")
    let heard = ChangeRecorder(source)
    let pets = try source.mutableChildren(of: [0])

    try pets.append(Person(name: "Kit"))
    try pets.insert(Person(name: "Max"), at: 0)
    try pets.move(from: 3, to: 1)
    pets[2] = Person(name: "Rexy", pets: [Person(name: "ignored")])
    try pets.replace(at: 0, with: Person(name: "Maxi"))
    let removed = try pets.remove(at: 3)
    try pets.append(contentsOf: [Person(name: "Ivy"), Person(name: "Jo")])

    #expect(removed.name == "Tom")
    #expect(pets.map(\.name) == ["Maxi", "Kit", "Rexy", "Ivy", "Jo"])
    #expect(source.elements[0].pets[2] == Person(name: "Rexy"))  // a replaced child keeps its own children
    #expect(
      heard.changes == [
        TreeSourceChanges([.insert([0, 2])]),
        TreeSourceChanges([.insert([0, 0])]),
        TreeSourceChanges([.move(from: [0, 3], to: [0, 1])]),
        TreeSourceChanges([.update([0, 2])]),
        TreeSourceChanges([.update([0, 0])]),
        TreeSourceChanges([.remove([0, 3])]),
        TreeSourceChanges([.insert([0, 3]), .insert([0, 4])]),
      ])
  }

  @Test func editsInsideABatchArePublishedOnce() throws {
    let source = ArrayTreeSource(["Ann", "Bob", "Cy"], name: "friends")
    let heard = ChangeRecorder(source)
    let friends = try source.mutableChildren()
    try source.performBatchUpdates { () throws(TreeSourceError) in
      try friends.remove(at: 0)
      friends[0] = "Bobby"
      try source.append("Dee")
      try friends.move(from: 2, to: 0)
    }
    #expect(source.elements == ["Dee", "Bobby", "Cy"])
    #expect(heard.changes.count == 1)
  }

  @Test func aFailedBatchUndoesTheViewsEdits() throws {
    let source = ArrayTreeSource(["Ann", "Bob"], name: "friends")
    let heard = ChangeRecorder(source)
    let friends = try source.mutableChildren()
    #expect(throws: TreeSourceError.self) {
      try source.performBatchUpdates { () throws(TreeSourceError) in
        try friends.append("Cy")
        try friends.remove(at: 5)
      }
    }
    #expect(source.elements == ["Ann", "Bob"])
    #expect(heard.changes.isEmpty)
  }

  @Test func badIndicesThrowTheSourcesErrorAndChangeNothing() throws {
    let source = ArrayTreeSource(Self.people(), children: \.pets, name: "people")
    let heard = ChangeRecorder(source)
    let pets = try source.mutableChildren(of: [0])

    let insert = #expect(throws: TreeSourceError.self) { try pets.insert(Person(name: "X"), at: 3) }
    #expect(
      insert == TreeSourceError(source: "people", operation: .insert, path: [0, 3], reason: .indexOutOfRange(count: 2)))
    #expect(insert?.description == "people: cannot insert [0, 3]: an index is out of range; there are 2 items there")
    let remove = #expect(throws: TreeSourceError.self) { try pets.remove(at: -1) }
    #expect(
      remove == TreeSourceError(source: "people", operation: .remove, path: [0, -1], reason: .indexOutOfRange(count: 2)))
    let move = #expect(throws: TreeSourceError.self) { try pets.move(from: 0, to: 2) }
    #expect(
      move
        == TreeSourceError(
          source: "people", operation: .move, path: [0, 0], destination: [0, 2], reason: .indexOutOfRange(count: 1)))
    let replace = #expect(throws: TreeSourceError.self) { try pets.replace(at: 2, with: Person(name: "X")) }
    #expect(replace?.operation == .replace)
    #expect(replace?.path == [0, 2])

    #expect(source.elements == Self.people())
    #expect(heard.changes.isEmpty)
  }

  @Test func aParentThatNamesNoItemIsRefused() throws {
    let source = ArrayTreeSource(Self.people(), children: \.pets, name: "people")
    let missing = #expect(throws: TreeSourceError.self) { try source.mutableChildren(of: [2]) }
    #expect(
      missing
        == TreeSourceError(source: "people", operation: .numberOfChildren, path: [2], reason: .indexOutOfRange(count: 2)))
    let flat = ArrayTreeSource(["Ann"], name: "flat")
    let noChildren = #expect(throws: TreeSourceError.self) { try flat.mutableChildren(of: [0]) }
    #expect(noChildren == TreeSourceError(source: "flat", operation: .numberOfChildren, path: [0], reason: .noSuchItem))

    // A view whose parent is removed later is empty, and its edits throw.
    let pets = try source.mutableChildren(of: [1])
    try source.remove(at: [1])
    #expect(pets.isEmpty)
    let append = #expect(throws: TreeSourceError.self) { try pets.append(Person(name: "X")) }
    #expect(append?.reason == .indexOutOfRange(count: 1))
    #expect(source.elements.map(\.name) == ["Ann"])
  }

  @Test func theHostGetsOneBatchPerEditMovesAsMoves() throws {
    let header = ArrayTreeSource(["Row 1"], name: "header")
    let friends = ArrayTreeSource(["Ann", "Bob", "Cy"], name: "friends")
    let data = JoinedTreeSource([header.eraseToAnyTreeSource(), friends.eraseToAnyTreeSource()])
    let list = TreeList(source: data)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    let view = try friends.mutableChildren()

    try view.move(from: 2, to: 0)
    #expect(
      host.calls.last
        == .apply(TreeChanges(movedRowRanges: [.init(from: .init(section: 0, rows: 3..<4), to: .init(section: 0, rows: 1..<2))])))
    try view.append("Dee")
    #expect(host.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 4..<5)])))
    view[1] = "Annie"
    #expect(host.calls.last == .apply(TreeChanges(reloadedRowRanges: [.init(section: 0, rows: 2..<3)])))
    try view.remove(at: 2)
    #expect(host.calls.last == .apply(TreeChanges(deletedRowRanges: [.init(section: 0, rows: 3..<4)])))
    #expect(host.calls.count == 5)
    #expect(host.violations.isEmpty)
    #expect(host.rows == [["Row 1", "Cy", "Annie", "Dee"]])
  }

  /// The change sets a source publishes while the recorder lives.
  final class ChangeRecorder {
    private(set) var changes: [TreeSourceChanges] = []
    private var subscription: TreeSourceSubscription?

    init(_ source: some TreeSource) {
      subscription = source.subscribe { [unowned self] in changes.append($0) }
    }
  }

  // MARK: Random sessions

  /// Random edits through views and directly on two nested array sources,
  /// joined and filtered, against the naive model: after every step the
  /// list's rows and the host's replayed rows are the naive tree's, and the
  /// host got at most one valid batch.
  @Test(arguments: 0..<LongTests.choose(short: 16, long: 200))
  func randomSession(seed: Int) throws {
    var g = SeededGenerator(seed: UInt64(seed) &* 0x9E37_79B9 &+ 11)
    var nextID = 1
    func forest(depth: Int) -> [Node] {
      guard depth > 0 else { return [] }
      return (0..<Int.random(in: 0...3, using: &g)).map { _ in
        let id = nextID
        nextID += 1
        return Node(id: id, tag: Int.random(in: 0..<20, using: &g), kids: forest(depth: depth - 1))
      }
    }
    let a = ArrayTreeSource(forest(depth: 3), children: \.kids, name: "a")
    let b = ArrayTreeSource(forest(depth: 3), children: \.kids, name: "b")
    let join = JoinedTreeSource([a.eraseToAnyTreeSource(), b.eraseToAnyTreeSource()])
    var rule = Rule.random(using: &g)
    let initialRule = rule
    let filtered = FilteredTreeSource(join) { initialRule.outcome($0) }
    let ids = filtered.map(\.id)
    let state = ExpansionState()
    let list = TreeList(source: ids) { _, id in state.expanded.contains(id) }
    let host = ListHostSimulator(list: list)
    list.reloadData()

    func naiveRows() -> [Int] {
      Naive.rows(Naive.filter(a.elements + b.elements, rule), expanded: state.expanded).map(\.id)
    }
    func newNode() -> Node {
      defer { nextID += 1 }
      return Node(id: nextID, tag: Int.random(in: 0..<20, using: &g))
    }

    for step in 0..<LongTests.choose(short: 120, long: 1000) {
      let source = Bool.random(using: &g) ? a : b
      let parents: [TreePath?] = [nil] + Naive.paths(source.elements).map { $0 }
      let view = try source.mutableChildren(of: parents.randomElement(using: &g)!)
      let count = view.count
      let callsBefore = host.calls.count
      switch Int.random(in: 0..<100, using: &g) {
      case 0..<15:
        try view.insert(newNode(), at: Int.random(in: 0...count, using: &g))
      case 15..<25:
        try view.append(newNode())
      case 25..<38:
        guard count > 0 else { continue }
        try view.remove(at: Int.random(in: 0..<count, using: &g))
      case 38..<55:
        guard count > 0 else { continue }
        try view.move(from: Int.random(in: 0..<count, using: &g), to: Int.random(in: 0..<count, using: &g))
      case 55..<68:
        guard count > 0 else { continue }
        let i = Int.random(in: 0..<count, using: &g)
        var node = view[i]
        node.tag = Int.random(in: 0..<20, using: &g)
        view[i] = node
      case 68..<76:  // a bad index: an error, and nothing changes
        let before = source.elements
        #expect(throws: TreeSourceError.self) { try view.remove(at: count) }
        #expect(throws: TreeSourceError.self) { try view.insert(newNode(), at: count + 1) }
        #expect(source.elements == before)
      case 76..<84:  // direct edits of the source, mixed with the view's in one batch
        try join.performBatchUpdates { () throws(TreeSourceError) in
          try view.append(newNode())
          try view.append(contentsOf: [newNode(), newNode()])
          // Last: the removal may take the view's parent away.
          if let path = Naive.paths(source.elements).randomElement(using: &g) { try source.remove(at: path) }
        }
      case 84..<90:
        rule = Rule.random(using: &g)
        let newRule = rule
        filtered.setPredicate { newRule.outcome($0) }
      default:  // the user expands or collapses a row
        try state.toggleRandomRow(of: list, id: { $0 }, using: &g)
      }
      let expected = naiveRows()
      let shown = (0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])) }
      try #require(shown == expected, "seed \(seed), step \(step)")
      try #require(host.violations.isEmpty, "seed \(seed), step \(step): \(host.violations)")
      try #require(host.rows?.first?.map { $0 as! Int } ?? [] == expected, "seed \(seed), step \(step)")
      let newCalls = host.calls.dropFirst(callsBefore)
      try #require(!newCalls.contains(.reloadData) && newCalls.count <= 1, "seed \(seed), step \(step): \(newCalls)")
    }
  }
}
