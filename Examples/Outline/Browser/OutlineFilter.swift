import TreeDataSource

/// Filter as you type: the items whose names match a query (by
/// ``NameQuery``'s rule, as search), each with its ancestors opened to show
/// it, on a `DiffableTreeList` that gets every new query's rows as one
/// change set.
///
/// The list's items are the source's, identified by their tree paths in the
/// source, so that a match's row is drawn from the source's entry, at its
/// own level. A filter starts from the rows a `TreeList` shows, with their
/// expansion: that is what the empty query shows, and the first key narrows
/// it. The `TreeList` itself is never changed, so the browser goes back to it
/// exactly as it was.
///
/// Typing one more key can only narrow the matches, so the filter looks
/// again only at the items the shorter query matched, whose lowered names it
/// keeps; and it keeps the matches of every query typed on the way, so
/// Backspace looks at no item at all. Only the first key walks the source's
/// whole tree, expanded or not, as search does, and no further than
/// ``limit`` items.
struct OutlineFilter<Source: OutlineSource> {
  /// An item whose name matches: its path in the source and its name,
  /// lowered for ``NameQuery/matches(lowered:)``.
  struct Match: Equatable {
    /// Where the item is in the source.
    var path: TreePath
    /// The item's name, lowered.
    var loweredName: [UInt8]
  }

  /// One query typed on the way and the items it matches, in row order.
  private struct Step {
    var query: NameQuery
    var matches: [Match]
  }

  /// The data source whose items are filtered.
  let source: Source
  /// The list the filter shows, by source tree path.
  let list = DiffableTreeList<TreePath>()
  /// The rows the filter started from, with their expansion: what the empty
  /// query shows.
  let unfiltered: TreeSnapshot<TreePath>
  /// The most items the first key's walk looks at.
  let limit: Int
  /// The text typed so far.
  private(set) var query = ""
  /// The queries typed on the way to ``query`` that are not empty, each one
  /// key longer than the one before, with their matches.
  private var steps: [Step] = []
  /// How many items the walk looked at when it stopped at ``limit`` before
  /// the end of the tree; `nil` when it looked at every item.
  private(set) var gaveUpAfter: Int?

  /// Creates a filter of `source` that starts from the rows `rows` shows,
  /// with an empty query.
  ///
  /// - Parameters:
  ///   - source: The data source to filter; `rows`'s.
  ///   - rows: The list whose visible rows, with their expansion, the empty
  ///     query shows.
  ///   - limit: The most items a walk of the source looks at.
  /// - Complexity: O(*v* *d* log *b*) for *v* visible rows.
  init(source: Source, showing rows: TreeList<Source>, limit: Int = 1_000_000) {
    self.source = source
    self.limit = limit
    self.unfiltered = Self.snapshot(showing: rows)
    list.apply(unfiltered)
  }

  /// The items the query matches, in row order; empty for the empty query.
  var matches: [Match] { steps.last?.matches ?? [] }

  /// Whether the row of the item at `path` is one the query asks for: a
  /// match, or any row at all for the empty query.
  ///
  /// - Complexity: O(*d* log *b*) and one `item(at:)` call.
  func isMatch(_ path: TreePath) -> Bool {
    guard let step = steps.last else { return list.row(of: path) != nil }
    return list.row(of: path) != nil && step.query.matches(source.item(at: path).name)
  }

  // MARK: Typing

  /// Adds `character` to the query and shows its matches.
  ///
  /// - Complexity: O(*m* *q* + *w* *d* log *b*) for the *m* items the last
  ///   query matched, a query of *q* bytes and *w* rows shown — plus the
  ///   update of the list; the first key walks the whole tree instead,
  ///   O(*n* *d*) for *n* items and the data source's answers.
  mutating func type(_ character: Character) {
    query.append(character)
    let next = NameQuery(query)
    if let step = steps.last {
      steps.append(Step(query: next, matches: step.matches.filter { next.matches(lowered: $0.loweredName) }))
    } else {
      steps.append(Step(query: next, matches: walk(matching: next)))
    }
    show()
  }

  /// Removes the query's last character and shows the matches of what is
  /// left, kept from when it was typed; the rows the filter started from
  /// once the query is empty. Does nothing to the empty query.
  ///
  /// - Complexity: O(*w* *d* log *b*) for *w* rows shown, plus the update
  ///   of the list.
  mutating func deleteBackward() {
    guard !query.isEmpty else { return }
    query.removeLast()
    // A character of several scalars was typed as several keys: drop the
    // steps of all of them.
    let count = query.unicodeScalars.count
    while let step = steps.last, step.query.text.unicodeScalars.count > count { steps.removeLast() }
    if steps.isEmpty { gaveUpAfter = nil }
    show()
  }

  /// Applies the rows of the current query to the list: one update.
  private func show() {
    list.apply(steps.last.map { Self.snapshot(of: $0.matches) } ?? unfiltered)
  }

