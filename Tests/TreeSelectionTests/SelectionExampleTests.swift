import Foundation
import Testing
import TreeDataSource

/// A filter panel: a Labels group of check toggles and a Surveys
/// hierarchy of questions.
func panelSelection() throws -> TreeSelection<String> {
  var snapshot = TreeSnapshot<String>()
  try snapshot.append(["Labels", "Surveys"])
  try snapshot.append(["Freshman", "Sophomore", "Junior", "Senior"], to: "Labels")
  try snapshot.append(["Arrival", "Campus"], to: "Surveys")
  try snapshot.append(["How long have you been in America?", "Where do you live?"], to: "Arrival")
  try snapshot.append(["Favorite spot?"], to: "Campus")
  return try TreeSelection(
    snapshot,
    interactions: [
      "Labels": .group(filter: PackagedFilter.Pair(key: "Label", value: "Label")),
      "Surveys": .group(filter: PackagedFilter.Pair(key: "Survey", value: "Question")),
      "How long have you been in America?": .checklist(options: ["6 months", "1 year", "2 years"]),
      "Where do you live?": .singleChoice(options: ["On campus", "Off campus"]),
      "Favorite spot?": .freeText,
    ])
}

@Suite struct CheckingTests {
  @Test func parentsAreTriState() throws {
    var selection = try panelSelection()
    #expect(selection.checkState(of: "Labels") == .unchecked)
    try selection.check("Freshman")
    #expect(selection.checkState(of: "Labels") == .mixed)
    #expect(selection.checkedCount(in: "Labels") == 1)
    #expect(selection.checkableCount(in: "Labels") == 4)
    try selection.check("Labels")
    #expect(selection.checkState(of: "Labels") == .checked)
    #expect(["Freshman", "Sophomore", "Junior", "Senior"].allSatisfy { selection.checkState(of: $0) == .checked })
    #expect(try selection.toggle("Junior") == .unchecked)
    #expect(selection.checkState(of: "Labels") == .mixed)
    #expect(try selection.toggle("Labels") == .checked)
    #expect(try selection.toggle("Labels") == .unchecked)
    #expect(selection.checkedCount(in: "Labels") == 0)
  }

  @Test func singleSelectionGroupsUncheckSiblings() throws {
    var selection = try panelSelection()
    try selection.setInteraction(.group(selection: .single), for: "Labels")
    try selection.check("Freshman")
    try selection.check("Senior")
    #expect(selection.checkState(of: "Freshman") == .unchecked)
    #expect(selection.checkState(of: "Senior") == .checked)
    #expect(selection.checkedCount(in: "Labels") == 1)
    let before = selection
    #expect(throws: TreeSelectionError(operation: .check, item: "Labels", reason: .singleSelectionConflict("Labels"))) {
      try selection.check("Labels")
    }
    #expect(selection == before)
  }

  @Test func refusedCallsNameTheItemAndReason() throws {
    var selection = try panelSelection()
    let before = selection
    do {
      try selection.check("Favorite spot?")
      Issue.record("checked a question")
    } catch {
      #expect(error == TreeSelectionError(operation: .check, item: "Favorite spot?", reason: .notCheckable))
      #expect(error.description == "cannot check \"Favorite spot?\": \"Favorite spot?\" holds no check toggle")
    }
    do {
      try selection.uncheck("Nobody")
      Issue.record("unchecked an unknown item")
    } catch {
      #expect(error.description == "cannot uncheck \"Nobody\": the selection has no item \"Nobody\"")
    }
    do {
      try selection.setResults(["3 years"], for: "How long have you been in America?")
      Issue.record("answered with an unknown option")
    } catch {
      #expect(
        error.description
          == "cannot answer \"How long have you been in America?\": not an option: \"3 years\"")
    }
    #expect(throws: TreeSelectionError(operation: .answer, item: "Freshman", reason: .notAnswerable)) {
      try selection.setResults(["x"], for: "Freshman")
    }
    #expect(throws: TreeSelectionError.self) { try selection.toggle(option: "x", for: "Favorite spot?") }
    #expect(selection == before)
    #expect(selection.checkState(of: "Nobody") == .unchecked)
    #expect(selection.interaction(of: "Nobody") == nil)
    #expect(selection.interaction(of: "Labels")?.takesAnswers == false)
  }

  @Test func creatingRefusesUnknownItemsAndRepeatedOptions() throws {
    let snapshot = try panelSelection().snapshot
    #expect(throws: TreeSelectionError(operation: .create, item: "Nobody", reason: .unknownItem)) {
      try TreeSelection(snapshot, interactions: ["Nobody": .freeText])
    }
    do {
      _ = try TreeSelection(snapshot, interactions: ["Freshman": .singleChoice(options: ["a", "a"])])
      Issue.record("repeated options accepted")
    } catch {
      #expect(error.description == "cannot create the selection \"Freshman\": its options repeat")
    }
  }
}

