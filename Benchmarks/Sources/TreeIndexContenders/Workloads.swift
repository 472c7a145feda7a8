// What is measured: the workloads, the sizes, the seeded queries and
// sessions every contender replays, and which contender is skipped where.

import TreeIndex

/// A benchmark workload. Each sample is one operation, except where noted.
public enum Workload: String, CaseIterable, Codable, Sendable {
  /// `row(for:)` of a visible item, rows drawn uniformly at random.
  case pathToRow = "path→row"
  /// `treePath(forRow:)` of a row drawn uniformly at random.
  case rowToPath = "row→path"
  /// Collapsing, then expanding again, the item whose retained subtree holds
  /// most of the rows; one sample is the pair.
  case toggle = "collapse+expand"
  /// A user session: scroll to a random row, map 50 consecutive rows to
  /// paths and those 50 paths back to rows, then click one folder (collapse
  /// a random visible folder, or expand the one collapsed by the previous
  /// click). One sample is those 101 operations; the value reported is per
  /// operation.
  case session = "mixed session"
  /// Building the state for the tree with its folders expanded.
  case build = "build"
  /// The bytes the built state keeps allocated (one value, not a sample).
  case memory = "memory"

  // TreeIndex only: edits the baselines do not implement (see
  // EditWorkloads.swift). Each cell also has a size, ``CellResult/parameter``.

  /// `moveItem(at:to:)` of a visible, expanded item with N rows beneath it
  /// to the end of its parent's subitems, then back; one sample is the pair.
  /// Measured on the seeded trees; N is the cell's parameter.
  case move = "move"
  /// `performBatchUpdates(_:)` with 100 insertions of a root item at the
  /// front, in an index of K expanded root items (K known items, one
  /// subitem each); one sample is the batch. K is the cell's parameter.
  case batch = "batch of 100 insertions"
  /// `TreeList.insertItems(at:)` of one (expanded) root item at the front of
  /// a list of K expanded root items.
  case treeListInsert = "TreeList insert"
  /// `TreeList.deleteItems(at:)` of the first root item (and its subitem)
  /// of a list of K expanded root items.
  case treeListDelete = "TreeList delete"
  /// `TreeList.moveItem(at:to:)` of the first root item to the middle of a
  /// list of K expanded root items, then back; one sample is the pair.
  case treeListMove = "TreeList move"
  /// `TreeList.reveal(_:)` of the subitem of a collapsed root item in the
  /// middle of a list of K expanded root items (which expands it).
  case treeListReveal = "TreeList reveal"
  /// `ArrayTreeSource.replace(at:with:)` of a shown element in the middle
  /// of an array source of K elements, behind a join (with a two-element
  /// header) and a filter (hiding a third of the elements), shown by a
  /// `TreeList(source:)`: the update reaches the host as one reloaded row.
  case sourceUpdate = "source update"
  /// `ArrayTreeSource.append(_:to:)` of a shown element to the same array
  /// source of K elements behind a join and a filter: one inserted row.
  case sourceAppend = "source append"
  /// `ArrayTreeSource.remove(at:)` of the last element, shown, of the same
  /// array source of K elements behind a join and a filter: one deleted
  /// row. (At the end, so that the Swift array shifts no elements.)
  case sourceRemove = "source remove"
  /// `ArrayTreeSource.move(from:to:)` of the last element, shown, before
  /// the two before it (one hidden), in the same composition: one row
  /// moved up by one.
  case sourceMove = "source move"
  /// `FilteredTreeSource.setPredicate(_:change: .narrowing)` with a
  /// narrower predicate (it also hides the elements `≡ 0 (mod 9)`, about
  /// K/9 shown rows), over the same composition: one host update removing
  /// those rows. The hint lets the filter ask only the shown elements, but
  /// two thirds of the K elements are shown: O(K) here still.
  case sourceRefilter = "source refilter"
  /// `FilteredTreeSource.setPredicate(_:reevaluatingItemsAt:)` with a
  /// predicate that also hides the shown element of the update, naming its
  /// path: the filter asks that element alone, and the host gets one
  /// update removing its row, whatever K.
  case sourceReevaluate = "source reevaluate"
  /// `ArrayTreeSource.append(contentsOf:to:)` of K/10 shown elements to
  /// the same array source of K elements behind a join and a filter: one
  /// host update inserting their rows. Reported per element.
  case sourceBulkAppend = "source bulk append"