  /// The items of the source that `query` matches, in row order, looking at
  /// no more than ``limit`` items; sets ``gaveUpAfter``.
  ///
  /// A depth-first walk with a stack of its own (a document may nest deeper
  /// than the call stack allows): each item's entry asked once, each
  /// container's number of subitems once.
  private mutating func walk(matching query: NameQuery) -> [Match] {
    var found: [Match] = []
    // The containers being walked: each one's path, its number of subitems
    // and the next of them to look at.
    var stack: [(path: TreePath?, count: Int, next: Int)] = [(nil, source.numberOfSubitems(of: nil), 0)]
    var looked = 0
    while let top = stack.last {
      guard top.next < top.count else {
        stack.removeLast()
        continue
      }
      guard looked < limit else {
        gaveUpAfter = looked
        break
      }
      looked += 1
      stack[stack.count - 1].next += 1
      let path = top.path?.appending(top.next) ?? [top.next]
      let entry = source.item(at: path)
      let name = NameQuery.lowered(entry.name)
      if query.matches(lowered: name) { found.append(Match(path: path, loweredName: name)) }
      if entry.isContainer { stack.append((path, source.numberOfSubitems(of: path), 0)) }
    }
    return found
  }

  // MARK: Snapshots

  /// The tree of `matches`: each match with its ancestors, in row order,
  /// every ancestor expanded; a match with no match beneath it collapsed.
  ///
  /// - Parameter matches: Items in row order.
  /// - Complexity: O(*k* *d* log *b*) for the *k* items the tree holds.
  static func snapshot(of matches: [Match]) -> TreeSnapshot<TreePath> {
    var items: [TreePath] = []
    var previous: TreePath?
    for match in matches {
      let path = match.path
      // In row order, the ancestors a match shares with the match before
      // it are in the tree already, and none of the others is.
      var shared = 0
      if let previous {
        while shared < Swift.min(path.depth, previous.depth), path[shared] == previous[shared] { shared += 1 }
      }
      for depth in (shared + 1)..<path.depth { items.append(TreePath(path.prefix(depth))) }
      items.append(path)
      previous = path
    }
    return snapshot(of: items) { _, hasSubitems in hasSubitems }
  }

  /// The visible rows of `rows`, with their expansion, as a snapshot.
  ///
  /// - Complexity: O(*v* *d* log *b*) for *v* visible rows.
  static func snapshot(showing rows: TreeList<Source>) -> TreeSnapshot<TreePath> {
    let items = (0..<rows.numberOfRows).compactMap(rows.treePath(forRow:))
    return snapshot(of: items) { item, _ in rows.isExpanded(item) }
  }

  /// A snapshot of `items`, given in row order with every item's parent
  /// among them, in which the items `isExpanded` says are expanded; it is
  /// told each item and whether it has subitems among `items`.
  ///
  /// The subitems of each item are appended in one call.
  ///
  /// - Complexity: O(*k* *d* log *b*) for *k* items.
  private static func snapshot(
    of items: [TreePath], expanding isExpanded: (TreePath, Bool) -> Bool
  ) -> TreeSnapshot<TreePath> {
    var subitems: [TreePath?: [TreePath]] = [:]
    for item in items { subitems[item.parent, default: []].append(item) }
    var snapshot = TreeSnapshot<TreePath>()
    // Row order puts every item after its parent: the parent is in the
    // snapshot when its subitems are appended.
    try? snapshot.append(subitems[nil] ?? [], to: nil)
    for item in items {
      if let children = subitems[item] { try? snapshot.append(children, to: item) }
    }
    snapshot.expand(items.filter { isExpanded($0, subitems[$0] != nil) })
    return snapshot
  }
}

extension OutlineFilter: OutlineRows {
  var numberOfRows: Int { list.numberOfRows }
  var contentHeight: Double { list.contentHeight }
  func offset(ofRow row: Int) -> Double { list.offset(ofRow: row) }
  func row(atOffset offset: Double) -> Int? { list.row(atOffset: offset) }

  /// The text of the filtered row `row`: the source's entry at its level,
  /// ▾ when the filter shows its subitems.
  ///
  /// - Precondition: `row` is in `0 ..< numberOfRows`.
  /// - Complexity: O(*d* log *b*), plus one `item(at:)` call.
  func rowText(_ row: Int) -> String {
    let path = list.itemID(atRow: row)!
    return source.item(at: path).row(level: path.depth - 1, isExpanded: list.snapshot.isExpanded(path))
  }

  /// The text of the filtered row `row` with indent guides: a line
  /// continues below the row where an ancestor has a later sibling among
  /// the filtered items.
  ///
  /// - Precondition: `row` is in `0 ..< numberOfRows`.
  /// - Complexity: O(*d* log *b*), plus one `item(at:)` call.
  func guidedRowText(_ row: Int) -> String {
    let path = list.itemID(atRow: row)!
    let guides = list.snapshot.index.indentGuides(forRow: row)
    return source.item(at: path).row(level: 0, isExpanded: list.snapshot.isExpanded(path)).guided(by: guides)
  }
}

extension String {
  /// The row text `self`, of an item at the level `guides` tell,
  /// indented by the guides: `├` or `└` before the item, `│` in the column
  /// of each ancestor whose subitems continue below; nothing for a root
  /// item, which has no guides.
  ///
  /// - Complexity: O(*d*).
  func guided(by guides: TreeIndentGuides?) -> String {
    guard let guides, !guides.continuesBelow.isEmpty else { return self }
    var prefix = ""
    for continues in guides.continuesBelow.dropFirst() { prefix += continues ? "│ " : "  " }
    return prefix + (guides.isLastSubitem ? "└ " : "├ ") + self
  }
}
