import Foundation
import Testing
import TreeDataSource
@testable import outline

/// The rows `outline` prints for `arguments`.
private func printed(_ arguments: [String]) throws -> [String] {
  try OutlineCommand.printedRows(for: arguments)
}

/// The message of the error `outline` prints for `arguments`, or `nil`.
private func printedError(_ arguments: [String]) -> String? {
  do {
    _ = try OutlineCommand.printedRows(for: arguments)
    return nil
  } catch {
    return error.message
  }
}

/// A file named `name` holding `text` in a new temporary folder, removed
/// when dropped.
private final class TemporaryFile {
  let folder: URL
  let path: String

  init(named name: String, _ text: String) throws {
    folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("PrintedOutlineTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    path = folder.appendingPathComponent(name).path
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
  }

  deinit { try? FileManager.default.removeItem(at: folder) }
}

/// What `outline` prints when its output is not a terminal: the visible
/// rows, indented, for each input and each way of choosing what is open.
@Suite struct PrintedOutlineTests {
  static let countries = [
    "Australia", "Brazil", "Canada", "Egypt", "France", "Germany", "India", "Italy", "Japan", "Kenya",
    "United States",
  ]

  @Test func thePlanetsAsTheirDataOpensThem() throws {
    let countries = Self.countries.map { $0 == "Japan" ? "  ▾ Japan" : "  ▸ " + $0 }
    #expect(
      try printed([]) == [
        "  Mercury  no countries",
        "  Venus  no countries",
        "▾ Earth",
      ] + countries.prefix(9) + [
        "    ▸ Tokyo",
        "    ▸ Osaka",
        "    ▸ Kyoto",
      ] + countries.suffix(2) + [
        "  Mars  no countries"
      ])
  }

