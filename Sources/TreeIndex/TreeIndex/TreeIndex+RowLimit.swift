/// Keeping every item's rows within ``TreeIndex/maximumNumberOfRows``: the
/// checks an operation makes before it adds rows, so that it refuses instead
/// of storing a count that a later sum would overflow.
///
/// Rows added beneath an item change the rows beneath it, and, while it is
/// expanded, its owner's, and so on up to the first collapsed ancestor or
/// the root: the *holder* of the change. Rows never shrink going up an
/// expanded chain, so the holder's total is the only one to check.
extension TreeIndex {
  /// The item whose rows beneath are the largest that change when rows are
  /// added beneath the known item `parent`: the first of `parent` and its
  /// ancestors that is collapsed, or the virtual root.
  ///
  /// - Complexity: O(*d*), by owner links.
  func _rowHolder(above parent: _NodeID) -> _NodeID {
    var x = parent
    while x != _Arena.root && _arena.isExpanded(x) { x = _arena.owner(x) }
    return x
  }

  /// Throws `.rowCountOverflow` unless `growth` more rows beneath the known
  /// item `parent` keep every item within the maximum.
  ///
  /// - Complexity: O(*d*).
  func _checkRowGrowth(
    beneath parent: _NodeID, by growth: Int, at treePath: TreePath, for operation: TreeIndexError.Operation
  ) throws(TreeIndexError) {
    guard growth > 0 else { return }
    let holder = _rowHolder(above: parent)
    guard growth <= Self.maximumNumberOfRows - _arena.rowsBeneath(holder) else {
      throw TreeIndexError(operation: operation, treePath: treePath, reason: .rowCountOverflow)
    }
  }

  /// Throws `.rowCountOverflow` unless expanding the item `node` (`.null`:
  /// never expanded) under `parent` with `numberOfSubitems` subitems keeps
  /// every item within the maximum.
  ///
  /// - Complexity: O(*d*).
  @inline(__always)
  func _checkExpansion(
    of node: _NodeID, under parent: _NodeID, numberOfSubitems: Int, at treePath: TreePath
  ) throws(TreeIndexError) {
    guard numberOfSubitems <= Self.maximumNumberOfRows else {
      throw TreeIndexError(operation: .expand, treePath: treePath, reason: .rowCountOverflow)
    }
    // The rows beneath the item after the expansion, and those it showed
    // before (both within the maximum, so their difference cannot overflow).
    var after = numberOfSubitems
    var before = 0
    if node != .null {
      if _arena.count(node) == numberOfSubitems { after = _arena.rowsBeneath(node) }
      if _arena.isExpanded(node) { before = _arena.rowsBeneath(node) }
    }
    try _checkRowGrowth(beneath: parent, by: after - before, at: treePath, for: .expand)
  }

  /// Throws `.rowCountOverflow` unless expanding every ancestor of the item
  /// at `treePath`, whose known ancestors are `ancestors` (outermost first),
  /// keeps the root within the maximum: the rows ``reveal(_:)`` adds.
  ///
  /// - Complexity: O(*d*).
  func _checkReveal(of treePath: TreePath, ancestors: [_NodeID]) throws(TreeIndexError) {
    // Bottom up, the virtual root last: each item's rows once the ones
    // beneath it are expanded (`rows`), from its own rows less what the
    // ancestor below it showed before (`shown`).
    var rows = 0
    var shown = 0
    for node in ([_Arena.root] + ancestors).reversed() {
      let own = _arena.rowsBeneath(node) - shown
      guard rows <= Self.maximumNumberOfRows - own else {
        throw TreeIndexError(operation: .reveal, treePath: treePath, reason: .rowCountOverflow)
      }
      rows += own
      shown = _arena.isExpanded(node) ? _arena.rowsBeneath(node) : 0
    }
  }
}
