import ExampleTerminal
import Foundation
import TreeDataSource

/// The groups and questions a filter panel shows: the demo data, or a
/// filter set read from JSON (`--filters FILE`). Each item's name is its
/// identifier, so names are unique.
struct FilterSet: Equatable, Sendable, Decodable {
  /// One item: a group, a question or a check toggle.
  struct Node: Equatable, Sendable, Decodable {
    /// The name, which is also the item's identifier.
    var name: String
    /// The packaged filter's root key and value, for a group whose results
    /// make one.
    var filter: PackagedFilter.Pair?
    /// Whether the group is single-selection.
    var single: Bool?
    /// The options of a checklist.
    var checklist: [String]?
    /// The options of a single choice.
    var choice: [String]?
    /// Whether the item is a free-text question.
    var text: Bool?
    /// The items of a group.
    var items: [Node]?

    /// A group of `items`.
    static func group(_ name: String, filter: PackagedFilter.Pair? = nil, _ items: [Node]) -> Node {
      Node(name: name, filter: filter, items: items)
    }

    /// A check toggle.
    static func toggle(_ name: String) -> Node { Node(name: name) }

    /// The interaction the node asks for, or `nil` for the default.
    func interaction() throws(FiltersError) -> TreeSelection<String>.Interaction? {
      var kinds: [TreeSelection<String>.Interaction] = []
      if let checklist { kinds.append(.checklist(options: checklist)) }
      if let choice { kinds.append(.singleChoice(options: choice)) }
      if text == true { kinds.append(.freeText) }
      if items != nil || filter != nil || single == true {
        kinds.append(.group(selection: single == true ? .single : .multiple, filter: filter))
      }
      guard kinds.count <= 1 else {
        throw FiltersError("\"\(name)\": an item is one of a group, a checklist, a choice or free text")
      }
      return kinds.first
    }
  }

  /// The root items.
  var roots: [Node]

  init(roots: [Node]) {
    self.roots = roots
  }

  /// A filter set is a JSON array of root items.
  init(from decoder: any Decoder) throws {
    roots = try [Node](from: decoder)
  }

  /// The demo data: a Labels group and a Surveys hierarchy.
  static let demo = FilterSet(roots: [
    .group(
      "Labels", filter: .init(key: "Label", value: "Label"),
      [.toggle("Freshman"), .toggle("Sophomore"), .toggle("Junior"), .toggle("Senior")]),
    .group(
      "Surveys", filter: .init(key: "Survey", value: "Question"),
      [
        .group(
          "Survey 1",
          [
            Node(name: "How long have you been in America?", checklist: ["6 months", "1 year", "2 years", "5 years"]),
            Node(name: "Where do you live?", choice: ["On campus", "Off campus", "With family"]),
          ]),
        .group(
          "Survey 2",
          [
            Node(name: "What would you like to learn about?", checklist: ["Faith", "Community", "Service"]),
            Node(name: "Anything else?", text: true),
          ]),
      ]),
  ])

  /// Reads a filter set from the JSON file at `path`.
  ///
  /// - Throws: A ``FiltersError`` when the file cannot be read, is larger
  ///   than `maximumBytes`, is empty, or is not a filter set.
  /// - Complexity: O(*n*) for a file of *n* bytes.
  static func load(_ path: String, maximumBytes: Int = DocumentFile.defaultMaximumBytes) throws(FiltersError) -> FilterSet {
    let data = try FiltersError.fileData(atPath: path, maximumBytes: maximumBytes)
    guard !data.isEmpty else { throw FiltersError("\(path) is empty, not a filter set (see filters --help)") }
    do {
      return try JSONDecoder().decode(FilterSet.self, from: data)
    } catch {
      throw FiltersError("\(path) is not a filter set (see filters --help)")
    }
  }

  /// The tree and its interactions, every group expanded or not.
  ///
  /// - Throws: A ``FiltersError`` for a repeated name, an item of two
  ///   kinds, or options that repeat.
  func makeSelection() throws(FiltersError) -> TreeSelection<String> {
    var snapshot = TreeSnapshot<String>()
    var interactions: [String: TreeSelection<String>.Interaction] = [:]
    var pending: [(node: Node, parent: String?)] = roots.map { ($0, nil) }
    var index = 0
    while index < pending.count {
      let (node, parent) = pending[index]
      index += 1
      guard !node.name.isEmpty else { throw FiltersError("an item has an empty name") }
      guard !snapshot.contains(node.name) else { throw FiltersError("\"\(node.name)\" is the name of two items") }
      do {
        try snapshot.append([node.name], to: parent)
      } catch {
        throw FiltersError("\(error)")
      }
      if let interaction = try node.interaction() { interactions[node.name] = interaction }
      pending += (node.items ?? []).map { ($0, node.name) }
    }
    do {
      return try TreeSelection(snapshot, interactions: interactions)
    } catch {
      throw FiltersError(error.description)
    }
  }
}
