import ExampleTerminal
import ExampleTestSupport
import Foundation
import Testing
@testable import outline

/// Documents are read in chunks up to a limit: `/dev/zero` or a huge file
/// is one line saying so, never all of memory.
@Suite struct InputLimitTests {
  /// A file holding `count` bytes in a new temporary folder; the folder.
  private func file(ofSize count: Int) throws -> (folder: URL, path: String) {
    let folder = FileManager.default.temporaryDirectory.appendingPathComponent("InputLimitTests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    let path = folder.appendingPathComponent("data.json").path
    try Data(repeating: 0x20, count: count).write(to: URL(fileURLWithPath: path))
    return (folder, path)
  }

  @Test func aFileUpToTheLimitIsReadWhole() throws {
    let (folder, path) = try file(ofSize: 70_000)
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try DocumentFile.bytes(atPath: path, maximumBytes: 70_000).count == 70_000)
    #expect(throws: DocumentFile.Failure.tooLarge(path: path, maximumBytes: 69_999)) {
      try DocumentFile.bytes(atPath: path, maximumBytes: 69_999)
    }
    #expect(throws: OutlineError("cannot read \(path): larger than 69,999 bytes (see --max-input-bytes)")) {
      try StaticTree.json(contentsOf: path, maximumBytes: 69_999)
    }
    #expect(throws: OutlineError("cannot read \(path): larger than 1 bytes (see --max-input-bytes)")) {
      try StaticTree.propertyList(contentsOf: path, maximumBytes: 1)
    }
  }

  @Test func anEndlessDeviceStopsAtTheLimit() throws {
    #expect(throws: DocumentFile.Failure.tooLarge(path: "/dev/zero", maximumBytes: 100_000)) {
      try DocumentFile.bytes(atPath: "/dev/zero", maximumBytes: 100_000)
    }
    #expect(throws: DocumentFile.Failure.tooLarge(path: "/dev/zero", maximumBytes: 3)) {
      try DocumentFile.bytes(atPath: "/dev/zero", maximumBytes: 3)
    }
    #expect(try DocumentFile.bytes(atPath: "/dev/null", maximumBytes: 1) == [])
  }

  @Test func theCommandSaysTheLimitAndTheFlag() throws {
    let run = try ExecutableRun(running: "outline", ["--json", "/dev/zero", "--max-input-bytes", "4096"])
    #expect(run.status == 1)
    #expect(run.output == "")
    #expect(run.errorOutput == "outline: cannot read /dev/zero: larger than 4,096 bytes (see --max-input-bytes)\n")
    let standard = try ExecutableRun(running: "outline", ["--plist", "/dev/zero"])
    #expect(standard.errorOutput == "outline: cannot read /dev/zero: larger than 67,108,864 bytes (see --max-input-bytes)\n")
  }
}
