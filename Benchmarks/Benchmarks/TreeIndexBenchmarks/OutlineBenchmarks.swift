// The outline queries on the standard depth-6 shape, every folder expanded:
// one query per iteration, at a row picked from a fixed random sample.
//
//     swift package --package-path Benchmarks benchmark --filter 'outline-.*'
//
// Names read `outline-<query>/depth6/<rows>/TreeIndex`.

import Benchmark
import Foundation
import TreeIndex
import TreeIndexContenders

/// Registers the outline queries at 10³ and 10⁷ rows (10³ only in a smoke
/// run).
func registerOutlineBenchmarks(smoke: Bool) {
  for rows in smoke ? [1_000] : [1_000, 10_000_000] {
    registerOutlineQueries(TreeShape.generate(rows: rows, depth: 6))
  }
}

/// A change set of 100 ranges over `rows` rows of one section: 50 deleted
/// and 50 inserted ranges of 3 rows, spread evenly.
func outlineChangeSet(rows: Int) -> TreeChanges {
  let step = Swift.max(rows / 50, 8)
  var deleted: [TreeChanges.RowRange] = []
  var inserted: [TreeChanges.RowRange] = []
  for k in 0..<50 where k * step + 6 < rows {
    deleted.append(.init(section: 0, rows: (k * step)..<(k * step + 3)))
    inserted.append(.init(section: 0, rows: (k * step + 3)..<(k * step + 6)))
  }
  return TreeChanges(deletedRowRanges: deleted, insertedRowRanges: inserted)
}

/// Registers each outline query on one tree.
func registerOutlineQueries(_ tree: TreeShape) {
  let fixture = Fixture<TreeIndexContender>(tree: tree)
  let mapping = Holder<TreeChanges.RowMapping>()

  /// One benchmark: `body` asks one question about the index at a row.
  func query(_ workload: String, _ body: @escaping @Sendable (TreeIndex, Int) -> Void) {
    Benchmark(name("outline-\(workload)", tree, .treeIndex)) { _ in
      let queries = fixture.queries!
      let row = queries.rows[fixture.next % queries.rows.count]
      fixture.next += 1
      body(fixture.instance!.index, row)
    } setup: {
      fixture.load(queries: true)
      mapping.value = outlineChangeSet(rows: tree.numberOfRows).rowMapping
    } teardown: {
      fixture.unload()
      mapping.value = nil
    }
  }

  query("drop-levels") { index, row in blackHole(index.dropLevels(beforeRowAt: [0, row])) }
  query("drop-target") { index, row in blackHole(index.dropTarget(beforeRowAt: [0, row], level: 3)) }
  query("indent-guides") { index, row in blackHole(index.indentGuides(forRow: row)) }
  query("sticky-rows") { index, row in blackHole(index.stickyRows(forTopRow: row)) }
  query("row-mapping-100-ranges") { _, row in
    blackHole(mapping.value!.newIndexPath(forOldIndexPath: [0, row]))
  }
}
