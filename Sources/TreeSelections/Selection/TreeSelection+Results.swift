extension TreeSelection {
  /// The answers of `item` — while an editing session is open, the working
  /// copy's — in the order of its options.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The answers; empty for an item without any, or one the
  ///   snapshot does not hold.
  /// - Complexity: O(1).
  @inlinable
  public func results(of item: ItemID) -> [String] { _entry(item).results }

  /// The saved answers of `item`, whatever an open editing session did to
  /// them.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The answers; empty for an item without any, or one the
  ///   snapshot does not hold.
  /// - Complexity: O(1).
  public func savedResults(of item: ItemID) -> [String] { (_entries[item] ?? .empty).results }

  /// Replaces the answers of `item`: any number of its options for a
  /// checklist, at most one for a single choice, at most one non-empty
  /// text for free text (empty texts are no answer).
  ///
  /// While an editing session is open this changes the working copy, and
  /// only for the item open for editing or beneath it; otherwise it changes
  /// the saved results.
  ///
  /// - Parameters:
  ///   - results: The answers, in any order; they are kept in the order of
  ///     the item's options.
  ///   - item: An identifier.
  /// - Throws: A ``TreeSelectionError`` when the snapshot does not hold
  ///   `item`, it takes no answers, an answer is not one of its options or
  ///   repeats, there are too many, or an editing session is open on
  ///   another part of the tree.
  /// - Complexity: O(*d* + *r* + *o*) for *r* results and *o* options.
  public mutating func setResults(_ results: [String], for item: ItemID) throws(TreeSelectionError) {
    defer { _checkInvariants() }
    let node = try _editableNode(item, for: .answer)
    let validated = try _validated(results, for: item, at: node)
    _changeEntry(of: item, at: node) { $0.results = validated }
  }

  /// Adds `option` to the answers of a checklist, or removes it when it is
  /// there; for a single choice, chooses `option`, or chooses nothing when
  /// it was the choice.
  ///
  /// - Parameters:
  ///   - option: One of the item's options.
  ///   - item: An identifier.
  /// - Returns: Whether `option` is now among the answers.
  /// - Throws: What ``setResults(_:for:)`` throws, and a
  ///   ``TreeSelectionError`` for free text.
  /// - Complexity: O(*d* + *o*) for *o* options.
  @discardableResult
  public mutating func toggle(option: String, for item: ItemID) throws(TreeSelectionError) -> Bool {
    let node = try _editableNode(item, for: .answer)
    let current = _entry(item).results
    let isChosen = current.contains(option)
    switch _interaction(item, at: node) {
    case .checklist:
      try setResults(isChosen ? current.filter { $0 != option } : current + [option], for: item)
    case .singleChoice:
      try setResults(isChosen ? [] : [option], for: item)
    case .freeText:
      throw TreeSelectionError(
        operation: .answer, item: "\(item)", reason: .invalidResults("free text has no options to toggle"))
    case .group, .checkToggle:
      throw TreeSelectionError(operation: .answer, item: "\(item)", reason: .notAnswerable)
    }
    return !isChosen
  }

  /// The number of items of `item` and beneath it that have answers.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The count; 0 for an identifier the snapshot does not hold.
  /// - Complexity: O(1).
  @inlinable
  public func answeredCount(in item: ItemID) -> Int { _tally(of: item).answered }

  /// The number of selected items of `item` and beneath it: check toggles
  /// that are on and items with answers — a group's "3 selected".
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The count; 0 for an identifier the snapshot does not hold.
  /// - Complexity: O(1).
  @inlinable
  public func selectedCount(in item: ItemID) -> Int {
    let tally = _tally(of: item)
    return tally.checked + tally.answered
  }

  /// The text of a group's count, as a list shows it next to the group:
  /// "1 selected", "3 selected", or nothing when none is.
  ///
  /// - Parameters:
  ///   - item: An identifier.
  ///   - singular: The word after a count of 1.
  ///   - plural: The word after any other count.
  /// - Returns: The count and the word, or `nil` when the count is 0.
  /// - Complexity: O(1).
  public func countText(of item: ItemID, singular: String = "selected", plural: String = "selected") -> String? {
    let count = selectedCount(in: item)
    guard count > 0 else { return nil }
    return "\(count) \(count == 1 ? singular : plural)"
  }
}
