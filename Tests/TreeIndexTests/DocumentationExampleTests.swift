// swift-format-ignore-file
// These tests hold the documentation's examples line for line, spacing
// and aligned comments included (see DocumentationExamples), so the
// formatter leaves them as written.

import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// A stand-in for `UITableView`'s batch update, so that the examples that
/// hand a change set to a table view compile and run here: it records the
/// rows it is told about.
final class ExampleTableView {
  enum RowAnimation { case fade, automatic }
  var deletedRows: [IndexPath] = []
  var insertedRows: [IndexPath] = []
  var batches = 0

  func performBatchUpdates(_ updates: () -> Void) {
    batches += 1
    updates()
  }
  var deletedSections = IndexSet()
  var insertedSections = IndexSet()

  func deleteSections(_ sections: IndexSet, with animation: RowAnimation) { deletedSections.formUnion(sections) }
  func insertSections(_ sections: IndexSet, with animation: RowAnimation) { insertedSections.formUnion(sections) }
  func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) { deletedRows += indexPaths }
  func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) { insertedRows += indexPaths }
  var movedRows: [(from: IndexPath, to: IndexPath)] = []
  func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) { movedRows.append((indexPath, newIndexPath)) }
}

/// The examples of `TreeIndex`'s doc comments and guide, line for line,
/// with the results they state. `DocumentationExampleScanTests` fails when
/// an example of the documentation is in no such test.
@Suite("Documentation examples: TreeIndex")
struct DocumentationExampleTests {
  /// `TreeIndex`'s own doc comment.
  @Test func treeIndex() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([1], numberOfSubitems: 3)
    try index.expand([1, 1], numberOfSubitems: 2)
    #expect(index.tableIndexPath(fromTreePath: [1, 1, 0]) == [0, 4])   // [0, 4]
    #expect(index.treeIndexPath(fromTablePath: [0, 6]) == [1, 2])      // [1, 2]
  }

  /// `performBatchUpdates(_:)`'s doc comment.
  @Test func batchUpdates() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    let tableView = ExampleTableView()
    let changes = try index.performBatchUpdates { index in
      try index.insertItems(at: [[0]])
      try index.expand([2], numberOfSubitems: 4)
      try index.moveItem(at: [3], to: [0])
    }
    tableView.performBatchUpdates {
      tableView.deleteRows(at: changes.deletedRows, with: .fade)
      tableView.insertRows(at: changes.insertedRows, with: .fade)
      for move in changes.movedRows { tableView.moveRow(at: move.from, to: move.to) }
    }
    #expect(tableView.batches == 1)
    #expect(tableView.deletedRows.isEmpty)
    // The old [2] moves from row 2 to row 0; the new root item comes at row
    // 1, and the 4 subitems of the old [1] after it, at rows 4...7.
    #expect(tableView.movedRows.map { [$0.from, $0.to] } == [[[0, 2], [0, 0]]])
    #expect(tableView.insertedRows == [1, 4, 5, 6, 7].map { IndexPath(indexes: [0, $0]) })
  }


  /// The first example of the TreeIndex catalog's article on tree paths and table paths.
  @Test func guide() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([1], numberOfSubitems: 3)
    #expect(index.tableIndexPath(fromTreePath: [1, 2]) == [0, 4])      // [0, 4]
    #expect(index.treeIndexPath(fromTablePath: [0, 2]) == [1, 0])      // [1, 0]
    let changes = try index.collapse([1])            // deletedRowRanges: [0:[2..<5]]
    #expect(changes.deletedRowRanges == [.init(section: 0, rows: 2..<5)])
    #expect(changes.insertedRowRanges.isEmpty)
  }
}

