import TreeIndex

/// The subscribers of one source, the composed sources linked beneath it,
/// and the batch it has open: every source of the module publishes through
/// one.
///
/// Two kinds of listeners hear of a change:
/// - **Subscribers** (``subscribe(_:)``: hosts, and the callers' own
///   closures) hear of a batch once, in normal form, when the outermost
///   batch ends.
/// - **Links** (``link(_:)``: the composed sources of this module built on
///   the source) hear of every step at once, and of every batch that opens
///   and ends, so that a composed source answers with the tree as it is
///   after the edits so far, also in the middle of a batch. When a batch
///   fails and its source is restored, they hear of the steps that undo it,
///   then of the batch's end with `discarding`.
///
/// **Re-entrancy.** While a change is being delivered anywhere in the
/// composition (here, by a composed source linked above, or by another
/// source those are composed from) the source is *delivering*
/// (``isDelivering``): an edit then would reach some listeners before the
/// change in progress reaches the others, or be read half-taken-in by a
/// composed source, so edits that can throw are
/// refused (``checkEditable(source:operation:path:destination:)``) and
/// edits that cannot are run when the delivery ends
/// (``runOrDefer(_:)``).
final class _ChangePublisher {
  /// One subscriber: its closure, until it is cancelled.
  final class _Observer {
    /// The closure; `nil` once cancelled, so that a delivery in progress
    /// skips it.
    var observe: ((TreeSourceChanges) -> Void)?

    init(_ observe: @escaping (TreeSourceChanges) -> Void) { self.observe = observe }
  }

  // Unchecked: no access to the listeners calls one (a delivery copies the
  // array, then calls them), and none releases one (a removed listener is
  // released after the removal's access ends), so none can run the
  // caller's code.
  /// The subscribers, in the order they subscribed.
  @exclusivity(unchecked) private var observers: [_Observer] = []
  /// The composed sources linked beneath, in the order they linked.
  @exclusivity(unchecked) private var links: [_ChangeLink] = []
  /// The links to the sources this one is composed from.
  @exclusivity(unchecked) private var upstreams: [_ChangeLink] = []
  // Unchecked: the counters and the recorded steps (paths, which hold no
  // references of the caller's) are touched only here, and no access lasts
  // across a call to a listener.
  /// How many batches are open, one inside another.
  @exclusivity(unchecked) private(set) var batchDepth = 0
  /// For each open batch: how many steps were recorded when it opened, the
  /// link whose source opened it (`nil`: this source itself), and whether
  /// steps of anyone else were recorded since. A failed batch of a source
  /// beneath drops what it recorded only when they were not: sources'
  /// batches overlap (a composed source opens one in each of its sources),
  /// so steps of others may lie in its range, and those stay (the undone
  /// steps then stay too, after them).
  @exclusivity(unchecked) private var marks: [(count: Int, opener: ObjectIdentifier?, isMixed: Bool)] = []
  /// The link whose change is being taken in, while one is.
  @exclusivity(unchecked) private var receivingFrom: ObjectIdentifier?
  /// The steps recorded since the outermost batch opened.
  @exclusivity(unchecked) private var pending: [TreeSourceChanges.Step] = []
  /// How many deliveries are in progress, one inside another.
  @exclusivity(unchecked) private var deliveries = 0
  /// How many moves across the owner's sources are in progress.
  @exclusivity(unchecked) private var moves = 0
  /// How many of the moves' own edits are in progress.
  @exclusivity(unchecked) private var editsOfMoves = 0
  /// The edits that waited for the deliveries to end, in order.
  /// Kept by a composition's outermost source (a *sink*: nothing is
  /// composed from it), so that the edits its sources defer run in the
  /// order they were made, once nothing in the composition delivers.
  @exclusivity(unchecked) private var deferred: [(target: _ChangePublisher, edit: () -> Void)] = []
  /// While edits wait at a sink above: that sink, so that the end of any
  /// delivery beneath it can run them.
  private weak var drainTarget: _ChangePublisher?

  /// Whether the owner restores itself exactly when a batch is discarded
  /// (in ``willEnd``): it then drops everything recorded since the batch
  /// opened, and ignores the steps that undo a source's failed batch
  /// beneath it. A filter does; a join, which holds no state of its
  /// sources' beyond their counts, takes in the undoing steps instead.
  var restoresOnDiscard = false
  /// Called when a batch opens here (the owner's, or one that a source
  /// beneath opened), after it is counted.
  var didBegin: (() -> Void)?
  /// Called when a batch ends here, before anything recorded is undone,
  /// dropped or published, with whether it is discarded: the owner that
  /// restores itself does so; at the outermost batch it may publish what
  /// waited for the batch to end.
  var willEnd: ((_ discarding: Bool) -> Void)?

  // MARK: Listeners

