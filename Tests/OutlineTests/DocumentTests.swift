import Foundation
import Testing
import TreeIndexTestSupport
@testable import outline

/// JSON and property-list documents: the parser's grammar and errors, and
/// the outlines the documents make.
@Suite struct DocumentTests {
  /// A node of the outlines under test.
  typealias Node = StaticTree.Node

  // MARK: Helpers

  /// `text` parsed as a document named `t.json`.
  private func parse(_ text: String) throws -> JSONValue {
    try JSONParser.parse(text, fileName: "t.json")
  }

  /// The message of the error that parsing `bytes` as `t.json` throws, or
  /// `nil` when it parses.
  private func parseError(_ bytes: [UInt8]) -> String? {
    do {
      _ = try JSONParser.parse(bytes, fileName: "t.json")
      return nil
    } catch {
      return error.message
    }
  }

  /// The message of the error that parsing `text` as `t.json` throws, or
  /// `nil` when it parses.
  private func parseError(_ text: String) -> String? {
    parseError(Array(text.utf8))
  }

  /// A leaf node.
  private func leaf(_ name: String, _ value: String) -> Node {
    Node(OutlineEntry(name: name, value: value))
  }

  /// A container node with `children`.
  private func container(
    _ name: String, _ detail: String, expanded: Bool, _ children: [Node]
  ) -> Node {
    let entry = OutlineEntry(name: name, detail: detail, isContainer: true)
    return Node(entry, children: children, startsExpanded: expanded)
  }

  /// A new empty folder under the temporary directory, for one test's files.
  private func makeFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("DocumentTests-\(UUID().uuidString)", isDirectory: true)
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Writes `data` to a file named `name` in a new folder and returns its path.
  private func write(_ data: Data, named name: String) throws -> (folder: URL, path: String) {
    let folder = try makeFolder()
    let file = folder.appendingPathComponent(name)
    try data.write(to: file)
    return (folder, file.path)
  }

  // MARK: JSON grammar

  @Test func scalarDocuments() throws {
    #expect(try parse("42") == .number("42"))
    #expect(try parse(" \t\r\n\"x\" \n") == .string("x"))
    #expect(try parse("true") == .bool(true))
    #expect(try parse("false") == .bool(false))
    #expect(try parse("null") == .null)
  }

  @Test func numbersAreKeptAsWritten() throws {
    for text in [
      "0", "-0", "7", "-12", "1.5", "-1.50e+3", "1E-2", "2e5", "0.000", "-0.0E0",
      "123456789012345678901234567890", "1e400",
    ] {
      #expect(try parse(text) == .number(text))
      #expect(try parse("[\(text)]") == .array([.number(text)]))
    }
  }

  @Test func stringEscapes() throws {
    #expect(try parse(#""""#) == .string(""))
    #expect(try parse(#""\" \\ \/ \b \f \n \r \t""#) == .string("\" \\ / \u{8} \u{C} \n \r \t"))
    #expect(try parse(#""caf\u00e9 \u00E9 \u0041\u0000""#) == .string("café é A\u{0}"))
    #expect(try parse(#""\u20AC""#) == .string("€"))
    #expect(try parse(#""\uD83D\uDE00 grin""#) == .string("😀 grin"))
    #expect(try parse(#""a\nb""#) == .string("a\nb"))
    #expect(try parse(#""東京 😀 ok""#) == .string("東京 😀 ok"))
    #expect(try parse(#""\\""#) == .string("\\"))
    #expect(try parse(#""x\"y\"z 東京""#) == .string("x\"y\"z 東京"))
  }

  @Test func objectsKeepMemberOrderAndDuplicates() throws {
    let value = try parse(#"{"zebra": 1, "apple": 2, "mango": 3, "apple": 4}"#)
    #expect(
      value
        == .object([
          JSONMember(key: "zebra", value: .number("1")),
          JSONMember(key: "apple", value: .number("2")),
          JSONMember(key: "mango", value: .number("3")),
          JSONMember(key: "apple", value: .number("4")),
        ]))
  }

