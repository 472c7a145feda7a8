import Foundation
import Testing
import TreeDataSource

/// `selection` encoded, its JSON object changed by `change`, and encoded
/// again.
func changedEncoding<ItemID: Codable>(
  of selection: TreeSelection<ItemID>, _ change: (inout [String: Any]) throws -> Void
) throws -> Data {
  var object = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(selection)) as? [String: Any])
  try change(&object)
  return try JSONSerialization.data(withJSONObject: object)
}

/// The debug description of the `DecodingError.dataCorrupted` that
/// decoding `data` throws, or `nil` (with an issue recorded) when it
/// decodes or throws anything else.
func corruption<ItemID: Codable>(decoding data: Data, as type: TreeSelection<ItemID>.Type) -> String? {
  do {
    let decoded = try JSONDecoder().decode(type, from: data)
    Issue.record("decoded \(decoded)")
  } catch DecodingError.dataCorrupted(let context) {
    return context.debugDescription
  } catch {
    Issue.record("threw \(error), not DecodingError.dataCorrupted")
  }
  return nil
}

@Suite struct SelectionDecodingTests {
  /// A working-copy entry outside the item open for editing, which
  /// `check` refuses during the session, is refused.
  @Test func aWorkingEntryOutsideTheEditedItemIsRefused() throws {
    var selection = try panelSelection()
    try selection.beginEditing("Surveys")
    try selection.setResults(["Off campus"], for: "Where do you live?")
    #expect(throws: TreeSelectionError(operation: .check, item: "Junior", reason: .outsideEditingSession("Surveys"))) {
      try selection.check("Junior")
    }
    let data = try changedEncoding(of: selection) { object in
      var working = try #require(object["working"] as? [String: Any])
      working["Junior"] = ["isChecked": true, "results": [String]()]
      object["working"] = working
    }
    let description = try #require(corruption(decoding: data, as: TreeSelection<String>.self))
    #expect(description == #"cannot check "Junior": it is outside the editing session open on "Surveys""#)
  }

  /// What checking in a session does outside it — unchecking the other
  /// children of a single-selection group above — survives coding.
  @Test func uncheckingOutsideTheEditedItemForASingleSelectionGroupIsKept() throws {
    var selection = try panelSelection()
    try selection.setInteraction(.group(selection: .single, filter: .init(key: "Label", value: "Label")), for: "Labels")
    try selection.check("Junior")
    try selection.beginEditing("Senior")
    try selection.check("Senior")
    #expect(selection.checkState(of: "Junior") == .unchecked)
    let decoded = try JSONDecoder().decode(TreeSelection<String>.self, from: JSONEncoder().encode(selection))
    #expect(decoded == selection)
    var saved = decoded
    try saved.saveEditing()
    #expect(saved.checkedCount(in: "Labels") == 1)
    #expect(saved.checkState(of: "Senior") == .checked)
  }

  /// A new tree that moves an item the session changed out of the item
  /// open for editing leaves it its saved results (with check toggles
  /// turned off kept off): what `check` and `setResults` allow, and what
  /// decoding takes back.
  @Test func anItemMovedOutOfTheSessionGetsItsSavedResultsBack() throws {
    var selection = try panelSelection()
    try selection.check("Junior")
    try selection.setResults(["On campus"], for: "Where do you live?")
    try selection.beginEditing("Surveys")
    try selection.setResults(["Off campus"], for: "Where do you live?")
    try selection.setResults(["The library"], for: "Favorite spot?")
    var snapshot = selection.snapshot
    try snapshot.move("Where do you live?", to: "Labels", at: 0)
    selection.apply(snapshot)
    #expect(selection.results(of: "Where do you live?") == ["On campus"])
    #expect(selection.results(of: "Favorite spot?") == ["The library"])
    let decoded = try JSONDecoder().decode(TreeSelection<String>.self, from: JSONEncoder().encode(selection))
    #expect(decoded == selection)
  }

  /// Checklist answers given out of their options' order are kept in that
  /// order, as `setResults` and `restore` keep them.
  @Test func answersOutOfOrderAreKeptInTheOrderOfTheOptions() throws {
    var selection = try panelSelection()
    let question = "How long have you been in America?"
    try selection.setResults(["2 years", "6 months"], for: question)
    #expect(selection.results(of: question) == ["6 months", "2 years"])
    let data = try changedEncoding(of: selection) { object in
      object["saved"] = [question: ["isChecked": false, "results": ["2 years", "6 months"]]]
    }
    let decoded = try JSONDecoder().decode(TreeSelection<String>.self, from: data)
    #expect(decoded.results(of: question) == ["6 months", "2 years"])
    #expect(decoded == selection)
  }

  /// An empty free-text answer, which `restore` refuses, is refused.
  @Test func anEmptyFreeTextAnswerIsRefused() throws {
    let selection = try panelSelection()
    let data = try changedEncoding(of: selection) { object in
      object["saved"] = ["Favorite spot?": ["isChecked": false, "results": [""]]]
    }
    let description = try #require(corruption(decoding: data, as: TreeSelection<String>.self))
    #expect(description == #"cannot answer "Favorite spot?": free text takes a non-empty answer"#)
    var restored = selection
    #expect(throws: TreeSelectionError.self) {
      try restored.restore(from: [
        PackagedFilter(key: "Survey", value: "Question", pairs: [.init(key: "Favorite spot?", value: "")])
      ])
    }
  }

  /// Two checked children of a single-selection group, which `restore`
  /// refuses, are refused, not repaired.
  @Test func twoCheckedChildrenOfASingleSelectionGroupAreRefused() throws {
    var selection = try panelSelection()
    try selection.setInteraction(.group(selection: .single, filter: .init(key: "Label", value: "Label")), for: "Labels")
    try selection.check("Junior")
    let data = try changedEncoding(of: selection) { object in
      var saved = try #require(object["saved"] as? [String: Any])
      saved["Senior"] = ["isChecked": true, "results": [String]()]
      object["saved"] = saved
    }
    let description = try #require(corruption(decoding: data, as: TreeSelection<String>.self))
    #expect(description == #"cannot check "Labels": it would check several items of the single-selection group "Labels""#)
    // In a session's working copy too.
    try selection.beginEditing("Labels")
    let working = try changedEncoding(of: selection) { object in
      object["working"] = ["Senior": ["isChecked": true, "results": [String]()]]
    }
    #expect(corruption(decoding: working, as: TreeSelection<String>.self)?.contains(#""Labels""#) == true)
  }

  /// `restore` takes the packaged filters by the same rules: a repeated
  /// answer is refused, answers out of order are put in order.
  @Test func restoreKeepsTheSameRules() throws {
    var selection = try panelSelection()
    let question = "How long have you been in America?"
    let before = selection
    let repeated = PackagedFilter(
      key: "Survey", value: "Question", pairs: [.init(key: question, value: "1 year"), .init(key: question, value: "1 year")])
    #expect(
      throws: TreeSelectionError(
        operation: .restore, item: nil, reason: .unknownFilterEntries(["answer \"1 year\" to \"\(question)\" (it repeats)"]))
    ) { try selection.restore(from: [repeated]) }
    #expect(selection == before)
    try selection.restore(from: [
      PackagedFilter(
        key: "Survey", value: "Question",
        pairs: [.init(key: question, value: "2 years"), .init(key: question, value: "6 months")])
    ])
    #expect(selection.results(of: question) == ["6 months", "2 years"])
  }

  /// The working copy without an item open for editing, unknown items,
  /// and checks of items that are no check toggles are refused, each
  /// naming the item.
  @Test func otherCorruptionsNameTheItem() throws {
    var selection = try panelSelection()
    try selection.beginEditing("Labels")
    try selection.check("Junior")
    for (item, change) in [
      ("Junior", { (object: inout [String: Any]) in object["editedItem"] = nil }),
      ("Nobody", { (object: inout [String: Any]) in object["editedItem"] = "Nobody" }),
      ("Nobody", { (object: inout [String: Any]) in object["saved"] = ["Nobody": ["isChecked": true, "results": []]] }),
      ("Labels", { (object: inout [String: Any]) in object["saved"] = ["Labels": ["isChecked": true, "results": []]] }),
      ("Junior", { (object: inout [String: Any]) in object["saved"] = ["Junior": ["isChecked": false, "results": ["x"]]] }),
    ] as [(String, (inout [String: Any]) -> Void)] {
      let data = try changedEncoding(of: selection, change)
      let description = corruption(decoding: data, as: TreeSelection<String>.self)
      #expect(description?.contains("\"\(item)\"") == true, "\(String(describing: description))")
    }
  }
}
