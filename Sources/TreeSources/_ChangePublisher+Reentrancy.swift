import TreeIndex

/// Re-entrancy: whether the composition is busy (a change being delivered,
/// an item being moved across sources), edits refused or deferred
/// meanwhile, and the deferred edits run once it is not.
///
/// The walks over the composition go up the links to its sinks and down
/// the upstreams from them with an explicit stack, each publisher once:
/// O(*s*) for the *s* sources of the composition, in constant stack.
extension _ChangePublisher {
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
  func busyPublisher(forEdits: Bool) -> _ChangePublisher? {
    if links.isEmpty && upstreams.isEmpty { return isBusy(forEdits: forEdits) ? self : nil }
    // One set of publishers seen for all the sinks: a publisher beneath
    // two of them is looked at once.
    var seen: Set<ObjectIdentifier> = []
    for sink in sinks() {
      if let found = sink.busyHereOrBeneath(forEdits: forEdits, seen: &seen) { return found }
    }
    return nil
  }

  /// Whether this publisher delivers, or moves an item (unless, `forEdits`,
  /// the move is making one of its own edits).
  func isBusy(forEdits: Bool) -> Bool {
    deliveries > 0 || (moves > 0 && !(forEdits && editsOfMoves > 0))
  }

  /// The composed sources above this one that nothing is composed from
  /// (this one, when none is), each once, in the order a walk up the links
  /// in their order meets them.
  func sinks() -> [_ChangePublisher] {
    var sinks: [_ChangePublisher] = []
    var seen: Set<ObjectIdentifier> = [ObjectIdentifier(self)]
    var stack: [_ChangePublisher] = [self]
    while let publisher = stack.popLast() {
      var above: [_ChangePublisher] = []
      var isSink = true
      for link in publisher.links where link.isActive {
        guard let downstream = link.downstream else { continue }
        isSink = false
        if seen.insert(ObjectIdentifier(downstream)).inserted { above.append(downstream) }
      }
      if isSink { sinks.append(publisher) }
      // Reversed: the first link's composed source is walked first.
      stack.append(contentsOf: above.reversed())
    }
    return sinks
  }

  /// This publisher, or one of the sources it is composed from, while it
  /// delivers a change or moves an item.
  func busyHereOrBeneath(forEdits: Bool) -> _ChangePublisher? {
    var seen: Set<ObjectIdentifier> = []
    return busyHereOrBeneath(forEdits: forEdits, seen: &seen)
  }

  /// ``busyHereOrBeneath(forEdits:)``, skipping the publishers in `seen`
  /// and adding those it looks at.
  func busyHereOrBeneath(forEdits: Bool, seen: inout Set<ObjectIdentifier>) -> _ChangePublisher? {
    guard seen.insert(ObjectIdentifier(self)).inserted else { return nil }
    var stack: [_ChangePublisher] = [self]
    while let publisher = stack.popLast() {
      if publisher.isBusy(forEdits: forEdits) { return publisher }
      var beneath: [_ChangePublisher] = []
      for link in publisher.upstreams where link.isActive {
        if let upstream = link.upstream, seen.insert(ObjectIdentifier(upstream)).inserted { beneath.append(upstream) }
      }
      stack.append(contentsOf: beneath.reversed())
    }
    return nil
  }

  /// Runs `body` as a delivery of this publisher: the composition is busy
  /// until it returns; then the edits that waited run, if nothing else
  /// delivers.
  func delivering<R>(_ body: () -> R) -> R {
    deliveries += 1
    defer {
      deliveries -= 1
      runDeferredIfDone()
    }
    return body()
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
  func callingOut<R>(_ body: () -> R) -> R { delivering(body) }

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
    guard let sink = sinks().first else { return false }
    sink.deferred.append((self, edit))
    sink.markDrainTarget(sink)
    return false
  }

  /// Marks this publisher and every one beneath it as able to run the
  /// edits waiting at `sink`.
  func markDrainTarget(_ sink: _ChangePublisher) {
    var stack: [_ChangePublisher] = [self]
    while let publisher = stack.popLast() {
      guard publisher.drainTarget !== sink else { continue }
      publisher.drainTarget = sink
      for link in publisher.upstreams where link.isActive {
        if let upstream = link.upstream { stack.append(upstream) }
      }
    }
  }

  /// Clears the marks ``markDrainTarget(_:)`` set.
  func clearDrainTarget() {
    var stack: [_ChangePublisher] = [self]
    while let publisher = stack.popLast() {
      guard publisher.drainTarget != nil else { continue }
      publisher.drainTarget = nil
      for link in publisher.upstreams where link.isActive {
        if let upstream = link.upstream { stack.append(upstream) }
      }
    }
  }

  /// Runs the edits that wait at the sink above, once nothing in the
  /// composition delivers or moves: in the order they were made (each
  /// waits again if, by then, something does).
  func runDeferredIfDone() {
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
