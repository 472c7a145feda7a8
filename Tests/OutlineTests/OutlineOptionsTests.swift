import Testing
import TreeDataSource
@testable import outline

/// The message of the error that parsing `arguments` throws, or `nil`.
private func parseError(_ arguments: [String]) -> String? {
  do {
    _ = try OutlineOptions.parse(arguments)
    return nil
  } catch {
    return error.message
  }
}

@Suite struct OutlineOptionsTests {
  @Test func noArgumentsShowThePlanets() throws {
    #expect(try OutlineOptions.parse([]) == OutlineOptions())
    #expect(OutlineOptions().input == .planets)
  }

  @Test func inputsAndFlags() throws {
    #expect(try OutlineOptions.parse(["--fs", "/tmp"]).input == .folder("/tmp"))
    #expect(try OutlineOptions.parse(["--json", "a.json"]).input == .json("a.json"))
    #expect(try OutlineOptions.parse(["--plist", "a.plist"]).input == .propertyList("a.plist"))
    let options = try OutlineOptions.parse(["--expand", "1.0.2", "--depth", "3", "--expand", "0", "--expand-all"])
    #expect(options.expandedPaths == [[1, 0, 2], [0]])
    #expect(options.depth == 3)
    #expect(options.expandsAll)
    #expect(try OutlineOptions.parse(["-h"]).showsHelp)
    #expect(try OutlineOptions.parse(["--json", "x", "--help"]).showsHelp)
  }

  @Test func pathsAreIndicesJoinedByDots() throws {
    #expect(try OutlineOptions.treePath("0") == [0])
    #expect(try OutlineOptions.treePath("12.0.7") == [12, 0, 7])
    for bad in ["", ".", "1.", ".1", "1..2", "-1", "a", "1.b", "1,2", "+1", " 1", "１"] {
      #expect(throws: OutlineError("--expand \(bad): a path is indices joined by dots, like 1.0.2")) {
        try OutlineOptions.treePath(bad)
      }
    }
    #expect(OutlineOptions.text(of: [1, 0, 2]) == "1.0.2")
  }

  @Test func badArgumentsSayWhatIsWrong() {
    #expect(parseError(["--bogus"]) == "unknown option --bogus (see outline --help)")
    #expect(parseError(["stray"]) == "unexpected argument stray (see outline --help)")
    #expect(parseError(["--json"]) == "--json needs a value (see outline --help)")
    #expect(parseError(["--fs", ""]) == "--fs needs a value (see outline --help)")
    #expect(parseError(["--json", "a", "--fs", "b"]) == "--fs: only one of --fs, --json and --plist can be given")
    #expect(parseError(["--depth", "-1"]) == "--depth -1: the depth is a number of levels, 0 or more")
    #expect(parseError(["--depth", "two"]) == "--depth two: the depth is a number of levels, 0 or more")
    #expect(parseError(["--expand", "x"]) == "--expand x: a path is indices joined by dots, like 1.0.2")
    #expect(
      parseError(["--depth", "2", "--compose"])
        == "--compose shows its own tree and takes no other option: --depth (see outline --help)")
    #expect(
      parseError(["--compose", "--json", "a.json"])
        == "--compose shows its own tree and takes no other option: --json (see outline --help)")
  }

  @Test func maxInputBytesIsAPositiveNumber() throws {
    #expect(OutlineOptions().maximumInputBytes == 64 << 20)
    #expect(try OutlineOptions.parse(["--json", "a", "--max-input-bytes", "4096"]).maximumInputBytes == 4096)
    for bad in ["0", "-1", "1e6", "64M", " 1", "99999999999999999999"] {
      #expect(parseError(["--max-input-bytes", bad]) == "--max-input-bytes \(bad): the limit is a number of bytes, 1 or more")
    }
    #expect(parseError(["--max-input-bytes"]) == "--max-input-bytes needs a value (see outline --help)")
  }

  @Test func keysAreNamesCharactersAndQuotedText() throws {
    #expect(
      try OutlineOptions.parse(["--keys", "down  Right m 'ab' space 'c' ENTER esc /"]).keys == [
        .down, .right, .character("m"), .character("a"), .character("b"), .space, .character("c"), .enter, .escape,
        .character("/"),
      ])
    #expect(OutlineOptions().keys == nil)
    #expect(parseError(["--keys"]) == "--keys needs a value (see outline --help)")
    #expect(parseError(["--keys", "down jump"])?.hasPrefix("--keys: jump is no key") == true)
    #expect(parseError(["--compose", "--keys", "down"])?.hasPrefix("--compose shows its own tree") == true)
  }

  @Test func composeStandsAlone() throws {
    #expect(try OutlineOptions.parse(["--compose"]).composes)
    #expect(try OutlineOptions.parse(["--compose", "--help"]).showsHelp)
  }

  @Test func usageNamesEveryFlag() {
    for flag in [
      "--fs", "--json", "--plist", "--expand", "--depth", "--expand-all", "--max-input-bytes", "--help", "--compose",
      "--keys",
    ] {
      #expect(OutlineOptions.usage.contains(flag))
    }
  }
}