  /// Adds a subscriber: it hears of each change, or batch of changes, once
  /// it has applied; cancelled, it is never called again, not even for a
  /// change being delivered.
  ///
  /// - Complexity: O(1), amortized.
  func subscribe(_ observe: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    let observer = _Observer(observe)
    observers.append(observer)
    return TreeSourceSubscription { [weak self] in
      // Released when this scope ends, outside any access.
      let closure = observer.observe
      observer.observe = nil
      _ = closure
      guard let self, let i = self.observers.firstIndex(where: { $0 === observer }) else { return }
      let removed = self.observers.remove(at: i)
      _ = removed
    }
  }

  /// Links a composed source beneath this one: it hears of every step at
  /// once (see the type's documentation).
  ///
  /// - Complexity: O(1), amortized.
  func link(_ link: _ChangeLink) -> TreeSourceSubscription {
    links.append(link)
    link.upstream = self
    if let downstream = link.downstream {
      downstream.upstreams.append(link)
      // A link opened inside a batch hears of its end as of every batch's.
      for _ in 0..<batchDepth { downstream.begin(openedBy: link) }
    }
    return TreeSourceSubscription { [weak self] in
      link.isActive = false
      if let downstream = link.downstream, let i = downstream.upstreams.firstIndex(where: { $0 === link }) {
        downstream.upstreams.remove(at: i)
      }
      guard let self, let i = self.links.firstIndex(where: { $0 === link }) else { return }
      let removed = self.links.remove(at: i)
      _ = removed
    }
  }

  /// Whether anyone listens.
  var hasObservers: Bool { !observers.isEmpty || !links.isEmpty }

  // MARK: Re-entrancy

  /// Whether a change is being delivered anywhere an edit of this source
  /// would reach or read: by this source, by a source composed from it
  /// (above), or by any source those are composed from (a composed source
  /// reads them all while it takes in a change).
  ///
  /// - Complexity: O(*s*) for the *s* sources of the composition.
  var isDelivering: Bool { busyPublisher(forEdits: true) != nil }

  /// The publisher, of those ``isDelivering`` looks at, whose delivery is
  /// in progress, or that moves an item across its sources (see
  /// ``moving(_:)``).
  /// `forEdits`: for an edit, which the move's own edits may make.
  private func busyPublisher(forEdits: Bool) -> _ChangePublisher? {
    if links.isEmpty && upstreams.isEmpty { return isBusy(forEdits: forEdits) ? self : nil }
    var found: _ChangePublisher?
    forEachSink { sink in
      if found == nil { found = sink.busyHereOrBeneath(forEdits: forEdits) }
    }
    return found
  }

  /// Whether this publisher delivers, or moves an item (unless, `forEdits`,
  /// the move is making one of its own edits).
  private func isBusy(forEdits: Bool) -> Bool {
    deliveries > 0 || (moves > 0 && !(forEdits && editsOfMoves > 0))
  }

  /// Calls `body` with each composed source above this one that nothing is
  /// composed from (this one, when none is).
  private func forEachSink(_ body: (_ChangePublisher) -> Void) {
    var isSink = true
    for link in links where link.isActive {
      guard let downstream = link.downstream else { continue }
      isSink = false
      downstream.forEachSink(body)
    }
    if isSink { body(self) }
  }

  /// This publisher, or one of the sources it is composed from, while it
  /// delivers a change or moves an item.
  private func busyHereOrBeneath(forEdits: Bool) -> _ChangePublisher? {
    if isBusy(forEdits: forEdits) { return self }
    for link in upstreams where link.isActive {
      if let found = link.upstream?.busyHereOrBeneath(forEdits: forEdits) { return found }
    }
    return nil
  }

  /// Runs `body`, which moves an item from one of the owner's sources to
  /// another: meanwhile the composition is busy as while it delivers
  /// (another edit in the middle would be taken for part of the move), but
  /// for the move's own edits (``ownEdit(_:)``).
  func moving<R>(_ body: () throws(TreeSourceError) -> R) throws(TreeSourceError) -> R {
    moves += 1
    defer {
      moves -= 1
      runDeferredIfDone()
    }
    return try body()
  }

  /// Runs `body`, which calls the caller's code (a filter's predicate), as
  /// a delivery: the composition is busy until it returns, so that the
  /// code cannot edit it half-way through.
  func callingOut<R>(_ body: () -> R) -> R {
    deliveries += 1
    defer {
      deliveries -= 1
      runDeferredIfDone()
    }
    return body()
  }

  /// Runs one of the edits of the move in progress (see ``moving(_:)``).
  func ownEdit<R>(_ body: () throws(TreeSourceError) -> R) throws(TreeSourceError) -> R {
    editsOfMoves += 1
    defer { editsOfMoves -= 1 }
    return try body()
  }

  /// Throws when an edit now would be published in the middle of a
  /// delivery (see the type's documentation).
  ///
  /// - Throws: ``TreeSourceError`` with
  ///   ``TreeSourceError/Reason/deliveringChanges``.
  func checkEditable(
    source: String, operation: TreeSourceError.Operation, path: TreePath, destination: TreePath? = nil
  ) throws(TreeSourceError) {
    guard isDelivering else { return }
    throw TreeSourceError(
      source: source, operation: operation, path: path, destination: destination, reason: .deliveringChanges)
  }