  @Test func nestingAndWhitespace() throws {
    let text = "\r\n{ \"a\" :\t[ 1 ,{ } , [ ] , { \"b\" : null } ] ,\n\"\" : \"\" }  "
    #expect(
      try parse(text)
        == .object([
          JSONMember(
            key: "a",
            value: .array([
              .number("1"), .object([]), .array([]), .object([JSONMember(key: "b", value: .null)]),
            ])),
          JSONMember(key: "", value: .string("")),
        ]))
    #expect(try parse("[[[]]]") == .array([.array([.array([])])]))
  }

  @Test func byteOrderMarkIsSkipped() throws {
    #expect(
      try JSONParser.parse([0xEF, 0xBB, 0xBF] + Array("[1]".utf8), fileName: "t.json")
        == .array([.number("1")]))
    #expect(
      parseError([0xEF, 0xBB, 0xBF] + Array("[1 2]".utf8))
        == "invalid JSON in t.json at line 1, column 4: expected ',' or ']' after an array element")
  }

  @Test func depthLimit() throws {
    let limit = JSONParser.maximumDepth
    #expect(limit == 512)
    let deepest = String(repeating: "[", count: limit) + String(repeating: "]", count: limit)
    var value = try parse(deepest)
    var depth = 0
    while case .array(let elements) = value {
      depth += 1
      value = elements.first ?? .null
    }
    #expect(depth == limit)
    let objects = String(repeating: #"{"a":"#, count: limit) + "1" + String(repeating: "}", count: limit)
    #expect(throws: Never.self) { try parse(objects) }

    let tooDeep = String(repeating: "[", count: limit + 1) + String(repeating: "]", count: limit + 1)
    #expect(
      parseError(tooDeep)
        == "invalid JSON in t.json at line 1, column 513: nesting deeper than 512 levels")
    let mixed = String(repeating: #"[{"k":"#, count: 300)
    #expect(
      parseError(mixed)
        == "invalid JSON in t.json at line 1, column 1537: nesting deeper than 512 levels")
    // Far deeper than the limit still fails cleanly instead of overflowing the stack.
    #expect(
      parseError(String(repeating: "[", count: 1_000_000))
        == "invalid JSON in t.json at line 1, column 513: nesting deeper than 512 levels")
  }

  // MARK: JSON errors

  @Test func structuralErrors() {
    let cases: [(String, String)] = [
      ("", "line 1, column 1: unexpected end of file; expected a value"),
      ("  \n ", "line 2, column 2: unexpected end of file; expected a value"),
      (#"{"a":1 "b":2}"#, "line 1, column 8: expected ',' or '}' after an object member"),
      (#"{"a":1"#, "line 1, column 7: unexpected end of file; expected ',' or '}' after an object member"),
      ("[1 2]", "line 1, column 4: expected ',' or ']' after an array element"),
      ("[1", "line 1, column 3: unexpected end of file; expected ',' or ']' after an array element"),
      ("{1:2}", "line 1, column 2: expected a string key or '}'"),
      ("{", "line 1, column 2: unexpected end of file; expected a string key or '}'"),
      (#"{"a":1, 2}"#, "line 1, column 9: expected a string key"),
      (#"{"a" 1}"#, "line 1, column 6: expected ':' after an object key"),
      (#"{"a""#, "line 1, column 5: unexpected end of file; expected ':' after an object key"),
      (#"{"a":}"#, "line 1, column 6: expected a value"),
      (#"{"a":1,}"#, "line 1, column 7: trailing ',' before '}'"),
      ("[1,\n]", "line 1, column 3: trailing ',' before ']'"),
      ("[,1]", "line 1, column 2: expected a value"),
      ("{} x", "line 1, column 4: unexpected content after the JSON value"),
      ("1 2", "line 1, column 3: unexpected content after the JSON value"),
      ("[1]]", "line 1, column 4: unexpected content after the JSON value"),
      ("NaN", "line 1, column 1: expected a value"),
      ("['a']", "line 1, column 2: expected a value"),
      ("[+1]", "line 1, column 2: expected a value"),
      ("[.5]", "line 1, column 2: expected a value"),
    ]
    for (text, expected) in cases {
      #expect(parseError(text) == "invalid JSON in t.json at " + expected, "\(text)")
    }
  }

  @Test func literalErrors() {
    let cases: [(String, String)] = [
      ("tru", "line 1, column 1: invalid literal; expected 'true'"),
      ("[ture]", "line 1, column 2: invalid literal; expected 'true'"),
      ("falsey", "line 1, column 1: invalid literal; expected 'false'"),
      ("[nul]", "line 1, column 2: invalid literal; expected 'null'"),
      ("True", "line 1, column 1: expected a value"),
    ]
    for (text, expected) in cases {
      #expect(parseError(text) == "invalid JSON in t.json at " + expected, "\(text)")
    }
  }

  @Test func numberErrors() {
    let cases: [(String, String)] = [
      ("-", "line 1, column 2: unexpected end of file; invalid number: expected a digit after '-'"),
      ("[-x]", "line 1, column 3: invalid number: expected a digit after '-'"),
      ("[01]", "line 1, column 2: invalid number: leading zeros are not allowed"),
      ("-00", "line 1, column 2: invalid number: leading zeros are not allowed"),
      ("[1.]", "line 1, column 4: invalid number: expected a digit after '.'"),
      ("1.e5", "line 1, column 3: invalid number: expected a digit after '.'"),
      ("[1e+]", "line 1, column 5: invalid number: expected a digit in the exponent"),
      ("1E", "line 1, column 3: unexpected end of file; invalid number: expected a digit in the exponent"),
      ("[1x]", "line 1, column 3: expected ',' or ']' after an array element"),
    ]
    for (text, expected) in cases {
      #expect(parseError(text) == "invalid JSON in t.json at " + expected, "\(text)")
    }
  }

  @Test func stringErrors() {
    let cases: [(String, String)] = [
      (#""abc"#, "line 1, column 1: unterminated string"),
      (#"["ab\"#, "line 1, column 2: unterminated string"),
      ("[\"ab\ncd\"]", "line 1, column 5: unescaped line break in a string"),
      ("\"a\tb\"", "line 1, column 3: unescaped control character U+0009 in a string"),
      ("\"a\u{1F}b\"", "line 1, column 3: unescaped control character U+001F in a string"),
      (#""a\qb""#, #"line 1, column 3: invalid escape '\q' in a string"#),
      (#""a\'b""#, #"line 1, column 3: invalid escape '\'' in a string"#),
      ("\"a\\ b\"", #"line 1, column 3: invalid escape '\' followed by byte 0x20 in a string"#),
      (#""\u12G4""#, #"line 1, column 2: invalid \u escape: expected 4 hex digits"#),
      (#""\u12""#, #"line 1, column 2: invalid \u escape: expected 4 hex digits"#),
      (#""x\uD800""#, #"line 1, column 3: unpaired surrogate \uD800 in a string"#),
      (#""\uDBFF\u0041""#, #"line 1, column 2: unpaired surrogate \uDBFF in a string"#),
      (#""\uDC00""#, #"line 1, column 2: unpaired surrogate \uDC00 in a string"#),
      (#""\uD800\uZZZZ""#, #"line 1, column 8: invalid \u escape: expected 4 hex digits"#),
    ]
    for (text, expected) in cases {
      #expect(parseError(text) == "invalid JSON in t.json at " + expected, "\(text)")
    }
  }

  @Test func invalidUTF8() {
    let quote: UInt8 = 0x22
    let cases: [[UInt8]] = [
      [0xFF],  // never valid
      [0x80],  // a lone continuation byte
      [0xC0, 0x80],  // overlong
      [0xE0, 0x80, 0x80],  // overlong
      [0xED, 0xA0, 0x80],  // a surrogate
      [0xF4, 0x90, 0x80, 0x80],  // beyond U+10FFFF
      [0xE6, 0x9D],  // cut short
    ]
    for sequence in cases {
      #expect(
        parseError([quote, 0x61] + sequence + [quote])
          == "invalid JSON in t.json at line 1, column 3: invalid UTF-8 in a string", "\(sequence)")
    }
    // After an escape, too.
    #expect(
      parseError([quote, 0x5C, 0x6E, 0xFF, quote])
        == "invalid JSON in t.json at line 1, column 4: invalid UTF-8 in a string")
    // Outside a string, a non-ASCII byte is just unexpected.
    #expect(
      parseError([0x5B, 0xC3, 0xA9, 0x5D])
        == "invalid JSON in t.json at line 1, column 2: expected a value")
  }

  @Test func positionsCountLinesAndScalars() {
    let text = "{\n  \"a\": 1,\n  \"b\" 2\n}"
    #expect(
      parseError(text)
        == "invalid JSON in t.json at line 3, column 7: expected ':' after an object key")
    #expect(
      parseError("{\r\n\"a\": 1\r\n\"b\": 2}")
        == "invalid JSON in t.json at line 3, column 1: expected ',' or '}' after an object member")
    // Columns count Unicode scalars, not bytes.
    #expect(
      parseError("[\"東京 😀\" x]")
        == "invalid JSON in t.json at line 1, column 9: expected ',' or ']' after an array element")
    #expect(
      parseError("[\n\"é\",\n\"é\" 1]")
        == "invalid JSON in t.json at line 3, column 5: expected ',' or ']' after an array element")
  }

  // MARK: JSON outlines

  @Test func objectDocumentOutline() throws {
    let text = #"""
      {
        "name": "Tokyo",
        "population": 13960000,
        "area": 2.194e3,
        "capital": true,
        "mayor": null,
        "wards": ["Chiyoda", "Chūō"],
        "extra": {},
        "none": [],
        "coords": {"lat": 35.68, "long": 139.69, "note": "say \"hi\"\n"}
      }
      """#
    let tree = StaticTree(json: try parse(text), title: "city.json")
    #expect(tree.title == "city.json")
    #expect(
      tree.roots == [
        leaf("name", #""Tokyo""#),
        leaf("population", "13960000"),
        leaf("area", "2.194e3"),
        leaf("capital", "true"),
        leaf("mayor", "null"),
        container("wards", "[2]", expanded: false, [leaf("0", #""Chiyoda""#), leaf("1", #""Chūō""#)]),
        leaf("extra", "{}"),
        leaf("none", "[]"),
        container(
          "coords", "{3}", expanded: false,
          [
            leaf("lat", "35.68"), leaf("long", "139.69"), leaf("note", #""say \"hi\"\n""#),
          ]),
      ])
    #expect(tree.roots[5].entry.text == "wards  [2]")
    #expect(tree.roots[0].entry.text == #"name: "Tokyo""#)
    #expect(tree.numberOfSubitems(of: nil) == 9)
    #expect(tree.numberOfSubitems(of: [8]) == 3)
    #expect(!tree.isExpanded([8]))
    #expect(tree.item(at: [8, 2]) == OutlineEntry(name: "note", value: #""say \"hi\"\n""#))
  }

  @Test func arrayAndScalarDocumentOutlines() throws {
    let array = StaticTree(json: try parse(#"[1, [true], {"a": [[]]}]"#), title: "a.json")
    #expect(
      array.roots == [
        leaf("0", "1"),
        container("1", "[1]", expanded: false, [leaf("0", "true")]),
        container(
          "2", "{1}", expanded: false,
          [
            container("a", "[1]", expanded: false, [leaf("0", "[]")])
          ]),
      ])
    #expect(StaticTree(json: .string("hi"), title: "s.json").roots == [leaf("s.json", #""hi""#)])
    #expect(StaticTree(json: .number("-2.5"), title: "n.json").roots == [leaf("n.json", "-2.5")])
    #expect(StaticTree(json: .null, title: "z.json").roots == [leaf("z.json", "null")])
    #expect(StaticTree(json: .object([]), title: "e.json").roots.isEmpty)
    #expect(StaticTree(json: .array([]), title: "e.json").roots.isEmpty)
  }

  @Test func deepestDocumentMakesAnOutline() throws {
    let limit = JSONParser.maximumDepth
    let text = String(repeating: #"{"a":"#, count: limit) + "1" + String(repeating: "}", count: limit)
    let tree = StaticTree(json: try parse(text), title: "deep.json")
    var node = tree.roots[0]
    var depth = 1
    while let child = node.children.first {
      node = child
      depth += 1
    }
    #expect(depth == limit)
    #expect(node.entry == OutlineEntry(name: "a", value: "1"))
  }

  @Test func stringLiterals() {
    #expect(StaticTree.jsonStringLiteral("Tokyo") == #""Tokyo""#)
    #expect(StaticTree.jsonStringLiteral("") == #""""#)
    #expect(StaticTree.jsonStringLiteral("東京 😀") == #""東京 😀""#)
    #expect(StaticTree.jsonStringLiteral("a\"b\\c") == #""a\"b\\c""#)
    #expect(
      StaticTree.jsonStringLiteral("\n\r\t\u{8}\u{C}\u{0}\u{1F}é")
        == #""\n\r\t\b\f\u0000\u001fé""#)
  }

  @Test func jsonFile() throws {
    let (folder, path) = try write(Data(#"{"b": [1, 2], "a": "x"}"#.utf8), named: "data.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tree = try StaticTree.json(contentsOf: path)
    #expect(tree.title == "data.json")
    #expect(
      tree.roots == [
        container("b", "[2]", expanded: false, [leaf("0", "1"), leaf("1", "2")]),
        leaf("a", #""x""#),
      ])
  }

  @Test func invalidJSONFileNamesThePath() throws {
    let (folder, path) = try write(Data("{\n  \"a\": 1\n  \"b\": 2\n}\n".utf8), named: "bad.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      throws: OutlineError(
        "invalid JSON in \(path) at line 3, column 3: expected ',' or '}' after an object member"
      )
    ) {
      try StaticTree.json(contentsOf: path)
    }
  }

  @Test func unreadableJSONFiles() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    let missing = folder.appendingPathComponent("missing.json").path
    #expect(throws: OutlineError("cannot read \(missing): No such file or directory")) {
      try StaticTree.json(contentsOf: missing)
    }
    #expect(throws: OutlineError("cannot read \(folder.path): Is a directory")) {
      try StaticTree.json(contentsOf: folder.path)
    }
    let empty = folder.appendingPathComponent("empty.json")
    try Data().write(to: empty)
    #expect(
      throws: OutlineError(
        "invalid JSON in \(empty.path) at line 1, column 1: unexpected end of file; expected a value"
      )
    ) {
      try StaticTree.json(contentsOf: empty.path)
    }
  }

  @Test func fileBytesRoundTrip() throws {
    let bytes = (0..<300_000).map { UInt8(truncatingIfNeeded: $0 &* 7) }
    let (folder, path) = try write(Data(bytes), named: "bytes.bin")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(try StaticTree.documentBytes(atPath: path) == bytes)
    #expect(StaticTree.documentTitle(forPath: path) == "bytes.bin")
    #expect(StaticTree.documentTitle(forPath: "plain.json") == "plain.json")
    #expect(StaticTree.documentTitle(forPath: "dir/sub/") == "sub")
  }

  /// A JSON array of `count` objects like those of a real export.
  func largeArray(_ count: Int) -> Data {
    var text = "[\n"
    for index in 0..<count {
      if index > 0 { text += ",\n" }
      text += #"  {"id": \#(index), "name": "item \#(index)", "score": \#(index % 100).5, "#
      text += #""active": \#(index % 2 == 0), "tags": ["a", "b\u00e9"]}"#
    }
    text += "\n]\n"
    return Data(text.utf8)
  }

  @Test func largeArrayParsesAndConvertsQuickly() throws {
    let (folder, path) = try write(largeArray(100_000), named: "big.json")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tree = try StaticTree.json(contentsOf: path)
    #expect(tree.roots.count == 100_000)
    #expect(
      tree.roots[99_999]
        == container(
          "99999", "{5}", expanded: false,
          [
            leaf("id", "99999"),
            leaf("name", #""item 99999""#),
            leaf("score", "99.5"),
            leaf("active", "false"),
            container("tags", "[2]", expanded: false, [leaf("0", #""a""#), leaf("1", #""bé""#)]),
          ]))
    // Reading is linear: eight times the document takes about eight times
    // as long (the ratio of two sizes in one run, not a time), where
    // quadratic work would take 64 times; the bound of 32 leaves room for a
    // busy machine.
    let (smallFolder, small) = try write(largeArray(10_000), named: "small.json")
    defer { try? FileManager.default.removeItem(at: smallFolder) }
    let (largeFolder, large) = try write(largeArray(80_000), named: "large.json")
    defer { try? FileManager.default.removeItem(at: largeFolder) }
    let ratio = try Growth.timeRatio(
      small: { _ = try StaticTree.json(contentsOf: small) }, large: { _ = try StaticTree.json(contentsOf: large) })
    #expect(ratio < 32, "eight times the document took \(ratio) times as long")
  }

  // MARK: Property lists

  /// An XML property list with every kind of value, its keys out of order.
  private let xmlPropertyList = """
    <?xml version="1.0" encoding="UTF-8"?>
    <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
    <plist version="1.0">
    <dict>
      <key>name</key><string>Tokyo "東京"</string>
      <key>population</key><integer>13960000</integer>
      <key>negative</key><integer>-42</integer>
      <key>area</key><real>2194.5</real>
      <key>whole</key><real>1</real>
      <key>one</key><integer>1</integer>
      <key>capital</key><true/>
      <key>coastal</key><false/>
      <key>founded</key><date>2024-01-02T03:04:05Z</date>
      <key>blob</key><data>AAECAwQFBgcICQoL</data>
      <key>wards</key><array><string>Chiyoda</string><integer>2</integer><array/></array>
      <key>coords</key><dict><key>long</key><real>139.69</real><key>lat</key><real>35.68</real></dict>
      <key>empty</key><dict/>
    </dict>
    </plist>
    """

  /// The outline of ``xmlPropertyList``.
  private var xmlPropertyListRoots: [Node] {
    [
      leaf("area", "2194.5"),
      leaf("blob", "<12 bytes>"),
      leaf("capital", "true"),
      leaf("coastal", "false"),
      container("coords", "{2}", expanded: true, [leaf("lat", "35.68"), leaf("long", "139.69")]),
      leaf("empty", "{}"),
      leaf("founded", "2024-01-02T03:04:05Z"),
      leaf("name", #""Tokyo \"東京\"""#),
      leaf("negative", "-42"),
      leaf("one", "1"),
      leaf("population", "13960000"),
      container(
        "wards", "[3]", expanded: true,
        [
          leaf("0", #""Chiyoda""#), leaf("1", "2"), leaf("2", "[]"),
        ]),
      leaf("whole", "1.0"),
    ]
  }

  @Test func xmlPropertyListFile() throws {
    let (folder, path) = try write(Data(xmlPropertyList.utf8), named: "city.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tree = try StaticTree.propertyList(contentsOf: path)
    #expect(tree.title == "city.plist")
    #expect(tree.roots == xmlPropertyListRoots)
    #expect(tree.isExpanded([4]))
    #expect(tree.isExpanded([11]))
  }

  @Test func binaryPropertyList() throws {
    let value = try PropertyListSerialization.propertyList(
      from: Data(xmlPropertyList.utf8), options: [], format: nil)
    let binary = try PropertyListSerialization.data(
      fromPropertyList: value, format: .binary, options: 0)
    #expect(binary.starts(with: Array("bplist".utf8)))
    let (folder, path) = try write(binary, named: "city-binary.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tree = try StaticTree.propertyList(contentsOf: path)
    #expect(tree.title == "city-binary.plist")
    #expect(tree.roots == xmlPropertyListRoots)
  }

  @Test func binaryPropertyListFromSwiftValues() throws {
    let value: [String: Any] = [
      "flag": true, "off": false, "count": 3, "ratio": 0.25, "list": [1, "two"], "data": Data([1]),
    ]
    let binary = try PropertyListSerialization.data(
      fromPropertyList: value, format: .binary, options: 0)
    let (folder, path) = try write(binary, named: "values.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tree = try StaticTree.propertyList(contentsOf: path)
    #expect(
      tree.roots == [
        leaf("count", "3"),
        leaf("data", "<1 byte>"),
        leaf("flag", "true"),
        container("list", "[2]", expanded: true, [leaf("0", "1"), leaf("1", #""two""#)]),
        leaf("off", "false"),
        leaf("ratio", "0.25"),
      ])
  }

  @Test func openStepPropertyList() throws {
    let text = #"{ zeta = (1, "two words"); alpha = <0102>; beta = {}; }"#
    let (folder, path) = try write(Data(text.utf8), named: "old.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    let tree = try StaticTree.propertyList(contentsOf: path)
    #expect(
      tree.roots == [
        leaf("alpha", "<2 bytes>"),
        leaf("beta", "{}"),
        container("zeta", "[2]", expanded: true, [leaf("0", #""1""#), leaf("1", #""two words""#)]),
      ])
  }

  @Test func arrayAndScalarPropertyLists() throws {
    let array = "<plist version=\"1.0\"><array><dict><key>k</key><string>v</string></dict><false/></array></plist>"
    let (folder, path) = try write(Data(array.utf8), named: "list.plist")
    defer { try? FileManager.default.removeItem(at: folder) }
    #expect(
      try StaticTree.propertyList(contentsOf: path).roots == [
        container("0", "{1}", expanded: true, [leaf("k", #""v""#)]),
        leaf("1", "false"),
      ])

    let scalar = folder.appendingPathComponent("one.plist")
    try Data("<plist version=\"1.0\"><string>solo</string></plist>".utf8).write(to: scalar)
    #expect(
      try StaticTree.propertyList(contentsOf: scalar.path).roots
        == [leaf("one.plist", #""solo""#)])
  }

  @Test func invalidPropertyLists() throws {
    let folder = try makeFolder()
    defer { try? FileManager.default.removeItem(at: folder) }
    for (name, text) in [
      ("bad-xml.plist", "<plist version=\"1.0\"><dict><key>a</key></dict></plist>"),
      ("bad-old.plist", "{ a = "),
      ("empty.plist", ""),
    ] {
      let file = folder.appendingPathComponent(name)
      try Data(text.utf8).write(to: file)
      do {
        _ = try StaticTree.propertyList(contentsOf: file.path)
        Issue.record("\(name) parsed")
      } catch {
        let prefix = "invalid property list in \(file.path): "
        #expect(error.message.hasPrefix(prefix), "\(error.message)")
        #expect(error.message.count > prefix.count, "\(error.message)")
        #expect(!error.message.contains("\n"), "\(error.message)")
      }
    }
    let missing = folder.appendingPathComponent("missing.plist").path
    #expect(throws: OutlineError("cannot read \(missing): No such file or directory")) {
      try StaticTree.propertyList(contentsOf: missing)
    }
  }
}
