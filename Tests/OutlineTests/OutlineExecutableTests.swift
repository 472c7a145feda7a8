import ExampleTestSupport
import Foundation
import Testing
@testable import outline

/// Runs the `outline` executable built next to the test bundle with
/// `arguments`, standard input from `/dev/null` so that it never turns
/// interactive.
private func runOutline(_ arguments: [String]) throws -> ExecutableRun {
  try ExecutableRun(running: "outline", arguments)
}

/// The built command, run as a newcomer runs it with its output piped: the
/// rows once and exit 0, or one line on standard error and a non-zero exit.
@Suite struct OutlineExecutableTests {
  @Test func pipedItPrintsTheRowsOnceAndExitsZero() throws {
    let run = try runOutline([])
    #expect(run.status == 0)
    #expect(run.errorOutput == "")
    #expect(run.output == (try OutlineCommand.printedRows(for: [])).map { $0 + "\n" }.joined())
    #expect(run.output.hasPrefix("  Mercury  no countries\n  Venus  no countries\n▾ Earth\n"))
  }

  @Test func composePipedPrintsEachHostBatchAndTheRowsAndExitsZero() throws {
    let run = try runOutline(["--compose"])
    #expect(run.status == 0)
    #expect(run.errorOutput == "")
    #expect(run.output == ComposeDemo.lines(of: try ComposeDemo.run()).map { $0 + "\n" }.joined())
    #expect(run.output.contains("host: apply(TreeChanges(movedRows: [0:[4..<5] -> 0:[8..<9]]))\n"))
  }

  @Test func helpPrintsTheUsage() throws {
    let run = try runOutline(["--help"])
    #expect(run.status == 0)
    #expect(run.output == OutlineOptions.usage + "\n")
  }

  @Test(arguments: [
    (["--bogus"], "outline: unknown option --bogus (see outline --help)\n"),
    (["--json"], "outline: --json needs a value (see outline --help)\n"),
    (["--json", "/no/such.json"], "outline: cannot read /no/such.json: No such file or directory\n"),
    (["--expand", "7"], "outline: --expand 7: cannot reveal [7]: index 7 is out of range; there are 4 root items\n"),
    (
      ["--compose", "--depth", "1"],
      "outline: --compose shows its own tree and takes no other option: --depth (see outline --help)\n"
    ),
  ])
  func errorsPrintOneLineAndExitNonZero(arguments: [String], message: String) throws {
    let run = try runOutline(arguments)
    #expect(run.status != 0)
    #expect(run.output == "")
    #expect(run.errorOutput == message)
  }
}
