import _SummaryTree

/// How a snapshot was derived: the edits that made it from the snapshots it
/// was copied from, so that ``TreeSnapshot/changes(from:layout:)`` between a
/// snapshot and one of its recent ancestors costs what the edits cost.
///
/// Every state of a snapshot has a *generation*, a 64-bit number that no
/// other state gets (but by a chance that is negligible, below): equal
/// generations mean copies of the same state, and a snapshot whose history
/// holds an edit made at `old`'s generation was derived from `old` by that
/// edit and the ones after it. An edit draws the next generation without
/// reading its identifiers:
/// - the generation before plus one when the snapshot's newest link is
///   uniquely referenced: no copy of the snapshot shares the state, and no
///   edit was ever made from it by another snapshot (that edit's link would
///   hold it), so no other state can ever be drawn from it;
/// - a random one otherwise: the state is shared with a copy (the first
///   edit of a copy, which also copies the snapshot's storage), or the
///   history is empty.
///
/// States that do not come from edits (a decoded snapshot, a part of
/// another) get a random generation; the empty snapshot's is 0. Two
/// snapshots made apart by the same edits therefore have different
/// generations, and are compared in full (a hash of each edit gave them the
/// same one, but hashing every identifier of every edit cost more than the
/// rest of the history). Two states share a generation only when runs of
/// generations that start at random values overlap: for *n* states, a
/// chance of at most about *n*²/2⁶³, the birthday bound of 64-bit hashes.
/// An edit that changes nothing (no identifier) keeps the generation, and
/// is not recorded.
///
/// The history is two chains of links, newest first (``_HistoryLink``),
/// that derived snapshots share: copying a snapshot copies no edit,
/// recording one adds a link, and dropping a snapshot whose edits live on
/// in a derived one frees nothing but its own link. Changes are worked out
/// from the edits of the last ``TreeSnapshot/_historyLimit`` identifiers;
/// older ancestors are compared in full.
@usableFromInline
package struct _SnapshotEdit<ItemID: Hashable & Sendable>: Sendable {
  /// An edit, with what it was given: enough to make it again.
  @usableFromInline
  package enum Operation: Hashable, Sendable {
    case append([ItemID], to: ItemID?)
    case insert([ItemID], nextTo: ItemID, after: Bool)
    /// The items deleted, each with its descendants, in order (identifiers
    /// the snapshot did not hold are left out).
    case delete([ItemID])
    case move(ItemID, nextTo: ItemID, after: Bool)
    case moveTo(ItemID, parent: ItemID?, index: Int)
    /// The items whose expansion changed.
    case expand([ItemID])
    case collapse([ItemID])
    /// The children of an item replaced by those of another snapshot, named
    /// by its generation: compared in full.
    case replaceChildren(of: ItemID, withGeneration: UInt64)
  }

  /// The generation of the state the edit was made on.
  @usableFromInline
  package var before: UInt64
  /// The edit.
  @usableFromInline
  package var operation: Operation

  /// The edit `operation`, made on the state of generation `before`.
  ///
  /// - Complexity: O(1).
  @inlinable
  init(before: UInt64, operation: Operation) {
    self.before = before
    self.operation = operation
  }

  /// The number of identifiers the edit holds.
  ///
  /// - Complexity: O(1).
  @inlinable
  var weight: Int {
    switch operation {
    case .append(let items, _), .insert(let items, _, _), .delete(let items), .expand(let items),
      .collapse(let items):
      items.count
    case .move, .moveTo, .replaceChildren: 1
    }
  }
}

extension TreeSnapshot {
  /// The most identifiers of edits that `changes(from:layout:)` works out
  /// from; a history holds at most twice as many.
  ///
  /// - Complexity: O(1).
  @inlinable
  static var _historyLimit: Int { 4096 }

