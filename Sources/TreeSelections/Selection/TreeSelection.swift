import TreeIndex

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
/// checks every check toggle beneath it. Each item's counts — check
/// toggles, checked toggles and answered items of the item and beneath
/// it — are summaries over the snapshot's own tree: one slot per node of
/// it, carried up to the root along the tree's links on every change, so
/// that toggling an item costs O(*d*) after one lookup of its identifier
/// and reading any item's state or count costs one lookup, where *d* is
/// the item's depth — never a walk of a subtree, never a recount.
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
  /// The number of single-selection groups among `_interactions`: when 0,
  /// checking an item looks at none of its ancestors' interactions.
  @usableFromInline var _singleSelectionGroups: Int
  /// The saved entries that are not empty.
  @usableFromInline var _entries: [ItemID: _SelectionEntry]
  /// The counts of each item and beneath it, by node of `_snapshot` (the
  /// virtual root's slot: the whole tree's; free nodes' slots: zero).
  @usableFromInline var _counts: ContiguousArray<_SelectionCounts>
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
  /// - Complexity: O(*n*) for *n* items.
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
    _singleSelectionGroups = 0
    _entries = [:]
    _counts = []
    _session = nil
    _rebuild()
    _checkInvariants()
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
    guard let node = _snapshot._node(ofItem: item) else { return nil }
    return _interaction(item, at: node)
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
  /// The node of the virtual root, whose slot counts the whole tree.
  @inlinable
  static var _rootNode: Int32 { TreeSnapshot<ItemID>._rootNode }

  /// The interaction of `item`, which the snapshot holds at `node`.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _interaction(_ item: ItemID, at node: Int32) -> Interaction {
    if !_interactions.isEmpty, let interaction = _interactions[item] { return interaction }
    return _snapshot._numberOfChildren(ofNode: node) == 0 ? .checkToggle : .group()
  }

  /// Whether the item at `node` is a single-selection group.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _isSingleSelectionGroup(_ node: Int32) -> Bool {
    guard _singleSelectionGroups > 0,
      case .group(selection: .single, filter: _)? = _interactions[_snapshot._item(ofNode: node)]
    else { return false }
    return true
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
    if let session = _session, let entry = session.entries[item] { return entry }
    return _entries[item] ?? .empty
  }

  /// The working tally of the item at `node`.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _tally(_ node: Int32) -> _SelectionTally {
    if let session = _session, let tally = session.tallies[node] { return tally }
    return _counts[Int(node)].tally
  }

  /// The working tally of `item`; zero for an item the snapshot does not
  /// hold.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _tally(of item: ItemID) -> _SelectionTally {
    guard let node = _snapshot._node(ofItem: item) else { return .zero }
    return _tally(node)
  }

  /// The number of check toggles of the item at `node` and beneath it.
  ///
  /// - Complexity: O(1).
  @inlinable
  func _toggleCount(_ node: Int32) -> Int { Int(_counts[Int(node)].toggles) }

  /// Changes the working entry of `item`, at `node` — the session's when
  /// one is open, the saved one otherwise — and carries the change of its
  /// tally to the item and its ancestors.
  ///
  /// - Complexity: O(*d*).
  @inlinable
  mutating func _changeEntry(of item: ItemID, at node: Int32, _ change: (inout _SelectionEntry) -> Void) {
    let old = _entry(item)
    var entry = old
    change(&entry)
    guard entry != old else { return }
    let delta = entry.tally - old.tally
    guard _session != nil else {
      _entries[item] = entry.isEmpty ? nil : entry
      guard delta != .zero else { return }
      // The saved counts, changed in place along the ancestors.
      _counts.withUnsafeMutableBufferPointer { counts in
        var current = node
        while true {
          counts[Int(current)].add(delta)
          if current == Self._rootNode { break }
          current = _snapshot._ownerNode(of: current)
        }
      }
      return
    }
    _session!.entries[item] = entry == (_entries[item] ?? .empty) ? nil : entry
    guard delta != .zero else { return }
    // The session's tallies: those that differ from the saved ones.
    var current = node
    while true {
      let tally = _tally(current) + delta
      _session!.tallies[current] = tally == _counts[Int(current)].tally ? nil : tally
      if current == Self._rootNode { break }
      current = _snapshot._ownerNode(of: current)
    }
  }

  /// Calls `visit` with the node `node` and the nodes beneath it in
  /// `snapshot`, parents first, descending beneath a node only when
  /// `visit` returns `true` for it.
  ///
  /// Static, so that `visit` may change the selection: the walk holds the
  /// snapshot alone, which no change of results touches (a method would
  /// hold a copy of the whole selection, and each change would then copy
  /// its storage).
  ///
  /// - Complexity: O(*k* log *b*) for *k* nodes visited.
  @inlinable
  static func _walk(_ snapshot: TreeSnapshot<ItemID>, from node: Int32, _ visit: (Int32) -> Bool) {
    snapshot._walkNodes(from: node, visit)
  }

  /// Whether the node `node` is `ancestor` or beneath it.
  ///
  /// - Complexity: O(*d*).
  @inlinable
  func _isNode(_ node: Int32, atOrBeneath ancestor: Int32) -> Bool {
    var current = node
    while current != ancestor {
      if current == Self._rootNode { return false }
      current = _snapshot._ownerNode(of: current)
    }
    return true
  }

  /// The node of `item`, which must be in the snapshot and, when a
  /// session is open, in the session's subtree.
  ///
  /// - Throws: A ``TreeSelectionError`` for `operation` when it is not.
  /// - Complexity: O(*d*).
  @inlinable
  func _editableNode(_ item: ItemID, for operation: TreeSelectionError.Operation) throws(TreeSelectionError) -> Int32 {
    guard let node = _snapshot._node(ofItem: item) else {
      throw TreeSelectionError(operation: operation, item: "\(item)", reason: .unknownItem)
    }
    try _checkEditable(item, at: node, for: operation)
    return node
  }

  /// Throws unless `item`, at `node`, is in the open session's subtree (or
  /// no session is open).
  ///
  /// - Throws: A ``TreeSelectionError`` for `operation` when it is not.
  /// - Complexity: O(*d*).
  @inlinable
  func _checkEditable(
    _ item: ItemID, at node: Int32, for operation: TreeSelectionError.Operation
  ) throws(TreeSelectionError) {
    if let session = _session, !_isNode(node, atOrBeneath: session.node) {
      throw TreeSelectionError(operation: operation, item: "\(item)", reason: .outsideEditingSession("\(session.item)"))
    }
  }

  /// The number of children of the item at `node` with checked toggles at
  /// or beneath them (in the working copy).
  ///
  /// - Complexity: O(*c*) for *c* children.
  @inlinable
  func _childrenWithCheckedItems(of node: Int32) -> Int {
    var count = 0
    _snapshot._forEachChildNode(of: node) { child in
      if _tally(child).checked > 0 { count += 1 }
    }
    return count
  }

  /// Recounts everything from the entries: drops the entries and
  /// interactions of items the snapshot no longer holds, and the parts of
  /// entries the item's interaction does not allow; then keeps at most one
  /// child of each single-selection group with checked items (the first).
  /// The working copy of an editing session keeps, outside the item open
  /// for editing, only the saved results with some check toggles off (see
  /// ``_outsideEntry(_:of:)``).
  ///
  /// - Complexity: O(*n*) for *n* items.
  mutating func _rebuild() {
    _interactions = _interactions.filter { _snapshot.contains($0.key) }
    _singleSelectionGroups = _interactions.values.count(where: \.isSingleSelectionGroup)
    let session = _session.flatMap { old in _snapshot._node(ofItem: old.item).map { (node: $0, old: old) } }
    _session = nil
    _entries = _sanitized(_entries).filter { !$0.value.isEmpty }
    _counts = _recount(_entries)
    _enforceSingleSelection()
    guard let session else { return }
    var working = _sanitized(session.old.entries)
    for (item, entry) in working {
      guard let node = _snapshot._node(ofItem: item), !_isNode(node, atOrBeneath: session.node) else { continue }
      working[item] = _outsideEntry(entry, of: item)
    }
    _openSession(on: session.old.item, at: session.node, working: working)
    _enforceSingleSelection()
  }

  /// Opens an editing session on `item`, at `node`, whose working copy is
  /// the saved results with `working` over them.
  ///
  /// - Complexity: O(*n*) for *n* items.
  mutating func _openSession(on item: ItemID, at node: Int32, working: [ItemID: _SelectionEntry]) {
    _session = _EditingSession(item: item, node: node)
    for (item, entry) in working where entry != (_entries[item] ?? .empty) {
      _session!.entries[item] = entry
    }
    let workingCounts = _recount(_entries.merging(_session!.entries) { _, new in new })
    for node in workingCounts.indices where workingCounts[node].tally != _counts[node].tally {
      _session!.tallies[Int32(node)] = workingCounts[node].tally
    }
  }

  /// What an editing session's working copy may hold for `item`, outside
  /// the item open for editing: its saved results, with its check toggle
  /// off when `entry`'s is — what checking an item in the session does to
  /// the other children of a single-selection group above it.
  ///
  /// - Complexity: O(1).
  func _outsideEntry(_ entry: _SelectionEntry, of item: ItemID) -> _SelectionEntry {
    var kept = _entries[item] ?? .empty
    kept.isChecked = kept.isChecked && entry.isChecked
    return kept
  }

  /// `entries` without unknown items and without what each item's
  /// interaction does not allow.
  private func _sanitized(_ entries: [ItemID: _SelectionEntry]) -> [ItemID: _SelectionEntry] {
    var result: [ItemID: _SelectionEntry] = [:]
    for (item, entry) in entries {
      guard let node = _snapshot._node(ofItem: item) else { continue }
      result[item] = _sanitized(entry, of: item, at: node)
    }
    return result
  }

  /// `entry` without what the interaction of `item`, at `node`, does not
  /// allow, its results in the order of the options.
  ///
  /// - Complexity: O(*r* + *o*) for *r* results and *o* options.
  func _sanitized(_ entry: _SelectionEntry, of item: ItemID, at node: Int32) -> _SelectionEntry {
    let interaction = _interaction(item, at: node)
    var kept = _SelectionEntry()
    kept.isChecked = entry.isChecked && interaction.isCheckToggle
    if Self._answersProblem(entry.results, for: interaction) == nil {
      kept.results = Self._inOptionOrder(entry.results, of: interaction)
    }
    return kept
  }

  /// The counts of `entries` and of the check toggles, for every node of
  /// the snapshot: children before parents, each adding its counts to its
  /// owner's.
  func _recount(_ entries: [ItemID: _SelectionEntry]) -> ContiguousArray<_SelectionCounts> {
    var counts = ContiguousArray(repeating: _SelectionCounts(), count: _snapshot._nodeCapacity)
    for node in _snapshot._nodesDepthFirst.reversed() {
      let item = _snapshot._item(ofNode: node)
      var own = counts[Int(node)]
      if let entry = entries[item] { own.add(entry.tally) }
      if _interaction(item, at: node).isCheckToggle { own.toggles += 1 }
      counts[Int(node)] = own
      let owner = Int(_snapshot._ownerNode(of: node))
      counts[owner].toggles += own.toggles
      counts[owner].add(own.tally)
    }
    return counts
  }

  /// Unchecks every child but the first with checked items of each
  /// single-selection group.
  private mutating func _enforceSingleSelection() {
    guard _singleSelectionGroups > 0 else { return }
    for (group, interaction) in _interactions {
      guard case .group(selection: .single, filter: _) = interaction, let node = _snapshot._node(ofItem: group)
      else { continue }
      _enforceSingleSelection(in: node)
    }
  }

  /// Unchecks every child but the first with checked items of the
  /// single-selection group at `node`. The order in which groups are
  /// enforced does not matter: a group keeps a child that has checked
  /// items, so enforcing a group beneath it never empties that child, and
  /// unchecking only ever removes checked items.
  ///
  /// - Complexity: O(*c*) for *c* children, plus the subtrees unchecked.
  mutating func _enforceSingleSelection(in node: Int32) {
    var isTaken = false
    var extra: [Int32] = []
    _snapshot._forEachChildNode(of: node) { child in
      guard _tally(child).checked > 0 else { return }
      if isTaken { extra.append(child) } else { isTaken = true }
    }
    for child in extra { _uncheckSubtree(of: child) }
  }

  /// `results` as `item`, at `node`, keeps them (in the order of its
  /// options), or the reason they cannot be its results: the rules of
  /// stored results (``_answersProblem(_:for:)``), with empty texts no
  /// answer to free text.
  ///
  /// - Complexity: O(*r* + *o*) for *r* results and *o* options.
  func _validated(_ results: [String], for item: ItemID, at node: Int32) throws(TreeSelectionError) -> [String] {
    let interaction = _interaction(item, at: node)
    let answers: [String]
    if case .freeText = interaction { answers = results.filter { !$0.isEmpty } } else { answers = results }
    if let problem = Self._answersProblem(answers, for: interaction) {
      throw TreeSelectionError(operation: .answer, item: "\(item)", reason: problem.reason)
    }
    return Self._inOptionOrder(answers, of: interaction)
  }
}
