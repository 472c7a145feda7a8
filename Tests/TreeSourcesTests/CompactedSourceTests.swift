import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// The compacted tree written the obvious way: each row is a chain of
/// folders, each but the last with exactly one child, a folder.
enum NaiveCompact {
  /// A row: the ids of its chain, outermost first, and its child rows.
  struct Row: Equatable {
    var ids: [Int]
    var kids: [Row]
  }

  /// Compacts a whole forest from scratch.
  static func compact(_ nodes: [Node], isFolder: (Node) -> Bool) -> [Row] {
    nodes.map { node in
      var chain = [node]
      var last = node
      while last.kids.count == 1, isFolder(last), isFolder(last.kids[0]) {
        last = last.kids[0]
        chain.append(last)
      }
      return Row(ids: chain.map(\.id), kids: compact(last.kids, isFolder: isFolder))
    }
  }

  /// VS Code's filter over rows, with any predicate of a row.
  static func filter(_ rows: [Row], _ outcome: (Row) -> TreeFilterOutcome) -> [Row] {
    rows.compactMap { row in
      let kids = filter(row.kids, outcome)
      switch outcome(row) {
      case .hidden: return nil
      case .visible: return Row(ids: row.ids, kids: kids)
      case .visibleIfDescendantIsVisible: return kids.isEmpty ? nil : Row(ids: row.ids, kids: kids)
      }
    }
  }

  /// The visible rows' first ids, depth first, beneath expanded rows only.
  static func rows(_ rows: [Row], expanded: Set<Int>) -> [Int] {
    rows.flatMap { row in [row.ids[0]] + (expanded.contains(row.ids[0]) ? self.rows(row.kids, expanded: expanded) : []) }
  }

  /// For every row, its first id and its parent row's first id.
  static func parents(_ rows: [Row], parent: Int? = nil, into result: inout [Int: Int?]) {
    for row in rows {
      result[row.ids[0]] = parent
      parents(row.kids, parent: row.ids[0], into: &result)
    }
  }

  /// The first ids of every row of a forest.
  static func heads(_ rows: [Row]) -> [Int] { rows.flatMap { [$0.ids[0]] + heads($0.kids) } }
}

/// A random session: an array source of ``Node``s under a composition that
/// ends with compacted rows, random edits and batches of the array, and
/// random expansion of a list of the rows with a simulated host. After
/// every step the composition's tree, the tree its published change sets
/// build, the list's rows and the host's rows are the model's.
final class CompactSession<Top: TreeSource> where Top.Element == CompactedElement<Node> {
  var g: SeededGenerator
  var nextID = 1
  let array: ArrayTreeSource<Node>
  let top: Top
  /// The rows the model gives the array's forest.
  let model: ([Node]) -> [NaiveCompact.Row]
  /// The rows the published change sets build, each insertion read from
  /// the source where it stands once the change has applied.
  var replayed: [NaiveCompact.Row] = []
  /// The first ids of the rows the change sets of the step removed.
  var removedHeads: Set<Int> = []
  /// The change sets the step published.
  var heard: [TreeSourceChanges] = []
  /// Whether the step was one edit outside a batch.
  var isSingleEdit = true
  /// Whether rows that keep their place must not be removed: not through a
  /// filter, which removes and inserts rows of its own (an item moved into
  /// a folder that it starts to show comes with the folder).
  let checksKeptRows: Bool
  let list: TreeList<TreeSourceDataSource<Top>>
  let host: ListHostSimulator
  var subscription: TreeSourceSubscription?
  var log: [String] = []
  /// The list's layout: in `.sectioned`, each root row is a section.
  let layout: TreeIndex.Layout

  init(
    seed: UInt64, forest: [Node], nextID: Int, _ make: (ArrayTreeSource<Node>) -> Top,
    checksKeptRows: Bool, layout: TreeIndex.Layout = .flat, model: @escaping ([Node]) -> [NaiveCompact.Row]
  ) {
    g = SeededGenerator(seed: seed)
    self.layout = layout
    self.checksKeptRows = checksKeptRows
    self.nextID = nextID
    array = ArrayTreeSource(forest, children: \.kids, name: "array")
    top = make(array)
    self.model = model
    let box = _ExpandedBox()
    expandedBox = box
    list = TreeList(source: top, layout: layout) { _, element in box.expanded.contains(element.elements[0].id) }
    host = ListHostSimulator(list: list)
    list.reloadData()
    replayed = Self.read(top)
    subscription = top.subscribe { [unowned self] changes in self.replay(changes) }
  }

