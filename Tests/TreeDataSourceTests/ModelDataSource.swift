import Foundation
import TreeDataSource

/// One item of a ``ModelTree``: a stable identity, whether it starts
/// expanded, its row height and its subitems.
final class ModelNode {
  let id: Int
  var startsExpanded: Bool
  var height: Int
  var children: [ModelNode] = []
  weak var parent: ModelNode?

  init(id: Int, startsExpanded: Bool = false, height: Int = 1) {
    self.id = id
    self.startsExpanded = startsExpanded
    self.height = height
  }

  /// This node and every node beneath it, parents first.
  var subtree: [ModelNode] {
    var result: [ModelNode] = []
    var stack = [self]
    while let node = stack.popLast() {
      result.append(node)
      stack.append(contentsOf: node.children.reversed())
    }
    return result
  }

  /// Whether `self` is `other` or lies beneath it.
  func isInSubtree(of other: ModelNode) -> Bool {
    var node: ModelNode? = self
    while let current = node {
      if current === other { return true }
      node = current.parent
    }
    return false
  }
}

/// One question a data source answered, by the identity of the item it was
/// about (0: the root).
struct Question: Hashable, CustomStringConvertible {
  enum Kind: String, Hashable { case numberOfSubitems, isExpanded, height, item }
  var kind: Kind
  var id: Int

  var description: String { "\(kind.rawValue)(#\(id))" }
}

/// An explicit tree of items with stable identities, edited by tests before
/// they tell the list, and a record of every question asked about it.
final class ModelTree {
  let root = ModelNode(id: 0)
  private(set) var nextID = 1
  /// Every question the list asked, in order.
  var questions: [Question] = []
  /// The questions the host asked through ``TreeList/item(at:)`` for rows it
  /// loads; counted apart from the list's own.
  var hostItemRequests = 0
  /// Set while the host reads a row, so that its requests are told apart.
  var hostIsReading = false
  /// How many questions of each kind were asked, in total.
  var totals: [Question.Kind: Int] = [:]
  /// Whether to keep ``questions`` (off for very large trees).
  var recordsQuestions = true

  func makeNode(startsExpanded: Bool = false, height: Int = 1) -> ModelNode {
    defer { nextID += 1 }
    return ModelNode(id: nextID, startsExpanded: startsExpanded, height: height)
  }

  func node(at path: TreePath?) -> ModelNode? {
    var node = root
    for i in path ?? [] {
      guard i >= 0, i < node.children.count else { return nil }
      node = node.children[i]
    }
    return node
  }

  /// The path of `node` (`nil` for the root).
  func path(of node: ModelNode) -> TreePath? {
    var indices: [Int] = []
    var current = node
    while let parent = current.parent {
      indices.append(parent.children.firstIndex { $0 === current }!)
      current = parent
    }
    return current === root && !indices.isEmpty ? TreePath(indices.reversed()) : nil
  }

  func insert(_ node: ModelNode, into parent: ModelNode, at index: Int) {
    node.parent = parent
    parent.children.insert(node, at: index)
  }

  @discardableResult
  func remove(_ node: ModelNode) -> Int {
    let parent = node.parent!
    let index = parent.children.firstIndex { $0 === node }!
    parent.children.remove(at: index)
    node.parent = nil
    return index
  }

  /// Every node but the root, parents first.
  var allNodes: [ModelNode] { Array(root.subtree.dropFirst()) }

  func record(_ kind: Question.Kind, _ path: TreePath?) -> ModelNode {
    let node = self.node(at: path)!
    if kind == .item && hostIsReading {
      hostItemRequests += 1
      return node
    }
    totals[kind, default: 0] += 1
    if recordsQuestions { questions.append(Question(kind: kind, id: node.id)) }
    return node
  }

  func forgetQuestions() {
    questions = []
    hostItemRequests = 0
    totals = [:]
  }
}