@Suite struct EditingTests {
  let question = "How long have you been in America?"

  @Test func saveCopiesTheWorkingCopyAndCancelDropsIt() throws {
    var selection = try panelSelection()
    try selection.beginEditing(question)
    #expect(selection.editedItem == question)
    try selection.toggle(option: "2 years", for: question)
    try selection.toggle(option: "6 months", for: question)
    #expect(selection.results(of: question) == ["6 months", "2 years"])
    #expect(selection.savedResults(of: question) == [])
    #expect(selection.hasUnsavedChanges)
    #expect(selection.countText(of: "Surveys", singular: "answer", plural: "answers") == "1 answer")
    selection.cancelEditing()
    #expect(selection.results(of: question) == [])
    #expect(selection.countText(of: "Surveys") == nil)

    try selection.beginEditing(question)
    try selection.setResults(["2 years", "6 months"], for: question)
    try selection.saveEditing()
    #expect(selection.editedItem == nil)
    #expect(selection.savedResults(of: question) == ["6 months", "2 years"])
    #expect(selection.selectedCount(in: "Surveys") == 1)
  }

  @Test func clearEmptiesTheWorkingCopyOnlyAndCancelBringsItBack() throws {
    var selection = try panelSelection()
    try selection.setResults(["On campus"], for: "Where do you live?")
    try selection.check("Junior")
    try selection.beginEditing("Surveys")
    selection.clear()
    #expect(selection.results(of: "Where do you live?") == [])
    #expect(selection.savedResults(of: "Where do you live?") == ["On campus"])
    #expect(selection.checkState(of: "Junior") == .checked)
    selection.cancelEditing()
    #expect(selection.results(of: "Where do you live?") == ["On campus"])
    // With no session open, Clear empties every group's saved results.
    selection.clear()
    #expect(selection.savedResults(of: "Where do you live?") == [])
    #expect(selection.checkState(of: "Labels") == .unchecked)
    #expect(selection.selectedCount(in: "Surveys") == 0)
  }

  @Test func aSecondSessionAndChangesOutsideTheSessionAreRefused() throws {
    var selection = try panelSelection()
    try selection.beginEditing(question)
    let before = selection
    do {
      try selection.beginEditing("Labels")
      Issue.record("a second session opened")
    } catch {
      #expect(error.reason == .sessionAlreadyOpen(question))
      #expect(
        error.description == "cannot edit \"Labels\": an editing session is open on \"\(question)\" (save or cancel it first)")
    }
    do {
      try selection.check("Junior")
      Issue.record("checked outside the session")
    } catch {
      #expect(error.description == "cannot check \"Junior\": it is outside the editing session open on \"\(question)\"")
    }
    #expect(throws: TreeSelectionError.self) { try selection.setInteraction(.freeText, for: "Junior") }
    #expect(throws: TreeSelectionError.self) { try selection.restore(from: []) }
    #expect(selection == before)
    selection.cancelEditing()
    do {
      try selection.saveEditing()
      Issue.record("saved with no session")
    } catch {
      #expect(error.description == "cannot save the editing session: no editing session is open")
    }
  }

  @Test func freeTextTakesOneNonEmptyAnswer() throws {
    var selection = try panelSelection()
    try selection.setResults([""], for: "Favorite spot?")
    #expect(selection.results(of: "Favorite spot?") == [])
    try selection.setResults(["The library"], for: "Favorite spot?")
    #expect(selection.results(of: "Favorite spot?") == ["The library"])
    #expect(throws: TreeSelectionError.self) { try selection.setResults(["a", "b"], for: "Favorite spot?") }
    try selection.toggle(option: "Off campus", for: "Where do you live?")
    try selection.toggle(option: "On campus", for: "Where do you live?")
    #expect(selection.results(of: "Where do you live?") == ["On campus"])
    #expect(try selection.toggle(option: "On campus", for: "Where do you live?") == false)
    #expect(selection.results(of: "Where do you live?") == [])
  }
}

