import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// `LeveledTreeSource` against a model of nested arrays: random edits and
/// batches through the source change the object's arrays of three types as
/// the model's checked array edits do, refused edits change nothing, and a
/// host replaying the changes through `TreeList(source:)` shows the model.
@Suite("Leveled key-path source against a model")
struct LeveledSourceTests {
  protocol Tagged {
    var id: Int { get set }
  }
  struct Toy: Tagged, Equatable { var id: Int }
  struct Pet: Tagged, Equatable {
    var id: Int
    var toys: [Toy] = []
  }
  struct Friend: Tagged, Equatable {
    var id: Int
    var pets: [Pet] = []
  }
  final class Person {
    var friends: [Friend] = []
  }

  /// The model: items by level (1 friends, 2 pets, 3 toys), with children.
  struct Node: Equatable {
    var id: Int
    var level: Int
    var children: [Node] = []

    init(id: Int, level: Int, children: [Node] = []) {
      (self.id, self.level, self.children) = (id, level, children)
    }

    init(_ element: any Tagged) {
      switch element {
      case let friend as Friend: self.init(id: friend.id, level: 1, children: friend.pets.map { Node($0) })
      case let pet as Pet: self.init(id: pet.id, level: 2, children: pet.toys.map { Node($0) })
      default: self.init(id: element.id, level: 3)
      }
    }
  }

  struct Model {
    var roots: [Node]

    /// The children of `parent`, or `nil` when it names no item or one on
    /// the last level.
    func children(of parent: ArraySlice<Int>) -> [Node]? {
      var level = roots
      for (d, i) in zip(parent.indices, parent) {
        guard i >= 0, i < level.count, d - parent.startIndex + 1 < 3 else { return nil }
        level = level[i].children
      }
      return level
    }

    mutating func modify(_ parent: ArraySlice<Int>, _ body: (inout [Node]) -> Void) {
      func walk(_ nodes: inout [Node], _ rest: ArraySlice<Int>) {
        guard let first = rest.first else { return body(&nodes) }
        walk(&nodes[first].children, rest.dropFirst())
      }
      walk(&roots, parent)
    }

    func node(at path: [Int]) -> Node? {
      guard let last = path.last, let siblings = children(of: path.dropLast()[...]), last >= 0, last < siblings.count
      else { return nil }
      return siblings[last]
    }

    mutating func insert(_ node: Node, at path: [Int]) -> Bool {
      guard let last = path.last, let siblings = children(of: path.dropLast()[...]), node.level == path.count,
        last >= 0, last <= siblings.count
      else { return false }
      modify(path.dropLast()[...]) { $0.insert(node, at: last) }
      return true
    }

    mutating func remove(at path: [Int]) -> Node? {
      guard let node = node(at: path) else { return nil }
      modify(path.dropLast()[...]) { $0.remove(at: path.last!) }
      return node
    }

    mutating func replace(at path: [Int], with node: Node) -> Bool {
      guard let old = self.node(at: path), node.level == path.count else { return false }
      var node = node
      node.children = old.children
      modify(path.dropLast()[...]) { $0[path.last!] = node }
      return true
    }

    /// The rows with every item expanded.
    var rows: [Int] {
      func flatten(_ nodes: [Node]) -> [Int] { nodes.flatMap { [$0.id] + flatten($0.children) } }
      return flatten(roots)
    }
  }

