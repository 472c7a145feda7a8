// Checks that a contender gives TreeIndex's answers on a tree — every row
// both ways (or a sample, on big trees), the toggle and a session — so
// that the baselines are known to do the same work before they are timed.

import TreeDataSource
import TreeIndex

/// Compares a contender's answers with TreeIndex's.
public enum Verification {
  /// The disagreements of `contender` with TreeIndex on `tree`; empty when
  /// they agree.
  ///
  /// - Parameters:
  ///   - everyRowUpTo: Trees with at most this many rows are checked at
  ///     every row; bigger ones at 2,000 random rows.
  ///   - slices: The number of session slices to replay.
  public static func problems(
    _ contender: Contender, tree: TreeShape, everyRowUpTo limit: Int = 10_000, slices: Int = 20
  ) -> [String] {
    switch contender {
    case .treeIndex: return problems(TreeIndexContender.self, tree, limit, slices)
    case .flatList: return problems(FlatListBaseline.self, tree, limit, slices)
    case .siblingScan: return problems(SiblingScanBaseline.self, tree, limit, slices)
    case .recount: return problems(RecountBaseline.self, tree, limit, slices)
    case .floor: return problems(FloorBaseline.self, tree, limit, slices)
    }
  }

  static func problems<C: RowMapping>(_ type: C.Type, _ tree: TreeShape, _ limit: Int, _ slices: Int) -> [String] {
    var found: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition && found.count < 10 { found.append("\(C.name): \(message())") }
    }
    let reference = TreeIndexContender(tree: tree).index
    var instance = C(tree: tree)
    expect(instance.numberOfRows == reference.numberOfRows, "\(instance.numberOfRows) rows, not \(reference.numberOfRows)")

    let rows =
      reference.numberOfRows <= limit
      ? Array(0..<reference.numberOfRows) : Queries(count: 2_000, reference: reference).rows
    for row in rows {
      let path = reference.treePath(forRow: row)!
      expect(
        instance.treePath(forRow: row) == path,
        "row \(row) shows \(String(describing: instance.treePath(forRow: row))), not \(path)")
      expect(instance.row(for: path) == row, "\(path) is at row \(String(describing: instance.row(for: path))), not \(row)")
    }
    expect(instance.treePath(forRow: reference.numberOfRows) == nil, "a row past the end")

    // Hidden items have no row.
    var hidden = reference
    let target = tree.toggleTarget
    let count = tree.folders.first { $0.path == target }!.numberOfSubitems
    let vanished = try! hidden.collapse(target).deletedRowRanges[0].rows
    expect(instance.collapse(target) == vanished, "collapsing \(target) does not remove \(vanished)")
    expect(instance.numberOfRows == hidden.numberOfRows, "\(instance.numberOfRows) rows after collapsing \(target)")
    if let inside = tree.folders.first(where: { target.isAncestor(of: $0.path) }) {
      expect(instance.row(for: inside.path) == nil, "hidden \(inside.path) has a row")
    }
    let appeared = try! hidden.expand(target, numberOfSubitems: count).insertedRowRanges[0].rows
    expect(instance.expand(target, numberOfSubitems: count) == appeared, "expanding \(target) does not insert \(appeared)")
    expect(instance.numberOfRows == reference.numberOfRows, "toggling \(target) changes the rows")

    for slice in Session(slices: slices, tree: tree, reference: reference).slices {
      for step in slice {
        switch step {
        case .rowToPath(let row, let path):
          expect(instance.treePath(forRow: row) == path, "session: row \(row) is not \(path)")
        case .pathToRow(let path, let row):
          expect(instance.row(for: path) == row, "session: \(path) is not at row \(row)")
        case .collapse(let path, let rows):
          expect(instance.collapse(path) == rows, "session: collapsing \(path) does not remove \(rows)")
        case .expand(let path, let count, let rows):
          expect(instance.expand(path, numberOfSubitems: count) == rows, "session: expanding \(path) does not insert \(rows)")
        }
      }
    }
    expect(instance.numberOfRows == reference.numberOfRows, "the session does not restore the rows")
    return found
  }
}

