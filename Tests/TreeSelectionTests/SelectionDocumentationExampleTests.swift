import Testing
import TreeDataSource

/// The Swift examples of `TreeSelection`'s documentation, line for line.
@Suite struct SelectionDocumentationExampleTests {
  @Test func theTypesExample() throws {
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["Labels"])
    try snapshot.append(["Freshman", "Sophomore"], to: "Labels")
    var selection = try TreeSelection(snapshot)
    try selection.check("Freshman")
    #expect(selection.checkState(of: "Labels") == .mixed)
    #expect(selection.selectedCount(in: "Labels") == 1)
  }

  @Test func theArticlesExample() throws {
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["Labels", "Surveys"])
    try snapshot.append(["Freshman", "Sophomore", "Junior", "Senior"], to: "Labels")
    try snapshot.append(["How long have you been in America?"], to: "Surveys")
    var selection = try TreeSelection(
      snapshot,
      interactions: [
        "Labels": .group(filter: PackagedFilter.Pair(key: "Label", value: "Label")),
        "Surveys": .group(filter: PackagedFilter.Pair(key: "Survey", value: "Question")),
        "How long have you been in America?": .checklist(options: ["6 months", "2 years"]),
      ])
    try selection.check("Junior")
    try selection.setResults(["2 years"], for: "How long have you been in America?")
    #expect(
      selection.packagedFilters().map(\.root) == [.init(key: "Label", value: "Label"), .init(key: "Survey", value: "Question")])
  }
}
