// swift-tools-version:6.0
//
// TreeIndex: multi-level rows for any flat list.
//
// Build settings worth knowing:
// - `-D TREE_INDEX_INTERNAL_CHECKS` compiles in `_checkInvariants()`, which
//   every mutating operation then runs (O(known items)). CI runs one test pass
//   with it: `swift test -Xswiftc -DTREE_INDEX_INTERNAL_CHECKS`.

import PackageDescription

let package = Package(
  name: "TreeIndex",
  platforms: [.macOS(.v13), .iOS(.v16), .tvOS(.v16), .watchOS(.v9), .visionOS(.v1)],
  products: [
    .library(name: "TreeIndex", targets: ["TreeIndex"]),
    .library(name: "TreeDataSource", targets: ["TreeDataSource"]),
    .library(name: "TreeSources", targets: ["TreeSources"]),
    .library(name: "TreeSelections", targets: ["TreeSelections"]),
    .executable(name: "outline", targets: ["outline"]),
    .executable(name: "treeindex-demo", targets: ["TreeIndexDemo"]),
    .executable(name: "filters", targets: ["filters"]),
  ],
  targets: [
    // The balanced summary trees behind the libraries: package-internal,
    // not a product.
    .target(name: "_SummaryTree"),
    .target(name: "TreeIndex", dependencies: ["_SummaryTree"]),
    // Composable tree sources (arrays, joins, filters, maps) that publish
    // their changes; `TreeDataSource` re-exports them and shows them in a
    // `TreeList` (`TreeList(source:)`).
    .target(name: "TreeSources", dependencies: ["TreeIndex", "_SummaryTree"]),
    // Tri-state check selections and question answers over a
    // `TreeSnapshot`, with editing sessions and packaged filters (the model
    // of a filter panel): values that need no list. `TreeDataSource`
    // re-exports them.
    .target(name: "TreeSelections", dependencies: ["TreeIndex"]),
    .target(name: "TreeDataSource", dependencies: ["TreeIndex", "TreeSources", "TreeSelections", "_SummaryTree"]),

    // The terminal plumbing the two interactive examples share: raw mode,
    // the alternate screen, the window size, signals, drawing a frame.
    // Package-internal, not a product.
    .target(
      name: "ExampleTerminal",
      path: "Examples/Shared"),

    // The reference adopter: a terminal outline browser over the Planets
    // sample, a folder, or a JSON or property-list document.
    .executableTarget(
      name: "outline",
      dependencies: ["TreeDataSource", "ExampleTerminal"],
      path: "Examples/Outline"),

    // A filter panel on the terminal: `TreeSelection` with check toggles,
    // questions, editing sessions and packaged filters.
    .executableTarget(
      name: "filters",
      dependencies: ["TreeDataSource", "ExampleTerminal"],
      path: "Examples/Filters"),

    .executableTarget(
      name: "TreeIndexDemo",
      dependencies: ["TreeIndex", "TreeDataSource"],
      path: "Examples/Demo"),

    // Test support: the reference model, a seeded generator and the checkers
    // that compare a `TreeIndex` with the model row by row.
    .target(
      name: "TreeIndexTestSupport",
      dependencies: ["TreeIndex"],
      path: "Tests/TreeIndexTestSupport"),

    // Fuzzing: sessions of public calls driven by bytes and checked against
    // the reference model (`TreeIndexFuzzing`), and the executable that
    // libFuzzer drives when built with `-DFUZZING -sanitize=fuzzer,address`,
    // and that otherwise replays inputs (see Fuzz/README.md).
    .target(
      name: "TreeIndexFuzzing",
      dependencies: ["TreeIndexTestSupport", "TreeDataSource"],
      path: "Tests/TreeIndexFuzzing"),
    .executableTarget(
      name: "treeindex-fuzz",
      dependencies: ["TreeIndexFuzzing"],
      path: "Fuzz/Entry"),

    .testTarget(
      name: "SummaryTreeTests",
      dependencies: ["_SummaryTree", "TreeIndexTestSupport"]),

    .testTarget(
      name: "TreeIndexTests",
      dependencies: ["TreeIndex", "TreeIndexTestSupport"]),

    .testTarget(
      name: "TreeDataSourceTests",
      dependencies: ["TreeDataSource", "TreeIndexTestSupport"]),

    // `TreeSnapshot` against a naive model (`ModelSnapshot`): every
    // mutation and query, and `changes(from:layout:)` replayed by
    // `ListHostSimulator`.
    .testTarget(
      name: "TreeSnapshotTests",
      dependencies: ["TreeDataSource", "TreeIndexTestSupport", "_SummaryTree"]),

    .testTarget(
      name: "TreeSourcesTests",
      dependencies: ["TreeDataSource", "TreeSources", "TreeIndexTestSupport"]),

    .testTarget(
      name: "FuzzCorpusTests",
      dependencies: ["TreeIndexFuzzing", "TreeIndexTestSupport"]),

    // Test support for the examples' tests: the built `outline` and
    // `filters` run piped, and on a pseudo-terminal.
    .target(
      name: "ExampleTestSupport",
      dependencies: ["ExampleTerminal"],
      path: "Tests/ExampleTestSupport"),

    .testTarget(
      name: "OutlineTests",
      dependencies: ["outline", "ExampleTerminal", "ExampleTestSupport", "TreeDataSource", "TreeIndexTestSupport"]),

    // `TreeSelection` against a naive model that recounts every state from
    // scratch; packaged filters; remapping.
    .testTarget(
      name: "TreeSelectionTests",
      dependencies: ["TreeDataSource", "TreeIndexTestSupport"]),

    // `TreeSelections` on its own (no `TreeDataSource`): tri-state counts
    // against a naive model, and `apply(_:)` following edited snapshots.
    .testTarget(
      name: "TreeSelectionsTests",
      dependencies: ["TreeSelections", "TreeIndex", "TreeIndexTestSupport"]),

    .testTarget(
      name: "FiltersTests",
      dependencies: ["filters", "ExampleTestSupport", "TreeDataSource", "TreeIndexTestSupport"]),

    // The UIKit and AppKit adapters on Linux: `AppleShim` declares the Apple
    // API they use, `AppleAdapters` compiles the adapter files themselves
    // (links to Sources/TreeDataSource/Apple) against it, and
    // `AppleAdapterTests` tests their logic. Test-only.
    .target(
      name: "AppleShim",
      dependencies: ["TreeDataSource"],
      path: "Tests/AppleShim"),
    .target(
      name: "AppleAdapters",
      dependencies: ["AppleShim"],
      path: "Tests/AppleAdapters",
      swiftSettings: [.define("TREE_DATA_SOURCE_APPLE_SHIM")]),
    .testTarget(
      name: "AppleAdapterTests",
      dependencies: ["AppleAdapters", "AppleShim"]),
  ],
  swiftLanguageModes: [.v6]
)
