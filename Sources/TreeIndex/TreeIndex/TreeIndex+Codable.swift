extension TreeIndex: Codable {
  private enum CodingKeys: String, CodingKey {
    case layout, numberOfRootItems, items
  }

  /// One known item as it is encoded.
  private struct KnownItem: Codable {
    var path: TreePath
    var numberOfSubitems: Int
    var isExpanded: Bool
  }

  /// Encodes the layout, the number of root items and each known item (its
  /// path, number of subitems and expansion) in depth-first order.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  /// - Complexity: O(*k* · *d*) for *k* known items.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(layout, forKey: .layout)
    try container.encode(numberOfRootItems, forKey: .numberOfRootItems)
    var items: [KnownItem] = []
    _forEachKnownItem { path, count, isExpanded in
      items.append(KnownItem(path: path, numberOfSubitems: count, isExpanded: isExpanded))
    }
    try container.encode(items, forKey: .items)
  }

  /// Decodes an index written by ``encode(to:)``, checking that every item
  /// fits the tree above it.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted` naming the item at fault when
  ///   a path does not fit, a count is negative, or an item is listed twice.
  /// - Complexity: O(*k* (*d* log *b* + log *k*)) for *k* known items.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let layout = try container.decode(Layout.self, forKey: .layout)
    let rootCount = try container.decode(Int.self, forKey: .numberOfRootItems)
    let items = try container.decode([KnownItem].self, forKey: .items).sorted { $0.path < $1.path }
    func corrupted(_ message: String) -> DecodingError {
      .dataCorruptedError(forKey: .items, in: container, debugDescription: message)
    }
    guard rootCount >= 0 else {
      throw DecodingError.dataCorruptedError(
        forKey: .numberOfRootItems, in: container, debugDescription: "negative number of root items \(rootCount)")
    }
    self.init(numberOfRootItems: rootCount, layout: layout)
    for item in items {
      guard item.numberOfSubitems >= 0 else {
        throw corrupted("item \(item.path) has a negative number of subitems \(item.numberOfSubitems)")
      }
      let resolved: (node: _NodeID, parent: _NodeID)
      do {
        resolved = try _resolveItem(item.path, for: .expand)
      } catch {
        throw corrupted("item \(item.path) does not fit the tree: \(error)")
      }
      guard resolved.node == .null else { throw corrupted("item \(item.path) is listed twice") }
      let node = _arena.allocate(count: item.numberOfSubitems, isExpanded: item.isExpanded)
      _arena.attach(node, to: resolved.parent, at: item.path[item.path.depth - 1], isNewSubitem: false)
      _refresh(from: node)
    }
    _checkInvariants()
  }
}
