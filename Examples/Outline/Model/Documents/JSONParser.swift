/// A strict JSON parser (RFC 8259) over UTF-8 bytes, that keeps object
/// members in document order and reports errors by line and column.
///
/// It reads one value with optional surrounding whitespace and rejects
/// anything after it. A leading UTF-8 byte order mark is skipped. Strings
/// must be valid UTF-8; escapes, `\uXXXX` surrogate pairs included, are
/// decoded. Numbers are checked against the grammar and kept as written.
/// Nesting deeper than ``maximumDepth`` is an error rather than a stack
/// overflow.
///
/// Parsing is O(*n*) for a document of *n* bytes. Strings without escapes
/// are decoded from their bytes in one step.
struct JSONParser {
  /// The deepest nesting of objects and arrays a document may have.
  static let maximumDepth = 512

  /// Parses `bytes`, a whole JSON document, naming it `fileName` in errors.
  ///
  /// - Throws: An ``OutlineError`` such as `invalid JSON in data.json at
  ///   line 3, column 7: expected ',' or '}' after an object member`.
  ///   Columns count Unicode scalars from 1.
  static func parse(_ bytes: [UInt8], fileName: String) throws(OutlineError) -> JSONValue {
    let result = bytes.withUnsafeBufferPointer { buffer -> Result<JSONValue, Failure> in
      guard let base = buffer.baseAddress, !buffer.isEmpty else {
        return .failure(Failure(offset: 0, reason: "unexpected end of file; expected a value"))
      }
      var parser = JSONParser(base: base, end: buffer.count)
      do throws(Failure) {
        return .success(try parser.parseDocument())
      } catch {
        return .failure(error)
      }
    }
    switch result {
    case .success(let value):
      return value
    case .failure(let failure):
      let (line, column) = position(of: failure.offset, in: bytes)
      throw OutlineError(
        "invalid JSON in \(fileName) at line \(line), column \(column): \(failure.reason)")
    }
  }

  /// Parses `text`, a whole JSON document, naming it `fileName` in errors.
  static func parse(_ text: String, fileName: String) throws(OutlineError) -> JSONValue {
    try parse(Array(text.utf8), fileName: fileName)
  }

  /// The 1-based line and column of byte `offset` in `bytes`; the column
  /// counts Unicode scalars, not bytes. O(`offset`).
  static func position(of offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
    var line = 1
    var lineStart = bytes.starts(with: byteOrderMark) ? byteOrderMark.count : 0
    let end = min(offset, bytes.count)
    var index = lineStart
    while index < end {
      if bytes[index] == newline {
        line += 1
        lineStart = index + 1
      }
      index += 1
    }
    var column = 1
    index = lineStart
    while index < end {
      if bytes[index] & 0xC0 != 0x80 { column += 1 }
      index += 1
    }
    return (line, column)
  }

  // MARK: Parsing

  /// Why parsing stopped, and at which byte.
  struct Failure: Error {
    /// The byte offset the error points at.
    var offset: Int
    /// What is wrong there, as one phrase.
    var reason: String
  }

  /// The document's first byte.
  private let base: UnsafePointer<UInt8>
  /// The document's length in bytes.
  private let end: Int
  /// The offset of the next byte to read.
  private var offset = 0
  /// How many objects and arrays enclose the value being read.
  private var depth = 0

  /// Creates a parser at the start of the `end` bytes at `base`.
  private init(base: UnsafePointer<UInt8>, end: Int) {
    self.base = base
    self.end = end
  }

  /// A failure at `offset`; at the end of the input the reason says so.
  private func failure(_ reason: String, at offset: Int) -> Failure {
    if offset >= end {
      return Failure(offset: offset, reason: "unexpected end of file; " + reason)
    }
    return Failure(offset: offset, reason: reason)
  }

  /// Reads the whole document: one value between optional whitespace.
  private mutating func parseDocument() throws(Failure) -> JSONValue {
    if end >= 3, base[0] == 0xEF, base[1] == 0xBB, base[2] == 0xBF {
      offset = 3
    }
    skipWhitespace()
    let value = try parseValue()
    skipWhitespace()
    guard offset == end else {
      throw failure("unexpected content after the JSON value", at: offset)
    }
    return value
  }

  /// Skips spaces, tabs, line feeds and carriage returns.
  private mutating func skipWhitespace() {
    while offset < end {
      let byte = base[offset]
      guard byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 else { return }
      offset += 1
    }
  }