  /// Records an edit just made, with its next generation (see the top of
  /// this file); an edit of no identifier changed nothing, and is left out.
  /// An edit that is never worked out from its edits (heavier than
  /// ``_historyLimit`` identifiers, or `.replaceChildren`) ends the history
  /// instead: no ancestor before it is reached.
  ///
  /// - Complexity: O(1), plus the links freed when the history lets go of a
  ///   chain that no other snapshot holds (each link is freed once: O(1)
  ///   amortized per edit).
  @inlinable
  mutating func _record(_ operation: consuming _SnapshotEdit<ItemID>.Operation) {
    let edit = _SnapshotEdit(before: _generation, operation: operation)
    let weight = edit.weight
    guard weight > 0 else { return }
    _generation = _nextGeneration()
    var endsHistory = weight > Self._historyLimit
    if case .replaceChildren = edit.operation { endsHistory = true }
    if endsHistory {
      _history = _SnapshotHistory()
    } else {
      _history.append(edit, weighing: weight, limit: Self._historyLimit)
    }
  }

  /// The generation of the state an edit of this one makes: this one's plus
  /// one when no other snapshot shares this state (see the top of this
  /// file), a random one otherwise (never 0, the empty snapshot's).
  ///
  /// - Complexity: O(1).
  @inlinable
  mutating func _nextGeneration() -> UInt64 {
    if isKnownUniquelyReferenced(&_history.recent) {
      let next = _generation &+ 1
      if next != 0 { return next }
    }
    return UInt64.random(in: 1...UInt64.max)
  }

  /// Forgets how the snapshot was made: it gets a generation of its own.
  ///
  /// - Complexity: O(1), plus the release of the history when no other
  ///   snapshot shares it.
  @inlinable
  mutating func _startHistory() {
    _generation = UInt64.random(in: 1...UInt64.max)
    _history = _SnapshotHistory()
  }

  /// The edits that made this snapshot from `ancestor`, in order: empty
  /// when both are the same state, `nil` when the history does not reach
  /// back to it within ``_historyLimit`` identifiers.
  ///
  /// - Complexity: O(*k*) for the *k* edits since `ancestor`, at most
  ///   ``_historyLimit``.
  @inlinable
  package func _edits(since ancestor: TreeSnapshot) -> ArraySlice<_SnapshotEdit<ItemID>>? {
    guard ancestor._generation != _generation else { return [] }
    return _history.edits(since: ancestor._generation, weighingAtMost: Self._historyLimit)
  }
}

/// The history of a snapshot: its recent edits, in two chains of links that
/// snapshots share.
///
/// Each chain weighs at most ``TreeSnapshot/_historyLimit`` identifiers.
/// An edit joins the recent chain, unless that would make it heavier than
/// the limit: the recent chain then becomes the older one, the edit starts
/// a new recent chain, and the older chain before is let go (freed when no
/// other snapshot holds it). Nothing is copied. Since the older chain and
/// the first edit of the recent one weigh more than the limit together, the
/// two chains hold every edit of the last ``TreeSnapshot/_historyLimit``
/// identifiers; a history holds at most twice that many.
@usableFromInline
struct _SnapshotHistory<ItemID: Hashable & Sendable>: Sendable {
  /// A link of this history.
  @usableFromInline
  typealias Link = _HistoryLink<_SnapshotEdit<ItemID>.Operation>

  /// The newest edit, linked to the ones before it in its chain.
  @usableFromInline
  var recent: Link?
  /// The newest edit of the chain before the recent one.
  @usableFromInline
  var older: Link?

  /// An empty history.
  ///
  /// - Complexity: O(1).
  @inlinable
  init() {
    recent = nil
    older = nil
  }

  /// Adds `edit`, of `weight` identifiers (at most `limit`), as the newest.
  ///
  /// - Complexity: O(1), plus the release of the older chain when it is let
  ///   go and no other snapshot holds it (O(1) amortized over its edits).
  @inlinable
  mutating func append(_ edit: consuming _SnapshotEdit<ItemID>, weighing weight: Int, limit: Int) {
    if (recent?.weight ?? 0) + weight > limit {
      older = recent.take()
      recent = Link(edit.operation, before: edit.before, weight: weight, previous: nil)
    } else {
      recent = Link(edit.operation, before: edit.before, weight: weight, previous: recent.take())
    }
  }

