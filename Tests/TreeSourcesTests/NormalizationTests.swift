import Testing
import TreeIndexTestSupport
import TreeSources

import struct TreeIndex.TreePath

/// The published normal form of a batch, worked out by runs of inserted
/// siblings (`_Normalization.normalize`), against its plain definition,
/// which tracks every inserted item on its own.
@Suite struct NormalizationTests {
  /// A tree of bare items: only the shape matters to normal form.
  final class Item {
    var children: [Item] = []

    init(children: Int = 0) {
      self.children = (0..<children).map { _ in Item() }
    }

    /// Every item's path beneath this one, this one's first.
    func paths(at path: TreePath) -> [TreePath] {
      var result = [path]
      for (i, child) in children.enumerated() { result += child.paths(at: path.appending(i)) }
      return result
    }

    func item(at path: TreePath) -> Item {
      path.reduce(self) { $0.children[$1] }
    }
  }

  /// A random step valid in `root`'s tree, applied to it.
  static func randomStep(in root: Item, using rng: inout SeededGenerator) -> TreeSourceChanges.Step {
    let items = Array(root.paths(at: []).dropFirst())
    // Insertion points: a child position of the root or of any item in
    // the tree as it is now (for a move: without the moved item).
    func insertionPoint() -> TreePath {
      let parents = root.paths(at: [])
      let parent = parents.randomElement(using: &rng)!
      let count = root.item(at: parent).children.count
      // Appends are likely, as in bulk edits.
      let index = Int.random(in: 0..<4, using: &rng) == 0 ? Int.random(in: 0...count, using: &rng) : count
      return parent.appending(index)
    }
    switch items.isEmpty ? 0 : Int.random(in: 0..<10, using: &rng) {
    case 0..<5:
      let path = insertionPoint()
      let parent = root.item(at: TreePath(path.dropLast()))
      parent.children.insert(Item(children: Int.random(in: 0...2, using: &rng)), at: path[path.depth - 1])
      return .insert(path)
    case 5..<7:
      let path = items.randomElement(using: &rng)!
      root.item(at: TreePath(path.dropLast())).children.remove(at: path[path.depth - 1])
      return .remove(path)
    case 7:
      return .update(items.randomElement(using: &rng)!)
    default:
      let source = items.randomElement(using: &rng)!
      let moved = root.item(at: source)
      root.item(at: TreePath(source.dropLast())).children.remove(at: source[source.depth - 1])
      let destination = insertionPoint()
      root.item(at: TreePath(destination.dropLast())).children.insert(moved, at: destination[destination.depth - 1])
      return .move(from: source, to: destination)
    }
  }

  @Test(arguments: 0..<300)
  func runsOfInsertedSiblingsGiveThePlainNormalForm(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let root = Item(children: Int.random(in: 0...4, using: &rng))
    for child in root.children { child.children = (0..<Int.random(in: 0...3, using: &rng)).map { _ in Item() } }
    var steps: [TreeSourceChanges.Step] = []
    for _ in 0..<Int.random(in: 2...40, using: &rng) {
      steps.append(Self.randomStep(in: root, using: &rng))
      #expect(
        _Normalization.normalize(steps) == _Normalization.normalizeByScanning(steps),
        "seed \(seed): \(TreeSourceChanges(steps))")
    }
  }

  @Test func aBulkInsertionIsKeptAsItIsAndWhatFollowsInsideItIsDropped() {
    var steps: [TreeSourceChanges.Step] = (0..<1000).map { .insert([2, $0]) }
    steps.append(.insert([2, 500, 0]))
    steps.append(.update([2, 999]))
    steps.append(.move(from: [2, 10, 0], to: [0]))
    let normal = _Normalization.normalize(steps)
    #expect(normal == _Normalization.normalizeByScanning(steps))
    #expect(normal.count == 1001)
    #expect(normal.last == .insert([0]))
  }
}
