import Foundation
import TreeDataSource

/// A composition of sources driven by bytes: `Filtered(Joined([Filtered(a),
/// b]))` shown by a `TreeList` with a simulated host, edited at every level,
/// in batches opened at any level (nested, some failing), with predicates
/// changed inside them, and with subscribers (before and after the list)
/// and a predicate that try to edit the sources while a change is being
/// delivered. After every step the list shows what a naive model of the
/// composition shows, and the host saw no invalid update.
struct SourceSession {
  struct Node: Equatable {
    var id: Int
    var tag: Int
    var kids: [Node] = []
  }

  let a: ArrayTreeSource<Node>
  let b: ArrayTreeSource<Node>
  let inner: FilteredTreeSource<ArrayTreeSource<Node>>
  let join: JoinedTreeSource<Node>
  let outer: FilteredTreeSource<JoinedTreeSource<Node>>
  let list: TreeList<TreeSourceDataSource<MappedTreeSource<FilteredTreeSource<JoinedTreeSource<Node>>, Int>>>
  let host: ListHostSimulator
  let state = State()
  var subscriptions: [TreeSourceSubscription] = []

  /// What the session and its re-entrant callers share.
  final class State {
    var innerModulus = 2
    var outerModulus = 3
    var expanded: Set<Int> = []
    var nextID = 1000
    /// How many edits the re-entrant callers may still try in this step
    /// (each change they cause is heard again: without a bound, callers
    /// that answer every change with another would never stop).
    var budget = 0
    /// The bytes the re-entrant callers read their choices from.
    var meddling: [UInt8] = []
    var position = 0

    func choice() -> Int {
      defer { position += 1 }
      return meddling.isEmpty ? 0 : Int(meddling[position % meddling.count])
    }

    /// The sources a re-entrant caller edits.
    var sources:
      (
        a: ArrayTreeSource<Node>, b: ArrayTreeSource<Node>, inner: FilteredTreeSource<ArrayTreeSource<Node>>,
        outer: FilteredTreeSource<JoinedTreeSource<Node>>
      )?

    /// An edit made from inside a delivery (a subscriber's, or the
    /// predicate's): refused, or run once the delivery ends.
    func meddle() throws {
      guard let (a, b, inner, outer) = sources, budget > 0 else { return }
      budget -= 1
      switch choice() % 5 {
      case 0: try a.append(Node(id: take(), tag: choice() % 20))
      case 1 where !b.elements.isEmpty: try b.remove(at: [0])
      case 2:
        if let children = try? b.mutableChildren(), !children.isEmpty {
          let tag = choice() % 20
          children[0] = Node(id: children[0].id, tag: tag, kids: children[0].kids)
        }
      case 3:
        let modulus = 1 + choice() % 4
        outerModulus = modulus
        outer.setPredicate { SourceSession.outcome($0, modulus: modulus) }
      default:
        let modulus = 1 + choice() % 4
        innerModulus = modulus
        inner.setPredicate { SourceSession.outcome($0, modulus: modulus) }
      }
    }
  }

  static func outcome(_ node: Node, modulus: Int) -> TreeFilterOutcome {
    if node.tag % modulus == 0 { return .visible }
    return node.tag % 5 == 4 ? .hidden : .visibleIfDescendantIsVisible
  }

  init(_ input: inout FuzzInput) {
    var id = 1
    func forest(_ depth: Int, _ input: inout FuzzInput) -> [Node] {
      guard depth > 0 else { return [] }
      return (0..<input.number(below: 4)).map { _ in
        let me = id
        id += 1
        return Node(id: me, tag: input.number(below: 20), kids: forest(depth - 1, &input))
      }
    }
    a = ArrayTreeSource(forest(3, &input), children: \.kids, name: "a")
    b = ArrayTreeSource(forest(3, &input), children: \.kids, name: "b")
    let state = state
    state.meddling = Array(input.rest.prefix(64))
    let (innerModulus, outerModulus) = (state.innerModulus, state.outerModulus)
    inner = FilteredTreeSource(a) { node in
      // The predicate tries to edit the sources now and then: refused, or
      // run once the delivery ends.
      if node.tag == 17 { try? state.meddle() }
      return Self.outcome(node, modulus: innerModulus)
    }
    join = JoinedTreeSource([inner.eraseToAnyTreeSource(), b.eraseToAnyTreeSource()])
    outer = FilteredTreeSource(join) { Self.outcome($0, modulus: outerModulus) }
    list = TreeList(source: outer.map(\.id)) { _, id in state.expanded.contains(id) }
    host = ListHostSimulator(list: list)
    state.sources = (a, b, inner, outer)
    subscriptions.append(join.subscribe { _ in try? state.meddle() })
    list.reloadData()
    subscriptions.append(b.subscribe { _ in try? state.meddle() })
  }

  /// Runs steps until the input ends; returns the first failed check.
  mutating func run(_ input: inout FuzzInput) -> String? {
    // The sources' predicates and subscribers hold the state, which holds
    // the sources: let them go at the end.
    defer {
      state.sources = nil
      subscriptions.forEach { $0.cancel() }
    }
    var step = 0
    while !input.isAtEnd && step < 200 {
      step += 1
      state.budget = 4
      do {
        try self.step(&input, depth: 0)
      } catch {
        // Refused edits (bad paths, hidden elements, deliveries) are
        // expected; the state must still match.
      }
      removeDuplicates()
      if let failure = check() { return "step \(step): \(failure)" }
    }
    return nil
  }

