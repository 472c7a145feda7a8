/// Entry points for lists built on `TreeList` (``DiffableTreeList``), which
/// keep their own model of the tree and work out the host's update
/// themselves.
extension TreeList {
  /// Whether the list is calling out to its data source, host or delegate
  /// in the middle of an operation: a change asked for now is refused or
  /// deferred (see `TreeList+CallOuts.swift`).
  var _isCallingOut: Bool { _callOutDepth > 0 }

  /// Runs `call` once the list no longer calls out, as ``reloadData()``
  /// waits when called from inside a call-out.
  func _deferUntilCallOutsEnd(_ call: @escaping (TreeList) -> Void) {
    _deferredCalls.append(call)
  }

  /// Forgets everything and asks the data source again, as ``reloadData()``
  /// does, but hands the host `changes` — an update the caller worked out,
  /// which takes the host's rows to the ones the data source now gives —
  /// instead of having it reload; nothing when `changes` is empty.
  ///
  /// - Precondition: The list is not calling out, and no batch or edit is
  ///   open.
  /// - Complexity: O(*v* log *b*) for *v* visible items, plus the data
  ///   source's answers: as ``reloadData()``.
  func _reload(announcing changes: TreeChanges) {
    precondition(_callOutDepth == 0 && _batch == nil && _openEdits == 0, "TreeList: reload in the middle of a change")
    defer { _runDeferredCalls() }
    _forgetAndAskAgain()
    _deliver(changes)
  }
}

extension TreeList {
  /// Runs `updates` — edits that tell the list how its data source changed,
  /// as in ``performBatchUpdates(_:)`` — as one batch, but hands the host
  /// `changes`, an update the caller worked out for the same change,
  /// instead of the batch's own (or a reload, when the list had to recover
  /// from its data source).
  ///
  /// - Throws: Whatever `updates` throws; the list is then as it was before
  ///   the batch (or, after a recovery, reloaded), and the host heard
  ///   nothing (or a reload).
  /// - Precondition: The list is not calling out, and no batch or edit is
  ///   open.
  /// - Complexity: the edits, plus the batch's own change set (see
  ///   ``/TreeIndex/TreeIndex/performBatchUpdates(_:)``).
  func _performBatchUpdates(_ updates: () throws -> Void, announcing changes: TreeChanges) throws {
    precondition(_callOutDepth == 0 && _batch == nil && _openEdits == 0, "TreeList: batch in the middle of a change")
    defer { _runDeferredCalls() }
    guard try _runBatch(updates) != nil else { return }
    _deliver(changes)
  }

  /// Collapses the expanded item at the valid `treePath` without asking or
  /// telling the delegate: the data source collapsed it.
  ///
  /// - Complexity: O(*d* log *b*).
  func _collapseItem(_ treePath: TreePath) throws {
    let changes = try _index.collapse(treePath)
    _refreshHeights(along: treePath)
    _deliver(changes)
  }
}
