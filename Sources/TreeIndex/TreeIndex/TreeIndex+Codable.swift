extension TreeIndex: Codable {
  private enum CodingKeys: String, CodingKey {
    case layout, numberOfRootItems, items
  }

  /// One known item as it is encoded: its depth (1 for a root item) and its
  /// index among its siblings, its parent being the closest item before it
  /// one level up, so that the encoding grows with the number of known
  /// items, not with their depth. The first encoding named each item by its
  /// whole `path`; that form still decodes.
  private struct KnownItem: Codable {
    var depth: Int?
    var index: Int?
    var path: TreePath?
    var numberOfSubitems: Int
    var isExpanded: Bool
  }

  /// Encodes the layout, the number of root items and each known item (its
  /// depth, its index among its siblings, its number of subitems and
  /// whether it is expanded) in depth-first order.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  /// - Complexity: O(*k*) for *k* known items, whatever their depth.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(layout, forKey: .layout)
    try container.encode(numberOfRootItems, forKey: .numberOfRootItems)
    var items: [KnownItem] = []
    _forEachKnownNode { depth, index, node in
      items.append(
        KnownItem(
          depth: depth, index: index, numberOfSubitems: _arena.count(node), isExpanded: _arena.isExpanded(node)))
    }
    try container.encode(items, forKey: .items)
  }

  /// Decodes an index written by ``encode(to:)``, checking everything
  /// against the tree above it, so that untrusted data gives an error and
  /// never an index that fails later.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the item at fault when
  ///   an item does not fit the tree above it (a depth that skips a level,
  ///   an index out of range), a count is negative, an item is listed twice,
  ///   or the counts would give an item more than ``maximumNumberOfRows``
  ///   rows; the errors of the decoder for data of the wrong shape.
  /// - Complexity: O(*k* log *b*) for *k* known items, whatever their depth
  ///   (O(*k* (*d* log *b* + log *k*)) for the older form with paths).
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let layout = try container.decode(Layout.self, forKey: .layout)
    let rootCount = try container.decode(Int.self, forKey: .numberOfRootItems)
    let items = try container.decode([KnownItem].self, forKey: .items)
    func corrupted(_ message: String) -> DecodingError {
      .dataCorruptedError(forKey: .items, in: container, debugDescription: message)
    }
    guard rootCount >= 0, rootCount <= Self.maximumNumberOfRows else {
      throw DecodingError.dataCorruptedError(
        forKey: .numberOfRootItems, in: container,
        debugDescription: "the number of root items \(rootCount) is not in 0...\(Self.maximumNumberOfRows)")
    }
    self.init(numberOfRootItems: rootCount, layout: layout)
    if items.contains(where: { $0.path != nil }) {
      try _decodeItems(byPath: items, corrupted)
    } else {
      try _decodeItems(byDepth: items, corrupted)
    }
    _checkInvariants()
  }

  /// Adds the known items of the current form, each placed by its depth
  /// and index under the closest earlier item one level up.
  ///
  /// The rows are totalled and checked first, children before parents, so
  /// that nothing is stored that could overflow; then the items are linked
  /// in and their summaries renewed in one pass. O(*k* log *b*).
  private mutating func _decodeItems(byDepth items: [KnownItem], _ corrupted: (String) -> DecodingError) throws {
    // Each item's parent, as a position in `items` (-1: the virtual root).
    var parents: [Int] = []
    parents.reserveCapacity(items.count)
    var ancestors: [Int] = []  // the positions of the current item's ancestors
    func path(of position: Int) -> TreePath {
      var indices: [Int] = []
      var p = position
      while p >= 0 {
        indices.append(items[p].index ?? 0)
        p = parents[p]
      }
      return TreePath(indices.reversed())
    }
    for (position, item) in items.enumerated() {
      guard let depth = item.depth, item.index != nil else {
        throw corrupted("item \(position) has neither a path nor a depth and an index")
      }
      guard depth >= 1, depth <= ancestors.count + 1 else {
        throw corrupted(
          "item \(position) has depth \(depth), but the item before it has depth \(ancestors.count)"
            + " (depths start at 1 and go down one level at a time)")
      }
      ancestors.removeLast(ancestors.count - (depth - 1))
      parents.append(ancestors.last ?? -1)
      ancestors.append(position)
      guard item.numberOfSubitems >= 0, item.numberOfSubitems <= Self.maximumNumberOfRows else {
        throw corrupted(
          "item \(path(of: position)) has \(item.numberOfSubitems) subitems, not in 0...\(Self.maximumNumberOfRows)")
      }
    }
    // The rows beneath each item, children before parents, each checked.
    var rows = items.map(\.numberOfSubitems)
    var rootRows = numberOfRootItems
    for position in items.indices.reversed() where items[position].isExpanded {
      let parent = parents[position]
      let total = parent < 0 ? rootRows : rows[parent]
      guard rows[position] <= Self.maximumNumberOfRows - total else {
        throw corrupted("item \(path(of: position)) has more rows than an index holds (TreeIndex.maximumNumberOfRows)")
      }
      if parent < 0 { rootRows += rows[position] } else { rows[parent] += rows[position] }
    }
    // Link the items in, then renew the row summaries bottom up.
    var nodes: [_NodeID] = []
    nodes.reserveCapacity(items.count)
    for (position, item) in items.enumerated() {
      let parent = parents[position] < 0 ? _Arena.root : nodes[parents[position]]
      let index = item.index!
      let count = _arena.count(parent)
      guard index >= 0, index < count else {
        throw corrupted(
          "item \(path(of: position)) does not fit the tree: index \(index) is out of range;"
            + " its parent has \(count) subitems")
      }
      guard _arena.subitem(of: parent, at: index).node == .null else {
        throw corrupted("item \(path(of: position)) is listed twice")
      }
      let node = _arena.allocate(count: item.numberOfSubitems, isExpanded: item.isExpanded)
      _arena.attach(node, to: parent, at: index, isNewSubitem: false)
      nodes.append(node)
    }
    _arena.renew(nodes.reversed())
  }

  /// Adds the known items of the older form, each named by its path.
  private mutating func _decodeItems(byPath items: [KnownItem], _ corrupted: (String) -> DecodingError) throws {
    var byPath: [(path: TreePath, item: KnownItem)] = []
    for (position, item) in items.enumerated() {
      guard let path = item.path else { throw corrupted("item \(position) has no path") }
      byPath.append((path, item))
    }
    byPath.sort { $0.path < $1.path }
    for (path, item) in byPath {
      let parent: _NodeID
      do {
        guard case .reached(let reached, _) = try _walkToParent(of: path, for: .expand) else {
          throw TreeIndexError(operation: .expand, treePath: path, reason: .unknownAncestor(path.parent ?? path))
        }
        parent = reached
      } catch {
        throw corrupted("item \(path) does not fit the tree: \(error)")
      }
      try _decodeItem(item, at: path, under: parent, corrupted)
    }
  }

  /// Checks one known item of the older form against its parent and adds
  /// it.
  private mutating func _decodeItem(
    _ item: KnownItem, at path: TreePath, under parent: _NodeID, _ corrupted: (String) -> DecodingError
  ) throws {
    let index = path[path.depth - 1]
    let count = _arena.count(parent)
    guard index >= 0, index < count else {
      throw corrupted("item \(path) does not fit the tree: index \(index) is out of range; its parent has \(count) subitems")
    }
    guard item.numberOfSubitems >= 0, item.numberOfSubitems <= Self.maximumNumberOfRows else {
      throw corrupted("item \(path) has \(item.numberOfSubitems) subitems, not in 0...\(Self.maximumNumberOfRows)")
    }
    guard _arena.subitem(of: parent, at: index).node == .null else { throw corrupted("item \(path) is listed twice") }
    do {
      try _checkRowGrowth(beneath: parent, by: item.isExpanded ? item.numberOfSubitems : 0, at: path, for: .expand)
    } catch {
      throw corrupted("item \(path) has more rows than an index holds (TreeIndex.maximumNumberOfRows)")
    }
    let node = _arena.allocate(count: item.numberOfSubitems, isExpanded: item.isExpanded)
    _arena.attach(node, to: parent, at: index, isNewSubitem: false)
    _refresh(from: node)
  }
}
