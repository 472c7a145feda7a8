// The row-selection workloads in the ordo-one suite: a Shift-click through
// a `TreeList` over the standard depth-6 outline of 10³ and 10⁷ rows, every
// folder expanded (10³ only with TREEINDEX_BENCHMARK_SMOKE=1).
//
// Names read `shift-click-<k>/depth6/<rows>/TreeList`: a click at a row
// near the middle (not measured) and a Shift-click `k - 1` rows further
// down, which selects `k` rows (measured). It costs one descent and a step
// per row: flat in the number of rows, linear in k.

import Benchmark
import Foundation
import TreeDataSource
import TreeIndexContenders

func registerRowSelectionBenchmarks(smoke: Bool) {
  for rows in smoke ? [1_000] : [1_000, 10_000_000] {
    let tree = Holder<TreeShape>()
    let list = Holder<TreeList<ShapeOutline>>()
    for k in [10, 1_000] {
      let name = "shift-click-\(shortCount(k))/depth6/\(rows >= 1_000_000 ? "\(rows / 1_000_000)M" : "\(rows / 1_000)K")/TreeList"
      let anchor = Holder<TreePath>()
      let target = Holder<TreePath>()
      Benchmark(name) { benchmark in
        list.value!.selectItem(at: anchor.value!)
        benchmark.startMeasurement()
        let extended = list.value!.extendSelection(to: target.value!)
        benchmark.stopMeasurement()
        precondition(extended && list.value!.selectedTreePaths.count == k)
      } setup: {
        if list.value == nil {
          tree.value = TreeShape.generate(rows: rows, depth: 6)
          list.value = TreeList(dataSource: ShapeOutline(tree.value!))
          list.value!.reloadData()
        }
        let middle = list.value!.numberOfRows / 2 - k / 2
        anchor.value = list.value!.treePath(forRow: middle)
        target.value = list.value!.treePath(forRow: middle + k - 1)
      } teardown: {
        if k == 1_000 {
          list.value = nil
          tree.value = nil
        }
      }
    }
  }
}

/// A data source over a ``TreeShape``: its folders expanded, every other
/// item a collapsed entry.
final class ShapeOutline: TreeDataSource {
  let numberOfRootItems: Int
  let numberOfSubitems: [TreePath: Int]

  init(_ tree: TreeShape) {
    numberOfRootItems = tree.numberOfRootItems
    numberOfSubitems = tree.numberOfSubitemsByPath()
  }

  func numberOfSubitems(of parent: TreePath?) -> Int {
    parent.map { numberOfSubitems[$0] ?? 0 } ?? numberOfRootItems
  }

  func isExpanded(_ treePath: TreePath) -> Bool { numberOfSubitems[treePath] != nil }

  func item(at treePath: TreePath) -> TreePath { treePath }
}
