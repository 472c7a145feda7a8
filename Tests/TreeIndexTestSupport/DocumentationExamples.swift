import Foundation

/// Finds the Swift examples of the package's documentation and checks that
/// each one is in an example test, so that no example goes unchecked.
///
/// What counts as an example:
/// - in `README.md`, `Guides/*.md` and any `*.docc` article under `Sources`: every
///   fenced block tagged `swift`. Every fence must name its language; blocks
///   tagged anything else (`sh`, `text`, `console`) are not Swift and are
///   not examples, and an untagged fence is a problem.
/// - in the doc comments (`///`) of `Sources/**/*.swift`: every fenced
///   block tagged `swift` or untagged, and every indented block (four more
///   spaces, after a blank comment line, outside a list).
///
/// How an example is found in the tests: its `import` lines are skipped and
/// the rest is split at blank lines into chunks. Each chunk's lines, with
/// their trailing comments dropped and whitespace collapsed, must occur in
/// order in one example test file (`Tests/**/*ExampleTests.swift` or
/// `Tests/**/Readme*Tests.swift`), on consecutive code lines, where only
/// assertions (`#expect`, `#require`) may come between two of them. A test
/// line may wrap the example's line, as in `#expect(line == result)`; when
/// the example states a result in its trailing comment — a literal first:
/// a number, a string, an array, `nil`, `true` or `false`, as in
/// `index.row(for: [2])   // 10` — the test line must hold that result too.
public enum DocumentationExamples {
  /// One Swift block of the documentation.
  public struct Example: Sendable, CustomStringConvertible {
    /// The file, relative to the package's root.
    public var file: String
    /// The line of the block's first line of code, from 1.
    public var line: Int
    /// The block's lines, as written (without the comment's `///`).
    public var lines: [String]

    /// Creates an example from its file, first line and lines.
    public init(file: String, line: Int, lines: [String]) {
      self.file = file
      self.line = line
      self.lines = lines
    }

    /// The file and line.
    public var description: String { "\(file):\(line)" }
  }

  /// One line of code, as the matching sees it.
  public struct CodeLine: Equatable, Sendable {
    /// The code without its trailing comment, whitespace collapsed.
    public var code: String
    /// The result the trailing comment states, if it starts with a literal.
    public var result: String?

    /// Creates a code line.
    public init(code: String, result: String?) {
      self.code = code
      self.result = result
    }
  }

  // MARK: Finding the examples

  /// The package's root directory, found from this file's path.
  public static let packageRoot: URL = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

  /// Every example of the package's documentation, and the problems found on
  /// the way (untagged fences in Markdown).
  public static func scanPackage() throws -> (examples: [Example], problems: [String]) {
    var examples: [Example] = []
    var problems: [String] = []
    for file in files(under: "Sources", where: { $0.hasSuffix(".swift") }) {
      examples += docCommentExamples(in: try read(file), file: file)
    }
    let articles =
      ["README.md"] + files(under: "Guides", where: { $0.hasSuffix(".md") })
      + files(under: "Sources", where: { $0.contains(".docc/") && $0.hasSuffix(".md") })
    for file in Set(articles).sorted() where FileManager.default.fileExists(atPath: url(file).path) {
      let found = markdownExamples(in: try read(file), file: file)
      examples += found.examples
      problems += found.problems
    }
    return (examples, problems)
  }

  /// The lines of code of every example test file, by file.
  public static func exampleTestFiles() throws -> [(file: String, lines: [CodeLine])] {
    let names = files(under: "Tests") { path in
      let name = path.split(separator: "/").last.map(String.init) ?? path
      return name.hasSuffix("ExampleTests.swift") || (name.hasPrefix("Readme") && name.hasSuffix("Tests.swift"))
    }
    return try names.map { ($0, codeLines(try read($0).components(separatedBy: "\n"))) }
  }