  /// One step: an edit, a predicate, an expansion, or a batch of steps.
  func step(_ input: inout FuzzInput, depth: Int) throws {
    let roots = (try? join.numberOfChildren(of: nil)) ?? 0
    switch input.number(below: 10) {
    case 0:
      let source = input.flag() ? a : b
      try source.insert(
        Node(id: state.take(), tag: input.number(below: 20)), at: [input.index(amongst: source.elements.count)])
    case 1:
      let source = input.flag() ? a : b
      try source.remove(at: [input.index(amongst: source.elements.count)])
    case 2:
      try outer.move(from: [input.index(amongst: roots)], to: [input.index(amongst: roots)])
    case 3:
      let source = input.flag() ? a : b
      let tag = input.number(below: 20)
      try source.update(at: [input.index(amongst: source.elements.count)]) { $0.tag = tag }
    case 4:
      let modulus = 1 + input.number(below: 4)
      if input.flag() {
        state.innerModulus = modulus
        inner.setPredicate { Self.outcome($0, modulus: modulus) }
      } else {
        state.outerModulus = modulus
        outer.setPredicate { Self.outcome($0, modulus: modulus) }
      }
    case 5:
      // The list follows the sources when their batch ends: inside one,
      // its rows are not read.
      guard depth == 0, list.numberOfRows > 0 else { return }
      let row = input.number(below: list.numberOfRows)
      guard let path = list.treePath(forRow: row) else { return }
      let id = list.item(at: IndexPath(indexes: [0, row]))
      if list.isExpanded(path) {
        try list.collapse(path)
        state.expanded.remove(id)
      } else {
        try list.expand(path)
        state.expanded.insert(id)
      }
    case 6:
      try join.remove(at: [input.index(amongst: roots)])
    case 7 where depth < 3, 8 where depth < 3:
      let opener = input.number(below: 4)
      let count = 1 + input.number(below: 4)
      let fails = input.number(below: 4) == 0
      let body = { () throws in
        for _ in 0..<count { try? self.step(&input, depth: depth + 1) }
        if fails { throw FuzzFailure() }
      }
      do {
        switch opener {
        case 0: try a.performBatchUpdates(body)
        case 1: try inner.performBatchUpdates(body)
        case 2: try join.performBatchUpdates(body)
        default: try outer.performBatchUpdates(body)
        }
      } catch is FuzzFailure {
        // A failed batch: the predicates it set are undone with it.
        state.innerModulus = Self.modulus(of: inner, fallback: state.innerModulus)
        state.outerModulus = Self.modulus(of: outer, fallback: state.outerModulus)
      }
    default:
      try a.append(Node(id: state.take(), tag: input.number(below: 20), kids: [Node(id: state.take(), tag: 0)]))
    }
  }

  /// Removes every item whose identity an earlier item (in `a`, then `b`)
  /// has: a failed batch of one source that moved an item to the other
  /// restores the first and leaves the second, and the model knows items
  /// by identity.
  func removeDuplicates() {
    for _ in 0..<100 {
      guard let (source, path) = firstDuplicate() else { return }
      _ = try? source.remove(at: path)
    }
  }

  /// The first item, in `a` then `b`, whose identity an earlier one has.
  private func firstDuplicate() -> (ArrayTreeSource<Node>, TreePath)? {
    var seen: Set<Int> = []
    func find(_ nodes: [Node], _ prefix: [Int]) -> TreePath? {
      for (i, node) in nodes.enumerated() {
        if !seen.insert(node.id).inserted { return TreePath(prefix + [i]) }
        if let found = find(node.kids, prefix + [i]) { return found }
      }
      return nil
    }
    if let path = find(a.elements, []) { return (a, path) }
    if let path = find(b.elements, []) { return (b, path) }
    return nil
  }

  /// The modulus the filter's predicate uses now, found by asking it.
  static func modulus<B>(of filter: FilteredTreeSource<B>, fallback: Int) -> Int where B.Element == Node {
    // Tag 17 is left out: the first inner predicate edits on it.
    let tags = (0..<20).filter { $0 != 17 }
    for m in 1...4 where tags.allSatisfy({ filter.predicate(Node(id: 0, tag: $0)) == outcome(Node(id: 0, tag: $0), modulus: m) })
    {
      return m
    }
    return fallback
  }

  /// The rows the model shows, as ids.
  func modelRows() -> [Int] {
    func filter(_ nodes: [Node], _ modulus: Int) -> [Node] {
      nodes.compactMap { node in
        let kids = filter(node.kids, modulus)
        switch Self.outcome(node, modulus: modulus) {
        case .hidden: return nil
        case .visible: return Node(id: node.id, tag: node.tag, kids: kids)
        case .visibleIfDescendantIsVisible: return kids.isEmpty ? nil : Node(id: node.id, tag: node.tag, kids: kids)
        }
      }
    }
    let tree = filter(filter(a.elements, state.innerModulus) + b.elements, state.outerModulus)
    var rows: [Int] = []
    func walk(_ nodes: [Node]) {
      for node in nodes {
        rows.append(node.id)
        if state.expanded.contains(node.id) { walk(node.kids) }
      }
    }
    walk(tree)
    return rows
  }

  func check() -> String? {
    let rows = (0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])) }
    let expected = modelRows()
    if rows != expected { return "the list shows \(rows), the model \(expected)" }
    if !host.violations.isEmpty { return "the host saw \(host.violations)" }
    if !host.mismatchedRows().isEmpty { return "the host shows stale rows \(host.mismatchedRows())" }
    return nil
  }
}

/// The error a session's failing batch throws.
struct FuzzFailure: Error {}

extension SourceSession.State {
  /// Takes a fresh identity.
  func take() -> Int {
    defer { nextID += 1 }
    return nextID
  }
}
