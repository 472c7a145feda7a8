import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// Counts and gaps past 32 bits: a known item keeps its number of subitems
/// and the unknown siblings before it in 32 bits each, and moves both into
/// a second node when either does not fit (a *wide* item). These tests
/// drive counts and indices back and forth across 2³¹ against a sparse
/// model, so that every item turns wide and narrow again, and check every
/// known item's row, the rows around it and random rows both ways after
/// every operation, and that batches that fail leave the index as it was.
@Suite("Wide counts")
struct WideCountTests {
  /// The largest count and gap an item keeps in its own fields.
  static let boundary = Int(Int32.max)

  @Test func aCountPastThirtyTwoBitsMapsBothWays() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([1], numberOfSubitems: Self.boundary + 10)
    #expect(index.numberOfRows == 3 + Self.boundary + 10)
    // A known item past 2³¹ unknown siblings: its gap is wide too.
    try index.expand([1, Self.boundary + 5], numberOfSubitems: 4)
    #expect(index.row(for: [1, Self.boundary + 5]) == 2 + Self.boundary + 5)
    #expect(index.row(for: [1, Self.boundary + 5, 3]) == 2 + Self.boundary + 9)
    #expect(index.treePath(forRow: 2 + Self.boundary + 9) == [1, Self.boundary + 5, 3])
    #expect(index.treePath(forRow: 2 + Self.boundary + 10) == [1, Self.boundary + 6])
    #expect(index.row(for: [2]) == 2 + Self.boundary + 14)
    // Deleting unknown items before it brings the gap back under 2³¹.
    try index.deleteItems(at: [[1, 0], [1, 1], [1, 2], [1, 3], [1, 4], [1, 5], [1, 6]])
    #expect(index.row(for: [1, Self.boundary - 2]) == 2 + Self.boundary - 2)
    #expect(index.numberOfSubitems(of: [1]) == Self.boundary + 3)
    try index.expand([1], numberOfSubitems: 2)
    #expect(index.numberOfRows == 5)
    index._checkInvariants()
  }

  @Test(arguments: 0..<24)
  func randomOperationsAcrossTheBoundaryMatchTheModel(seed: Int) throws {
    var generator = SeededGenerator(seed: UInt64(seed))
    let layout: TreeIndex.Layout = seed % 2 == 0 ? .flat : .sectioned
    var index = TreeIndex(numberOfRootItems: 4, layout: layout)
    var model = SparseTreeModel(rootCount: 4)
    let counts = [
      0, 1, 3, Self.boundary - 1, Self.boundary, Self.boundary + 1, Self.boundary + 2, 2 * Self.boundary + 7, 1 << 40,
    ]
    for step in 0..<160 {
      let context = "seed \(seed), step \(step)"
      let before = index
      let parents = [nil] + model.knownPaths().map { Optional($0) }
      let parent = parents.randomElement(using: &generator)!
      let count = model.count(of: parent)
      let candidates = Self.interestingIndices(below: count)
      switch Int.random(in: 0..<7, using: &generator) {
      case 0, 1:
        guard let i = candidates.randomElement(using: &generator) else { continue }
        let path = Self.path(parent, i)
        let n = counts.randomElement(using: &generator)!
        try index.expand(path, numberOfSubitems: n)
        model.expand(path, count: n)
      case 2:
        guard let path = model.knownPaths().randomElement(using: &generator) else { continue }
        try index.collapse(path)
        model.collapse(path)
      case 3:
        let i = (Self.interestingIndices(below: count + 1)).randomElement(using: &generator)!
        let path = Self.path(parent, i)
        try index.insertItems(at: [path])
        model.insert(at: path)
      case 4:
        guard let i = candidates.randomElement(using: &generator) else { continue }
        let path = Self.path(parent, i)
        try index.deleteItems(at: [path])
        model.delete(at: path)
      case 5:
        // A move between two known parents (or the root), known item or not.
        guard let i = candidates.randomElement(using: &generator) else { continue }
        let source = Self.path(parent, i)
        var moved = model
        let subtree = moved.remove(at: source)
        let targets = ([nil] + moved.knownPaths().map { Optional($0) })
        let target = targets.randomElement(using: &generator)!
        let j = Self.interestingIndices(below: moved.count(of: target) + 1).randomElement(using: &generator)!
        let destination = Self.path(target, j)
        moved.place(subtree, at: destination)
        try index.moveItem(at: source, to: destination)
        model = moved
      default:
        // A batch of two steps, then a failing step: nothing changes.
        guard let i = candidates.randomElement(using: &generator) else { continue }
        let path = Self.path(parent, i)
        let n = counts.randomElement(using: &generator)!
        #expect(throws: TreeIndexError.self, "\(context)") {
          try index.performBatchUpdates { index in
            try index.expand(path, numberOfSubitems: n)
            try index.insertItems(at: [Self.path(parent, 0)])
            try index.expand([-1], numberOfSubitems: 1)
          }
        }
        #expect(index == before, "\(context): a failed batch changed the index")
        try index.performBatchUpdates { index in
          try index.expand(path, numberOfSubitems: n)
          try index.insertItems(at: [Self.path(parent, 0)])
        }
        model.expand(path, count: n)
        model.insert(at: Self.path(parent, 0))
      }
      index._checkInvariants()
      try Self.check(index, against: model, layout: layout, context, using: &generator)
    }
  }

  /// Indices below `count` where 32-bit fields overflow, and the ends.
  static func interestingIndices(below count: Int) -> [Int] {
    let b = boundary
    return Set([0, 1, 2, b - 2, b - 1, b, b + 1, b + 2, count - 2, count - 1].filter { $0 >= 0 && $0 < count }).sorted()
  }

  static func path(_ parent: TreePath?, _ index: Int) -> TreePath {
    parent?.appending(index) ?? [index]
  }

  /// Checks the index's rows, counts and expansion against the model: each
  /// known item, the rows next to each visible one, the last row of its
  /// subtree, and a few random rows, both ways.
  static func check(
    _ index: TreeIndex, against model: SparseTreeModel, layout: TreeIndex.Layout, _ context: String,
    using generator: inout SeededGenerator
  ) throws {
    #expect(index.numberOfRootItems == model.rootCount, "\(context)")
    guard layout == .flat else {
      for section in 0..<min(index.numberOfSections, 8) {
        #expect(index.numberOfRows(inSection: section) == model.visibleRowsBeneath([section]), "\(context)")
      }
      for path in model.knownPaths() {
        #expect(index.numberOfSubitems(of: path) == model.count(of: path), "\(context) \(path)")
        #expect(index.isExpanded(path) == model.isExpanded(path), "\(context) \(path)")
        if let row = model.sectionedRow(of: path) {
          let table: IndexPath = [path[0], row]
          #expect(index.tableIndexPath(fromTreePath: path) == table, "\(context) \(path)")
          #expect(index.treeIndexPath(fromTablePath: table) == path, "\(context) \(path)")
        } else {
          #expect(index.tableIndexPath(fromTreePath: path) == nil, "\(context) \(path)")
        }
      }
      return
    }
    let rows = model.visibleRows()
    #expect(index.numberOfRows == rows, "\(context)")
    var probes: [Int] = [0, rows - 1]
    for path in model.knownPaths() {
      #expect(index.numberOfSubitems(of: path) == model.count(of: path), "\(context) \(path)")
      #expect(index.isExpanded(path) == model.isExpanded(path), "\(context) \(path)")
      let row = model.row(of: path)
      #expect(index.row(for: path) == row, "\(context) \(path)")
      if let row {
        probes += [row - 1, row, row + 1, row + model.visibleRowsBeneath(path), row + model.visibleRowsBeneath(path) + 1]
      }
    }
    for _ in 0..<4 where rows > 0 { probes.append(Int.random(in: 0..<rows, using: &generator)) }
    for row in probes where row >= 0 && row < rows {
      let path = model.path(forRow: row)
      #expect(index.treePath(forRow: row) == path, "\(context) row \(row)")
      #expect(index.row(for: path) == row, "\(context) \(path)")
    }
  }
}

