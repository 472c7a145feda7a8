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
    guard _snapshot.contains(item) else {
      throw TreeSelectionError(operation: .setInteraction, item: "\(item)", reason: .unknownItem)
    }
    if let session = _session {
      throw TreeSelectionError(
        operation: .setInteraction, item: "\(item)", reason: .sessionAlreadyOpen("\(session.item)"))
    }
    if let problem = Self._problem(with: interaction) {
      throw TreeSelectionError(operation: .setInteraction, item: "\(item)", reason: .invalidInteraction(problem))
    }
    if case .group(selection: .single, filter: _) = interaction,
      _snapshot.children(of: item).count(where: { _tally($0).checked > 0 }) > 1
    {
      throw TreeSelectionError(
        operation: .setInteraction, item: "\(item)", reason: .singleSelectionConflict("\(item)"))
    }
    _setEntry(.empty, for: item)
    let delta = (interaction.isCheckToggle ? 1 : 0) - (_interaction(item).isCheckToggle ? 1 : 0)
    _interactions[item] = interaction
    guard delta != 0 else { return }
    var ancestor: ItemID? = item
    while let current = ancestor {
      let count = _toggleCount(current) + delta
      _toggles[current] = count == 0 ? nil : count
      ancestor = _snapshot.parent(of: current)
    }
  }
}