  /// Reads the value that starts at the current byte.
  private mutating func parseValue() throws(Failure) -> JSONValue {
    guard offset < end else { throw failure("expected a value", at: offset) }
    // Comparisons rather than a `switch`, which is slow in debug builds.
    let byte = base[offset]
    if byte == 0x22 {  // "
      return .string(try parseString())
    } else if byte == 0x2D || Self.isDigit(byte) {  // - 0-9
      return .number(try parseNumber())
    } else if byte == 0x7B {  // {
      return try parseObject()
    } else if byte == 0x5B {  // [
      return try parseArray()
    } else if byte == 0x74 {  // t
      try parseLiteral("true")
      return .bool(true)
    } else if byte == 0x66 {  // f
      try parseLiteral("false")
      return .bool(false)
    } else if byte == 0x6E {  // n
      try parseLiteral("null")
      return .null
    }
    throw failure("expected a value", at: offset)
  }

  /// Counts one more level of nesting for the object or array at the
  /// current byte, failing beyond ``maximumDepth``.
  private mutating func enterContainer() throws(Failure) {
    depth += 1
    guard depth <= Self.maximumDepth else {
      throw failure("nesting deeper than \(Self.maximumDepth) levels", at: offset)
    }
  }

  /// Reads an object; the current byte is its `{`.
  private mutating func parseObject() throws(Failure) -> JSONValue {
    try enterContainer()
    offset += 1
    skipWhitespace()
    var members: [JSONMember] = []
    members.reserveCapacity(8)  // Room for a small object at once, rather than growing from 1.
    if offset < end, base[offset] == 0x7D {  // }
      offset += 1
      depth -= 1
      return .object(members)
    }
    while true {
      guard offset < end, base[offset] == 0x22 else {
        let expected = members.isEmpty ? "expected a string key or '}'" : "expected a string key"
        throw failure(expected, at: offset)
      }
      let key = try parseString()
      skipWhitespace()
      guard offset < end, base[offset] == 0x3A else {  // :
        throw failure("expected ':' after an object key", at: offset)
      }
      offset += 1
      skipWhitespace()
      members.append(JSONMember(key: key, value: try parseValue()))
      if try closesContainer(with: 0x7D, after: "an object member") { return .object(members) }  // }
    }
  }

  /// Reads an array; the current byte is its `[`.
  private mutating func parseArray() throws(Failure) -> JSONValue {
    try enterContainer()
    offset += 1
    skipWhitespace()
    var elements: [JSONValue] = []
    elements.reserveCapacity(8)  // Room for a small array at once, rather than growing from 1.
    if offset < end, base[offset] == 0x5D {  // ]
      offset += 1
      depth -= 1
      return .array(elements)
    }
    while true {
      elements.append(try parseValue())
      if try closesContainer(with: 0x5D, after: "an array element") { return .array(elements) }  // ]
    }
  }

  /// Reads what follows a member or an element: the container's closing
  /// byte, which ends it, or a comma that another member or element must
  /// follow.
  ///
  /// - Parameters:
  ///   - closing: `}` or `]`.
  ///   - item: What was just read, for the error: `an object member`.
  /// - Returns: `true` when the container ended; `false` after a comma.
  private mutating func closesContainer(with closing: UInt8, after item: String) throws(Failure) -> Bool {
    let closer = Character(Unicode.Scalar(closing))
    skipWhitespace()
    guard offset < end else {
      throw failure("expected ',' or '\(closer)' after \(item)", at: offset)
    }
    let byte = base[offset]
    if byte == closing {
      offset += 1
      depth -= 1
      return true
    }
    guard byte == 0x2C else {  // ,
      throw failure("expected ',' or '\(closer)' after \(item)", at: offset)
    }
    let comma = offset
    offset += 1
    skipWhitespace()
    if offset < end, base[offset] == closing {
      throw failure("trailing ',' before '\(closer)'", at: comma)
    }
    return false
  }

  /// Reads `literal` (`true`, `false` or `null`), which must not run on
  /// into further letters.
  private mutating func parseLiteral(_ literal: StaticString) throws(Failure) {
    let start = offset
    let count = literal.utf8CodeUnitCount
    let text = UnsafeBufferPointer(start: literal.utf8Start, count: count)
    var matches = end - start >= count
    var index = 0
    while matches, index < count {
      matches = base[start + index] == text[index]
      index += 1
    }
    if matches, start + count < end, Self.isLetter(base[start + count]) {
      matches = false
    }
    guard matches else { throw failure("invalid literal; expected '\(literal)'", at: start) }
    offset = start + count
  }

  /// Whether `byte` is an ASCII letter.
  private static func isLetter(_ byte: UInt8) -> Bool {
    (byte | 0x20) >= 0x61 && (byte | 0x20) <= 0x7A
  }

  /// Whether `byte` is an ASCII digit.
  private static func isDigit(_ byte: UInt8) -> Bool {
    byte >= 0x30 && byte <= 0x39
  }

  /// Skips the digits at the current byte, if any.
  private mutating func skipDigits() {
    while offset < end, Self.isDigit(base[offset]) { offset += 1 }
  }