  /// The Swift examples of a Markdown text, and its untagged fences.
  public static func markdownExamples(in text: String, file: String) -> (examples: [Example], problems: [String]) {
    var examples: [Example] = []
    var problems: [String] = []
    let lines = text.components(separatedBy: "\n")
    var i = 0
    while i < lines.count {
      let line = lines[i].trimmingCharacters(in: .whitespaces)
      guard line.hasPrefix("```") else {
        i += 1
        continue
      }
      let tag = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
      var end = i + 1
      while end < lines.count && !lines[end].trimmingCharacters(in: .whitespaces).hasPrefix("```") { end += 1 }
      if tag.isEmpty {
        problems.append("\(file):\(i + 1): a fence without a language; tag it swift (checked), or sh, text, console")
      } else if tag == "swift" {
        examples.append(Example(file: file, line: i + 2, lines: Array(lines[(i + 1)..<min(end, lines.count)])))
      }
      i = end + 1
    }
    return (examples, problems)
  }

  /// The Swift examples of the doc comments of a Swift source text.
  public static func docCommentExamples(in text: String, file: String) -> [Example] {
    var examples: [Example] = []
    let lines = text.components(separatedBy: "\n")
    var i = 0
    while i < lines.count {
      guard lines[i].trimmingCharacters(in: .whitespaces).hasPrefix("///") else {
        i += 1
        continue
      }
      // One comment: consecutive `///` lines, each without `///` and one space.
      var comment: [(line: Int, text: String)] = []
      while i < lines.count, let text = docText(lines[i]) {
        comment.append((i + 1, text))
        i += 1
      }
      examples += Self.examples(inComment: comment, file: file)
    }
    return examples
  }

