// treeindex-compare: TreeIndex and the three baselines side by side, in
// instructions per operation counted by callgrind (plus wall clock and
// memory measured natively), as one Markdown table with the ratios
// baseline/TreeIndex. `Benchmarks/compare.sh` builds and runs it.

import Foundation
import TreeIndexContenders

/// The workloads that run in a `measure` child (memory has its own).
let timedWorkloads: [Workload] = [.pathToRow, .rowToPath, .toggle, .session, .build]

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
  case .compare: return options.smoke ? smoke(options) : compare(options)
  }
}

/// Child: one contender on one tree; prints its results.
func measure(_ options: Options) -> Int32 {
  for depth in options.depths {
    for rows in options.rows {
      let tree = TreeShape.generate(rows: rows, depth: depth)
      let workloads = options.workloads.filter(timedWorkloads.contains)
      for contender in options.contenders {
        let results: [CellResult]
        if options.meter == "callgrind" {
          guard CallgrindMeter.isAvailable else {
            log("error: --meter callgrind runs under valgrind --tool=callgrind --instr-atstart=no")
            return 1
          }
          results = Measurement.run(
            contender, tree: tree, workloads: workloads,
            meter: .callgrind(prefix: options.callgrindPrefix, keepDumps: options.keepDumps),
            limits: { SampleLimits.full($0, unit: "instructions") }, skipping: !options.noSkips, log: log)
        } else {
          results = Measurement.run(
            contender, tree: tree, workloads: workloads, meter: .clock,
            limits: { options.smoke ? SampleLimits.smoke($0) : SampleLimits.full($0, unit: "ns") },
            skipping: !options.noSkips, log: log)
        }
        results.forEach(emit)
      }
    }
  }
  return 0
}

/// Child: the memory workload; prints its results.
func memory(_ options: Options) -> Int32 {
  for depth in options.depths {
    for rows in options.rows {
      let tree = TreeShape.generate(rows: rows, depth: depth)
      for contender in options.contenders {
        emit(memoryResult(contender, tree))
      }
    }
  }
  return 0
}

func memoryResult(_ contender: Contender, _ tree: TreeShape) -> CellResult {
  CellResult(
    contender: contender, workload: .memory, rows: tree.numberOfRows, depth: tree.depth, unit: "bytes",
    operationsPerSample: 1, samples: [Measurement.bytesAllocated(by: contender, tree: tree)], overhead: 0,
    skipped: nil)
}

/// Checks every contender against TreeIndex.
func verify(_ options: Options) -> Int32 {
  var failed = false
  for depth in options.depths {
    for rows in options.rows {
      let tree = TreeShape.generate(rows: rows, depth: depth)
      for contender in options.contenders {
        let problems = Verification.problems(contender, tree: tree)
        if problems.isEmpty {
          log("verified \(contender.rawValue) on \(Format.rows(rows)) rows, depth \(depth)")
        } else {
          problems.forEach { log("error: \($0) (\(Format.rows(rows)) rows, depth \(depth))") }
          failed = true
        }
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
          limits: SampleLimits.smoke, log: { _ in })
        if options.workloads.contains(.memory) { results.append(memoryResult(contender, tree)) }
      }
    }
  }
  let report = Report(results: results)
  print("Smoke run (a handful of samples, wall clock; not a measurement):\n")
  print(report.table(unit: "ns", workloads: options.workloads, rows: options.rows, depths: options.depths))
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
  let started = Date()

  func arguments(_ contender: Contender, _ rows: Int, _ depth: Int) -> [String] {
    ["--contender", contender.identifier, "--rows", "\(rows)", "--depth", "\(depth)"]
      + (options.noSkips ? ["--no-skips"] : [])
  }
  func jobs(_ make: (Contender, Int, Int) -> Job?) -> [Job] {
    options.depths.flatMap { depth in
      options.rows.flatMap { rows in options.contenders.compactMap { make($0, rows, depth) } }
    }
  }

  // Answers first: every baseline must agree with TreeIndex.
  let verifyRows = options.rows.filter { $0 <= 100_000 }
  if !verifyRows.isEmpty {
    let verifyJobs = options.depths.map { depth in
      Job(
        command: [
          me, "verify", "--rows", verifyRows.map(String.init).joined(separator: ","), "--depths", "\(depth)",
          "--contenders", options.contenders.map(\.identifier).joined(separator: ","),
        ],
        label: "verify depth \(depth)", weight: 0)
    }
    run(verifyJobs, concurrency: options.jobs, into: store)
    guard store.failures.isEmpty else {
      store.failures.forEach { log("error: \($0)") }
      return 1
    }
  }

  var unit = "ns"
  if !options.native && !timed.isEmpty {
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
    let callgrindJobs = jobs { contender, rows, depth in
      let prefix = scratch.appendingPathComponent("\(contender.identifier)-\(rows)-\(depth).out").path
      return Job(
        command: [
          "/usr/bin/env", options.valgrind, "--tool=callgrind", "-q", "--instr-atstart=no",
          "--callgrind-out-file=\(prefix)", me, "measure", "--meter", "callgrind", "--callgrind-prefix", prefix,
          "--workloads", timed,
        ] + arguments(contender, rows, depth),
        label: "instructions: \(contender.rawValue), \(Format.rows(rows)) rows, depth \(depth)", weight: rows)
    }
    run(callgrindJobs, concurrency: options.jobs, into: store)
  }
  // Natively and one at a time, so that jobs do not disturb each other.
  if options.workloads.contains(.memory) {
    run(
      jobs { contender, rows, depth in
        Job(
          command: [me, "memory"] + arguments(contender, rows, depth),
          label: "memory: \(contender.rawValue), \(Format.rows(rows)) rows, depth \(depth)", weight: rows)
      }, concurrency: 1, into: store)
  }
  if (options.native || options.wallClock) && !timed.isEmpty {
    run(
      jobs { contender, rows, depth in
        Job(
          command: [me, "measure", "--meter", "clock", "--workloads", timed] + arguments(contender, rows, depth),
          label: "wall clock: \(contender.rawValue), \(Format.rows(rows)) rows, depth \(depth)", weight: rows)
      }, concurrency: 1, into: store)
  }

  let results = store.results
  if let path = options.json {
    let lines = results.map { String(decoding: try! JSONEncoder().encode($0), as: UTF8.self) }
    try? (lines.joined(separator: "\n") + "\n").write(toFile: path, atomically: true, encoding: .utf8)
  }
  let report = Report(results: results)
  let workloads = options.workloads
  if unit == "instructions" {
    print("## Instructions per operation (median; memory in bytes)\n")
    print(report.table(unit: "instructions", workloads: workloads, rows: options.rows, depths: options.depths))
    print("\n## Targets\n")
    print(report.targets(unit: "instructions"))
  }
  if options.native || options.wallClock {
    print("\n## Wall clock per operation (median, native)\n")
    print(report.table(unit: "ns", workloads: workloads.filter { $0 != .memory }, rows: options.rows, depths: options.depths))
  }
  print("\n(\(Int(Date().timeIntervalSince(started))) s)")
  for failure in store.failures { log("error: \(failure)") }
  return store.failures.isEmpty ? 0 : 1
}

exit(main())
