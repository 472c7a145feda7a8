import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

// Rows through a change set: the change sets of random operations (batches
// and moves among them) are replayed with UIKit's rules on the model's old
// rows; each old row must map to where the replay carries it (nil when it
// goes), each new row back to where it came from (nil when it is new), and
// each section likewise.

@Suite("Rows through a change set")
struct RowMappingTests {
  @Test(arguments: DropTargetTests.seeds, RandomizedModelTests.layouts)
  func everyRowAndSectionMatchesTheReplay(seed: UInt64, layout: TreeIndex.Layout) throws {
    var run = ModelRun(seed: seed &+ 8_000, layout: layout)
    run.favorsMoves = true
    var checkedRows = 0
    var movedRows = 0
    var goneRows = 0
    var shiftedRows = 0
    for _ in 0..<300 {
      let old = run.model
      let edit = run.randomEdit(in: run.model, batchDepth: 0, invalidPercent: 0)
      guard let changes = run.apply(edit), !run.failed else {
        #expect(!run.failed)
        if run.failed { return }
        continue
      }
      let new = run.model
      let context = "seed \(seed), layout .\(layout), step \(run.step): \(edit)\nchanges \(changes)\nold \(old)\nnew \(new)"
      let oldRows = old.visibleRows().map { $0.map(\.identity) }
      let newRows = new.visibleRows()
      let replayed = try TreeIndexChecker.replay(changes, on: oldRows, newRowCounts: newRows.map(\.count))
      var newPlace: [Int: IndexPath] = [:]
      for (section, rows) in replayed.enumerated() {
        for (row, identity) in rows.rows.enumerated() {
          if let identity { newPlace[identity] = IndexPath(indexes: [section, row]) }
        }
      }
      let mapping = changes.rowMapping
      for (section, rows) in oldRows.enumerated() {
        for (row, identity) in rows.enumerated() {
          let old = IndexPath(indexes: [section, row])
          let want = newPlace[identity]
          #expect(mapping.newIndexPath(forOldIndexPath: old) == want, "old row \(old)\n\(context)")
          if let want {
            #expect(mapping.oldIndexPath(forNewIndexPath: want) == old, "new row \(want)\n\(context)")
            if want != old { shiftedRows += 1 }
          } else {
            goneRows += 1
          }
          checkedRows += 1
        }
      }
      for (section, rows) in replayed.enumerated() {
        for (row, identity) in rows.rows.enumerated() where identity == nil {
          #expect(mapping.oldIndexPath(forNewIndexPath: [section, row]) == nil, "new row [\(section), \(row)]\n\(context)")
        }
        #expect(mapping.oldSection(forNewSection: section) == rows.oldSection, "new section \(section)\n\(context)")
        if let oldSection = rows.oldSection {
          #expect(mapping.newSection(forOldSection: oldSection) == section, "old section \(oldSection)\n\(context)")
        }
      }
      let kept = Set(replayed.compactMap(\.oldSection))
      for section in oldRows.indices where !kept.contains(section) {
        #expect(mapping.newSection(forOldSection: section) == nil, "old section \(section)\n\(context)")
      }
      movedRows += changes.numberOfMovedRows
    }
    #expect(checkedRows > 1_000 && movedRows > 0 && goneRows > 0 && shiftedRows > 0)
  }

  @Test func anInsertionAbove() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    let changes = try index.insertItems(at: [[0]])
    let mapping = changes.rowMapping
    #expect(mapping.newIndexPath(forOldIndexPath: [0, 2]) == [0, 3])
    #expect(mapping.oldIndexPath(forNewIndexPath: [0, 0]) == nil)
    #expect(mapping.oldIndexPath(forNewIndexPath: [0, 1]) == [0, 0])
  }

  /// Paths deeper than the buffer a row's path is gathered in on the
  /// stack: every row of a chain 70 items deep, with a sibling at each
  /// level, maps to its path and level and back.
  @Test(arguments: RandomizedModelTests.layouts)
  func pathsDeeperThanTheStackBuffer(layout: TreeIndex.Layout) throws {
    var index = TreeIndex(numberOfRootItems: 2, layout: layout)
    var path: TreePath = [0]
    for _ in 0..<70 {
      _ = try index.expand(path, numberOfSubitems: 2)
      path = path.appending(0)
    }
    var expected: [TreePath] = []
    var chain: TreePath = [0]
    for _ in 0...70 {
      expected.append(chain)
      chain = chain.appending(0)
    }
    // After the chain's deepest item, each level's second subitem, deepest
    // first, then the second root item.
    for depth in stride(from: 71, through: 1, by: -1) {
      expected.append(TreePath(Array(repeating: 0, count: depth - 1) + [1]))
    }
    let rows = layout == .flat ? expected : expected.filter { $0.depth > 1 }
    #expect(index.numberOfRows == rows.count)
    for (row, path) in rows.enumerated() {
      #expect(index.treePath(forRow: row) == path)
      #expect(index.level(forRow: row) == path.depth - 1)
      #expect(index.row(for: path) == row)
    }
  }
}
