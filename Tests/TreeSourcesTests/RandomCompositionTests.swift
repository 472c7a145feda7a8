import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Random compositions — arrays joined, filtered (inside and outside the
/// join) and mapped — under random edits, predicate changes, expansion and
/// batches (opened at any level, nested, some failing, with moves across
/// the join's sources and predicate changes inside), against a naive model
/// that rebuilds the composed tree from scratch: after every step the
/// list, the host and the replayed change sets show the model's tree, and
/// after every edit inside a batch every read does.
@Suite("Random compositions against a naive model")
struct RandomCompositionTests {
  /// The composition: Filtered(Joined([Filtered(a), b, Mapped(c)])).map(\.id).
  final class Composition {
    var g: SeededGenerator
    var nextID = 1
    /// What the step did, for the failure messages.
    var log: [String] = []
    /// The outer filter's tree as its published changes build it, every
    /// item expanded: each insertion read from the source where it stands
    /// once the change has applied.
    var replayed: [Naive.Tree] = []

    func replay(_ changes: TreeSourceChanges) {
      func edit(_ trees: inout [Naive.Tree], _ path: ArraySlice<Int>, _ body: (inout [Naive.Tree], Int) -> Void) {
        if path.count == 1 { body(&trees, path.first!) } else { edit(&trees[path.first!].kids, path.dropFirst(), body) }
      }
      func node(_ path: TreePath) -> Naive.Tree {
        Naive.Tree(id: (try? ids.element(at: path)) ?? -1, kids: (try? readTree(ids, path)) ?? [])
      }
      for (i, step) in changes.steps.enumerated() {
        switch step {
        case .insert(let p):
          let final = changes.finalPath(of: p, afterStep: i)
          let n = final.map(node) ?? Naive.Tree(id: -2, kids: [])
          edit(&replayed, Array(p)[...]) { $0.insert(n, at: $1) }
        case .remove(let p):
          edit(&replayed, Array(p)[...]) { $0.remove(at: $1) }
        case .move(let a, let b):
          var moved: Naive.Tree?
          edit(&replayed, Array(a)[...]) { moved = $0.remove(at: $1) }
          edit(&replayed, Array(b)[...]) { $0.insert(moved!, at: $1) }
        case .update:
          break
        }
      }
    }
    /// Replays what the outer filter publishes into ``replayed``.
    var heardSubscription: TreeSourceSubscription?
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
      replayed = (try? readTree(ids)) ?? []
      heardSubscription = outer.subscribe { [unowned self] changes in
        self.replay(changes)
      }
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
    func naiveTree() -> [Node] { naiveTrees(holding: nil).outer }

    /// The inner filter's tree and the composed tree; with `held`, the ids
    /// each filter has shown since the outermost batch opened stay shown
    /// (a filter hides what it hides in a batch when the batch ends).
    func naiveTrees(holding held: (inner: Set<Int>, outer: Set<Int>)?) -> (inner: [Node], outer: [Node]) {
      func mapped(_ nodes: [Node]) -> [Node] {
        nodes.map { Node(id: $0.id + Self.mappedOffset, tag: $0.tag, kids: mapped($0.kids)) }
      }
      let innerRule = innerRule
      let outerRule = outerRule
      let inner = Naive.filter(a.elements) { held?.inner.contains($0.id) == true ? .visible : innerRule.outcome($0) }
      let joined = inner + b.elements + mapped(c.elements)
      return (inner, Naive.filter(joined) { held?.outer.contains($0.id) == true ? .visible : outerRule.outcome($0) })
    }

    /// The items that a move in the step's batch took out of view.
    var leftByMove: Set<Int> = []
    /// The items the step's batch moved.
    var movedInStep: Set<Int> = []

    /// The ids each filter has shown since the outermost batch opened.
    var shownInBatch: (inner: Set<Int>, outer: Set<Int>)?

    /// The numbers of children beneath the item at `path`, depth first.
    static func shape<S: TreeSource>(_ source: S, at path: TreePath) -> [Int] {
      let count = (try? source.numberOfChildren(of: path)) ?? -1
      return [count] + (0..<max(count, 0)).flatMap { shape(source, at: path.appending($0)) }
    }

    static func ids(_ nodes: [Node]) -> Set<Int> {
      var ids: Set<Int> = []
      func collect(_ nodes: [Node]) {
        for n in nodes {
          ids.insert(n.id)
          collect(n.kids)
        }
      }
      collect(nodes)
      return ids
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
      case 75..<83:  // a new predicate: through the outer filter, a batch of many steps
        setRandomPredicate()
      case 83..<93:  // the user expands or collapses a row
        try state.toggleRandomRow(of: list, id: { $0 }, using: &g)
      default:  // a batch, opened at a random level, of random edits at every level
        try randomBatch(depth: 0)
      }
    }

    /// A new random predicate for the inner or the outer filter (in which a
    /// folder can lose its matches and regain others).
    func setRandomPredicate() {
      let rule = Rule.random(using: &g)
      if Bool.random(using: &g) {
        innerRule = rule
        inner.setPredicate { rule.outcome($0) }
      } else {
        outerRule = rule
        outer.setPredicate { rule.outcome($0) }
      }
    }

    /// The tree of ids a source answers now.
    func readTree<S: TreeSource>(_ source: S, _ parent: TreePath? = nil) throws(TreeSourceError) -> [Naive.Tree]
    where S.Element == Int {
      var trees: [Naive.Tree] = []
      for i in 0..<(try source.numberOfChildren(of: parent)) {
        let path = (parent ?? []).appending(i)
        trees.append(Naive.Tree(id: try source.element(at: path), kids: try readTree(source, path)))
      }
      return trees
    }

    /// A batch opened on a random source of the composition, holding edits
    /// through every level (moves across the join's sources, predicates,
    /// nested batches); after each edit every read sees the tree the edits
    /// so far left.
    func randomBatch(depth: Int) throws(TreeSourceError) {
      let opener = Int.random(in: 0..<5, using: &g)
      log.append("open\(opener)")
      defer { log.append("close\(opener)") }
      if depth == 0 {
        let trees = naiveTrees(holding: nil)
        shownInBatch = (Self.ids(trees.inner), Self.ids(trees.outer))
      }
      defer { if depth == 0 { shownInBatch = nil } }
      let body = { () throws(TreeSourceError) in
        for _ in 0..<Int.random(in: 1...5, using: &self.g) {
          try self.randomBatchEdit(depth: depth)
          let trees = self.naiveTrees(holding: self.shownInBatch)
          self.shownInBatch!.inner.formUnion(Self.ids(trees.inner))
          self.shownInBatch!.outer.formUnion(Self.ids(trees.outer))
          let read = try self.readTree(self.ids)
          let model = Naive.tree(trees.outer)
          #expect(read == model, "a read in the middle of a batch: \(self.log)")
        }
      }
      switch opener {
      case 0: try a.performBatchUpdates(body)
      case 1: try inner.performBatchUpdates(body)
      case 2: try join.performBatchUpdates(body)
      case 3: try outer.performBatchUpdates(body)
      default: try ids.performBatchUpdates(body)
      }
    }

    /// One edit inside a batch.
    func randomBatchEdit(depth: Int) throws(TreeSourceError) {
      let shown = Naive.paths(naiveTree())
      let r = Int.random(in: 0..<100, using: &g)
      log.append("\(r)")
      switch r {
      case 0..<20:  // an edit of an array
        let s = [a, b, c][Int.random(in: 0..<3, using: &g)]
        if let path = Naive.paths(s.elements).randomElement(using: &g), Bool.random(using: &g) {
          if Bool.random(using: &g) {
            log.append("remove \(Naive.node(s.elements, at: path).id)")
            try s.remove(at: path)
          } else {
            let tag = Int.random(in: 0..<20, using: &g)
            log.append("update \(Naive.node(s.elements, at: path).id) to \(tag)")
            try s.update(at: path) { $0.tag = tag }
          }
        } else {
          try s.insert(Node(id: nextID, tag: Int.random(in: 0..<20, using: &g)), at: [0])
          nextID += 1
        }
      case 20..<45:  // a move of a root item through the outer filter: across the join's sources, or within one
        let roots = naiveTree().count
        guard roots > 1 else { return }
        let from = TreePath([Int.random(in: 0..<roots, using: &g)])
        let to = TreePath([Int.random(in: 0..<roots, using: &g)])
        // The destination may be refused (hidden by the filter, another
        // source's level): then nothing changes, and the batch goes on.
        let joinPath = outer.basePath(forFilteredPath: from)
        let shapeBefore = joinPath.map { Self.shape(join, at: $0) }
        let moved = joinPath.flatMap { try? join.element(at: $0) }
        let wasInA = moved.map { Self.ids(a.elements).contains($0.id) } ?? false
        do {
          try outer.move(from: from, to: to)
        } catch {
          return
        }
        log.append("moved \(moved?.id ?? -1) \(from) -> \(to)")
        if let moved { movedInStep.insert(moved.id) }
        // Moved to where a filter does not show it (into the inner
        // filter's source, hidden there): it leaves the view, and comes
        // back as a new row if a later edit of the batch shows it.
        if let moved, !Self.ids(naiveTrees(holding: shownInBatch).outer).contains(moved.id) {
          // The outer filter let it go: it holds nothing of it any more.
          leftByMove.formUnion(Self.ids([moved]))
          shownInBatch?.outer.subtract(Self.ids([moved]))
        }
        // Into or out of the inner filter's source: the inner filter takes
        // it as a new item, holding nothing of it.
        if let moved, wasInA != Self.ids(a.elements).contains(moved.id) {
          shownInBatch?.inner.subtract(Self.ids([moved]))
        }
        // A move that changes what shows beneath the item (into or out of
        // the inner filter) replaces its subitems: they hold nothing.
        if let moved, let after = outer.basePath(forFilteredPath: to), Self.shape(join, at: after) != shapeBefore {
          let beneath = Self.ids(moved.kids).union(Self.ids(moved.kids).map { $0 + Self.mappedOffset })
          shownInBatch?.inner.subtract(beneath)
          shownInBatch?.outer.subtract(beneath)
        }
      case 45..<60:  // an insertion or removal through the outer filter
        if let path = shown.randomElement(using: &g), Bool.random(using: &g) {
          // Refused beneath the mapped source, which cannot be edited.
          do {
            let removed = try outer.remove(at: path)
            log.append("outer removed \(removed.id)")
          } catch {}
        } else {
          do {
            try outer.insert(Node(id: nextID, tag: Int.random(in: 0..<20, using: &g)), at: [0])
          } catch {}
          nextID += 1
        }
      case 60..<70:  // an edit through the inner filter
        let path = Naive.paths(Naive.filter(a.elements, innerRule)).randomElement(using: &g)
        // The model's path may name no item of the filter, which holds
        // what it hides until the batch ends: then nothing changes.
        if let path { _ = try? inner.remove(at: path) }
      case 70..<85:  // a new predicate in the middle of the batch
        setRandomPredicate()
      case 85..<93 where depth < 2:  // a nested batch
        try randomBatch(depth: depth + 1)
      default:  // a nested batch that fails: undone, and nothing published
        guard depth < 2, let path = Naive.paths(b.elements).randomElement(using: &g) else { return }
        let saved = (a.elements, b.elements, c.elements)
        let shownBefore = shownInBatch
        do {
          try join.performBatchUpdates { () throws(TreeSourceError) in
            try b.remove(at: path)
            try a.insert(Node(id: nextID, tag: 1), at: [0])
            try b.remove(at: [b.elements.count + 5])
          }
        } catch {}
        #expect(a.elements == saved.0 && b.elements == saved.1 && c.elements == saved.2)
        // The filters are restored as they were, holds included.
        shownInBatch = shownBefore
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
      composition.log = []
      composition.leftByMove = []
      composition.movedInStep = []
      do {
        try composition.step()
      } catch {
        Issue.record("seed \(seed), step \(stepNumber): \(error) after \(composition.log)")
        return
      }
      let expected = composition.naiveRows()
      let published = try composition.readTree(composition.ids)
      // The published changes, replayed on a tree with every item
      // expanded, build the source's tree.
      try #require(composition.replayed == published, "seed \(seed), step \(stepNumber): \(composition.log)")
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
      // The items moved (their own rows; and those moved across the join's
      // sources to where they stand, which is no move of rows).
      var moved = composition.movedInStep
      for move in changes.movedRowRanges { for r in move.from.rows { moved.insert(rowsBefore[r].id) } }
      for id in deleted.intersection(inserted) where !composition.leftByMove.contains(id) {
        var ancestor = parents[id] ?? nil
        var newlyShownAncestor = false
        while let a = ancestor {
          // A folder that the step showed, or an item moved across the
          // join's sources into or out of the inner filter (its subitems
          // are replaced).
          if !before.contains(a) || moved.contains(a) { newlyShownAncestor = true }
          ancestor = parents[a] ?? nil
        }
        try #require(
          newlyShownAncestor, "seed \(seed), step \(stepNumber): \(id) deleted and inserted by \(changes) \(composition.log)")
      }
    }
  }
}
