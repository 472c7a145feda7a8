/// Focus, selection anchor and row selection by tree path, as a host's
/// clicks and keys change them (`NSOutlineView`'s vocabulary), kept on the
/// same items through every change the list applies.
///
/// The selection is a set of tree paths: ``selectedTreePaths``, with
/// ``selectedRows`` for the host. Only rows can be selected, focused or
/// anchored (in `.sectioned`, not a root item, which is a section). Each
/// operation that changes the focus, the anchor or the selected items tells
/// the delegate once, with ``TreeListDelegate/selectionDidChange()``; one
/// that changes nothing tells it nothing.
///
/// The list remaps the paths through every edit it is told of
/// (``insertItems(at:)``, ``deleteItems(at:)``, ``moveItem(at:to:)``, a
/// batch, a source's changes), so they keep naming the same items; that
/// renumbering alone is not a change of selection. A deleted item leaves
/// the selection; a deleted focus or anchor moves to the row just before
/// the deleted item (`nil` when it was the first row). What a collapse
/// does to hidden selected items is ``hiddenSelectionPolicy``'s choice;
/// the focus and the anchor move to the collapsed item. ``reloadData()``
/// forgets the focus, the anchor and the selection.
extension TreeList {
  /// The focused item's path: where keyboard navigation starts; `nil` when
  /// nothing is focused.
  ///
  /// - Complexity: O(1).
  public var focusedTreePath: TreePath? { _rowSelection.focus }

  /// The path of the item a Shift-click extends the selection from: the
  /// last item clicked or Command-clicked; `nil` when there is none.
  ///
  /// - Complexity: O(1).
  public var selectionAnchor: TreePath? { _rowSelection.anchor }

  /// The paths of the selected items, hidden ones included (see
  /// ``hiddenSelectionPolicy``).
  ///
  /// - Complexity: O(1).
  public var selectedTreePaths: Set<TreePath> { _rowSelection.selected }

  /// The global rows of the selected visible items, ascending.
  ///
  /// - Complexity: O(*k* (*d* log *b* + log *k*)) for *k* selected items.
  public var selectedRows: [Int] { _rowSelection.selected.compactMap { index.row(for: $0) }.sorted() }

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

  /// Returns a Boolean value that tells whether the item at `treePath` is
  /// selected.
  ///
  /// - Parameter treePath: An item's path.
  /// - Returns: `true` when the item is in ``selectedTreePaths``.
  /// - Complexity: O(*d*).
  public func isSelected(_ treePath: TreePath) -> Bool { _rowSelection.selected.contains(treePath) }

  /// Selects the item at `treePath` alone and moves the focus and the
  /// anchor to it: a click, or a plain arrow key.
  ///
  /// - Parameter treePath: A row's path.
  /// - Returns: `true`; `false` when the path names no row, and nothing
  ///   changes.
  /// - Complexity: O(*k* + *d* log *b*) for *k* items selected before.
  @discardableResult
  public func selectItem(at treePath: TreePath) -> Bool {
    guard index.row(for: treePath) != nil else { return false }
    _rowSelection.selectOnly(treePath)
    _selectionOperationDidEnd()
    return true
  }

  /// Selects the rows from the anchor to the item at `treePath` and moves
  /// the focus to it, the anchor staying: a Shift-click, or Shift and an
  /// arrow key. The rows the previous Shift-click added leave the
  /// selection first, as in macOS; the rest of the selection stays. With no
  /// anchor, a click.
  ///
  /// - Parameter treePath: A row's path.
  /// - Returns: `true`; `false` when the path names no row, and nothing
  ///   changes.
  /// - Complexity: O(*d* log *b* + *k* (*d* + log *b*)) for *k* rows
  ///   between the anchor and the target (one descent, then a step per
  ///   row, and each row's path), plus the rows the previous Shift-click
  ///   added.
  @discardableResult
  public func extendSelection(to treePath: TreePath) -> Bool {
    let index = self.index
    guard let target = index.row(for: treePath) else { return false }
    guard let anchor = _rowSelection.anchor, let start = index.row(for: anchor) else {
      return selectItem(at: treePath)
    }
    let (paths, steps) = index._treePaths(betweenRow: start, andRow: target)
    _rowSelection.rowSteps += steps
    _rowSelection.extend(to: treePath, through: paths)
    _selectionOperationDidEnd()
    return true
  }

