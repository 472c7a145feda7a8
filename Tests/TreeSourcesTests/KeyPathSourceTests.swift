import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// `KeyPathTreeSource`, `GroupedTreeSource` and `PropertiesTreeSource`
/// against naive models: random edits through the composed tree change the
/// object's arrays as plain array edits would, and the host follows.
@Suite("Key path, grouped and properties sources against models")
struct KeyPathSourceTests {
  struct Being: Hashable {
    var id: Int
    var pets: [Being] = []
  }

  final class Owner {
    var friends: [Being] = []
    var enemies: [Being] = []
  }

  /// The naive model: the two arrays, edited as arrays.
  struct Model: Equatable {
    var groups: [[Being]]

    mutating func insert(_ being: Being, at path: TreePath) {
      if path.depth == 2 {
        groups[path[0]].insert(being, at: path[1])
      } else {
        groups[path[0]][path[1]].pets.insert(being, at: path[2])
      }
    }

    mutating func remove(at path: TreePath) -> Being {
      path.depth == 2 ? groups[path[0]].remove(at: path[1]) : groups[path[0]][path[1]].pets.remove(at: path[2])
    }

    mutating func replace(at path: TreePath, with being: Being) {
      if path.depth == 2 {
        groups[path[0]][path[1]] = Being(id: being.id, pets: groups[path[0]][path[1]].pets)
      } else {
        groups[path[0]][path[1]].pets[path[2]] = being
      }
    }

    /// The rows of the grouped tree with every item expanded: a header
    /// (-1, -2), then friends with their pets.
    var rows: [Int] {
      var rows: [Int] = []
      for (g, beings) in groups.enumerated() {
        rows.append(-1 - g)
        for being in beings { rows += [being.id] + being.pets.map(\.id) }
      }
      return rows
    }
  }

  @Test(arguments: 1...12)
  func randomEditsThroughGroupedKeyPathSources(seed: UInt64) throws {
    var g = SeededGenerator(seed: seed)
    var nextID = 1
    func being(pets: Int) -> Being {
      defer { nextID += 1 + pets }
      return Being(id: nextID, pets: (0..<pets).map { Being(id: nextID + 1 + $0) })
    }
    let owner = Owner()
    owner.friends = (0..<3).map { _ in being(pets: Int.random(in: 0...2, using: &g)) }
    owner.enemies = (0..<2).map { _ in being(pets: Int.random(in: 0...2, using: &g)) }
    var model = Model(groups: [owner.friends, owner.enemies])
    let friends = KeyPathTreeSource(owner, \.friends, descendingKeyPaths: [\.pets], name: "friends")
    let enemies = KeyPathTreeSource(owner, \.enemies, descendingKeyPaths: [\.pets], name: "enemies")
    let grouped = GroupedTreeSource(
      [(Being(id: -1), friends.eraseToAnyTreeSource()), (Being(id: -2), enemies.eraseToAnyTreeSource())])
    let list = TreeList(source: grouped.map(\.id)) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()

    func randomPath() -> TreePath {
      let depth = Int.random(in: 1...4, using: &g)
      let group = Int.random(in: 0...2, using: &g)  // 2 is out of range
      var path: [Int] = [group]
      var beings = group < 2 ? model.groups[group] : []
      for _ in 1..<depth {
        let i = Int.random(in: 0...beings.count, using: &g)
        path.append(i)
        beings = i < beings.count ? beings[i].pets : []
      }
      return TreePath(path)
    }

    for _ in 0..<60 {
      let before = model
      let calls = host.calls.count
      let kind = Int.random(in: 0..<4, using: &g)
      var heardOf = 1  // how many host batches the edit makes
      do {
        switch kind {
        case 0:
          let path = randomPath()
          let new = being(pets: Int.random(in: 0...1, using: &g))
          try grouped.insert(new, at: path)
          model.insert(new, at: path)
        case 1:
          let path = randomPath()
          let removed = try grouped.remove(at: path)
          #expect(removed == model.remove(at: path))
        case 2:
          let (from, to) = (randomPath(), randomPath())
          try grouped.move(from: from, to: to)
          if from == to { heardOf = 0 }  // a move to where it is changes nothing
          let moved = model.remove(at: from)
          model.insert(moved, at: to)
        default:
          let path = randomPath()
          let new = Being(id: nextID)
          nextID += 1
          try grouped.replace(at: path, with: new)
          model.replace(at: path, with: new)
        }
        #expect(host.calls.count == calls + heardOf)
      } catch {
        // Refused: nothing changed, and the host heard nothing.
        #expect(error.source == "GroupedTreeSource" || ["friends", "enemies"].contains(error.source))
        #expect(model == before)
        #expect(host.calls.count == calls)
      }
      #expect(owner.friends == model.groups[0])
      #expect(owner.enemies == model.groups[1])
      #expect((host.rows?.first ?? []).map { $0 as! Int } == model.rows)
      #expect(host.violations.isEmpty)
    }
  }

