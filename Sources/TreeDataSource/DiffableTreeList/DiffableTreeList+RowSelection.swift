/// Focus, selection anchor and row selection by identifier, as a host's
/// clicks and keys change them (`NSOutlineView`'s vocabulary), kept on the
/// same items through every snapshot applied.
///
/// The selection is a set of identifiers: ``selectedItems``, with
/// ``selectedRows`` for the host. Only rows can be selected, focused or
/// anchored (in `.sectioned`, not a root item, which is a section). Each
/// operation that changes the focus, the anchor or the selected items tells
/// the delegate once, with
/// ``DiffableTreeListDelegate/selectionDidChange()``; one that changes
/// nothing tells it nothing.
///
/// Items keep their identity through ``apply(_:)``: a moved item stays
/// selected; an item the new snapshot does not hold leaves the selection;
/// a focus or anchor it does not hold moves to the nearest row before it,
/// in the rows shown before, whose item the new snapshot holds (`nil` when
/// there is none). What a collapse does to hidden selected items is
/// ``hiddenSelectionPolicy``'s choice; the focus and the anchor move to the
/// collapsed item.
extension DiffableTreeList {
  /// The focused item: where keyboard navigation starts; `nil` when nothing
  /// is focused.
  ///
  /// - Complexity: O(1).
  public var focusedItem: ItemID? { _rowSelection.focus }

  /// The item a Shift-click extends the selection from: the last item
  /// clicked or Command-clicked; `nil` when there is none.
  ///
  /// - Complexity: O(1).
  public var selectionAnchor: ItemID? { _rowSelection.anchor }

  /// The selected items, hidden ones included (see
  /// ``hiddenSelectionPolicy``).
  ///
  /// - Complexity: O(1).
  public var selectedItems: Set<ItemID> { _rowSelection.selected }

  /// The global rows of the selected visible items, ascending.
  ///
  /// - Complexity: O(*k* (*d* log *b* + log *k*)) for *k* selected items.
  public var selectedRows: [Int] { _rowSelection.selected.compactMap { row(of: $0) }.sorted() }

  /// What a collapse does to the selected items it hides:
  /// ``HiddenSelectionPolicy/keepSelected`` (the default) or
  /// ``HiddenSelectionPolicy/selectCollapsedItem``. Setting it applies it
  /// to the items hidden now.
  ///
  /// - Complexity: O(1) to read; setting it to
  ///   ``HiddenSelectionPolicy/selectCollapsedItem`` O(*k* *d*² log *b*) for
  ///   *k* selected items.
  public var hiddenSelectionPolicy: HiddenSelectionPolicy {
    get { _rowSelection.policy }
    set {
      _rowSelection.policy = newValue
      _rowSelection.needsSettling = true
      _selectionOperationDidEnd()
    }
  }

  /// Returns a Boolean value that tells whether `item` is selected.
  ///
  /// - Parameter item: An identifier.
  /// - Returns: `true` when the item is in ``selectedItems``.
  /// - Complexity: O(1).
  public func isSelected(_ item: ItemID) -> Bool { _rowSelection.selected.contains(item) }

  /// Selects `item` alone and moves the focus and the anchor to it: a
  /// click, or a plain arrow key.
  ///
  /// - Parameter item: The identifier of an item shown as a row.
  /// - Returns: `true`; `false` when the item is not a row (unknown, hidden
  ///   or a `.sectioned` root item), and nothing changes.
  /// - Complexity: O(*k* + *d* log *b*) for *k* items selected before.
  @discardableResult
  public func select(_ item: ItemID) -> Bool {
    guard row(of: item) != nil else { return false }
    _rowSelection.selectOnly(item)
    _selectionOperationDidEnd()
    return true
  }

  /// Selects the rows from the anchor to `item` and moves the focus to it,
  /// the anchor staying: a Shift-click, or Shift and an arrow key. The rows
  /// the previous Shift-click added leave the selection first, as in
  /// macOS; the rest of the selection stays. With no anchor, a click.
  ///
  /// - Parameter item: The identifier of an item shown as a row.
  /// - Returns: `true`; `false` when the item is not a row, and nothing
  ///   changes.
  /// - Complexity: O(*d* log *b* + *k* log *b*) for *k* rows between the
  ///   anchor and the target (one descent, then a step per row), plus the
  ///   rows the previous Shift-click added.
  @discardableResult
  public func extendSelection(to item: ItemID) -> Bool {
    guard let target = row(of: item) else { return false }
    guard let anchor = _rowSelection.anchor, let start = row(of: anchor) else { return select(item) }
    var items: [ItemID] = []
    items.reserveCapacity(abs(target - start) + 1)
    let snapshot = _snapshot
    _rowSelection.rowSteps += _rows._forEachRow(from: Swift.min(start, target), count: abs(target - start) + 1) {
      _, node in items.append(snapshot._item(ofNode: node!))
    }
    _rowSelection.extend(to: item, through: items)
    _selectionOperationDidEnd()
    return true
  }

