/// Calling out — to the host, the delegate and the height closure — in the
/// middle of a change, with ``TreeList``'s rule: while the list waits for
/// such a call, an expand, collapse or reveal is refused with
/// ``DiffableTreeListError/Reason/reentrantUpdate``, and ``apply(_:)`` and
/// setting ``heightOfItem`` are deferred until the call returns, then run
/// as changes of their own. Questions are answered at any time.
extension DiffableTreeList: _CallingOutList {
  /// Whether the list is calling out in the middle of a change.
  var _isCallingOut: Bool { _callOuts.isCallingOut }

  /// Hands the host `changes`, unless they are empty; `old` is the
  /// snapshot before them, when they come from an apply.
  func _deliver(_ changes: TreeChanges, from old: TreeSnapshot<ItemID>? = nil) {
    _carryScrollAnchor(through: changes, from: old)
    guard !changes.isEmpty else { return }
    _rowSelection.needsSettling = true
    guard let host = _host else { return }
    _callOut { host.apply(changes) }
  }
}
