import TreeDataSource

/// Finds the next item whose name contains a text (by ``NameQuery``'s
/// rule, as the filter), in the data source's whole tree — expanded or
/// not — in row order, wrapping around at the end.
///
/// The search asks the data source directly (a `TreeList` knows only what
/// was shown), so on a lazy source such as a folder it lists what it walks
/// through; `limit` bounds the walk.
struct OutlineSearch {
  /// The text to find, compared without regard to case.
  var query: String
  /// The most items one search looks at.
  var limit: Int

  /// Creates a search for `query` that looks at no more than `limit` items.
  init(query: String, limit: Int = 1_000_000) {
    self.query = query
    self.limit = limit
  }

  /// The result of one search.
  enum Outcome: Equatable {
    /// The first match after the start.
    case found(TreePath)
    /// No item matches.
    case notFound
    /// No match among the first `limit` items looked at.
    case gaveUp(after: Int)
  }

  /// Searches the items after `start` (from the first root item when `nil`),
  /// then from the top down to `start` itself.
  ///
  /// - Complexity: O(*n* *d*) for the *n* items looked at, plus what the
  ///   data source spends answering.
  func next<Source: OutlineSource>(after start: TreePath?, in source: Source) -> Outcome {
    let query = NameQuery(query)
    guard !query.isEmpty, source.numberOfSubitems(of: nil) > 0 else { return .notFound }
    var path = start.flatMap { Self.item(after: $0, in: source) } ?? [0]
    var looked = 0
    while looked < limit {
      looked += 1
      if query.matches(source.item(at: path).name) { return .found(path) }
      if path == start { return .notFound }
      path = Self.item(after: path, in: source) ?? [0]
      if start == nil && path == [0] { return .notFound }
    }
    return .gaveUp(after: looked)
  }

  /// The item after `path` in row order as if everything were expanded: its
  /// first subitem, else its next sibling or an ancestor's; `nil` after the
  /// last item.
  static func item<Source: OutlineSource>(after path: TreePath, in source: Source) -> TreePath? {
    if source.item(at: path).isContainer, source.numberOfSubitems(of: path) > 0 { return path.appending(0) }
    var path = path
    while let last = path.last {
      if last + 1 < source.numberOfSubitems(of: path.parent) { return path.replacingLast(with: last + 1) }
      guard let parent = path.parent else { return nil }
      path = parent
    }
    return nil
  }
}
