import Foundation
import Testing
import TreeDataSource

/// Edits that travel through a composition: through `AnyTreeSource`, a
/// join's `replace`, and moves through a filter, each checked against the
/// data it changes, the change set it publishes and the host's batch.
@Suite("Tree sources: edits forwarded through compositions")
struct ForwardedEditTests {
  struct Item: Hashable {
    var name: String
    var kids: [Item] = []
  }

  static func names(_ items: [Item]) -> [String] { items.map(\.name) }

  @Test func anyTreeSourceForwardsEveryEditAndQuestion() throws {
    let array = ArrayTreeSource([Item(name: "a", kids: [Item(name: "a0")]), Item(name: "b")], children: \.kids, name: "items")
    let erased = array.eraseToAnyTreeSource()
    // Erasing an erased source wraps the same base.
    #expect(AnyTreeSource(erased).base === array)
    #expect(erased.name == "items")
    #expect(try erased.numberOfChildren(of: nil) == 2)
    #expect(try erased.numberOfChildren(of: [0]) == 1)
    #expect(try erased.element(at: [0, 0]).name == "a0")
    var heard: [TreeSourceChanges] = []
    let subscription = erased.subscribe { heard.append($0) }
    try erased.insert(Item(name: "c"), at: [2])
    try erased.move(from: [2], to: [0, 0])
    try erased.replace(at: [1], with: Item(name: "B"))
    let removed = try erased.remove(at: [0, 1])
    #expect(removed.name == "a0")
    #expect(Self.names(array.elements) == ["a", "B"])
    #expect(Self.names(array.elements[0].kids) == ["c"])
    #expect(
      heard == [
        TreeSourceChanges([.insert([2])]), TreeSourceChanges([.move(from: [2], to: [0, 0])]),
        TreeSourceChanges([.update([1])]), TreeSourceChanges([.remove([0, 1])]),
      ])
    try erased.performBatchUpdates { () throws(TreeSourceError) in
      try erased.remove(at: [1])
      try erased.insert(Item(name: "d"), at: [0])
    }
    #expect(heard.last == TreeSourceChanges([.remove([1]), .insert([0])]))
    #expect(Self.names(array.elements) == ["d", "a"])
    // Errors come from the wrapped source, named by it.
    let error = #expect(throws: TreeSourceError.self) { try erased.move(from: [5], to: [0]) }
    #expect(error?.source == "items")
    #expect(error?.destination == [0])
    subscription.cancel()
  }

  @Test func anyTreeSourceOverAnImmutableSourceRefusesEveryEdit() throws {
    let array = ArrayTreeSource(["a", "b"], name: "letters")
    let erased = array.map { $0.uppercased() }.eraseToAnyTreeSource()
    #expect(erased.name == "Mapped(letters)")
    #expect(try erased.element(at: [1]) == "B")
    var heard: [TreeSourceChanges] = []
    let subscription = erased.subscribe { heard.append($0) }
    let insert = #expect(throws: TreeSourceError.self) { try erased.insert("C", at: [0]) }
    #expect(insert?.reason == .notMutable)
    #expect(insert?.operation == .insert)
    let move = #expect(throws: TreeSourceError.self) { try erased.move(from: [0], to: [1]) }
    #expect(move?.reason == .notMutable)
    #expect(move?.destination == [1])
    let replace = #expect(throws: TreeSourceError.self) { try erased.replace(at: [0], with: "Z") }
    #expect(replace?.operation == .replace)
    #expect(replace?.description == "Mapped(letters): cannot replace [0]: the source cannot be edited")
    #expect(array.elements == ["a", "b"])
    #expect(heard.isEmpty)
    // A batch through the mapped source is its base's batch.
    try erased.performBatchUpdates { () throws(TreeSourceError) in
      try array.append("c")
      try array.append("d")
    }
    #expect(heard == [TreeSourceChanges([.insert([2]), .insert([3])])])
    subscription.cancel()
  }

  @Test func joinedReplaceGoesToTheSourceThatHoldsTheItem() throws {
    let a = ArrayTreeSource(["a0", "a1"], name: "a")
    let b = ArrayTreeSource(["b0"], name: "b")
    let join = JoinedTreeSource([a.eraseToAnyTreeSource(), b.eraseToAnyTreeSource()], name: "join")
    let list = TreeList(source: join)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try join.replace(at: [2], with: "B0")
    #expect(b.elements == ["B0"])
    #expect(a.elements == ["a0", "a1"])
    #expect(host.calls.last == .apply(TreeChanges(reloadedRowRanges: [.init(section: 0, rows: 2..<3)])))
    try join.replace(at: [0], with: "A0")
    #expect(a.elements == ["A0", "a1"])
    #expect(host.rows == [["A0", "a1", "B0"]])
    for bad: TreePath in [[3], [-1], []] {
      let error = #expect(throws: TreeSourceError.self) { try join.replace(at: bad, with: "x") }
      #expect(error?.source == "join")
      #expect(error?.path == bad)
      #expect(error?.reason == (bad.depth == 0 ? .emptyPath : .indexOutOfRange(count: 3)))
    }
    #expect(try join.numberOfChildren(of: [0]) == 0)
    #expect(throws: TreeSourceError.self) { try join.numberOfChildren(of: [3]) }
    #expect(a.elements == ["A0", "a1"])
    #expect(b.elements == ["B0"])
    #expect(host.violations.isEmpty)
  }

  @Test func joinedMoveErrorsChangeNothing() throws {
    let a = ArrayTreeSource(["a0", "a1"], name: "a")
    let b = ArrayTreeSource(["b0"], name: "b")
    // An element that b's filter would hide cannot move into it.
    let onlyB = FilteredTreeSource(b) { $0.hasPrefix("b") ? .visible : .hidden }
    let join = JoinedTreeSource([a.eraseToAnyTreeSource(), onlyB.eraseToAnyTreeSource()], name: "join")
    var heard: [TreeSourceChanges] = []
    let subscription = join.subscribe { heard.append($0) }
    let hidden = #expect(throws: TreeSourceError.self) { try join.move(from: [0], to: [2]) }
    #expect(hidden?.reason == .hiddenByFilter)
    let empty = #expect(throws: TreeSourceError.self) { try join.move(from: [0], to: []) }
    #expect(empty?.reason == .emptyPath)
    let far = #expect(throws: TreeSourceError.self) { try join.move(from: [0], to: [3]) }
    #expect(far?.reason == .indexOutOfRange(count: 2))
    #expect(far?.path == [0])
    #expect(far?.destination == [3])
    #expect(a.elements == ["a0", "a1"])
    #expect(b.elements == ["b0"])
    #expect(heard.isEmpty)
    // Out of the filter into a: one move, and b's array loses it.
    try join.move(from: [2], to: [1])
    #expect(a.elements == ["a0", "b0", "a1"])
    #expect(b.elements == [])
    #expect(heard == [TreeSourceChanges([.move(from: [2], to: [1])])])
    // A move within one joined source is that source's move, lifted.
    try join.move(from: [2], to: [0])
    #expect(a.elements == ["a1", "a0", "b0"])
    #expect(heard.last == TreeSourceChanges([.move(from: [2], to: [0])]))
    subscription.cancel()
  }

  @Test func movesThroughAFilterMoveTheBaseAndReachTheHostAsOneMove() throws {
    let files = ArrayTreeSource(
      [
        Item(name: "src", kids: [Item(name: "a.swift"), Item(name: "b.txt"), Item(name: "c.swift")]),
        Item(name: "docs.txt"),
        Item(name: "lib", kids: [Item(name: "d.swift")]),
      ], children: \.kids, name: "files")
    let filtered = FilteredTreeSource(files) { item in
      item.name.hasSuffix(".txt") ? .hidden : .visible
    }
    let list = TreeList(source: filtered.map(\.name)) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect(host.rows == [["src", "a.swift", "c.swift", "lib", "d.swift"]])

    // Within a parent, past a hidden sibling: c.swift before a.swift.
    try filtered.move(from: [0, 1], to: [0, 0])
    #expect(Self.names(files.elements[0].kids) == ["c.swift", "a.swift", "b.txt"])
    #expect(
      host.calls.last
        == .apply(TreeChanges(movedRowRanges: [.init(from: .init(section: 0, rows: 2..<3), to: .init(section: 0, rows: 1..<2))])))

    // Across parents: a.swift into lib, after d.swift.
    try filtered.move(from: [0, 1], to: [1, 1])
    #expect(Self.names(files.elements[0].kids) == ["c.swift", "b.txt"])
    #expect(Self.names(files.elements[2].kids) == ["d.swift", "a.swift"])
    #expect(host.rows == [["src", "c.swift", "lib", "d.swift", "a.swift"]])
    #expect(host.calls.count == 3)

    // A root move: lib (with its children) before src; the hidden docs.txt
    // stays where it was between them in the base.
    try filtered.move(from: [1], to: [0])
    #expect(Self.names(files.elements) == ["lib", "src", "docs.txt"])
    #expect(host.rows == [["lib", "d.swift", "a.swift", "src", "c.swift"]])
    #expect(host.calls.count == 4)

    // Bad moves name the filter and change nothing.
    for (from, to): (TreePath, TreePath) in [([0], []), ([5], [0]), ([0], [0, 9]), ([0], [2])] {
      let error = #expect(throws: TreeSourceError.self) { try filtered.move(from: from, to: to) }
      #expect(error?.source == "Filtered(files)")
      #expect(error?.operation == .move)
    }
    #expect(Self.names(files.elements) == ["lib", "src", "docs.txt"])
    #expect(host.calls.count == 4)
    #expect(host.violations.isEmpty)
  }

  @Test func aBatchIsPublishedInNormalFormNothingBeneathWhatItInserts() throws {
    let items = ArrayTreeSource([Item(name: "A", kids: [Item(name: "a1")]), Item(name: "B")], children: \.kids, name: "items")
    let list = TreeList(source: items.map(\.name)) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    var heard: [TreeSourceChanges] = []
    let subscription = items.subscribe { heard.append($0) }
    try items.performBatchUpdates { () throws(TreeSourceError) in
      try items.insert(Item(name: "X"), at: [0])  // fresh
      try items.append(Item(name: "x1"), to: [0])  // beneath it: not listed
      try items.replace(at: [0], with: Item(name: "X"))  // an update of it: not listed
      try items.move(from: [1, 0], to: [0, 1])  // a1 into X: a removal
      try items.move(from: [0, 0], to: [1, 0])  // x1 out of X into A: an insertion
      try items.remove(at: [0, 0])  // a1, inside X: not listed
      try items.update(at: [1, 0]) { $0.name = "x1!" }  // x1, inserted: not listed
    }
    let changes = try #require(heard.first)
    #expect(changes == TreeSourceChanges([.insert([0]), .remove([1, 0]), .insert([1, 0])]))
    #expect(changes.description == "insert [0]; remove [1, 0]; insert [1, 0]")
    #expect(!changes.isEmpty && TreeSourceChanges().isEmpty)
    #expect(changes.finalPath(of: [1, 0], afterStep: 0) == nil)
    #expect(host.rows == [["X", "A", "x1!", "B"]])
    #expect(host.calls.count == 2)
    #expect(host.violations.isEmpty)
    subscription.cancel()
  }

  @Test func changeSetsLiftAndDescribeEveryStep() {
    let changes = TreeSourceChanges([.move(from: [0], to: [1]), .update([2]), .remove([3]), .insert([4])])
    #expect(changes.description == "move [0] -> [1]; update [2]; remove [3]; insert [4]")
    let lifted = changes.mapPaths { TreePath([9] + Array($0)) }
    #expect(
      lifted == TreeSourceChanges([.move(from: [9, 0], to: [9, 1]), .update([9, 2]), .remove([9, 3]), .insert([9, 4])]))
    // Where items end up: shifted by the later steps, or removed.
    #expect(changes.finalPath(of: [0], afterStep: -1) == [1])
    #expect(changes.finalPath(of: [3], afterStep: 1) == nil)
    #expect(changes.finalPath(of: [2, 5], afterStep: 0) == [2, 5])
    #expect(changes.finalPath(of: [5], afterStep: 0) == [5])
  }
}
