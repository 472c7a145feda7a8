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
