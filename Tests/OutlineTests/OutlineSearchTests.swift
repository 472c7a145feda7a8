import Testing
import TreeDataSource
@testable import outline

/// A container named `name` holding `children`.
private func container(_ name: String, _ children: [StaticTree.Node] = []) -> StaticTree.Node {
  StaticTree.Node(OutlineEntry(name: name, isContainer: true), children: children)
}

/// A leaf named `name`.
private func leaf(_ name: String) -> StaticTree.Node {
  StaticTree.Node(OutlineEntry(name: name))
}

/// Every item of `nodes` under `parent`, in preorder, with its path.
private func preorder(_ nodes: [StaticTree.Node], under parent: [Int] = []) -> [(path: TreePath, name: String)] {
  nodes.enumerated().flatMap { index, node in
    [(TreePath(parent + [index]), node.entry.name)] + preorder(node.children, under: parent + [index])
  }
}

/// What a search should find: the first item whose name contains `query`
/// (ignoring case) among those after `start`, then those from the top to
/// `start` itself, looking at no more than `limit` items.
private func naiveSearch(
  _ query: String, after start: TreePath?, in tree: StaticTree, limit: Int
) -> OutlineSearch.Outcome {
  let items = preorder(tree.roots)
  guard !query.isEmpty, !items.isEmpty else { return .notFound }
  let first = start.map { start in items.firstIndex { $0.path == start }! + 1 } ?? 0
  let order = Array(items[first...]) + Array(items[..<first])
  let lowered = query.lowercased()
  if let match = order.firstIndex(where: { $0.name.lowercased().contains(lowered) }) {
    return match < limit ? .found(order[match].path) : .gaveUp(after: limit)
  }
  return order.count <= limit ? .notFound : .gaveUp(after: limit)
}

/// A search for `query` from `start`.
private func search(
  _ query: String, after start: TreePath? = nil, in tree: StaticTree, limit: Int = 1_000_000
) -> OutlineSearch.Outcome {
  OutlineSearch(query: query, limit: limit).next(after: start, in: tree)
}

/// Every item's path in `tree`, by following `item(after:in:)` from the
/// first root item.
private func walk(_ tree: StaticTree) -> [TreePath] {
  guard tree.numberOfSubitems(of: nil) > 0 else { return [] }
  var paths: [TreePath] = [[0]]
  while let next = OutlineSearch.item(after: paths.last!, in: tree) { paths.append(next) }
  return paths
}

/// Ten items, all collapsed, in preorder:
///
///     [0]        Alpha
///     [0, 0]       beta
///     [0, 1]       Gamma
///     [0, 1, 0]      delta
///     [0, 1, 1]      ALPHABET
///     [0, 2]       Epsilon
///     [1]        Zeta (a container with no subitems)
///     [2]        eta
///     [3]        Theta
///     [3, 0]       alpha two
private var greek: StaticTree {
  StaticTree(
    title: "Greek",
    roots: [
      container("Alpha", [leaf("beta"), container("Gamma", [leaf("delta"), leaf("ALPHABET")]), leaf("Epsilon")]),
      container("Zeta"),
      leaf("eta"),
      container("Theta", [leaf("alpha two")]),
    ])
}

/// A random tree of up to `count` items named with a few letters, so that
/// queries match several of them.
private func randomTree(count: Int, using generator: inout SeededNumbers) -> StaticTree {
  let letters: [Character] = ["a", "A", "b", "B", "é", "É", " "]
  var made = 0
  func level(_ depth: Int) -> [StaticTree.Node] {
    var nodes: [StaticTree.Node] = []
    for _ in 0..<Int.random(in: 1...5, using: &generator) where made < count {
      made += 1
      let name = String(
        (0..<Int.random(in: 1...5, using: &generator)).map { _ in
          letters.randomElement(using: &generator)!
        })
      if depth < 4, Int.random(in: 0..<3, using: &generator) == 0 {
        nodes.append(container(name, level(depth + 1)))
      } else {
        nodes.append(leaf(name))
      }
    }
    return nodes
  }
  var roots: [StaticTree.Node] = []
  while made < count { roots += level(0) }
  return StaticTree(title: "Random", roots: roots)
}

@Suite struct OutlineSearchTests {
  @Test func findsTheFirstMatchInTheWholeTreeWhateverIsExpanded() {
    #expect(search("alpha", in: greek) == .found([0]))
    #expect(search("ALPHABET", in: greek) == .found([0, 1, 1]))
    #expect(search("delta", in: greek) == .found([0, 1, 0]))
    #expect(search("two", in: greek) == .found([3, 0]))
    #expect(search("zeta", in: greek) == .found([1]))
  }

  @Test func ignoresCase() {
    #expect(search("ETA", in: greek) == .found([0, 0]), "beta comes first")
    #expect(search("alphabet", in: greek) == .found([0, 1, 1]))
    #expect(search("gAmMa", in: greek) == .found([0, 1]))
    #expect(search("ALPHA TWO", in: greek) == .found([3, 0]))
  }

  @Test func nextFindsTheMatchAfterTheStartAndWrapsToTheTop() {
    #expect(search("alpha", after: [0], in: greek) == .found([0, 1, 1]))
    #expect(search("alpha", after: [0, 1, 1], in: greek) == .found([3, 0]))
    #expect(search("alpha", after: [3, 0], in: greek) == .found([0]), "wraps from the last item")
    #expect(search("alpha", after: [1], in: greek) == .found([3, 0]))
    #expect(search("eta", after: [0, 0], in: greek) == .found([1]))
    #expect(search("eta", after: [1], in: greek) == .found([2]))
    #expect(search("eta", after: [2], in: greek) == .found([3]))
    #expect(search("eta", after: [3], in: greek) == .found([0, 0]), "wraps from the middle")
    #expect(search("gamma", after: [0, 1, 0], in: greek) == .found([0, 1]), "wraps past the start's parent")
  }

