import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// `setPredicate(_:change:)`: a narrowing or widening hint gives the same
/// rows as asking every element again, asks only the shown items when
/// narrowing, and a broken promise leaves the filter consistent.
@Suite("Filter predicates with a narrowing or widening hint")
struct NarrowingTests {
  /// A search-like predicate with monotone parameters: raising either
  /// narrows, lowering either widens.
  struct Query: Equatable {
    /// Tags at or above it match (`visible`).
    var threshold: Int
    /// Tags below it are excluded (`hidden`, with everything beneath).
    var hideBelow: Int

    func outcome(_ node: Node) -> TreeFilterOutcome {
      if node.tag < hideBelow || node.tag % 7 == 6 { return .hidden }
      return node.tag >= threshold ? .visible : .visibleIfDescendantIsVisible
    }

    /// Whether every element's outcome under `next` is at most (`narrowing`)
    /// or at least (`widening`) its outcome under `self`.
    func change(to next: Query) -> TreeFilterChange {
      if next.threshold >= threshold && next.hideBelow >= hideBelow { return .narrowing }
      if next.threshold <= threshold && next.hideBelow <= hideBelow { return .widening }
      return .unrelated
    }
  }

  /// An array source, filtered, shown by a list with a counting host.
  final class Session: FilteredArraySession {
    var g: SeededGenerator
    var nextID = 1
    let array: ArrayTreeSource<Node>
    let filter: FilteredTreeSource<ArrayTreeSource<Node>>
    var query: Query
    let state = ExpansionState()
    let list: TreeList<TreeSourceDataSource<FilteredTreeSource<ArrayTreeSource<Node>>>>
    let host: ListHostSimulator
    /// How many times the predicate was called.
    var asked = 0

    init(seed: UInt64) {
      g = SeededGenerator(seed: seed)
      var id = 1
      let forest = Self.randomForest(depth: 4, id: &id, using: &g)
      nextID = id
      array = ArrayTreeSource(forest, children: \.kids, name: "array")
      query = Query(threshold: Int.random(in: 0..<20, using: &g), hideBelow: Int.random(in: 0..<4, using: &g))
      let query = query
      filter = FilteredTreeSource(array) { query.outcome($0) }
      let state = state
      list = TreeList(source: filter) { _, node in state.expanded.contains(node.id) }
      host = ListHostSimulator(list: list)
      list.reloadData()
    }

    static func randomForest(depth: Int, id: inout Int, using g: inout SeededGenerator) -> [Node] {
      guard depth > 0 else { return [] }
      return (0..<Int.random(in: 0...4, using: &g)).map { _ in
        let me = id
        id += 1
        return Node(id: me, tag: Int.random(in: 0..<40, using: &g), kids: randomForest(depth: depth - 1, id: &id, using: &g))
      }
    }

    /// Sets `next` as the predicate with `change` as the hint.
    func setQuery(_ next: Query, change: TreeFilterChange) {
      query = next
      filter.setPredicate(
        { [unowned self] node in
          asked += 1
          return next.outcome(node)
        }, change: change)
    }

    /// A query the current one changes into: narrower, wider or unrelated.
    func randomQuery() -> Query {
      var next = query
      switch Int.random(in: 0..<3, using: &g) {
      case 0:
        next.threshold += Int.random(in: 0...6, using: &g)
        next.hideBelow += Int.random(in: 0...2, using: &g)
      case 1:
        next.threshold = max(0, next.threshold - Int.random(in: 0...6, using: &g))
        next.hideBelow = max(0, next.hideBelow - Int.random(in: 0...2, using: &g))
      default:
        next = Query(threshold: Int.random(in: 0..<40, using: &g), hideBelow: Int.random(in: 0..<6, using: &g))
      }
      return next
    }

    /// One random edit of the array, a batch of a few, or a user's
    /// expansion or collapse.
    func edit() throws {
      let paths = Naive.paths(array.elements)
      switch Int.random(in: 0..<100, using: &g) {
      case 0..<20:
        try insert()
      case 20..<35:
        guard let path = paths.randomElement(using: &g) else { return }
        try array.remove(at: path)
      case 35..<50:
        guard let from = paths.randomElement(using: &g), from.depth > 1 || array.elements.count > 1 else { return }
        try array.move(from: from, to: [0])
      case 50..<80:
        // The tag, so that an item the filter hid or showed changes its mind.
        guard let path = paths.randomElement(using: &g) else { return }
        let tag = Int.random(in: 0..<40, using: &g)
        try array.update(at: path) { $0.tag = tag }
      case 80..<90:
        try array.performBatchUpdates { () throws(TreeSourceError) in
          for _ in 0..<Int.random(in: 2...5, using: &g) {
            let paths = Naive.paths(array.elements)
            if let path = paths.randomElement(using: &g), Bool.random(using: &g) {
              let tag = Int.random(in: 0..<40, using: &g)
              if Bool.random(using: &g) { try array.remove(at: path) } else { try array.update(at: path) { $0.tag = tag } }
            } else {
              try insert()
            }
          }
        }
      default:
        try state.toggleRandomRow(of: list, id: \.id, using: &g)
      }
    }

