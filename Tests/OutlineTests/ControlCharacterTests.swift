import ExampleTerminal
import ExampleTestSupport
import Foundation
import Testing
import TreeDataSource
@testable import outline

/// One of each class of character that must not reach a terminal raw, and
/// its escape.
let controlCharacters: [(character: String, escape: String)] = [
  ("\u{0}", "\\u0000"), ("\u{1}", "\\u0001"), ("\u{7}", "\\u0007"), ("\u{8}", "\\b"), ("\t", "\\t"),
  ("\n", "\\n"), ("\u{B}", "\\u000b"), ("\u{C}", "\\f"), ("\r", "\\r"), ("\u{1B}", "\\u001b"),
  ("\u{1F}", "\\u001f"), ("\u{7F}", "\\u007f"), ("\u{80}", "\\u0080"), ("\u{85}", "\\u0085"),
  ("\u{9B}", "\\u009b"), ("\u{9F}", "\\u009f"), ("\u{61C}", "\\u061c"), ("\u{200E}", "\\u200e"),
  ("\u{200F}", "\\u200f"), ("\u{2028}", "\\u2028"), ("\u{2029}", "\\u2029"), ("\u{202A}", "\\u202a"),
  ("\u{202E}", "\\u202e"), ("\u{2066}", "\\u2066"), ("\u{2069}", "\\u2069"),
]

/// Whether `text` holds a character ``VisibleText`` escapes.
func hasControlCharacter(_ text: String) -> Bool {
  text.unicodeScalars.contains(where: VisibleText.isControl)
}

/// A temporary folder, removed when dropped.
private final class TemporaryFolder {
  let path: String

  init() throws {
    path = FileManager.default.temporaryDirectory.appendingPathComponent("ControlCharacterTests-\(UUID().uuidString)").path
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
  }

  /// Writes `data` to the file `name` and returns its path.
  func write(_ data: Data, named name: String) throws -> String {
    let file = path + "/" + name
    try data.write(to: URL(fileURLWithPath: file))
    return file
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// A JSON document whose keys and values hold every class of control
/// character, as JSON escapes: `"k\u001bk": "v\u001bv"` and so on.
private func controlCharacterJSON() -> String {
  let members = controlCharacters.map { character, _ in
    let escaped = VisibleText.quoted(character).dropFirst().dropLast()
    return "\"k\(escaped)k\": \"v\(escaped)v\""
  }
  return "{" + members.joined(separator: ", ") + #", "title\u001b]0;pwned\u0007": {"\r\n": [1]}}"#
}

/// Strings from the data — keys, values, file names, titles — shown on a
/// terminal: every control character escaped, the same way for every
/// source, piped and full-screen.
@Suite(.serialized) struct ControlCharacterTests {
  @Test func eachClassOfControlCharacterIsEscaped() {
    for (character, escape) in controlCharacters {
      #expect(VisibleText.escaping("a" + character + "b") == "a" + escape + "b", "\(escape)")
      #expect(VisibleText.quoted("a" + character + "b") == "\"a" + escape + "b\"", "\(escape)")
    }
    for text in ["", "plain", "a\\b \"q\"", "é 東京 😀 ←→", "\u{A0}\u{2010}\u{2030}\u{20AC}"] {
      #expect(VisibleText.escaping(text) == text)
    }
    let all = controlCharacters.map(\.character).joined()
    let escaped = VisibleText.escaping(all)
    #expect(escaped == controlCharacters.map(\.escape).joined())
    #expect(VisibleText.escaping(escaped) == escaped)
    #expect(!hasControlCharacter(escaped))
  }

  @Test func jsonKeysAndValuesArePrintedEscaped() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Data(controlCharacterJSON().utf8), named: "controls.json")
    let rows = try OutlineCommand.printedRows(for: ["--json", path, "--expand-all"])
    #expect(rows.count == controlCharacters.count + 3)
    for (row, (_, escape)) in zip(rows, controlCharacters) {
      #expect(row == "  k\(escape)k: \"v\(escape)v\"")
    }
    #expect(rows.suffix(3) == ["▾ title\\u001b]0;pwned\\u0007  {1}", "  ▾ \\r\\n  [1]", "      0: 1"])
    #expect(!rows.contains(where: hasControlCharacter))

    let run = try ExecutableRun(running: "outline", ["--json", path, "--expand-all"])
    #expect(run.status == 0)
    #expect(run.output == rows.map { $0 + "\n" }.joined())
  }

