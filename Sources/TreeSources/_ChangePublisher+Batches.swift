import TreeIndex

/// Batches: a batch opens here and in every composed source linked above,
/// and ends in them all; the outermost publishes what it recorded.
extension _ChangePublisher {
  /// Opens a batch, here and in the composed sources linked above;
  /// `link` is the link whose source opened it, if not this source.
  func begin(openedBy link: _ChangeLink? = nil) {
    // Up the links with a stack, in the order a recursion would take.
    var stack: [(publisher: _ChangePublisher, opener: _ChangeLink?)] = [(self, link)]
    while let (publisher, opener) = stack.popLast() {
      publisher.batchDepth += 1
      publisher.marks.append((publisher.pending.count, opener.map(ObjectIdentifier.init), false))
      publisher.didBegin?()
      var above: [(publisher: _ChangePublisher, opener: _ChangeLink?)] = []
      for link in publisher.links where link.isActive {
        if let downstream = link.downstream { above.append((downstream, link)) }
      }
      stack.append(contentsOf: above.reversed())
    }
  }

  /// Runs `updates` as one batch of this publisher's source and of `base`,
  /// the source it is composed over: the batch opens here, then in the
  /// base, and ends in the base, then here (discarding when `updates`
  /// throws, as the base undoes its edits).
  ///
  /// - Parameters:
  ///   - base: The source beneath.
  ///   - updates: The edits.
  /// - Throws: Whatever `updates` throws.
  func batch<Failure: Error>(over base: some TreeSource, _ updates: () throws(Failure) -> Void) throws(Failure) {
    try batch({ () throws(Failure) in try base.performBatchUpdates(updates) }, restoring: {})
  }

  /// Runs `updates` as one batch; when it throws, calls `restore` (which
  /// sets the source's data back), then ends the batch discarding its
  /// steps, and throws again.
  ///
  /// - Parameters:
  ///   - updates: The edits.
  ///   - restore: What undoes them, called before the composed sources
  ///     linked above hear of the steps that undo the batch, so that they
  ///     read the restored data.
  /// - Throws: Whatever `updates` throws.
  func batch<Failure: Error>(_ updates: () throws(Failure) -> Void, restoring restore: () -> Void) throws(Failure) {
    begin()
    do {
      try updates()
    } catch {
      restore()
      end(discarding: true)
      throw error
    }
    end()
  }

  /// Closes a batch: when `discard` (the batch failed and the source was
  /// restored), the links hear of the steps that undo it and the steps are
  /// dropped — unless steps of other sources beneath were recorded since
  /// it opened and the owner does not restore itself, when they all stay,
  /// undone steps included; the outermost batch publishes what it
  /// recorded.
  ///
  /// The composed sources above end theirs in a loop (``relay(_:)``), not
  /// each inside the end of the one beneath.
  func end(discarding discard: Bool = false) {
    let (count, undone) = openEnd(discarding: discard)
    if undone && pending.count > count && !links.isEmpty {
      deliver(undoingSince: count)
    }
    if !links.isEmpty {
      delivering { relay(closeEnd(since: count, undone: undone)) }
    } else {
      _ = closeEnd(since: count, undone: undone)
    }
    finishEnd()
  }

  /// The first part of ``end(discarding:)``: drops the batch's mark and
  /// lets the owner end it; returns how many steps were recorded when it
  /// opened and whether it is undone.
  func openEnd(discarding discard: Bool) -> (count: Int, undone: Bool) {
    let mark = marks.removeLast()
    // Undone here only when what was recorded since the batch opened is
    // all undone (see `marks`); otherwise the undoing steps were taken in
    // like any others, and the batch ends as one that succeeded.
    let undone = discard && (mark.opener == nil || restoresOnDiscard || !mark.isMixed)
    willEnd?(undone)
    return (mark.count, undone)
  }

  /// The steps that undo what was recorded since the batch opened with
  /// `count` recorded, in normal form: an item the undoing puts back comes
  /// with its children as the restored source holds them.
  func undoingSteps(since count: Int) -> TreeSourceChanges {
    TreeSourceChanges(_Normalization.normalize(Self.undoing(pending[count...]).steps))
  }

  /// The second part of ``end(discarding:)``, once the links heard of the
  /// undoing steps: drops the undone steps and closes the batch; returns
  /// the ends of the links' batches.
  func closeEnd(since count: Int, undone: Bool) -> [_Relay] {
    if undone && pending.count > count { pending.removeSubrange(count...) }
    batchDepth -= 1
    return links.map { .end($0, discarding: undone) }
  }

  /// The last part of ``end(discarding:)``: the outermost batch publishes
  /// what it recorded.
  func finishEnd() {
    guard batchDepth == 0, !pending.isEmpty else { return }
    let steps = pending
    pending = []
    if !observers.isEmpty { deliver(TreeSourceChanges(_Normalization.normalize(steps)), toLinks: false) }
  }

  /// The steps that undo `steps`, in order.
  static func undoing(_ steps: ArraySlice<TreeSourceChanges.Step>) -> TreeSourceChanges {
    TreeSourceChanges(
      steps.reversed().map { step in
        switch step {
        case .insert(let p): .remove(p)
        case .remove(let p): .insert(p)
        case .move(let a, let b): .move(from: b, to: a)
        case .update(let p): .update(p)
        }
      })
  }
}