  @Test(arguments: 1...16)
  func randomEditsAndBatches(seed: UInt64) throws {
    var g = SeededGenerator(seed: seed)
    var nextID = 1
    func newID() -> Int {
      defer { nextID += 1 }
      return nextID
    }
    func element(level: Int) -> any Tagged {
      switch level {
      case 1: Friend(id: newID(), pets: (0..<Int.random(in: 0...2, using: &g)).map { _ in Pet(id: newID()) })
      case 2: Pet(id: newID(), toys: (0..<Int.random(in: 0...1, using: &g)).map { _ in Toy(id: newID()) })
      default: Toy(id: newID())
      }
    }
    let person = Person()
    person.friends = (0..<3).map { _ in element(level: 1) as! Friend }
    var model = Model(roots: person.friends.map { Node($0) })
    let source = LeveledTreeSource(
      KeyPathLevels(person, \.friends, as: (any Tagged).self).children(\.pets).children(\.toys), name: "person")
    let list = TreeList(source: source.map(\.id)) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    // The same source joined after a fixed row: its changes, and the undoing
    // of a failed batch, reach the join's host with lifted paths.
    let header = ArrayTreeSource<any Tagged>([Toy(id: -1)], name: "header")
    let joined = JoinedTreeSource([header.eraseToAnyTreeSource(), source.eraseToAnyTreeSource()])
    let joinedList = TreeList(source: joined.map(\.id)) { _, _ in true }
    let joinedHost = ListHostSimulator(list: joinedList)
    joinedList.reloadData()

    func randomPath() -> [Int] {
      var path: [Int] = []
      var level = model.roots
      for _ in 0..<Int.random(in: 1...3, using: &g) {
        let i = Int.random(in: 0..<12, using: &g) == 0 ? -1 : Int.random(in: 0...level.count, using: &g)
        path.append(i)
        level = i >= 0 && i < level.count ? level[i].children : []
      }
      return path
    }

    /// One random edit through the source and the model: whether the model
    /// accepted it, and how many changes it makes (0 for a move in place).
    func edit() throws(TreeSourceError) -> Int {
      let path = randomPath()
      switch Int.random(in: 0..<6, using: &g) {
      case 0, 1:
        let new = element(level: Int.random(in: 1...3, using: &g))
        var accepted = model
        let isValid = accepted.insert(Node(new), at: path)
        do {
          try source.insert(new, at: TreePath(path))
        } catch {
          #expect(!isValid, "\(error)")
          throw error
        }
        #expect(isValid)
        model = accepted
      case 2:
        let expected = model.node(at: path)
        let removed: any Tagged
        do {
          removed = try source.remove(at: TreePath(path))
        } catch {
          #expect(expected == nil, "\(error)")
          throw error
        }
        #expect(Node(removed) == expected)
        _ = model.remove(at: path)
      case 3:
        let destination = randomPath()
        var moved = model
        var isValid = destination.count == path.count
        if isValid, let node = moved.remove(at: path) {
          isValid = moved.insert(node, at: destination)
        } else {
          isValid = false
        }
        do {
          try source.move(from: TreePath(path), to: TreePath(destination))
        } catch {
          #expect(!isValid, "\(error)")
          throw error
        }
        #expect(isValid)
        model = moved
        if path == destination { return 0 }
      case 4:
        let new = element(level: Int.random(in: 1...3, using: &g))
        var replaced = model
        let isValid = replaced.replace(at: path, with: Node(new))
        do {
          try source.replace(at: TreePath(path), with: new)
        } catch {
          #expect(!isValid, "\(error)")
          throw error
        }
        #expect(isValid)
        model = replaced
      default:
        let id = newID()
        let isValid = model.node(at: path) != nil
        do {
          try source.update(at: TreePath(path)) { $0.id = id }
        } catch {
          #expect(!isValid, "\(error)")
          throw error
        }
        #expect(isValid)
        model.modify(path.dropLast()[...]) { $0[path.last!].id = id }
      }
      return 1
    }

    for _ in 0..<80 {
      let before = model
      let calls = host.calls.count
      let rollsBack = Int.random(in: 0..<4, using: &g) == 0
      do {
        if Bool.random(using: &g) {
          let heard = try edit()
          #expect(host.calls.count == calls + heard)
        } else {
          // A batch of a few edits: one host batch at most, and a failed
          // one (the source's own error, or a refused edit) undoes them.
          try source.performBatchUpdates { () throws(TreeSourceError) in
            for _ in 0..<Int.random(in: 1...4, using: &g) { _ = try edit() }
            if rollsBack { throw TreeSourceError(source: "test", operation: .insert, path: [], reason: .noSuchItem) }
          }
          #expect(host.calls.count <= calls + 1)
        }
      } catch {
        #expect(error.source == "person" || error.source == "test")
        model = before
        #expect(host.calls.count == calls)
      }
      #expect(person.friends.map { Node($0) } == model.roots)
      #expect((host.rows?.first ?? []).map { $0 as! Int } == model.rows)
      #expect(host.violations.isEmpty)
      #expect((joinedHost.rows?.first ?? []).map { $0 as! Int } == [-1] + model.rows)
      #expect(joinedHost.violations.isEmpty)
    }
  }

  @Test func wrongLevelsAndTypesAreRefusedByName() throws {
    let person = Person()
    person.friends = [Friend(id: 1, pets: [Pet(id: 2, toys: [Toy(id: 3)])])]
    let source = LeveledTreeSource(KeyPathLevels(person, \.friends, as: (any Tagged).self).children(\.pets))
    #expect(try source.numberOfChildren(of: nil) == 1)
    #expect(try source.numberOfChildren(of: [0]) == 1)
    #expect(try source.numberOfChildren(of: [0, 0]) == 0)  // toys are not a level here
    #expect(try source.element(at: [0, 0]) is Pet)
    let pet = #expect(throws: TreeSourceError.self) { try source.append(Pet(id: 4)) }
    #expect(pet?.reason == .wrongElementType(expected: "Friend"))
    #expect(pet?.description == "LeveledTreeSource: cannot insert []: the element there is of type Friend")
    let replaced = #expect(throws: TreeSourceError.self) { try source.replace(at: [0, 0], with: Toy(id: 5)) }
    #expect(replaced?.reason == .wrongElementType(expected: "Pet"))
    #expect(replaced?.path == [0, 0])
    let updated = #expect(throws: TreeSourceError.self) {
      try source.update(at: [0]) { $0 = Pet(id: 6) }
    }
    #expect(updated?.reason == .wrongElementType(expected: "Friend"))
    let leaf = #expect(throws: TreeSourceError.self) { try source.append(Toy(id: 7), to: [0, 0]) }
    #expect(leaf?.reason == .noSuchItem)
    let level = #expect(throws: TreeSourceError.self) { try source.move(from: [0, 0], to: [1]) }
    #expect(level?.reason == .otherLevel)
    #expect(person.friends == [Friend(id: 1, pets: [Pet(id: 2, toys: [Toy(id: 3)])])])
    // An item's value that is not of the source's element type is refused
    // when read, not trapped on.
    final class Tags {
      var values: [Int] = [1]
    }
    let strings = LeveledTreeSource(KeyPathLevels(Tags(), \.values, as: String.self), name: "tags")
    let wrong = #expect(throws: TreeSourceError.self) { try strings.element(at: [0]) }
    #expect(wrong?.reason == .wrongElementType(expected: "String"))
  }
}
