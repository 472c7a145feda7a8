import Foundation
import TreeDataSource

// Decoding untrusted stored data other than a `TreeIndex`: a
// `TreeSelection`, packaged filters, a `TreeSnapshot`. Each reads the bytes
// as JSON text, or (when the first byte is odd) as the recipe of a
// document, so that most inputs get past the JSON syntax to the checks of
// the values. A document either throws the documented error or decodes to
// a value that encodes to itself, answers every query consistently, and
// takes the API's calls without trapping.

/// The JSON the rest of `bytes` gives: the bytes themselves when the first
/// is even, or the document `build` makes of them.
private func json(_ bytes: ArraySlice<UInt8>, _ build: (inout FuzzInput) -> String) -> Data {
  if bytes.first.map({ $0 & 1 == 0 }) ?? true { return Data(bytes.dropFirst()) }
  var input = FuzzInput(Array(bytes.dropFirst()))
  return Data(build(&input).utf8)
}

/// A JSON string literal of `text`.
private func quoted(_ text: String) -> String {
  String(decoding: (try? JSONEncoder().encode(text)) ?? Data("\"\"".utf8), as: UTF8.self)
}

/// The options the built documents offer; "" and a repeat now and then.
private let optionPool = ["a", "b", "c", "", "a"]

extension FuzzInput {
  /// A tree of up to 12 items named `"0"`, `"1"`, …: its items and levels
  /// (some out of line), and the expanded items (some unknown).
  mutating func snapshotDocument() -> (json: String, count: Int) {
    var items: [String] = []
    var levels: [Int] = []
    var level = 0
    for item in 0..<number(below: 13) {
      level = Swift.max(0, level + number(below: 3) - 1)
      if number(below: 16) == 0 { level += 2 }  // skips a level
      items.append(number(below: 20) == 0 ? "\"\(item - 1)\"" : "\"\(item)\"")  // now and then a repeat
      levels.append(item == 0 && number(below: 8) == 0 ? 1 : level)
    }
    let expanded = (0..<number(below: 4)).map { _ in "\"\(number(below: 14))\"" }
    let json =
      #"{"items":[\#(items.joined(separator: ","))],"levels":[\#(levels.map(String.init).joined(separator: ","))],"expandedItems":[\#(expanded.joined(separator: ","))]}"#
    return (json, items.count)
  }

  /// An item of a tree of `count` items, or now and then one it does not
  /// hold.
  mutating func itemName(amongst count: Int) -> String { "\(number(below: count + 1))" }

  /// Answers among the pool's options, and "x", an empty text, repeats.
  mutating func answers() -> [String] {
    (0..<number(below: 4)).map { _ in number(below: 8) == 0 ? "x" : optionPool[number(below: optionPool.count)] }
  }

  /// An entry object: a check toggle and answers.
  mutating func entryDocument() -> String {
    #"{"isChecked":\#(flag()),"results":[\#(answers().map(quoted).joined(separator: ","))]}"#
  }

  /// An interaction object of any kind, options and filter key.
  mutating func interactionDocument() -> String {
    let options =
      "["
      + (0..<number(below: 4)).map { _ in quoted(optionPool[number(below: optionPool.count)]) }
      .joined(separator: ",") + "]"
    switch number(below: 6) {
    case 0: return #"{"kind":"group","selection":"\#(flag() ? "single" : "multiple")"}"#
    case 1:
      return
        #"{"kind":"group","selection":"\#(flag() ? "single" : "multiple")","filter":{"key":"K\#(number(below: 2))","value":"V"}}"#
    case 2: return #"{"kind":"checkToggle"}"#
    case 3: return #"{"kind":"checklist","options":\#(options)}"#
    case 4: return #"{"kind":"singleChoice","options":\#(options)}"#
    default: return #"{"kind":"freeText"}"#
    }
  }

