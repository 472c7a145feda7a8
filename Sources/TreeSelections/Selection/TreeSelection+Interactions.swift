import TreeIndex

extension TreeSelection {
  /// Gives `item` an interaction, and empties its results (the old ones
  /// may not suit the new interaction).
  ///
  /// - Parameters:
  ///   - interaction: How the user interacts with the item.
  ///   - item: An identifier.
  /// - Throws: A ``TreeSelectionError`` when the snapshot does not hold
  ///   `item`, an editing session is open, the options of a checklist or
  ///   single choice repeat or one is empty, or a single-selection group
  ///   would have several children with checked items.
  /// - Complexity: O(*d*).
  public mutating func setInteraction(_ interaction: Interaction, for item: ItemID) throws(TreeSelectionError) {
    defer { _checkInvariants() }
    guard let node = _snapshot._node(ofItem: item) else {
      throw TreeSelectionError(operation: .setInteraction, item: "\(item)", reason: .unknownItem)
    }
    if let session = _session {
      throw TreeSelectionError(
        operation: .setInteraction, item: "\(item)", reason: .sessionAlreadyOpen("\(session.item)"))
    }
    if let problem = Self._problem(with: interaction) {
      throw TreeSelectionError(operation: .setInteraction, item: "\(item)", reason: .invalidInteraction(problem))
    }
    if interaction.isSingleSelectionGroup, _childrenWithCheckedItems(of: node) > 1 {
      throw TreeSelectionError(
        operation: .setInteraction, item: "\(item)", reason: .singleSelectionConflict("\(item)"))
    }
    _changeEntry(of: item, at: node) { $0 = .empty }
    let old = _interaction(item, at: node)
    let delta = Int32((interaction.isCheckToggle ? 1 : 0) - (old.isCheckToggle ? 1 : 0))
    _singleSelectionGroups += (interaction.isSingleSelectionGroup ? 1 : 0) - (old.isSingleSelectionGroup ? 1 : 0)
    _interactions[item] = interaction
    guard delta != 0 else { return }
    var current = node
    while true {
      _counts[Int(current)].toggles += delta
      if current == Self._rootNode { break }
      current = _snapshot._ownerNode(of: current)
    }
  }
}
