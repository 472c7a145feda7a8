// outline: a terminal outline browser built on TreeDataSource.
//
//   swift run outline                 the Planets sample
//   swift run outline --fs .          a folder, listed as you expand it
//   --latency MS                      with --fs, delay every listing
//   --compact                         with --fs, folder chains as one row
//   swift run outline --json FILE     a JSON document
//   swift run outline --plist FILE    a property list, all expanded
//   --max-input-bytes N               read at most N bytes of a document
//   swift run outline --compose       composed tree sources, step by step
//   --keys "down m up enter"          play keys; print each host update
//
// Interactive when standard input and output are a terminal; otherwise it
// prints the visible rows once and exits.

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
enum OutlineCommand {
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
    do throws(OutlineError) {
      let options = try OutlineOptions.parse(CommandLine.arguments.dropFirst())
      if options.showsHelp {
        print(OutlineOptions.usage)
        return true
      }
      if options.composes {
        for line in try ComposeDemo.lines(of: ComposeDemo.run()) { print(line) }
        return true
      }
      if case .folder(let path) = options.input, options.keys == nil, !Terminal.isInteractive {
        printFolder(at: path, options: options)
      }
      if case .folder(let path) = options.input, options.keys == nil {
        let failure = MainActor.assumeIsolated { () -> OutlineError? in
          do throws(OutlineError) {
            try browseFolder(at: path, options: options)
            return nil
          } catch {
            return error
          }
        }
        if let failure { throw failure }
        return true
      }
      try run(options.makeSource(), options: options, isInteractive: Terminal.isInteractive)
      return true
    } catch {
      var standardError = StandardError()
      print("outline: " + VisibleText.escaping(error.description), to: &standardError)
      return false
    }
  }

  /// Prints the folder at `path` listed through an `AsyncTreeSource`, once
  /// the listings the options open have arrived, and exits.
  static func printFolder(at path: String, options: OutlineOptions) -> Never {
    Task { @MainActor in
      exit(await printFolderRows(at: path, options: options) ? 0 : 1)
    }
    dispatchMain()
  }

  /// Prints the rows of the folder at `path` once the listings the options
  /// open have arrived; prints the error, and returns `false`, when it
  /// fails (the error released before the caller exits).
  @MainActor private static func printFolderRows(at path: String, options: OutlineOptions) async -> Bool {
    do throws(OutlineError) {
      for line in try await folderRows(at: path, options: options) { print(line) }
      return true
    } catch {
      var standardError = StandardError()
      print("outline: " + VisibleText.escaping(error.description), to: &standardError)
      return false
    }
  }

  /// The rows of the folder at `path` once the listings the options open
  /// have arrived.
  ///
  /// The folder, its source and its list are released when this returns,
  /// before the caller exits: an object alive at `exit` whose loads held a
  /// weak reference to it keeps that reference's side table, which the
  /// leak checker of an AddressSanitizer build reports (it cannot read the
  /// pointer to the table in the object's encoded reference count).
  ///
  /// - Throws: The ``OutlineError`` the command prints.
  @MainActor static func folderRows(at path: String, options: OutlineOptions) async throws(OutlineError) -> [String] {
    let folder = try AsyncFolder(rootPath: path, latency: options.latency, compacts: options.compacts)
    try await folder.open(as: options)
    return folder.rowTexts
  }

  /// Opens `source` as the options say, then browses it, or prints it when
  /// `isInteractive` is `false`.
  ///
  /// - Throws: An ``OutlineError`` for an `--expand` path that names no
  ///   item, or a terminal that cannot be used.
  static func run<Source: OutlineSource>(
    _ source: Source, options: OutlineOptions, isInteractive: Bool
  ) throws(OutlineError) {
    let list = try options.makeList(for: source)
    if let keys = options.keys {
      for line in KeyScript.transcript(of: keys, in: list) { print(line) }
    } else if isInteractive {
      try browse(list)
    } else {
      for line in list.rowTexts { print(line) }
    }
  }

  /// The visible rows `outline` prints for `arguments` when its output is
  /// not a terminal.
  ///
  /// - Throws: The ``OutlineError`` the command would print.
  static func printedRows(for arguments: [String]) throws(OutlineError) -> [String] {
    let options = try OutlineOptions.parse(arguments)
    return try rows(of: options.makeSource(), options: options)
  }

  /// The visible rows of `source` once opened as the options say, or the
  /// transcript of `--keys`.
  private static func rows<Source: OutlineSource>(
    of source: Source, options: OutlineOptions
  ) throws(OutlineError) -> [String] {
    let list = try options.makeList(for: source)
    if let keys = options.keys { return KeyScript.transcript(of: keys, in: list) }
    return list.rowTexts
  }

  /// Browses the folder at `path` listed through an `AsyncTreeSource`: an
  /// expanded folder's row says `loading…` until its listing arrives, and
  /// the browser draws the listing when it does.
  ///
  /// - Throws: An ``OutlineError`` when the folder cannot be opened or the
  ///   terminal used.
  @MainActor static func browseFolder(at path: String, options: OutlineOptions) throws(OutlineError) {
    let folder = try AsyncFolder(
      rootPath: path, latency: options.latency, compacts: options.compacts, marksLoadingRows: true)
    folder.startOpening(as: options)
    let terminal = try Terminal { OutlineError("cannot use the terminal: \($0)") }
    defer { terminal.stop() }
    // As listings arrive, what the options open among them opens too.
    try browse(
      folder.list, on: terminal,
      idle: {
        MainActor.assumeIsolated {
          guard folder.runLoads() else { return false }
          folder.startOpening(as: options)
          return true
        }
      })
  }

  /// Runs the interactive browser until the user quits.
  private static func browse<Source: OutlineSource>(_ list: TreeList<Source>) throws(OutlineError) {
    let terminal = try Terminal { OutlineError("cannot use the terminal: \($0)") }
    defer { terminal.stop() }
    try browse(list, on: terminal)
  }

  /// Runs the interactive browser on `terminal` until the user quits, the
  /// terminal is gone, or its output closes.
  ///
  /// - Parameters:
  ///   - list: The rows to browse.
  ///   - terminal: The terminal to draw on and read keys from.
  ///   - idle: Called after every read of the terminal (keys or none):
  ///     whether the rows changed without a key, so that the browser draws
  ///     them again.
  /// - Throws: An ``OutlineError`` when the output closes; the terminal is
  ///   then stopped, its settings restored.
  static func browse<Source: OutlineSource>(
    _ list: TreeList<Source>, on terminal: Terminal, idle: () -> Bool = { false }
  ) throws(OutlineError) {
    var size = terminal.size
    var browser = Browser(list: list, height: size.lines)
    var decoder = KeyDecoder()
    var isDrawn = terminal.draw(browser.screen(width: size.columns))
    while isDrawn && !browser.isFinished {
      guard let bytes = terminal.read() else { break }
      let keys = decoder.keys(from: bytes)
      for key in keys where !browser.isFinished { browser.handle(key) }
      let rowsChanged = idle()
      let newSize = terminal.size
      if newSize != size {
        size = newSize
        browser.resize(height: size.lines)
      } else if keys.isEmpty && !rowsChanged {
        continue
      }
      if !browser.isFinished { isDrawn = terminal.draw(browser.screen(width: size.columns)) }
    }
    if let reason = terminal.outputFailure {
      throw OutlineError("cannot draw: the terminal's output is closed (\(reason))")
    }
  }
}

/// Standard error, for `print(_:to:)`.
struct StandardError: TextOutputStream {
  mutating func write(_ string: String) {
    FileHandle.standardError.write(Data(string.utf8))
  }
}