/// A data source whose items are the identities of a ``ModelTree``'s nodes.
protocol ModelBackedDataSource: TreeDataSource where Item == Int {
  var tree: ModelTree { get }
  init(tree: ModelTree)
  /// The height the list should give the row of `node`.
  func expectedHeight(of node: ModelNode) -> Double
}

/// A ``ModelTree`` as a data source with per-item heights.
final class ModelDataSource: ModelBackedDataSource {
  let tree: ModelTree
  init(tree: ModelTree) { self.tree = tree }

  func numberOfSubitems(of parent: TreePath?) -> Int { tree.record(.numberOfSubitems, parent).children.count }
  func isExpanded(_ treePath: TreePath) -> Bool { tree.record(.isExpanded, treePath).startsExpanded }
  func height(ofItemAt treePath: TreePath) -> Double { Double(tree.record(.height, treePath).height) }
  func item(at treePath: TreePath) -> Int { tree.record(.item, treePath).id }
  func expectedHeight(of node: ModelNode) -> Double { Double(node.height) }
}

/// A ``ModelTree`` as a data source that keeps the protocol's default
/// height (the heights of the nodes are ignored).
final class DefaultHeightModelDataSource: ModelBackedDataSource {
  let tree: ModelTree
  init(tree: ModelTree) { self.tree = tree }

  func numberOfSubitems(of parent: TreePath?) -> Int { tree.record(.numberOfSubitems, parent).children.count }
  func isExpanded(_ treePath: TreePath) -> Bool { tree.record(.isExpanded, treePath).startsExpanded }
  func item(at treePath: TreePath) -> Int { tree.record(.item, treePath).id }
  func expectedHeight(of node: ModelNode) -> Double { 1 }
}

extension ModelTree {
  /// A random tree of about `size` nodes, at most `maxDepth` levels deep.
  static func random(
    size: Int, maxDepth: Int, expandedChance: Double = 0.4, using rng: inout some RandomNumberGenerator
  ) -> ModelTree {
    let tree = ModelTree()
    var open: [(ModelNode, Int)] = [(tree.root, 0)]
    for _ in 0..<size {
      let candidates = open.filter { $0.1 < maxDepth }
      let (parent, depth) = candidates.randomElement(using: &rng)!
      let node = tree.randomNode(expandedChance: expandedChance, using: &rng)
      tree.insert(node, into: parent, at: Int.random(in: 0...parent.children.count, using: &rng))
      open.append((node, depth + 1))
    }
    return tree
  }

  /// A new node with a random flag and height (sometimes 0).
  func randomNode(expandedChance: Double = 0.4, using rng: inout some RandomNumberGenerator) -> ModelNode {
    makeNode(
      startsExpanded: Double.random(in: 0..<1, using: &rng) < expandedChance,
      height: Int.random(in: 0..<8, using: &rng) == 0 ? 0 : Int.random(in: 1...5, using: &rng))
  }

  /// A new subtree of at most `size` nodes, for an insertion.
  func randomSubtree(size: Int, using rng: inout some RandomNumberGenerator) -> ModelNode {
    let top = randomNode(using: &rng)
    var nodes = [top]
    for _ in 0..<Int.random(in: 0..<size, using: &rng) {
      let parent = nodes.randomElement(using: &rng)!
      let node = randomNode(using: &rng)
      insert(node, into: parent, at: Int.random(in: 0...parent.children.count, using: &rng))
      nodes.append(node)
    }
    return top
  }
}

/// A host simulator that keeps each row's identity, reading rows with the
/// tree's ``ModelTree/hostIsReading`` set so its requests count apart.
func makeHost<DataSource: ModelBackedDataSource>(for list: TreeList<DataSource>) -> ListHostSimulator {
  let tree = list.dataSource.tree
  let host = ListHostSimulator(
    numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) },
    rowContent: { tablePath in
      tree.hostIsReading = true
      defer { tree.hostIsReading = false }
      return AnyHashable(list.item(at: tablePath))
    })
  list.host = host
  return host
}
