extension TreeSelection {
  /// How the user interacts with an item, as data: what the item holds and
  /// which editor a host shows for it.
  ///
  /// An item without an interaction of its own (see
  /// ``TreeSelection/setInteraction(_:for:)``) is a multiple-selection
  /// ``group(selection:filter:)`` when it has children, and a
  /// ``checkToggle`` otherwise.
  public enum Interaction: Hashable, Sendable {
    /// A collapsible group: its check state is that of the check toggles
    /// beneath it.
    ///
    /// - Parameters:
    ///   - selection: Whether several of its children may hold checked
    ///     items, or one.
    ///   - filter: The root key and value of the packaged filter the
    ///     group's results make (`Label`/`Label`, `Survey`/`Question`), or
    ///     `nil` when its results go into an enclosing group's filter.
    case group(selection: SelectionMode = .multiple, filter: PackagedFilter.Pair? = nil)
    /// A check toggle: the item is checked or not.
    case checkToggle
    /// A checklist: any number of answers among `options`.
    case checklist(options: [String])
    /// A single choice (a picker): at most one answer among `options`.
    case singleChoice(options: [String])
    /// Free text: at most one answer, any non-empty text.
    case freeText

    /// Whether the item is a check toggle.
    ///
    /// - Complexity: O(1).
    public var isCheckToggle: Bool {
      if case .checkToggle = self { return true }
      return false
    }

    /// Whether the item takes answers: a checklist, a single choice or
    /// free text.
    ///
    /// - Complexity: O(1).
    public var takesAnswers: Bool {
      switch self {
      case .checklist, .singleChoice, .freeText: true
      case .group, .checkToggle: false
      }
    }

    /// The answers the item offers: the options of a checklist or a single
    /// choice; empty otherwise.
    ///
    /// - Complexity: O(1).
    public var options: [String] {
      switch self {
      case .checklist(let options), .singleChoice(let options): options
      case .group, .checkToggle, .freeText: []
      }
    }
  }
}

extension TreeSelection.Interaction {
  /// Whether this is a group whose children are chosen one at a time.
  @usableFromInline
  var isSingleSelectionGroup: Bool {
    if case .group(selection: .single, filter: _) = self { return true }
    return false
  }
}
