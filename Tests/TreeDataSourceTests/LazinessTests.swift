import Foundation
import Testing
import TreeDataSource

/// A tree of exactly 100,000 visible rows (flat): 500 expanded root items,
/// each with 100 subitems; the first subitem of each is expanded with 99
/// collapsed leaves, the others are collapsed over one hidden leaf each.
/// (Few expanded items keep the suite fast with the internal checks on.)
func hundredThousandRowTree() -> ModelTree {
  let tree = ModelTree()
  for r in 0..<500 {
    let root = tree.makeNode(startsExpanded: true, height: r % 3)
    tree.insert(root, into: tree.root, at: r)
    for c in 0..<100 {
      let child = tree.makeNode(startsExpanded: c == 0, height: 1 + c % 4)
      tree.insert(child, into: root, at: c)
      for l in 0..<(c == 0 ? 99 : 1) {
        // Hidden leaves would start expanded: they are never asked.
        tree.insert(tree.makeNode(startsExpanded: c != 0, height: 2), into: child, at: l)
      }
    }
  }
  return tree
}

@Suite("Laziness")
struct LazinessTests {
  @Test func reloadOfOneHundredThousandRowsAsksEachQuestionOncePerVisibleItem() throws {
    let tree = hundredThousandRowTree()
    tree.recordsQuestions = false
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    // Counts rows only: this host asks for no item.
    let host = ListHostSimulator(numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) })
    list.host = host
    list.reloadData()

    // The naive expectation, from the tree itself.
    var visible = 0
    var expandedVisible = 0
    var heights = 0.0
    func walk(_ node: ModelNode) {
      for child in node.children {
        visible += 1
        heights += Double(child.height)
        if child.startsExpanded {
          expandedVisible += 1
          walk(child)
        }
      }
    }
    walk(tree.root)
    let counts = tree.totals
    #expect(visible == 100_000)
    #expect(list.numberOfRows == visible)
    #expect(counts[.numberOfSubitems] == 1 + expandedVisible)
    #expect(counts[.isExpanded] == visible)
    #expect(counts[.height] == visible)
    #expect(counts[.item] == nil)
    #expect(host.calls == [.reloadData])
    #expect(host.numberOfRows == [visible])
    #expect(list.contentHeight == heights)

    // The host's later questions ask the data source nothing.
    tree.forgetQuestions()
    #expect(list.numberOfRows(inSection: 0) == visible)
    #expect(list.offset(ofRow: visible / 2) > 0)
    #expect(list.row(atOffset: heights / 2) != nil)
    #expect(list.treeIndexPath(fromTablePath: IndexPath(indexes: [0, 50_000])) != nil)
    #expect(tree.totals.isEmpty)
  }

  @Test func collapsingAndExpandingABigRetainedSubtreeAsksOneCountAndHandsOverOneRange() throws {
    let tree = hundredThousandRowTree()
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    let host = makeHost(for: list)
    list.reloadData()
    let rows = list.numberOfRows
    let height = list.contentHeight
    let beneath = 100 + 99  // the rows under [3]
    tree.forgetQuestions()
    host.removeRecordedCalls()

    try list.collapse([3])
    #expect(tree.questions.isEmpty)
    #expect(
      host.calls == [.apply(TreeChanges(deletedRowRanges: [.init(section: 0, rows: (3 * 200 + 1)..<(3 * 200 + 1 + beneath))]))])
    #expect(list.numberOfRows == rows - beneath)
    #expect(host.violations.isEmpty)
    #expect(tree.hostItemRequests == 0)

    host.removeRecordedCalls()
    try list.expand([3])
    #expect(tree.questions == [Question(kind: .numberOfSubitems, id: tree.node(at: [3])!.id)])
    #expect(
      host.calls == [.apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: (3 * 200 + 1)..<(3 * 200 + 1 + beneath))]))])
    #expect(list.numberOfRows == rows)
    #expect(list.contentHeight == height)
    #expect(host.violations.isEmpty)
    #expect(tree.hostItemRequests == beneath, "the host loads the rows that appear, as cells")
    #expect(host.mismatchedRows().isEmpty)
  }

  @Test func recursiveExpandAsksAboutTheSubtreeItOpensAndNothingElse() throws {
    let tree = ModelTree()
    for r in 0..<3 {
      let root = tree.makeNode()
      tree.insert(root, into: tree.root, at: r)
      for c in 0..<3 {
        let child = tree.makeNode(startsExpanded: c == 1)
        tree.insert(child, into: root, at: c)
        tree.insert(tree.makeNode(), into: child, at: 0)
      }
    }
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    let host = makeHost(for: list)
    list.reloadData()
    tree.forgetQuestions()
    try list.expand([1], recursively: true)
    let subtree = tree.node(at: [1])!.subtree
    let beneath = Set(subtree.dropFirst().map(\.id))
    let asked = tree.questions
    #expect(Set(asked.map(\.id)).isSubset(of: Set(subtree.map(\.id))))
    #expect(asked.filter { $0.kind == .numberOfSubitems }.count == subtree.count)
    #expect(Set(asked.filter { $0.kind == .isExpanded }.map(\.id)) == beneath)
    #expect(asked.filter { $0.kind == .isExpanded }.count == beneath.count)
    #expect(Set(asked.filter { $0.kind == .height }.map(\.id)) == beneath)
    #expect(list.numberOfRows == 3 + 6)
    #expect(!list.isExpanded([1, 0, 0]) && !list.isExpanded([1, 1, 0]), "leaves stay collapsed")
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows().isEmpty)
  }
}
