import TreeIndex

extension TreeSelection {
  /// The saved results packaged for a query: one ``PackagedFilter`` for
  /// each group with a filter key (see ``Interaction/group(selection:filter:)``)
  /// that has results, in the tree's order.
  ///
  /// Each checked check toggle gives the pair (the group's key, its name);
  /// each answer of a question gives the pair (the question's name, the
  /// answer). Results belong to the nearest group with a filter key above
  /// them; results with none above them are not packaged.
  ///
  /// - Parameter name: The name of an item, as the filters show it.
  /// - Returns: The packaged filters.
  /// - Complexity: O(*k* log *b*) for *k* items with saved results or
  ///   above them.
  public func packagedFilters(naming name: (ItemID) -> String) -> [PackagedFilter] {
    var filters: [PackagedFilter] = []
    // Each item with saved results beneath it, and the filter of the
    // nearest filter group above it.
    var stack: [(node: Int32, filter: Int?)] = _childNodesReversed(of: Self._rootNode).map { ($0, nil) }
    while let (node, filter) = stack.popLast() {
      guard _counts[Int(node)].tally != .zero else { continue }
      let item = _snapshot._item(ofNode: node)
      var owner = filter
      if case .group(selection: _, filter: let key?) = _interaction(item, at: node) {
        owner = filters.count
        filters.append(PackagedFilter(key: key.key, value: key.value, pairs: []))
      }
      if let index = filter, let entry = _entries[item] {
        if entry.isChecked { filters[index].pairs.append(.init(key: filters[index].key, value: name(item))) }
        for result in entry.results { filters[index].pairs.append(.init(key: name(item), value: result)) }
      }
      for child in _childNodesReversed(of: node) { stack.append((child, owner)) }
    }
    return filters.filter { !$0.pairs.isEmpty }
  }

  /// Replaces the saved results with those `filters` name, as
  /// ``packagedFilters(naming:)`` wrote them: turns on the check toggle of
  /// each item they name (and no other) and gives each question the
  /// answers they name; everything else is unchecked and unanswered.
  ///
  /// The filters are checked against the rules every change keeps, as a
  /// decoded selection is (see ``init(from:)``): answers given in another
  /// order are kept in the order of their options.
  ///
  /// - Parameters:
  ///   - filters: Packaged filters.
  ///   - name: The name of an item, as the filters show it.
  /// - Throws: A ``TreeSelectionError`` when an editing session is open,
  ///   or with reason ``TreeSelectionError/Reason/unknownFilterEntries(_:)``
  ///   listing every filter, item and option the selection does not have
  ///   and every answer its question does not take (repeated, one too
  ///   many, empty text), or when they check several children of a
  ///   single-selection group; the selection is then unchanged.
  /// - Complexity: O(*n* log *b* + *p* *d*) for *n* items and *p* pairs.
  public mutating func restore(from filters: [PackagedFilter], naming name: (ItemID) -> String) throws(TreeSelectionError) {
    defer { _checkInvariants() }
    if let session = _session {
      throw TreeSelectionError(operation: .restore, item: nil, reason: .sessionAlreadyOpen("\(session.item)"))
    }
    // The nodes of the items each filter's pairs may name, by name.
    var toggles: [PackagedFilter.Pair: [String: Int32]] = [:]
    var questions: [PackagedFilter.Pair: [String: Int32]] = [:]
    var stack: [(node: Int32, root: PackagedFilter.Pair?)] = _childNodesReversed(of: Self._rootNode).map { ($0, nil) }
    while let (node, root) = stack.popLast() {
      let item = _snapshot._item(ofNode: node)
      let interaction = _interaction(item, at: node)
      var owner = root
      if case .group(selection: _, filter: let filter?) = interaction {
        owner = filter
        toggles[filter, default: [:]] = toggles[filter, default: [:]]
      }
      if let root {
        if interaction.isCheckToggle, toggles[root]?[name(item)] == nil { toggles[root]![name(item)] = node }
        if interaction.takesAnswers, questions[root]?[name(item)] == nil { questions[root, default: [:]][name(item)] = node }
      }
      for child in _childNodesReversed(of: node) { stack.append((child, owner)) }
    }
    var unknown: [String] = []
    // The results the filters give, by node, as `_replaceSavedEntries`
    // checks them: each answer is refused here on its own, so that every
    // refused one is listed.
    var entries: [Int32: _SelectionEntry] = [:]
    for filter in filters {
      let root = filter.root
      guard let named = toggles[root] else {
        unknown.append("filter \"\(root.key): \(root.value)\"")
        continue
      }
      for pair in filter.pairs {
        if pair.key == root.key, let node = named[pair.value] {
          entries[node, default: .empty].isChecked = true
        } else if let node = questions[root]?[pair.key] {
          let interaction = _interaction(_snapshot._item(ofNode: node), at: node)
          let answers = (entries[node]?.results ?? []) + [pair.value]
          switch Self._answersProblem(answers, for: interaction) {
          case nil:
            entries[node, default: .empty].results = answers
          case .notOptions:
            unknown.append("option \"\(pair.value)\" of \"\(pair.key)\" in filter \"\(root.key): \(root.value)\"")
          case .tooManyChoices:
            unknown.append("answer \"\(pair.value)\" to \"\(pair.key)\" (a single choice takes one answer)")
          case .tooManyTexts, .emptyText:
            unknown.append("answer \"\(pair.value)\" to \"\(pair.key)\" (free text takes one non-empty answer)")
          case .repeats:
            unknown.append("answer \"\(pair.value)\" to \"\(pair.key)\" (it repeats)")
          case .notAnswerable:
            unknown.append("answer \"\(pair.value)\" to \"\(pair.key)\" (it takes no answers)")
          }
        } else {
          unknown.append("item \"\(pair.key): \(pair.value)\" in filter \"\(root.key): \(root.value)\"")
        }
      }
    }
    guard unknown.isEmpty else {
      throw TreeSelectionError(operation: .restore, item: nil, reason: .unknownFilterEntries(unknown))
    }
    var restored = self
    do {
      try restored._replaceSavedEntries(
        with: Dictionary(uniqueKeysWithValues: entries.map { (_snapshot._item(ofNode: $0.key), $0.value) }))
    } catch {
      throw TreeSelectionError(operation: .restore, item: error.item, reason: error.reason)
    }
    self = restored
  }
}

extension TreeSelection {
  /// The nodes of the children of the item at `node`, last first: what a
  /// depth-first walk with a stack pushes.
  ///
  /// - Complexity: O(*c*) for *c* children.
  private func _childNodesReversed(of node: Int32) -> [Int32] {
    var children: [Int32] = []
    _snapshot._forEachChildNode(of: node) { children.append($0) }
    children.reverse()
    return children
  }
}

extension TreeSelection where ItemID == String {
  /// The saved results packaged for a query, each item named by its
  /// identifier: ``packagedFilters(naming:)``.
  ///
  /// - Returns: The packaged filters.
  /// - Complexity: O(*k* log *b*) for *k* items with saved results or
  ///   above them.
  public func packagedFilters() -> [PackagedFilter] { packagedFilters { $0 } }

  /// Replaces the saved results with those `filters` name, each item named
  /// by its identifier: ``restore(from:naming:)``.
  ///
  /// - Parameter filters: Packaged filters.
  /// - Throws: What ``restore(from:naming:)`` throws; the selection is then
  ///   unchanged.
  /// - Complexity: O(*n* log *b* + *p* *d*) for *n* items and *p* pairs.
  public mutating func restore(from filters: [PackagedFilter]) throws(TreeSelectionError) {
    try restore(from: filters) { $0 }
  }
}
