import TreeDataSource

/// The naive model of a `TreeSelection<Int>`: whole copies of the results,
/// and every state and count recounted from scratch by walking subtrees.
struct SelectionModel {
  typealias Interaction = TreeSelection<Int>.Interaction
  typealias CheckState = TreeSelection<Int>.CheckState

  /// One item's results.
  struct Entry: Equatable {
    var isChecked = false
    var results: [String] = []
  }

  /// A refused call: the case name of the reason the selection must give.
  struct Refusal: Error, Equatable {
    var reason: String
  }

  var snapshot: TreeSnapshot<Int>
  var interactions: [Int: Interaction]
  var saved: [Int: Entry] = [:]
  var working: [Int: Entry]?
  var session: Int?

  init(_ snapshot: TreeSnapshot<Int>, interactions: [Int: Interaction]) {
    self.snapshot = snapshot
    self.interactions = interactions
  }

  // MARK: Reading, from scratch

  func interaction(_ item: Int) -> Interaction {
    interactions[item] ?? (snapshot.children(of: item).isEmpty ? .checkToggle : .group())
  }

  func subtree(_ item: Int) -> [Int] {
    [item] + snapshot.children(of: item).flatMap { subtree($0) }
  }

  var current: [Int: Entry] { working ?? saved }

  func entry(_ item: Int) -> Entry { current[item] ?? Entry() }

  func toggles(in item: Int) -> [Int] { subtree(item).filter { interaction($0).isCheckToggle } }

  func checkedCount(in item: Int) -> Int { toggles(in: item).filter { entry($0).isChecked }.count }

  func answeredCount(in item: Int) -> Int { subtree(item).filter { !entry($0).results.isEmpty }.count }

  func checkState(of item: Int) -> CheckState {
    let checked = checkedCount(in: item)
    if checked == 0 { return .unchecked }
    return checked == toggles(in: item).count ? .checked : .mixed
  }

  func isSingle(_ item: Int) -> Bool {
    if case .group(selection: .single, filter: _) = interaction(item) { return true }
    return false
  }

  func ancestors(of item: Int) -> [Int] {
    var result: [Int] = []
    var current = snapshot.parent(of: item)
    while let x = current {
      result.append(x)
      current = snapshot.parent(of: x)
    }
    return result
  }

  /// The saved results packaged naively: per filter group in depth-first
  /// order, the results of the items whose nearest filter group it is.
  func packagedFilters(naming name: (Int) -> String) -> [PackagedFilter] {
    func filterRoot(_ item: Int) -> PackagedFilter.Pair? {
      if case .group(selection: _, filter: let filter?) = interaction(item) { return filter }
      return nil
    }
    var result: [PackagedFilter] = []
    for group in snapshot.items {
      guard let root = filterRoot(group) else { continue }
      var pairs: [PackagedFilter.Pair] = []
      for item in subtree(group).dropFirst() {
        // The nearest filter group above `item` must be `group`.
        guard ancestors(of: item).first(where: { filterRoot($0) != nil }) == group else { continue }
        let entry = saved[item] ?? Entry()
        if entry.isChecked { pairs.append(.init(key: root.key, value: name(item))) }
        for answer in entry.results { pairs.append(.init(key: name(item), value: answer)) }
      }
      if !pairs.isEmpty { result.append(PackagedFilter(key: root.key, value: root.value, pairs: pairs)) }
    }
    return result
  }

  // MARK: Changing

  private mutating func set(_ entry: Entry, for item: Int) {
    if working != nil { working![item] = entry } else { saved[item] = entry }
  }

  private func checkEditable(_ item: Int) throws(Refusal) {
    guard snapshot.contains(item) else { throw Refusal(reason: "unknownItem") }
    if let session, !subtree(session).contains(item) { throw Refusal(reason: "outsideEditingSession") }
  }

  private mutating func uncheckAll(under item: Int) {
    for toggle in toggles(in: item) {
      var entry = entry(toggle)
      entry.isChecked = false
      set(entry, for: toggle)
    }
  }

  mutating func check(_ item: Int) throws(Refusal) {
    try checkEditable(item)
    guard !toggles(in: item).isEmpty else { throw Refusal(reason: "notCheckable") }
    for group in subtree(item) where isSingle(group) {
      if snapshot.children(of: group).filter({ !toggles(in: $0).isEmpty }).count > 1 {
        throw Refusal(reason: "singleSelectionConflict")
      }
    }
    var child = item
    for ancestor in ancestors(of: item) {
      if isSingle(ancestor) {
        for sibling in snapshot.children(of: ancestor) where sibling != child { uncheckAll(under: sibling) }
      }
      child = ancestor
    }
    for toggle in toggles(in: item) {
      var entry = entry(toggle)
      entry.isChecked = true
      set(entry, for: toggle)
    }
  }

  mutating func uncheck(_ item: Int) throws(Refusal) {
    try checkEditable(item)
    guard !toggles(in: item).isEmpty else { throw Refusal(reason: "notCheckable") }
    uncheckAll(under: item)
  }

