import Foundation
import Testing

/// The executable `name` the test run built, next to the test bundle.
///
/// - Throws: An issue recorded by `#require` when there is none.
package func builtExecutable(_ name: String) throws -> URL {
  let folder = try #require(Bundle.main.executableURL?.deletingLastPathComponent())
  let executable = folder.appendingPathComponent(name)
  try #require(FileManager.default.isExecutableFile(atPath: executable.path), "no \(name) next to \(folder.path)")
  return executable
}

/// What a run of a built example printed and how it ended, its output
/// piped: the example as a newcomer runs it in a pipeline.
package struct ExecutableRun {
  /// What it wrote to standard output.
  package var output: String
  /// What it wrote to standard error.
  package var errorOutput: String
  /// Its exit status.
  package var status: Int32

  /// Runs the built executable `name` with `arguments` until it exits,
  /// standard input from `/dev/null` so that it never turns interactive.
  ///
  /// - Throws: An issue recorded by `#require` when there is no such
  ///   executable, or the error of starting it.
  package init(running name: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = try builtExecutable(name)
    process.arguments = arguments
    process.standardInput = FileHandle(forReadingAtPath: "/dev/null")
    let output = Pipe()
    let errorOutput = Pipe()
    process.standardOutput = output
    process.standardError = errorOutput
    try process.run()
    let outputData = output.fileHandleForReading.readDataToEndOfFile()
    let errorData = errorOutput.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    self.output = String(decoding: outputData, as: UTF8.self)
    self.errorOutput = String(decoding: errorData, as: UTF8.self)
    self.status = process.terminationStatus
  }
}
