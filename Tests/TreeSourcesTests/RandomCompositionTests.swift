import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Random compositions — arrays joined, filtered (inside and outside the
/// join) and mapped — under random edits, predicate changes and expansion,
/// against a naive model that rebuilds the composed tree from scratch.
@Suite("Random compositions against a naive model")
struct RandomCompositionTests {
  /// The composition: Filtered(Joined([Filtered(a), b, Mapped(c)])).map(\.id).
  final class Composition {
    var g: SeededGenerator
    var nextID = 1
    let a: ArrayTreeSource<Node>
    let b: ArrayTreeSource<Node>
    let c: ArrayTreeSource<Node>
    let inner: FilteredTreeSource<ArrayTreeSource<Node>>
    let join: JoinedTreeSource<Node>
    let outer: FilteredTreeSource<JoinedTreeSource<Node>>
    let ids: MappedTreeSource<FilteredTreeSource<JoinedTreeSource<Node>>, Int>
    var innerRule: Rule
    var outerRule: Rule
    let state = ExpansionState()
    let list: TreeList<TreeSourceDataSource<MappedTreeSource<FilteredTreeSource<JoinedTreeSource<Node>>, Int>>>
    let host: ListHostSimulator
    static let mappedOffset = 1_000_000

    init(seed: UInt64) {
      g = SeededGenerator(seed: seed)
      var forests: [[Node]] = []
      var id = 1
      for _ in 0..<3 {
        forests.append(Self.randomForest(depth: 3, id: &id, using: &g))
      }
      nextID = id
      a = ArrayTreeSource(forests[0], children: \.kids, name: "a")
      b = ArrayTreeSource(forests[1], children: \.kids, name: "b")
      c = ArrayTreeSource(forests[2], children: \.kids, name: "c")
      innerRule = Rule.random(using: &g)
      outerRule = Rule.random(using: &g)
      let innerRule = innerRule
      let outerRule = outerRule
      inner = FilteredTreeSource(a) { innerRule.outcome($0) }
      let mapped = c.map { Node(id: $0.id + Self.mappedOffset, tag: $0.tag, kids: []) }
      join = JoinedTreeSource([inner.eraseToAnyTreeSource(), b.eraseToAnyTreeSource(), mapped.eraseToAnyTreeSource()])
      outer = FilteredTreeSource(join) { outerRule.outcome($0) }
      ids = outer.map(\.id)
      let state = state
      list = TreeList(source: ids) { _, id in state.expanded.contains(id) }
      host = ListHostSimulator(list: list)
      list.reloadData()
    }

    static func randomForest(depth: Int, id: inout Int, using g: inout SeededGenerator) -> [Node] {
      guard depth > 0 else { return [] }
      return (0..<Int.random(in: 0...4, using: &g)).map { _ in
        defer { id += 1 }
        let me = id
        id += 1
        return Node(id: me, tag: Int.random(in: 0..<20, using: &g), kids: randomForest(depth: depth - 1, id: &id, using: &g))
      }
    }

    /// The composed tree, rebuilt from the arrays.
    func naiveTree() -> [Node] {
      func mapped(_ nodes: [Node]) -> [Node] {
        nodes.map { Node(id: $0.id + Self.mappedOffset, tag: $0.tag, kids: mapped($0.kids)) }
      }
      let joined = Naive.filter(a.elements, innerRule) + b.elements + mapped(c.elements)
      return Naive.filter(joined, outerRule)
    }

    func naiveRows() -> [(id: Int, parent: Int?)] { Naive.rows(naiveTree(), expanded: state.expanded) }

    /// One random step.
    func step() throws {
      let sources = [a, b, c]
      let source = sources[Int.random(in: 0..<3, using: &g)]
      let paths = Naive.paths(source.elements)
      switch Int.random(in: 0..<100, using: &g) {
      case 0..<25:  // insert
        let parent = paths.isEmpty || Bool.random(using: &g) ? nil : paths.randomElement(using: &g)
        let count = try source.numberOfChildren(of: parent)
        let path = (parent ?? []).appending(Int.random(in: 0...count, using: &g))
        var id = nextID + 1
        let node = Node(
          id: nextID, tag: Int.random(in: 0..<20, using: &g),
          kids: Self.randomForest(depth: Int.random(in: 0...2, using: &g), id: &id, using: &g))
        nextID = id + 1
        try source.insert(node, at: path)
      case 25..<40:  // remove
        guard let path = paths.randomElement(using: &g) else { return }
        try source.remove(at: path)
      case 40..<60:  // move within the source
        guard let from = paths.randomElement(using: &g) else { return }
        var after = source.elements
        func remove(_ nodes: inout [Node], _ path: ArraySlice<Int>) {
          if path.count == 1 { nodes.remove(at: path.first!) } else { remove(&nodes[path.first!].kids, path.dropFirst()) }
        }
        remove(&after, Array(from)[...])
        let candidates = Naive.paths(after)
        let parent = candidates.isEmpty || Bool.random(using: &g) ? nil : candidates.randomElement(using: &g)
        let count = parent.map { Naive.node(after, at: $0).kids.count } ?? after.count
        try source.move(from: from, to: (parent ?? []).appending(Int.random(in: 0...count, using: &g)))
      case 60..<75:  // replace: the tag, so the filters may change their minds
        guard let path = paths.randomElement(using: &g) else { return }
        let tag = Int.random(in: 0..<20, using: &g)
        try source.update(at: path) { $0.tag = tag }
      case 75..<83:  // a new predicate
        let rule = Rule.random(using: &g)
        if Bool.random(using: &g) {
          // Through the outer filter this is a batch of many steps, in which
          // a folder can lose its matches and regain others.
          innerRule = rule
          inner.setPredicate { rule.outcome($0) }
        } else {
          outerRule = rule
          outer.setPredicate { rule.outcome($0) }
        }
      case 83..<93:  // the user expands or collapses a row
        try state.toggleRandomRow(of: list, id: { $0 }, using: &g)
      default:  // a batch of a few edits through the join
        try join.performBatchUpdates { () throws(TreeSourceError) in
          for _ in 0..<Int.random(in: 2...4, using: &g) {
            let s = [a, b][Int.random(in: 0..<2, using: &g)]
            if let path = Naive.paths(s.elements).randomElement(using: &g), Bool.random(using: &g) {
              try s.remove(at: path)
            } else {
              try s.append(Node(id: nextID, tag: Int.random(in: 0..<20, using: &g)))
              nextID += 1
            }
          }
        }
      }
    }
  }

  @Test(arguments: 0..<LongTests.choose(short: 24, long: 400))
  func randomSession(seed: Int) throws {
    try runSession(seed: seed, steps: LongTests.choose(short: 150, long: 1500))
  }

  func runSession(seed: Int, steps: Int) throws {
    let composition = Composition(seed: UInt64(seed) &* 0x9E37_79B9 &+ 7)
    let list = composition.list
    let host = composition.host
    #expect(host.rows?.first?.map { $0 as! Int } ?? [] == composition.naiveRows().map(\.id))
    for stepNumber in 0..<steps {
      let rowsBefore = composition.naiveRows()
      let callsBefore = host.calls.count
      try composition.step()
      let expected = composition.naiveRows()
      let shown = (0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])) }
      try #require(shown == expected.map(\.id), "seed \(seed), step \(stepNumber)")
      try #require(host.violations.isEmpty, "seed \(seed), step \(stepNumber): \(host.violations)")
      try #require(host.rows?.first?.map { $0 as! Int } ?? [] == expected.map(\.id), "seed \(seed), step \(stepNumber)")
      let newCalls = host.calls.dropFirst(callsBefore)
      try #require(!newCalls.contains(.reloadData), "seed \(seed), step \(stepNumber)")
      // One update, and at most a second that only redraws moved rows.
      try #require(newCalls.count <= 2, "seed \(seed), step \(stepNumber): \(newCalls)")
      if newCalls.count == 2, case .apply(let redraw) = newCalls.last {
        try #require(redraw == TreeChanges(reloadedRowRanges: redraw.reloadedRowRanges), "seed \(seed), step \(stepNumber)")
      }
      guard case .apply(let changes)? = newCalls.first else { continue }
      // An element visible before and after is never deleted and inserted,
      // whatever the step (a batch of many steps included: the filters
      // decide a folder's visibility by the whole batch), unless it moved
      // into a folder that the move made visible.
      var deleted: Set<Int> = []
      for range in changes.deletedRowRanges { for r in range.rows { deleted.insert(rowsBefore[r].id) } }
      var inserted: Set<Int> = []
      for range in changes.insertedRowRanges { for r in range.rows { inserted.insert(expected[r].id) } }
      let before = Set(rowsBefore.map(\.id))
      let parents = Dictionary(expected.map { ($0.id, $0.parent) }, uniquingKeysWith: { a, _ in a })
      for id in deleted.intersection(inserted) {
        var ancestor = parents[id] ?? nil
        var newlyShownAncestor = false
        while let a = ancestor {
          if !before.contains(a) { newlyShownAncestor = true }
          ancestor = parents[a] ?? nil
        }
        try #require(newlyShownAncestor, "seed \(seed), step \(stepNumber): \(id) deleted and inserted by \(changes)")
      }
    }
  }
}
