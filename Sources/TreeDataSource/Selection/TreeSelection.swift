/// Which items of a tree are checked and what each question item answers,
/// keyed by identifier, with one editing session at a time: the model of a
/// filter panel.
///
/// A selection reads the structure of a ``/TreeIndex/TreeSnapshot`` it
/// holds. Each item has an ``Interaction`` — a collapsible group, a check
/// toggle, a checklist, a single choice, free text — and keeps its saved
/// results; an editing session (``beginEditing(_:)``) works on a copy of
/// them until ``saveEditing()`` or ``cancelEditing()``:
///
///     var snapshot = TreeSnapshot<String>()
///     try snapshot.append(["Labels"])
///     try snapshot.append(["Freshman", "Sophomore"], to: "Labels")
///     var selection = try TreeSelection(snapshot)
///     try selection.check("Freshman")
///     selection.checkState(of: "Labels")      // .mixed
///     selection.selectedCount(in: "Labels")   // 1
///
/// Parents are tri-state: checked when every check toggle beneath them is
/// on, mixed when some are, unchecked when none are; checking a parent
/// checks every check toggle beneath it. Each item keeps the number of
/// checked toggles and answered items beneath it, updated along its
/// ancestors on every change, so that toggling an item and reading any
/// ancestor's state or count cost O(*d*) and O(1), where *d* is the
/// item's depth — never a walk of a subtree.
///
/// Because it is keyed by identifier, a selection survives reloads, moves
/// and filtering: ``apply(_:)`` takes a new snapshot and the selection
/// follows the identifiers. ``packagedFilters(naming:)`` packages the
/// saved results for a query, and ``restore(from:naming:)`` reads them
/// back.
///
/// Invalid input — an unknown item, an answer that is not an option, a
/// second editing session — throws a ``TreeSelectionError`` and leaves the
/// selection exactly as it was.
public struct TreeSelection<ItemID: Hashable & Sendable>: Sendable {
  /// The tree.
  @usableFromInline var _snapshot: TreeSnapshot<ItemID>
  /// The interactions set explicitly; other items have the default one.
  @usableFromInline var _interactions: [ItemID: Interaction]
  /// The number of check toggles of each item and beneath it, when not 0.
  @usableFromInline var _toggles: [ItemID: Int]
  /// The saved entries that are not empty.
  @usableFromInline var _entries: [ItemID: _SelectionEntry]
  /// The saved tallies of the items with results beneath them (a tally
  /// that fell to zero may stay, as zero).
  @usableFromInline var _tallies: [ItemID: _SelectionTally]
  /// The open editing session, if any.
  @usableFromInline var _session: _EditingSession<ItemID>?

  /// Creates a selection with nothing checked and no answers over the
  /// items of `snapshot`.
  ///
  /// - Parameters:
  ///   - snapshot: The tree.
  ///   - interactions: The interaction of each item that does not have the
  ///     default one (a multiple-selection group for a parent, a check
  ///     toggle for a leaf).
  /// - Throws: A ``TreeSelectionError`` when `interactions` names an item
  ///   `snapshot` does not hold, or gives a checklist or single choice
  ///   repeated or empty options.
  /// - Complexity: O(*n* log *b*) for *n* items.
  public init(_ snapshot: TreeSnapshot<ItemID>, interactions: [ItemID: Interaction] = [:]) throws(TreeSelectionError) {
    for (item, interaction) in interactions {
      guard snapshot.contains(item) else {
        throw TreeSelectionError(operation: .create, item: "\(item)", reason: .unknownItem)
      }
      if let problem = Self._problem(with: interaction) {
        throw TreeSelectionError(operation: .create, item: "\(item)", reason: .invalidInteraction(problem))
      }
    }
    _snapshot = snapshot
    _interactions = interactions
    _toggles = [:]
    _entries = [:]
    _tallies = [:]
    _session = nil
    _rebuild()
  }

  /// The tree the selection reads.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var snapshot: TreeSnapshot<ItemID> { _snapshot }

  /// The interaction of `item`: the one set for it, or the default — a
  /// multiple-selection group when it has children, a check toggle when it
  /// has none.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: The interaction, or `nil` when the snapshot does not hold
  ///   `item`.
  /// - Complexity: O(1).
  public func interaction(of item: ItemID) -> Interaction? {
    guard _snapshot.contains(item) else { return nil }
    return _interaction(item)
  }
}

extension TreeSelection: Equatable {
  /// Returns a Boolean value that tells whether two selections have the
  /// same tree, interactions, saved results and editing session with the
  /// same working copy.
  ///
  /// - Parameters:
  ///   - lhs: A selection.
  ///   - rhs: Another selection.
  /// - Returns: `true` when the two are equal.
  /// - Complexity: O(*n*) for *n* items.
  public static func == (lhs: TreeSelection, rhs: TreeSelection) -> Bool {
    lhs._snapshot == rhs._snapshot && lhs._interactions == rhs._interactions && lhs._entries == rhs._entries
      && lhs._session == rhs._session
  }
}

