// Child processes: each contender on each tree runs in its own process,
// under callgrind or natively, and reports its results as JSON lines.

import Foundation
import TreeIndexContenders

/// One child process to run.
struct Job: Sendable {
  /// The executable and its arguments.
  var command: [String]
  /// What the job measures, for progress and error messages.
  var label: String
  /// Bigger jobs start first, so that parallel jobs finish together.
  var weight: Int
}

/// The results gathered from child processes, from several threads.
final class JobResults: @unchecked Sendable {
  private let lock = NSLock()
  private(set) var results: [CellResult] = []
  private(set) var snapshotResults: [SnapshotCellResult] = []
  private(set) var failures: [String] = []

  func add(_ new: [CellResult], _ snapshots: [SnapshotCellResult] = []) {
    lock.lock()
    results += new
    snapshotResults += snapshots
    lock.unlock()
  }

  func fail(_ message: String) {
    lock.lock()
    failures.append(message)
    lock.unlock()
  }
}

/// The prefix of the lines a child prints its results on.
let resultPrefix = "RESULT "

/// The prefix of the lines a child prints its snapshot results on.
let snapshotResultPrefix = "SNAPSHOT-RESULT "

/// Prints one result for the parent to collect.
func emit(_ result: CellResult) {
  let data = try! JSONEncoder().encode(result)
  FileHandle.standardOutput.write(Data((resultPrefix + String(decoding: data, as: UTF8.self) + "\n").utf8))
}

/// Prints one snapshot result for the parent to collect.
func emit(_ result: SnapshotCellResult) {
  let data = try! JSONEncoder().encode(result)
  FileHandle.standardOutput.write(Data((snapshotResultPrefix + String(decoding: data, as: UTF8.self) + "\n").utf8))
}

/// Writes a progress line to standard error.
func log(_ message: String) {
  FileHandle.standardError.write(Data((message + "\n").utf8))
}

/// Runs `jobs`, at most `concurrency` at a time, and collects what they print.
func run(_ jobs: [Job], concurrency: Int, into store: JobResults) {
  let queue = OperationQueue()
  queue.maxConcurrentOperationCount = Swift.max(1, concurrency)
  for job in jobs.sorted(by: { $0.weight > $1.weight }) {
    queue.addOperation {
      log("→ \(job.label)")
      let started = Date()
      let process = Process()
      process.executableURL = URL(fileURLWithPath: job.command[0])
      process.arguments = Array(job.command.dropFirst())
      // The same hash seed in every run, so that dictionaries probe alike and
      // instruction counts repeat exactly.
      process.environment = ProcessInfo.processInfo.environment.merging(["SWIFT_DETERMINISTIC_HASHING": "1"]) { $1 }
      let output = Pipe()
      process.standardOutput = output
      do {
        try process.run()
      } catch {
        store.fail("\(job.label): \(error)")
        return
      }
      let data = output.fileHandleForReading.readDataToEndOfFile()
      process.waitUntilExit()
      var results: [CellResult] = []
      var snapshots: [SnapshotCellResult] = []
      for line in String(decoding: data, as: UTF8.self).split(separator: "\n") {
        if line.hasPrefix(resultPrefix),
          let result = try? JSONDecoder().decode(CellResult.self, from: Data(line.dropFirst(resultPrefix.count).utf8))
        {
          results.append(result)
        } else if line.hasPrefix(snapshotResultPrefix),
          let result = try? JSONDecoder().decode(
            SnapshotCellResult.self, from: Data(line.dropFirst(snapshotResultPrefix.count).utf8))
        {
          snapshots.append(result)
        }
      }
      store.add(results, snapshots)
      if process.terminationStatus != 0 {
        store.fail("\(job.label): exit status \(process.terminationStatus)")
      }
      log("✓ \(job.label) (\(Int(Date().timeIntervalSince(started))) s)")
    }
  }
  queue.waitUntilAllOperationsAreFinished()
}

/// The path of this executable, to run children of it.
func selfPath() -> String {
  Bundle.main.executableURL?.path ?? CommandLine.arguments[0]
}