  /// Adds the item at `treePath` to the selection or takes it out, and
  /// moves the focus and the anchor to it: a Command-click.
  ///
  /// - Parameter treePath: A row's path.
  /// - Returns: `true`; `false` when the path names no row, and nothing
  ///   changes.
  /// - Complexity: O(*d* log *b*).
  @discardableResult
  public func toggleSelection(of treePath: TreePath) -> Bool {
    guard index.row(for: treePath) != nil else { return false }
    _rowSelection.toggle(treePath)
    _selectionOperationDidEnd()
    return true
  }

  /// Moves the focus to the item at `treePath`, leaving the selection and
  /// the anchor as they are: what keyboard navigation does with Command
  /// held, or before it selects.
  ///
  /// - Parameter treePath: A row's path.
  /// - Returns: `true`; `false` when the path names no row, and nothing
  ///   changes.
  /// - Complexity: O(*d* log *b*).
  @discardableResult
  public func setFocus(to treePath: TreePath) -> Bool {
    guard index.row(for: treePath) != nil else { return false }
    _rowSelection.setFocus(treePath)
    _selectionOperationDidEnd()
    return true
  }

  /// Selects every row (the visible items); hidden items leave the
  /// selection. Focus and anchor stay.
  ///
  /// - Complexity: O(*r* (*d* + log *b*)) for *r* rows.
  public func selectAll() {
    let index = self.index
    let rows = index.numberOfRows
    _rowSelection.selectExactly(rows == 0 ? [] : Set(index._treePaths(betweenRow: 0, andRow: rows - 1).paths))
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
  /// delegate told once if anything changed. Does nothing while a batch,
  /// an edit or a call out is running: the outermost operation does it.
  func _selectionOperationDidEnd() {
    guard !_callOuts.isCallingOut, _batch == nil, _openEdits == 0 else { return }
    if _rowSelection.needsSettling && _rowSelection.isEmpty { _rowSelection.needsSettling = false }
    if _rowSelection.needsSettling {
      let index = self.index
      _rowSelection.settle { index._rowStandIn(for: $0) }
    }
    if _rowSelection.holds == 0, _rowSelection.takeChange() { delegate?.selectionDidChange() }
  }

  /// Follows an item inserted at `path`.
  func _selectionFollowInsertion(at path: TreePath) {
    guard !_rowSelection.isEmpty else { return }
    _rowSelection.map { $0._following(insertionAt: path) }
  }

  /// Follows the deletion of the item at `path`, before the index deletes
  /// it (the focus and the anchor go to the row before it).
  func _selectionFollowDeletion(at path: TreePath) {
    guard !_rowSelection.isEmpty else { return }
    let index = _index
    _rowSelection.map({ $0._following(deletionAt: path) }, replacingGoneWith: { _ in index._rowBefore(path) })
  }

  /// Follows the item moved from `source` to `destination`.
  func _selectionFollowMove(from source: TreePath, to destination: TreePath) {
    guard !_rowSelection.isEmpty else { return }
    _rowSelection.map { $0._following(moveFrom: source, to: destination) }
  }

  /// Forgets the items beneath `path`, whose subitems the data source
  /// replaced.
  func _selectionForgetItems(beneath path: TreePath) {
    guard !_rowSelection.isEmpty else { return }
    _rowSelection.map({ path.isAncestor(of: $0) ? nil : $0 }, replacingGoneWith: { _ in path })
  }
}
