/// The subscribers of one source, and the batch it has open: every source
/// of the module publishes through one.
final class _ChangePublisher {
  // Unchecked: no access to the observers calls one (a delivery reads the
  // array, then calls them), and none releases one (a removed observer is
  // released after the removal's access ends), so none can run the
  // caller's code.
  /// The observers, by subscription number.
  @exclusivity(unchecked) private var observers: [(id: Int, observe: (TreeSourceChanges) -> Void)] = []
  /// The number the next subscription gets.
  private var nextID = 0
  // Unchecked: the counter and the recorded steps (paths, which hold no
  // references of the caller's) are touched only here, and no access lasts
  // across a call to an observer.
  /// How many batches are open, one inside another.
  @exclusivity(unchecked) private(set) var batchDepth = 0
  /// The steps recorded since the outermost batch opened.
  @exclusivity(unchecked) private var pending: [TreeSourceChanges.Step] = []

  /// Adds an observer.
  func subscribe(_ observe: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    let id = nextID
    nextID += 1
    observers.append((id, observe))
    return TreeSourceSubscription { [weak self] in
      guard let self, let i = self.observers.firstIndex(where: { $0.id == id }) else { return }
      // Released when this scope ends, outside the removal's access.
      let removed = self.observers.remove(at: i)
      _ = removed
    }
  }

  /// Whether anyone listens.
  var hasObservers: Bool { !observers.isEmpty }

  /// Records steps, published at once unless a batch is open.
  func publish(_ steps: [TreeSourceChanges.Step]) {
    guard !steps.isEmpty else { return }
    if batchDepth == 0 && pending.isEmpty {
      // Nothing recorded before: the steps go out as they are, uncopied.
      deliver(steps)
      return
    }
    pending.append(contentsOf: steps)
    if batchDepth == 0 { flush() }
  }

  /// Opens a batch.
  func begin() { batchDepth += 1 }

  /// Closes a batch: the outermost one publishes what it recorded, or, when
  /// `discard` (the batch failed and was undone), drops it.
  func end(discarding discard: Bool = false) {
    batchDepth -= 1
    if discard && batchDepth == 0 { pending = [] }
    if batchDepth == 0 { flush() }
  }

  /// The steps recorded so far in the open batch (for undoing a failure).
  var pendingCount: Int { pending.count }

  /// Drops the steps recorded after the first `count`.
  func dropPending(after count: Int) {
    pending.removeSubrange(count...)
  }

  private func flush() {
    guard !pending.isEmpty else { return }
    let steps = pending
    pending = []
    deliver(steps)
  }

  /// Calls every observer with `steps`, in normal form.
  private func deliver(_ steps: [TreeSourceChanges.Step]) {
    let changes = TreeSourceChanges(_Normalization.normalize(steps))
    for observer in observers { observer.observe(changes) }
  }
}
