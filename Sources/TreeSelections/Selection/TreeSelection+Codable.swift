import TreeIndex

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
  /// Decodes a selection as ``encode(to:)`` wrote it, checked against the
  /// rules every change keeps, as ``restore(from:naming:)`` checks packaged
  /// filters: answers given in another order are kept in the order of
  /// their options, and everything else the API could not have made is
  /// refused.
  ///
  /// - Parameter decoder: The decoder.
  /// - Throws: A `DecodingError` when the data is not a selection; and
  ///   `DecodingError.dataCorrupted`, whose debug description names the
  ///   item at fault and the reason, when the interactions are invalid or
  ///   the results name an item the tree does not hold, check an item that
  ///   is not a check toggle, give an item answers it does not take
  ///   (not options, repeated, too many, empty text), check several
  ///   children of a single-selection group, or, in the working copy of an
  ///   editing session, change anything outside the item open for editing
  ///   but turn check toggles off.
  /// - Complexity: O(*n* log *b* + *r* + *k* *d*) for *n* items, *r*
  ///   answers in all and *k* working entries.
  public init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    func corrupted(_ key: CodingKeys, _ error: TreeSelectionError) -> DecodingError {
      DecodingError.dataCorruptedError(forKey: key, in: container, debugDescription: error.description)
    }
    let snapshot = try container.decode(TreeSnapshot<ItemID>.self, forKey: .snapshot)
    let interactions = try container.decode([ItemID: Interaction].self, forKey: .interactions)
    do {
      try self.init(snapshot, interactions: interactions)
    } catch {
      throw corrupted(.interactions, error as TreeSelectionError)
    }
    let saved = try container.decode([ItemID: _SelectionEntry].self, forKey: .saved)
    let editedItem = try container.decodeIfPresent(ItemID.self, forKey: .editedItem)
    let working = try container.decodeIfPresent([ItemID: _SelectionEntry].self, forKey: .working)
    do {
      try _replaceSavedEntries(with: saved)
    } catch {
      throw corrupted(.saved, error)
    }
    if let editedItem {
      do {
        try _openSavedSession(on: editedItem, working: working ?? [:])
      } catch {
        throw corrupted(.working, error)
      }
    } else if let item = working?.keys.first {
      throw DecodingError.dataCorruptedError(
        forKey: .working, in: container,
        debugDescription: "\"\(item)\" has working results, but no item is open for editing")
    }
    _checkInvariants()
  }
}
