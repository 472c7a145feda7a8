/// Calling out — to the host, the delegate and the height closure — in the
/// middle of a change, with ``TreeList``'s rule: while the list waits for
/// such a call, an expand, collapse or reveal is refused with
/// ``DiffableTreeListError/Reason/reentrantUpdate``, and ``apply(_:)`` and
/// setting ``heightOfItem`` are deferred until the call returns, then run
/// as changes of their own. Questions are answered at any time.
extension DiffableTreeList {
  /// Whether the list is calling out in the middle of a change.
  var _isCallingOut: Bool { _callOuts.isCallingOut }

  /// Runs `call`, a call to the host, the delegate or the height closure:
  /// while it runs, changes are refused or deferred.
  func _callOut<T>(_ call: () -> T) -> T {
    _callOuts.depth += 1
    defer { _callOuts.depth -= 1 }
    return call()
  }

  /// Runs `call` now, or — called while the list is calling out — once it
  /// no longer is.
  func _whenNotCallingOut(_ call: @escaping (DiffableTreeList) -> Void) {
    guard _isCallingOut else {
      call(self)
      return
    }
    _callOuts.deferUntilDone { [weak self] in
      if let self { call(self) }
    }
  }

  /// Runs the calls deferred while the list was calling out, in the order
  /// they came, once it no longer is.
  func _runDeferredCalls() {
    while !_isCallingOut && _callOuts.hasDeferred, let call = _callOuts.takeDeferred() { call() }
  }

  /// Hands the host `changes`, unless they are empty.
  func _deliver(_ changes: TreeChanges) {
    guard !changes.isEmpty, let host = _host else { return }
    _callOut { host.apply(changes) }
  }
}
