import ExampleTestSupport
import Foundation
import TreeDataSource
import Testing

@testable import filters

/// Runs the built `filters` with `arguments`, standard input from
/// `/dev/null`, so that it never turns interactive.
private func runFilters(_ arguments: [String]) throws -> ExecutableRun {
  try ExecutableRun(running: "filters", arguments)
}

/// The built command, piped: the packaged filters as JSON and exit 0, or
/// one line on standard error and a non-zero exit.
@Suite struct FiltersExecutableTests {
  @Test func pipedWithNothingSelectedItPrintsNoFilters() throws {
    let run = try runFilters([])
    #expect(run.status == 0)
    #expect(run.output == "[]\n")
    #expect(run.errorOutput == "")
  }

  @Test func selectionsPrintThePackagedFiltersThatRestoreThem() throws {
    let arguments = ["--select", "Freshman", "Sophomore", "--answer", "How long have you been in America?=2 years"]
    let run = try runFilters(arguments)
    #expect(run.status == 0)
    let filters = try PackagedFilter.filters(fromJSON: Data(run.output.utf8))
    #expect(filters == (try FiltersCommand.makeSelection(FiltersOptions.parse(arguments))).packagedFilters())
    #expect(filters.map(\.pairs.count) == [2, 1])
    // The printed filters read back with --restore print the same.
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("filters-\(UUID()).json")
    try Data(run.output.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let restored = try runFilters(["--restore", url.path])
    #expect(restored.status == 0)
    #expect(restored.output == run.output)
  }

  @Test func helpPrintsTheUsage() throws {
    let run = try runFilters(["--help"])
    #expect(run.status == 0)
    #expect(run.output == FiltersOptions.usage + "\n")
  }

  @Test(arguments: [
    (["--bogus"], "filters: unknown option --bogus (see filters --help)\n"),
    (["--select", "Nobody"], "filters: cannot check \"Nobody\": the selection has no item \"Nobody\"\n"),
    (["--filters", "/no/such.json"], "filters: cannot read /no/such.json: No such file or directory\n"),
    (["--filters", "/dev/null"], "filters: /dev/null is empty, not a filter set (see filters --help)\n"),
    (
      ["--restore", "/dev/null"],
      "filters: /dev/null: cannot restore the packaged filters: the file is empty (see filters --help)\n"
    ),
    (
      ["--restore", "/dev/zero", "--max-input-bytes", "4096"],
      "filters: cannot read /dev/zero: larger than 4,096 bytes (see --max-input-bytes)\n"
    ),
    (["--filters", "/dev/zero"], "filters: cannot read /dev/zero: larger than 67,108,864 bytes (see --max-input-bytes)\n"),
    (
      ["--answer", "Where do you live?=Mars"],
      "filters: cannot answer \"Where do you live?\": not an option: \"Mars\"\n"
    ),
  ])
  func errorsPrintOneLineAndExitNonZero(arguments: [String], message: String) throws {
    let run = try runFilters(arguments)
    #expect(run.status != 0)
    #expect(run.output == "")
    #expect(run.errorOutput == message)
  }

  @Test func restoringWhatIsNotPackagedFiltersSaysSo() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("filters-\(UUID()).json")
    try Data(#"{"Label": 1}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let run = try runFilters(["--restore", url.path])
    #expect(run.status == 1)
    #expect(run.errorOutput.hasPrefix("filters: \(url.path): cannot restore the packaged filters: "))
    #expect(!run.errorOutput.contains("permission"))
    #expect(run.errorOutput.hasSuffix("\n") && run.errorOutput.dropLast().allSatisfy { $0 != "\n" })
  }

  @Test func restoringUnknownEntriesIsOneLineError() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("filters-\(UUID()).json")
    let filters = [PackagedFilter(key: "Label", value: "Label", pairs: [.init(key: "Label", value: "Graduate")])]
    try PackagedFilter.jsonData(for: filters).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    let run = try runFilters(["--restore", url.path])
    #expect(run.status == 1)
    #expect(
      run.errorOutput
        == "filters: cannot restore the packaged filters: unknown item \"Label: Graduate\" in filter \"Label: Label\"\n")
  }
}
