import ExampleTerminal
import Foundation

extension StaticTree {
  /// The most items a binary property list's shared objects may repeat
  /// into, unless the document has more bytes than that.
  static let maximumPropertyListItems = 1_000_000

  /// The property list at `path` (XML, binary or OpenStep), titled with its
  /// file name, with every container expanded.
  ///
  /// A top-level dictionary's entries are the root items, in key order, as
  /// are a top-level array's elements; any other value is a single leaf
  /// named after the file. Dictionary entries are named by their keys and
  /// array elements by their indices (`0`, `1`, …). A non-empty dictionary
  /// or array is a container whose detail is its size (`{3}`, `[3]`); an
  /// empty one is a leaf with value `{}` or `[]`. Leaves show strings in
  /// quotes (`"Tokyo"`), numbers (`42`, `3.5`), `true` or `false`, dates in
  /// ISO 8601 (`2024-01-02T03:04:05Z`) and data by size (`<12 bytes>`).
  ///
  /// A binary property list may refer to one object many times, and each
  /// reference shows the object's whole subtree: such a document is
  /// counted first (``BinaryPropertyListCensus``), and refused when it
  /// would make more than `maximumItems` items, or than its number of
  /// bytes if that is larger (a document without shared containers never
  /// makes more). Text formats cannot share objects.
  ///
  /// O(*n* + *m* log *m*) for *n* bytes making *m* items, for sorting the
  /// keys; at most O(*n* + `maximumItems` log `maximumItems`).
  ///
  /// - Throws: An ``OutlineError``: `cannot read missing.plist: No such file
  ///   or directory`, a document over `maximumBytes`, `invalid property list
  ///   in data.plist: <reason>`, or `cannot show shared.plist: its shared
  ///   objects repeat into more than 1,000,000 items`.
  static func propertyList(
    contentsOf path: String, maximumBytes: Int = DocumentFile.defaultMaximumBytes,
    maximumItems: Int = maximumPropertyListItems
  ) throws(OutlineError) -> StaticTree {
    let bytes = try documentBytes(atPath: path, maximumBytes: maximumBytes)
    if BinaryPropertyListCensus.isBinaryPropertyList(bytes) {
      let limit = max(maximumItems, bytes.count)
      let census: BinaryPropertyListCensus
      do {
        census = try BinaryPropertyListCensus(bytes, limit: limit, maximumDepth: JSONParser.maximumDepth)
      } catch {
        throw OutlineError("invalid property list in \(path): \(error.reason)")
      }
      guard census.items <= limit else {
        throw OutlineError(
          "cannot show \(path): its shared objects repeat into more than \(Screen.grouped(limit)) items")
      }
    }
    let value: Any
    do {
      value = try PropertyListSerialization.propertyList(
        from: Data(bytes), options: [], format: nil)
    } catch {
      let reason = propertyListFailureReason(error, bytes: bytes)
      throw OutlineError("invalid property list in \(path): \(reason)")
    }
    let title = documentTitle(forPath: path)
    let roots: [Node]
    if let dictionary = value as? [String: Any] {
      roots = propertyListNodes(for: dictionary)
    } else if let array = value as? [Any] {
      roots = propertyListNodes(for: array)
    } else {
      roots = [propertyListNode(named: title, value: value)]
    }
    return StaticTree(title: title, roots: roots)
  }

  /// The nodes of a dictionary's entries, sorted by key.
  private static func propertyListNodes(for dictionary: [String: Any]) -> [Node] {
    dictionary.sorted { $0.key < $1.key }.map { propertyListNode(named: $0.key, value: $0.value) }
  }

  /// The nodes of an array's elements, named by index.
  private static func propertyListNodes(for array: [Any]) -> [Node] {
    array.enumerated().map { propertyListNode(named: String($0.offset), value: $0.element) }
  }

  /// The node named `name` for the property-list value `value`, with its
  /// subtree expanded.
  private static func propertyListNode(named name: String, value: Any) -> Node {
    if let dictionary = value as? [String: Any] {
      if dictionary.isEmpty { return Node(OutlineEntry(name: name, value: "{}")) }
      let entry = OutlineEntry(
        name: name, detail: "{" + String(dictionary.count) + "}", isContainer: true)
      return Node(entry, children: propertyListNodes(for: dictionary), startsExpanded: true)
    }
    if let array = value as? [Any] {
      if array.isEmpty { return Node(OutlineEntry(name: name, value: "[]")) }
      let entry = OutlineEntry(
        name: name, detail: "[" + String(array.count) + "]", isContainer: true)
      return Node(entry, children: propertyListNodes(for: array), startsExpanded: true)
    }
    return Node(OutlineEntry(name: name, value: propertyListText(for: value)))
  }

  /// The text of a property-list scalar.
  ///
  /// Booleans are checked by exact type first: a number such as `1` or
  /// `1.0` also casts to `Bool`.
  static func propertyListText(for value: Any) -> String {
    if let bool = value as? Bool, type(of: value) == Bool.self {
      return bool ? "true" : "false"
    }
    if let string = value as? String {
      return jsonStringLiteral(string)
    }
    if let date = value as? Date {
      return date.formatted(.iso8601)
    }
    if let data = value as? Data {
      return data.count == 1 ? "<1 byte>" : "<\(data.count) bytes>"
    }
    if let integer = value as? Int, type(of: value) == Int.self {
      return String(integer)
    }
    if let real = value as? Double, type(of: value) == Double.self {
      return String(real)
    }
    if let number = value as? NSNumber {
      switch String(cString: number.objCType) {
      case "c", "B":
        return number.boolValue ? "true" : "false"
      case "d", "f":
        return String(number.doubleValue)
      default:
        return number.stringValue
      }
    }
    return String(describing: value)
  }

  /// One line saying why `error`, from reading `bytes` as a property list,
  /// happened.
  ///
  /// On Apple platforms, a text document that does not start with `<` is
  /// reported with the OpenStep parser's reason rather than the XML
  /// parser's. Elsewhere that nested error is not a usable `NSError`, so
  /// the XML parser's reason stands.
  private static func propertyListFailureReason(_ error: any Error, bytes: [UInt8]) -> String {
    #if canImport(Darwin)
    var error = error as NSError
    let firstByte = bytes.first { $0 != 0x20 && $0 != 0x09 && $0 != 0x0A && $0 != 0x0D }
    if firstByte != UInt8(ascii: "<"), !bytes.starts(with: Array("bplist".utf8)),
      let openStepError = error.userInfo["kCFPropertyListOldStyleParsingError"] as? NSError
    {
      error = openStepError
    }
    #else
    let error = error as NSError
    #endif
    let reason = error.userInfo[NSDebugDescriptionErrorKey] as? String ?? error.localizedDescription
    return reason.split(whereSeparator: \.isNewline).joined(separator: " ")
  }
}