  @Test func depthAloneDecidesWhatIsOpen() throws {
    #expect(
      try printed(["--depth", "0"]) == [
        "  Mercury  no countries", "  Venus  no countries", "▸ Earth", "  Mars  no countries",
      ])
    let one = try printed(["--depth", "1"])
    #expect(
      one == ["  Mercury  no countries", "  Venus  no countries", "▾ Earth"]
        + Self.countries.map { "  ▸ " + $0 } + ["  Mars  no countries"])  // Japan closed too
    let two = try printed(["--depth", "2"])
    #expect(two.contains("    ▸ New South Wales"))
    #expect(two.contains("    ▸ Tokyo"))
    #expect(!two.contains { $0.contains("Sydney") || $0.contains("population") })
    let three = try printed(["--depth", "3"])
    #expect(three.contains("    ▾ New South Wales"))
    #expect(three.contains("      ▸ Sydney"))
    #expect(three.contains("    ▾ Tokyo"))  // a city under its country: level 2
    #expect(three.contains("        population: 13,960,000"))
    #expect(!three.contains { $0.contains("5,450,000") })  // Sydney's fields are a level deeper
  }

  @Test func expandOpensAnItemAndDepthLevelsBeneathIt() throws {
    let australia = try printed(["--expand", "2.0", "--depth", "2"])
    #expect(
      Array(australia[3...10]) == [
        "  ▾ Australia",
        "    ▾ New South Wales",
        "      ▸ Sydney",
        "    ▾ Victoria",
        "      ▸ Melbourne",
        "    ▾ Queensland",
        "      ▸ Brisbane",
        "  ▸ Brazil",
      ])
    #expect(australia.contains("    ▸ Tokyo"))  // the rest as the data opens it
    let sydney = try printed(["--expand", "2.0.0.0"])  // a hidden item: revealed and opened
    #expect(
      Array(sydney[3...9]) == [
        "  ▾ Australia",
        "    ▾ New South Wales",
        "      ▾ Sydney",
        "          population: 5,450,000",
        "          area: 12,368 km²",
        "          about: Australia's largest city, home to the Sydney Opera House.",
        "    ▸ Victoria",
      ])
    #expect(try printed(["--expand", "2.0", "--depth", "0"])[3...4] == ["  ▸ Australia", "  ▸ Brazil"])
    #expect(try printed(["--expand", "0"]) == printed([]))  // a leaf: nothing to open
  }

  @Test func expandAllOpensEverything() throws {
    let rows = try printed(["--expand-all"])
    let tree = StaticTree.planets()
    var count = 0
    func visit(_ node: StaticTree.Node) {
      count += 1
      node.children.forEach(visit)
    }
    tree.roots.forEach(visit)
    #expect(rows.count == count)
    #expect(!rows.contains { $0.contains("▸") })
    #expect(rows.filter { $0.hasSuffix("▾ Tokyo") } == ["    ▾ Tokyo"])
  }

  @Test func aJSONDocument() throws {
    let file = try TemporaryFile(
      named: "city.json",
      #"""
      {"name": "Tokyo", "wards": ["Chiyoda", {"name": "Minato", "area": 20.37}], "empty": {}, "capital": true}
      """#)
    #expect(
      try printed(["--json", file.path]) == [
        #"  name: "Tokyo""#,
        "▸ wards  [2]",
        "  empty: {}",
        "  capital: true",
      ])
    #expect(
      try printed(["--json", file.path, "--expand-all"]) == [
        #"  name: "Tokyo""#,
        "▾ wards  [2]",
        #"    0: "Chiyoda""#,
        "  ▾ 1  {2}",
        #"      name: "Minato""#,
        "      area: 20.37",
        "  empty: {}",
        "  capital: true",
      ])
    #expect(try printed(["--json", file.path, "--expand", "1"])[1...3] == ["▾ wards  [2]", #"    0: "Chiyoda""#, "  ▸ 1  {2}"])
  }

  @Test func aPropertyListOpensEverything() throws {
    let file = try TemporaryFile(
      named: "city.plist",
      """
      <?xml version="1.0" encoding="UTF-8"?>
      <plist version="1.0">
      <dict>
        <key>name</key><string>Tokyo</string>
        <key>wards</key><array><string>Chiyoda</string><dict><key>area</key><real>20.37</real></dict></array>
      </dict>
      </plist>
      """)
    #expect(
      try printed(["--plist", file.path]) == [
        #"  name: "Tokyo""#,
        "▾ wards  [2]",
        #"    0: "Chiyoda""#,
        "  ▾ 1  {1}",
        "      area: 20.37",
      ])
    #expect(try printed(["--plist", file.path, "--depth", "0"]) == [#"  name: "Tokyo""#, "▸ wards  [2]"])
  }

  @Test func aFolder() throws {
    let folder = try FileSystemFixture()
    let rows = try printed(["--fs", folder.path])
    #expect(
      rows == [
        "▸ Alpha",
        "▸ beta",
        "▸ Empty",
        "  a.txt  12 bytes",
        "  B.bin  3.4 kB",
        "  big.bin  1.2 MB",
        "  broken  → missing.txt (broken link)",
        "  link  → a.txt",
        "  shortcut  → Alpha",
      ])
    #expect(
      try printed(["--fs", folder.path, "--expand", "0", "--depth", "2"]).prefix(5) == [
        "▾ Alpha",
        "  ▾ Deep",
        "      deep.txt  1 byte",
        "    inner.txt  5 bytes",
        "▸ beta",
      ])
    #expect(
      try printed(["--fs", folder.path, "--expand", "2"]).prefix(4) == ["▸ Alpha", "▸ beta", "▾ Empty", "  a.txt  12 bytes"])
  }

  @Test func errorsAreOneLineAndNameTheCause() throws {
    #expect(printedError(["--expand", "9"]) == "--expand 9: cannot reveal [9]: index 9 is out of range; there are 4 root items")
    #expect(
      printedError(["--expand", "2.99"])
        == "--expand 2.99: cannot reveal [2, 99]: index 99 is out of range; [2] has 11 subitems")
    #expect(printedError(["--json", "/no/such/file.json"]) == "cannot read /no/such/file.json: No such file or directory")
    #expect(printedError(["--fs", "/no/such/folder"]) == "cannot open folder /no/such/folder: No such file or directory")
    let bad = try TemporaryFile(named: "bad.json", "[1, 2,]")
    let message = try #require(printedError(["--json", bad.path]))
    #expect(message == "invalid JSON in \(bad.path) at line 1, column 6: trailing ',' before ']'")
    #expect(printedError(["--frobnicate"]) == "unknown option --frobnicate (see outline --help)")
  }
}
