// treeindex-compare: TreeIndex and the three baselines side by side, in
// instructions per operation counted by callgrind (plus wall clock and
// memory measured natively), as one Markdown table with the ratios
// baseline/TreeIndex. `Benchmarks/compare.sh` builds and runs it.

import Foundation
import TreeIndexContenders

/// The workloads that run in a `measure` child on each seeded tree (memory
/// has its own command).
let timedWorkloads: [Workload] = [.pathToRow, .rowToPath, .toggle, .session, .build, .move]

/// The workloads that run once, on indexes and lists of K known items
/// rather than on the seeded trees (TreeIndex only).
let knownItemsWorkloads: [Workload] = Workload.treeIndexOnly.filter(\.isOnKnownItems)

func main() -> Int32 {
  let options: Options
  do {
    options = try Options(Array(CommandLine.arguments.dropFirst()))
  } catch let error as UsageError {
    if let message = error.message { log("error: \(message)") }
    log(Options.usage)
    return error.message == nil ? 0 : 2
  } catch {
    log("error: \(error)")
    return 2
  }
  switch options.command {
  case .measure: return measure(options)
  case .memory: return memory(options)
  case .verify: return verify(options)
  case .shapes: return shapes(options)
  case .snapshotMeasure: return snapshotMeasure(options)
  case .snapshotMemory: return snapshotMemory(options)
  case .compare: return options.smoke ? smoke(options) : compare(options)
  }
}

/// Child: each contender on each tree, then (for TreeIndex) the workloads
/// on known items; prints its results.
func measure(_ options: Options) -> Int32 {
  let meter: TreeIndexContenders.Measurement.MeterChoice
  let limits: (Workload) -> SampleLimits
  if options.meter == "callgrind" {
    guard CallgrindMeter.isAvailable else {
      log("error: --meter callgrind runs under valgrind --tool=callgrind --instr-atstart=no")
      return 1
    }
    meter = .callgrind(prefix: options.callgrindPrefix, keepDumps: options.keepDumps)
    limits = { SampleLimits.full($0, unit: "instructions") }
  } else {
    meter = .clock
    limits = { options.smoke ? SampleLimits.smoke($0) : SampleLimits.full($0, unit: "ns") }
  }
  let workloads = options.workloads.filter(timedWorkloads.contains)
  if !workloads.isEmpty {
    for tree in options.treesToMeasure() {
      for contender in options.contenders {
        Measurement.run(
          contender, tree: tree, workloads: workloads, meter: meter, limits: limits, skipping: !options.noSkips,
          movedSubtreeRows: options.movedSubtreeRows, log: log
        ).forEach(emit)
      }
    }
  }
  let onKnownItems = options.workloads.filter(knownItemsWorkloads.contains)
  if !onKnownItems.isEmpty && options.contenders.contains(.treeIndex) {
    Measurement.runOnKnownItems(
      workloads: onKnownItems, knownItems: options.knownItems, meter: meter, limits: limits, log: log
    ).forEach(emit)
  }
  return 0
}

/// Child: the memory workload; prints its results.
func memory(_ options: Options) -> Int32 {
  for tree in options.treesToMeasure() {
    for contender in options.contenders {
      emit(memoryResult(contender, tree))
    }
  }
  return 0
}

extension Options {
  /// The rows of the tables: the standard trees' and those of `--trees`.
  var tableRows: [Int] { rows + trees.map { TreeShape.generate($0).numberOfRows }.filter { !rows.contains($0) } }
  /// The depths of the tables: the standard trees' and those of `--trees`.
  var tableDepths: [Int] { depths + trees.map { TreeShape.generate($0).depth }.filter { !depths.contains($0) } }

  /// A child's trees: the one named by `--tree`, or the standard recipe's
  /// for each of `rows` × `depths`.
  func treesToMeasure() -> [TreeShape] {
    if let tree { return [TreeShape.generate(tree)] }
    return depths.flatMap { depth in rows.map { TreeShape.generate(rows: $0, depth: depth) } }
  }
}

func memoryResult(_ contender: Contender, _ tree: TreeShape) -> CellResult {
  CellResult(
    contender: contender, workload: .memory, rows: tree.numberOfRows, depth: tree.depth, unit: "bytes",
    operationsPerSample: 1, samples: [Measurement.bytesAllocated(by: contender, tree: tree)], overhead: 0,
    skipped: nil)
}