/// A tree of counts with a few known items at any index, however large:
/// the model of what a `TreeIndex` knows, with rows summed naively.
struct SparseTreeModel {
  struct Node {
    var count: Int
    var isExpanded: Bool
    var children: [Int: Node] = [:]
  }

  var root: Node

  init(rootCount: Int) { root = Node(count: rootCount, isExpanded: true) }

  var rootCount: Int { root.count }

  func node(_ path: TreePath?) -> Node? {
    guard let path else { return root }
    var node = root
    for i in path {
      guard let child = node.children[i] else { return nil }
      node = child
    }
    return node
  }

  func count(of path: TreePath?) -> Int { node(path)!.count }

  func isExpanded(_ path: TreePath) -> Bool { node(path)?.isExpanded ?? false }

  func knownPaths() -> [TreePath] {
    var paths: [TreePath] = []
    func visit(_ node: Node, _ prefix: [Int]) {
      for (i, child) in node.children.sorted(by: { $0.key < $1.key }) {
        paths.append(TreePath(prefix + [i]))
        visit(child, prefix + [i])
      }
    }
    visit(root, [])
    return paths
  }

  static func rowsBeneath(_ node: Node) -> Int {
    node.children.values.reduce(node.count) { $0 + ($1.isExpanded ? rowsBeneath($1) : 0) }
  }

