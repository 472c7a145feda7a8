import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// A source's change of one list edit, replayed into the list without a
/// batch around it, against the same change replayed inside a batch (the
/// general path): two lists over the same random composition, one held to
/// the general path, must hand their hosts the same updates and end up with
/// the same index.
@Suite("One-edit replays against the general path")
struct OneEditReplayTests {
  final class Twins {
    var g: SeededGenerator
    var nextID = 1
    let a: ArrayTreeSource<Node>
    let b: ArrayTreeSource<Node>
    let join: JoinedTreeSource<Node>
    let filter: FilteredTreeSource<JoinedTreeSource<Node>>
    let expanded = ExpansionState()
    let fast: TreeList<TreeSourceDataSource<FilteredTreeSource<JoinedTreeSource<Node>>>>
    let general: TreeList<TreeSourceDataSource<FilteredTreeSource<JoinedTreeSource<Node>>>>
    let fastHost: ListHostSimulator
    let generalHost: ListHostSimulator

    /// - Parameter collapsed: Makes the fast list with
    ///   `TreeList(source:layout:)` (no `isExpanded`: the list reads no
    ///   element to learn an item starts collapsed) and the general one
    ///   with an `isExpanded` that says `false` of every item.
    init(seed: UInt64, collapsed: Bool = false) {
      g = SeededGenerator(seed: seed)
      var id = 1
      let first = RandomCompositionTests.Composition.randomForest(depth: 3, id: &id, using: &g)
      let second = RandomCompositionTests.Composition.randomForest(depth: 3, id: &id, using: &g)
      nextID = id
      a = ArrayTreeSource(first, children: \.kids, name: "a")
      b = ArrayTreeSource(second, children: \.kids, name: "b")
      join = JoinedTreeSource([a.eraseToAnyTreeSource(), b.eraseToAnyTreeSource()])
      let rule = Rule.random(using: &g)
      filter = FilteredTreeSource(join) { rule.outcome($0) }
      let expanded = expanded
      if collapsed {
        fast = TreeList(source: filter)
        general = TreeList(source: filter) { _, _ in false }
      } else {
        fast = TreeList(source: filter) { _, node in expanded.expanded.contains(node.id) }
        general = TreeList(source: filter) { _, node in expanded.expanded.contains(node.id) }
      }
      general._usesGeneralPathsOnly = true
      fastHost = ListHostSimulator(list: fast)
      generalHost = ListHostSimulator(list: general)
      fast.reloadData()
      general.reloadData()
    }

    func newNode() -> Node {
      var id = nextID + 1
      let node = Node(
        id: nextID, tag: Int.random(in: 0..<20, using: &g),
        kids: RandomCompositionTests.Composition.randomForest(depth: Int.random(in: 0...2, using: &g), id: &id, using: &g))
      nextID = id + 1
      if Bool.random(using: &g) { expanded.expanded.insert(node.id) }
      return node
    }

    /// One random edit of the data, or of both lists' expansion.
    func step() throws {
      let source = Bool.random(using: &g) ? a : b
      let paths = Naive.paths(source.elements)
      switch Int.random(in: 0..<100, using: &g) {
      case 0..<25:  // insert, often an append of a root element
        if Bool.random(using: &g) {
          try source.append(newNode())
        } else {
          let parent = paths.isEmpty || Bool.random(using: &g) ? nil : paths.randomElement(using: &g)
          let count = try source.numberOfChildren(of: parent)
          try source.insert(newNode(), at: (parent ?? []).appending(Int.random(in: 0...count, using: &g)))
        }
      case 25..<40:  // remove
        guard let path = paths.randomElement(using: &g) else { return }
        try source.remove(at: path)
      case 40..<50:  // move among root elements
        guard source.elements.count > 1 else { return }
        let count = source.elements.count
        try source.move(from: [Int.random(in: 0..<count, using: &g)], to: [Int.random(in: 0..<count, using: &g)])
      case 50..<75:  // replace: the tag, so the filter may change its mind
        guard let path = paths.randomElement(using: &g) else { return }
        let tag = Int.random(in: 0..<20, using: &g)
        try source.update(at: path) { $0.tag = tag }
      case 75..<85:  // both lists expand or collapse the same row
        guard fast.numberOfRows > 0 else { return }
        let path = try #require(fast.treePath(forRow: Int.random(in: 0..<fast.numberOfRows, using: &g)))
        if fast.isExpanded(path) {
          try fast.collapse(path)
          try general.collapse(path)
        } else {
          try fast.expand(path)
          try general.expand(path)
        }
      case 85..<92:  // a new predicate: one or many steps
        let rule = Rule.random(using: &g)
        filter.setPredicate { rule.outcome($0) }
      default:  // a batch of a few edits through the join
        try join.performBatchUpdates { () throws(TreeSourceError) in
          for _ in 0..<Int.random(in: 1...3, using: &g) {
            let s = Bool.random(using: &g) ? a : b
            if let path = Naive.paths(s.elements).randomElement(using: &g), Bool.random(using: &g) {
              try s.remove(at: path)
            } else {
              try s.append(newNode())
            }
          }
        }
      }
    }
  }

  @Test(arguments: 0..<LongTests.choose(short: 16, long: 200))
  func sameUpdatesAsInABatch(seed: Int) throws {
    try replay(Twins(seed: UInt64(seed) &* 0x9E37_79B9 &+ 101), seed: seed)
  }

  /// A list made without `isExpanded` against one whose `isExpanded` says
  /// `false` of every element, held to the general path.
  @Test(arguments: 0..<LongTests.choose(short: 8, long: 100))
  func withoutIsExpandedAsWithFalse(seed: Int) throws {
    try replay(Twins(seed: UInt64(seed) &* 0x9E37_79B9 &+ 7, collapsed: true), seed: seed)
  }

  func replay(_ twins: Twins, seed: Int) throws {
    for stepNumber in 0..<LongTests.choose(short: 150, long: 1000) {
      let label = Comment(rawValue: "seed \(seed), step \(stepNumber)")
      try twins.step()
      try #require(twins.fastHost.calls.last == twins.generalHost.calls.last, label)
      try #require(twins.fastHost.calls.count == twins.generalHost.calls.count, label)
      try #require(twins.fastHost.violations.isEmpty && twins.generalHost.violations.isEmpty, label)
      try #require(twins.fast.index == twins.general.index, label)
      try #require(!twins.fastHost.calls.dropFirst().contains(.reloadData), label)
    }
  }
}
