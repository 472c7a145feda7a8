// swift-format-ignore-file
// These tests hold the README's examples line for line, spacing and
// aligned comments included (see DocumentationExamples), so the formatter
// leaves them as written.

import Foundation
import Testing
import TreeDataSource

@Suite("README: key-path levels of different types (seed 003)")
struct ReadmeLeveledTests {
protocol Named { var name: String { get } }
struct Pet: Named { var name: String }
struct Friend: Named { var name: String; var pets: [Pet] = [] }
final class Person { var friends: [Friend] = [] }

  /// A person's friends, each friend's pets beneath: two levels of two
  /// types, edited through the source.
  @Test func friendsAndTheirPets() throws {
    let person = Person()
    person.friends = [Friend(name: "Ann", pets: [Pet(name: "Rex")]), Friend(name: "Bob")]
    let levels = KeyPathLevels(person, \.friends, as: (any Named).self).children(\.pets)
    let friends = LeveledTreeSource(levels, name: "friends")
    let list = TreeList(source: friends.map(\.name)) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect(host.rows == [["Ann", "Rex", "Bob"]])
    try friends.append(Pet(name: "Tom"), to: [1])    // Tom becomes Bob's pet: one insertion
    #expect(person.friends[1].pets.map(\.name) == ["Tom"])
    try friends.move(from: [0, 0], to: [1, 0])       // Rex moves from Ann to Bob
    #expect(host.rows == [["Ann", "Bob", "Rex", "Tom"]])
    let error = #expect(throws: TreeSourceError.self) {
    try friends.insert(Pet(name: "Cat"), at: [0])    // throws .wrongElementType(expected: "Friend")
    }
    #expect(error?.reason == .wrongElementType(expected: "Friend"))
    #expect(host.violations.isEmpty)
  }
}