  /// A `TreeSelection<String>` document: a tree, interactions, saved
  /// results, and now and then an editing session with a working copy.
  mutating func selectionDocument() -> String {
    let (snapshot, count) = snapshotDocument()
    func entries(_ make: (inout FuzzInput) -> String) -> String {
      var seen: Set<String> = []
      var members: [String] = []
      for _ in 0..<number(below: 6) {
        let item = itemName(amongst: count)
        let value = make(&self)
        if seen.insert(item).inserted { members.append("\(quoted(item)):\(value)") }
      }
      return "{" + members.joined(separator: ",") + "}"
    }
    var document = #"{"snapshot":\#(snapshot),"interactions":\#(entries { $0.interactionDocument() }),"#
    document += #""saved":\#(entries { $0.entryDocument() })"#
    if flag() {
      document += #","editedItem":\#(quoted(itemName(amongst: count))),"working":\#(entries { $0.entryDocument() })"#
    }
    return document + "}"
  }

  /// Packaged filters: groups of key/value pairs naming the items and
  /// options of ``StoredDataSessions/filterPanel``, and others.
  mutating func filtersDocument() -> String {
    let keys = ["K0", "K1", "q0", "q1", "q2", "t0", "t1", "x", ""]
    let values = ["V", "t0", "t1", "t2", "a", "b", "c", "", "x"]
    let filters = (0..<number(below: 4)).map { _ in
      let pairs = (0..<number(below: 6)).map { _ in
        #"{"key":\#(quoted(keys[number(below: keys.count)])),"value":\#(quoted(values[number(below: values.count)]))}"#
      }
      return #"{"key":"K\#(number(below: 3))","value":"V","pairs":[\#(pairs.joined(separator: ","))]}"#
    }
    return "[" + filters.joined(separator: ",") + "]"
  }
}

/// The sessions over stored data.
enum StoredDataSessions {
  /// Decodes a `TreeSelection<String>` and checks it: its encoding decodes
  /// to it, its packaged filters restore, and the API's calls on it do not
  /// trap (and leave it valid, which `-D TREE_INDEX_INTERNAL_CHECKS`
  /// checks after each).
  static func selection(_ bytes: ArraySlice<UInt8>) -> String? {
    let data = json(bytes) { $0.selectionDocument() }
    let selection: TreeSelection<String>
    do {
      selection = try JSONDecoder().decode(TreeSelection<String>.self, from: data)
    } catch is DecodingError {
      return nil
    } catch {
      return "decoding a selection threw \(type(of: error)), not a DecodingError"
    }
    do {
      let again = try JSONDecoder().decode(TreeSelection<String>.self, from: JSONEncoder().encode(selection))
      guard again == selection else { return "the selection does not survive encoding and decoding" }
    } catch {
      return "the selection's own encoding does not decode: \(error)"
    }
    let items = selection.snapshot.items
    for item in items.prefix(64) {
      let checked = selection.checkedCount(in: item)
      guard checked >= 0, checked <= selection.checkableCount(in: item) else {
        return "\(item): \(checked) checked of \(selection.checkableCount(in: item))"
      }
      let results = selection.results(of: item)
      if let options = selection.interaction(of: item)?.options, !options.isEmpty,
        results != options.filter(results.contains)
      {
        return "\(item): results \(results) not in the order of the options \(options)"
      }
      if results.contains("") { return "\(item): an empty answer" }
    }
    // The saved results, packaged and restored into a cleared copy. Items
    // are named by identifier; when a question is named as a filter's key,
    // its answers read back as checks, which is no fault of decoding.
    var saved = selection
    saved.cancelEditing()
    let filters = saved.packagedFilters()
    let isAmbiguous = items.contains { item in
      saved.interaction(of: item)?.takesAnswers == true && filters.contains { $0.key == item }
    }
    var restored = saved
    restored.clear()
    do {
      try restored.restore(from: filters)
      if !isAmbiguous, restored.packagedFilters() != filters {
        return "packaged filters \(filters) restore as \(restored.packagedFilters())"
      }
    } catch {
      if !isAmbiguous { return "packaged filters \(filters) do not restore: \(error)" }
    }
    // Calls on copies: none may trap.
    var edited = selection
    for (offset, item) in items.prefix(16).enumerated() {
      _ = try? edited.toggle(item)
      if let options = edited.interaction(of: item)?.options {
        _ = try? edited.setResults(Array(options.prefix(offset % 3)), for: item)
        if let option = options.first { _ = try? edited.toggle(option: option, for: item) }
      }
      _ = try? edited.setResults(["text \(offset)"], for: item)
      if offset % 4 == 0 {
        _ = try? edited.saveEditing()
        _ = try? edited.beginEditing(item)
      }
      if offset % 5 == 1 { edited.clear() }
      _ = edited.countText(of: item)
    }
    edited.cancelEditing()
    if let item = items.prefix(16).last { _ = try? edited.setInteraction(.group(selection: .single), for: item) }
    var snapshot = edited.snapshot
    if let item = items.first { snapshot.delete([item]) }
    edited.apply(snapshot)
    _ = edited.packagedFilters()
    return nil
  }

