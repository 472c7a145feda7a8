import _SummaryTree

/// The two commonest derivations, worked out straight from their edits
/// instead of by the walks: items added and nothing else (`append`,
/// `insert`), and one item moved (`.flat`). Each gives the same change set
/// as ``_SnapshotDiff``, which the tests check, in O(*k* · *d* log *b*) for
/// *k* items added, or O(*d* log *b*) for the move.
extension _DerivedSnapshotDiff {
  /// The change set from `old` to `new` when `edits` only add items, or
  /// move one item in `.flat`; `nil` for any other derivation, when an
  /// item was marked for reload, or once `budget` is spent (then
  /// `budget.isSpent`).
  @inlinable
  static func shortcut(
    old: TreeSnapshot<ItemID>, new: TreeSnapshot<ItemID>, edits: ArraySlice<_SnapshotEdit<ItemID>>,
    isSectioned: Bool, budget: inout _StepBudget
  ) -> TreeChanges? {
    guard !edits.isEmpty, new._reloaded.isEmpty else { return nil }
    var onlyAdditions = true
    for edit in edits {
      switch edit.operation {
      case .append, .insert: continue
      default: onlyAdditions = false
      }
      break
    }
    if onlyAdditions {
      return additions(old: old, new: new, edits: edits, isSectioned: isSectioned, budget: &budget)
    }
    guard !isSectioned, edits.count == 1 else { return nil }
    switch edits[edits.startIndex].operation {
    case .move(let item, _, _), .moveTo(let item, _, _): return move(of: item, old: old, new: new)
    default: return nil
    }
  }

  /// Items added, collapsed and childless, and nothing else changed: each
  /// visible one is an inserted row (in `.sectioned`, a new root item is an
  /// inserted section, whose rows are not listed). The levels walked are
  /// spent from `budget`: `nil` once it is spent.
  @inlinable
  static func additions(
    old: TreeSnapshot<ItemID>, new: TreeSnapshot<ItemID>, edits: ArraySlice<_SnapshotEdit<ItemID>>,
    isSectioned: Bool, budget: inout _StepBudget
  ) -> TreeChanges? {
    let arena = new._index._arena
    var changes = _TreeChangesBuilder()
    for edit in edits {
      let items: [ItemID]
      switch edit.operation {
      case .append(let added, _), .insert(let added, _, _): items = added
      default: return nil
      }
      for item in items {
        guard let node = new._node(of: item) else { return nil }
        if isSectioned && arena.owner(node) == _Arena.root {
          changes.insertSection(new._index(ofChild: node, in: _Arena.root))
          continue
        }
        let row = new._row(of: node, levels: &budget.steps)
        guard !budget.isSpent else { return nil }
        guard let row else { continue }  // hidden
        guard isSectioned else {
          changes.insertRows(row..<(row + 1), inSection: 0)
          continue
        }
        // The root item above it is its section; the rows of a section
        // added by these edits are not listed.
        var top = node
        while arena.owner(top) != _Arena.root {
          budget.steps &+= 1
          top = arena.owner(top)
        }
        guard old._node(of: new._item(top)) != nil, let sectionRow = new._row(of: top) else { continue }
        let rowInSection = row - sectionRow - 1
        changes.insertRows(rowInSection..<(rowInSection + 1), inSection: new._index(ofChild: top, in: _Arena.root))
      }
    }
    return changes.build()
  }

  /// One item moved, with its subtree, in `.flat`: its rows move, or go or
  /// come when it is hidden on one side; `nil` when it moved past one
  /// sibling only, where the rule of the first longest increasing run, not
  /// the edit, says which of the two moved.
  @inlinable
  static func move(of item: ItemID, old: TreeSnapshot<ItemID>, new: TreeSnapshot<ItemID>) -> TreeChanges? {
    guard let newNode = new._node(of: item), let oldNode = old._node(of: item) else { return nil }
    let oldArena = old._index._arena
    let newArena = new._index._arena
    let oldParent = oldArena.owner(oldNode)
    let newParent = newArena.owner(newNode)
    let isSameParent =
      oldParent == _Arena.root
      ? newParent == _Arena.root : newParent != _Arena.root && old._item(oldParent) == new._item(newParent)
    var changes = _TreeChangesBuilder()
    if isSameParent {
      let shift = new._index(ofChild: newNode, in: newParent) - old._index(ofChild: oldNode, in: oldParent)
      if shift == 0 { return changes.build() }
      if shift == 1 || shift == -1 { return nil }
    }
    let oldRows = 1 + oldArena.visibleRowsBeneath(oldNode)
    let newRows = 1 + newArena.visibleRowsBeneath(newNode)
    switch (old._row(of: oldNode), new._row(of: newNode)) {
    case (let from?, let to?):
      guard oldRows == newRows else { return nil }
      changes.moveRows(
        from: .init(section: 0, rows: from..<(from + oldRows)), to: .init(section: 0, rows: to..<(to + newRows)))
    case (let from?, nil):
      changes.deleteRows(from..<(from + oldRows), inSection: 0)
    case (nil, let to?):
      changes.insertRows(to..<(to + newRows), inSection: 0)
    case (nil, nil):
      break
    }
    return changes.build()
  }
}
