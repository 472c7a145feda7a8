import Foundation
import Testing
import TreeDataSource

/// The README's "Selection and filters" example, line for line.
@Suite("README: selection and filters") struct ReadmeSelectionTests {
  @Test func theExample() throws {
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["Labels", "Surveys"])
    try snapshot.append(["Freshman", "Sophomore", "Junior", "Senior"], to: "Labels")
    try snapshot.append(["How long have you been in America?"], to: "Surveys")
    var selection = try TreeSelection(
      snapshot,
      interactions: [
        "Labels": .group(filter: PackagedFilter.Pair(key: "Label", value: "Label")),
        "Surveys": .group(filter: PackagedFilter.Pair(key: "Survey", value: "Question")),
        "How long have you been in America?": .checklist(options: ["6 months", "1 year", "2 years"]),
      ])
    try selection.check("Freshman")
    try selection.check("Sophomore")
    #expect(selection.checkState(of: "Labels") == .mixed)
    #expect(selection.countText(of: "Labels") == "2 selected")

    try selection.beginEditing("How long have you been in America?")
    try selection.setResults(["2 years", "6 months"], for: "How long have you been in America?")
    try selection.saveEditing()
    let saved = selection

    let filters = selection.packagedFilters()
    let json = PackagedFilter.jsonData(for: filters)
    try selection.restore(from: PackagedFilter.filters(fromJSON: json))
    #expect(selection == saved)
    #expect(
      filters == [
        PackagedFilter(
          key: "Label", value: "Label",
          pairs: [.init(key: "Label", value: "Freshman"), .init(key: "Label", value: "Sophomore")]),
        PackagedFilter(
          key: "Survey", value: "Question",
          pairs: [
            .init(key: "How long have you been in America?", value: "6 months"),
            .init(key: "How long have you been in America?", value: "2 years"),
          ]),
      ])
    #expect(json == PackagedFilter.jsonData(for: try PackagedFilter.filters(fromJSON: json)))
  }
}
