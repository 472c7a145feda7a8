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
///
/// Every walk over a composition (a change or a batch's end carried up the
/// links, the look for a busy source, the marks of deferred edits) runs in
/// a loop over an explicit list, never by recursion per level, so that a
/// composition nested thousands deep fits in a thread's stack.
///
/// The listeners and the batch are here; re-entrancy in
/// `_ChangePublisher+Reentrancy.swift`, publishing and delivery in
/// `+Delivery.swift`, batches in `+Batches.swift`. The stored state is the
/// publisher's own: only these files touch it.
final class _ChangePublisher {
  /// The subscribers, in the order they subscribed.
  let observers = _Observers<TreeSourceChanges>()
  // Unchecked: no access to the links calls one (a delivery copies the
  // array, then calls them), and none releases one (a removed link is
  // released after the removal's access ends), so none can run the
  // caller's code.
  /// The composed sources linked beneath, in the order they linked.
  @exclusivity(unchecked) var links: [_ChangeLink] = []
  /// The links to the sources this one is composed from.
  @exclusivity(unchecked) var upstreams: [_ChangeLink] = []
  // Unchecked: the counters and the recorded steps (paths, which hold no
  // references of the caller's) are touched only here, and no access lasts
  // across a call to a listener.
  /// How many batches are open, one inside another.
  @exclusivity(unchecked) var batchDepth = 0
  /// For each open batch: how many steps were recorded when it opened, the
  /// link whose source opened it (`nil`: this source itself), and whether
  /// steps of anyone else were recorded since. A failed batch of a source
  /// beneath drops what it recorded only when they were not: sources'
  /// batches overlap (a composed source opens one in each of its sources),
  /// so steps of others may lie in its range, and those stay (the undone
  /// steps then stay too, after them).
  @exclusivity(unchecked) var marks: [(count: Int, opener: ObjectIdentifier?, isMixed: Bool)] = []
  /// The link whose change is being taken in, while one is.
  @exclusivity(unchecked) var receivingFrom: ObjectIdentifier?
  /// While the owner takes in a change of a source beneath: the steps it
  /// published meanwhile, which the loop that delivers the change carries
  /// up the links next (see ``relay(_:)``).
  @exclusivity(unchecked) var outbox: [[TreeSourceChanges.Step]]?
  /// The steps recorded since the outermost batch opened.
  @exclusivity(unchecked) var pending: [TreeSourceChanges.Step] = []
  /// How many deliveries are in progress, one inside another.
  @exclusivity(unchecked) var deliveries = 0
  /// How many moves across the owner's sources are in progress.
  @exclusivity(unchecked) var moves = 0
  /// How many of the moves' own edits are in progress.
  @exclusivity(unchecked) var editsOfMoves = 0
  /// The edits that waited for the deliveries to end, in order.
  /// Kept by a composition's outermost source (a *sink*: nothing is
  /// composed from it), so that the edits its sources defer run in the
  /// order they were made, once nothing in the composition delivers.
  @exclusivity(unchecked) var deferred: [(target: _ChangePublisher, edit: () -> Void)] = []
  /// While edits wait at a sink above: that sink, so that the end of any
  /// delivery beneath it can run them.
  weak var drainTarget: _ChangePublisher?

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
  /// Called when the links have taken in steps the owner published, before
  /// they are recorded or the subscribers hear of them.
  var didCarryUp: (() -> Void)?

  // MARK: Listeners

  /// Adds a subscriber: it hears of each change, or batch of changes, once
  /// it has applied; cancelled, it is never called again, not even for a
  /// change being delivered.
  ///
  /// - Complexity: O(1), amortized.
  func subscribe(_ observe: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    observers.add(observe)
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

  /// Whether composed sources are linked beneath.
  var hasLinks: Bool { !links.isEmpty }

  /// Whether the owner is linked to a source it is composed from.
  var hasUpstreams: Bool { !upstreams.isEmpty }

  /// Whether anyone listens.
  var hasObservers: Bool { !observers.isEmpty || !links.isEmpty }
}
