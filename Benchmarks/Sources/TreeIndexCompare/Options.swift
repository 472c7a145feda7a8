// The compare tool's command line.

import Foundation
import TreeIndexContenders

/// What to run, parsed from the command line.
struct Options {
  enum Command: String {
    /// Everything: child processes per contender and size, then the tables.
    case compare
    /// One contender on one tree, in this process (what `compare` runs).
    case measure
    /// The memory workload for one contender on one tree.
    case memory
    /// Every contender's answers against TreeIndex's.
    case verify
    /// The generated trees, described.
    case shapes
    /// One snapshot contender on one forest, in this process.
    case snapshotMeasure = "snapshot-measure"
    /// The snapshot memory workload for one contender on one forest.
    case snapshotMemory = "snapshot-memory"
  }

  var command = Command.compare
  /// A handful of samples on the 1,000-row trees, natively: what CI runs.
  var smoke = false
  /// Wall clock only, no Valgrind.
  var native = false
  /// Also measure wall clock natively after the instruction counts.
  var wallClock = true
  var rows = Sizes.rows
  var depths = Sizes.depths
  /// Trees of other shapes than the standard recipe's, measured besides
  /// the `rows` × `depths` ones (`--trees dense,onefolder`).
  var trees: [TreeShape.Kind] = []
  /// For the children: the one tree to measure, instead of `rows` ×
  /// `depths` (`--tree dense`).
  var tree: TreeShape.Kind?
  /// The known items K of the batch and TreeList workloads.
  var knownItems = Sizes.knownItems
  /// The rows N beneath the moved item of the move workload (those up to a
  /// tenth of each tree).
  var movedSubtreeRows = Sizes.movedSubtreeRows
  var contenders = Contender.allCases
  var workloads = Workload.allCases
  /// The snapshot workloads: TreeSnapshot against the ListKit model.
  var snapshotWorkloads = SnapshotWorkload.allCases
  var snapshotContenders = SnapshotContender.allCases
  /// The snapshot workloads' sizes (items) and shapes.
  var items = SnapshotSizes.items
  var shapes = SnapshotSizes.shapes
  var jobs = 2
  var valgrind = "valgrind"
  /// For `measure`: `callgrind` or `clock`.
  var meter = "clock"
  var callgrindPrefix = ""
  /// Write every sample as JSON lines to this file.
  var json: String?
  /// Earlier `--json` files whose cells of the contenders not run now are
  /// shown in the tables (a baseline that has not changed need not be
  /// measured again).
  var reuse: [String] = []
  /// Run what the skip list leaves out too.
  var noSkips = false
  /// For `measure` under callgrind: keep each sample's dump file.
  var keepDumps = false

  static let usage = """
    usage: treeindex-compare [--smoke | --native] [--rows 1000,100000,10000000] [--depths 2,6]
                             [--trees dense,onefolder]
                             [--contenders treeindex,flatlist,siblingscan,recount,floor]
                             [--workloads pathToRow,rowToPath,toggle,session,build,memory,
                                          move,batch,treelist-insert,treelist-delete,treelist-move,treelist-reveal,
                                          source-update,source-append,source-remove,source-move,
                                          source-refilter,source-reevaluate,
                                          snapshot-build,snapshot-toggle,snapshot-append,snapshot-move,
                                          snapshot-unrelated,snapshot-apart,snapshot-memory,
                                          snapshot-apply-append,snapshot-apply-move,selection-toggle]
                             [--subtrees 1000,10000,100000,1000000] [--known 100,1000,10000,100000]
                             [--items 1000,100000,1000000] [--shapes wide,deep]
                             [--snapshot-contenders treesnapshot,listkit]
                             [--jobs 2] [--valgrind PATH] [--no-wall-clock] [--no-skips] [--json FILE]
                             [--reuse FILE,...]
           treeindex-compare verify [--rows ...] [--depths ...] [--subtrees ...] [--known ...]
           treeindex-compare shapes [--rows ...] [--depths ...]
           valgrind --tool=callgrind --instr-atstart=no --callgrind-out-file=P \
             treeindex-compare measure --meter callgrind --callgrind-prefix P --keep-dumps \
             --contender treeindex --rows 1000 --depth 6 --workloads toggle

    Counts the instructions of each workload under Valgrind's callgrind (one child
    process per contender and tree), measures wall clock and memory natively, and
    prints the tables with the baseline/TreeIndex ratios.
      --smoke    a handful of samples on the 1,000-row trees, natively, no Valgrind (CI)
      --native   wall clock only, no Valgrind
      --no-skips also run what the skip list leaves out (slow)
      --subtrees the rows N beneath the moved item (move; those up to a tenth of each tree)
      --known    the known items K of the batch and TreeList workloads (run once, not per tree),
                 and the elements of the array source of the source-* workloads
      --reuse    earlier --json files: their cells of the contenders not run now join the tables
      --trees    also measure these trees: dense (10 subitems per item, 6 levels, 1,111,110 rows)
                 and onefolder (one root item with 10^6 subitems), for the lookups, toggle and memory
    The floor (contender floor) is the least a row mapping reads: per expanded item, its
    expanded subitems in order with the prefix sums of their rows, one binary search a level.
    The workloads move, batch, treelist-* and source-* are TreeIndex's alone (the baselines
    have no moves, batches, lists or sources); `treelist` selects the four TreeList
    workloads, `sources` the three source workloads (one edit of an array source behind a
    join and a filter, or a narrower filter predicate, reaching a TreeList's host; try
    --known 1000,1000000).
    The snapshot-* workloads (`snapshot` selects them all) measure TreeSnapshot against a
    model of ListKit's section snapshot on forests of --items items, --shapes wide and deep.
    """