/// Child: the snapshot workloads of each snapshot contender on each forest;
/// prints its results.
func snapshotMeasure(_ options: Options) -> Int32 {
  let meter: TreeIndexContenders.Measurement.MeterChoice
  if options.meter == "callgrind" {
    guard CallgrindMeter.isAvailable else {
      log("error: --meter callgrind runs under valgrind --tool=callgrind --instr-atstart=no")
      return 1
    }
    meter = .callgrind(prefix: options.callgrindPrefix, keepDumps: options.keepDumps)
  } else {
    meter = .clock
  }
  for shape in options.shapes {
    for items in options.items {
      for contender in options.snapshotContenders {
        Measurement.runSnapshots(
          contender, items: items, shape: shape, workloads: options.snapshotWorkloads, meter: meter,
          smoke: options.smoke, skipping: !options.noSkips, log: log
        ).forEach(emit)
      }
    }
  }
  return 0
}

/// Child: the snapshot memory workload; prints its results.
func snapshotMemory(_ options: Options) -> Int32 {
  for shape in options.shapes {
    for items in options.items {
      let forest = SnapshotForest.generate(items: items, shape: shape)
      for contender in options.snapshotContenders {
        emit(snapshotMemoryResult(contender, forest))
      }
    }
  }
  return 0
}

func snapshotMemoryResult(_ contender: SnapshotContender, _ forest: SnapshotForest) -> SnapshotCellResult {
  SnapshotCellResult(
    contender: contender, workload: .memory, items: forest.count, shape: forest.shape, unit: "bytes",
    operationsPerSample: 1, samples: [Measurement.snapshotBytes(contender, forest: forest)], overhead: 0, skipped: nil)
}

/// Checks every contender against TreeIndex, and TreeIndex's answers on its
/// own workloads (move, batch, TreeList edits) where selected; and the
/// snapshot contenders on the forests up to 100,000 items.
func verify(_ options: Options) -> Int32 {
  var failed = false
  func report(_ problems: [String], _ what: String) {
    if problems.isEmpty {
      log("verified \(what)")
    } else {
      problems.forEach { log("error: \($0) (\(what))") }
      failed = true
    }
  }
  for depth in options.depths {
    for rows in options.rows {
      let tree = TreeShape.generate(rows: rows, depth: depth)
      for contender in options.contenders {
        report(Verification.problems(contender, tree: tree), "\(contender.rawValue) on \(Format.rows(rows)) rows, depth \(depth)")
      }
      if options.workloads.contains(.move) && options.contenders.contains(.treeIndex) {
        let sizes = Sizes.movedSubtreeRows(inTreeOf: rows, from: options.movedSubtreeRows)
        report(
          Verification.moveProblems(tree: tree, movedSubtreeRows: sizes),
          "TreeIndex move of \(sizes.map(Format.rows).joined(separator: ", ")) rows on \(Format.rows(rows)) rows, depth \(depth)")
      }
    }
  }
  if options.workloads.contains(where: knownItemsWorkloads.contains) && options.contenders.contains(.treeIndex) {
    for known in options.knownItems {
      report(
        Verification.knownItemsProblems(known: known), "TreeIndex batch and TreeList edits with \(Format.rows(known)) known items"
      )
    }
  }
  if !options.snapshotWorkloads.isEmpty {
    for shape in options.shapes {
      for items in options.items where items <= 100_000 {
        report(
          Verification.snapshotProblems(items: items, shape: shape),
          "TreeSnapshot and the ListKit model on \(Format.rows(items)) items, \(shape.rawValue)")
      }
    }
  }
  return failed ? 1 : 0
}

/// Describes the generated trees.
func shapes(_ options: Options) -> Int32 {
  for depth in options.depths {
    for rows in options.rows {
      print(TreeShape.generate(rows: rows, depth: depth).summary)
    }
  }
  return 0
}

