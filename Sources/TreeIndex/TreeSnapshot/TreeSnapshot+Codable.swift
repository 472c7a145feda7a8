import _SummaryTree

/// Encoding and decoding a snapshot: its items in depth-first order with
/// their levels, and the expanded ones.
extension TreeSnapshot: Encodable where ItemID: Encodable {
  /// Encodes the snapshot as three lists: `items` in depth-first order,
  /// `levels` (0 for a root item, one more per level down) and
  /// `expandedItems`. Marks for reload are not encoded.
  ///
  /// - Parameter encoder: The encoder to write to.
  /// - Throws: Whatever the encoder throws.
  /// - Complexity: O(*n*) for *n* items.
  @inlinable
  public func encode(to encoder: any Encoder) throws {
    var items: [ItemID] = []
    var levels: [Int] = []
    var expanded: [ItemID] = []
    items.reserveCapacity(count)
    levels.reserveCapacity(count)
    _forEachNodeDepthFirst { node, level in
      items.append(_item(node))
      levels.append(level)
      if _index._arena.isExpanded(node) { expanded.append(_item(node)) }
    }
    var container = encoder.container(keyedBy: _SnapshotCodingKeys.self)
    try container.encode(items, forKey: .items)
    try container.encode(levels, forKey: .levels)
    try container.encode(expanded, forKey: .expandedItems)
  }
}

extension TreeSnapshot: Decodable where ItemID: Decodable {
  /// Decodes a snapshot that ``encode(to:)`` wrote, checking it: as many
  /// levels as items, a first level of 0, no level more than one below the
  /// item before, no identifier twice, and only known items expanded.
  ///
  /// - Parameter decoder: The decoder to read from.
  /// - Throws: `DecodingError.dataCorrupted`, naming the item at fault, when
  ///   the data breaks one of those rules; whatever the decoder throws.
  /// - Complexity: O(*n* log *b*) for *n* items; never recursive.
  @inlinable
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: _SnapshotCodingKeys.self)
    let items = try container.decode([ItemID].self, forKey: .items)
    let levels = try container.decode([Int].self, forKey: .levels)
    let expanded = try container.decode([ItemID].self, forKey: .expandedItems)
    func corrupt(_ key: _SnapshotCodingKeys, _ reason: String) -> DecodingError {
      .dataCorrupted(.init(codingPath: container.codingPath + [key], debugDescription: reason))
    }
    guard items.count == levels.count else {
      throw corrupt(.levels, "\(levels.count) levels for \(items.count) items")
    }
    var snapshot = TreeSnapshot()
    snapshot._nodes.reserveCapacity(items.count)
    // The node of the last item at each level on the way down.
    var path: [_NodeID] = [_Arena.root]
    var created: [_NodeID] = []
    created.reserveCapacity(items.count)
    for (offset, (item, level)) in zip(items, levels).enumerated() {
      guard level >= 0, level < path.count else {
        throw corrupt(.levels, "item \(offset) (\(item)) has level \(level); at most \(path.count - 1) is allowed there")
      }
      guard snapshot._node(of: item) == nil else { throw corrupt(.items, "item \(item) appears twice") }
      path.removeLast(path.count - level - 1)
      let parent = path[level]
      let node = snapshot._allocate(item)
      snapshot._index._arena.attach(node, to: parent, at: snapshot._index._arena.count(parent), isNewSubitem: true)
      created.append(node)
      path.append(node)
    }
    for item in expanded {
      guard let node = snapshot._node(of: item) else {
        throw corrupt(.expandedItems, "expanded item \(item) is not among the items")
      }
      snapshot._index._arena.setExpanded(node, true)
    }
    snapshot._index._arena.renew(created.reversed())
    snapshot._index._checkInvariants()
    snapshot._startHistory()
    self = snapshot
  }
}

/// The keys of a snapshot's encoding.
@usableFromInline
enum _SnapshotCodingKeys: String, CodingKey {
  case items, levels, expandedItems
}
