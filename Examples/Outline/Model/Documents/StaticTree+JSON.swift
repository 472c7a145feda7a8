#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

extension StaticTree {
  /// The JSON document at `path`, titled with its file name.
  ///
  /// O(*n*) for a document of *n* bytes; see ``init(json:title:)`` for the
  /// outline it makes.
  ///
  /// - Throws: An ``OutlineError``: `cannot read missing.json: No such file
  ///   or directory`, or `invalid JSON in data.json at line 3, column 7: …`.
  static func json(contentsOf path: String) throws(OutlineError) -> StaticTree {
    let bytes = try documentBytes(atPath: path)
    let value = try JSONParser.parse(bytes, fileName: path)
    return StaticTree(json: value, title: documentTitle(forPath: path))
  }

  /// An outline of `json`, titled `title`, with every container collapsed.
  ///
  /// A top-level object's members are the root items, as are a top-level
  /// array's elements; a scalar is a single leaf named `title`. Members
  /// are named by their keys and elements by their indices (`0`, `1`, …).
  /// A non-empty object or array is a container whose detail is its size
  /// (`{3}`, `[3]`); an empty one is a leaf with value `{}` or `[]`. A
  /// scalar is a leaf whose value is its JSON text: `"Tokyo"`, `1.5e3`,
  /// `true`, `null`. O(size of `json`).
  convenience init(json: JSONValue, title: String) {
    let roots: [Node]
    switch json {
    case .object(let members):
      roots = Self.nodes(for: members)
    case .array(let elements):
      roots = Self.nodes(for: elements)
    default:
      roots = [Self.node(named: title, json: json)]
    }
    self.init(title: title, roots: roots)
  }

  /// The nodes of an object's members, in order.
  private static func nodes(for members: [JSONMember]) -> [Node] {
    // Index loops rather than `for … in`, which is slow in debug builds.
    members.withUnsafeBufferPointer { members in
      var nodes: [Node] = []
      nodes.reserveCapacity(members.count)
      var index = 0
      while index < members.count {
        nodes.append(node(named: members[index].key, json: members[index].value))
        index += 1
      }
      return nodes
    }
  }

  /// The nodes of an array's elements, named by index.
  private static func nodes(for elements: [JSONValue]) -> [Node] {
    elements.withUnsafeBufferPointer { elements in
      var nodes: [Node] = []
      nodes.reserveCapacity(elements.count)
      var index = 0
      while index < elements.count {
        nodes.append(node(named: String(index), json: elements[index]))
        index += 1
      }
      return nodes
    }
  }

  /// The node named `name` for `json`, with its subtree.
  private static func node(named name: String, json: JSONValue) -> Node {
    switch json {
    case .object(let members):
      if members.isEmpty { return Node(OutlineEntry(name: name, value: "{}")) }
      let entry = OutlineEntry(
        name: name, detail: "{" + String(members.count) + "}", isContainer: true)
      return Node(entry, children: nodes(for: members), startsExpanded: false)
    case .array(let elements):
      if elements.isEmpty { return Node(OutlineEntry(name: name, value: "[]")) }
      let entry = OutlineEntry(
        name: name, detail: "[" + String(elements.count) + "]", isContainer: true)
      return Node(entry, children: nodes(for: elements), startsExpanded: false)
    case .string(let string):
      return Node(OutlineEntry(name: name, value: jsonStringLiteral(string)))
    case .number(let text):
      return Node(OutlineEntry(name: name, value: text))
    case .bool(let bool):
      return Node(OutlineEntry(name: name, value: bool ? "true" : "false"))
    case .null:
      return Node(OutlineEntry(name: name, value: "null"))
    }
  }

  /// `string` as a JSON string literal: in double quotes, with quotes,
  /// backslashes and control characters escaped. O(length of `string`).
  static func jsonStringLiteral(_ string: String) -> String {
    var string = string
    let needsEscaping = string.withUTF8 { utf8 in
      // An index loop rather than `for … in`, which is slow in debug builds.
      var index = 0
      while index < utf8.count {
        let byte = utf8[index]
        if byte == 0x22 || byte == 0x5C || byte < 0x20 { return true }
        index += 1
      }
      return false
    }
    guard needsEscaping else { return "\"" + string + "\"" }
    var escaped: [UInt8] = [0x22]
    escaped.reserveCapacity(string.utf8.count + 8)
    for byte in string.utf8 {
      switch byte {
      case 0x22: escaped.append(contentsOf: [0x5C, 0x22])  // \"
      case 0x5C: escaped.append(contentsOf: [0x5C, 0x5C])  // \\
      case 0x0A: escaped.append(contentsOf: [0x5C, 0x6E])  // \n
      case 0x0D: escaped.append(contentsOf: [0x5C, 0x72])  // \r
      case 0x09: escaped.append(contentsOf: [0x5C, 0x74])  // \t
      case 0x08: escaped.append(contentsOf: [0x5C, 0x62])  // \b
      case 0x0C: escaped.append(contentsOf: [0x5C, 0x66])  // \f
      case ..<0x20:
        let digits: [UInt8] = Array("0123456789abcdef".utf8)
        escaped.append(contentsOf: [0x5C, 0x75, 0x30, 0x30])  // \u00
        escaped.append(contentsOf: [digits[Int(byte >> 4)], digits[Int(byte & 0xF)]])
      default: escaped.append(byte)
      }
    }
    escaped.append(0x22)
    return String(decoding: escaped, as: UTF8.self)
  }

  /// The whole file at `path`, as bytes.
  ///
  /// - Throws: An ``OutlineError`` naming the path and the system's reason,
  ///   such as `cannot read missing.json: No such file or directory`.
  static func documentBytes(atPath path: String) throws(OutlineError) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw cannotRead(path, errno: errno) }
    defer { close(descriptor) }

    var status = stat()
    let hasSize = fstat(descriptor, &status) == 0 && status.st_size > 0
    let expectedSize = hasSize ? Int(status.st_size) : 0
    // One byte more than expected, so that a whole file takes one short read.
    var chunkSize = max(expectedSize + 1, 1 << 16)
    var bytes: [UInt8] = []
    while true {
      var readError: Int32 = 0
      let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
        guard let base = buffer.baseAddress else { return }
        while count < chunkSize {
          let result = read(descriptor, base + count, chunkSize - count)
          if result > 0 {
            count += result
          } else if result == 0 {
            return
          } else if errno != EINTR {
            readError = errno
            return
          }
        }
      }
      guard readError == 0 else { throw cannotRead(path, errno: readError) }
      if bytes.isEmpty { bytes = chunk } else { bytes.append(contentsOf: chunk) }
      if chunk.count < chunkSize { return bytes }
      chunkSize = max(chunkSize, 1 << 20)
    }
  }

  /// The error for a file that cannot be read, with the system's reason.
  private static func cannotRead(_ path: String, errno code: Int32) -> OutlineError {
    OutlineError("cannot read \(path): \(String(cString: strerror(code)))")
  }

  /// The title of the document at `path`: its last path component.
  static func documentTitle(forPath path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
