import Foundation
import Testing
import TreeDataSource

/// Errors, batches, subscriptions and moves of the sources themselves.
@Suite("Tree sources: errors, batches, moves")
struct SourceBehaviourTests {
  struct Person: Hashable {
    var name: String
    var pets: [Person] = []
  }

  @Test func badInputThrowsNamingSourcePathAndReasonAndChangesNothing() throws {
    let friends = ArrayTreeSource([Person(name: "Ann", pets: [Person(name: "Rex")])], children: \.pets, name: "friends")
    var heard: [TreeSourceChanges] = []
    let subscription = friends.subscribe { heard.append($0) }
    let error = #expect(throws: TreeSourceError.self) { try friends.remove(at: [7]) }
    #expect(error?.source == "friends")
    #expect(error?.path == [7])
    #expect(error?.reason == .indexOutOfRange(count: 1))
    #expect(error?.description == "friends: cannot remove [7]: an index is out of range; there are 1 items there")
    #expect(throws: TreeSourceError.self) { try friends.insert(Person(name: "X"), at: [0, 5]) }
    // A destination is read with the item removed, so its subtree is not
    // there to move into: [0, 0, 0] names nothing.
    let intoItself = #expect(throws: TreeSourceError.self) { try friends.move(from: [0], to: [0, 0, 0]) }
    #expect(intoItself?.reason == .indexOutOfRange(count: 1))
    #expect(intoItself?.destination == [0, 0, 0])
    #expect(throws: TreeSourceError.self) { try friends.insert(Person(name: "X"), at: []) }
    #expect(friends.elements == [Person(name: "Ann", pets: [Person(name: "Rex")])])
    #expect(heard.isEmpty)
    subscription.cancel()
  }

  @Test func filtersRefuseHiddenElementsAndMappedSourcesRefuseEdits() throws {
    let names = ArrayTreeSource(["Ann", "Bob"], name: "names")
    let filtered = FilteredTreeSource(names) { $0.hasPrefix("A") ? .visible : .hidden }
    let hidden = #expect(throws: TreeSourceError.self) { try filtered.insert("Zed", at: [0]) }
    #expect(hidden?.reason == .hiddenByFilter)
    #expect(hidden?.source == "Filtered(names)")
    #expect(throws: TreeSourceError.self) { try filtered.remove(at: [1]) }  // Bob's hidden position
    let erased = AnyTreeSource(names.map { $0.uppercased() })
    let immutable = #expect(throws: TreeSourceError.self) { try erased.remove(at: [0]) }
    #expect(immutable?.reason == .notMutable)
    #expect(names.elements == ["Ann", "Bob"])
    try filtered.insert("Amy", at: [1])  // after Ann: past the last shown, so at the end
    #expect(names.elements == ["Ann", "Bob", "Amy"])
    #expect(try filtered.element(at: [1]) == "Amy")
    #expect(filtered.basePath(forFilteredPath: [1]) == [2])
    #expect(filtered.filteredPath(forBasePath: [1]) == nil)
  }

  @Test func nestedBatchesAreDeliveredOnceAndAFailedBatchIsUndone() throws {
    let a = ArrayTreeSource(["a"], name: "a")
    let b = ArrayTreeSource(["b"], name: "b")
    let join = JoinedTreeSource([a.eraseToAnyTreeSource(), b.eraseToAnyTreeSource()])
    var heard: [TreeSourceChanges] = []
    let subscription = join.subscribe { heard.append($0) }
    try join.performBatchUpdates { () throws(TreeSourceError) in
      try a.append("a2")
      try b.performBatchUpdates { () throws(TreeSourceError) in
        try b.insert("b0", at: [0])
      }
      try join.insert("a3", at: [2])
    }
    // The join hears of each step as it is made, in order: a2 at [1], b0
    // after both of a's items, then a3 between a2 and b0.
    #expect(heard == [TreeSourceChanges([.insert([1]), .insert([2]), .insert([2])])])
    #expect(a.elements == ["a", "a2", "a3"])
    #expect(throws: TreeSourceError.self) {
      try join.performBatchUpdates { () throws(TreeSourceError) in
        try a.remove(at: [0])
        try b.remove(at: [9])
      }
    }
    #expect(a.elements == ["a", "a2", "a3"])
    #expect(b.elements == ["b0", "b"])
    #expect(heard.count == 1)
    subscription.cancel()
    try a.append("unheard")
    #expect(heard.count == 1)
  }

  @Test func aMoveAcrossJoinedSourcesIsOneMoveThatKeepsExpansion() throws {
    let friends = ArrayTreeSource([Person(name: "Ann", pets: [Person(name: "Rex")])], children: \.pets, name: "friends")
    let enemies = ArrayTreeSource([Person(name: "Bob")], children: \.pets, name: "enemies")
    let data = JoinedTreeSource([friends.eraseToAnyTreeSource(), enemies.eraseToAnyTreeSource()])
    let list = TreeList(source: data.map(\.name), layout: .sectioned)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try list.expand([0])
    try data.move(from: [0], to: [1])  // Ann (with Rex) becomes the second section
    #expect(enemies.elements.map(\.name) == ["Bob", "Ann"])
    #expect(friends.elements.isEmpty)
    #expect(host.calls.last == .apply(TreeChanges(movedSections: [.init(from: 0, to: 1)])))
    #expect(list.isExpanded([1]))
    #expect(host.rows == [[], ["Rex"]])
    #expect(host.violations.isEmpty)
  }

  @Test func changeSetsAreNormalized() {
    // Nothing beneath an inserted item; final paths say where items end up.
    let changes = TreeSourceChanges([.insert([0]), .insert([0, 0]), .insert([0]), .update([1, 0])])
    var heard: [TreeSourceChanges] = []
    let source = ArrayTreeSource(["x"])
    let s = source.subscribe { heard.append($0) }
    #expect(changes.finalPath(of: [0], afterStep: 0) == [1])
    #expect(changes.finalPath(of: [0], afterStep: -1) == [2])
    s.cancel()
    #expect(heard.isEmpty)
  }
}
