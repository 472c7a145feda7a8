import TreeIndex

// The rules that results read back from storage — a decoded selection
// (`init(from:)`), packaged filters (`restore(from:naming:)`) — must keep:
// the rules every change through the API keeps, so that what is read back
// is a selection the API could have made, or is refused.

/// What keeps answers from being an item's results.
enum _AnswersProblem: Hashable, Sendable {
  /// The item takes no answers: it is a group or a check toggle.
  case notAnswerable
  /// These answers are not options of the item.
  case notOptions([String])
  /// An answer is given twice.
  case repeats
  /// A single choice is given this many answers.
  case tooManyChoices(Int)
  /// Free text is given this many answers.
  case tooManyTexts(Int)
  /// Free text is given an empty text.
  case emptyText

  /// The reason a ``TreeSelectionError`` gives for it.
  var reason: TreeSelectionError.Reason {
    switch self {
    case .notAnswerable: .notAnswerable
    case .notOptions(let answers): .invalidResults("not an option: " + answers.map { "\"\($0)\"" }.joined(separator: ", "))
    case .repeats: .invalidResults("an answer repeats")
    case .tooManyChoices(let count): .invalidResults("a single choice takes one answer, not \(count)")
    case .tooManyTexts(let count): .invalidResults("free text takes one answer, not \(count)")
    case .emptyText: .invalidResults("free text takes a non-empty answer")
    }
  }
}

extension TreeSelection {
  /// Why `answers` cannot be the results of an item with `interaction`,
  /// or `nil` when they can (in any order): every answer one of the
  /// options of a checklist, none twice; at most one for a single choice;
  /// at most one non-empty text for free text; none for a group or a
  /// check toggle.
  ///
  /// - Complexity: O(*r* + *o*) for *r* answers and *o* options.
  static func _answersProblem(_ answers: [String], for interaction: Interaction) -> _AnswersProblem? {
    switch interaction {
    case .group, .checkToggle:
      return .notAnswerable
    case .freeText:
      if answers.count > 1 { return .tooManyTexts(answers.count) }
      return answers.contains("") ? .emptyText : nil
    case .checklist(let options), .singleChoice(let options):
      let known = Set(options)
      let unknown = answers.filter { !known.contains($0) }
      if !unknown.isEmpty { return .notOptions(unknown) }
      if Set(answers).count != answers.count { return .repeats }
      if case .singleChoice = interaction, answers.count > 1 { return .tooManyChoices(answers.count) }
      return nil
    }
  }

  /// `answers`, which ``_answersProblem(_:for:)`` allows, in the order of
  /// the options of `interaction` (as they are when it has none).
  ///
  /// - Complexity: O(*r* + *o*) for *r* answers and *o* options.
  static func _inOptionOrder(_ answers: [String], of interaction: Interaction) -> [String] {
    let options = interaction.options
    guard !options.isEmpty, answers.count > 1 else { return answers }
    let chosen = Set(answers)
    return options.filter { chosen.contains($0) }
  }

  /// `entries`, read back as items' results, as the API holds them:
  /// answers in the order of their options, and each entry otherwise as
  /// given (empty ones too).
  ///
  /// - Parameter entries: The results of items, by identifier.
  /// - Throws: A ``TreeSelectionError`` naming the first item, in the
  ///   tree's order, that the snapshot does not hold, that is checked
  ///   without being a check toggle, or whose answers break the rules of
  ///   ``_answersProblem(_:for:)``.
  /// - Complexity: O(*n* + *r*) for *n* items and *r* answers in all.
  func _validatedEntries(_ entries: [ItemID: _SelectionEntry]) throws(TreeSelectionError) -> [ItemID: _SelectionEntry] {
    for item in entries.keys where !_snapshot.contains(item) {
      throw TreeSelectionError(operation: .check, item: "\(item)", reason: .unknownItem)
    }
    var validated = entries
    // In the tree's order, so that the item named is always the same.
    for node in _snapshot._nodesDepthFirst {
      let item = _snapshot._item(ofNode: node)
      guard let entry = entries[item] else { continue }
      let interaction = _interaction(item, at: node)
      if entry.isChecked && !interaction.isCheckToggle {
        let reason: TreeSelectionError.Reason =
          _toggleCount(node) == 0 ? .notCheckable : .invalidResults("it is not a check toggle")
        throw TreeSelectionError(operation: .check, item: "\(item)", reason: reason)
      }
      guard !entry.results.isEmpty else { continue }
      if let problem = Self._answersProblem(entry.results, for: interaction) {
        throw TreeSelectionError(operation: .answer, item: "\(item)", reason: problem.reason)
      }
      validated[item]!.results = Self._inOptionOrder(entry.results, of: interaction)
    }
    return validated
  }

