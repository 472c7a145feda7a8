import Testing
import TreeIndexTestSupport
import _SummaryTree

/// A test element: a piece of `length` positions (0 allowed) with a weight.
struct Piece: SelfSummarizingTreeElement, Equatable {
  var length: Int
  var weight: Int
  typealias Summary = PieceSummary

  var summary: PieceSummary { PieceSummary(pieces: 1, length: length, weight: weight) }
}

struct PieceSummary: TreeSummary {
  var pieces: Int
  var length: Int
  var weight: Int
  static var zero: PieceSummary { PieceSummary(pieces: 0, length: 0, weight: 0) }
  static func + (a: PieceSummary, b: PieceSummary) -> PieceSummary {
    PieceSummary(pieces: a.pieces + b.pieces, length: a.length + b.length, weight: a.weight + b.weight)
  }
}

enum Pieces: TreeMetric {
  static func measure(_ s: PieceSummary) -> Int { s.pieces }
}

enum Length: TreeMetric {
  static func measure(_ s: PieceSummary) -> Int { s.length }
}

/// SplitMix64: the same numbers on every platform for a seed.
struct Numbers {
  var state: UInt64
  mutating func next(_ bound: Int) -> Int {
    state &+= 0x9E37_79B9_7F4A_7C15
    var z = state
    z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
    z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
    return Int((z ^ (z >> 31)) % UInt64(Swift.max(bound, 1)))
  }
}

typealias Forest = SummaryForest<Piece>

extension Forest {
  /// The tree's elements in order.
  func elements(_ t: NodeID) -> [Piece] {
    var result: [Piece] = []
    forEach(in: t) { node, _ in result.append(self[node]) }
    return result
  }

  func check(_ trees: [NodeID]) {
    var seen = Array(repeating: false, count: capacity)
    for t in trees {
      let fault = fault(inTreeAt: t, seen: &seen)
      #expect(fault == nil, "\(fault ?? "")")
    }
    let accounting = fault(ofAccounting: seen)
    #expect(accounting == nil, "\(accounting ?? "")")
  }
}

/// The bound join-based AVL trees keep: height < 1.4405 log₂(n + 2).
func avlBound(_ n: Int) -> Int8 {
  Int8((1.4405 * (log2(Double(n + 2)))).rounded(.down))
}

private func log2(_ x: Double) -> Double { Double.log2(x) }

extension Double {
  static func log2(_ x: Double) -> Double {
    var x = x
    var result = 0.0
    while x >= 2 { x /= 2; result += 1 }
    // x in [1, 2): a few terms of the series are plenty for a bound check.
    var fraction = 0.5
    for _ in 0..<40 {
      x *= x
      if x >= 2 { x /= 2; result += fraction }
      fraction /= 2
    }
    return result
  }
}

