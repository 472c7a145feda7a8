import ExampleTestSupport
import Foundation
import Testing
import TreeDataSource

@testable import outline

/// `outline --fs` through `AsyncTreeSource`: piped output waits for the
/// listings it prints, whatever `--latency`; an expanded folder whose
/// listing has not arrived shows `loading…`.
@MainActor
@Suite struct AsyncFolderTests {
  @Test(arguments: [
    ["--depth", "3"], ["--expand", "0.0"], ["--expand", "2", "--depth", "2"],
  ])
  func pipedOutputWaitsForTheListingsItPrints(flags: [String]) throws {
    let folder = try FileSystemFixture()
    let run = try ExecutableRun(running: "outline", ["--fs", folder.path, "--latency", "20"] + flags)
    #expect(run.status == 0)
    #expect(run.errorOutput == "")
    let listed = try OutlineCommand.printedRows(for: ["--fs", folder.path] + flags)
    #expect(run.output == listed.map { $0 + "\n" }.joined())
    #expect(!run.output.contains("loading…"))
  }

  @Test func anExpandPathThatNamesNoFolderIsAnError() throws {
    let folder = try FileSystemFixture()
    let run = try ExecutableRun(running: "outline", ["--fs", folder.path, "--expand", "0.7"])
    #expect(run.status != 0)
    #expect(run.output == "")
    #expect(run.errorOutput == "outline: --expand 0.7: there is no such folder\n")
  }

  /// The interactive browser: an expanded folder's row says `loading…`
  /// until its listing arrives, and the browser draws the listing when it
  /// arrives, without a key.
  @Test func theBrowserDrawsAListingWhenItArrives() throws {
    let fixture = try FileSystemFixture()
    let session = try PseudoTerminalSession(
      running: "outline", ["--fs", fixture.path, "--latency", "300"], columns: 80)
    #expect(session.read { $0.contains("▸ Alpha") })
    session.type("\u{1B}[C")  // right: expand Alpha
    #expect(session.read { $0.contains("▾ Alpha  loading…") })
    #expect(session.read { $0.contains("inner.txt") && $0.contains("▸ Deep") })
    session.type("\u{1B}[B\u{1B}[C")  // down, right: expand Deep
    #expect(session.read { $0.contains("deep.txt") })
    session.type("q")
    #expect(session.exitStatus() == 0)
  }

  /// `--depth` and `--expand` open folders in the browser as their
  /// parents' listings arrive; a folder the user collapses stays collapsed.
  @Test func theBrowserOpensWhatTheOptionsSayAsListingsArrive() throws {
    let fixture = try FileSystemFixture()
    let session = try PseudoTerminalSession(
      running: "outline", ["--fs", fixture.path, "--depth", "2", "--latency", "20"], columns: 80)
    #expect(session.read { $0.contains("deep.txt") && $0.contains("b.txt") })
    session.type("\u{1B}[D")  // left: collapse Alpha, the first row
    #expect(session.read { $0.contains("▸ Alpha") })
    session.type("q")
    #expect(session.exitStatus() == 0)
    #expect(!session.text.split(separator: "▸ Alpha").last!.contains("▾ Alpha"))
  }

  @Test func aFolderShowsLoadingUntilItsListingArrives() async throws {
    let fixture = try FileSystemFixture()
    // A latency far longer than the test: the listing never arrives.
    let folder = try AsyncFolder(rootPath: fixture.path, latency: 3_600_000)
    try folder.list.expand([0])
    #expect(folder.rowTexts.prefix(3) == ["▾ Alpha", "    loading…", "▸ beta"])
    #expect(folder.source.numberOfRunningLoads == 1)
    // Collapsing cancels the listing's wait.
    try folder.list.collapse([0])
    for _ in 0..<1_000 where folder.source.numberOfRunningLoads > 0 { await Task.yield() }
    #expect(folder.source.numberOfRunningLoads == 0)
    #expect(folder.rowTexts.prefix(2) == ["▸ Alpha", "▸ beta"])
  }
}