  init(_ arguments: [String]) throws {
    var rest = arguments[...]
    if let first = rest.first, let command = Command(rawValue: first) {
      self.command = command
      rest = rest.dropFirst()
    }
    func value(_ name: String) throws -> String {
      guard let value = rest.popFirst() else { throw UsageError("\(name) needs a value") }
      return value
    }
    func integers(_ name: String) throws -> [Int] {
      try value(name).split(separator: ",").map {
        guard let n = Int($0.replacingOccurrences(of: "_", with: "")) else { throw UsageError("\(name): not a number: \($0)") }
        return n
      }
    }
    while let argument = rest.popFirst() {
      switch argument {
      case "--smoke": smoke = true
      case "--native": native = true
      case "--no-wall-clock": wallClock = false
      case "--no-skips": noSkips = true
      case "--keep-dumps": keepDumps = true
      case "--rows": rows = try integers(argument)
      case "--known": knownItems = try integers(argument)
      case "--subtrees": movedSubtreeRows = try integers(argument)
      case "--items": items = try integers(argument)
      case "--trees", "--tree":
        let kinds = try value(argument).split(separator: ",").map {
          guard let kind = TreeShape.Kind(rawValue: $0.lowercased()) else { throw UsageError("unknown tree \($0)") }
          return kind
        }
        if argument == "--tree" { tree = kinds.first } else { trees = kinds }
      case "--shapes", "--shape":
        shapes = try value(argument).split(separator: ",").map {
          guard let shape = SnapshotForest.Shape(rawValue: $0.lowercased()) else { throw UsageError("unknown shape \($0)") }
          return shape
        }
      case "--snapshot-contenders", "--snapshot-contender":
        snapshotContenders = try value(argument).split(separator: ",").map {
          guard let contender = SnapshotContender(identifier: String($0)) else {
            throw UsageError("unknown snapshot contender \($0)")
          }
          return contender
        }
      case "--depths", "--depth": depths = try integers(argument)
      case "--jobs": jobs = try integers(argument).first ?? 1
      case "--valgrind": valgrind = try value(argument)
      case "--meter": meter = try value(argument)
      case "--callgrind-prefix": callgrindPrefix = try value(argument)
      case "--json": json = try value(argument)
      case "--reuse": reuse = try value(argument).split(separator: ",").map(String.init)
      case "--contenders", "--contender":
        contenders = try value(argument).split(separator: ",").map {
          guard let contender = Contender(identifier: String($0)) else { throw UsageError("unknown contender \($0)") }
          return contender
        }
      case "--workloads", "--workload":
        let names = try value(argument).split(separator: ",")
        snapshotWorkloads = names.flatMap { name -> [SnapshotWorkload] in
          if name.lowercased() == "snapshot" { return SnapshotWorkload.allCases }
          return SnapshotWorkload(identifier: String(name)).map { [$0] } ?? []
        }
        workloads = try names.flatMap { name -> [Workload] in
          if name.lowercased() == "treelist" { return [.treeListInsert, .treeListDelete, .treeListMove, .treeListReveal] }
          if name.lowercased() == "sources" {
            return [
              .sourceUpdate, .sourceAppend, .sourceRemove, .sourceMove, .sourceRefilter, .sourceReevaluate,
              .sourceBulkAppend,
            ]
          }
          if name.lowercased() == "snapshot" || SnapshotWorkload(identifier: String(name)) != nil { return [] }
          guard let workload = Workload(identifier: String(name)) else { throw UsageError("unknown workload \(name)") }
          return [workload]
        }
      case "-h", "--help": throw UsageError(nil)
      default: throw UsageError("unknown argument \(argument)")
      }
    }
    if smoke && !arguments.contains("--rows") { rows = [1_000] }
    if smoke && !arguments.contains("--known") { knownItems = [100, 1_000] }
    if smoke && !arguments.contains("--items") { items = [1_000] }
  }
}

/// A bad command line; `message` is `nil` when help was asked for.
struct UsageError: Error {
  var message: String?
  init(_ message: String?) { self.message = message }
}

extension Contender {
  /// The name on the command line.
  var identifier: String {
    switch self {
    case .treeIndex: "treeindex"
    case .flatList: "flatlist"
    case .siblingScan: "siblingscan"
    case .recount: "recount"
    case .floor: "floor"
    }
  }

  init?(identifier: String) {
    guard let match = Contender.allCases.first(where: { $0.identifier == identifier.lowercased() }) else { return nil }
    self = match
  }
}

extension Workload {
  /// The name on the command line.
  var identifier: String {
    switch self {
    case .pathToRow: "pathToRow"
    case .rowToPath: "rowToPath"
    case .toggle: "toggle"
    case .session: "session"
    case .build: "build"
    case .memory: "memory"
    case .move: "move"
    case .batch: "batch"
    case .treeListInsert: "treelist-insert"
    case .treeListDelete: "treelist-delete"
    case .treeListMove: "treelist-move"
    case .treeListReveal: "treelist-reveal"
    case .sourceUpdate: "source-update"
    case .sourceAppend: "source-append"
    case .sourceRemove: "source-remove"
    case .sourceMove: "source-move"
    case .sourceRefilter: "source-refilter"
    case .sourceReevaluate: "source-reevaluate"
    case .sourceBulkAppend: "source-bulk-append"
    }
  }

  init?(identifier: String) {
    guard let match = Workload.allCases.first(where: { $0.identifier.lowercased() == identifier.lowercased() }) else {
      return nil
    }
    self = match
  }
}