  /// The first ids of the expanded rows.
  let expandedBox: _ExpandedBox

  /// The rows a source answers now.
  static func read(_ source: Top, _ parent: TreePath? = nil) -> [NaiveCompact.Row] {
    let count = (try? source.numberOfChildren(of: parent)) ?? 0
    return (0..<count).map { i in
      let path = (parent ?? []).appending(i)
      let ids = (try? source.element(at: path))?.elements.map(\.id) ?? [-1]
      return NaiveCompact.Row(ids: ids, kids: read(source, path))
    }
  }

  func replay(_ changes: TreeSourceChanges) {
    heard.append(changes)
    func edit(_ rows: inout [NaiveCompact.Row], _ path: ArraySlice<Int>, _ body: (inout [NaiveCompact.Row], Int) -> Void) {
      if path.count == 1 { body(&rows, path.first!) } else { edit(&rows[path.first!].kids, path.dropFirst(), body) }
    }
    for (i, step) in changes.steps.enumerated() {
      switch step {
      case .insert(let p):
        let row = changes.finalPath(of: p, afterStep: i).map { path in
          NaiveCompact.Row(ids: (try? top.element(at: path))?.elements.map(\.id) ?? [-1], kids: Self.read(top, path))
        }
        edit(&replayed, Array(p)[...]) { $0.insert(row ?? NaiveCompact.Row(ids: [-2], kids: []), at: $1) }
      case .remove(let p):
        edit(&replayed, Array(p)[...]) { removedHeads.formUnion(NaiveCompact.heads([$0.remove(at: $1)])) }
      case .move(let a, let b):
        var moved: NaiveCompact.Row?
        edit(&replayed, Array(a)[...]) { moved = $0.remove(at: $1) }
        edit(&replayed, Array(b)[...]) { $0.insert(moved!, at: $1) }
      case .update(let p):
        // An updated row shows its chain as it is once the change applied.
        if let final = changes.finalPath(of: p, afterStep: i), let element = try? top.element(at: final) {
          edit(&replayed, Array(p)[...]) { $0[$1].ids = element.elements.map(\.id) }
        }
      }
    }
  }

  func randomForest(depth: Int) -> [Node] {
    guard depth > 0 else { return [] }
    // Mostly one child, so that chains form.
    let count = [0, 1, 1, 1, 2, 3].randomElement(using: &g)!
    return (0..<count).map { _ in
      let id = nextID
      nextID += 1
      return Node(id: id, tag: Int.random(in: 0..<20, using: &g), kids: randomForest(depth: depth - 1))
    }
  }

  /// One random edit of the array.
  func randomEdit() throws(TreeSourceError) {
    let paths = Naive.paths(array.elements)
    let r = Int.random(in: 0..<100, using: &g)
    log.append("\(r)")
    switch r {
    case 0..<35:  // insert
      let parent = paths.isEmpty || Int.random(in: 0..<5, using: &g) == 0 ? nil : paths.randomElement(using: &g)
      let count = try array.numberOfChildren(of: parent)
      let path = (parent ?? []).appending(Int.random(in: 0...count, using: &g))
      let id = nextID
      nextID += 1
      let node = Node(
        id: id, tag: Int.random(in: 0..<20, using: &g), kids: randomForest(depth: Int.random(in: 0...3, using: &g)))
      log.append("insert \(path)")
      try array.insert(node, at: path)
    case 35..<60:  // remove
      guard let path = paths.randomElement(using: &g) else { return }
      log.append("remove \(path)")
      try array.remove(at: path)
    case 60..<80:  // move
      guard let from = paths.randomElement(using: &g) else { return }
      var after = array.elements
      func remove(_ nodes: inout [Node], _ path: ArraySlice<Int>) {
        if path.count == 1 { nodes.remove(at: path.first!) } else { remove(&nodes[path.first!].kids, path.dropFirst()) }
      }
      remove(&after, Array(from)[...])
      let candidates = Naive.paths(after)
      let parent = candidates.isEmpty || Int.random(in: 0..<4, using: &g) == 0 ? nil : candidates.randomElement(using: &g)
      let count = parent.map { Naive.node(after, at: $0).kids.count } ?? after.count
      let to = (parent ?? []).appending(Int.random(in: 0...count, using: &g))
      log.append("move \(from) -> \(to)")
      try array.move(from: from, to: to)
    default:  // update: a new tag
      guard let path = paths.randomElement(using: &g) else { return }
      let tag = Int.random(in: 0..<20, using: &g)
      log.append("update \(path)")
      try array.update(at: path) { $0.tag = tag }
    }
  }

