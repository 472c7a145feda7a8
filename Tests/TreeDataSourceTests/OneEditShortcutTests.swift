import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// The list's shortcuts for one edit alone (one insertion, deletion,
/// settled move or reload outside a batch) against its general path: two lists over the same
/// random tree, one of them held to the general path, get the same random
/// edits and must hand their hosts the same updates, throw the same errors
/// and end up with the same index and geometry.
@Suite("One-edit shortcuts against the general path")
struct OneEditShortcutTests {
  final class Twins {
    var rng: SeededGenerator
    let tree: ModelTree
    let fast: TreeList<ModelDataSource>
    let general: TreeList<ModelDataSource>
    let fastHost: ListHostSimulator
    let generalHost: ListHostSimulator
    var shortcuts = 0

    init(seed: UInt64, layout: TreeIndex.Layout) {
      rng = SeededGenerator(seed: seed)
      tree = ModelTree.random(size: 40, maxDepth: 4, using: &rng)
      fast = TreeList(dataSource: ModelDataSource(tree: tree), layout: layout)
      general = TreeList(dataSource: ModelDataSource(tree: tree), layout: layout)
      general._usesGeneralPathsOnly = true
      fastHost = makeHost(for: fast)
      generalHost = makeHost(for: general)
      fast.reloadData()
      general.reloadData()
    }

    func random(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
    func chance(_ p: Double) -> Bool { Double.random(in: 0..<1, using: &rng) < p }

    /// Runs `edit` on both lists; returns what each threw, described.
    func both(_ edit: (TreeList<ModelDataSource>) throws -> Void) -> (fast: String?, general: String?) {
      var errors: (fast: String?, general: String?) = (nil, nil)
      do { try edit(fast) } catch { errors.fast = "\(error)" }
      do { try edit(general) } catch { errors.general = "\(error)" }
      return errors
    }

    /// One random step: mostly one insertion, deletion, move or reload of one
    /// path (the shortcuts), sometimes an expansion or a collapse (so that insertions
    /// land beneath hidden, collapsed and unknown items too), sometimes a
    /// path that names nothing.
    func step() -> (fast: String?, general: String?) {
      let nodes = tree.allNodes
      switch random(0...13) {
      case 12, 13:  // move one item, with everything beneath it, anywhere
        guard let node = nodes.randomElement(using: &rng) else { return (nil, nil) }
        let source = tree.path(of: node)!
        tree.remove(node)
        let parent = ([tree.root] + tree.allNodes).randomElement(using: &rng)!
        tree.insert(node, into: parent, at: random(0...parent.children.count))
        let destination = tree.path(of: node)!
        shortcuts += 1
        return both { try $0.moveItem(at: source, to: destination) }
      case 10, 11:  // delete one item, with everything beneath it
        guard let node = nodes.randomElement(using: &rng) else { return (nil, nil) }
        let path = tree.path(of: node)!
        _ = tree.remove(node)
        shortcuts += 1
        return both { try $0.deleteItems(at: [path]) }
      case 0...3:  // insert one subtree, which may start expanded
        let parent = ([tree.root] + nodes).randomElement(using: &rng)!
        let node = tree.randomSubtree(size: chance(0.3) ? 5 : 1, using: &rng)
        tree.insert(node, into: parent, at: random(0...parent.children.count))
        let path = tree.path(of: node)!
        shortcuts += 1
        return both { try $0.insertItems(at: [path]) }
      case 4...6:  // reload one item, often with a new height
        guard let node = nodes.randomElement(using: &rng) else { return (nil, nil) }
        if chance(0.6) { node.height = random(0...5) }
        let path = tree.path(of: node)!
        shortcuts += 1
        return both { try $0.reloadItems(at: [path]) }
      case 7:  // a path past the end: both refuse it
        let path = TreePath([nodes.count + 5])
        switch random(0...2) {
        case 0: return both { try $0.insertItems(at: [path]) }
        case 1: return both { try $0.reloadItems(at: [path]) }
        default: return both { try $0.deleteItems(at: [path]) }
        }
      default:  // expand or collapse a row
        guard let node = nodes.randomElement(using: &rng) else { return (nil, nil) }
        let path = tree.path(of: node)!
        let expand = chance(0.6)
        return both { list in
          guard list.numberOfSubitems(of: path.parent) != nil else { return }
          if expand { try list.expand(path) } else { try list.collapse(path) }
        }
      }
    }
  }

  @Test(arguments: 0..<LongTests.choose(short: 12, long: 120))
  func sameUpdatesAsTheGeneralPath(seed: Int) throws {
    for layout in [TreeIndex.Layout.flat, .sectioned] {
      let twins = Twins(seed: UInt64(seed) &* 0x2545_F491_4F6C_DD1D &+ 11, layout: layout)
      for stepNumber in 0..<LongTests.choose(short: 120, long: 600) {
        let label = Comment(rawValue: "seed \(seed), \(layout), step \(stepNumber)")
        let errors = twins.step()
        try #require(errors.fast == errors.general, label)
        try #require(twins.fastHost.calls == twins.generalHost.calls, label)
        try #require(twins.fastHost.violations.isEmpty && twins.generalHost.violations.isEmpty, label)
        try #require(twins.fast.index == twins.general.index, label)
        try #require(twins.fast.contentHeight == twins.general.contentHeight, label)
        for row in 0...twins.fast.numberOfRows {
          try #require(twins.fast.offset(ofRow: row) == twins.general.offset(ofRow: row), label)
        }
      }
      #expect(twins.shortcuts > 30)
    }
  }
}
