// swift-format-ignore-file
// These tests hold the README's examples line for line, spacing and
// aligned comments included (see DocumentationExamples), so the formatter
// leaves them as written.

import Foundation
import Testing
import TreeDataSource

@Suite("README: compact chains")
struct ReadmeCompactedTests {
  /// A chain of single-child folders as one row, broken by a second child
  /// and formed again.
  @Test func compactChains() throws {
    struct File {
      var name: String
      var children: [File] = []
    }
    let files = ArrayTreeSource(
      [File(name: "src", children: [File(name: "app", children: [File(name: "main.swift"), File(name: "util.swift")])])],
      children: \.children)
    let compact = files.compacted()              // folders: items with children (or `compacted(isFolder:)`)
    let names = compact.map { $0.elements.map(\.name).joined(separator: "/") }
    let tree = TreeList(source: names) { _, _ in true }
    let treeHost = ListHostSimulator(list: tree)
    tree.reloadData()
    #expect(treeHost.rows == [["src/app", "main.swift", "util.swift"]])
    try files.insert(File(name: "README.md"), at: [0, 1])
    #expect(treeHost.rows == [["src", "app", "main.swift", "util.swift", "README.md"]])
    #expect(treeHost.violations.isEmpty)
    try files.remove(at: [0, 1])
    #expect(treeHost.rows == [["src/app", "main.swift", "util.swift"]])
    #expect(treeHost.violations.isEmpty)
  }
}