  /// One random step: an edit, a batch of edits, or a row expanded or
  /// collapsed.
  func step() throws {
    removedHeads = []
    heard = []
    var before: [Int: Int?] = [:]
    NaiveCompact.parents(model(array.elements), into: &before)
    let r = Int.random(in: 0..<100, using: &g)
    isSingleEdit = r < 70
    if r < 70 {
      try randomEdit()
    } else if r < 85 {
      log.append("batch")
      // Opened on the array, or on the top of the composition.
      let edits = { () throws(TreeSourceError) in
        for _ in 0..<Int.random(in: 2...4, using: &self.g) { try self.randomEdit() }
      }
      if Bool.random(using: &g) { try array.performBatchUpdates(edits) } else { try top.performBatchUpdates(edits) }
    } else if r < 90 {
      // A batch that fails: the array is restored, and so are the rows.
      log.append("failing batch")
      do {
        let edits = { () throws(any Error) in
          for _ in 0..<Int.random(in: 1...3, using: &self.g) { try self.randomEdit() }
          throw CancellationError()
        }
        if Bool.random(using: &g) { try array.performBatchUpdates(edits) } else { try top.performBatchUpdates(edits) }
      } catch {}
    } else {
      try toggleRandomRow()
    }
    try check(before: before)
  }

  func toggleRandomRow() throws {
    // A random row of the model whose ancestors are expanded (in
    // `.sectioned`, a section or a row).
    var shown: [(path: TreePath, id: Int)] = []
    func collect(_ rows: [NaiveCompact.Row], _ prefix: [Int]) {
      for (i, row) in rows.enumerated() {
        shown.append((TreePath(prefix + [i]), row.ids[0]))
        if expandedBox.expanded.contains(row.ids[0]) { collect(row.kids, prefix + [i]) }
      }
    }
    collect(model(array.elements), [])
    guard let (path, id) = shown.randomElement(using: &g) else { return }
    if list.isExpanded(path) {
      try list.collapse(path)
      expandedBox.expanded.remove(id)
    } else {
      try list.expand(path)
      expandedBox.expanded.insert(id)
    }
  }

  /// The source, the replayed change sets, the list and the host against
  /// the model; with `before` (each row's parent row before the step), no
  /// row that keeps its parent row, as every row above it does, was
  /// removed by a single edit.
  func check(before: [Int: Int?]?) throws {
    let expected = model(array.elements)
    try #require(Self.read(top) == expected, "\(log.suffix(12))")
    try #require(replayed == expected, "replayed: \(log.suffix(12))")
    try #require(host.violations.isEmpty, "\(log.suffix(12)): \(host.violations)")
    let hostRows = (host.rows ?? []).map { section in section.map { ($0 as! CompactedElement<Node>).elements[0].id } }
    if layout == .flat {
      let rows = (0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])).elements[0].id }
      try #require(rows == NaiveCompact.rows(expected, expanded: expandedBox.expanded), "rows: \(log.suffix(12))")
      try #require(hostRows == [rows], "host: \(log.suffix(12))")
    } else {
      let sections = expected.map { row in
        expandedBox.expanded.contains(row.ids[0]) ? NaiveCompact.rows(row.kids, expanded: expandedBox.expanded) : []
      }
      try #require(hostRows == sections, "host sections: \(log.suffix(12))")
    }
    if let before, isSingleEdit, checksKeptRows {
      var after: [Int: Int?] = [:]
      NaiveCompact.parents(expected, into: &after)
      // A row is kept when it and every row above it keep their parent
      // rows; the rows beneath the last element of a chain that breaks come
      // back beneath its new row (see `CompactedTreeSource`).
      func isKept(_ head: Int) -> Bool {
        guard let old = before[head], let new = after[head], old == new else { return false }
        return new.map(isKept) ?? true
      }
      let kept = removedHeads.filter(isKept)
      try #require(kept.isEmpty, "rows that kept their parent row were removed: \(kept), \(log.suffix(12)) \(heard)")
    }
  }
}

/// The expanded rows' first ids, shared with the list's expansion closure.
final class _ExpandedBox {
  var expanded: Set<Int> = []
}

@Suite("Compacted sources")
struct CompactedSourceTests {
  static func forest(seed: UInt64) -> (nodes: [Node], nextID: Int) {
    var g = SeededGenerator(seed: seed &* 31 &+ 7)
    var id = 1
    func make(_ depth: Int) -> [Node] {
      guard depth > 0 else { return [] }
      return (0..<[0, 1, 1, 1, 2, 3].randomElement(using: &g)!).map { _ in
        let me = id
        id += 1
        return Node(id: me, tag: Int.random(in: 0..<20, using: &g), kids: make(depth - 1))
      }
    }
    return (make(5), id)
  }

