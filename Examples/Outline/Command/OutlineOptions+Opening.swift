import TreeDataSource

/// Opening what the options name: the data source, and the items the flags
/// expand.
extension OutlineOptions {
  /// The data source of ``input``.
  ///
  /// - Throws: An ``OutlineError`` when the folder or document cannot be
  ///   read or parsed, or the document is larger than
  ///   ``maximumInputBytes``.
  /// - Complexity: O(*n*) for a document of *n* bytes; a folder's root
  ///   entries for `--fs`.
  func makeSource() throws(OutlineError) -> any OutlineSource {
    switch input {
    case .planets: return StaticTree.planets()
    case .folder(let path): return try FileSystemTree(rootPath: path)
    case .json(let path): return try StaticTree.json(contentsOf: path, maximumBytes: maximumInputBytes)
    case .propertyList(let path): return try StaticTree.propertyList(contentsOf: path, maximumBytes: maximumInputBytes)
    }
  }

  /// A loaded list of `source` with what the flags say open: everything,
  /// *n* levels, or the `--expand` paths, on top of the data source's
  /// initial state.
  ///
  /// - Parameter source: The source ``makeSource()`` made.
  /// - Returns: The list, `.flat`, ready to show.
  /// - Throws: An ``OutlineError`` naming an `--expand` path that names no
  ///   item.
  /// - Complexity: That of the expansions: the items opened, each
  ///   O(*d* log *b*) plus the data source's answers.
  func makeList<Source: OutlineSource>(for source: Source) throws(OutlineError) -> TreeList<Source> {
    let list = TreeList(dataSource: source)
    list.reloadData()
    do {
      if expandsAll {
        try list.expandAll()
      } else if expandedPaths.isEmpty, let depth {
        list.collapseAll()
        for root in 0..<(list.numberOfSubitems(of: nil) ?? 0) {
          try list.open([root], levels: depth)
        }
      }
    } catch {
      throw OutlineError("cannot open the outline: \(error)")
    }
    for path in expandedPaths {
      do {
        try list.reveal(path)
        try list.open(path, levels: depth ?? 1)
      } catch {
        throw OutlineError("--expand \(Self.text(of: path)): \(error)")
      }
    }
    return list
  }
}

extension TreeList where DataSource: OutlineSource {
  /// Expands the visible item at `treePath` and its subitems, `levels`
  /// levels deep; leaves stay as they are.
  ///
  /// - Parameters:
  ///   - treePath: A visible item.
  ///   - levels: How many levels to open: 0 opens nothing, 1 the item.
  /// - Throws: What ``TreeList/expand(_:recursively:)`` throws.
  /// - Complexity: O(*d* log *b*) per item opened, plus the data source's
  ///   answers about the subitems that appear.
  func open(_ treePath: TreePath, levels: Int) throws {
    guard levels > 0, dataSource.item(at: treePath).isContainer else { return }
    try expand(treePath)
    for i in 0..<(numberOfSubitems(of: treePath) ?? 0) {
      try open(treePath.appending(i), levels: levels - 1)
    }
  }

  /// The visible rows as text, top to bottom: each indented by its level,
  /// with a ▸ or ▾ marker on containers.
  ///
  /// - Complexity: O(*n* *d* log *b*) for *n* rows, plus one
  ///   ``TreeDataSource/item(at:)`` call per row.
  var rowTexts: [String] {
    (0..<numberOfRows).map(rowText(_:))
  }

  /// The text of the visible row `row`, indented by its level, with a ▸ or
  /// ▾ marker when it is a container.
  ///
  /// - Precondition: `row` is in `0 ..< numberOfRows`.
  /// - Complexity: O(*d* log *b*), plus one ``TreeDataSource/item(at:)``
  ///   call.
  func rowText(_ row: Int) -> String {
    let treePath = self.treePath(forRow: row)!
    return dataSource.item(at: treePath).row(level: treePath.depth - 1, isExpanded: isExpanded(treePath))
  }
}
