// swift-format-ignore-file
// These tests hold the documentation's examples line for line, spacing
// and aligned comments included (see DocumentationExamples), so the
// formatter leaves them as written.

import Foundation
import Testing
import TreeIndex

/// The README's snippets, line for line, with the values its comments claim.
@Suite("README")
struct ReadmeTests {
  @Test func overview() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([1], numberOfSubitems: 3)
    try index.expand([1, 1], numberOfSubitems: 2)
    try index.expand([1, 2], numberOfSubitems: 1)
    try index.expand([2], numberOfSubitems: 4)

    #expect(index.numberOfRows == 15)
    #expect(index.tableIndexPath(fromTreePath: [1, 1, 0]) == [0, 6])
    #expect(index.treeIndexPath(fromTablePath: [0, 9]) == [1, 2, 0])
    #expect(index.row(for: [2]) == 10)
    #expect(index.treePath(forRow: 4) == [1, 0])
    #expect(index.tableIndexPath(fromTreePath: [0, 0, 0]) == nil)

    let tableView = ExampleTableView()
    let changes = try index.collapse([1])                // rows [0, 4] ..< [0, 10] vanish
    tableView.performBatchUpdates {
      tableView.deleteRows(at: changes.deletedRows, with: .fade)
      tableView.insertRows(at: changes.insertedRows, with: .fade)
      for move in changes.movedRows { tableView.moveRow(at: move.from, to: move.to) }
    }
    #expect(tableView.movedRows.isEmpty)
    #expect(changes.deletedRows == (4..<10).map { IndexPath(indexes: [0, $0]) })
    #expect(tableView.deletedRows == changes.deletedRows && tableView.insertedRows.isEmpty)
    let again = try index.expand([1], numberOfSubitems: 3)           // the same 6 rows come back, [1, 1] still open
    #expect(again.insertedRows == changes.deletedRows)
    #expect(index.isExpanded([1, 1]))

    let batch = try index.performBatchUpdates { index in
      try index.insertItems(at: [[0]])
      try index.deleteItems(at: [[2, 0]])
      try index.moveItem(at: [2, 1], to: [3, 0])
    }
    // Old row 4 ([1, 0]) goes; the new root item comes at 0.
    #expect(batch.deletedRowRanges == [.init(section: 0, rows: 4..<5)])
    #expect(batch.insertedRowRanges == [.init(section: 0, rows: 0..<1)])
    // The old [1, 2] and its subitem move from rows 8 and 9 to 9 and 10,
    // under the old [2].
    #expect(batch.movedRowRanges == [.init(from: .init(section: 0, rows: 8..<10), to: .init(section: 0, rows: 9..<11))])
  }

  /// The manifest fragment, compiled against stand-ins for PackageDescription
  /// and checked against this package's own manifest: the package and the
  /// products it names exist.
  @Test func dependencyFragment() throws {
    let manifest = ManifestFragment(
      // Package.swift
      dependencies: [
        .package(url: "https://github.com/treeindex/TreeIndex.git", branch: "main"),
      ],
      targets: [
        .target(name: "MyOutline", dependencies: [
          .product(name: "TreeDataSource", package: "TreeIndex"),   // TreeList and the adapters; brings the other three along
        ]),
        .target(name: "MyFilters", dependencies: [
          .product(name: "TreeSelections", package: "TreeIndex"),   // TreeSelection and PackagedFilter, no list
          .product(name: "TreeIndex", package: "TreeIndex"),
        ]),
        .target(name: "MyModel", dependencies: [
          .product(name: "TreeIndex", package: "TreeIndex"),        // the value alone
        ]),
      ]
    )
    let ours = try String(
      contentsOf: URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Package.swift"),
      encoding: .utf8)
    #expect(manifest.dependencies.map(\.url) == ["https://github.com/treeindex/TreeIndex.git"])
    #expect(ours.contains("name: \"TreeIndex\""))
    #expect(
      manifest.targets.flatMap(\.dependencies).map(\.name) == ["TreeDataSource", "TreeSelections", "TreeIndex", "TreeIndex"])
    for product in manifest.targets.flatMap(\.dependencies) {
      #expect(product.package == "TreeIndex")
      #expect(ours.contains(".library(name: \"\(product.name)\""), "the package has no product \(product.name)")
    }
  }

  @Test func sectionedLayout() throws {
    var sectioned = TreeIndex(numberOfRootItems: 3, layout: .sectioned)
    try sectioned.expand([1], numberOfSubitems: 3)
    #expect(sectioned.numberOfSections == 3)
    #expect(sectioned.numberOfRows(inSection: 1) == 3)
    #expect(sectioned.tableIndexPath(fromTreePath: [1, 2]) == [1, 2])
    #expect(sectioned.tableIndexPath(fromTreePath: [1]) == nil)
  }
}

/// Stand-ins for the PackageDescription calls of the README's manifest
/// fragment.
struct ManifestFragment {
  struct Dependency {
    var url: String
    static func package(url: String, from version: String) -> Dependency { Dependency(url: url) }
    static func package(url: String, branch: String) -> Dependency { Dependency(url: url) }
  }
  struct Product {
    var name: String
    var package: String
    static func product(name: String, package: String) -> Product { Product(name: name, package: package) }
  }
  struct Target {
    var name: String
    var dependencies: [Product]
    static func target(name: String, dependencies: [Product]) -> Target { Target(name: name, dependencies: dependencies) }
  }
  var dependencies: [Dependency]
  var targets: [Target]
}
