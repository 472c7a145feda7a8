/// The user's expansions and collapses: each one batch update for the host,
/// the delegate asked, the snapshot changed.
extension DiffableTreeList {
  /// Expands `item` and hands the host the rows that appear as one update,
  /// as ``TreeList/expand(_:recursively:)`` does; the list's ``snapshot``
  /// then has `item` expanded.
  ///
  /// The delegate's ``DiffableTreeListDelegate/shouldExpandItem(_:)`` is
  /// asked first (a refusal leaves everything as it was, without an
  /// error), and ``DiffableTreeListDelegate/willExpandItem(_:)`` and
  /// ``DiffableTreeListDelegate/didExpandItem(_:)`` bracket the change. On
  /// its own, an item expands even without children (children added later
  /// are shown). Recursively, as `NSOutlineView` does, every collapsed item
  /// of the subtree that has children is opened, the item itself included,
  /// each asked about and told of; items without children stay collapsed,
  /// and a refused item stays collapsed with everything beneath it. A
  /// hidden item is expanded without rows: its children show once its
  /// ancestors are expanded.
  ///
  /// - Parameters:
  ///   - item: The item's identifier.
  ///   - recursively: Whether to expand every item beneath it too.
  /// - Throws: ``DiffableTreeListError`` with
  ///   ``DiffableTreeListError/Reason/unknownItem`` when the list has no
  ///   such item, or ``DiffableTreeListError/Reason/reentrantUpdate`` when
  ///   called while the list is calling out; nothing changes.
  /// - Complexity: O(*d* log *b*) to show a subtree shown before, plus
  ///   O(*d* log *b*) per subitem shown the first time; recursively, plus
  ///   O(*d* log *b*) per item of the subtree.
  public func expand(_ item: ItemID, recursively: Bool = false) throws {
    let treePath = try _resolve(item, for: .expand)
    if _isKnownToTheTreeList(treePath) {
      try _list.expand(treePath, recursively: recursively)
    } else {
      _expandHidden(item, recursively: recursively)
    }
  }

  /// Collapses `item` and hands the host the rows that vanish as one
  /// update, as ``TreeList/collapse(_:recursively:)`` does; the list's
  /// ``snapshot`` then has `item` collapsed. The expansion beneath it is
  /// kept for the next expansion unless `recursively` is `true`.
  ///
  /// The delegate's ``DiffableTreeListDelegate/shouldCollapseItem(_:)`` is
  /// asked first when the item is expanded (a refusal leaves everything as
  /// it was, without an error), and
  /// ``DiffableTreeListDelegate/willCollapseItem(_:)`` and
  /// ``DiffableTreeListDelegate/didCollapseItem(_:)`` bracket the change; a
  /// recursive collapse asks only about `item`.
  ///
  /// - Parameters:
  ///   - item: The item's identifier.
  ///   - recursively: Whether to collapse every item beneath it too.
  /// - Throws: ``DiffableTreeListError`` with
  ///   ``DiffableTreeListError/Reason/unknownItem`` when the list has no
  ///   such item, or ``DiffableTreeListError/Reason/reentrantUpdate`` when
  ///   called while the list is calling out; nothing changes.
  /// - Complexity: O(*d* log *b*), whatever the number of rows that vanish;
  ///   recursively, plus O(log *b*) per item beneath.
  public func collapse(_ item: ItemID, recursively: Bool = false) throws {
    let treePath = try _resolve(item, for: .collapse)
    let wasExpanded = snapshot.isExpanded(item)
    // An item the tree list has not asked about yet (hidden, come while its
    // parent was collapsed) is open only in the snapshot: the tree list
    // asks when it shows.
    guard _isKnownToTheTreeList(treePath), _list.isExpanded(treePath) || !wasExpanded else {
      _collapseHidden(item, recursively: recursively)
      return
    }
    _collapsesRecursively = recursively
    defer { _collapsesRecursively = false }
    try _list.collapse(treePath, recursively: recursively)
    // Refused: the item stays expanded, and nothing beneath it changes.
    let refused = wasExpanded && snapshot.isExpanded(item)
    if recursively && !refused { _collapseDescendants(of: item) }
  }