@Suite struct PackagedFilterTests {
  /// Labels checked and a survey question answered twice.
  func filledSelection() throws -> TreeSelection<String> {
    var selection = try panelSelection()
    for label in ["Freshman", "Sophomore", "Junior"] { try selection.check(label) }
    try selection.setResults(["6 months", "2 years"], for: "How long have you been in America?")
    try selection.setResults(["The library"], for: "Favorite spot?")
    return selection
  }

  @Test func savePackagesEachGroupWithResults() throws {
    let selection = try filledSelection()
    let json = String(decoding: PackagedFilter.jsonData(for: selection.packagedFilters()), as: UTF8.self)
    #expect(
      json == """
        [
          {
            "key" : "Label",
            "pairs" : [
              {
                "key" : "Label",
                "value" : "Freshman"
              },
              {
                "key" : "Label",
                "value" : "Sophomore"
              },
              {
                "key" : "Label",
                "value" : "Junior"
              }
            ],
            "value" : "Label"
          },
          {
            "key" : "Survey",
            "pairs" : [
              {
                "key" : "How long have you been in America?",
                "value" : "6 months"
              },
              {
                "key" : "How long have you been in America?",
                "value" : "2 years"
              },
              {
                "key" : "Favorite spot?",
                "value" : "The library"
              }
            ],
            "value" : "Question"
          }
        ]
        """)
    #expect(try panelSelection().packagedFilters() == [])
  }

  @Test func packagedFiltersReadBackRestoreTheSelection() throws {
    let selection = try filledSelection()
    let data = PackagedFilter.jsonData(for: selection.packagedFilters())
    var restored = try panelSelection()
    try restored.check("Senior")
    try restored.restore(from: PackagedFilter.filters(fromJSON: data))
    #expect(restored == selection)
  }

  @Test func unknownItemsAndOptionsAreAllListedAndChangeNothing() throws {
    var selection = try filledSelection()
    let before = selection
    let filters = [
      PackagedFilter(
        key: "Label", value: "Label",
        pairs: [.init(key: "Label", value: "Graduate"), .init(key: "Label", value: "Senior")]),
      PackagedFilter(
        key: "Survey", value: "Question",
        pairs: [
          .init(key: "How long have you been in America?", value: "10 years"),
          .init(key: "Where do you live?", value: "On campus"),
          .init(key: "Where do you live?", value: "Off campus"),
          .init(key: "Age?", value: "20"),
        ]),
      PackagedFilter(key: "Club", value: "Club", pairs: []),
    ]
    do {
      try selection.restore(from: filters)
      Issue.record("unknown entries restored")
    } catch {
      #expect(
        error.reason
          == .unknownFilterEntries([
            "item \"Label: Graduate\" in filter \"Label: Label\"",
            "option \"10 years\" of \"How long have you been in America?\" in filter \"Survey: Question\"",
            "answer \"Off campus\" to \"Where do you live?\" (a single choice takes one answer)",
            "item \"Age?: 20\" in filter \"Survey: Question\"",
            "filter \"Club: Club\"",
          ]))
      #expect(error.description.hasPrefix("cannot restore the packaged filters: unknown item \"Label: Graduate\""))
    }
    #expect(selection == before)
  }

  @Test func malformedJSONIsATypedError() {
    for (text, message) in [
      ("{", "not JSON, or not packaged filters"),
      ("[{\"key\": \"Label\", \"value\": \"Label\"}]", "at [0]: no \"pairs\""),
      ("[{\"key\": 1, \"value\": \"Label\", \"pairs\": []}]", "at [0].key: "),
    ] {
      do {
        _ = try PackagedFilter.filters(fromJSON: Data(text.utf8))
        Issue.record("\(text) was read")
      } catch {
        guard case .malformedFilters(let why) = error.reason else {
          Issue.record("\(error)")
          continue
        }
        #expect(why.hasPrefix(message), "\(why)")
      }
    }
  }

  @Test func restoringTwoChildrenOfASingleSelectionGroupIsRefused() throws {
    var selection = try panelSelection()
    try selection.setInteraction(.group(selection: .single, filter: .init(key: "Label", value: "Label")), for: "Labels")
    let before = selection
    let filter = PackagedFilter(
      key: "Label", value: "Label", pairs: [.init(key: "Label", value: "Junior"), .init(key: "Label", value: "Senior")])
    #expect(throws: TreeSelectionError(operation: .restore, item: "Labels", reason: .singleSelectionConflict("Labels"))) {
      try selection.restore(from: [filter])
    }
    #expect(selection == before)
  }
}