    func insert() throws(TreeSourceError) {
      let paths = Naive.paths(array.elements)
      let parent = paths.isEmpty || Bool.random(using: &g) ? nil : paths.randomElement(using: &g)
      let count = try array.numberOfChildren(of: parent)
      var id = nextID + 1
      let node = Node(
        id: nextID, tag: Int.random(in: 0..<40, using: &g),
        kids: Self.randomForest(depth: Int.random(in: 0...2, using: &g), id: &id, using: &g))
      nextID = id + 1
      try array.insert(node, at: (parent ?? []).appending(Int.random(in: 0...count, using: &g)))
    }

    func modelOutcome(_ node: Node) -> TreeFilterOutcome { query.outcome(node) }
  }

  /// Random sessions of edits and new queries, each query set with the
  /// hint its relation to the last one allows: the same filtered tree and
  /// rows as the naive model, after every step.
  @Test(arguments: 0..<LongTests.choose(short: 24, long: 120))
  func hintedQueriesMatchTheModel(seed: Int) throws {
    let session = Session(seed: UInt64(seed) &* 0x5851_F42D &+ 11)
    try session.check("seed \(seed), start")
    for step in 0..<LongTests.choose(short: 150, long: 600) {
      if Int.random(in: 0..<3, using: &session.g) == 0 {
        let next = session.randomQuery()
        session.setQuery(next, change: session.query.change(to: next))
      } else {
        try session.edit()
      }
      try session.check("seed \(seed), step \(step)")
    }
  }

  /// A narrowing asks only the items shown with their ancestors; widening
  /// asks no item the old predicate found `visible`.
  @Test func narrowingAsksOnlyTheShownItems() throws {
    let session = Session(seed: 1)
    // Replace the forest: 20 folders of 100 leaves each, tags 0..<100.
    let forest = (0..<20).map { f in
      Node(id: 10_000 + f, tag: 1, kids: (0..<100).map { Node(id: f * 100 + $0, tag: $0 % 40 == 6 ? 5 : $0 % 40) })
    }
    try session.array.performBatchUpdates { () throws(TreeSourceError) in
      while !session.array.elements.isEmpty { try session.array.remove(at: [0]) }
      for node in forest { try session.array.append(node) }
    }
    session.setQuery(Query(threshold: 37, hideBelow: 0), change: .unrelated)
    #expect(session.asked == 20 * 101)
    try session.check("threshold 37")
    // Shown: 20 folders, each with its leaves tagged 37, 38 and 39 (6).
    let shown = try session.filteredTree().reduce(0) { $0 + 1 + $1.kids.count }
    #expect(shown == 20 * 7)
    session.asked = 0
    session.setQuery(Query(threshold: 39, hideBelow: 0), change: .narrowing)
    #expect(session.asked == shown)
    try session.check("threshold 39")
    // Widening back: the visible leaves are not asked again.
    let visible = try session.filteredTree().reduce(0) { $0 + $1.kids.count }
    session.asked = 0
    session.setQuery(Query(threshold: 37, hideBelow: 0), change: .widening)
    #expect(session.asked == 20 * 101 - visible)
    try session.check("threshold 37 again")
  }

  /// Hints chosen at random, often broken: the filter stays a consistent
  /// tree (its reads, the list and the host agree, with no violation), and
  /// the next unhinted predicate brings back exactly the model's rows.
  @Test(arguments: 0..<LongTests.choose(short: 12, long: 60))
  func brokenHintsNeverCorruptTheFilter(seed: Int) throws {
    let session = Session(seed: UInt64(seed) &* 0x2545_F491 &+ 3)
    let hints: [TreeFilterChange] = [.narrowing, .widening, .unrelated]
    for step in 0..<LongTests.choose(short: 120, long: 600) {
      let context = "seed \(seed), step \(step)"
      switch Int.random(in: 0..<6, using: &session.g) {
      case 0:
        let next = session.randomQuery()
        session.setQuery(next, change: hints.randomElement(using: &session.g)!)
      case 1:
        session.setQuery(session.query, change: .unrelated)
        try session.check(context)
      default:
        try session.edit()
      }
      // What the filter shows, read through it, is what the list shows.
      func rows(_ trees: [Naive.Tree]) -> [Int] {
        trees.flatMap { [$0.id] + (session.state.expanded.contains($0.id) ? rows($0.kids) : []) }
      }
      try #require(rows(try session.filteredTree()) == session.rows(), "\(context)")
      try #require(session.host.violations.isEmpty, "\(context): \(session.host.violations)")
      try #require((session.host.rows?.first ?? []).map { ($0 as! Node).id } == session.rows(), "\(context)")
    }
  }
}
