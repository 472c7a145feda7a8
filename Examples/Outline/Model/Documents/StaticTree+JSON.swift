import ExampleTerminal

extension StaticTree {
  /// The JSON document at `path`, titled with its file name.
  ///
  /// O(*n*) for a document of *n* bytes; see ``init(json:title:)`` for the
  /// outline it makes.
  ///
  /// - Throws: An ``OutlineError``: `cannot read missing.json: No such file
  ///   or directory`, a document over `maximumBytes`, or `invalid JSON in
  ///   data.json at line 3, column 7: …`.
  static func json(
    contentsOf path: String, maximumBytes: Int = DocumentFile.defaultMaximumBytes
  ) throws(OutlineError) -> StaticTree {
    let bytes = try documentBytes(atPath: path, maximumBytes: maximumBytes)
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
  /// backslashes and control characters escaped (see `VisibleText`).
  /// O(length of `string`).
  static func jsonStringLiteral(_ string: String) -> String {
    VisibleText.quoted(string)
  }

  /// The whole file at `path`, as bytes, if it holds at most
  /// `maximumBytes`.
  ///
  /// - Throws: An ``OutlineError`` naming the path and the system's reason,
  ///   such as `cannot read missing.json: No such file or directory`, or
  ///   the limit: `cannot read /dev/zero: larger than 67,108,864 bytes (see
  ///   --max-input-bytes)`.
  /// - Complexity: O(min(*n*, `maximumBytes`)) for a file of *n* bytes.
  static func documentBytes(
    atPath path: String, maximumBytes: Int = DocumentFile.defaultMaximumBytes
  ) throws(OutlineError) -> [UInt8] {
    do {
      return try DocumentFile.bytes(atPath: path, maximumBytes: maximumBytes)
    } catch .tooLarge {
      throw OutlineError(
        DocumentFile.Failure.tooLarge(path: path, maximumBytes: maximumBytes).message + " (see --max-input-bytes)")
    } catch {
      throw OutlineError(error.message)
    }
  }

  /// The title of the document at `path`: its last path component.
  static func documentTitle(forPath path: String) -> String {
    path.split(separator: "/").last.map(String.init) ?? path
  }
}
