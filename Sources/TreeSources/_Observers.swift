/// Closures that hear of values, in the order they were added, each until
/// its subscription is cancelled: a source's subscribers
/// (``_ChangePublisher``), and the observers of an ``AsyncTreeSource``'s
/// load ends.
final class _Observers<Value> {
  /// One observer: its closure, until it is cancelled.
  final class _Observer {
    /// The closure; `nil` once cancelled, so that a notification in
    /// progress skips it.
    var observe: ((Value) -> Void)?

    init(_ observe: @escaping (Value) -> Void) { self.observe = observe }
  }

  // Unchecked: no access to the list calls an observer (a notification
  // copies the array, then calls them), and none releases one (a removed
  // observer is released after the removal's access ends), so none can run
  // the caller's code.
  /// The observers, in the order they were added.
  @exclusivity(unchecked) var list: [_Observer] = []

  /// Whether no one observes.
  ///
  /// - Complexity: O(1).
  var isEmpty: Bool { list.isEmpty }

  /// Adds `observe`: it hears of each value notified until the
  /// subscription is cancelled, and never after, not even of a value being
  /// notified.
  ///
  /// - Complexity: O(1), amortized; cancelling is O(*o*) for *o*
  ///   observers.
  func add(_ observe: @escaping (Value) -> Void) -> TreeSourceSubscription {
    let observer = _Observer(observe)
    list.append(observer)
    return TreeSourceSubscription { [weak self] in
      // Released when this scope ends, outside any access.
      let closure = observer.observe
      observer.observe = nil
      _ = closure
      guard let self, let i = self.list.firstIndex(where: { $0 === observer }) else { return }
      let removed = self.list.remove(at: i)
      _ = removed
    }
  }

  /// Calls each observer still observing when its turn comes with `value`.
  ///
  /// - Complexity: O(*o*) for *o* observers, plus theirs.
  func notify(_ value: Value) {
    let observers = list
    for observer in observers {
      // Read fresh: an earlier observer may have cancelled this one.
      if let observe = observer.observe { observe(value) }
    }
  }
}