/// CI: every contender, workload and depth on the smallest trees, a handful
/// of samples each, natively, in this process; answers verified first.
func smoke(_ options: Options) -> Int32 {
  guard verify(options) == 0 else { return 1 }
  var results: [CellResult] = []
  for depth in options.depths {
    for rows in options.rows {
      let tree = TreeShape.generate(rows: rows, depth: depth)
      for contender in options.contenders {
        results += Measurement.run(
          contender, tree: tree, workloads: options.workloads.filter(timedWorkloads.contains), meter: .clock,
          limits: SampleLimits.smoke, movedSubtreeRows: options.movedSubtreeRows, log: { _ in })
        if options.workloads.contains(.memory) { results.append(memoryResult(contender, tree)) }
      }
    }
  }
  let onKnownItems = options.workloads.filter(knownItemsWorkloads.contains)
  if !onKnownItems.isEmpty && options.contenders.contains(.treeIndex) {
    results += Measurement.runOnKnownItems(
      workloads: onKnownItems, knownItems: options.knownItems, meter: .clock, limits: SampleLimits.smoke, log: { _ in })
  }
  var snapshots: [SnapshotCellResult] = []
  for shape in options.shapes {
    for items in options.items {
      let forest = SnapshotForest.generate(items: items, shape: shape)
      for contender in options.snapshotContenders {
        snapshots += Measurement.runSnapshots(
          contender, items: items, shape: shape, workloads: options.snapshotWorkloads, meter: .clock, smoke: true,
          log: { _ in })
        if options.snapshotWorkloads.contains(.memory) { snapshots.append(snapshotMemoryResult(contender, forest)) }
      }
    }
  }
  let report = Report(results: results, snapshotResults: snapshots)
  print("Smoke run (a handful of samples, wall clock; not a measurement):\n")
  print(report.table(unit: "ns", workloads: options.workloads, rows: options.tableRows, depths: options.tableDepths))
  print("\n### TreeIndex's own workloads\n")
  print(report.editTable(workloads: options.workloads, rows: options.tableRows, depths: options.tableDepths))
  if !options.snapshotWorkloads.isEmpty {
    print("\n### TreeSnapshot and the ListKit model\n")
    print(report.snapshotTable(unit: "ns", options: options))
  }
  return 0
}