  /// Throws unless every single-selection group has at most one child
  /// with checked items (in the working copy).
  ///
  /// - Throws: A ``TreeSelectionError`` naming the first such group in the
  ///   tree's order.
  /// - Complexity: O(*n*) for *n* items.
  func _checkSingleSelection() throws(TreeSelectionError) {
    guard _singleSelectionGroups > 0 else { return }
    for node in _snapshot._nodesDepthFirst
    where _isSingleSelectionGroup(node) && _childrenWithCheckedItems(of: node) > 1 {
      let group = "\(_snapshot._item(ofNode: node))"
      throw TreeSelectionError(operation: .check, item: group, reason: .singleSelectionConflict(group))
    }
  }

  /// Replaces the saved results with `entries`, read back from storage,
  /// after checking them against the rules every change keeps; no editing
  /// session may be open.
  ///
  /// - Parameter entries: The results of items, by identifier.
  /// - Throws: What ``_validatedEntries(_:)`` and
  ///   ``_checkSingleSelection()`` throw; the selection is then left
  ///   partly changed (callers work on a copy, or throw it away).
  /// - Complexity: O(*n* + *r*) for *n* items and *r* answers in all.
  mutating func _replaceSavedEntries(with entries: [ItemID: _SelectionEntry]) throws(TreeSelectionError) {
    _entries = try _validatedEntries(entries).filter { !$0.value.isEmpty }
    _counts = _recount(_entries)
    try _checkSingleSelection()
  }

  /// Opens an editing session on `item` with `working`, read back from
  /// storage, as its working copy, after checking it against the rules
  /// every change keeps: those of the saved results, and outside the item
  /// only check toggles turned off (see ``_outsideEntry(_:of:)``).
  ///
  /// - Parameters:
  ///   - item: The item open for editing.
  ///   - working: The working results that differ from the saved ones.
  /// - Throws: A ``TreeSelectionError`` naming the item at fault.
  /// - Complexity: O(*n* + *r* + *k* *d*) for *n* items, *r* answers in
  ///   all and *k* working entries.
  mutating func _openSavedSession(on item: ItemID, working: [ItemID: _SelectionEntry]) throws(TreeSelectionError) {
    guard let node = _snapshot._node(ofItem: item) else {
      throw TreeSelectionError(operation: .beginEditing, item: "\(item)", reason: .unknownItem)
    }
    let entries = try _validatedEntries(working)
    for other in _snapshot._nodesDepthFirst {
      let otherItem = _snapshot._item(ofNode: other)
      guard let entry = entries[otherItem], entry != _outsideEntry(entry, of: otherItem),
        !_isNode(other, atOrBeneath: node)
      else { continue }
      let isAnswer = entry.results != (_entries[otherItem]?.results ?? [])
      throw TreeSelectionError(
        operation: isAnswer ? .answer : .check, item: "\(otherItem)", reason: .outsideEditingSession("\(item)"))
    }
    _openSession(on: item, at: node, working: entries)
    try _checkSingleSelection()
  }
}
