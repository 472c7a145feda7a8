// swift-tools-version:6.1
//
// The TreeIndex benchmarks: TreeIndex against three published ways of mapping
// a tree to rows, on the same seeded trees, in one nested package so that the
// library itself keeps zero dependencies.
//
// - `swift package --package-path Benchmarks benchmark` runs the suite with
//   ordo-one/benchmark (wall clock, mallocs; instructions where the machine
//   exposes hardware counters).
// - `Benchmarks/compare.sh` (`swift run -c release treeindex-compare`) counts
//   instructions per operation under Valgrind's callgrind and prints the
//   side-by-side table with the baseline/TreeIndex ratios.
//
// `TREEINDEX_BENCHMARK_SMOKE=1` restricts the suite to the smallest trees and
// a handful of iterations, as CI runs it. See README.md.

import PackageDescription

import struct Foundation.URL

// A path dependency's package identity is the last component of its path, so
// the library's identity is whatever folder the repository was cloned into.
let libraryPackage = URL(fileURLWithPath: Context.packageDirectory)
  .deletingLastPathComponent().standardizedFileURL.lastPathComponent

let package = Package(
  name: "TreeIndexBenchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [
    .package(path: ".."),
    .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
  ],
  targets: [
    // The contenders (TreeIndex and the three baselines behind one protocol),
    // the seeded tree shapes, the workloads (with TreeIndex's own: moves,
    // batches, TreeList edits) and the measuring loops.
    .target(
      name: "TreeIndexContenders",
      dependencies: [
        .product(name: "TreeIndex", package: libraryPackage),
        .product(name: "TreeDataSource", package: libraryPackage),
        "CBenchmarkSupport",
      ]),

    // C helpers: Valgrind client requests (start/stop instrumentation, zero
    // and dump counters; no-ops outside Valgrind) and the heap's bytes in use.
    .target(name: "CBenchmarkSupport"),

    // The side-by-side instruction table.
    .executableTarget(
      name: "treeindex-compare",
      dependencies: ["TreeIndexContenders"],
      path: "Sources/TreeIndexCompare"),

    // The ordo-one/benchmark suite.
    .executableTarget(
      name: "TreeIndexBenchmarks",
      dependencies: [
        "TreeIndexContenders",
        .product(name: "Benchmark", package: "benchmark"),
      ],
      path: "Benchmarks/TreeIndexBenchmarks",
      plugins: [
        .plugin(name: "BenchmarkPlugin", package: "benchmark")
      ]),
  ],
  swiftLanguageModes: [.v6]
)