  @Test func propertyListKeysAndValuesAreEscaped() throws {
    var dictionary: [String: Any] = [:]
    for (index, (character, _)) in controlCharacters.enumerated() {
      dictionary[String(format: "%02d", index) + character] = ["v" + character, character.utf8.count]
    }
    let folder = try TemporaryFolder()
    let binary = try PropertyListSerialization.data(fromPropertyList: dictionary, format: .binary, options: 0)
    let path = try folder.write(binary, named: "controls.plist")
    let rows = try OutlineCommand.printedRows(for: ["--plist", path])
    #expect(rows.count == 3 * controlCharacters.count)
    for (index, (character, escape)) in controlCharacters.enumerated() {
      #expect(
        rows[3 * index..<3 * index + 3] == [
          "▾ " + String(format: "%02d", index) + escape + "  [2]", "    0: \"v\(escape)\"",
          "    1: \(character.utf8.count)",
        ])
    }
    #expect(!rows.contains(where: hasControlCharacter))
  }

  @Test func fileNamesAreEscaped() throws {
    let folder = try TemporaryFolder()
    // Every class but NUL, which no file name holds, and "/".
    let named = controlCharacters.dropFirst()
    for (index, (character, _)) in named.enumerated() {
      _ = try folder.write(Data(), named: String(format: "%02d", index) + character)
    }
    try FileManager.default.createSymbolicLink(atPath: folder.path + "/zlink", withDestinationPath: "t\u{1B}[2J")
    let rows = try OutlineCommand.printedRows(for: ["--fs", folder.path])
    #expect(
      rows == named.enumerated().map { "  " + String(format: "%02d", $0.offset) + $0.element.escape + "  0 bytes" } + [
        "  zlink  → t\\u001b[2J (broken link)"
      ])
  }

  @Test func thePlanetsSampleHasNothingToEscape() throws {
    let rows = try OutlineCommand.printedRows(for: ["--expand-all"])
    #expect(rows.count > 100)
    #expect(!rows.contains(where: hasControlCharacter))
    #expect(rows.contains("    ▾ Tokyo"))
  }

  @Test func theFullScreenFrameEscapesRowsAndTitle() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Data(controlCharacterJSON().utf8), named: "title\u{1B}]0;x\u{7}.json")
    let list = try OutlineOptions.parse(["--json", path, "--expand-all"]).makeList(
      for: StaticTree.json(contentsOf: path))
    let browser = Browser(list: list, height: 40)
    let screen = browser.screen(width: 200)
    #expect(screen.lines[0].hasPrefix(" title\\u001b]0;x\\u0007.json    / search"))
    #expect(screen.lines[1] == "  k\\u0000k: \"v\\u0000v\"")
    #expect(!screen.lines.contains(where: hasControlCharacter))
    // Cut to the width after escaping: the escapes count.
    #expect(browser.screen(width: 8).lines[1] == "  k\\u00…")
  }

  @Test func drawingEscapesWhatALineHolds() throws {
    let piped = try PipedTerminal()
    _ = piped.readOutput()
    let lines = ["title", "row \u{1B}]0;pwned\u{7} \u{9B}2J\r\n\u{202E}", "status"]
    #expect(piped.terminal.draw(Screen(lines: lines, highlightedLine: nil)))
    let frame = piped.readOutput()
    #expect(frame.contains("row \\u001b]0;pwned\\u0007 \\u009b2J\\r\\n\\u202e\u{1B}[K"))
    // Only the terminal's own sequences: every ESC starts a CSI.
    let scalars = Array(frame.unicodeScalars)
    for (index, scalar) in scalars.enumerated() where VisibleText.isControl(scalar) {
      #expect(scalar == "\u{1B}" && scalars[index + 1] == "[")
    }
    piped.terminal.stop()
  }

  @Test func theBrowserOnATerminalShowsNoControlFromTheData() throws {
    let folder = try TemporaryFolder()
    let path = try folder.write(Data(controlCharacterJSON().utf8), named: "controls.json")
    let session = try PseudoTerminalSession.outline(["--json", path, "--expand-all"])
    #expect(session.read { $0.contains("row 1 of 28 rows") })
    session.type("G")  // to the last row: the last members scroll in
    #expect(session.read { $0.contains("row 28 of 28 rows") })
    session.type("q")
    #expect(session.exitStatus() == 0)
    let text = session.text
    #expect(text.contains("k\\u001bk: \"v\\u001bv\""))
    #expect(text.contains("title\\u001b]0;pwned\\u0007"))
    let scalars = Array(text.unicodeScalars)
    for (index, scalar) in scalars.enumerated() where VisibleText.isControl(scalar) {
      // The terminal's own sequences, and the CR LF of a pseudo-terminal's
      // output at exit.
      #expect((scalar == "\u{1B}" && scalars[index + 1] == "[") || scalar == "\r" || scalar == "\n", "\(index)")
    }
  }

  @Test func errorLinesAreEscaped() throws {
    let run = try ExecutableRun(running: "outline", ["--json", "/no/such\u{1B}]0;x\u{7}\n.json"])
    #expect(run.status == 1)
    #expect(run.errorOutput == "outline: cannot read /no/such\\u001b]0;x\\u0007\\n.json: No such file or directory\n")
  }
}