@Suite struct RemappingAndCodingTests {
  @Test func theSelectionFollowsMovedItemsAndForgetsDeletedOnes() throws {
    var selection = try panelSelection()
    try selection.check("Junior")
    try selection.check("Senior")
    try selection.setResults(["The library"], for: "Favorite spot?")
    var snapshot = selection.snapshot
    try snapshot.move("Senior", to: "Surveys", at: 0)
    snapshot.delete(["Junior", "Campus"])
    selection.apply(snapshot)
    #expect(selection.checkState(of: "Labels") == .unchecked)
    #expect(selection.checkableCount(in: "Labels") == 2)
    #expect(selection.checkState(of: "Senior") == .checked)
    #expect(selection.checkState(of: "Surveys") == .checked)
    #expect(selection.answeredCount(in: "Surveys") == 0)
    #expect(
      selection.packagedFilters() == [
        PackagedFilter(key: "Survey", value: "Question", pairs: [.init(key: "Survey", value: "Senior")])
      ])
  }

  @Test func aSessionOnADeletedItemIsCancelled() throws {
    var selection = try panelSelection()
    try selection.beginEditing("Favorite spot?")
    var snapshot = selection.snapshot
    snapshot.delete(["Favorite spot?"])
    selection.apply(snapshot)
    #expect(selection.editedItem == nil)
  }

  @Test func encodingAndDecodingGiveAnEqualSelection() throws {
    var selection = try panelSelection()
    try selection.check("Junior")
    try selection.setResults(["2 years"], for: "How long have you been in America?")
    try selection.beginEditing("Surveys")
    try selection.setResults(["Off campus"], for: "Where do you live?")
    let data = try JSONEncoder().encode(selection)
    let decoded = try JSONDecoder().decode(TreeSelection<String>.self, from: data)
    #expect(decoded == selection)
    #expect(decoded.results(of: "Where do you live?") == ["Off campus"])
    #expect(decoded.selectedCount(in: "Surveys") == 2)
    #expect(decoded.checkedCount(in: "Labels") == 1)
  }

  @Test func interactionsEncodeAsTheirKindAndValues() throws {
    typealias Interaction = TreeSelection<String>.Interaction
    let interactions: [Interaction] = [
      .group(), .group(selection: .single, filter: .init(key: "K", value: "V")), .checkToggle,
      .checklist(options: ["a", "b"]), .singleChoice(options: ["c"]), .freeText,
    ]
    let encoder = JSONEncoder()
    encoder.outputFormatting = .sortedKeys
    let data = try encoder.encode(interactions)
    #expect(
      String(decoding: data, as: UTF8.self)
        == #"[{"kind":"group","selection":"multiple"},{"filter":{"key":"K","value":"V"},"kind":"group","selection":"single"},"#
        + #"{"kind":"checkToggle"},{"kind":"checklist","options":["a","b"]},{"kind":"singleChoice","options":["c"]},{"kind":"freeText"}]"#
    )
    #expect(try JSONDecoder().decode([Interaction].self, from: data) == interactions)
    #expect(throws: DecodingError.self) {
      try JSONDecoder().decode(Interaction.self, from: Data(#"{"kind":"slider"}"#.utf8))
    }
  }

  @Test func decodingRefusesResultsTheTreeDoesNotAllow() throws {
    let selection = try panelSelection()
    let data = try JSONEncoder().encode(selection)
    var object = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
    for saved: [String: Any] in [
      ["Nobody": ["isChecked": true, "results": []]],
      ["Labels": ["isChecked": true, "results": []]],
      ["Where do you live?": ["isChecked": false, "results": ["Mars"]]],
    ] {
      object["saved"] = saved
      let bad = try JSONSerialization.data(withJSONObject: object)
      #expect(throws: DecodingError.self) { try JSONDecoder().decode(TreeSelection<String>.self, from: bad) }
    }
  }
}
