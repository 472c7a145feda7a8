import ExampleTestSupport
import Foundation
import Testing
import TreeDataSource

@testable import outline

/// A temporary folder with a chain of single-entry folders, removed when
/// dropped:
///
///     a/b/c/          x.txt, y.txt
///     d/              e.txt, f.txt
///     g/              only.txt (a folder whose only entry is a file)
private final class ChainFixture {
  let path: String

  init() throws {
    path =
      FileManager.default.temporaryDirectory.appendingPathComponent("CompactFolderTests-\(UUID().uuidString)")
      .path
    for folder in ["a/b/c", "d", "g"] {
      try FileManager.default.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
    }
    for file in ["a/b/c/x.txt", "a/b/c/y.txt", "d/e.txt", "d/f.txt", "g/only.txt"] {
      try Data().write(to: URL(fileURLWithPath: path + "/" + file))
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// `outline --fs DIR --compact`: a chain of folders, each the only entry of
/// the one before, is one row, listed through a `CompactedTreeSource` over
/// the folder's `AsyncTreeSource`.
@MainActor
@Suite struct CompactFolderTests {
  @Test func pipedOutputShowsAChainAsOneRow() throws {
    let fixture = try ChainFixture()
    let run = try ExecutableRun(running: "outline", ["--fs", fixture.path, "--compact", "--latency", "5"])
    #expect(run.errorOutput == "")
    #expect(run.status == 0)
    #expect(run.output == "▸ a/b/c\n▸ d\n▸ g\n")
    let plain = try ExecutableRun(running: "outline", ["--fs", fixture.path])
    #expect(plain.output == "▸ a\n▸ d\n▸ g\n")
  }

  @Test func expandingAChainShowsItsLastFoldersEntries() throws {
    let fixture = try ChainFixture()
    let run = try ExecutableRun(running: "outline", ["--fs", fixture.path, "--compact", "--expand", "0"])
    #expect(run.errorOutput == "")
    #expect(
      run.output.split(separator: "\n").map { String($0).trimmingSize() } == ["▾ a/b/c", "    x.txt", "    y.txt", "▸ d", "▸ g"])
  }

  @Test func aChainOpenedInTheListShowsItsLastFoldersEntries() async throws {
    let fixture = try ChainFixture()
    let folder = try AsyncFolder(rootPath: fixture.path, latency: 0, compacts: true)
    try await folder.open(as: OutlineOptions.parse(["--fs", fixture.path, "--compact", "--depth", "1"]))
    #expect(
      folder.rowTexts.map { $0.trimmingSize() } == [
        "▾ a/b/c", "    x.txt", "    y.txt", "▾ d", "    e.txt", "    f.txt", "▾ g", "    only.txt",
      ])
    #expect(folder.source.numberOfRunningLoads == 0)
    // Collapsing and expanding the chain's row keeps it one row.
    try folder.list.collapse([0])
    try folder.list.expand([0])
    #expect(folder.rowTexts.prefix(3).map { $0.trimmingSize() } == ["▾ a/b/c", "    x.txt", "    y.txt"])
  }

  @Test func expandingARowStartsItsListing() async throws {
    let fixture = try ChainFixture()
    // A latency far longer than the test: the listing never arrives.
    let folder = try AsyncFolder(rootPath: fixture.path, latency: 3_600_000, compacts: true)
    try folder.list.expand([1])
    #expect(folder.source.numberOfRunningLoads == 1)
    #expect(try folder.source.loadState(at: [1]).isLoading)
    #expect(folder.rowTexts == ["▸ a", "▾ d", "    loading…", "▸ g"])
    try folder.list.collapse([1])
    for _ in 0..<1_000 where folder.source.numberOfRunningLoads > 0 { await Task.yield() }
    #expect(folder.source.numberOfRunningLoads == 0)
  }

  /// The interactive browser's way: each time listings arrive, every
  /// folder row shown that is not listed yet starts its listing, opened or
  /// not, so that a row grows into the chain it heads; nothing opens that
  /// the options do not open.
  @Test func listingTheShownFolderRowsGrowsEachIntoItsChain() async throws {
    let fixture = try ChainFixture()
    let folder = try AsyncFolder(rootPath: fixture.path, latency: 0, compacts: true, marksLoadingRows: true)
    let options = try OutlineOptions.parse(["--fs", fixture.path, "--compact"])
    folder.startOpening(as: options)
    #expect(folder.source.numberOfRunningLoads == 3)  // a, d and g: every folder row
    #expect(folder.list.rowTexts == ["▸ a  loading…", "▸ d  loading…", "▸ g  loading…"])
    var rounds = 0
    while rounds < 1_000 {
      await Task.yield()
      rounds += 1
      guard folder.source.numberOfRunningLoads == 0 else { continue }
      folder.startOpening(as: options)
      if folder.source.numberOfRunningLoads == 0 { break }
    }
    #expect(folder.source.numberOfRunningLoads == 0)
    #expect(folder.list.rowTexts == ["▸ a/b/c", "▸ d", "▸ g"])
    // Opening the chain's row shows the last folder's entries, listed already.
    try folder.list.expand([0])
    #expect(folder.rowTexts.prefix(3).map { $0.trimmingSize() } == ["▾ a/b/c", "    x.txt", "    y.txt"])
  }

  /// `outline --fs DIR --compact` in the terminal: the rows become chains
  /// as the listings arrive, and a chain's row opens on its last folder.
  @Test func theBrowserShowsAChainAsOneRow() throws {
    let fixture = try ChainFixture()
    let session = try PseudoTerminalSession(
      running: "outline", ["--fs", fixture.path, "--compact", "--latency", "20"], columns: 80)
    #expect(session.read { $0.contains("▸ a/b/c") })
    session.type("\u{1B}[C")  // right: expand a/b/c, the first row
    #expect(session.read { $0.contains("▾ a/b/c") && $0.contains("x.txt") && $0.contains("y.txt") })
    session.type("q")
    #expect(session.exitStatus() == 0)
  }

  /// What `outline --fs` relies on before it exits (see
  /// `OutlineCommand.folderRows`): once opened and dropped, the folder, its
  /// source and its list are released, nothing holding them in a cycle.
  @Test(arguments: [["--compact", "--depth", "1"], ["--depth", "3"]])
  func anOpenedFolderIsReleased(flags: [String]) async throws {
    let fixture = try ChainFixture()
    weak var releasedFolder: AsyncFolder?
    weak var releasedSource: AsyncFolder.Source?
    do {
      let options = try OutlineOptions.parse(["--fs", fixture.path] + flags)
      let folder = try AsyncFolder(rootPath: fixture.path, latency: 1, compacts: options.compacts)
      try await folder.open(as: options)
      #expect(folder.rowTexts.count > 3)
      releasedFolder = folder
      releasedSource = folder.source
    }
    // A load's task may still be returning from its last step.
    for _ in 0..<1_000 where releasedSource != nil { await Task.yield() }
    #expect(releasedFolder == nil)
    #expect(releasedSource == nil)
    let rows = try await OutlineCommand.folderRows(
      at: fixture.path, options: OutlineOptions.parse(["--fs", fixture.path] + flags))
    #expect(rows.count > 3)
  }

  @Test(arguments: [
    (["--compact"], "--compact needs --fs (see outline --help)"),
    (["--json", "x.json", "--compact"], "--compact needs --fs (see outline --help)"),
    (["--fs", ".", "--compact", "--keys", "down"], "--compact: not with --keys (see outline --help)"),
  ])
  func compactNeedsAFolder(arguments: [String], message: String) {
    #expect(throws: OutlineError(message)) { try OutlineOptions.parse(arguments) }
  }

  @Test func compactIsParsedWithAFolder() throws {
    #expect(try OutlineOptions.parse(["--fs", ".", "--compact"]).compacts)
    #expect(try !OutlineOptions.parse(["--fs", "."]).compacts)
    #expect(OutlineOptions.usage.contains("--compact"))
  }
}

extension String {
  /// The row without a file's size detail (`x.txt  0 bytes` → `x.txt`).
  fileprivate func trimmingSize() -> String {
    guard let range = range(of: "  ", options: .backwards), range.lowerBound > firstIndex(where: { $0 != " " })!
    else { return self }
    return String(self[..<range.lowerBound])
  }
}
