import Foundation
import Testing
@testable import outline

/// The package's README.
private func readmeText() throws -> String {
  let readme = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("README.md")
  return try String(contentsOf: readme, encoding: .utf8)
}

/// The README's `outline` sample: the command it shows prints exactly the
/// rows it shows, so the sample cannot drift from the program.
@Suite("README: outline") struct OutlineReadmeTests {
  @Test func theSampleOutputIsWhatTheCommandPrints() throws {
    let text = try readmeText()
    let prompt = "$ swift run outline "
    let lines = text.components(separatedBy: "\n")
    let start = try #require(lines.firstIndex { $0.hasPrefix(prompt) }, "the README shows a run of outline")
    let end = try #require(lines[start...].firstIndex(of: "```"))
    let arguments = lines[start].dropFirst(prompt.count).split(separator: " ").map(String.init)
    #expect(!arguments.isEmpty)
    #expect(Array(lines[(start + 1)..<end]) == (try OutlineCommand.printedRows(for: arguments)))
  }

  @Test func theREADMEStartsWithTheDemoAndTheTests() throws {
    let text = try readmeText()
    let firstBlock = try #require(text.components(separatedBy: "```sh\n").dropFirst().first)
    let commands = firstBlock.components(separatedBy: "\n").prefix(2).map {
      $0.components(separatedBy: "#")[0].trimmingCharacters(in: .whitespaces)
    }
    #expect(commands == ["swift run outline", "swift test"])
  }
}
