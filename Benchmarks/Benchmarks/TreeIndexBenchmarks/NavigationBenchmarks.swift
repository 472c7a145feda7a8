// Keyboard navigation and type-select in the ordo-one suite, on the 6-deep
// tree of 10³ and 10⁷ rows (10³ only with TREEINDEX_BENCHMARK_SMOKE=1).
//
// Names read `<workload>/depth6/<rows>/TreeIndex`: `navigation-key` (one
// key per iteration, the keys in turn — up, down, left, right, Home, End,
// Page Up, Page Down, Option-Left, Option-Right — from 1,000 random rows)
// and `type-select` (one search per iteration from a random row: an item's
// label is its index among its siblings modulo 16, and the search is for
// "0": the next first subitem, or every sixteenth sibling, so it scans at
// most 16 rows, a few on average, whatever the size).

import Benchmark
import TreeIndex
import TreeIndexContenders

func registerNavigationBenchmarks(smoke: Bool) {
  let keys: [TreeNavigationKey] =
    TreeNavigationKey.Direction.allCases.map { TreeNavigationKey($0) } + [
      .left(recursively: true), .right(recursively: true),
    ]
  for rows in smoke ? [1_000] : [1_000, 10_000_000] {
    let tree = TreeShape.generate(rows: rows, depth: 6)

    let navigation = Fixture<TreeIndexContender>(tree: tree)
    Benchmark(name("navigation-key", tree, .treeIndex)) { _ in
      let queries = navigation.queries!
      let row = queries.rows[navigation.next % queries.rows.count]
      let key = keys[navigation.next % keys.count]
      navigation.next += 1
      blackHole(navigation.instance!.index.navigationAction(for: key, fromRow: row, rowsPerPage: 40))
    } setup: {
      navigation.load(queries: true)
    } teardown: {
      navigation.unload()
    }

    let search = Fixture<TreeIndexContender>(tree: tree)
    var typeSelect = TreeTypeSelect()
    typeSelect.type("0", at: 0)
    let typed = typeSelect
    Benchmark(name("type-select", tree, .treeIndex)) { _ in
      let queries = search.queries!
      let row = queries.rows[search.next % queries.rows.count]
      search.next += 1
      blackHole(search.instance!.index.typeSelectAction(for: typed, fromRow: row) { String($0.last! % 16) })
    } setup: {
      search.load(queries: true)
    } teardown: {
      search.unload()
    }
  }
}
