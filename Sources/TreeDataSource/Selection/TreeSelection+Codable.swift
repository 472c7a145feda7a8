/// The keys of a ``TreeSelection``'s encoded form.
private enum CodingKeys: String, CodingKey {
  case snapshot, interactions, saved, editedItem, working
}

extension TreeSelection: Encodable where ItemID: Encodable {
  /// Encodes the tree, the interactions set explicitly, the saved results
  /// and the open editing session's working copy; counts are recounted on
  /// decoding.
  ///
  /// - Parameter encoder: The encoder.
  /// - Throws: What the encoder throws.
  /// - Complexity: O(*n*) for *n* items.
  public func encode(to encoder: any Encoder) throws {
    var container = encoder.container(keyedBy: CodingKeys.self)
    try container.encode(_snapshot, forKey: .snapshot)
    try container.encode(_interactions, forKey: .interactions)
    try container.encode(_entries, forKey: .saved)
    if let session = _session {
      try container.encode(session.item, forKey: .editedItem)
      try container.encode(session.entries, forKey: .working)
    }
  }
}

extension TreeSelection: Decodable where ItemID: Decodable {
  /// Decodes a selection as ``encode(to:)`` wrote it.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: A `DecodingError` when the data is not a selection, names
  ///   items the tree does not hold, or gives an item results its
  ///   interaction does not allow.
  /// - Complexity: O(*n* log *b*) for *n* items.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    let snapshot = try container.decode(TreeSnapshot<ItemID>.self, forKey: .snapshot)
    let interactions = try container.decode([ItemID: Interaction].self, forKey: .interactions)
    do {
      try self.init(snapshot, interactions: interactions)
    } catch {
      throw DecodingError.dataCorruptedError(
        forKey: .interactions, in: container, debugDescription: (error as TreeSelectionError).description)
    }
    let saved = try container.decode([ItemID: _SelectionEntry].self, forKey: .saved)
    let editedItem = try container.decodeIfPresent(ItemID.self, forKey: .editedItem)
    let working = try container.decodeIfPresent([ItemID: _SelectionEntry].self, forKey: .working) ?? [:]
    for (key, entries) in [(CodingKeys.saved, saved), (.working, working)] {
      for (item, entry) in entries {
        if let problem = _problem(with: entry, for: item) {
          throw DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: problem)
        }
      }
    }
    if let editedItem, !snapshot.contains(editedItem) {
      throw DecodingError.dataCorruptedError(
        forKey: .editedItem, in: container, debugDescription: "no item \"\(editedItem)\" to edit")
    }
    _entries = saved
    _session = editedItem.flatMap { item in
      snapshot._node(ofItem: item).map { _EditingSession(item: item, node: $0, entries: working) }
    }
    _rebuild()
    _checkInvariants()
  }

  /// What is wrong with `entry` as the entry of `item`, or `nil`.
  private func _problem(with entry: _SelectionEntry, for item: ItemID) -> String? {
    guard let node = _snapshot._node(ofItem: item) else { return "no item \"\(item)\"" }
    let interaction = _interaction(item, at: node)
    if entry.isChecked && !interaction.isCheckToggle { return "\"\(item)\" is checked but is not a check toggle" }
    if entry.results.isEmpty { return nil }
    do {
      _ = try _validated(entry.results, for: item, at: node)
      return nil
    } catch {
      return error.description
    }
  }
}
