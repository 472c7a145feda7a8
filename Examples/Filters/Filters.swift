// filters: a filter panel in the terminal, built on TreeDataSource's
// TreeSelection: a Labels group and a Surveys hierarchy.
//
//   swift run filters                              the interactive panel
//   swift run filters --select Junior Senior       print packaged filters
//   swift run filters --filters FILE               another filter set
//
// Interactive when standard input and output are a terminal and nothing is
// selected on the command line; otherwise it prints the packaged filters as
// JSON and exits.

#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

import ExampleTerminal
import Foundation
import TreeDataSource

@main
enum FiltersCommand {
  static func main() {
    // The error is printed and released before the process exits: Swift
    // releases nothing before a call that never returns, and in an
    // optimized build nothing may point to the error any more by then, so
    // the leak checker of an AddressSanitizer build would report it.
    if !runCommandLine() { exit(1) }
  }

  /// Does what the command line asks; prints the error, and returns
  /// `false`, when it fails.
  private static func runCommandLine() -> Bool {
    do {
      let options = try FiltersOptions.parse(Array(CommandLine.arguments.dropFirst()))
      if options.showsHelp {
        print(FiltersOptions.usage)
        return true
      }
      let selection = try makeSelection(options)
      if options.isScripted || !Terminal.isInteractive {
        print(json(selection.packagedFilters()))
      } else if case .saved(let filters) = try runPanel(selection) {
        print(json(filters))
      }
      return true
    } catch {
      FileHandle.standardError.write(Data("filters: \(VisibleText.escaping(error.description))\n".utf8))
      return false
    }
  }

  /// The selection the command line asks for: the filter set, the restored
  /// filters, then the selected items and the answers.
  ///
  /// - Throws: A ``FiltersError`` for a file that cannot be read, is too
  ///   large, or holds no filter set or packaged filters, or an item or
  ///   answer the filter set does not have.
  static func makeSelection(_ options: FiltersOptions) throws(FiltersError) -> TreeSelection<String> {
    let filterSet =
      try options.filterSetPath.map { path throws(FiltersError) in
        try FilterSet.load(path, maximumBytes: options.maximumInputBytes)
      } ?? .demo
    var selection = try filterSet.makeSelection()
    do {
      if let path = options.restorePath {
        try selection.restore(from: packagedFilters(atPath: path, maximumBytes: options.maximumInputBytes))
      }
      for item in options.selected { try selection.check(item) }
      var answers: [String: [String]] = [:]
      var order: [String] = []
      for answer in options.answers {
        if answers[answer.item] == nil { order.append(answer.item) }
        answers[answer.item, default: []].append(answer.value)
      }
      for item in order { try selection.setResults(answers[item] ?? [], for: item) }
    } catch let error as TreeSelectionError {
      throw FiltersError(error.description)
    } catch let error as FiltersError {
      throw error
    } catch {
      throw FiltersError("\(error)")
    }
    return selection
  }

  /// The packaged filters in the file at `path`, as `filters` prints them.
  ///
  /// - Throws: A ``FiltersError`` naming the path and why: it cannot be
  ///   read, is larger than `maximumBytes`, is empty, or is not packaged
  ///   filters.
  /// - Complexity: O(*n*) for a file of *n* bytes.
  static func packagedFilters(atPath path: String, maximumBytes: Int) throws(FiltersError) -> [PackagedFilter] {
    let data = try FiltersError.fileData(atPath: path, maximumBytes: maximumBytes)
    let what = "cannot restore the packaged filters"
    guard !data.isEmpty else { throw FiltersError("\(path): \(what): the file is empty (see filters --help)") }
    do {
      return try PackagedFilter.filters(fromJSON: data)
    } catch {
      throw FiltersError("\(path): \(error.description)")
    }
  }

  /// The packaged filters as `filters` prints them.
  static func json(_ filters: [PackagedFilter]) -> String {
    String(decoding: PackagedFilter.jsonData(for: filters), as: UTF8.self)
  }

  /// Runs the interactive panel until it is saved or cancelled.
  private static func runPanel(_ selection: TreeSelection<String>) throws(FiltersError) -> Panel.Outcome {
    let terminal = try Terminal { _ in FiltersError("cannot use the terminal") }
    defer { terminal.stop() }
    return try runPanel(selection, on: terminal)
  }

  /// Runs the interactive panel on `terminal` until it is saved or
  /// cancelled, or the terminal is gone (cancelled).
  ///
  /// - Throws: A ``FiltersError`` when the output closes; the terminal is
  ///   then stopped, its settings restored.
  static func runPanel(_ selection: TreeSelection<String>, on terminal: Terminal) throws(FiltersError) -> Panel.Outcome {
    var panel = Panel(selection: selection)
    var size = terminal.size
    var isDrawn = terminal.draw(panel.screen(width: size.columns, height: size.lines))
    while isDrawn && !panel.isFinished {
      guard let bytes = terminal.read() else { return .cancelled }
      let keys = Key.keys(in: bytes)
      for key in keys { panel.handle(key) }
      let newSize = terminal.size
      guard !keys.isEmpty || newSize != size, !panel.isFinished else { continue }
      size = newSize
      isDrawn = terminal.draw(panel.screen(width: size.columns, height: size.lines))
    }
    if let reason = terminal.outputFailure {
      throw FiltersError("cannot draw: the terminal's output is closed (\(reason))")
    }
    return panel.outcome ?? .cancelled
  }
}