  /// Runs `edit` now, or, while a delivery is in progress here or above,
  /// once it has reached every listener; returns whether it ran now.
  @discardableResult
  func runOrDefer(_ edit: @escaping () -> Void) -> Bool {
    guard busyPublisher(forEdits: false) != nil else {
      edit()
      return true
    }
    var sink: _ChangePublisher?
    forEachSink { if sink == nil { sink = $0 } }
    guard let sink else { return false }
    sink.deferred.append((self, edit))
    sink.markDrainTarget(sink)
    return false
  }

  // MARK: Publishing

  /// Publishes steps: the links hear of them at once, the subscribers at
  /// once too unless a batch is open.
  func publish(_ steps: [TreeSourceChanges.Step]) {
    guard !steps.isEmpty else { return }
    let origin = receivingFrom
    for i in marks.indices where marks[i].opener != origin { marks[i].isMixed = true }
    if !links.isEmpty { deliver(TreeSourceChanges(steps), toLinks: true) }
    if batchDepth > 0 {
      pending.append(contentsOf: steps)
    } else if !observers.isEmpty {
      deliver(TreeSourceChanges(_Normalization.normalize(steps)), toLinks: false)
    }
  }

  /// Opens a batch, here and in the composed sources linked above;
  /// `link` is the link whose source opened it, if not this source.
  func begin(openedBy link: _ChangeLink? = nil) {
    batchDepth += 1
    marks.append((pending.count, link.map(ObjectIdentifier.init), false))
    didBegin?()
    for link in links where link.isActive { link.downstream?.begin(openedBy: link) }
  }

  /// Closes a batch: when `discard` (the batch failed and the source was
  /// restored), the links hear of the steps that undo it and the steps are
  /// dropped — unless steps of other sources beneath were recorded since
  /// it opened and the owner does not restore itself, when they all stay,
  /// undone steps included; the outermost batch publishes what it
  /// recorded.
  func end(discarding discard: Bool = false) {
    let mark = marks.removeLast()
    // Undone here only when what was recorded since the batch opened is
    // all undone (see `marks`); otherwise the undoing steps were taken in
    // like any others, and the batch ends as one that succeeded.
    let undone = discard && (mark.opener == nil || restoresOnDiscard || !mark.isMixed)
    willEnd?(undone)
    if undone && pending.count > mark.count {
      if !links.isEmpty {
        // In normal form: an item the undoing puts back comes with its
        // children as the restored source holds them.
        let undoing = _Normalization.normalize(Self.undoing(pending[mark.count...]).steps)
        deliver(TreeSourceChanges(undoing), toLinks: true, undoing: true)
      }
      pending.removeSubrange(mark.count...)
    }
    batchDepth -= 1
    if !links.isEmpty {
      deliveries += 1
      for link in links where link.isActive { link.end(discarding: undone) }
      deliveries -= 1
      runDeferredIfDone()
    }
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

  /// Calls the links or the subscribers with `changes`, each that is still
  /// listening when its turn comes, then the edits that waited.
  private func deliver(_ changes: TreeSourceChanges, toLinks: Bool, undoing: Bool = false) {
    deliveries += 1
    if toLinks {
      let links = self.links
      for link in links where link.isActive {
        if undoing { link.deliverUndo(changes) } else { link.deliver(changes) }
      }
    } else {
      let observers = self.observers
      for observer in observers {
        // Read fresh: an earlier subscriber may have cancelled this one.
        if let observe = observer.observe { observe(changes) }
      }
    }
    deliveries -= 1
    runDeferredIfDone()
  }

  /// Runs `body`, in which this source takes in a change of a source
  /// beneath it, as a delivery: the source is delivering until it returns.
  func receiving(from link: _ChangeLink, _ body: () -> Void) {
    deliveries += 1
    let outer = receivingFrom
    receivingFrom = ObjectIdentifier(link)
    body()
    receivingFrom = outer
    deliveries -= 1
    runDeferredIfDone()
  }

  /// Marks this publisher and every one beneath it as able to run the
  /// edits waiting at `sink`.
  private func markDrainTarget(_ sink: _ChangePublisher) {
    guard drainTarget !== sink else { return }
    drainTarget = sink
    for link in upstreams where link.isActive { link.upstream?.markDrainTarget(sink) }
  }

  /// Clears the marks ``markDrainTarget(_:)`` set.
  private func clearDrainTarget() {
    guard drainTarget != nil else { return }
    drainTarget = nil
    for link in upstreams where link.isActive { link.upstream?.clearDrainTarget() }
  }

  /// Runs the edits that wait at the sink above, once nothing in the
  /// composition delivers or moves: in the order they were made (each
  /// waits again if, by then, something does).
  private func runDeferredIfDone() {
    guard deliveries == 0, moves == 0, let sink = drainTarget,
      sink.busyHereOrBeneath(forEdits: false) == nil
    else { return }
    sink.clearDrainTarget()
    while !sink.deferred.isEmpty {
      let (target, edit) = sink.deferred.removeFirst()
      target.runOrDefer(edit)
    }
  }

}