  /// Reads a number and returns its text as written; the current byte is
  /// its `-` or first digit.
  private mutating func parseNumber() throws(Failure) -> String {
    let start = offset
    if base[offset] == 0x2D { offset += 1 }  // -
    guard offset < end, Self.isDigit(base[offset]) else {
      throw failure("invalid number: expected a digit after '-'", at: offset)
    }
    if base[offset] == 0x30 {  // 0
      offset += 1
      if offset < end, Self.isDigit(base[offset]) {
        throw failure("invalid number: leading zeros are not allowed", at: offset - 1)
      }
    } else {
      skipDigits()
    }
    if offset < end, base[offset] == 0x2E {  // .
      offset += 1
      guard offset < end, Self.isDigit(base[offset]) else {
        throw failure("invalid number: expected a digit after '.'", at: offset)
      }
      skipDigits()
    }
    if offset < end, base[offset] | 0x20 == 0x65 {  // e E
      offset += 1
      if offset < end, base[offset] == 0x2B || base[offset] == 0x2D { offset += 1 }  // + -
      guard offset < end, Self.isDigit(base[offset]) else {
        throw failure("invalid number: expected a digit in the exponent", at: offset)
      }
      skipDigits()
    }
    return string(from: start, to: offset)
  }

  /// The bytes `start..<stop`, valid UTF-8, as a string, copied at once.
  private func string(from start: Int, to stop: Int) -> String {
    String(unsafeUninitializedCapacity: stop - start) { buffer in
      guard let target = buffer.baseAddress else { return 0 }
      target.initialize(from: base + start, count: stop - start)
      return stop - start
    }
  }

  /// Reads a string and returns it with its escapes decoded; the current
  /// byte is its opening `"`.
  private mutating func parseString() throws(Failure) -> String {
    let quote = offset
    offset += 1
    let start = offset
    while offset < end {
      let byte = base[offset]
      if byte == 0x22 {  // "
        let text = string(from: start, to: offset)
        offset += 1
        return text
      } else if byte == 0x5C {  // \
        return try parseEscapedString(quote: quote, start: start)
      } else if byte < 0x20 {
        throw controlCharacterFailure(byte)
      } else if byte < 0x80 {
        offset += 1
      } else {
        try skipUTF8Sequence()
      }
    }
    throw failure("unterminated string", at: quote)
  }

  /// Finishes a string that has escapes; the current byte is its first
  /// `\`, and `start` the offset of its first byte after the opening quote.
  private mutating func parseEscapedString(quote: Int, start: Int) throws(Failure) -> String {
    var utf8: [UInt8] = []
    utf8.reserveCapacity(offset - start + 16)
    var runStart = start
    while offset < end {
      let byte = base[offset]
      if byte == 0x22 || byte == 0x5C {  // " \
        if offset > runStart {
          let run = UnsafeBufferPointer(start: base + runStart, count: offset - runStart)
          utf8.append(contentsOf: run)
        }
        if byte == 0x22 {
          offset += 1
          return String(decoding: utf8, as: UTF8.self)
        }
        try parseEscape(into: &utf8, quote: quote)
        runStart = offset
      } else if byte < 0x20 {
        throw controlCharacterFailure(byte)
      } else if byte < 0x80 {
        offset += 1
      } else {
        try skipUTF8Sequence()
      }
    }
    throw failure("unterminated string", at: quote)
  }

  /// Decodes the escape at the current `\` and appends its UTF-8 bytes.
  private mutating func parseEscape(into utf8: inout [UInt8], quote: Int) throws(Failure) {
    let backslash = offset
    offset += 1
    guard offset < end else { throw failure("unterminated string", at: quote) }
    let byte = base[offset]
    offset += 1
    switch byte {
    case 0x22, 0x5C, 0x2F: utf8.append(byte)  // " \ /
    case 0x62: utf8.append(0x08)  // b
    case 0x66: utf8.append(0x0C)  // f
    case 0x6E: utf8.append(0x0A)  // n
    case 0x72: utf8.append(0x0D)  // r
    case 0x74: utf8.append(0x09)  // t
    case 0x75:  // u
      var scalar = try parseHexQuad(escapeAt: backslash)
      if scalar >= 0xD800, scalar <= 0xDBFF {
        guard offset + 1 < end, base[offset] == 0x5C, base[offset + 1] == 0x75 else {
          throw failure("unpaired surrogate \(Self.escapeText(scalar)) in a string", at: backslash)
        }
        let lowBackslash = offset
        offset += 2
        let low = try parseHexQuad(escapeAt: lowBackslash)
        guard low >= 0xDC00, low <= 0xDFFF else {
          throw failure("unpaired surrogate \(Self.escapeText(scalar)) in a string", at: backslash)
        }
        scalar = 0x10000 + ((scalar - 0xD800) << 10) + (low - 0xDC00)
      } else if scalar >= 0xDC00, scalar <= 0xDFFF {
        throw failure("unpaired surrogate \(Self.escapeText(scalar)) in a string", at: backslash)
      }
      Self.appendUTF8(scalar, to: &utf8)
    default:
      let shown =
        byte >= 0x21 && byte < 0x7F
        ? "'\\" + String(decoding: [byte], as: UTF8.self) + "'"
        : "'\\' followed by byte 0x" + Self.hex(UInt32(byte), digits: 2)
      throw failure("invalid escape \(shown) in a string", at: backslash)
    }
  }