  mutating func toggle(_ item: Int) throws(Refusal) {
    if checkState(of: item) == .checked { try uncheck(item) } else { try check(item) }
  }

  func validated(_ results: [String], for item: Int) throws(Refusal) -> [String] {
    switch interaction(item) {
    case .group, .checkToggle:
      throw Refusal(reason: "notAnswerable")
    case .freeText:
      let answers = results.filter { !$0.isEmpty }
      guard answers.count <= 1 else { throw Refusal(reason: "invalidResults") }
      return answers
    case .checklist(let options), .singleChoice(let options):
      guard results.allSatisfy(options.contains), Set(results).count == results.count else {
        throw Refusal(reason: "invalidResults")
      }
      if case .singleChoice = interaction(item), results.count > 1 { throw Refusal(reason: "invalidResults") }
      return options.filter(results.contains)
    }
  }

  mutating func setResults(_ results: [String], for item: Int) throws(Refusal) {
    try checkEditable(item)
    var entry = entry(item)
    entry.results = try validated(results, for: item)
    set(entry, for: item)
  }

  mutating func toggle(option: String, for item: Int) throws(Refusal) {
    try checkEditable(item)
    let current = entry(item).results
    switch interaction(item) {
    case .checklist:
      try setResults(current.contains(option) ? current.filter { $0 != option } : current + [option], for: item)
    case .singleChoice:
      try setResults(current.contains(option) ? [] : [option], for: item)
    case .freeText:
      throw Refusal(reason: "invalidResults")
    case .group, .checkToggle:
      throw Refusal(reason: "notAnswerable")
    }
  }

  mutating func setInteraction(_ interaction: Interaction, for item: Int) throws(Refusal) {
    guard snapshot.contains(item) else { throw Refusal(reason: "unknownItem") }
    guard session == nil else { throw Refusal(reason: "sessionAlreadyOpen") }
    if Set(interaction.options).count != interaction.options.count || interaction.options.contains("") {
      throw Refusal(reason: "invalidInteraction")
    }
    if case .group(selection: .single, filter: _) = interaction,
      snapshot.children(of: item).filter({ checkedCount(in: $0) > 0 }).count > 1
    {
      throw Refusal(reason: "singleSelectionConflict")
    }
    saved[item] = Entry()
    interactions[item] = interaction
  }

  mutating func beginEditing(_ item: Int) throws(Refusal) {
    guard snapshot.contains(item) else { throw Refusal(reason: "unknownItem") }
    guard session == nil else { throw Refusal(reason: "sessionAlreadyOpen") }
    session = item
    working = saved
  }

  mutating func saveEditing() throws(Refusal) {
    guard let working else { throw Refusal(reason: "noEditingSession") }
    saved = working
    self.working = nil
    session = nil
  }

  mutating func cancelEditing() {
    working = nil
    session = nil
  }

  mutating func clear() {
    if let session {
      for item in subtree(session) { working![item] = Entry() }
    } else {
      saved = [:]
    }
  }

  /// A new tree: deleted items leave, entries keep what the (maybe new
  /// default) interaction allows, the working copy changes nothing outside
  /// the item open for editing but turn check toggles off, and each
  /// single-selection group keeps its first child with checked items.
  mutating func apply(_ newSnapshot: TreeSnapshot<Int>) {
    snapshot = newSnapshot
    interactions = interactions.filter { newSnapshot.contains($0.key) }
    if let session, !newSnapshot.contains(session) { cancelEditing() }
    func sanitized(_ entries: [Int: Entry]) -> [Int: Entry] {
      var result: [Int: Entry] = [:]
      for (item, entry) in entries where newSnapshot.contains(item) {
        let interaction = interaction(item)
        result[item] = Entry(
          isChecked: entry.isChecked && interaction.isCheckToggle,
          results: interaction.takesAnswers ? entry.results : [])
      }
      return result
    }
    let workingCopy = working.map { sanitized($0) }
    working = nil
    saved = sanitized(saved)
    enforceSingleSelection()
    if let workingCopy, let session {
      // Outside the item open for editing, the working copy keeps only
      // the saved results, with check toggles it turned off.
      let inside = Set(subtree(session))
      working = saved.merging(workingCopy) { _, new in new }
      for (item, entry) in working! where !inside.contains(item) {
        let old = saved[item] ?? Entry()
        working![item] = Entry(isChecked: old.isChecked && entry.isChecked, results: old.results)
      }
      enforceSingleSelection()
    }
  }

  private mutating func enforceSingleSelection() {
    for group in snapshot.items where interactions[group] != nil && isSingle(group) {
      var isTaken = false
      for child in snapshot.children(of: group) where checkedCount(in: child) > 0 {
        if isTaken { uncheckAll(under: child) } else { isTaken = true }
      }
    }
  }
}

extension SelectionModel {
  /// The nearest group with a filter key above `item`, if any.
  func packagedFiltersOwner(of item: Int) -> Int? {
    ancestors(of: item).first { ancestor in
      if case .group(selection: _, filter: _?) = interaction(ancestor) { return true }
      return false
    }
  }
}