// MARK: Internals

extension TreeSelection {
  /// The interaction of an item the snapshot holds.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _interaction(_ item: ItemID) -> Interaction {
    if let interaction = _interactions[item] { return interaction }
    return _snapshot.children(of: item).isEmpty ? .checkToggle : .group()
  }

  /// What is wrong with `interaction` for any item, or `nil`.
  static func _problem(with interaction: Interaction) -> String? {
    let options = interaction.options
    if Set(options).count != options.count {
      return "its options repeat"
    }
    if options.contains("") { return "an option is empty" }
    return nil
  }

  /// The working entry of `item`: the session's when it has one, else the
  /// saved one.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _entry(_ item: ItemID) -> _SelectionEntry {
    if let entry = _session?.entries[item] { return entry }
    return _entries[item] ?? .empty
  }

  /// The working tally of `item`.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _tally(_ item: ItemID) -> _SelectionTally {
    if let tally = _session?.tallies[item] { return tally }
    return _tallies[item] ?? .zero
  }

  /// The number of check toggles of `item` and beneath it.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _toggleCount(_ item: ItemID) -> Int { _toggles[item] ?? 0 }

  /// Sets the working entry of `item` — the session's when one is open,
  /// the saved one otherwise — and updates the tallies of the item and its
  /// ancestors.
  ///
  /// - Complexity: O(*d*).
  @inlinable
  mutating func _setEntry(_ entry: _SelectionEntry, for item: ItemID) {
    let old = _entry(item)
    guard entry != old else { return }
    let delta = entry.tally - old.tally
    if _session != nil {
      _session!.entries[item] = entry == (_entries[item] ?? .empty) ? nil : entry
    } else {
      _entries[item] = entry.isEmpty ? nil : entry
    }
    guard delta != .zero else { return }
    guard _session != nil else {
      // The saved tallies, changed in place along the ancestors (a tally
      // that falls to zero stays, as zero).
      var ancestor: ItemID? = item
      while let current = ancestor {
        _tallies[current, default: .zero] += delta
        ancestor = _snapshot.parent(of: current)
      }
      return
    }
    // The session's tallies: those that differ from the saved ones.
    var ancestor: ItemID? = item
    while let current = ancestor {
      let tally = _tally(current) + delta
      _session!.tallies[current] = tally == (_tallies[current] ?? .zero) ? nil : tally
      ancestor = _snapshot.parent(of: current)
    }
  }

  /// Calls `visit` with `item` and the items beneath it in `snapshot`,
  /// parents first, descending beneath an item only when `visit` returns
  /// `true` for it.
  ///
  /// Static, so that `visit` may change the selection: the walk holds the
  /// snapshot alone, which no change of results touches (a method would
  /// hold a copy of the whole selection, and each change would then copy
  /// its storage).
  ///
  /// - Complexity: O(*k* log *b*) for *k* items visited.
  @inlinable
  static func _walk(_ snapshot: TreeSnapshot<ItemID>, from item: ItemID, _ visit: (ItemID) -> Bool) {
    // A leaf, the common case: no stack to allocate.
    guard !snapshot.children(of: item).isEmpty else {
      _ = visit(item)
      return
    }
    var stack = [item]
    while let current = stack.popLast() {
      guard visit(current) else { continue }
      let children = snapshot.children(of: current)
      for child in children.reversed() { stack.append(child) }
    }
  }

  /// Whether `item` is `ancestor` or beneath it.
  ///
  /// - Complexity: O(*d*).
  @inlinable
  func _isItem(_ item: ItemID, atOrBeneath ancestor: ItemID) -> Bool {
    var current: ItemID? = item
    while let x = current {
      if x == ancestor { return true }
      current = _snapshot.parent(of: x)
    }
    return false
  }

  /// Throws unless `item` is in the snapshot and, when a session is open,
  /// in the session's subtree.
  ///
  /// - Complexity: O(*d*).
  @inlinable
  func _checkEditable(_ item: ItemID, for operation: TreeSelectionError.Operation) throws(TreeSelectionError) {
    guard _snapshot.contains(item) else {
      throw TreeSelectionError(operation: operation, item: "\(item)", reason: .unknownItem)
    }
    if let session = _session, !_isItem(item, atOrBeneath: session.item) {
      throw TreeSelectionError(operation: operation, item: "\(item)", reason: .outsideEditingSession("\(session.item)"))
    }
  }

  /// Recounts every tally from the entries: drops the entries and
  /// interactions of items the snapshot no longer holds, and the parts of
  /// entries the item's interaction does not allow; then keeps at most one
  /// child of each single-selection group with checked items (the first).
  ///
  /// - Complexity: O(*n* log *b*) for *n* items.
  mutating func _rebuild() {
    _interactions = _interactions.filter { _snapshot.contains($0.key) }
    let session = _session.flatMap { _snapshot.contains($0.item) ? $0 : nil }
    _session = nil
    _entries = _sanitized(_entries).filter { !$0.value.isEmpty }
    var toggles: [ItemID: Int] = [:]
    _tallies = _recount(_entries, toggles: &toggles)
    _toggles = toggles
    _enforceSingleSelection()
    // The working copy: the saved results with the session's changes.
    guard let session else { return }
    let working = _entries.merging(_sanitized(session.entries)) { _, new in new }
    _session = _EditingSession(item: session.item)
    var ignored: [ItemID: Int] = [:]
    let workingTallies = _recount(working, toggles: &ignored)
    for (item, entry) in working where entry != (_entries[item] ?? .empty) {
      _session!.entries[item] = entry
    }
    for item in Set(workingTallies.keys).union(_tallies.keys) {
      let tally = workingTallies[item] ?? .zero
      if tally != (_tallies[item] ?? .zero) { _session!.tallies[item] = tally }
    }
    _enforceSingleSelection()
  }

  /// `entries` without unknown items and without what each item's
  /// interaction does not allow.
  private func _sanitized(_ entries: [ItemID: _SelectionEntry]) -> [ItemID: _SelectionEntry] {
    var result: [ItemID: _SelectionEntry] = [:]
    for (item, entry) in entries where _snapshot.contains(item) {
      let interaction = _interaction(item)
      var kept = _SelectionEntry()
      kept.isChecked = entry.isChecked && interaction.isCheckToggle
      if interaction.takesAnswers, (try? _validated(entry.results, for: item)) != nil {
        kept.results = entry.results
      }
      result[item] = kept
    }
    return result
  }

  /// The tallies of `entries`, and the number of check toggles of each
  /// item and beneath it, over the whole tree.
  private func _recount(
    _ entries: [ItemID: _SelectionEntry], toggles: inout [ItemID: Int]
  ) -> [ItemID: _SelectionTally] {
    var tallies: [ItemID: _SelectionTally] = [:]
    // Children before parents: the reversed depth-first order.
    for item in _snapshot.items.reversed() {
      var tally = (entries[item] ?? .empty).tally
      var count = _interaction(item).isCheckToggle ? 1 : 0
      for child in _snapshot.children(of: item) {
        tally = tally + (tallies[child] ?? .zero)
        count += toggles[child] ?? 0
      }
      if tally != .zero { tallies[item] = tally }
      if count != 0 { toggles[item] = count }
    }
    return tallies
  }

  /// Unchecks every child but the first with checked items of each
  /// single-selection group.
  private mutating func _enforceSingleSelection() {
    for (group, interaction) in _interactions {
      guard case .group(selection: .single, filter: _) = interaction else { continue }
      var isTaken = false
      for child in _snapshot.children(of: group) where _tally(child).checked > 0 {
        if isTaken { _uncheckSubtree(of: child) } else { isTaken = true }
      }
    }
  }

  /// `results` as `item` keeps them (in the order of its options), or the
  /// reason they cannot be its results.
  ///
  /// - Complexity: O(*r* + *o*) for *r* results and *o* options.
  func _validated(_ results: [String], for item: ItemID) throws(TreeSelectionError) -> [String] {
    func invalid(_ why: String) -> TreeSelectionError {
      TreeSelectionError(operation: .answer, item: "\(item)", reason: .invalidResults(why))
    }
    let interaction = _interaction(item)
    switch interaction {
    case .group, .checkToggle:
      throw TreeSelectionError(operation: .answer, item: "\(item)", reason: .notAnswerable)
    case .freeText:
      let answers = results.filter { !$0.isEmpty }
      guard answers.count <= 1 else { throw invalid("free text takes one answer, not \(answers.count)") }
      return answers
    case .singleChoice(let options), .checklist(let options):
      let known = Set(options)
      let unknown = results.filter { !known.contains($0) }
      guard unknown.isEmpty else {
        throw invalid("not an option: " + unknown.map { "\"\($0)\"" }.joined(separator: ", "))
      }
      guard Set(results).count == results.count else { throw invalid("an answer repeats") }
      if case .singleChoice = interaction, results.count > 1 {
        throw invalid("a single choice takes one answer, not \(results.count)")
      }
      let chosen = Set(results)
      return options.filter { chosen.contains($0) }
    }
  }
}