/// Everything, in child processes, then the tables.
func compare(_ options: Options) -> Int32 {
  let me = selfPath()
  let scratch = FileManager.default.temporaryDirectory
    .appendingPathComponent("treeindex-compare-\(ProcessInfo.processInfo.processIdentifier)")
  try? FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(at: scratch) }
  let store = JobResults()
  let timed = options.workloads.filter(timedWorkloads.contains).map(\.identifier).joined(separator: ",")
  let onKnownItems =
    options.contenders.contains(.treeIndex)
    ? options.workloads.filter(knownItemsWorkloads.contains).map(\.identifier).joined(separator: ",") : ""
  let started = Date()
  let snapshotTimed = options.snapshotWorkloads.filter { $0 != .memory }.map(\.identifier).joined(separator: ",")
  func snapshotArguments(_ contender: SnapshotContender, _ items: Int, _ shape: SnapshotForest.Shape) -> [String] {
    ["--snapshot-contenders", contender.identifier, "--items", "\(items)", "--shapes", shape.rawValue]
      + (options.noSkips ? ["--no-skips"] : [])
  }
  func snapshotJobs(_ make: (SnapshotContender, Int, SnapshotForest.Shape) -> Job) -> [Job] {
    options.shapes.flatMap { shape in
      options.items.flatMap { items in options.snapshotContenders.map { make($0, items, shape) } }
    }
  }

  // The trees of `--trees`, by their rows and depth (which no standard
  // tree measured shares).
  let namedTrees = Dictionary(
    options.trees.map { kind in
      let tree = TreeShape.generate(kind)
      return ("\(tree.numberOfRows)-\(tree.depth)", kind)
    }, uniquingKeysWith: { first, _ in first })
  func arguments(_ contender: Contender, _ rows: Int, _ depth: Int) -> [String] {
    let tree = namedTrees["\(rows)-\(depth)"].map { ["--tree", $0.rawValue] } ?? ["--rows", "\(rows)", "--depth", "\(depth)"]
    return ["--contender", contender.identifier] + tree
      + ["--subtrees", options.movedSubtreeRows.map(String.init).joined(separator: ",")]
      + (options.noSkips ? ["--no-skips"] : [])
  }
  /// The child that runs the workloads on known items, once.
  let knownItemsArguments = [
    "--contender", "treeindex", "--workloads", onKnownItems,
    "--known", options.knownItems.map(String.init).joined(separator: ","),
  ]
  let knownItemsWeight = 2 * (options.knownItems.max() ?? 0)
  func jobs(_ make: (Contender, Int, Int) -> Job?) -> [Job] {
    let standard = options.depths.flatMap { depth in options.rows.map { (rows: $0, depth: depth) } }
    let named = options.trees.map { TreeShape.generate($0) }.map { (rows: $0.numberOfRows, depth: $0.depth) }
    return (standard + named).flatMap { tree in options.contenders.compactMap { make($0, tree.rows, tree.depth) } }
  }

  // Answers first: every baseline must agree with TreeIndex, and TreeIndex
  // must give the right answers on its own workloads.
  let verifyRows = options.rows.filter { $0 <= 100_000 }
  var verifyJobs =
    verifyRows.isEmpty || options.workloads.isEmpty
    ? []
    : options.depths.map { depth in
      Job(
        command: [
          me, "verify", "--rows", verifyRows.map(String.init).joined(separator: ","), "--depths", "\(depth)",
          "--contenders", options.contenders.map(\.identifier).joined(separator: ","),
          "--workloads", options.workloads.filter { !$0.isOnKnownItems }.map(\.identifier).joined(separator: ","),
          "--subtrees", options.movedSubtreeRows.map(String.init).joined(separator: ","),
        ],
        label: "verify depth \(depth)", weight: 0)
    }
  if !onKnownItems.isEmpty {
    verifyJobs.append(
      Job(
        command: [
          me, "verify", "--rows", "", "--contenders", "treeindex", "--workloads", onKnownItems,
          "--known", options.knownItems.filter { $0 <= 100_000 }.map(String.init).joined(separator: ","),
        ],
        label: "verify TreeIndex on known items", weight: 0))
  }
  let verifyItems = options.items.filter { $0 <= 100_000 }
  if !options.snapshotWorkloads.isEmpty && !verifyItems.isEmpty {
    verifyJobs.append(
      Job(
        command: [
          me, "verify", "--rows", "", "--contenders", "treeindex", "--workloads",
          options.snapshotWorkloads.map(\.identifier).joined(separator: ","),
          "--items", verifyItems.map(String.init).joined(separator: ","),
          "--shapes", options.shapes.map(\.rawValue).joined(separator: ","),
        ],
        label: "verify TreeSnapshot and the ListKit model", weight: 0))
  }
  if !verifyJobs.isEmpty {
    run(verifyJobs, concurrency: options.jobs, into: store)
    guard store.failures.isEmpty else {
      store.failures.forEach { log("error: \($0)") }
      return 1
    }
  }

  var unit = "ns"
  if !options.native && !(timed.isEmpty && onKnownItems.isEmpty && snapshotTimed.isEmpty) {
    unit = "instructions"
    let probe = Process()
    probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    probe.arguments = [options.valgrind, "--version"]
    probe.standardOutput = FileHandle.nullDevice
    probe.standardError = FileHandle.nullDevice
    guard (try? probe.run()) != nil,
      ({
        probe.waitUntilExit(); return probe.terminationStatus == 0
      })()
    else {
      log("error: \(options.valgrind) not found. Instructions are counted with Valgrind's callgrind")
      log("(apt-get install valgrind); or pass --native for wall clock only.")
      return 1
    }
    func callgrind(_ name: String, command: String = "measure") -> [String] {
      let prefix = scratch.appendingPathComponent("\(name).out").path
      return [
        "/usr/bin/env", options.valgrind, "--tool=callgrind", "-q", "--instr-atstart=no",
        "--callgrind-out-file=\(prefix)", me, command, "--meter", "callgrind", "--callgrind-prefix", prefix,
      ]
    }
    var callgrindJobs =
      timed.isEmpty
      ? []
      : jobs { contender, rows, depth in
        Job(
          command: callgrind("\(contender.identifier)-\(rows)-\(depth)") + ["--workloads", timed]
            + arguments(contender, rows, depth),
          label: "instructions: \(contender.rawValue), \(Format.rows(rows)) rows, depth \(depth)", weight: rows)
      }
    if !onKnownItems.isEmpty {
      callgrindJobs.append(
        Job(
          command: callgrind("known-items") + knownItemsArguments,
          label: "instructions: TreeIndex on known items", weight: knownItemsWeight))
    }
    if !snapshotTimed.isEmpty {
      callgrindJobs += snapshotJobs { contender, items, shape in
        Job(
          command: callgrind("snapshot-\(contender.identifier)-\(items)-\(shape.rawValue)", command: "snapshot-measure")
            + ["--workloads", snapshotTimed] + snapshotArguments(contender, items, shape),
          label: "instructions: \(contender.rawValue), \(Format.rows(items)) items, \(shape.rawValue)",
          weight: contender == .sectionSnapshot ? 10 * items : items)
      }
    }
    run(callgrindJobs, concurrency: options.jobs, into: store)
  }
  // Natively and one at a time, so that jobs do not disturb each other.
  if options.snapshotWorkloads.contains(.memory) {
    run(
      snapshotJobs { contender, items, shape in
        Job(
          command: [me, "snapshot-memory"] + snapshotArguments(contender, items, shape),
          label: "memory: \(contender.rawValue), \(Format.rows(items)) items, \(shape.rawValue)", weight: items)
      }, concurrency: 1, into: store)
  }
  if options.workloads.contains(.memory) {
    run(
      jobs { contender, rows, depth in
        Job(
          command: [me, "memory"] + arguments(contender, rows, depth),
          label: "memory: \(contender.rawValue), \(Format.rows(rows)) rows, depth \(depth)", weight: rows)
      }, concurrency: 1, into: store)
  }
  if options.native || options.wallClock {
    var clockJobs =
      timed.isEmpty
      ? []
      : jobs { contender, rows, depth in
        Job(
          command: [me, "measure", "--meter", "clock", "--workloads", timed] + arguments(contender, rows, depth),
          label: "wall clock: \(contender.rawValue), \(Format.rows(rows)) rows, depth \(depth)", weight: rows)
      }
    if !onKnownItems.isEmpty {
      clockJobs.append(
        Job(
          command: [me, "measure", "--meter", "clock"] + knownItemsArguments,
          label: "wall clock: TreeIndex on known items", weight: knownItemsWeight))
    }
    if !snapshotTimed.isEmpty {
      clockJobs += snapshotJobs { contender, items, shape in
        Job(
          command: [me, "snapshot-measure", "--meter", "clock", "--workloads", snapshotTimed]
            + snapshotArguments(contender, items, shape),
          label: "wall clock: \(contender.rawValue), \(Format.rows(items)) items, \(shape.rawValue)", weight: items)
      }
    }
    run(clockJobs, concurrency: 1, into: store)
  }

  for path in options.reuse {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else {
      log("error: cannot read \(path)")
      return 2
    }
    for line in text.split(separator: "\n") {
      if let cell = try? JSONDecoder().decode(SnapshotCellResult.self, from: Data(line.utf8)) {
        if !options.snapshotContenders.contains(cell.contender) { store.add([], [cell]) }
      } else if let cell = try? JSONDecoder().decode(CellResult.self, from: Data(line.utf8)) {
        if !options.contenders.contains(cell.contender) { store.add([cell]) }
      }
    }
  }
  let results = store.results
  if let path = options.json {
    let lines =
      results.map { String(decoding: try! JSONEncoder().encode($0), as: UTF8.self) }
      + store.snapshotResults.map { String(decoding: try! JSONEncoder().encode($0), as: UTF8.self) }
    try? (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }
  let report = Report(results: results, snapshotResults: store.snapshotResults)
  let workloads = options.workloads
  let shared = workloads.filter { !$0.isTreeIndexOnly }
  if unit == "instructions" && !shared.isEmpty {
    print("## Instructions per operation (median; memory in bytes), and TreeIndex's mallocs\n")
    print(report.table(unit: "instructions", workloads: shared, rows: options.tableRows, depths: options.tableDepths))
  }
  if workloads.contains(where: \.isTreeIndexOnly) {
    print("\n## TreeIndex's own workloads: moves, batches, TreeList edits (median per operation)\n")
    print(report.editTable(workloads: workloads, rows: options.tableRows, depths: options.tableDepths))
  }
  if !options.snapshotWorkloads.isEmpty {
    print("\n## TreeSnapshot against the section snapshot (ListKit model)\n")
    if unit == "instructions" {
      print(report.snapshotTable(unit: "instructions", options: options))
    } else if options.snapshotWorkloads.contains(.memory) {
      print(report.snapshotTable(unit: "bytes", options: options))
    }
  }
  if unit == "instructions" {
    print("\n## Targets\n")
    if !workloads.isEmpty { print(report.targets(unit: "instructions")) }
    if !options.snapshotWorkloads.isEmpty { print(report.snapshotTargets()) }
  }
  if (options.native || options.wallClock) && !timed.isEmpty && !shared.filter({ $0 != .memory }).isEmpty {
    print("\n## Wall clock per operation (median, native)\n")
    print(
      report.table(unit: "ns", workloads: shared.filter { $0 != .memory }, rows: options.tableRows, depths: options.tableDepths))
  }
  if (options.native || options.wallClock) && !snapshotTimed.isEmpty {
    print("\n## TreeSnapshot against the ListKit model: wall clock per operation (median, native)\n")
    print(report.snapshotTable(unit: "ns", options: options))
  }
  print("\n(\(Int(Date().timeIntervalSince(started))) s)")
  for failure in store.failures { log("error: \(failure)") }
  return store.failures.isEmpty ? 0 : 1
}

exit(main())
