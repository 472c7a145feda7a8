import Foundation
import TreeIndex

/// Scroll anchoring, as browsers' `overflow-anchor`: the list remembers the
/// item at the viewport's top and, after any update, gives the content
/// offset that keeps it where it was on screen.
extension DiffableTreeList {
  /// Remembers the item at the viewport's top as the scroll anchor: the
  /// item whose row covers `contentOffset` and how far into it the
  /// viewport's top is.
  ///
  /// From then on, every change the list hands its host carries the
  /// anchor along (see ``anchoredContentOffset``). Call it when the person
  /// scrolls.
  ///
  /// - Parameter contentOffset: The content offset of the viewport's top,
  ///   clamped into the content.
  /// - Complexity: O(*d* log *b*).
  public func setScrollAnchor(atContentOffset contentOffset: Double) {
    let rows = _rows
    _scrollAnchor = _ScrollAnchor(
      contentOffset: contentOffset, rows: rows, contentHeight: contentHeight,
      rowAtOffset: { row(atOffset: $0) }, offsetOfRow: { offset(ofRow: $0) }
    ).flatMap { anchor in
      rows.treeIndexPath(fromTablePath: anchor.tablePath).flatMap(_snapshot.item(at:)).map {
        _ItemScrollAnchor(anchor: anchor, itemID: $0)
      }
    }
  }

  /// Forgets the scroll anchor.
  ///
  /// - Complexity: O(1).
  public func removeScrollAnchor() {
    _scrollAnchor = nil
  }

  /// The scroll anchor's item, as the updates since
  /// ``setScrollAnchor(atContentOffset:)`` carried it, or `nil` when there
  /// is no anchor.
  ///
  /// - Complexity: O(1).
  public var scrollAnchorItemID: ItemID? { _scrollAnchor?.itemID }

  /// The content offset that keeps the scroll anchor's item where it was on
  /// screen, after whatever updates the list handed its host since
  /// ``setScrollAnchor(atContentOffset:)``.
  ///
  /// The anchor follows its item, by identifier, to its new row. When the
  /// item is deleted or hidden, the anchor moves to the nearest surviving
  /// row before it (for a collapse, the collapsed ancestor), its top at
  /// the viewport's top; when no row before it survives, to the first row.
  /// The offset into the item is clamped to its height as it is now.
  ///
  ///     list.setScrollAnchor(atContentOffset: 130)
  ///     list.apply(snapshotWithAnItemOnTop)
  ///     list.anchoredContentOffset   // keeps the anchor: 130 plus the new row's height
  ///
  /// - Returns: The content offset, or `nil` when there is no anchor or its
  ///   item is not visible.
  /// - Complexity: O(*d* log *b*).
  public var anchoredContentOffset: Double? {
    guard let anchor = _scrollAnchor, let row = row(of: anchor.itemID) else { return nil }
    return anchor.anchor.contentOffset(ofRow: row, offsetOfRow: { offset(ofRow: $0) })
  }

  /// Carries the scroll anchor through `changes`, about to be handed to the
  /// host; `old` is the snapshot before them, when they come from an apply.
  ///
  /// An applied snapshot's change set may delete and insert rows whose
  /// items stay: the nearest surviving item before a vanished anchor is
  /// then looked for by identifier, among the old rows between the anchor
  /// and the nearest row the change set keeps.
  ///
  /// - Complexity: O(*d* log *b*) when the anchor's item stays visible;
  ///   otherwise O(*k* log *k*) for *k* ranges, plus O(*j* · *d* log *b*)
  ///   after an apply for the *j* old rows searched.
  func _carryScrollAnchor(through changes: TreeChanges, from old: TreeSnapshot<ItemID>?) {
    guard let current = _scrollAnchor, !changes.isEmpty else { return }
    if let tablePath = tablePath(of: current.itemID) {
      _scrollAnchor?.anchor.tablePath = tablePath
      return
    }
    let rows = _rows
    let mapping = changes.rowMapping
    let kept = mapping._newIndexPath(
      forNearestSurvivorAtOrBefore: current.anchor.tablePath,
      numberOfRowsInNewSection: { rows.numberOfRows(inSection: $0) })
    if let old, let survivor = _nearestSurvivor(before: current.anchor.tablePath, in: old, after: kept, mapping) {
      _scrollAnchor = _ItemScrollAnchor(
        anchor: _ScrollAnchor(tablePath: survivor.tablePath, offsetIntoRow: 0), itemID: survivor.itemID)
      return
    }
    let anchor = kept.map { _ScrollAnchor(tablePath: $0, offsetIntoRow: 0) } ?? _ScrollAnchor.first(in: rows)
    _scrollAnchor = anchor.flatMap { anchor in
      rows.treeIndexPath(fromTablePath: anchor.tablePath).flatMap(_snapshot.item(at:)).map {
        _ItemScrollAnchor(anchor: anchor, itemID: $0)
      }
    }
  }

  /// The nearest item before the old row `oldTablePath` of `old` that is
  /// visible now, searching back to the old row of `kept` (exclusive), the
  /// nearest row the change set keeps, or to the first row.
  func _nearestSurvivor(
    before oldTablePath: IndexPath, in old: TreeSnapshot<ItemID>, after kept: IndexPath?,
    _ mapping: TreeChanges.RowMapping
  ) -> (itemID: ItemID, tablePath: IndexPath)? {
    let oldRows = old.index._viewed(in: layout)
    guard let anchorPath = oldRows.treeIndexPath(fromTablePath: oldTablePath),
      let anchorRow = oldRows.row(for: anchorPath)
    else { return nil }
    let stop =
      kept.flatMap(mapping.oldIndexPath(forNewIndexPath:)).flatMap(oldRows.treeIndexPath(fromTablePath:))
      .flatMap(oldRows.row(for:)) ?? -1
    var row = anchorRow - 1
    while row > stop {
      if let item = oldRows.treePath(forRow: row).flatMap(old.item(at:)), let tablePath = tablePath(of: item) {
        return (item, tablePath)
      }
      row -= 1
    }
    return nil
  }
}

/// A scroll anchor and its item.
struct _ItemScrollAnchor<ItemID: Hashable & Sendable> {
  var anchor: _ScrollAnchor
  var itemID: ItemID
}