  func rowsBeneath(_ path: TreePath) -> Int { Self.rowsBeneath(node(path) ?? Node(count: 0, isExpanded: false)) }

  func visibleRowsBeneath(_ path: TreePath) -> Int {
    guard let node = node(path), node.isExpanded else { return 0 }
    return Self.rowsBeneath(node)
  }

  func visibleRows() -> Int { Self.rowsBeneath(root) }

  /// The offset of subitem `i` among the rows beneath `node`.
  static func offset(of i: Int, in node: Node) -> Int {
    node.children.reduce(i) { $0 + ($1.key < i && $1.value.isExpanded ? rowsBeneath($1.value) : 0) }
  }

  /// The `.flat` row of the item at `path`, or `nil` when it is hidden.
  func row(of path: TreePath) -> Int? {
    var node = root
    var row = -1
    for (level, i) in path.enumerated() {
      guard node.isExpanded || level == 0 else { return nil }
      row += 1 + Self.offset(of: i, in: node)
      if level == path.depth - 1 { return row }
      guard let child = node.children[i] else { return nil }
      node = child
    }
    return nil
  }

  /// The row of the item at `path` in its section, or `nil` when hidden.
  func sectionedRow(of path: TreePath) -> Int? {
    guard path.depth > 1, let section = node([path[0]]), section.isExpanded else { return nil }
    var model = self
    model.root = Node(count: section.count, isExpanded: true, children: section.children)
    return model.row(of: TreePath(Array(path.dropFirst())))
  }

  /// The path of the `.flat` row `row`.
  func path(forRow row: Int) -> TreePath {
    var indices: [Int] = []
    var node = root
    var rest = row
    while true {
      var extra = 0
      var descended = false
      for (i, child) in node.children.sorted(by: { $0.key < $1.key }) {
        let start = i + extra
        if rest < start { break }
        let beneath = child.isExpanded ? Self.rowsBeneath(child) : 0
        if rest <= start + beneath {
          indices.append(i)
          if rest == start { return TreePath(indices) }
          rest -= start + 1
          node = child
          descended = true
          break
        }
        extra += beneath
      }
      if !descended {
        indices.append(rest - extra)
        return TreePath(indices)
      }
    }
  }

  mutating func modify(_ path: TreePath?, _ body: (inout Node) -> Void) {
    func go(_ node: inout Node, _ rest: ArraySlice<Int>) {
      guard let i = rest.first else { return body(&node) }
      go(&node.children[i]!, rest.dropFirst())
    }
    go(&root, path.map { ArraySlice(Array($0)) } ?? [])
  }

  mutating func expand(_ path: TreePath, count: Int) {
    modify(path.parent) { parent in
      if let child = parent.children[path.last!], child.count == count {
        parent.children[path.last!]!.isExpanded = true
      } else {
        parent.children[path.last!] = Node(count: count, isExpanded: true)
      }
    }
  }

  mutating func collapse(_ path: TreePath) { modify(path) { $0.isExpanded = false } }

  mutating func insert(at path: TreePath) { place(nil, at: path) }

  mutating func delete(at path: TreePath) { _ = remove(at: path) }

  /// Removes the item at `path`, returning what was known of it.
  mutating func remove(at path: TreePath) -> Node? {
    var removed: Node?
    modify(path.parent) { parent in
      let i = path.last!
      removed = parent.children[i]
      parent.children = Dictionary(
        uniqueKeysWithValues: parent.children.compactMap { $0.key == i ? nil : ($0.key > i ? $0.key - 1 : $0.key, $0.value) })
      parent.count -= 1
    }
    return removed
  }

  /// Inserts an item at `path`, known as `node` or unknown.
  mutating func place(_ node: Node?, at path: TreePath) {
    modify(path.parent) { parent in
      let i = path.last!
      parent.children = Dictionary(
        uniqueKeysWithValues: parent.children.map { ($0.key >= i ? $0.key + 1 : $0.key, $0.value) })
      parent.children[i] = node
      parent.count += 1
    }
  }
}