@Suite("SummaryForest against an array model")
struct SummaryForestTests {
  @Test(
    "random splits, joins, merges, removals and updates",
    arguments: LongTests.choose(short: 0..<4, long: 0..<12), [false, true])
  func randomOperations(seed: UInt64, sharingPages: Bool) {
    var numbers = Numbers(state: seed &* 7919 &+ 1)
    var forest = Forest(sharingPages: sharingPages)
    // Copies taken along the way, with their trees and models: each must
    // keep its elements whatever the forest does after it (paged nodes
    // are shared until one side writes).
    var copies: [(forest: Forest, trees: [Forest.NodeID], models: [[Piece]])] = []
    defer {
      for copy in copies {
        for (tree, model) in zip(copy.trees, copy.models) { #expect(copy.forest.elements(tree) == model) }
      }
    }
    // Several trees at once, each with its model.
    var trees: [Forest.NodeID] = Array(repeating: Forest.null, count: 4)
    var models: [[Piece]] = Array(repeating: [], count: 4)
    func piece() -> Piece { Piece(length: numbers.next(4), weight: numbers.next(100)) }
    for step in 0..<600 {
      if step % 50 == 0 { copies.append((forest, trees, models)) }
      let i = numbers.next(trees.count)
      switch numbers.next(7) {
      case 0:  // join a new element between two trees
        let j = (i + 1) % trees.count
        let p = piece()
        let k = forest.allocate(p)
        trees[i] = forest.join(trees[i], k, trees[j])
        models[i] = models[i] + [p] + models[j]
        trees[j] = Forest.null
        models[j] = []
      case 1:  // split by pieces, then merge back in the other order
        let at = numbers.next(models[i].count + 1)
        let (a, b) = forest.split(trees[i], at: at, by: Pieces.self)
        #expect(forest.elements(a) == Array(models[i][..<at]))
        #expect(forest.elements(b) == Array(models[i][at...]))
        trees[i] = forest.merge(b, a)
        models[i] = Array(models[i][at...]) + Array(models[i][..<at])
      case 2:  // split by length: elements ending at or before `at` go left
        let total = models[i].reduce(0) { $0 + $1.length }
        let at = numbers.next(total + 2)
        let (a, b) = forest.split(trees[i], at: at, by: Length.self)
        var end = 0
        var cut = 0
        while cut < models[i].count, end + models[i][cut].length <= at {
          end += models[i][cut].length
          cut += 1
        }
        #expect(forest.elements(a) == Array(models[i][..<cut]))
        trees[i] = forest.merge(a, b)
      case 3:  // remove the first or last element
        guard !models[i].isEmpty else { continue }
        if numbers.next(2) == 0 {
          let (first, rest) = forest.removeFirst(trees[i])
          #expect(forest[first] == models[i].removeFirst())
          forest.free(first)
          trees[i] = rest
        } else {
          let (rest, last) = forest.removeLast(trees[i])
          #expect(forest[last] == models[i].removeLast())
          forest.free(last)
          trees[i] = rest
        }
      case 4:  // modify the element holding a position
        let total = models[i].reduce(0) { $0 + $1.length }
        let at = numbers.next(total + 1)
        let weight = numbers.next(100)
        let result = forest.modifyElement(in: trees[i], holding: at, by: Length.self) { element, before in
          element.weight = weight
          return before.length
        }
        var start = 0
        if let k = models[i].firstIndex(where: {
          start += $0.length; return start > at
        }) {
          models[i][k].weight = weight
          #expect(result == start - models[i][k].length)
        } else {
          #expect(result == nil)
        }
      case 5:  // find by both metrics
        let total = models[i].reduce(0) { $0 + $1.length }
        let at = numbers.next(total + 2) - 1
        let found = forest.find(at, by: Length.self, in: trees[i])
        var start = 0
        let k =
          at < 0
          ? nil
          : models[i].firstIndex {
            start += $0.length; return start > at
          }
        if let k {
          #expect(found.map { forest[$0.node] } == models[i][k])
          #expect(found?.before.pieces == k)
          #expect(found?.before.weight == models[i][..<k].reduce(0) { $0 + $1.weight })
        } else {
          #expect(found == nil)
        }
        let n = numbers.next(models[i].count + 1)
        let byPieces = forest.find(n, by: Pieces.self, in: trees[i])
        #expect(byPieces.map { forest[$0.node] } == (n < models[i].count ? models[i][n] : nil))
      default:  // append a run of elements one by one, at the end
        for _ in 0..<numbers.next(20) {
          let p = piece()
          trees[i] = forest.join(trees[i], forest.allocate(p), Forest.null)
          models[i].append(p)
        }
      }
      #expect(forest.elements(trees[i]) == models[i])
      #expect(forest.total(trees[i]).weight == models[i].reduce(0) { $0 + $1.weight })
      forest.check(trees)
    }
  }

  @Test("height stays within the AVL bound whatever the order of insertions")
  func worstCaseHeight() {
    var forest = Forest()
    var ascending = Forest.null
    var descending = Forest.null
    var middle = Forest.null
    let n = LongTests.choose(short: 25_000, long: 100_000)
    for i in 0..<n {
      ascending = forest.join(ascending, forest.allocate(Piece(length: 1, weight: i)), Forest.null)
      descending = forest.join(Forest.null, forest.allocate(Piece(length: 1, weight: i)), descending)
      // Always insert in the middle: split, join.
      let (a, b) = forest.split(middle, at: i / 2, by: Pieces.self)
      middle = forest.join(a, forest.allocate(Piece(length: 1, weight: i)), b)
    }
    for tree in [ascending, descending, middle] {
      #expect(forest.height(tree) <= avlBound(n))
      #expect(forest.total(tree).pieces == n)
    }
    forest.check([ascending, descending, middle])
  }

  @Test("a tree built from detached nodes keeps their order and is balanced, then joins others", arguments: 0..<8)
  func buildFromDetachedNodes(seed: UInt64) {
    var numbers = Numbers(state: seed &* 7919 &+ 5)
    for count in [0, 1, 2, 3, 7, 8, 100, 1_000 + numbers.next(1_000)] {
      var forest = Forest()
      let pieces = (0..<count).map { _ in Piece(length: numbers.next(3), weight: numbers.next(50)) }
      let nodes = pieces.map { forest.allocate($0) }
      // Half the time inside a journal, which records each node it links.
      let isJournaling = numbers.next(2) == 0
      if isJournaling { forest.beginJournal() }
      let tree = forest.build(nodes)
      if isJournaling { forest.commitJournal() }
      #expect(forest.elements(tree) == pieces)
      #expect(forest.total(tree).pieces == count)
      #expect(forest.height(tree) <= avlBound(count))
      forest.check([tree])
      // It is an ordinary tree: split and merged with one built otherwise.
      let other = (0..<numbers.next(50)).map { _ in Piece(length: 1, weight: numbers.next(50)) }
      var built = Forest.null
      for piece in other { built = forest.join(built, forest.allocate(piece), Forest.null) }
      let (a, b) = forest.split(tree, at: numbers.next(count + 1), by: Pieces.self)
      let joined = forest.merge(forest.merge(a, built), b)
      #expect(forest.total(joined).pieces == count + other.count)
      forest.check([joined])
    }
  }

  @Test(
    "new nodes appended as one balanced tree are in order, balanced and summed, in every storage, then join others",
    arguments: [(false, false), (true, false), (false, true)])
  func appendBalancedTree(keepingSums: Bool, sharingPages: Bool) {
    var numbers = Numbers(state: (keepingSums ? 17 : 3) &+ (sharingPages ? 101 : 0))
    for count in [0, 1, 2, 3, 7, 8, 100, 257, 1_000 + numbers.next(9_000)] {
      var forest = Forest(keepingSums: keepingSums, sharingPages: sharingPages)
      // Nodes before, so that the new ones start inside a page.
      var before = Forest.null
      for _ in 0..<numbers.next(300) {
        before = forest.join(before, forest.allocate(Piece(length: 1, weight: 1)), Forest.null)
      }
      let piece = Piece(length: 1 + numbers.next(3), weight: numbers.next(50))
      let (tree, first) = forest.appendBalancedTree(of: piece, count: count)
      #expect(Int(first) == forest.nodes.count - count)
      var order: [Forest.NodeID] = []
      forest.forEach(in: tree) { node, _ in order.append(node) }
      #expect(order == Array(first..<(first + Forest.NodeID(count))))
      #expect(forest.elements(tree) == Array(repeating: piece, count: count))
      #expect(forest.total(tree) == PieceSummary(pieces: count, length: count * piece.length, weight: count * piece.weight))
      #expect(forest.height(tree) <= avlBound(count))
      forest.check([before, tree])
      let beforeCount = forest.total(before).pieces
      let (a, b) = forest.split(before, at: numbers.next(beforeCount + 1), by: Pieces.self)
      let joined = forest.merge(forest.merge(a, tree), b)
      #expect(forest.total(joined).pieces == count + beforeCount)
      forest.check([joined])
    }
  }

  @Test("removals and insertions where the nodes stand, by parent links", arguments: LongTests.choose(short: 0..<4, long: 0..<12))
  func removeAndInsertByLinks(seed: UInt64) {
    var numbers = Numbers(state: seed &* 6271 &+ 3)
    var forest = Forest()
    var tree = Forest.null
    var nodes: [Forest.NodeID] = []  // the tree's nodes, in order
    var model: [Piece] = []
    func piece() -> Piece { Piece(length: numbers.next(4), weight: numbers.next(100)) }
    for step in 0..<1_500 {
      // Grow for most of the run, then shrink, so that both meet every shape.
      let grows = step < 1_000 ? numbers.next(3) != 0 : numbers.next(3) == 0
      if grows || nodes.isEmpty {
        let at = numbers.next(nodes.count + 1)
        let p = piece()
        let k = forest.allocate(p)
        let next = at < nodes.count ? nodes[at] : Forest.null
        if next != Forest.null {
          // The element after the new one changes first; the insertion
          // brings its summaries up to date.
          let weight = numbers.next(100)
          forest[next].weight = weight
          model[at].weight = weight
        }
        tree = forest.insert(k, before: next, inTreeAt: tree)
        nodes.insert(k, at: at)
        model.insert(p, at: at)
      } else {
        let at = numbers.next(nodes.count)
        let t = nodes[at]
        let next = forest.next(after: t, inTreeAt: tree)
        #expect(next == (at + 1 < nodes.count ? nodes[at + 1] : Forest.null))
        if next != Forest.null {
          // The element after the removed one changes first; the removal
          // brings its summaries up to date.
          let weight = numbers.next(100)
          forest[next].weight = weight
          model[at + 1].weight = weight
        }
        tree = forest.remove(t, fromTreeAt: tree)
        #expect(forest.height(t) == 1 && forest.left(t) == Forest.null && forest.right(t) == Forest.null)
        #expect(forest.total(t) == model[at].summary)
        forest.free(t)
        nodes.remove(at: at)
        model.remove(at: at)
      }
      #expect(forest.elements(tree) == model)
      #expect(forest.height(tree) <= avlBound(model.count))
      forest.check([tree])
    }
  }
}