  static func folder(_ node: Node) -> Bool { node.tag % 4 != 0 }

  // MARK: Scenarios

  /// `a` › `b` › `c` › {`x`, `y`}: one row `a/b/c` with two children.
  func chain() -> (ArrayTreeSource<Node>, CompactedTreeSource<ArrayTreeSource<Node>>) {
    let tree = [
      Node(
        id: 1, tag: 0,
        kids: [Node(id: 2, tag: 0, kids: [Node(id: 3, tag: 0, kids: [Node(id: 4, tag: 0), Node(id: 5, tag: 0)])])])
    ]
    let array = ArrayTreeSource(tree, children: \.kids)
    return (array, array.compacted())
  }

  @Test("A chain of single-child folders is one row, and its children are the last folder's")
  func chainIsOneRow() throws {
    let (_, compacted) = chain()
    #expect(try compacted.numberOfChildren(of: nil) == 1)
    let row = try compacted.element(at: [0])
    #expect(row.elements.map(\.id) == [1, 2, 3])
    #expect(row.last.id == 3)
    #expect(row.basePath == [0, 0, 0])
    #expect(try compacted.numberOfChildren(of: [0]) == 2)
    #expect(try compacted.element(at: [0, 1]).elements.map(\.id) == [5])
    #expect(compacted.basePath(forCompactedPath: [0, 1]) == [0, 0, 0, 1])
    #expect(compacted.compactedPath(forBasePath: [0, 0]) == [0])
    #expect(compacted.compactedPath(forBasePath: [0, 0, 0, 1]) == [0, 1])
  }

  @Test("Bad paths give errors or nil and change nothing")
  func badPaths() throws {
    let (_, compacted) = chain()
    #expect(throws: TreeSourceError.self) { try compacted.numberOfChildren(of: [1]) }
    #expect(throws: TreeSourceError.self) { try compacted.element(at: []) }
    #expect(throws: TreeSourceError.self) { try compacted.element(at: [0, 2]) }
    #expect(throws: TreeSourceError.self) { try compacted.element(at: [-1]) }
    #expect(compacted.basePath(forCompactedPath: [0, 0, 0]) == nil)
    #expect(compacted.compactedPath(forBasePath: [0, 1]) == nil)
    #expect(compacted.compactedPath(forBasePath: []) == nil)
    #expect(try compacted.numberOfChildren(of: [0]) == 2)
  }

