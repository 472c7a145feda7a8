// Checks that a contender gives TreeIndex's answers on a tree — every row
// both ways (or a sample, on big trees), the toggle and a session — so
// that the baselines are known to do the same work before they are timed.

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
