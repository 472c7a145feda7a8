import TreeIndex

/// Publishing: a change reaches the composed sources linked above at once,
/// and the subscribers once its batch ends.
///
/// A change goes up the links in a loop (``relay(_:)``) over an explicit
/// stack of what is left to do, in the order a recursion would take: a
/// composed source that publishes while it takes a change in has its steps
/// recorded (``outbox``), and the loop carries them up once it returns, so
/// that a composition nested thousands deep fits in a thread's stack.
extension _ChangePublisher {
  /// Publishes steps: the links hear of them at once, the subscribers at
  /// once too unless a batch is open.
  func publish(_ steps: [TreeSourceChanges.Step]) {
    guard !steps.isEmpty else { return }
    let origin = receivingFrom
    for i in marks.indices where marks[i].opener != origin { marks[i].isMixed = true }
    // Taking a change in: the loop that delivers it carries these up next.
    if outbox != nil {
      outbox!.append(steps)
      return
    }
    if !links.isEmpty { deliver(TreeSourceChanges(steps), toLinks: true) }
    record(steps)
  }

  /// What a publish does once the links heard of `steps`: records them in
  /// the open batch, or tells the subscribers.
  func record(_ steps: [TreeSourceChanges.Step]) {
    didCarryUp?()
    if batchDepth > 0 {
      pending.append(contentsOf: steps)
    } else if !observers.isEmpty {
      deliver(TreeSourceChanges(_Normalization.normalize(steps)), toLinks: false)
    }
  }

  /// Calls the links or the subscribers with `changes`, each that is still
  /// listening when its turn comes, then the edits that waited.
  func deliver(_ changes: TreeSourceChanges, toLinks: Bool) {
    delivering {
      if toLinks {
        relay(links.map { .receive($0, changes, undoing: false) })
      } else {
        observers.notify(changes)
      }
    }
  }

  /// Tells the links the steps that undo what was recorded since a batch
  /// opened with `count` recorded (see ``end(discarding:)``).
  func deliver(undoingSince count: Int) {
    let undoing = undoingSteps(since: count)
    delivering { relay(links.map { .receive($0, undoing, undoing: true) }) }
  }

  /// Runs `body`, in which this source takes in a change of a source
  /// beneath it, as a delivery: the source is delivering until it returns.
  /// Returns what it published meanwhile, for the caller to carry up.
  func receiving(from link: _ChangeLink, _ body: () -> Void) -> [[TreeSourceChanges.Step]] {
    delivering {
      let outer = (receivingFrom, outbox)
      receivingFrom = ObjectIdentifier(link)
      outbox = []
      body()
      let published = outbox ?? []
      (receivingFrom, outbox) = outer
      return published
    }
  }

  /// Does `work` and what it leads to, in order, in a loop: each piece
  /// that reaches a composed source above returns what that source then
  /// has to do, done before the rest.
  func relay(_ work: [_Relay]) {
    var stack = Array(work.reversed())
    while let piece = stack.popLast() {
      stack.append(contentsOf: piece.perform().reversed())
    }
  }
}

/// A piece of a change's or a batch end's way up the links (see
/// ``_ChangePublisher/relay(_:)``).
enum _Relay {
  /// The composed source of the link takes in a change (`undoing`: the
  /// steps that undo a failed batch beneath).
  case receive(_ChangeLink, TreeSourceChanges, undoing: Bool)
  /// The publisher, once its links heard of steps it published, records
  /// them or tells its subscribers.
  case record(_ChangePublisher, [TreeSourceChanges.Step])
  /// The composed source of the link ends the batch that mirrors one of
  /// the source beneath.
  case end(_ChangeLink, discarding: Bool)
  /// The publisher, once its links heard of what it published as its
  /// batch ended, tells them the steps that undo the batch, if it is
  /// undone (`count`: the steps recorded when it opened).
  case undoEnd(_ChangePublisher, count: Int, undone: Bool)
  /// The publisher, once its links heard of the undoing steps, closes its
  /// batch (`count`: the steps recorded when it opened).
  case closeEnd(_ChangePublisher, count: Int, undone: Bool)
  /// The publisher, once its links ended their batches, publishes what
  /// its outermost batch recorded.
  case finishEnd(_ChangePublisher)

  /// Does this piece; returns what follows from it, in order.
  func perform() -> [_Relay] {
    switch self {
    case .receive(let link, let changes, let undoing):
      guard link.isActive, let downstream = link.downstream, !(undoing && downstream.restoresOnDiscard) else {
        return []
      }
      let published = downstream.receiving(from: link) { link.receive(changes) }
      return Self.carryingUp(published, from: downstream)
    case .record(let publisher, let steps):
      publisher.record(steps)
      return []
    case .end(let link, let discard):
      guard link.isActive, let downstream = link.downstream else { return [] }
      var opened = (count: 0, undone: false)
      let published = downstream.receiving(from: link) { opened = downstream.openEnd(discarding: discard) }
      return Self.carryingUp(published, from: downstream) + [
        .undoEnd(downstream, count: opened.count, undone: opened.undone)
      ]
    case .undoEnd(let publisher, let count, let undone):
      var work: [_Relay] = []
      if undone && publisher.pending.count > count && publisher.hasLinks {
        let undoing = publisher.undoingSteps(since: count)
        work = publisher.links.map { .receive($0, undoing, undoing: true) }
      }
      return work + [.closeEnd(publisher, count: count, undone: undone)]
    case .closeEnd(let publisher, let count, let undone):
      return publisher.closeEnd(since: count, undone: undone) + [.finishEnd(publisher)]
    case .finishEnd(let publisher):
      publisher.finishEnd()
      return []
    }
  }

  /// What `publisher` published while it took a change in: for each
  /// publish, its links take the steps in, then it records them.
  static func carryingUp(_ published: [[TreeSourceChanges.Step]], from publisher: _ChangePublisher) -> [_Relay] {
    published.flatMap { steps in
      publisher.links.map { _Relay.receive($0, TreeSourceChanges(steps), undoing: false) } + [.record(publisher, steps)]
    }
  }
}