  /// Expands every collapsed ancestor of `item`, top down, so that it
  /// becomes visible, as ``TreeList/reveal(_:)`` does: one update for all
  /// of them, each ancestor asked about
  /// (``DiffableTreeListDelegate/shouldExpandItem(_:)``) and told of. When
  /// the delegate refuses an ancestor, it and the ancestors beneath it stay
  /// collapsed and the call returns without an error: ask the
  /// ``snapshot``'s ``/TreeIndex/TreeSnapshot/isVisible(_:)`` whether the
  /// item became visible. The item itself is not expanded.
  ///
  /// - Parameter item: The item's identifier.
  /// - Throws: ``DiffableTreeListError`` with
  ///   ``DiffableTreeListError/Reason/unknownItem`` when the list has no
  ///   such item, or ``DiffableTreeListError/Reason/reentrantUpdate`` when
  ///   called while the list is calling out; nothing changes.
  /// - Complexity: O(*d* log *b*), plus O(*d* log *b*) per subitem shown
  ///   the first time.
  public func reveal(_ item: ItemID) throws {
    let treePath = try _resolve(item, for: .reveal)
    try _list.reveal(treePath)
  }

  // MARK: Implementation

  /// The path of `item`, or the error `operation` throws: the item is not
  /// in the list, or the list is calling out.
  func _resolve(_ item: ItemID, for operation: DiffableTreeListError.Operation) throws -> TreePath {
    guard !_list._isCallingOut else {
      throw DiffableTreeListError(operation: operation, item: String(describing: item), reason: .reentrantUpdate)
    }
    guard let treePath = snapshot.treePath(of: item) else {
      throw DiffableTreeListError(operation: operation, item: String(describing: item), reason: .unknownItem)
    }
    return treePath
  }

  /// Whether the tree list knows the parent of the item at `treePath` (it
  /// has shown it expanded), so that it can expand or collapse the item;
  /// otherwise the item is hidden beneath an item the tree list never
  /// expanded, and only the snapshot has it.
  ///
  /// - Complexity: O(*d* log *b*).
  func _isKnownToTheTreeList(_ treePath: TreePath) -> Bool {
    _list.numberOfSubitems(of: treePath.parent) != nil
  }

  /// Expands an item hidden beneath an item the tree list never expanded:
  /// in the snapshot alone (the tree list asks when the item shows),
  /// asking and telling the delegate as ``expand(_:recursively:)`` does.
  ///
  /// - Complexity: O(*d* log *b*); recursively, per item of the subtree.
  func _expandHidden(_ item: ItemID, recursively: Bool) {
    var opened: [ItemID] = []
    var stack = [item]
    while let next = stack.popLast() {
      let children = snapshot.children(of: next)
      if !snapshot.isExpanded(next) {
        // Recursively, as NSOutlineView: items without children stay closed.
        if recursively && children.isEmpty { continue }
        guard _list._callOut({ delegate?.shouldExpandItem(next) ?? true }) else { continue }
        _list._callOut { delegate?.willExpandItem(next) }
        _list.dataSource.snapshot.expand([next])
        opened.append(next)
      }
      if recursively { stack.append(contentsOf: children.reversed()) }
    }
    for item in opened { delegate?.didExpandItem(item) }
    _list._runDeferredCalls()
  }

  /// Collapses an item hidden beneath an item the tree list never
  /// expanded: in the snapshot alone, asking and telling the delegate as
  /// ``collapse(_:recursively:)`` does.
  ///
  /// - Complexity: O(*d* log *b*); recursively, per item of the subtree.
  func _collapseHidden(_ item: ItemID, recursively: Bool) {
    defer { _list._runDeferredCalls() }
    let notify = snapshot.isExpanded(item)
    if notify {
      guard _list._callOut({ delegate?.shouldCollapseItem(item) ?? true }) else { return }
      _list._callOut { delegate?.willCollapseItem(item) }
    }
    _list.dataSource.snapshot.collapse([item])
    if recursively { _collapseDescendants(of: item) }
    if notify { delegate?.didCollapseItem(item) }
  }

  /// Collapses every item beneath `item` in the snapshot, as a recursive
  /// collapse of the tree list does with the items it knows.
  ///
  /// - Complexity: O(*s* · *d* log *b*) for the *s* items beneath.
  func _collapseDescendants(of item: ItemID) {
    var expanded: [ItemID] = []
    var stack = Array(snapshot.children(of: item))
    while let next = stack.popLast() {
      if snapshot.isExpanded(next) { expanded.append(next) }
      stack.append(contentsOf: snapshot.children(of: next))
    }
    if !expanded.isEmpty { _list.dataSource.snapshot.collapse(expanded) }
  }
}