  /// Reads the four hex digits of a `\u` escape whose `\` is at `escapeAt`.
  private mutating func parseHexQuad(escapeAt backslash: Int) throws(Failure) -> UInt32 {
    var value: UInt32 = 0
    for _ in 0..<4 {
      guard offset < end else {
        throw failure("invalid \\u escape: expected 4 hex digits", at: backslash)
      }
      let byte = base[offset]
      let digit: UInt8
      switch byte {
      case 0x30...0x39: digit = byte - 0x30
      case 0x41...0x46: digit = byte - 0x41 + 10
      case 0x61...0x66: digit = byte - 0x61 + 10
      default: throw failure("invalid \\u escape: expected 4 hex digits", at: backslash)
      }
      value = value << 4 | UInt32(digit)
      offset += 1
    }
    return value
  }

  /// The failure for an unescaped control character at the current byte.
  private func controlCharacterFailure(_ byte: UInt8) -> Failure {
    if byte == 0x0A || byte == 0x0D {
      return failure("unescaped line break in a string", at: offset)
    }
    return failure(
      "unescaped control character U+\(Self.hex(UInt32(byte), digits: 4)) in a string", at: offset)
  }

  /// Skips the multi-byte UTF-8 sequence at the current byte, failing if
  /// it is not well formed (overlong forms and surrogates included).
  private mutating func skipUTF8Sequence() throws(Failure) {
    let lead = base[offset]
    let length: Int
    var low: UInt8 = 0x80
    var high: UInt8 = 0xBF
    switch lead {
    case 0xC2...0xDF: length = 2
    case 0xE0: length = 3; low = 0xA0
    case 0xE1...0xEC, 0xEE...0xEF: length = 3
    case 0xED: length = 3; high = 0x9F
    case 0xF0: length = 4; low = 0x90
    case 0xF1...0xF3: length = 4
    case 0xF4: length = 4; high = 0x8F
    default: throw failure("invalid UTF-8 in a string", at: offset)
    }
    guard offset + length <= end else {
      throw failure("invalid UTF-8 in a string", at: offset)
    }
    let second = base[offset + 1]
    guard second >= low, second <= high else {
      throw failure("invalid UTF-8 in a string", at: offset)
    }
    var index = 2
    while index < length {
      guard base[offset + index] & 0xC0 == 0x80 else {
        throw failure("invalid UTF-8 in a string", at: offset)
      }
      index += 1
    }
    offset += length
  }

  /// Appends the UTF-8 encoding of `scalar`, a valid Unicode scalar value.
  private static func appendUTF8(_ scalar: UInt32, to utf8: inout [UInt8]) {
    switch scalar {
    case ..<0x80:
      utf8.append(UInt8(scalar))
    case ..<0x800:
      utf8.append(UInt8(0xC0 | scalar >> 6))
      utf8.append(UInt8(0x80 | scalar & 0x3F))
    case ..<0x10000:
      utf8.append(UInt8(0xE0 | scalar >> 12))
      utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      utf8.append(UInt8(0x80 | scalar & 0x3F))
    default:
      utf8.append(UInt8(0xF0 | scalar >> 18))
      utf8.append(UInt8(0x80 | scalar >> 12 & 0x3F))
      utf8.append(UInt8(0x80 | scalar >> 6 & 0x3F))
      utf8.append(UInt8(0x80 | scalar & 0x3F))
    }
  }

  /// `value` as `\uXXXX`, for messages.
  private static func escapeText(_ value: UInt32) -> String {
    "\\u" + hex(value, digits: 4)
  }

  /// `value` in uppercase hexadecimal, padded with zeros to `digits`.
  private static func hex(_ value: UInt32, digits: Int) -> String {
    let text = String(value, radix: 16, uppercase: true)
    return String(repeating: "0", count: max(0, digits - text.count)) + text
  }

  /// The line feed byte.
  private static let newline: UInt8 = 0x0A
  /// The UTF-8 byte order mark.
  private static let byteOrderMark: [UInt8] = [0xEF, 0xBB, 0xBF]
}