/// The rule that keeps the documentation honest: every Swift example of the
/// README, the guides, any DocC article and the doc comments of `Sources/`
/// is in an example test (see ``DocumentationExamples`` for what counts).
@Suite("Documentation examples: every one is checked")
struct DocumentationExampleScanTests {
  @Test func everyExampleIsInAnExampleTest() throws {
    let (examples, problems) = try DocumentationExamples.scanPackage()
    #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
    // The scan finds the examples it should: the README's, the guides' and
    // the doc comments'; the articles now live in the DocC catalogs.
    #expect(examples.contains { $0.file == "README.md" })
    #expect(examples.contains { $0.file.contains(".docc/") })
    #expect(examples.contains { $0.file == "Sources/TreeIndex/TreeIndex/TreeIndex.swift" })
    let unchecked = DocumentationExamples.uncheckedExamples(examples, in: try DocumentationExamples.exampleTestFiles())
    #expect(unchecked.isEmpty, "\(unchecked.joined(separator: "\n"))")
  }

  @Test func markdownFencesNameTheirLanguage() {
    let text = "Intro\n\n```swift\nlet a = 1\n```\n\n```sh\nswift test\n```\n\n```\n$ output\n```\n"
    let (examples, problems) = DocumentationExamples.markdownExamples(in: text, file: "X.md")
    #expect(examples.map(\.lines) == [["let a = 1"]])
    #expect(examples.first?.line == 4)
    #expect(problems.count == 1 && problems[0].hasPrefix("X.md:11:"))
  }

  @Test func docCommentExamplesAreIndentedBlocksAndFencesOutsideLists() {
    let text = """
      /// Summary.
      ///
      ///     let a = 1
      ///     a + 1       // 2
      ///
      /// - Parameters:
      ///   - x: A parameter whose description goes on
      ///     on an indented line, which is no code.
      ///
      ///     Nor is a second paragraph of a list item.
      /// - Returns: Something.
      ///
      /// ```swift
      /// let b = 2
      /// ```
      ///
      /// ```text
      /// not Swift
      /// ```
      func f() {}
      """
    let examples = DocumentationExamples.docCommentExamples(in: text, file: "F.swift")
    #expect(examples.map(\.lines) == [["let a = 1", "a + 1       // 2"], ["let b = 2"]])
    #expect(examples.map(\.line) == [3, 14])
  }

  @Test func anExampleMatchesItsTestLineForLineWithItsStatedResults() {
    func example(_ lines: [String]) -> DocumentationExamples.Example {
      .init(file: "E.swift", line: 1, lines: lines)
    }
    let test = DocumentationExamples.codeLines([
      "  var index = TreeIndex(numberOfRootItems: 3)",
      "  try index.expand([1], numberOfSubitems: 3)   // a comment of the test's own",
      "  #expect(index.numberOfRows == 6)",
      "  #expect(index.row(for: [2]) == 5)",
    ])
    let tests = [(file: "T.swift", lines: test)]
    let good = example([
      "import TreeIndex", "", "var index = TreeIndex(numberOfRootItems: 3)",
      "try   index.expand([1], numberOfSubitems: 3)", "index.row(for: [2])    // 5: the last root item",
    ])
    #expect(DocumentationExamples.uncheckedExamples([good], in: tests).isEmpty)
    // A wrong stated result, a line the test does not have, lines out of order.
    let wrongResult = example(["index.row(for: [2])    // 4"])
    let missingLine = example(["var index = TreeIndex(numberOfRootItems: 3)", "index.collapseAll()"])
    let outOfOrder = example(["try index.expand([1], numberOfSubitems: 3)", "var index = TreeIndex(numberOfRootItems: 3)"])
    for bad in [wrongResult, missingLine, outOfOrder] {
      #expect(DocumentationExamples.uncheckedExamples([bad], in: tests).count == 1, "\(bad.lines)")
    }
    // Only assertions may come between two lines of a chunk.
    let interrupted = DocumentationExamples.codeLines(["let a = 1", "let b = 2", "let c = 3"])
    #expect(!DocumentationExamples.contains(interrupted, chunk: DocumentationExamples.chunks(of: example(["let a = 1", "let c = 3"]))[0]))
  }

