import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// `reevaluateItems(at:)` and `setPredicate(_:reevaluatingItemsAt:)`: asking
/// the predicate again about named items gives the rows a filter built from
/// scratch gives, asks those items alone, publishes nothing when no
/// visibility changes, and refuses a bad path without changing anything.
@Suite("Asking a filter's predicate again about named items")
struct ReevaluationTests {
  /// What the predicate reads beside the element: an outcome per id, set by
  /// the test, over a rule by tag.
  final class Marks {
    var outcome: [Int: TreeFilterOutcome] = [:]

    func outcome(of node: Node) -> TreeFilterOutcome {
      if let marked = outcome[node.id] { return marked }
      if node.tag % 7 == 6 { return .hidden }
      return node.tag >= 20 ? .visible : .visibleIfDescendantIsVisible
    }
  }

  /// An array source, filtered by a predicate that reads `marks`, shown by
  /// a list with a simulated host.
  final class Session: FilteredArraySession {
    var g: SeededGenerator
    let marks = Marks()
    let array: ArrayTreeSource<Node>
    let filter: FilteredTreeSource<ArrayTreeSource<Node>>
    let state = ExpansionState()
    let list: TreeList<TreeSourceDataSource<FilteredTreeSource<ArrayTreeSource<Node>>>>
    let host: ListHostSimulator
    /// How many times the predicate was called.
    var asked = 0
    /// The change sets the filter published.
    var published: [TreeSourceChanges] = []
    var subscription: TreeSourceSubscription?

    init(seed: UInt64, forest: [Node]? = nil) {
      g = SeededGenerator(seed: seed)
      var id = 1
      array = ArrayTreeSource(
        forest ?? NarrowingTests.Session.randomForest(depth: 4, id: &id, using: &g), children: \.kids, name: "array")
      let marks = marks
      filter = FilteredTreeSource(array) { marks.outcome(of: $0) }
      let state = state
      list = TreeList(source: filter) { _, node in state.expanded.contains(node.id) }
      host = ListHostSimulator(list: list)
      list.reloadData()
      filter.setPredicate { [unowned self] node in
        asked += 1
        return marks.outcome(of: node)
      }
      subscription = filter.subscribe { [unowned self] in published.append($0) }
    }

    func modelOutcome(_ node: Node) -> TreeFilterOutcome { marks.outcome(of: node) }
  }

  /// The number of items of `trees` that `others` lacks whose parent
  /// `others` has (or that are roots).
  static func topmost(in trees: [Naive.Tree], notIn others: [Naive.Tree]) -> Int {
    func ids(_ trees: [Naive.Tree]) -> Set<Int> { Set(trees.flatMap { [$0.id] + ids($0.kids) }) }
    let kept = ids(others)
    func count(_ trees: [Naive.Tree]) -> Int {
      trees.reduce(0) { $0 + (kept.contains($1.id) ? count($1.kids) : 1) }
    }
    return count(trees)
  }

  static let outcomes: [TreeFilterOutcome] = [.visible, .hidden, .visibleIfDescendantIsVisible]