  /// Adds `item` to the selection or takes it out, and moves the focus and
  /// the anchor to it: a Command-click.
  ///
  /// - Parameter item: The identifier of an item shown as a row.
  /// - Returns: `true`; `false` when the item is not a row, and nothing
  ///   changes.
  /// - Complexity: O(*d* log *b*).
  @discardableResult
  public func toggleSelection(of item: ItemID) -> Bool {
    guard row(of: item) != nil else { return false }
    _rowSelection.toggle(item)
    _selectionOperationDidEnd()
    return true
  }

  /// Moves the focus to `item`, leaving the selection and the anchor as
  /// they are: what keyboard navigation does with Command held, or before
  /// it selects.
  ///
  /// - Parameter item: The identifier of an item shown as a row.
  /// - Returns: `true`; `false` when the item is not a row, and nothing
  ///   changes.
  /// - Complexity: O(*d* log *b*).
  @discardableResult
  public func setFocus(to item: ItemID) -> Bool {
    guard row(of: item) != nil else { return false }
    _rowSelection.setFocus(item)
    _selectionOperationDidEnd()
    return true
  }

  /// Selects every row (the visible items); hidden items leave the
  /// selection. Focus and anchor stay.
  ///
  /// - Complexity: O(*r* log *b*) for *r* rows.
  public func selectAll() {
    var items = Set<ItemID>(minimumCapacity: numberOfRows)
    let snapshot = _snapshot
    _rows._forEachRow(from: 0, count: numberOfRows) { _, node in items.insert(snapshot._item(ofNode: node!)) }
    _rowSelection.selectExactly(items)
    _selectionOperationDidEnd()
  }

  /// Empties the selection; focus and anchor stay.
  ///
  /// - Complexity: O(*k*) for *k* selected items.
  public func deselectAll() {
    _rowSelection.selectExactly([])
    _selectionOperationDidEnd()
  }

  /// How many subitems the Shift-clicks looked up, walking from row to
  /// row: for tests of how the work grows.
  package var _rowSelectionSteps: Int { _rowSelection.rowSteps }

  // MARK: Following the list's changes

  /// Brings the selection up to date once an operation has ended: the
  /// focus, the anchor and (by policy) the selection onto rows, and the
  /// delegate told once if anything changed. Does nothing while a call out
  /// is running: the outer operation does it.
  func _selectionOperationDidEnd() {
    guard !_isCallingOut else { return }
    if _rowSelection.needsSettling && _rowSelection.isEmpty { _rowSelection.needsSettling = false }
    if _rowSelection.needsSettling {
      let snapshot = _snapshot
      let rows = _rows
      _rowSelection.settle { item in
        guard let path = snapshot.treePath(of: item), let standIn = rows._rowStandIn(for: path) else { return nil }
        return standIn == path ? item : snapshot.item(at: standIn)
      }
    }
    if _rowSelection.holds == 0, _rowSelection.takeChange() { delegate?.selectionDidChange() }
  }

  /// Follows the snapshot that replaced `old`: items it does not hold
  /// leave; a focus or anchor it does not hold moves to the nearest row
  /// before it, in `old`'s rows, whose item it holds.
  ///
  /// - Complexity: O(*k*) for *k* selected items; for a focus or anchor
  ///   that left, plus O(*d* log *b*) per row of `old` walked back over.
  func _selectionFollow(from old: TreeSnapshot<ItemID>) {
    guard !_rowSelection.isEmpty else { return }
    let new = _snapshot
    let oldRows = old.index._viewed(in: layout)
    _rowSelection.map(
      { new.contains($0) ? $0 : nil },
      replacingGoneWith: { item in
        guard let path = old.treePath(of: item), let rows = oldRows.rows(inSubtreeAt: path) else { return nil }
        var row = rows.lowerBound - 1
        while row >= 0 {
          if let before = oldRows.treePath(forRow: row).flatMap(old.item(at:)), new.contains(before) { return before }
          row -= 1
        }
        return nil
      })
  }
}