  /// A selection to restore packaged filters into: groups with filter
  /// keys `K0` and `K1`, check toggles, a checklist, a single choice, free
  /// text, and a single-selection group. Made for each call (a stored
  /// global's buffers are reported as leaks by LeakSanitizer in the test
  /// bundle).
  static var filterPanel: TreeSelection<String>? {
    var snapshot = TreeSnapshot<String>()
    do {
      try snapshot.append(["g0", "g1"])
      try snapshot.append(["t0", "t1", "q0", "q1"], to: "g0")
      try snapshot.append(["s", "q2"], to: "g1")
      try snapshot.append(["t2", "t3"], to: "s")
      return try TreeSelection(
        snapshot,
        interactions: [
          "g0": .group(filter: .init(key: "K0", value: "V")),
          "g1": .group(filter: .init(key: "K1", value: "V")),
          "s": .group(selection: .single),
          "q0": .checklist(options: ["a", "b", "c"]),
          "q1": .singleChoice(options: ["a", "b"]),
          "q2": .freeText,
        ])
    } catch {
      return nil
    }
  }

  /// Reads packaged filters from JSON and checks them: they write and read
  /// back equal, and restoring them does not trap and, when it succeeds,
  /// packages what restores the same selection again.
  static func filters(_ bytes: ArraySlice<UInt8>) -> String? {
    let data = json(bytes) { $0.filtersDocument() }
    let filters: [PackagedFilter]
    do {
      filters = try PackagedFilter.filters(fromJSON: data)
    } catch {
      guard case .malformedFilters = error.reason else { return "reading filters threw \(error)" }
      return nil
    }
    guard (try? PackagedFilter.filters(fromJSON: PackagedFilter.jsonData(for: filters))) == filters else {
      return "the filters do not survive writing and reading"
    }
    guard var selection = filterPanel else { return "the filter panel cannot be made" }
    let before = selection
    do {
      try selection.restore(from: filters)
    } catch {
      return selection == before ? nil : "a refused restore changed the selection"
    }
    var again = before
    do {
      try again.restore(from: selection.packagedFilters())
    } catch {
      return "the restored selection's filters do not restore: \(error)"
    }
    return again == selection ? nil : "the restored selection's filters restore another selection"
  }

  /// Decodes a `TreeSnapshot<String>` and checks it: its encoding decodes
  /// to it, and each item's parent, children, level, path and row agree.
  static func snapshot(_ bytes: ArraySlice<UInt8>) -> String? {
    let data = json(bytes) { $0.snapshotDocument().json }
    let snapshot: TreeSnapshot<String>
    do {
      snapshot = try JSONDecoder().decode(TreeSnapshot<String>.self, from: data)
    } catch is DecodingError {
      return nil
    } catch {
      return "decoding a snapshot threw \(type(of: error)), not a DecodingError"
    }
    guard snapshot.items.count == snapshot.count else { return "\(snapshot.items.count) items of \(snapshot.count)" }
    for item in snapshot.items.prefix(64) {
      guard snapshot.contains(item), snapshot.children(of: snapshot.parent(of: item)).contains(item) else {
        return "\(item) is not among its parent's children"
      }
      guard let path = snapshot.treePath(of: item), snapshot.item(at: path) == item,
        snapshot.level(of: item) == path.depth - 1
      else {
        return "\(item)'s path and level disagree"
      }
      if let row = snapshot.row(of: item), snapshot.item(atRow: row) != item { return "\(item)'s row disagrees" }
    }
    do {
      let again = try JSONDecoder().decode(TreeSnapshot<String>.self, from: JSONEncoder().encode(snapshot))
      return again == snapshot ? nil : "the snapshot does not survive encoding and decoding"
    } catch {
      return "the snapshot's own encoding does not decode: \(error)"
    }
  }
}