  private static func examples(inComment comment: [(line: Int, text: String)], file: String) -> [Example] {
    var examples: [Example] = []
    var k = 0
    var afterBlank = true
    var paragraphIndent = 0
    while k < comment.count {
      let text = comment[k].text
      if text.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
        let tag = text.trimmingCharacters(in: .whitespaces).dropFirst(3).trimmingCharacters(in: .whitespaces)
        var end = k + 1
        while end < comment.count && !comment[end].text.trimmingCharacters(in: .whitespaces).hasPrefix("```") {
          end += 1
        }
        if tag.isEmpty || tag == "swift", k + 1 < comment.count {
          examples.append(
            Example(file: file, line: comment[k + 1].line, lines: comment[(k + 1)..<min(end, comment.count)].map(\.text)))
        }
        k = end + 1
        afterBlank = false
        continue
      }
      if text.trimmingCharacters(in: .whitespaces).isEmpty {
        afterBlank = true
        k += 1
        continue
      }
      let indent = text.prefix { $0 == " " }.count
      if indent >= 4 && afterBlank && paragraphIndent < 2 {
        var block: [String] = []
        let first = comment[k].line
        while k < comment.count,
          comment[k].text.trimmingCharacters(in: .whitespaces).isEmpty
            || comment[k].text.hasPrefix("    ")
        {
          block.append(String(comment[k].text.dropFirst(4)))
          k += 1
        }
        while block.last?.trimmingCharacters(in: .whitespaces).isEmpty == true { block.removeLast() }
        examples.append(Example(file: file, line: first, lines: block))
        afterBlank = false
        continue
      }
      afterBlank = false
      paragraphIndent = indent
      k += 1
    }
    return examples
  }

  /// The text of a `///` line without the slashes and one space, or `nil`
  /// when the line is not a doc comment line.
  private static func docText(_ line: String) -> String? {
    let trimmed = line.drop { $0 == " " || $0 == "\t" }
    guard trimmed.hasPrefix("///") else { return nil }
    let text = trimmed.dropFirst(3)
    return String(text.hasPrefix(" ") ? text.dropFirst() : text)
  }

  // MARK: Matching

  /// The chunks of an example to find in the tests: its lines without
  /// `import` lines, split at blank lines, as code lines.
  public static func chunks(of example: Example) -> [[CodeLine]] {
    var chunks: [[CodeLine]] = [[]]
    for line in example.lines {
      if line.trimmingCharacters(in: .whitespaces).hasPrefix("import ") { continue }
      let code = codeLine(line)
      if code.code.isEmpty {
        if !chunks[chunks.count - 1].isEmpty { chunks.append([]) }
      } else {
        chunks[chunks.count - 1].append(code)
      }
    }
    return chunks.filter { !$0.isEmpty }
  }

  /// Whether `chunk` occurs in `lines`: in order, on consecutive lines but
  /// for assertions between them, each test line holding the example's code
  /// and its stated result.
  public static func contains(_ lines: [CodeLine], chunk: [CodeLine]) -> Bool {
    guard let first = chunk.first else { return true }
    start: for start in lines.indices where holds(lines[start], first) {
      var j = start
      for expected in chunk.dropFirst() {
        j += 1
        while j < lines.count && !holds(lines[j], expected) && isAssertion(lines[j]) { j += 1 }
        guard j < lines.count, holds(lines[j], expected) else { continue start }
      }
      return true
    }
    return false
  }

  /// The problems of every example not found in the example tests.
  public static func uncheckedExamples(
    _ examples: [Example], in testFiles: [(file: String, lines: [CodeLine])]
  ) -> [String] {
    var problems: [String] = []
    for example in examples {
      for chunk in chunks(of: example) where !testFiles.contains(where: { contains($0.lines, chunk: chunk) }) {
        let text = chunk.map { $0.code + ($0.result.map { "   // \($0)" } ?? "") }.joined(separator: "\n    ")
        problems.append("\(example): no example test holds these lines (and stated results):\n    \(text)")
      }
    }
    return problems
  }

  private static func holds(_ testLine: CodeLine, _ expected: CodeLine) -> Bool {
    testLine.code.contains(expected.code) && (expected.result.map { testLine.code.contains($0) } ?? true)
  }

  private static func isAssertion(_ line: CodeLine) -> Bool {
    line.code.hasPrefix("#expect") || line.code.contains("#require(") || line.code.contains("#expect(")
  }

  /// The code lines of a test file: no comments, no blank lines.
  public static func codeLines(_ lines: [String]) -> [CodeLine] {
    lines.map { CodeLine(code: codeLine($0).code, result: nil) }.filter { !$0.code.isEmpty }
  }

  /// A line's code without its trailing comment, whitespace collapsed, and
  /// the result its comment states.
  public static func codeLine(_ line: String) -> CodeLine {
    var inString = false
    var previous: Character = " "
    var cut = line.endIndex
    for index in line.indices {
      let character = line[index]
      if character == "\"" && previous != "\\" { inString.toggle() }
      if !inString && character == "/" && previous == "/" {
        cut = line.index(before: index)
        break
      }
      previous = character
    }
    let code = line[..<cut].split(whereSeparator: { $0 == " " || $0 == "\t" }).joined(separator: " ")
    let comment = cut == line.endIndex ? "" : String(line[line.index(cut, offsetBy: 2)...])
    return CodeLine(code: code, result: statedResult(comment.trimmingCharacters(in: .whitespaces)))
  }

  /// The literal a comment starts with: a number, a string, a bracketed
  /// array, `nil`, `true` or `false`; `nil` for prose.
  public static func statedResult(_ comment: String) -> String? {
    guard let first = comment.first else { return nil }
    if first == "\"" {
      guard let end = comment.dropFirst().firstIndex(of: "\"") else { return nil }
      return String(comment[...end])
    }
    if first == "[" {
      var depth = 0
      for index in comment.indices {
        if comment[index] == "[" { depth += 1 }
        if comment[index] == "]" { depth -= 1 }
        if depth == 0 { return String(comment[...index]) }
      }
      return nil
    }
    if first.isNumber || (first == "-" && comment.dropFirst().first?.isNumber == true) {
      return String(comment.prefix { $0.isNumber || $0 == "-" || $0 == "." || $0 == "_" })
    }
    let word = String(comment.prefix { $0.isLetter })
    return ["nil", "true", "false"].contains(word) ? word : nil
  }

  // MARK: Files

  private static func url(_ file: String) -> URL { packageRoot.appendingPathComponent(file) }

  private static func read(_ file: String) throws -> String { try String(contentsOf: url(file), encoding: .utf8) }

  /// The files under `folder` (relative to the root) whose relative path
  /// passes, hidden files left out.
  private static func files(under folder: String, where accepts: (String) -> Bool) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: url(folder).path) else { return [] }
    var found: [String] = []
    while let path = enumerator.nextObject() as? String {
      if path.split(separator: "/").contains(where: { $0.hasPrefix(".") }) { continue }
      let relative = folder + "/" + path
      if accepts(relative) { found.append(relative) }
    }
    return found.sorted()
  }
}
