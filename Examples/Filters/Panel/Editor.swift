import TreeDataSource

/// The editor open below the list for one question: which option the
/// cursor is on, and the text typed for free text.
struct Editor: Equatable {
  /// The question open for editing.
  var item: String
  /// The question's interaction.
  var interaction: TreeSelection<String>.Interaction
  /// The option the cursor is on (checklists and single choices).
  var cursor = 0
  /// The text typed so far (free text).
  var text = ""

  /// What the editor is, as its title says.
  var kind: String {
    switch interaction {
    case .checklist: "checklist"
    case .singleChoice: "single choice"
    case .freeText: "free text"
    case .group, .checkToggle: "item"
    }
  }
}
