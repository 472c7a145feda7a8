import _SummaryTree

/// How a snapshot was derived: the edits that made it from the snapshots it
/// was copied from, so that ``TreeSnapshot/changes(from:layout:)`` between a
/// snapshot and one of its recent ancestors costs what the edits cost.
///
/// Every state of a snapshot has a *generation*: a 64-bit hash of the
/// generation before and the edit, with its arguments. Equal generations
/// therefore mean the same edits from the same start, so the same state, and
/// a snapshot whose history holds an edit made at `old`'s generation was
/// derived from `old` by that edit and the ones after it. States that do not
/// come from edits (a decoded snapshot, a part of another) get a random
/// generation; the empty snapshot's is 0.
///
/// The history is a chain of links, newest first (``_HistoryLink``), that
/// derived snapshots share: copying a snapshot copies no edit, recording
/// one adds a link, and dropping a snapshot whose edits live on in a
/// derived one frees nothing but its own link. Changes are worked out from
/// the edits of the last ``TreeSnapshot/_historyLimit`` identifiers; older
/// ancestors are compared in full.
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

  @inlinable
  init(before: UInt64, operation: Operation) {
    self.before = before
    self.operation = operation
  }

  /// The number of identifiers the edit holds.
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

extension _SnapshotEdit.Operation {
  /// Feeds the edit and its arguments to `hasher`: what `hash(into:)`
  /// does, written out so that it is specialized for the snapshot's
  /// `ItemID` with the code that records the edit (the synthesized
  /// conformance of a generic enum is reached through its witness, with
  /// the type's metadata looked up on each call).
  ///
  /// - Complexity: O(*k*) for *k* identifiers.
  @inlinable
  func _hash(into hasher: inout Hasher) {
    func combine(_ items: [ItemID]) {
      hasher.combine(items.count)
      for item in items { hasher.combine(item) }
    }
    switch self {
    case .append(let items, let parent):
      hasher.combine(0 as UInt8)
      combine(items)
      hasher.combine(parent)
    case .insert(let items, let item, let after):
      hasher.combine(1 as UInt8)
      combine(items)
      hasher.combine(item)
      hasher.combine(after)
    case .delete(let items):
      hasher.combine(2 as UInt8)
      combine(items)
    case .move(let item, let other, let after):
      hasher.combine(3 as UInt8)
      hasher.combine(item)
      hasher.combine(other)
      hasher.combine(after)
    case .moveTo(let item, let parent, let index):
      hasher.combine(4 as UInt8)
      hasher.combine(item)
      hasher.combine(parent)
      hasher.combine(index)
    case .expand(let items):
      hasher.combine(5 as UInt8)
      combine(items)
    case .collapse(let items):
      hasher.combine(6 as UInt8)
      combine(items)
    case .replaceChildren(let parent, let generation):
      hasher.combine(7 as UInt8)
      hasher.combine(parent)
      hasher.combine(generation)
    }
  }
}

extension TreeSnapshot {
  /// The most identifiers the history of a snapshot holds.
  @inlinable
  static var _historyLimit: Int { 4096 }

  /// Records an edit just made: the next generation hashes it.
  ///
  /// - Complexity: amortized O(*k*) for the *k* identifiers of the edit.
  @inlinable
  mutating func _record(_ operation: consuming _SnapshotEdit<ItemID>.Operation) {
    let before = _generation
    var hasher = Hasher()
    hasher.combine(before)
    operation._hash(into: &hasher)
    _generation = Self._generation(finalizing: hasher)
    let link = _HistoryLink(edit: _SnapshotEdit(before: before, operation: operation), previous: _history)
    _history = link.weight > 2 * Self._historyLimit ? link.keepingRecentEdits(weighing: Self._historyLimit) : link
  }

  /// Forgets how the snapshot was made: it gets a generation of its own.
  @inlinable
  mutating func _startHistory() {
    _generation = UInt64.random(in: 1...UInt64.max)
    _history = nil
  }

  /// The edits that made this snapshot from `ancestor`, in order: empty
  /// when both are the same state, `nil` when the history does not reach
  /// back to it within ``_historyLimit`` identifiers (or passes an edit
  /// that must be compared in full).
  ///
  /// - Complexity: O(*k*) for the *k* edits since `ancestor`, at most
  ///   ``_historyLimit``.
  @inlinable
  package func _edits(since ancestor: TreeSnapshot) -> ArraySlice<_SnapshotEdit<ItemID>>? {
    var edits: [_SnapshotEdit<ItemID>] = []
    guard ancestor._generation != _generation else { return edits[...] }
    var weight = 0
    var link = _history
    while let current = link {
      let edit = current.edit
      weight += edit.weight
      if weight > Self._historyLimit { return nil }
      if case .replaceChildren = edit.operation { return nil }
      edits.append(edit)
      if edit.before == ancestor._generation {
        edits.reverse()
        return edits[...]
      }
      link = current.previous
    }
    return nil
  }

  /// A generation out of a hasher fed with the generation before and the
  /// edit: 64 bits on every platform.
  @inlinable
  static func _generation(finalizing hasher: Hasher) -> UInt64 {
    #if _pointerBitWidth(_64)
    return UInt64(UInt(bitPattern: hasher.finalize()))
    #else
    var second = hasher
    second.combine(0x5EED as UInt16)
    return UInt64(UInt(bitPattern: hasher.finalize())) << 32 | UInt64(UInt(bitPattern: second.finalize()))
    #endif
  }
}

/// One edit of a snapshot's history, linked to the edits before it.
///
/// Links never change once made, so snapshots share them: a derived
/// snapshot's newest link points at the link of the snapshot it was copied
/// from. A chain keeps at most twice
/// ``TreeSnapshot/_historyLimit`` identifiers: past that, recording starts
/// a new chain with the most recent edits (amortized O(1) per identifier),
/// and the old chain is freed when no snapshot holds it (so freeing a
/// chain, link by link, never goes deeper than about 8,000 links).
@usableFromInline
final class _HistoryLink<ItemID: Hashable & Sendable>: Sendable {
  /// The edit.
  @usableFromInline
  let edit: _SnapshotEdit<ItemID>
  /// The edit before it, if the chain goes back further.
  @usableFromInline
  let previous: _HistoryLink?
  /// The identifiers of this edit and of every edit before it in the chain.
  @usableFromInline
  let weight: Int

  @inlinable
  init(edit: _SnapshotEdit<ItemID>, previous: _HistoryLink?) {
    self.edit = edit
    self.previous = previous
    self.weight = edit.weight + (previous?.weight ?? 0)
  }

  /// A new chain of this link's most recent edits that weigh at most
  /// `limit` identifiers in all (the newest edit at least).
  ///
  /// - Complexity: O(*k*) for the *k* edits kept.
  @inlinable
  func keepingRecentEdits(weighing limit: Int) -> _HistoryLink {
    var kept: [_SnapshotEdit<ItemID>] = [edit]
    var weight = edit.weight
    var link = previous
    while let current = link, weight + current.edit.weight <= limit {
      kept.append(current.edit)
      weight += current.edit.weight
      link = current.previous
    }
    var chain: _HistoryLink?
    for edit in kept.reversed() { chain = _HistoryLink(edit: edit, previous: chain) }
    return chain!
  }
}