  @Test func statedResultsAreLiteralsAndProseIsNot() {
    #expect(DocumentationExamples.statedResult("[0, 4]") == "[0, 4]")
    #expect(DocumentationExamples.statedResult("[[\"a\", \"b\"]] and more") == "[[\"a\", \"b\"]]")
    #expect(DocumentationExamples.statedResult("15") == "15")
    #expect(DocumentationExamples.statedResult("\"Deimos\"") == "\"Deimos\"")
    #expect(DocumentationExamples.statedResult("nil: [0, 0] is not expanded") == "nil")
    #expect(DocumentationExamples.statedResult("rows [0, 4] ..< [0, 10] vanish") == nil)
    #expect(DocumentationExamples.statedResult("host: reloadData(); 4 rows") == nil)
    #expect(DocumentationExamples.codeLine("let s = \"a // b\"   // \"c\"") == .init(code: "let s = \"a // b\"", result: "\"c\""))
  }
}

/// The examples of the `TreeIndex` documentation catalog's articles, line
/// for line, with the results they state.
@Suite("Documentation examples: TreeIndex articles")
struct ArticleExampleTests {
  /// "Getting started": the manifest fragment, against the stand-ins of
  /// `ReadmeTests`.
  @Test func gettingStartedManifest() {
    let manifest = ManifestFragment(
      // Package.swift
      dependencies: [
        .package(url: "https://github.com/treeindex/TreeIndex.git", branch: "main"),
      ],
      targets: [
        .target(name: "MyOutline", dependencies: [
          .product(name: "TreeIndex", package: "TreeIndex"),
        ]),
      ]
    )
    #expect(manifest.targets.flatMap(\.dependencies).map(\.name) == ["TreeIndex"])
  }

  /// "Getting started": building the tree.
  @Test func gettingStartedBuild() throws {
    var index = TreeIndex(numberOfRootItems: 3)          // three root items, all collapsed
    #expect(index.numberOfRows == 3)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([1], numberOfSubitems: 3)
    try index.expand([1, 1], numberOfSubitems: 2)
    try index.expand([1, 2], numberOfSubitems: 1)
    try index.expand([2], numberOfSubitems: 4)
    #expect(index.numberOfRows == 15)   // 15
  }

  /// "Change sets and batch updates": collapse and expand.
  @Test func changeSets() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([1], numberOfSubitems: 3)
    try index.expand([1, 1], numberOfSubitems: 2)

    let collapsed = try index.collapse([1])              // rows [0, 2] ..< [0, 7] vanish
    #expect("\(collapsed.deletedRowRanges)" == "[0:[2..<7]]")   // [0:[2..<7]]
    let expanded = try index.expand([1], numberOfSubitems: 3)
    #expect(expanded.insertedRowRanges == collapsed.deletedRowRanges)   // the same 5 rows, [1, 1] still open
  }

  /// "Change sets and batch updates": handing a change set to a table view.
  @Test func changeSetsToATableView() throws {
    var index = TreeIndex(numberOfRootItems: 3, layout: .sectioned)
    try index.expand([1], numberOfSubitems: 2)
    let changes = try index.performBatchUpdates { index in
      try index.deleteItems(at: [[0]])
      try index.insertItems(at: [[0, 2]])
    }
    let tableView = ExampleTableView()
    tableView.performBatchUpdates {
      tableView.deleteSections(changes.deletedSections, with: .fade)
      tableView.insertSections(changes.insertedSections, with: .fade)
      tableView.deleteRows(at: changes.deletedRows, with: .fade)
      tableView.insertRows(at: changes.insertedRows, with: .fade)
    }
    #expect(tableView.deletedSections == IndexSet(integer: 0))
    #expect(tableView.insertedRows == [[0, 2]])
    #expect(tableView.batches == 1)
  }

  /// "Change sets and batch updates": a batch.
  @Test func batch() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([2], numberOfSubitems: 4)
    let batch = try index.performBatchUpdates { index in
      try index.insertItems(at: [[0]])                   // paths after the insertion
      try index.deleteItems(at: [[3, 0]])                // paths before the deletion
      try index.moveItem(at: [3, 1], to: [0])            // subtree and state move along
    }
    #expect(index.numberOfRows == 7)
    #expect(index.numberOfSubitems(of: [4]) == 2)
    #expect(!batch.isEmpty)
  }
}
