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
/// The history keeps the most recent edits, up to
/// ``TreeSnapshot/_historyLimit`` identifiers in all; older ancestors are
/// compared in full.
struct _SnapshotEdit<ItemID: Hashable & Sendable>: Sendable {
  /// What an edit changed.
  enum Kind: Sendable {
    /// Items that were inserted or moved: their places changed.
    case placed([ItemID])
    /// Items deleted, each with its descendants.
    case deleted([ItemID])
    /// Items expanded or collapsed.
    case expansion([ItemID])
    /// The children of an item were replaced: compared in full.
    case replacedChildren
  }

  /// The generation of the state the edit was made on.
  var before: UInt64
  /// What the edit changed.
  var kind: Kind

  /// The number of identifiers the edit holds.
  var weight: Int {
    switch kind {
    case .placed(let items), .deleted(let items), .expansion(let items): items.count
    case .replacedChildren: 1
    }
  }
}

extension TreeSnapshot {
  /// The most identifiers the history of a snapshot holds.
  static var _historyLimit: Int { 4096 }

  /// Records an edit just made: `hash` feeds the operation and its
  /// arguments into the next generation.
  ///
  /// - Complexity: amortized O(*k*) for the *k* identifiers hashed.
  mutating func _record(_ kind: _SnapshotEdit<ItemID>.Kind, hashing hash: (inout Hasher) -> Void) {
    let edit = _SnapshotEdit(before: _generation, kind: kind)
    _generation = Self._generation(after: _generation, hash)
    _history.append(edit)
    _historyWeight += edit.weight
    if _historyWeight > Self._historyLimit {
      // Drop the oldest edits, half the history at a time (amortized O(1)).
      var dropped = 0
      var weight = _historyWeight
      while dropped < _history.count && (weight > Self._historyLimit / 2 || dropped < _history.count / 2) {
        weight -= _history[dropped].weight
        dropped += 1
      }
      _history.removeFirst(dropped)
      _historyWeight = weight
    }
  }

  /// Forgets how the snapshot was made: it gets a generation of its own.
  mutating func _startHistory() {
    _generation = UInt64.random(in: 1...UInt64.max)
    _history = []
    _historyWeight = 0
  }

  /// The edits that made this snapshot from `ancestor`, in order: empty
  /// when both are the same state, `nil` when the history does not reach
  /// back to it (or passes an edit that must be compared in full).
  ///
  /// - Complexity: O(*h*) for the *h* edits of the history.
  func _edits(since ancestor: TreeSnapshot) -> ArraySlice<_SnapshotEdit<ItemID>>? {
    if ancestor._generation == _generation { return _history[_history.endIndex...] }
    guard let start = _history.lastIndex(where: { $0.before == ancestor._generation }) else { return nil }
    let edits = _history[start...]
    for edit in edits {
      if case .replacedChildren = edit.kind { return nil }
    }
    return edits
  }

  /// The generation after an edit made at `generation`.
  static func _generation(after generation: UInt64, _ hash: (inout Hasher) -> Void) -> UInt64 {
    var hasher = Hasher()
    hasher.combine(generation)
    hash(&hasher)
    #if _pointerBitWidth(_64)
      return UInt64(UInt(bitPattern: hasher.finalize()))
    #else
      var second = hasher
      second.combine(0x5EED as UInt16)
      return UInt64(UInt(bitPattern: hasher.finalize())) << 32 | UInt64(UInt(bitPattern: second.finalize()))
    #endif
  }
}
