import Testing
import _SummaryTree

@Suite("SummaryForest journals, past views and ranks")
struct SummaryForestJournalTests {
  /// Random edits of two trees: split and join back in another order,
  /// insertions, removals, weight changes.
  func edit(_ forest: inout Forest, _ trees: inout [Forest.NodeID], _ numbers: inout Numbers, steps: Int) {
    for _ in 0..<steps {
      let i = numbers.next(trees.count)
      switch numbers.next(4) {
      case 0:
        let n = forest.total(trees[i]).pieces
        let (a, b) = forest.split(trees[i], at: numbers.next(n + 1), by: Pieces.self)
        trees[i] = forest.merge(b, a)
      case 1:
        let n = forest.total(trees[i]).pieces
        let (a, b) = forest.split(trees[i], at: numbers.next(n + 1), by: Pieces.self)
        let k = forest.allocate(Piece(length: numbers.next(3), weight: numbers.next(50)))
        trees[i] = forest.join(a, k, b)
      case 2:
        guard trees[i] >= 0 else { continue }
        let (first, rest) = forest.removeFirst(trees[i])
        forest.free(first)
        trees[i] = rest
      default:
        let n = forest.total(trees[i]).pieces
        guard n > 0 else { continue }
        let w = numbers.next(50)
        _ = forest.modifyElement(in: trees[i], holding: numbers.next(n), by: Pieces.self) { e, _ in e.weight = w }
      }
    }
  }

  @Test(
    "rolling back restores every tree exactly; the past view reads the old trees", arguments: 0..<8, [false, true])
  func rollBackAndPast(seed: UInt64, sharingPages: Bool) {
    var numbers = Numbers(state: seed &+ 101)
    var forest = Forest(sharingPages: sharingPages)
    var trees: [Forest.NodeID] = [Forest.null, Forest.null]
    edit(&forest, &trees, &numbers, steps: 300)
    for _ in 0..<20 {
      let before = trees.map { forest.elements($0) }
      let beforeTrees = trees
      let beforeLive = forest.liveNodeCount
      forest.beginJournal()
      edit(&forest, &trees, &numbers, steps: numbers.next(30))
      // A nested journal, committed or rolled back.
      let middle = trees.map { forest.elements($0) }
      let middleTrees = trees
      forest.beginJournal()
      edit(&forest, &trees, &numbers, steps: numbers.next(30))
      let past = forest.pastView
      for (t, model) in zip(middleTrees, middle) {
        var seen: [Piece] = []
        past.forEach(in: t) { node, _ in seen.append(past[node]) }
        #expect(seen == model)
      }
      if numbers.next(2) == 0 {
        forest.rollBackJournal()
        trees = middleTrees
        #expect(trees.map { forest.elements($0) } == middle)
      } else {
        forest.commitJournal()
      }
      let outerPast = forest.pastView
      for (t, model) in zip(beforeTrees, before) {
        var seen: [Piece] = []
        outerPast.forEach(in: t) { node, _ in seen.append(outerPast[node]) }
        #expect(seen == model)
        #expect(outerPast.total(t) == model.reduce(PieceSummary.zero) { $0 + $1.summary })
      }
      if numbers.next(3) == 0 {
        forest.commitJournal()
      } else {
        forest.rollBackJournal()
        trees = beforeTrees
        #expect(trees.map { forest.elements($0) } == before)
        #expect(forest.liveNodeCount == beforeLive)
      }
      forest.check(trees)
    }
  }

  @Test("the summary before a node, by parent links, now and in the past", arguments: 0..<4)
  func summaryBefore(seed: UInt64) {
    var numbers = Numbers(state: seed &+ 7)
    var forest = Forest()
    var trees: [Forest.NodeID] = [Forest.null]
    edit(&forest, &trees, &numbers, steps: 400)
    func expectRanks(_ read: (Forest.NodeID) -> PieceSummary?, _ root: Forest.NodeID, _ pieces: [Forest.NodeID]) {
      var sum = PieceSummary.zero
      for node in pieces {
        #expect(read(node) == sum)
        sum = sum + forest[node].summary
      }
    }
    var nodes: [Forest.NodeID] = []
    forest.forEach(in: trees[0]) { node, _ in nodes.append(node) }
    let root = trees[0]
    expectRanks({ forest.summary(before: $0, inTreeAt: root) }, root, nodes)
    forest.beginJournal()
    edit(&forest, &trees, &numbers, steps: 50)
    let past = forest.pastView
    var sum = PieceSummary.zero
    for node in nodes {
      #expect(past.summary(before: node, inTreeAt: root) == sum)
      sum = sum + past[node].summary
    }
    forest.rollBackJournal()
  }
}