  /// The number of operations one sample holds.
  public var operationsPerSample: Int { self == .session ? Session.operationsPerSlice : 1 }

  /// The workloads that only TreeIndex runs: the baselines implement no
  /// moves, batches or lists.
  public static var treeIndexOnly: [Workload] {
    [
      .move, .batch, .treeListInsert, .treeListDelete, .treeListMove, .treeListReveal, .sourceUpdate, .sourceAppend,
      .sourceRefilter, .sourceReevaluate, .sourceRemove, .sourceMove, .sourceBulkAppend,
    ]
  }

  /// Whether this workload edits a composed tree source (K is then the
  /// array source's elements).
  public var isOnSource: Bool {
    [.sourceUpdate, .sourceAppend, .sourceRemove, .sourceMove, .sourceRefilter, .sourceReevaluate, .sourceBulkAppend]
      .contains(self)
  }

  /// The rows of a cell of K known items: 2K for the index and TreeList
  /// workloads (each root item expanded with one subitem), K for the
  /// source workloads (the array's elements, of which the list shows
  /// about two thirds).
  public func rows(known: Int) -> Int { isOnSource ? known : 2 * known }

  /// Whether only TreeIndex runs this workload.
  public var isTreeIndexOnly: Bool { Self.treeIndexOnly.contains(self) }

  /// Whether this workload runs on an index of K known items
  /// (``Sizes/knownItems``) rather than on a seeded tree.
  public var isOnKnownItems: Bool { isTreeIndexOnly && self != .move }
}

/// The contenders, by name.
public enum Contender: String, CaseIterable, Codable, Sendable {
  case treeIndex = "TreeIndex"
  case flatList = "Flat list"
  case siblingScan = "Sibling scan"
  case recount = "Recount"
  case floor = "Floor"

  /// The three baselines: how other libraries keep their rows.
  public static var baselines: [Contender] { [.flatList, .siblingScan, .recount] }
  /// The baselines and the floor, as the tables show them beside TreeIndex.
  public static var comparisons: [Contender] { baselines + [.floor] }
}

/// The tree sizes and depths of the published tables.
public enum Sizes {
  /// Visible rows.
  public static let rows = [1_000, 100_000, 10_000_000]
  /// Path lengths of the deepest rows.
  public static let depths = [2, 6]
  /// The numbers of known items K of the batch and TreeList workloads.
  public static let knownItems = [100, 1_000, 10_000, 100_000]
  /// The array source's elements K of the source workloads in the
  /// ordo-one suite (`compare.sh` takes them from `--known`).
  public static let sourceElements = [1_000, 1_000_000]
  /// The numbers of rows N beneath the moved item of the move workload.
  public static let movedSubtreeRows = [1_000, 10_000, 100_000, 1_000_000]

  /// The subtree sizes the move workload uses in a tree of `rows` rows:
  /// those of `sizes` up to a tenth of the tree (or a tenth of the tree,
  /// when none is that small).
  public static func movedSubtreeRows(inTreeOf rows: Int, from sizes: [Int] = movedSubtreeRows) -> [Int] {
    let fitting = sizes.filter { $0 <= rows / 10 }
    return fitting.isEmpty ? [rows / 10] : fitting
  }
}

