import Testing
import TreeDataSource

/// A filter over a composition reads each item's element with its number
/// of children in one walk where the sources can (array sources, joins,
/// erased sources), and asks the two questions of other sources; array
/// sources append and replace root elements without the general walk.
/// These compare what the filter shows with what it shows over one plain
/// array source holding the same tree, and check the edits' errors and
/// changes.
@Suite("Sources: one-walk reads and root edits")
struct OneWalkReadTests {
  struct Node: Hashable {
    var name: String
    var children: [Node] = []
  }

  static func predicate(_ node: Node) -> TreeFilterOutcome {
    if node.name.hasSuffix("1") { return .hidden }
    return node.name.hasPrefix("folder") ? .visibleIfDescendantIsVisible : .visible
  }

  /// Every shown item, depth first: its path, name and number of shown
  /// children.
  func dump<S: TreeSource<Node>>(_ source: S, under parent: TreePath? = nil) throws -> [String] {
    var lines: [String] = []
    for i in 0..<(try source.numberOfChildren(of: parent)) {
      let path = (parent ?? []).appending(i)
      let count = try source.numberOfChildren(of: path)
      lines.append("\(Array(path)) \(try source.element(at: path).name) \(count)")
      lines += try dump(source, under: path)
    }
    return lines
  }

  @Test func aFilterOverNestedJoinsShowsWhatItShowsOverOneArray() throws {
    let flat = ArrayTreeSource([Node(name: "f1"), Node(name: "f2")], name: "flat")
    let names = ArrayTreeSource(["m1", "m2"], name: "names")
    // A mapped source reads no element with its children in one walk: the
    // erased source asks it the two questions.
    let mapped = names.map { Node(name: $0) }
    let tree = ArrayTreeSource(
      [
        Node(name: "folderA", children: [Node(name: "a1"), Node(name: "a2", children: [Node(name: "a21")])]),
        Node(name: "folderB", children: [Node(name: "b1")]),
        Node(name: "c"),
      ], children: \.children, name: "tree")
    let empty = ArrayTreeSource<Node>([], children: \.children, name: "empty")
    // The inner join comes after the flat source: its paths reach it with
    // their first index raised by two.
    let inner = JoinedTreeSource([mapped.eraseToAnyTreeSource(), tree.eraseToAnyTreeSource()])
    let outer = JoinedTreeSource([
      flat.eraseToAnyTreeSource(), inner.eraseToAnyTreeSource(), empty.eraseToAnyTreeSource(),
    ])
    let filter = FilteredTreeSource(outer, predicate: Self.predicate)
    let model = ArrayTreeSource(flat.elements + names.elements.map { Node(name: $0) } + tree.elements, children: \.children)
    let expected = FilteredTreeSource(model, predicate: Self.predicate)
    #expect(try dump(filter) == dump(expected))
    #expect(try dump(filter).contains("[1] m2 0"))

    // Appends to each level, a new folder with a shown child, and an item
    // in the empty last source.
    try tree.append(Node(name: "b2"), to: [1])
    try model.append(Node(name: "b2"), to: [5])
    try tree.append(Node(name: "folderD", children: [Node(name: "d2")]))
    try model.append(Node(name: "folderD", children: [Node(name: "d2")]))
    try flat.append(Node(name: "f3"))
    try model.insert(Node(name: "f3"), at: [2])
    try empty.append(Node(name: "e", children: [Node(name: "e2")]))
    try model.append(Node(name: "e", children: [Node(name: "e2")]))
    try names.append("m3")
    try model.insert(Node(name: "m3"), at: [5])
    #expect(try dump(filter) == dump(expected))
    #expect(try dump(filter).contains("[5] folderB 1"))
  }

  @Test func aFlatRootReplacementChecksItsPathAndIsOneUpdate() throws {
    let letters = ArrayTreeSource(["a", "b"], name: "letters")
    var heard: [TreeSourceChanges] = []
    let subscription = letters.subscribe { heard.append($0) }
    for path: TreePath in [[2], [-1], [0, 0], []] {
      let error = #expect(throws: TreeSourceError.self) { try letters.replace(at: path, with: "x") }
      #expect(error?.operation == .replace)
      #expect(error?.path == path)
    }
    #expect(heard.isEmpty)
    try letters.replace(at: [1], with: "B")
    try letters.append("c")
    #expect(letters.elements == ["a", "B", "c"])
    #expect(heard.map(\.steps) == [[.update([1])], [.insert([2])]])
    subscription.cancel()
  }

  @Test func anObserverThatCancelsItsSubscriptionWhileHearingIsNotCalledAgain() throws {
    let letters = ArrayTreeSource(["a"], name: "letters")
    var first = 0
    var second = 0
    var subscription: TreeSourceSubscription?
    subscription = letters.subscribe { _ in
      first += 1
      subscription?.cancel()
    }
    let other = letters.subscribe { _ in second += 1 }
    try letters.append("b")
    try letters.append("c")
    #expect(first == 1)
    #expect(second == 2)
    other.cancel()
  }
}
