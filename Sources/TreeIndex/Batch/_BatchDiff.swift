/// Works out one change set between the index before a batch and after it,
/// from what the batch recorded.
///
/// It walks the two trees side by side, starting at the root, and only
/// where something changed. For an item whose subitems are shown both
/// before and after, the recorded ``_IndexChanges`` tell which subitems were
/// deleted (their rows go), which were inserted (their rows come) and how
/// the others map; a surviving subitem is compared in turn if anything
/// changed beneath it. An item shown only before (or only after) deletes
/// (or inserts) all its rows as one range.
struct _BatchDiff {
  let old: _PastArena
  let new: _Arena
  let recorder: _BatchRecorder
  var changes = _TreeChangesBuilder()

  init(old: _PastArena, new: _Arena, recorder: _BatchRecorder) {
    self.old = old
    self.new = new
    self.recorder = recorder
  }

  /// Compares the rows beneath the root of the `.flat` layout.
  mutating func compareRows() {
    compareSubitems(of: _Arena.root, oldFirstRow: 0, newFirstRow: 0, oldSection: 0, newSection: 0)
  }

  /// Compares the sections of the `.sectioned` layout and the rows of the
  /// sections that persist.
  mutating func compareSections() {
    let subitemChanges = recorder.subitemChanges[_Arena.root] ?? _IndexChanges()
    for r in subitemChanges.deleted { changes.deleteSections(r) }
    for r in subitemChanges.inserted { changes.insertSections(r) }
    for pair in survivingKnownSubitems(of: _Arena.root, subitemChanges) {
      compareItem(
        old: pair.old, new: pair.new, oldFirstRow: 0, newFirstRow: 0,
        oldSection: pair.oldIndex, newSection: pair.newIndex)
    }
  }

  /// Compares an item that persists (its own row, if any, is neither
  /// deleted nor inserted); `oldFirstRow`/`newFirstRow` are where the rows
  /// beneath it start.
  private mutating func compareItem(
    old oldItem: _NodeID, new newItem: _NodeID, oldFirstRow: Int, newFirstRow: Int,
    oldSection: Int, newSection: Int
  ) {
    let oldShows = oldItem != .null && old.isExpanded(oldItem)
    let newShows = newItem != .null && new.isExpanded(newItem)
    if oldShows && newShows && oldItem == newItem {
      guard recorder.changed.contains(newItem) else { return }
      compareSubitems(
        of: newItem, oldFirstRow: oldFirstRow, newFirstRow: newFirstRow,
        oldSection: oldSection, newSection: newSection)
      return
    }
    if oldShows {
      changes.deleteRows(oldFirstRow..<(oldFirstRow + old.rowsBeneath(oldItem)), inSection: oldSection)
    }
    if newShows {
      changes.insertRows(newFirstRow..<(newFirstRow + new.rowsBeneath(newItem)), inSection: newSection)
    }
  }

  /// Compares the rows beneath an item that persists and shows its subitems
  /// both before and after.
  private mutating func compareSubitems(
    of item: _NodeID, oldFirstRow: Int, newFirstRow: Int, oldSection: Int, newSection: Int
  ) {
    let subitemChanges = recorder.subitemChanges[item] ?? _IndexChanges()
    for r in subitemChanges.deleted {
      let lower = old.subitem(of: item, at: r.lowerBound).rowOffset
      let upper = old.subitem(of: item, at: r.upperBound).rowOffset
      changes.deleteRows((oldFirstRow + lower)..<(oldFirstRow + upper), inSection: oldSection)
    }
    for r in subitemChanges.inserted {
      let lower = new.subitem(of: item, at: r.lowerBound).rowOffset
      let upper = new.subitem(of: item, at: r.upperBound).rowOffset
      changes.insertRows((newFirstRow + lower)..<(newFirstRow + upper), inSection: newSection)
    }
    for pair in survivingKnownSubitems(of: item, subitemChanges) {
      compareItem(
        old: pair.old, new: pair.new,
        oldFirstRow: oldFirstRow + pair.oldRowOffset + 1, newFirstRow: newFirstRow + pair.newRowOffset + 1,
        oldSection: oldSection, newSection: newSection)
    }
  }

  /// The subitems of a persisting item that survive the batch, are known
  /// before or after (`.null` on the side where they are not) and had
  /// something change at or beneath them, with their positions and row
  /// offsets on each side, in order. A known subitem with no change at or
  /// beneath it shows the same rows before and after, so it is left out.
  ///
  /// - Complexity: O(*c* (log *b* + *r*)) for *c* changed subitems and *r*
  ///   changed ranges of subitems.
  private func survivingKnownSubitems(of item: _NodeID, _ subitemChanges: _IndexChanges) -> [SurvivingPair] {
    var pairs: [SurvivingPair] = []
    for node in recorder.changedChildren[item] ?? [] {
      let before = old.position(ofKnown: node, under: item)
      let after = new.position(ofKnown: node, under: item)
      if let before, let newIndex = subitemChanges.newPosition(ofOld: before.index) {
        // Known before and survives: the same node after, or an unknown
        // subitem if its state was discarded.
        let newRowOffset = after?.index == newIndex ? after!.rowOffset : new.subitem(of: item, at: newIndex).rowOffset
        pairs.append(
          SurvivingPair(
            oldIndex: before.index, newIndex: newIndex, old: node, new: after?.index == newIndex ? node : .null,
            oldRowOffset: before.rowOffset, newRowOffset: newRowOffset))
      } else if let after, before == nil, let oldIndex = subitemChanges.oldPosition(ofNew: after.index) {
        // Known only after: it was an unknown subitem before.
        pairs.append(
          SurvivingPair(
            oldIndex: oldIndex, newIndex: after.index, old: .null, new: node,
            oldRowOffset: old.subitem(of: item, at: oldIndex).rowOffset, newRowOffset: after.rowOffset))
      }
    }
    return pairs.sorted { $0.newIndex < $1.newIndex }
  }

  private struct SurvivingPair {
    var oldIndex: Int
    var newIndex: Int
    var old: _NodeID
    var new: _NodeID
    var oldRowOffset: Int
    var newRowOffset: Int
  }
}

extension TreeIndex {
  /// The change set from `before` to `self`, given what the batch between
  /// them recorded.
  func _changes(recorded recorder: _BatchRecorder) -> TreeChanges {
    var diff = _BatchDiff(old: _PastArena(_arena), new: _arena, recorder: recorder)
    switch layout {
    case .flat: diff.compareRows()
    case .sectioned: diff.compareSections()
    }
    return diff.changes.build()
  }
}