  /// Random sessions: a few items get new outcomes and are named, through
  /// either method; the array is edited and rows toggled in between. After
  /// every step the filter and the list match a filter of the model built
  /// from scratch, each named item was asked once, and a step that changes
  /// no visibility publishes nothing.
  @Test(arguments: 0..<LongTests.choose(short: 24, long: 120))
  func reevaluationMatchesTheModel(seed: Int) throws {
    let session = Session(seed: UInt64(seed) &* 0x9E37_79B9 &+ 5)
    try session.check("seed \(seed), start")
    for step in 0..<LongTests.choose(short: 150, long: 600) {
      let context = "seed \(seed), step \(step)"
      let paths = Naive.paths(session.array.elements)
      switch Int.random(in: 0..<10, using: &session.g) {
      case 0..<6:
        guard !paths.isEmpty else { continue }
        let named = (0..<Int.random(in: 1...4, using: &session.g)).map { _ in paths.randomElement(using: &session.g)! }
        for path in named {
          session.marks.outcome[Naive.node(session.array.elements, at: path).id] =
            Self.outcomes.randomElement(using: &session.g)!
        }
        let before = Naive.tree(Naive.filter(session.array.elements, session.marks.outcome(of:)))
        let shownBefore = try session.filteredTree()
        session.asked = 0
        session.published = []
        session.host.removeRecordedCalls()
        if Bool.random(using: &session.g) {
          try session.filter.reevaluateItems(at: named)
        } else {
          let marks = session.marks
          try session.filter.setPredicate(
            { [unowned session] node in
              session.asked += 1
              return marks.outcome(of: node)
            }, reevaluatingItemsAt: named)
        }
        // Each item once, however many times it is named.
        #expect(session.asked == Set(named).count, "\(context): asked \(session.asked) times for \(named) ")
        if shownBefore == before {
          // Nothing it showed changes: no step, no host update.
          #expect(session.published.isEmpty, "\(context): published \(session.published)")
          #expect(session.host.calls.isEmpty, "\(context): the host got \(session.host.calls)")
        } else {
          // One change set, of the fewest steps: one removal per topmost
          // item that went, one insertion per topmost item that came.
          let after = try session.filteredTree()
          let expected = Self.topmost(in: shownBefore, notIn: after) + Self.topmost(in: after, notIn: shownBefore)
          #expect(session.published.count == 1, "\(context): \(session.published.count) change sets")
          #expect(session.published.first?.steps.count == expected, "\(context): \(session.published)")
        }
      case 7:
        // Two rounds in one batch of the filter: published once, at its end.
        guard !paths.isEmpty else { continue }
        session.published = []
        try session.filter.performBatchUpdates { () throws(TreeSourceError) in
          for _ in 0..<2 {
            let named = (0..<Int.random(in: 1...3, using: &session.g)).map { _ in paths.randomElement(using: &session.g)! }
            for path in named {
              session.marks.outcome[Naive.node(session.array.elements, at: path).id] =
                Self.outcomes.randomElement(using: &session.g)!
            }
            try session.filter.reevaluateItems(at: named)
          }
        }
        #expect(session.published.count <= 1, "\(context): \(session.published.count) change sets")
      case 8:
        guard let path = paths.randomElement(using: &session.g) else { continue }
        if Bool.random(using: &session.g) {
          let tag = Int.random(in: 0..<40, using: &session.g)
          try session.array.update(at: path) { $0.tag = tag }
        } else {
          try session.array.remove(at: path)
        }
      default:
        try session.state.toggleRandomRow(of: session.list, id: \.id, using: &session.g)
      }
      try session.check(context)
    }
  }

  /// A folder that loses its only match while another child starts to
  /// match, in one call, stays: the host loses one row and gains another,
  /// and the folder's row is neither deleted nor inserted.
  @Test func aFolderShownBeforeAndAfterStays() throws {
    let forest = [Node(id: 1, tag: 0, kids: [Node(id: 2, tag: 30), Node(id: 3, tag: 6)])]
    let session = Session(seed: 1, forest: forest)
    session.state.expanded = [1]
    session.list.reloadData()
    try session.check("start")
    #expect(session.rows() == [1, 2])
    session.host.removeRecordedCalls()
    session.marks.outcome = [2: .hidden, 3: .visible]
    try session.filter.reevaluateItems(at: [[0, 0], [0, 1]])
    try session.check("swapped")
    #expect(session.rows() == [1, 3])
    guard case .apply(let changes) = try #require(session.host.calls.first) else {
      Issue.record("no update: \(session.host.calls)")
      return
    }
    #expect(session.host.calls.count == 1)
    #expect(changes.deletedRows == [IndexPath(indexes: [0, 1])])
    #expect(changes.insertedRows == [IndexPath(indexes: [0, 1])])
  }

  /// A path that names no item of the base, or an empty one, throws with
  /// the operation and the path, and nothing changes: no step is
  /// published, and the predicate stays the one set before.
  @Test func aBadPathChangesNothing() throws {
    let forest = [Node(id: 1, tag: 30), Node(id: 2, tag: 30)]
    let session = Session(seed: 2, forest: forest)
    session.published = []
    for bad: TreePath in [[2], [0, 0], [-1], []] {
      #expect(throws: TreeSourceError.self) { try session.filter.reevaluateItems(at: [[0], bad]) }
      do {
        try session.filter.setPredicate({ _ in .hidden }, reevaluatingItemsAt: [[0], [1], bad])
        Issue.record("\(bad) accepted")
      } catch {
        #expect(error.operation == .reevaluate)
        #expect(error.path == bad)
        #expect(error.reason == (bad.isEmpty ? .emptyPath : .noSuchItem))
      }
    }
    #expect(session.published.isEmpty)
    try session.check("after the refusals")
    #expect(session.rows() == [1, 2])
    // The predicate is still the one that reads the marks.
    session.marks.outcome = [1: .hidden]
    try session.filter.reevaluateItems(at: [[0]])
    #expect(session.rows() == [2])
    try session.check("item 1 hidden")
  }
}