  @Test("A second child breaks the chain with the documented steps; removing it merges again")
  func breakAndMerge() throws {
    let (array, compacted) = chain()
    var heard: [TreeSourceChanges] = []
    let subscription = compacted.subscribe { heard.append($0) }
    defer { subscription.cancel() }
    try array.insert(Node(id: 6, tag: 0), at: [0, 0, 1])
    #expect(
      heard.last?.steps == [.remove([0, 1]), .remove([0, 0]), .insert([0, 0]), .update([0]), .insert([0, 1])])
    #expect(try compacted.element(at: [0]).elements.map(\.id) == [1, 2])
    #expect(try compacted.element(at: [0, 0]).elements.map(\.id) == [3])
    #expect(try compacted.numberOfChildren(of: [0, 0]) == 2)
    try array.remove(at: [0, 0, 1])
    #expect(
      heard.last?.steps == [
        .remove([0, 1]), .move(from: [0, 0, 0], to: [0, 1]), .move(from: [0, 0, 0], to: [0, 2]), .remove([0, 0]),
        .update([0]),
      ])
    #expect(try compacted.element(at: [0]).elements.map(\.id) == [1, 2, 3])
    #expect(try compacted.numberOfChildren(of: [0]) == 2)
  }

  @Test("With a folder closure, an empty folder joins the chain and a file ends it")
  func folderClosure() throws {
    // 1 › 2 (empty folder); 3 › 4 (a file: tag 0).
    let array = ArrayTreeSource(
      [Node(id: 1, tag: 1, kids: [Node(id: 2, tag: 1)]), Node(id: 3, tag: 1, kids: [Node(id: 4, tag: 0)])],
      children: \.kids)
    let compacted = array.compacted(isFolder: Self.folder)
    #expect(try compacted.element(at: [0]).elements.map(\.id) == [1, 2])
    #expect(try compacted.numberOfChildren(of: [0]) == 0)
    #expect(try compacted.element(at: [1]).elements.map(\.id) == [3])
    // The file becomes a folder: the chain forms.
    try array.update(at: [1, 0]) { $0.tag = 1 }
    #expect(try compacted.element(at: [1]).elements.map(\.id) == [3, 4])
    #expect(try compacted.numberOfChildren(of: nil) == 2)
  }

  /// Eight times the leaves, each given a chain that forms and breaks and
  /// then updated, take less than 32 times as long: each base step costs
  /// the compacted source O(*d*), not a walk of the folder (which would
  /// make the work quadratic: 64 times).
  @Test func chainsFormAndBreakInConstantTimePerStep() throws {
    let ratio = try Growth.ratio(size: 400, factor: 8) { k in
      let leaves = (0..<k).map { Node(id: $0 + 2, tag: 0) }
      let array = ArrayTreeSource([Node(id: 1, tag: 0, kids: leaves)], children: \.kids)
      let compacted = array.compacted()
      var steps = 0
      let subscription = compacted.subscribe { steps += $0.steps.count }
      defer { subscription.cancel() }
      for i in 0..<k {
        try array.insert(Node(id: -1, tag: 0, kids: [Node(id: -2, tag: 0)]), at: [0, i, 0])
        try array.remove(at: [0, i, 0])
        try array.update(at: [0, i]) { $0.tag += 1 }
      }
      #expect(steps > 0)
    }
    #expect(ratio < 32, "eight times the leaves took \(ratio) times as long")
  }

  // MARK: Random sessions

  func run<Top: TreeSource>(
    _ seeds: ClosedRange<UInt64>, steps: Int, checksKeptRows: Bool = true, layout: TreeIndex.Layout = .flat,
    make: @escaping (ArrayTreeSource<Node>) -> Top, model: @escaping ([Node]) -> [NaiveCompact.Row]
  ) throws where Top.Element == CompactedElement<Node> {
    for seed in seeds {
      let (nodes, nextID) = Self.forest(seed: seed)
      let session = CompactSession(
        seed: seed, forest: nodes, nextID: nextID, make, checksKeptRows: checksKeptRows, layout: layout, model: model)
      try session.check(before: nil)
      for _ in 0..<steps { try session.step() }
    }
  }

  @Test("Random edits and batches: the rows, the replayed change sets and the host are the model's")
  func randomDefault() throws {
    try run(1...40, steps: 60, make: { $0.compacted() }, model: { NaiveCompact.compact($0) { !$0.kids.isEmpty } })
  }

  @Test("Random edits and batches in a sectioned list: each root row a section")
  func randomSectioned() throws {
    try run(
      141...170, steps: 60, layout: .sectioned, make: { $0.compacted() },
      model: { NaiveCompact.compact($0) { !$0.kids.isEmpty } })
  }

  @Test("Random edits and batches with a folder closure")
  func randomFolderClosure() throws {
    try run(
      41...80, steps: 60, make: { $0.compacted(isFolder: Self.folder) },
      model: { NaiveCompact.compact($0, isFolder: Self.folder) })
  }

  @Test("Compacted over a filter")
  func compactedOverFilter() throws {
    let rule = Rule(modulus: 3, residue: 0)
    try run(
      81...110, steps: 50, checksKeptRows: false,
      make: { FilteredTreeSource($0) { rule.outcome($0) }.compacted() },
      model: { NaiveCompact.compact(Naive.filter($0, rule)) { !$0.kids.isEmpty } })
  }

  @Test("A filter over compacted rows")
  func filterOverCompacted() throws {
    func outcome(_ ids: [Int], tags: [Int]) -> TreeFilterOutcome {
      if tags.last! % 3 == 0 { return .visible }
      if tags.first! % 5 == 4 { return .hidden }
      return .visibleIfDescendantIsVisible
    }
    try run(
      111...140, steps: 50, checksKeptRows: false,
      make: { array in
        FilteredTreeSource(array.compacted(isFolder: Self.folder)) { row in
          outcome(row.elements.map(\.id), tags: row.elements.map(\.tag))
        }
      },
      model: { nodes in
        var tags: [Int: Int] = [:]
        func collect(_ nodes: [Node]) {
          for n in nodes {
            tags[n.id] = n.tag
            collect(n.kids)
          }
        }
        collect(nodes)
        return NaiveCompact.filter(NaiveCompact.compact(nodes, isFolder: Self.folder)) { row in
          outcome(row.ids, tags: row.ids.map { tags[$0]! })
        }
      })
  }
}
