import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// An element of the random compositions: a unique id, a tag the
/// predicates read, and children.
struct Node: Hashable {
  var id: Int
  var tag: Int
  var kids: [Node] = []
}

/// A predicate by parameters, so that the model can evaluate it too.
struct Rule: Equatable {
  var modulus: Int
  var residue: Int

  func outcome(_ node: Node) -> TreeFilterOutcome {
    if node.tag % modulus == residue { return .visible }
    if node.tag % 5 == 4 { return .hidden }
    return .visibleIfDescendantIsVisible
  }

  static func random(using g: inout SeededGenerator) -> Rule {
    let modulus = Int.random(in: 2...4, using: &g)
    return Rule(modulus: modulus, residue: Int.random(in: 0..<modulus, using: &g))
  }
}

/// The naive model: rebuilds the composed tree from the arrays every time.
enum Naive {
  /// A tree of ids.
  struct Tree: Equatable {
    var id: Int
    var kids: [Tree]
  }

  static func tree(_ nodes: [Node], map: (Int) -> Int = { $0 }) -> [Tree] {
    nodes.map { Tree(id: map($0.id), kids: tree($0.kids, map: map)) }
  }

  /// VS Code's filter, written the obvious way.
  static func filter(_ nodes: [Node], _ rule: Rule) -> [Node] {
    filter(nodes, rule.outcome)
  }

  /// VS Code's filter with any predicate.
  static func filter(_ nodes: [Node], _ outcome: (Node) -> TreeFilterOutcome) -> [Node] {
    nodes.compactMap { node in
      let kids = filter(node.kids, outcome)
      switch outcome(node) {
      case .hidden: return nil
      case .visible: return Node(id: node.id, tag: node.tag, kids: kids)
      case .visibleIfDescendantIsVisible:
        return kids.isEmpty ? nil : Node(id: node.id, tag: node.tag, kids: kids)
      }
    }
  }

  /// The visible rows: ids with their parent's id, depth first, beneath
  /// expanded items only.
  static func rows(_ nodes: [Node], expanded: Set<Int>, parent: Int? = nil) -> [(id: Int, parent: Int?)] {
    var rows: [(Int, Int?)] = []
    for node in nodes {
      rows.append((node.id, parent))
      if expanded.contains(node.id) {
        rows += self.rows(node.kids, expanded: expanded, parent: node.id)
      }
    }
    return rows
  }

  /// Every path of a forest, depth first.
  static func paths(_ nodes: [Node], prefix: [Int] = []) -> [TreePath] {
    var result: [TreePath] = []
    for (i, node) in nodes.enumerated() {
      result.append(TreePath(prefix + [i]))
      result += paths(node.kids, prefix: prefix + [i])
    }
    return result
  }

  static func node(_ nodes: [Node], at path: TreePath) -> Node {
    var node = nodes[path[0]]
    for i in path.dropFirst() { node = node.kids[i] }
    return node
  }
}

/// The ids the list shows expanded, read by `TreeList(source:isExpanded:)`.
final class ExpansionState {
  var expanded: Set<Int> = []

  /// The user expands or collapses a random row of `list` (nothing when it
  /// has none), and the state follows.
  ///
  /// - Parameters:
  ///   - list: A `.flat` list.
  ///   - id: The id of a row's item.
  ///   - g: The random numbers.
  func toggleRandomRow<DataSource: TreeDataSource>(
    of list: TreeList<DataSource>, id: (DataSource.Item) -> Int, using g: inout SeededGenerator
  ) throws {
    guard list.numberOfRows > 0 else { return }
    let row = Int.random(in: 0..<list.numberOfRows, using: &g)
    let path = try #require(list.treePath(forRow: row))
    let id = id(list.item(at: IndexPath(indexes: [0, row])))
    if list.isExpanded(path) {
      try list.collapse(path)
      expanded.remove(id)
    } else {
      try list.expand(path)
      expanded.insert(id)
    }
  }
}

/// An array source of ``Node``s, filtered, shown by a list with a
/// simulated host: the filter's tree and the list's rows are checked
/// against the naive model of the filter.
protocol FilteredArraySession: AnyObject {
  var array: ArrayTreeSource<Node> { get }
  var filter: FilteredTreeSource<ArrayTreeSource<Node>> { get }
  var list: TreeList<TreeSourceDataSource<FilteredTreeSource<ArrayTreeSource<Node>>>> { get }
  var host: ListHostSimulator { get }
  var state: ExpansionState { get }
  /// What the filter's predicate says of `node` now, for the model.
  func modelOutcome(_ node: Node) -> TreeFilterOutcome
}

extension FilteredArraySession {
  /// The whole filtered tree, read through the filter (hidden rows too).
  func filteredTree(_ parent: TreePath? = nil) throws -> [Naive.Tree] {
    try (0..<filter.numberOfChildren(of: parent)).map { i in
      let path = (parent ?? []).appending(i)
      return Naive.Tree(id: try filter.element(at: path).id, kids: try filteredTree(path))
    }
  }

  /// The ids of the list's rows.
  func rows() -> [Int] {
    (0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])).id }
  }

  /// The filter, the list and the host against the model.
  func check(_ context: String) throws {
    let model = Naive.filter(array.elements, modelOutcome)
    try #require(try filteredTree() == Naive.tree(model), "\(context)")
    try #require(rows() == Naive.rows(model, expanded: state.expanded).map(\.id), "\(context)")
    try #require(host.violations.isEmpty, "\(context): \(host.violations)")
    try #require((host.rows?.first ?? []).map { ($0 as! Node).id } == rows(), "\(context)")
  }
}
