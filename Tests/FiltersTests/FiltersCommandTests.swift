import Foundation
import TreeDataSource
import Testing

@testable import filters

@Suite struct FiltersCommandTests {
  @Test func optionsReadSelectionsAnswersAndFiles() throws {
    let options = try FiltersOptions.parse([
      "--select", "Junior", "Senior", "--answer", "Q=a", "Q=b=c", "--filters", "set.json", "--restore", "f.json",
    ])
    #expect(options.selected == ["Junior", "Senior"])
    #expect(options.answers == [.init(item: "Q", value: "a"), .init(item: "Q", value: "b=c")])
    #expect(options.filterSetPath == "set.json")
    #expect(options.restorePath == "f.json")
    #expect(options.isScripted)
    #expect(try FiltersOptions.parse(["-h"]).showsHelp)
    #expect(try !FiltersOptions.parse([]).isScripted)
    #expect(try FiltersOptions.parse([]).maximumInputBytes == 64 << 20)
    #expect(try FiltersOptions.parse(["--max-input-bytes", "100"]).maximumInputBytes == 100)
  }

  @Test(arguments: [
    (["--bogus"], "unknown option --bogus (see filters --help)"),
    (["extra"], "unexpected argument extra (see filters --help)"),
    (["--select"], "--select needs a value (see filters --help)"),
    (["--answer", "novalue"], "--answer novalue: an answer is ITEM=VALUE"),
    (["--answer", "=x"], "--answer =x: an answer is ITEM=VALUE"),
    (["--filters", "a", "b"], "--filters takes one file, not 2"),
    (["--filters", "a", "--filters", "b"], "--filters can be given once"),
    (["--max-input-bytes", "0"], "--max-input-bytes 0: the limit is one number of bytes, 1 or more"),
    (["--max-input-bytes", "1", "2"], "--max-input-bytes 1 2: the limit is one number of bytes, 1 or more"),
    (["--max-input-bytes"], "--max-input-bytes needs a value (see filters --help)"),
  ])
  func badArgumentsAreOneLineErrors(arguments: [String], message: String) {
    #expect(throws: FiltersError(message)) { try FiltersOptions.parse(arguments) }
  }

  @Test func selectionsAndAnswersMakeThePackagedFilters() throws {
    let options = try FiltersOptions.parse([
      "--select", "Senior", "--answer", "Where do you live?=Off campus", "Anything else?=More music",
    ])
    let selection = try FiltersCommand.makeSelection(options)
    #expect(
      selection.packagedFilters() == [
        PackagedFilter(key: "Label", value: "Label", pairs: [.init(key: "Label", value: "Senior")]),
        PackagedFilter(
          key: "Survey", value: "Question",
          pairs: [.init(key: "Where do you live?", value: "Off campus"), .init(key: "Anything else?", value: "More music")]),
      ])
    #expect(throws: FiltersError("cannot check \"Seniors\": the selection has no item \"Seniors\"")) {
      try FiltersCommand.makeSelection(FiltersOptions.parse(["--select", "Seniors"]))
    }
    #expect(throws: FiltersError("cannot answer \"Where do you live?\": a single choice takes one answer, not 2")) {
      try FiltersCommand.makeSelection(
        FiltersOptions.parse(["--answer", "Where do you live?=On campus", "Where do you live?=Off campus"]))
    }
  }

  @Test func filterSetsAreReadFromJSON() throws {
    let json = """
      [{"name": "Colors", "filter": {"key": "Color", "value": "Color"}, "single": true,
        "items": [{"name": "Red"}, {"name": "Blue"}]},
       {"name": "Notes", "text": true}]
      """
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("filters-set-\(UUID()).json")
    try Data(json.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    var selection = try FilterSet.load(url.path).makeSelection()
    #expect(selection.interaction(of: "Colors") == .group(selection: .single, filter: .init(key: "Color", value: "Color")))
    #expect(selection.interaction(of: "Notes") == .freeText)
    try selection.check("Red")
    try selection.check("Blue")
    #expect(selection.checkState(of: "Red") == .unchecked)
    #expect(throws: FiltersError("cannot read /no/such.json: No such file or directory")) {
      try FilterSet.load("/no/such.json")
    }
  }

  @Test func aFileThatIsNotAFilterSetIsOneLineError() throws {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("filters-bad-\(UUID()).json")
    try Data(#"{"name": "Labels"}"#.utf8).write(to: url)
    defer { try? FileManager.default.removeItem(at: url) }
    #expect(throws: FiltersError("\(url.path) is not a filter set (see filters --help)")) { try FilterSet.load(url.path) }
  }

  @Test func badFilterSetsAreOneLineErrors() throws {
    let duplicate = FilterSet(roots: [.group("A", [.toggle("B")]), .toggle("B")])
    #expect(throws: FiltersError("\"B\" is the name of two items")) { try duplicate.makeSelection() }
    let twoKinds = FilterSet(roots: [FilterSet.Node(name: "Q", checklist: ["a"], text: true)])
    #expect(throws: FiltersError("\"Q\": an item is one of a group, a checklist, a choice or free text")) {
      try twoKinds.makeSelection()
    }
    let repeated = FilterSet(roots: [FilterSet.Node(name: "Q", choice: ["a", "a"])])
    #expect(throws: FiltersError("cannot create the selection \"Q\": its options repeat")) { try repeated.makeSelection() }
  }

  @Test func keysAreDecodedFromTheBytesATerminalSends() {
    #expect(Key.keys(in: Array("\u{1B}[A\u{1B}[B\u{1B}OC\u{1B}[D".utf8)) == [.up, .down, .right, .left])
    #expect(
      Key.keys(in: [0x0D, 0x0A, 0x20, 0x7F, 0x08, 0x15, 0x03, 0x1B]) == [
        .enter, .enter, .space, .backspace, .backspace, .clearLine, .interrupt, .escape,
      ])
    #expect(Key.keys(in: Array("sé".utf8)) == [.character("s"), .character("é")])
  }
}
