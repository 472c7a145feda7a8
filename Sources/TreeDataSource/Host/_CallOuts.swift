/// The calls a list is making to code outside it — its data source, host,
/// delegate or height closure — in the middle of a change, and the changes
/// that wait for them to return: the state behind the rule both lists
/// follow (see `TreeList+CallOuts.swift` and
/// `DiffableTreeList+CallOuts.swift`).
///
/// Not generic, so that a generic list reads it without looking up a type
/// at run time.
struct _CallOuts {
  /// How many calls are running, one inside another.
  var depth = 0
  /// Changes asked for while calling out that cannot be refused (they
  /// cannot throw), in the order they came.
  private var deferred: [() -> Void] = []
  /// Whether any change waits: read after every operation.
  private(set) var hasDeferred = false

  /// Whether a call is running.
  var isCallingOut: Bool { depth > 0 }

  /// Keeps `call` to run once no call is running.
  mutating func deferUntilDone(_ call: @escaping () -> Void) {
    deferred.append(call)
    hasDeferred = true
  }

  /// The oldest waiting change, taken out; `nil` when none waits.
  mutating func takeDeferred() -> (() -> Void)? {
    guard hasDeferred else { return nil }
    let call = deferred.removeFirst()
    hasDeferred = !deferred.isEmpty
    return call
  }
}

/// A list that calls out (``TreeList``, ``DiffableTreeList``): the calls
/// in progress and the one way in for every public operation that may call
/// out, so that what the code it called deferred runs before the operation
/// returns.
protocol _CallingOutList: AnyObject {
  /// The calls in progress and the changes that wait for them.
  var _callOuts: _CallOuts { get set }

  /// Brings the focus and the row selection up to date once an operation
  /// has ended, and tells the delegate once if they changed.
  func _selectionOperationDidEnd()

  /// How many operations in progress hold the delegate's selection call
  /// until they end (see ``_holdingSelectionCalls(_:)``).
  var _selectionCallHolds: Int { get set }
}

extension _CallingOutList {
  /// Runs `body` with the delegate's `selectionDidChange()` held until it
  /// ends, then tells the delegate once if the focus, the anchor or the
  /// selection changed: one call for a key that both expands and moves the
  /// focus. The selection still settles after each step.
  func _holdingSelectionCalls<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
    _selectionCallHolds += 1
    defer {
      _selectionCallHolds -= 1
      _selectionOperationDidEnd()
    }
    try body()
  }
}

extension _CallingOutList {
  /// Runs `call`, a call to code outside the list (data source, host,
  /// delegate, height closure) in the middle of an operation: while it
  /// runs, changes are refused or deferred.
  func _callOut<T>(_ call: () -> T) -> T {
    _callOuts.depth += 1
    defer { _callOuts.depth -= 1 }
    return call()
  }

  /// Runs the calls deferred while the list was calling out, in the order
  /// they came, once it no longer is (each may defer more: they run too).
  /// Then the focus and the row selection are brought up to date, and the
  /// delegate told of a change (see ``_selectionOperationDidEnd()``).
  func _runDeferredCalls() {
    while !_callOuts.isCallingOut && _callOuts.hasDeferred, let call = _callOuts.takeDeferred() { call() }
    _selectionOperationDidEnd()
  }

  /// Runs `body`, a public operation that may call out, then — unless the
  /// list is still calling out, when the outer operation will — the calls
  /// deferred while it called out: every public operation that calls out
  /// goes through here, so that none returns with a change left waiting.
  func _operation<T, Failure: Error>(_ body: () throws(Failure) -> T) throws(Failure) -> T {
    defer { _runDeferredCalls() }
    return try body()
  }

  /// Runs `change`, a change that cannot be refused (it cannot throw), as
  /// an operation (see ``_operation(_:)``); called while the list is
  /// calling out, keeps it to run, as an operation of its own, once the
  /// list no longer is.
  func _whenNotCallingOut(_ change: @escaping (Self) -> Void) {
    guard _callOuts.isCallingOut else {
      _operation { change(self) }
      return
    }
    _callOuts.deferUntilDone { [weak self] in
      if let self { self._whenNotCallingOut(change) }
    }
  }
}