  /// The edits since the state of `generation`, oldest first, if they
  /// weigh at most `limit` identifiers in all; `nil` when no edit of the
  /// history was made at `generation` within that weight.
  ///
  /// The weights and generations are read off the links' non-generic part,
  /// and the edits gathered with Array's own members (no `reserveCapacity`,
  /// a slice by range rather than `[...]`): where `ItemID` is not
  /// specialized (a generic class's method calling
  /// ``TreeSnapshot/changes(from:layout:)``), those cost far less than the
  /// generic collection algorithms and a `switch` over each edit.
  ///
  /// - Complexity: O(*k*) for the *k* links read, at most `limit`.
  @inlinable
  func edits(since generation: UInt64, weighingAtMost limit: Int) -> ArraySlice<_SnapshotEdit<ItemID>>? {
    var edits: [_SnapshotEdit<ItemID>] = []
    var weight = 0
    var link = recent
    var isOlder = false
    while true {
      // The recent chain, then the older one.
      guard let current = link else {
        if isOlder { return nil }
        isOlder = true
        link = older
        continue
      }
      weight += current.weight - (current.previous?.weight ?? 0)
      if weight > limit { return nil }
      edits.append(_SnapshotEdit(before: current.before, operation: current.operation))
      if current.before == generation {
        if edits.count > 1 { edits.reverse() }
        return edits[0..<edits.count]
      }
      // The links of a chain are all of this history's type.
      link = unsafeBitCast(current.previous, to: Link?.self)
    }
  }
}

/// The part of a link of a snapshot's history that does not depend on the
/// snapshot's identifiers: the chain itself (``_HistoryLink`` adds the
/// edit).
///
/// Links never change once made, so snapshots share them: a derived
/// snapshot's newest link points at the link of the snapshot it was copied
/// from. Freeing a chain never recurses: a link that goes frees the links
/// before it that nothing else holds, one after the other, whatever the
/// chain's length. The class is not generic, so that this loop looks up no
/// type metadata.
@usableFromInline
class _HistoryChainLink: @unchecked Sendable {
  // @unchecked: `previous` is a `var` only so that `deinit`, which alone
  // holds the link, can take it; it never changes while the link is shared.

  /// The link of the edit before, if the chain goes back further: a
  /// ``_HistoryLink`` of the same edits as this one.
  @usableFromInline
  @exclusivity(unchecked)
  final var previous: _HistoryChainLink?
  /// The identifiers of this edit and of every edit before it in the chain.
  @usableFromInline
  final let weight: Int
  /// The generation of the state the edit was made on.
  @usableFromInline
  final let before: UInt64

  /// A link of an edit made at generation `before` that weighs `weight`
  /// identifiers, after `previous`.
  ///
  /// - Complexity: O(1).
  @inlinable
  init(before: UInt64, weight: Int, previous: consuming _HistoryChainLink?) {
    self.weight = weight + (previous?.weight ?? 0)
    self.before = before
    self.previous = previous
  }

  /// Frees the links before this one that nothing else holds, in a loop:
  /// each is taken from the one after it before that one goes, so that no
  /// release frees a link in turn.
  ///
  /// - Complexity: O(*k*) for the *k* links freed.
  deinit {
    var next = previous.take()
    while isKnownUniquelyReferenced(&next) {
      next = next.unsafelyUnwrapped.previous.take()
    }
  }
}

/// One edit of a snapshot's history, linked to the edits before it in its
/// chain (see ``_HistoryChainLink``).
///
/// Generic over the edit's type itself (`_SnapshotEdit<ItemID>.Operation`),
/// not over the identifiers: freeing a link then reads the edit's type from
/// the link's own metadata instead of looking it up.
@usableFromInline
final class _HistoryLink<Operation: Sendable>: _HistoryChainLink, @unchecked Sendable {
  /// The edit, with what it was given.
  @usableFromInline
  let operation: Operation

  /// A link of `operation`, made at generation `before`, which weighs
  /// `weight` identifiers, after `previous`.
  ///
  /// - Complexity: O(1).
  @inlinable
  init(_ operation: consuming Operation, before: UInt64, weight: Int, previous: consuming _HistoryLink?) {
    self.operation = operation
    super.init(before: before, weight: weight, previous: previous)
  }
}