  @Test func descendingKeyPathsWriteThroughEveryLevel() throws {
    let owner = Owner()
    owner.friends = [Being(id: 1, pets: [Being(id: 2)]), Being(id: 3)]
    let friends = KeyPathTreeSource(owner, \.friends, descendingKeyPaths: [\.pets], name: "friends")
    var heard: [TreeSourceChanges] = []
    let subscription = friends.subscribe { heard.append($0) }
    #expect(friends.elements == owner.friends)
    #expect(try friends.numberOfChildren(of: [0]) == 1)
    #expect(try friends.numberOfChildren(of: [0, 0]) == 0)  // below the last level
    #expect(try friends.children(of: [0]) == [Being(id: 2)])
    #expect(try friends.children(of: nil).map(\.id) == [1, 3])
    try friends.append(Being(id: 4), to: [1])
    try friends.move(from: [0, 0], to: [1, 0])
    try friends.update(at: [1, 1]) { $0.id = 40 }
    try friends.append(Being(id: 5))
    #expect(owner.friends == [Being(id: 1), Being(id: 3, pets: [Being(id: 2), Being(id: 40)]), Being(id: 5)])
    #expect(
      heard == [
        TreeSourceChanges([.insert([1, 0])]), TreeSourceChanges([.move(from: [0, 0], to: [1, 0])]),
        TreeSourceChanges([.update([1, 1])]), TreeSourceChanges([.insert([2])]),
      ])
    // Pets have no children here, and a pet cannot become a friend (the
    // levels keep children through different key paths).
    let leaf = #expect(throws: TreeSourceError.self) { try friends.append(Being(id: 6), to: [1, 0]) }
    #expect(leaf?.reason == .noSuchItem)
    let level = #expect(throws: TreeSourceError.self) { try friends.move(from: [1, 0], to: [0]) }
    #expect(level?.reason == .otherLevel)
    #expect(
      level?.description == "friends: cannot move [1, 0] to [0]: items at the destination's level keep their children another way"
    )
    // A failed batch sets the object's array back.
    #expect(throws: TreeSourceError.self) {
      try friends.performBatchUpdates { () throws(TreeSourceError) in
        try friends.remove(at: [0])
        try friends.remove(at: [7])
      }
    }
    #expect(owner.friends.map(\.id) == [1, 3, 5])
    #expect(heard.count == 4)
    subscription.cancel()
  }

  final class Person {
    final class Team {
      var name = "Reds"
    }
    var team = Team()
    var firstName = "Ann"
    var lastName = "Lee"
  }

  @Test(arguments: 1...6)
  func propertiesUpdateReloadsOnlyTheRowsThatChanged(seed: UInt64) throws {
    var g = SeededGenerator(seed: seed)
    let person = Person()
    let properties = PropertiesTreeSource(person, keyPaths: [\.team.name, \.firstName, \.lastName], name: "person")
    let list = TreeList(source: properties)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    var published = ["Reds", "Ann", "Lee"]  // the model: the values the host shows
    for _ in 0..<30 {
      let words = ["Reds", "Blues", "Ann", "Bo", "Lee", "Kim"]
      for i in 0..<3 where Bool.random(using: &g) {
        let word = words.randomElement(using: &g)!
        switch i {
        case 0: person.team.name = word
        case 1: person.firstName = word
        default: person.lastName = word
        }
      }
      let now = [person.team.name, person.firstName, person.lastName]
      let changed = (0..<3).filter { now[$0] != published[$0] }
      let calls = host.calls.count
      #expect(properties.update() == changed.map { TreePath([$0]) })
      if changed.isEmpty {
        #expect(host.calls.count == calls)
      } else {
        #expect(host.calls.count == calls + 1)
        guard case .apply(let changes) = host.calls.last else {
          Issue.record("expected an apply, got \(String(describing: host.calls.last))")
          continue
        }
        #expect(Set(changes.reloadedRowRanges.flatMap { $0.rows }) == Set(changed))
        #expect(changes.insertedRowRanges.isEmpty && changes.deletedRowRanges.isEmpty)
      }
      published = now
      #expect((host.rows?.first ?? []).map { $0 as! String } == published)
      #expect(host.violations.isEmpty)
    }
    for bad: TreePath in [[], [3], [0, 0], [-1]] {
      #expect(throws: TreeSourceError.self) { try properties.element(at: bad) }
    }
    #expect(try properties.numberOfChildren(of: [1]) == 0)
    #expect(throws: TreeSourceError.self) { try properties.numberOfChildren(of: [1, 0]) }
  }

  @Test func propertiesInABatchArePublishedOnceOrAgainAfterAFailure() throws {
    let person = Person()
    let properties = PropertiesTreeSource(person, keyPaths: [\.team.name, \.firstName, \.lastName])
    var heard: [TreeSourceChanges] = []
    let subscription = properties.subscribe { heard.append($0) }
    struct Failure: Error {}
    #expect(throws: Failure.self) {
      try properties.performBatchUpdates { () throws(Failure) in
        person.lastName = "Kim"
        properties.update()
        throw Failure()
      }
    }
    #expect(heard.isEmpty)
    try properties.performBatchUpdates { () throws(Failure) in
      person.firstName = "Bo"
      properties.update()
    }
    #expect(heard == [TreeSourceChanges([.update([1]), .update([2])])])
    subscription.cancel()
  }

  @Test func groupedHeadersAreFixedAndNamedInErrors() throws {
    let owner = Owner()
    owner.friends = [Being(id: 1)]
    let friends = KeyPathTreeSource(owner, \.friends, name: "friends")
    let grouped = GroupedTreeSource([(Being(id: -1), friends.eraseToAnyTreeSource())], name: "people")
    #expect(try grouped.element(at: [0]) == Being(id: -1))
    #expect(try grouped.element(at: [0, 0]) == Being(id: 1))
    #expect(try grouped.numberOfChildren(of: nil) == 1)
    #expect(try grouped.numberOfChildren(of: [0]) == 1)
    for (operation, attempt) in [
      ("insert", { try grouped.insert(Being(id: 9), at: [0]) }),
      ("remove", { _ = try grouped.remove(at: [0]) }),
      ("replace", { try grouped.replace(at: [0], with: Being(id: 9)) }),
      ("move", { try grouped.move(from: [0, 0], to: [1]) }),
    ] as [(String, () throws -> Void)] {
      let error = #expect(throws: TreeSourceError.self, "\(operation)") { try attempt() }
      #expect(error?.source == "people")
      #expect(error?.operation.rawValue == operation)
    }
    let far = #expect(throws: TreeSourceError.self) { try grouped.move(from: [0, 0], to: [3, 0]) }
    #expect(far?.reason == .indexOutOfRange(count: 1))
    #expect(far?.destination == [3, 0])
    #expect(throws: TreeSourceError.self) { try grouped.element(at: []) }
    var heard: [TreeSourceChanges] = []
    let subscription = grouped.subscribe { heard.append($0) }
    try grouped.performBatchUpdates { () throws(TreeSourceError) in
      try friends.append(Being(id: 2))
      try grouped.move(from: [0, 1], to: [0, 0])
    }
    #expect(heard == [TreeSourceChanges([.insert([0, 1]), .move(from: [0, 1], to: [0, 0])])])
    #expect(owner.friends.map(\.id) == [2, 1])
    subscription.cancel()
  }

  /// A move between two joined sources is one move; when the destination
  /// keeps children another way (here: none), the item's row still moves
  /// (it keeps its expansion) and the rows beneath it are replaced, in one
  /// batch: never a move of rows whose subtree changed.
  @Test func aMoveToASourceThatShowsOtherChildrenMovesTheItemAndReplacesItsSubitems() throws {
    let owner = Owner()
    owner.friends = [Being(id: 1, pets: [Being(id: 10), Being(id: 11)]), Being(id: 2)]
    owner.enemies = [Being(id: 3)]
    let friends = KeyPathTreeSource(owner, \.friends, descendingKeyPaths: [\.pets], name: "friends")
    let enemies = KeyPathTreeSource(owner, \.enemies, name: "enemies")  // no pets shown
    let joined = JoinedTreeSource([friends.eraseToAnyTreeSource(), enemies.eraseToAnyTreeSource()])
    let list = TreeList(source: joined.map(\.id)) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect((host.rows?.first ?? []).map { $0 as! Int } == [1, 10, 11, 2, 3])

    // Being 1 shows two pets among the friends and none among the enemies.
    try joined.move(from: [0], to: [2])
    #expect(owner.friends.map(\.id) == [2])
    #expect(owner.enemies.map(\.id) == [3, 1])
    #expect(owner.enemies[1].pets.map(\.id) == [10, 11])  // kept, not shown
    guard case .apply(let changes)? = host.calls.last else {
      Issue.record("no batch: \(host.calls)")
      return
    }
    #expect(changes.movedRowRanges.map { [$0.from.rows, $0.to.rows] } == [[0..<1, 2..<3]])
    #expect(changes.numberOfDeletedRows == 2 && changes.numberOfInsertedRows == 0)
    #expect((host.rows?.first ?? []).map { $0 as! Int } == [2, 3, 1])
    #expect(host.violations.isEmpty)

    // Being 2 has no pets: it looks the same at both ends, one move.
    let calls = host.calls.count
    try joined.move(from: [0], to: [2])
    #expect(host.calls.count == calls + 1)
    guard case .apply(let move)? = host.calls.last else { return }
    #expect(move.numberOfMovedRows == 1 && move.numberOfDeletedRows == 0 && move.numberOfInsertedRows == 0)
    #expect((host.rows?.first ?? []).map { $0 as! Int } == [3, 1, 2])
    #expect(owner.enemies.map(\.id) == [3, 1, 2])
    #expect(host.violations.isEmpty)
  }
}
