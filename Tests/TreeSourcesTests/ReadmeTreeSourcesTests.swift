// swift-format-ignore-file
// These tests hold the README's examples line for line, spacing and
// aligned comments included (see DocumentationExamples), so the formatter
// leaves them as written.

import Foundation
import Testing
import TreeDataSource

@Suite("README: composable tree sources (seed 003)")
struct ReadmeTreeSourcesTests {
  /// Static rows joined with a dynamic list, a move from one to the other,
  /// and a filter whose predicate changes.
  @Test func joinMoveAndFilter() throws {
    let header = ArrayTreeSource(["Row 1", "Row 2"], name: "header")
    let friends = ArrayTreeSource(["Ann", "Bob"], name: "friends")
    let data = JoinedTreeSource([header.eraseToAnyTreeSource(), friends.eraseToAnyTreeSource()])
    let list = TreeList(source: data)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try friends.append("Cy")                     // host: apply(insertedRows: 0:[4..<5])
    #expect(host.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 4..<5)])))
    try data.move(from: [4], to: [0])            // Cy moves from friends to header: one move
    #expect(host.calls.last == .apply(TreeChanges(movedRowRanges: [.init(from: .init(section: 0, rows: 4..<5), to: .init(section: 0, rows: 0..<1))])))
    #expect(header.elements == ["Cy", "Row 1", "Row 2"])
    #expect(host.rows == [["Cy", "Row 1", "Row 2", "Ann", "Bob"]])

    let filtered = FilteredTreeSource(data) { $0.hasPrefix("R") ? .visible : .hidden }
    let matches = TreeList(source: filtered)
    let matchesHost = ListHostSimulator(list: matches)
    matches.reloadData()                         // rows: Row 1, Row 2
    #expect(matchesHost.rows == [["Row 1", "Row 2"]])
    filtered.setPredicate { $0.count == 3 ? .visible : .hidden }
    #expect(matchesHost.calls.count == 2)
    #expect(matchesHost.violations.isEmpty)
    #expect(matchesHost.rows == [["Ann", "Bob"]])
    #expect(host.violations.isEmpty)
  }

  /// Two array properties of one object as two sections, and a move from
  /// one section to the other that moves the element between the arrays.
  @Test func twoArrayPropertiesAsSectionsAndAMoveBetweenThem() throws {
    final class Person {
      var friends = ["Ann", "Bob"]
      var enemies = ["Cy"]
    }
    let person = Person()
    let friends = KeyPathTreeSource(person, \.friends, name: "friends")
    let enemies = KeyPathTreeSource(person, \.enemies, name: "enemies")
    let people = GroupedTreeSource([("Friends", friends.eraseToAnyTreeSource()), ("Enemies", enemies.eraseToAnyTreeSource())])
    let table = TreeList(source: people, layout: .sectioned) { path, _ in path.depth == 1 }
    let tableHost = ListHostSimulator(list: table)
    table.reloadData()                           // sections: Friends, Enemies
    #expect(tableHost.rows == [["Ann", "Bob"], ["Cy"]])
    try people.move(from: [0, 1], to: [1, 0])    // Bob from section 0 to section 1: one move
    #expect(tableHost.calls.count == 2)  // the reload, then one move
    #expect(tableHost.calls.last == .apply(TreeChanges(movedRowRanges: [.init(from: .init(section: 0, rows: 1..<2), to: .init(section: 1, rows: 0..<1))])))
    #expect(person.friends == ["Ann"])
    #expect(person.enemies == ["Bob", "Cy"])
    #expect(tableHost.rows == [["Ann"], ["Bob", "Cy"]])
    #expect(tableHost.violations.isEmpty)
  }

  /// A section whose rows are properties of one object, reloaded when a
  /// property changes.
  @Test func aSectionOfPropertiesReloadedWhenOneChanges() throws {
    final class Player {
      final class Team { var name = "Reds" }
      var team = Team()
      var firstName = "Ann"
      var lastName = "Lee"
    }
    let player = Player()
    let properties = PropertiesTreeSource(player, keyPaths: [\.team.name, \.firstName, \.lastName])
    let profile = GroupedTreeSource([("Profile", properties.eraseToAnyTreeSource())])
    let card = TreeList(source: profile, layout: .sectioned) { path, _ in path.depth == 1 }
    let cardHost = ListHostSimulator(list: card)
    card.reloadData()
    #expect(cardHost.rows == [["Reds", "Ann", "Lee"]])
    player.team.name = "Blues"
    #expect(properties.update() == [[0]])        // only the team's row is reloaded
    #expect(cardHost.calls.count == 2)  // the reload, then one reload of a row
    #expect(cardHost.calls.last == .apply(TreeChanges(reloadedRowRanges: [.init(section: 0, rows: 0..<1)])))
    #expect(cardHost.rows == [["Blues", "Ann", "Lee"]])
    #expect(properties.update() == [])
    #expect(cardHost.calls.count == 2)  // the reload, then one reload of a row
    #expect(cardHost.violations.isEmpty)
  }

  /// One parent's children edited as an array, each edit one host update.
  @Test func mutableChildrenEditedAsAnArray() throws {
    let names = ArrayTreeSource(["Ann", "Bob"], name: "names")
    let rows = TreeList(source: names)
    let rowsHost = ListHostSimulator(list: rows)
    rows.reloadData()
    let children = try names.mutableChildren()   // the root elements, as a collection
    try children.append("Cy")                    // host: apply(insertedRows: 0:[2..<3])
    #expect(rowsHost.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 2..<3)])))
    try children.move(from: 2, to: 0)            // host: one move, 0:[2..<3] -> 0:[0..<1]
    #expect(rowsHost.calls.last == .apply(TreeChanges(movedRowRanges: [.init(from: .init(section: 0, rows: 2..<3), to: .init(section: 0, rows: 0..<1))])))
    children[1] = "Annie"                        // host: apply(reloadedRows: 0:[1..<2])
    #expect(rowsHost.calls.last == .apply(TreeChanges(reloadedRowRanges: [.init(section: 0, rows: 1..<2)])))
    #expect(children.count == 3)                               // 3
    #expect(rowsHost.rows == [["Cy", "Annie", "Bob"]])
    #expect(rowsHost.calls.count == 4)  // the reload, then one update per edit
    #expect(rowsHost.violations.isEmpty)
  }

  /// The example of `ArrayTreeSource.mutableChildren(of:)`'s documentation.
  @Test func mutableChildrenDocumentationExample() throws {
    let friends = ArrayTreeSource(["Ann", "Bob"], name: "friends")
    let children = try friends.mutableChildren()
    try children.append("Cy")              // published: insert [2]
    #expect(friends.elements == ["Ann", "Bob", "Cy"])
    try children.move(from: 2, to: 0)      // published: move [2] -> [0]
    #expect(friends.elements == ["Cy", "Ann", "Bob"])
    children[1] = "Annie"                  // published: update [1]
    #expect(Array(children) == ["Cy", "Annie", "Bob"])
  }
}