extension Verification {
  /// The problems of the move workload on `tree`, for each subtree size N:
  /// the moved item lands at the end of its parent with its N rows, a host
  /// accepts both change sets, and the move back restores the index.
  public static func moveProblems(tree: TreeShape, movedSubtreeRows sizes: [Int]) -> [String] {
    var found: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition && found.count < 10 { found.append("TreeIndex move: \(message())") }
    }
    let reference = TreeIndexContender(tree: tree).index
    for size in sizes {
      let fixture = MoveFixture(reference: reference, tree: tree, subtreeRows: size)
      let before = fixture.index
      let parentEnd = fixture.source.parent.map { before.rows(inSubtreeAt: $0)!.upperBound } ?? before.numberOfRows
      let box = IndexBox(fixture.index)
      let host = ListHostSimulator(numberOfSections: { 1 }, numberOfRows: { _ in box.index.numberOfRows })
      host.reloadData()
      do {
        let there = try box.index.moveItem(at: fixture.source, to: fixture.destination)
        host.apply(there)
        expect(!there.isEmpty, "moving \(fixture.source) to \(fixture.destination) reports no change")
        expect(
          box.index.rows(inSubtreeAt: fixture.destination) == (parentEnd - size - 1)..<parentEnd,
          "\(fixture.destination) shows \(String(describing: box.index.rows(inSubtreeAt: fixture.destination))), "
            + "not the last \(size + 1) rows of its parent (ending at \(parentEnd))")
        expect(box.index.isExpanded(fixture.destination), "the moved item is no longer expanded")
        let back = try box.index.moveItem(at: fixture.destination, to: fixture.source)
        host.apply(back)
      } catch {
        expect(false, "\(error)")
      }
      expect(host.violations.isEmpty, "a host rejects the changes: \(host.violations)")
      expect(box.index == before, "moving \(fixture.source) there and back does not restore the index (N = \(size))")
      expect(box.index.row(for: fixture.source) == fixture.sourceRow, "the item is not back at row \(fixture.sourceRow)")
    }
    return found
  }

  /// The problems of the batch and TreeList workloads with `known` known
  /// items: the batch inserts rows 0 ..< 100 and its deletion restores the
  /// index; each TreeList edit gives a host a valid update with the right
  /// rows, and its undoing restores the list.
  public static func knownItemsProblems(known: Int) -> [String] {
    var found: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition && found.count < 10 { found.append("TreeIndex, \(known) known items: \(message())") }
    }
    let before = KnownItems.index(known)
    var index = before
    let changes = KnownItems.insertBatch(&index)
    let inserted = KnownItems.batchInsertions
    expect(
      changes.insertedRowRanges == [TreeChanges.RowRange(section: 0, rows: 0..<inserted)]
        && changes.deletedRowRanges.isEmpty,
      "the batch gives \(changes), not rows 0..<\(inserted) inserted")
    expect(index.numberOfRows == before.numberOfRows + inserted, "the batch leaves \(index.numberOfRows) rows")
    _ = try? index.deleteItems(at: KnownItems.insertedPaths)
    expect(index == before, "deleting the batch's items does not restore the index")

    // (rows the edit adds, rows the list shows after it)
    let edits: [(Workload, Int)] = [(.treeListInsert, 2), (.treeListDelete, -2), (.treeListMove, 0), (.treeListReveal, 1)]
    for (workload, added) in edits {
      let fixture = TreeListFixture(known: known)
      let host = ListHostSimulator(list: fixture.list)  // the list's host from now on
      host.reloadData()
      let (prepare, edit, restore) = fixture.steps(workload)
      let rows = fixture.list.numberOfRows
      expect(rows == 2 * known, "the list shows \(rows) rows, not \(2 * known)")
      prepare()
      let shown = fixture.list.numberOfRows
      host.removeRecordedCalls()
      edit()
      expect(host.calls.count == (workload == .treeListMove ? 2 : 1), "\(workload.rawValue): \(host.calls.count) updates")
      expect(fixture.list.numberOfRows == shown + added, "\(workload.rawValue) shows \(fixture.list.numberOfRows) rows")
      expect(host.mismatchedRows().isEmpty, "\(workload.rawValue): rows show the wrong items")
      restore()
      expect(host.violations.isEmpty, "\(workload.rawValue): a host rejects the changes: \(host.violations)")
      expect(fixture.list.numberOfRows == rows, "\(workload.rawValue) and its undoing leave \(fixture.list.numberOfRows) rows")
      expect(host.mismatchedRows().isEmpty, "after undoing \(workload.rawValue): rows show the wrong items")
    }

    // The source workloads: each edit is one host update of one row.
    for (workload, expected) in [
      (Workload.sourceUpdate, { (row: Int) in TreeChanges(reloadedRowRanges: [.init(section: 0, rows: row..<(row + 1))]) }),
      (.sourceAppend, { (row: Int) in TreeChanges(insertedRowRanges: [.init(section: 0, rows: row..<(row + 1))]) }),
      (.sourceReevaluate, { (row: Int) in TreeChanges(deletedRowRanges: [.init(section: 0, rows: row..<(row + 1))]) }),
      (.sourceRemove, { (row: Int) in TreeChanges(deletedRowRanges: [.init(section: 0, rows: row..<(row + 1))]) }),
      (
        .sourceMove,
        { (row: Int) in
          TreeChanges(movedRowRanges: [
            .init(from: .init(section: 0, rows: row..<(row + 1)), to: .init(section: 0, rows: (row - 1)..<row))
          ])
        }
      ),
    ] {
      let fixture = SourceFixture(known: known)
      let host = ListHostSimulator(list: fixture.list)
      host.reloadData()
      let rows = fixture.list.numberOfRows
      expect(rows == 2 + known - known / 3, "the source list shows \(rows) rows, not \(2 + known - known / 3)")
      let (prepare, edit, restore) = fixture.steps(workload)
      prepare()
      host.removeRecordedCalls()
      // The row of the updated (or hidden) element, read before the edit.
      let row =
        switch workload {
        case .sourceAppend: rows
        case .sourceRemove, .sourceMove: rows - 1  // the last element's
        default: fixture.filter.filteredPath(forBasePath: [2 + fixture.updated.path[0]])?[0] ?? -1
        }
      edit()
      expect(
        host.calls == [.apply(expected(row))], "\(workload.rawValue): the host gets \(host.calls), not one update of row \(row)")
      expect(host.mismatchedRows().isEmpty, "\(workload.rawValue): rows show the wrong items")
      restore()
      expect(host.violations.isEmpty, "\(workload.rawValue): a host rejects the changes: \(host.violations)")
      expect(fixture.list.numberOfRows == rows, "\(workload.rawValue) and its undoing leave \(fixture.list.numberOfRows) rows")
    }

    // The bulk append: one host update inserting every appended row.
    do {
      let fixture = SourceFixture(known: known)
      let host = ListHostSimulator(list: fixture.list)
      host.reloadData()
      let rows = fixture.list.numberOfRows
      let count = fixture.bulk.count
      let (prepare, edit, restore) = fixture.steps(.sourceBulkAppend)
      prepare()
      host.removeRecordedCalls()
      edit()
      let expected = TreeChanges(insertedRowRanges: [.init(section: 0, rows: rows..<(rows + count))])
      expect(host.calls == [.apply(expected)], "source bulk append: the host gets \(host.calls), not one update")
      expect(host.mismatchedRows().isEmpty, "source bulk append: rows show the wrong items")
      restore()
      expect(host.violations.isEmpty, "source bulk append: a host rejects the changes: \(host.violations)")
      expect(fixture.list.numberOfRows == rows, "source bulk append and its undoing leave \(fixture.list.numberOfRows) rows")
    }
    // The narrower predicate: one update deleting the rows of the elements
    // ≡ 0 (mod 9), and the wider one inserting them again.
    do {
      let fixture = SourceFixture(known: known)
      let host = ListHostSimulator(list: fixture.list)
      host.reloadData()
      let rows = fixture.list.numberOfRows
      host.removeRecordedCalls()
      fixture.narrow()
      let hidden = (0..<known).filter { $0 % 9 == 0 }.count
      expect(host.calls.count == 1, "source refilter: \(host.calls.count) updates")
      expect(fixture.list.numberOfRows == rows - hidden, "source refilter shows \(fixture.list.numberOfRows) rows")
      expect(host.mismatchedRows().isEmpty, "source refilter: rows show the wrong items")
      fixture.widen()
      expect(host.violations.isEmpty, "source refilter: a host rejects the changes: \(host.violations)")
      expect(fixture.list.numberOfRows == rows, "source refilter and its undoing leave \(fixture.list.numberOfRows) rows")
    }
    return found
  }
}

/// An index held by reference, so that a host's closures read its
/// current state.
final class IndexBox {
  var index: TreeIndex
  init(_ index: TreeIndex) { self.index = index }
}
