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
  /// - Parameters:
  ///   - filters: Packaged filters.
  ///   - name: The name of an item, as the filters show it.
  /// - Throws: A ``TreeSelectionError`` when an editing session is open,
  ///   or with reason ``TreeSelectionError/Reason/unknownFilterEntries(_:)``
  ///   listing every filter, item and option the selection does not have,
  ///   or when they check several children of a single-selection group;
  ///   the selection is then unchanged.
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
    var checked: [Int32] = []
    var answers: [Int32: [String]] = [:]
    var answered: [Int32] = []
    for filter in filters {
      let root = filter.root
      guard let named = toggles[root] else {
        unknown.append("filter \"\(root.key): \(root.value)\"")
        continue
      }
      for pair in filter.pairs {
        if pair.key == root.key, let node = named[pair.value] {
          checked.append(node)
        } else if let node = questions[root]?[pair.key] {
          let interaction = _interaction(_snapshot._item(ofNode: node), at: node)
          if case .freeText = interaction, pair.value.isEmpty || !(answers[node]?.isEmpty ?? true) {
            unknown.append("answer \"\(pair.value)\" to \"\(pair.key)\" (free text takes one non-empty answer)")
          } else if case .singleChoice = interaction, !(answers[node]?.isEmpty ?? true) {
            unknown.append("answer \"\(pair.value)\" to \"\(pair.key)\" (a single choice takes one answer)")
          } else if !interaction.options.isEmpty, !interaction.options.contains(pair.value) {
            unknown.append("option \"\(pair.value)\" of \"\(pair.key)\" in filter \"\(root.key): \(root.value)\"")
          } else {
            if answers[node] == nil { answered.append(node) }
            if !(answers[node]?.contains(pair.value) ?? false) { answers[node, default: []].append(pair.value) }
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
    restored.clear()
    for node in checked {
      restored._changeEntry(of: _snapshot._item(ofNode: node), at: node) { $0.isChecked = true }
    }
    for node in answered {
      let item = _snapshot._item(ofNode: node)
      let results = interactionOrdered(answers[node] ?? [], for: item, at: node)
      restored._changeEntry(of: item, at: node) { $0.results = results }
    }
    for (group, interaction) in _interactions where interaction.isSingleSelectionGroup {
      guard let node = _snapshot._node(ofItem: group), restored._childrenWithCheckedItems(of: node) > 1 else {
        continue
      }
      throw TreeSelectionError(operation: .restore, item: "\(group)", reason: .singleSelectionConflict("\(group)"))
    }
    self = restored
  }
}

extension TreeSelection {
  /// `answers` in the order of the options of `item`, at `node`, if it
  /// has any.
  private func interactionOrdered(_ answers: [String], for item: ItemID, at node: Int32) -> [String] {
    let options = _interaction(item, at: node).options
    guard !options.isEmpty else { return answers }
    let chosen = Set(answers)
    return options.filter { chosen.contains($0) }
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