/// Where a contender is not run, and why: a single sample takes more than
/// 3 seconds natively (measured with `treeindex-compare --native --no-skips`
/// on the machine of the published table; see README.md). The tables print
/// the reason instead of a number.
public enum Skips {
  /// The reason `contender` is not run on `workload` at `rows`, or `nil`.
  public static func reason(_ contender: Contender, _ workload: Workload, rows: Int) -> String? {
    if workload.isTreeIndexOnly && contender != .treeIndex { return notImplemented }
    guard rows >= 10_000_000, contender == .flatList else { return nil }
    switch workload {
    case .toggle:
      return "one collapse+expand takes about 18 s natively: it splices millions of paths "
        + "and rebuilds the 10M-entry dictionary twice"
    case .build:
      return "one build takes about 6.5 s natively: 10M paths and 10M dictionary entries"
    case .session:
      return "one 101-operation sample takes about 4–5 s natively: its click rebuilds the 10M-entry dictionary"
    default:
      return nil
    }
  }

  /// The reason the baselines do not run the TreeIndex-only workloads.
  public static let notImplemented = "n/a: the baselines implement no moves, batches or lists"
}

/// Random visible rows and their paths: the queries of the lookup workloads.
public struct Queries: Sendable {
  /// Rows drawn uniformly from `0 ..< numberOfRows`.
  public var rows: [Int]
  /// The path shown at each row.
  public var paths: [TreePath]

  /// Draws `count` rows of `reference` (a TreeIndex for the tree, all
  /// folders expanded).
  public init(count: Int, reference: TreeIndex, seed: UInt64 = 0x51DE_5CA1) {
    var rng = SeededGenerator(seed: seed ^ UInt64(reference.numberOfRows))
    rows = (0..<count).map { _ in rng.below(reference.numberOfRows) }
    paths = rows.map { reference.treePath(forRow: $0)! }
  }
}

/// One step of a session, with the answer every contender must give.
public enum SessionStep: Sendable {
  case rowToPath(Int, expected: TreePath)
  case pathToRow(TreePath, expected: Int)
  case collapse(TreePath, expected: Range<Int>)
  case expand(TreePath, numberOfSubitems: Int, expected: Range<Int>)
}

/// A seeded user session, in slices of 100 lookups and one click.
public struct Session: Sendable {
  /// 50 rows → paths, 50 paths → rows, one click.
  public static let operationsPerSlice = 101

  /// The slices, in order. After an even number of slices every folder is
  /// expanded again.
  public var slices: [[SessionStep]]

  /// Replays `count` slices on `reference` (a TreeIndex for `tree`, all
  /// folders expanded) to record the steps and their answers.
  public init(slices count: Int, tree: TreeShape, reference: TreeIndex, seed: UInt64 = 0x5E55_1011) {
    var index = reference
    var rng = SeededGenerator(seed: seed ^ UInt64(tree.numberOfRows))
    var collapsed: TreeShape.Folder?
    slices = []
    for _ in 0..<count {
      var steps: [SessionStep] = []
      steps.reserveCapacity(Self.operationsPerSlice)
      let window = Swift.min(50, index.numberOfRows)
      let first = rng.below(index.numberOfRows - window + 1)
      var paths: [TreePath] = []
      for row in first..<(first + window) {
        let path = index.treePath(forRow: row)!
        paths.append(path)
        steps.append(.rowToPath(row, expected: path))
      }
      for (offset, path) in paths.enumerated() {
        steps.append(.pathToRow(path, expected: first + offset))
      }
      if let folder = collapsed {
        let rows = try! index.expand(folder.path, numberOfSubitems: folder.numberOfSubitems).insertedRowRanges[0].rows
        steps.append(.expand(folder.path, numberOfSubitems: folder.numberOfSubitems, expected: rows))
        collapsed = nil
      } else {
        var folder = tree.folders[rng.below(tree.folders.count)]
        while !index.isVisible(folder.path) { folder = tree.folders[rng.below(tree.folders.count)] }
        let rows = try! index.collapse(folder.path).deletedRowRanges[0].rows
        steps.append(.collapse(folder.path, expected: rows))
        collapsed = folder
      }
      slices.append(steps)
    }
  }
}