  @Test func aLoneMatchIsFoundAgainFromItself() {
    #expect(search("delta", after: [0, 1, 0], in: greek) == .found([0, 1, 0]))
    #expect(search("Epsilon", after: [0, 2], in: greek) == .found([0, 2]))
    #expect(search("two", after: [3, 0], in: greek) == .found([3, 0]), "the last item")
    #expect(search("gamma", after: [0, 1], in: greek, limit: 10) == .found([0, 1]), "after all ten items")
  }

  @Test func noMatchIsNotFound() {
    #expect(search("omega", in: greek) == .notFound)
    #expect(search("omega", after: [2], in: greek) == .notFound)
    #expect(search("omega", after: [3, 0], in: greek) == .notFound)
    #expect(search("alpha  two", in: greek) == .notFound)
    #expect(search("a", in: StaticTree(title: "Empty", roots: [])) == .notFound)
  }

  @Test func anEmptyQueryFindsNothing() {
    #expect(search("", in: greek) == .notFound)
    #expect(search("", after: [0, 1], in: greek) == .notFound)
  }

  @Test func theLimitBoundsTheItemsLookedAt() {
    #expect(search("theta", in: greek, limit: 3) == .gaveUp(after: 3))
    #expect(search("theta", in: greek, limit: 8) == .gaveUp(after: 8))
    #expect(search("theta", in: greek, limit: 9) == .found([3]), "the ninth item")
    #expect(search("omega", in: greek, limit: 9) == .gaveUp(after: 9))
    #expect(search("omega", in: greek, limit: 10) == .notFound, "ten items are the whole tree")
    #expect(search("omega", after: [2], in: greek, limit: 10) == .notFound)
    #expect(search("omega", after: [2], in: greek, limit: 1) == .gaveUp(after: 1))
    #expect(search("alpha", after: [0], in: greek, limit: 3) == .gaveUp(after: 3))
    #expect(search("alpha", after: [0], in: greek, limit: 4) == .found([0, 1, 1]))
    #expect(search("beta", after: [3, 0], in: greek, limit: 2) == .found([0, 0]), "counting across the wrap")
  }

  @Test func itemAfterWalksTheWholeTreeInPreorder() {
    #expect(walk(greek) == preorder(greek.roots).map(\.path))
    let planets = StaticTree.planets()
    #expect(walk(planets) == preorder(planets.roots).map(\.path))
    #expect(OutlineSearch.item(after: [3, 0], in: greek) == nil)
    #expect(OutlineSearch.item(after: [1], in: greek) == [2], "an empty container")
    #expect(OutlineSearch.item(after: [0, 1, 1], in: greek) == [0, 2], "up a level")
    #expect(OutlineSearch.item(after: [0, 2], in: greek) == [1])
  }

  @Test func findsCollapsedItemsDeepInThePlanets() throws {
    let planets = StaticTree.planets()
    let items = preorder(planets.roots)
    let tokyo = try #require(items.first { $0.name == "Tokyo" }?.path)
    #expect(search("tokyo", in: planets) == .found(tokyo))
    let sydney = try #require(items.first { $0.name == "Sydney" }?.path)
    #expect(search("POPULATION", in: planets) == .found(sydney.appending(0)), "Sydney's first field")
    let melbourne = try #require(items.first { $0.name == "Melbourne" }?.path)
    #expect(search("population", after: sydney.appending(0), in: planets) == .found(melbourne.appending(0)))
    #expect(search("Opera House", in: planets) == .notFound, "values are not searched")
  }

  @Test func ignoresCaseBeyondASCII() throws {
    let planets = StaticTree.planets()
    let items = preorder(planets.roots).filter { $0.name == "São Paulo" }.map(\.path)
    try #require(items.count == 2, "the state, then its city")
    #expect(search("SÃO", in: planets) == .found(items[0]))
    #expect(search("são paulo", after: items[0], in: planets) == .found(items[1]))
    #expect(search("são paulo", after: items[1], in: planets) == .found(items[0]))
    #expect(search("sao", in: planets) == .notFound, "accents count")
  }

  @Test func randomSearchesFindWhatANaiveWalkFinds() {
    var generator = SeededNumbers(seed: 0x0D15_EA5E)
    let queryLetters: [Character] = ["a", "A", "b", "B", "é", "É", " ", "c"]
    for round in 0..<40 {
      let tree =
        round == 0
        ? StaticTree.planets() : randomTree(count: Int.random(in: 1...60, using: &generator), using: &generator)
      let items = preorder(tree.roots)
      #expect(walk(tree) == items.map(\.path))
      for _ in 0..<50 {
        var query: String
        if Bool.random(using: &generator) {
          let name = Array(items.randomElement(using: &generator)!.name)
          let start = Int.random(in: 0..<name.count, using: &generator)
          let end = Int.random(in: start...name.count, using: &generator)
          query = String(name[start..<end])
          if Bool.random(using: &generator) { query = query.uppercased() }
        } else {
          query = String(
            (0..<Int.random(in: 0...3, using: &generator)).map { _ in
              queryLetters.randomElement(using: &generator)!
            })
        }
        let start = Bool.random(using: &generator) ? nil : items.randomElement(using: &generator)!.path
        let limit = Bool.random(using: &generator) ? 1_000_000 : Int.random(in: 1...(items.count + 2), using: &generator)
        #expect(
          search(query, after: start, in: tree, limit: limit) == naiveSearch(query, after: start, in: tree, limit: limit),
          "\(query.debugDescription) after \(start.map(\.description) ?? "nil"), limit \(limit)")
      }
    }
  }
}
