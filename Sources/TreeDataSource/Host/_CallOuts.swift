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
