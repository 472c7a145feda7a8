import Foundation
import Testing
import TreeDataSource
@testable import outline

/// Whether `node` is a city: a container whose subitems are its three
/// fields.
private func isCity(_ node: StaticTree.Node) -> Bool {
  node.entry.isContainer && node.children.map(\.entry.name) == ["population", "area", "about"]
}

/// Every city beneath `node`, depth first.
private func cities(in node: StaticTree.Node) -> [StaticTree.Node] {
  isCity(node) ? [node] : node.children.flatMap(cities(in:))
}

/// The names of the nodes of `nodes` and their descendants that start
/// expanded, depth first.
private func expandedNames(_ nodes: [StaticTree.Node]) -> [String] {
  nodes.flatMap { ($0.startsExpanded ? [$0.entry.name] : []) + expandedNames($0.children) }
}

@Suite struct PlanetsSampleTests {
  let sample = StaticTree.planets()

  /// Earth's node.
  var earth: StaticTree.Node { sample.roots[2] }

  @Test func planets() {
    #expect(sample.title == "Planets (sample data)")
    #expect(sample.roots.map(\.entry.name) == ["Mercury", "Venus", "Earth", "Mars"])
    for planet in [0, 1, 3].map({ sample.roots[$0] }) {
      #expect(planet.entry == OutlineEntry(name: planet.entry.name, detail: "no countries"))
      #expect(planet.children.isEmpty)
    }
    #expect(earth.entry == OutlineEntry(name: "Earth", isContainer: true))
  }

  @Test func countriesStatesAndCities() throws {
    #expect(earth.children.count >= 11)
    #expect(earth.children.allSatisfy { $0.entry.isContainer && $0.entry.detail == nil })
    let countries = Dictionary(uniqueKeysWithValues: earth.children.map { ($0.entry.name, $0) })
    for name in ["Japan", "France", "Italy", "Egypt", "Kenya"] {
      let country = try #require(countries[name])
      #expect(!country.children.isEmpty && country.children.allSatisfy(isCity), "\(name) lists cities directly")
    }
    for name in ["United States", "Germany", "Brazil", "India", "Australia", "Canada"] {
      let country = try #require(countries[name])
      #expect(!country.children.isEmpty, "\(name) has states")
      for state in country.children {
        #expect(state.entry.isContainer && !isCity(state), "\(name): \(state.entry.name) is a state")
        #expect(!state.children.isEmpty && state.children.allSatisfy(isCity), "\(name): \(state.entry.name)")
      }
    }
    #expect(countries["Japan"]?.children.map(\.entry.name) == ["Tokyo", "Osaka", "Kyoto"])
    #expect(cities(in: earth).count >= 28)
  }

  @Test func everyCityHasItsThreeFields() throws {
    let all = cities(in: earth)
    #expect(Set(all.map(\.entry.name)).count == all.count)
    for city in all {
      #expect(city.entry.detail == nil)
      let fields = city.children
      #expect(fields.allSatisfy { !$0.entry.isContainer && $0.children.isEmpty && $0.entry.detail == nil })
      let population = try #require(fields[0].entry.value)
      let area = try #require(fields[1].entry.value)
      let about = try #require(fields[2].entry.value)
      #expect(population.wholeMatch(of: /\d{1,3}(,\d{3})+/) != nil, "\(city.entry.name): \(population)")
      #expect(area.wholeMatch(of: /\d{1,3}(,\d{3})* km²/) != nil, "\(city.entry.name): \(area)")
      #expect(about.hasSuffix(".") && about.count <= 80, "\(city.entry.name): \(about)")
    }
    let tokyo = try #require(all.first { $0.entry.name == "Tokyo" })
    #expect(
      tokyo.children.map(\.entry.text) == [
        "population: 13,960,000", "area: 2,194 km²",
        "about: Capital of Japan, at the heart of the world's largest metropolitan area.",
      ])
  }

  @Test func onlyEarthAndJapanStartExpanded() {
    #expect(expandedNames(sample.roots) == ["Earth", "Japan"])
  }

  @Test func aTreeListShowsEarthAndJapanOpen() throws {
    let list = TreeList(dataSource: sample)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    let rows = (0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])).text }
    let countries = earth.children.map(\.entry.name)
    let japan = try #require(countries.firstIndex(of: "Japan"))
    let expected =
      ["Mercury  no countries", "Venus  no countries", "Earth"]
      + countries[...japan] + ["Tokyo", "Osaka", "Kyoto"] + countries[(japan + 1)...] + ["Mars  no countries"]
    #expect(rows == expected)
    #expect(Array(rows.prefix(4)) == ["Mercury  no countries", "Venus  no countries", "Earth", "Australia"])
    #expect(list.treeIndexPath(fromTablePath: IndexPath(indexes: [0, 3 + japan + 1])) == [2, japan, 0])

    try list.expand([2, japan, 0])
    #expect(list.item(at: IndexPath(indexes: [0, 3 + japan + 2])).text == "population: 13,960,000")
    #expect(host.numberOfRows == [list.numberOfRows])
    #expect(host.violations.isEmpty)
  }
}
