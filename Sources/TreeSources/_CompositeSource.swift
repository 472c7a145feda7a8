import TreeIndex

/// The part of a source made of other sources (``GroupedTreeSource``,
/// ``JoinedTreeSource``) that does not depend on how it lays them out: the
/// subscriptions to the sources, its own subscribers, batches that span
/// every source, and moves from one source to another that its subscribers
/// hear of as one move.
///
/// The owner says how a source's changes read in its own paths: it sets
/// ``lift`` once it is initialized.
final class _CompositeSource<Element> {
  /// The sources, in order.
  let sources: [AnyTreeSource<Element>]

  /// The owner's subscribers, and the batch it has open.
  let publisher = _ChangePublisher()

  /// Publishes a change set of the source at the index with the owner's
  /// paths.
  // Unchecked: set once, by the owner's initializer, before any change can
  // arrive; a call reads it first and calls it after the read.
  @exclusivity(unchecked) var lift: (_ changes: TreeSourceChanges, _ source: Int) -> Void = { _, _ in }

  /// The subscriptions to the sources, kept alive.
  private var subscriptions: [TreeSourceSubscription] = []

  /// While a move across sources runs, the changes the sources publish.
  // Unchecked: read and written only here, in accesses that call out to
  // nothing, and what it holds (paths) runs no deinitializer of the
  // caller's.
  @exclusivity(unchecked) private var captured: [(source: Int, changes: TreeSourceChanges)]?

  /// Subscribes to `sources`: their changes reach ``lift``.
  ///
  /// - Complexity: O(*p*) for *p* sources.
  init(_ sources: [AnyTreeSource<Element>]) {
    self.sources = sources
    let composite = _Weak(object: self)
    for (i, source) in sources.enumerated() {
      subscriptions.append(
        source._listen(publishingTo: publisher) { changes in composite.object?.receive(changes, from: i) })
    }
  }

  /// Runs `updates` as one batch of the owner and of every source: the
  /// owner's subscribers hear of it once, or, when `updates` throws, not at
  /// all.
  func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    publisher.begin()
    do {
      try inBatches(of: Array(sources.indices), updates)
    } catch {
      publisher.end(discarding: true)
      throw error
    }
    publisher.end()
  }

  /// Moves the item at `localSource` in source `from` to `localDestination`
  /// in source `to` (another source): removes the element from the first
  /// and inserts it into the second, in one batch of both.
  ///
  /// When the item arrives as it left (the first source's change begins
  /// with its removal, the second's with its insertion), the subscribers
  /// hear of the one step `oneMove` returns — followed, when the second
  /// source shows other items beneath it than the first did (a filter on
  /// one side), by the replacement of its subitems — then of what else the
  /// sources changed (a filtered folder that the item leaves without a
  /// match goes after the move); otherwise of both sources' changes,
  /// lifted.
  ///
  /// - Throws: The sources' error; nothing changes.
  func move(
    from: Int, _ localSource: TreePath, to: Int, _ localDestination: TreePath,
    asOneMove oneMove: () -> TreeSourceChanges.Step
  ) throws(TreeSourceError) {
    try publisher.moving { () throws(TreeSourceError) in
      try _move(from: from, localSource, to: to, localDestination, asOneMove: oneMove)
    }
  }

  func _move(
    from: Int, _ localSource: TreePath, to: Int, _ localDestination: TreePath,
    asOneMove oneMove: () -> TreeSourceChanges.Step
  ) throws(TreeSourceError) {
    let shape = sources[from]._shape(at: localSource)
    publisher.begin()
    captured = []
    do {
      try inBatches(of: [from, to]) { () throws(TreeSourceError) in
        let element = try publisher.ownEdit { () throws(TreeSourceError) in try sources[from].remove(at: localSource) }
        try publisher.ownEdit { () throws(TreeSourceError) in try sources[to].insert(element, at: localDestination) }
      }
    } catch {
      captured = nil
      publisher.end()
      throw error
    }
    let captured = self.captured ?? []
    self.captured = nil
    // Each source's steps, in the order it published them (a source linked
    // here publishes each edit at once, and more when its batch ends).
    let removal = captured.filter { $0.source == from }.flatMap(\.changes.steps)
    let insertion = captured.filter { $0.source == to }.flatMap(\.changes.steps)
    // One move when the item arrives as it left: the same steps, and the
    // same shape beneath it (sources whose levels keep children another
    // way, as a `KeyPathTreeSource`'s, may show other children there).
    if removal.first == .remove(localSource), insertion.first == .insert(localDestination) {
      let move = oneMove()
      var steps = [move]
      // The destination shows other items beneath it (a filter on one
      // side): the item moves, and its subitems are replaced.
      if case .move(_, let destination) = move, let shape, let newShape = sources[to]._shape(at: localDestination),
        newShape != shape
      {
        steps += Array(repeating: .remove(destination.appending(0)), count: shape[0])
        steps += (0..<newShape[0]).map { .insert(destination.appending($0)) }
      }
      publisher.publish(steps)
      if removal.count > 1 { lift(TreeSourceChanges(Array(removal.dropFirst())), from) }
      if insertion.count > 1 { lift(TreeSourceChanges(Array(insertion.dropFirst())), to) }
    } else {
      for (i, changes) in captured { lift(changes, i) }
    }
    publisher.end()
  }

  /// Runs `body` inside a batch of each of the sources at `indices`.
  private func inBatches<Failure: Error>(
    of indices: [Int], _ body: () throws(Failure) -> Void
  ) throws(Failure) {
    guard let first = indices.first else { return try body() }
    try sources[first].performBatchUpdates { () throws(Failure) in
      try inBatches(of: Array(indices.dropFirst()), body)
    }
  }

  /// A source's changes: kept while a move across sources runs, lifted
  /// otherwise.
  private func receive(_ changes: TreeSourceChanges, from i: Int) {
    if captured != nil {
      captured!.append((i, changes))
      return
    }
    lift(changes, i)
  }
}
