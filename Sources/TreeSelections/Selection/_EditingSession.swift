/// The editing session open on a ``TreeSelection``: the working copy, kept
/// as an overlay of the saved results so that opening, saving and
/// cancelling cost only what the session changed.
@usableFromInline
struct _EditingSession<ItemID: Hashable & Sendable>: Sendable {
  /// The item (or group) open for editing.
  @usableFromInline var item: ItemID
  /// The node of ``item`` in the selection's snapshot.
  @usableFromInline var node: Int32
  /// The working entries that differ from the saved ones (an empty entry
  /// stands for a cleared one).
  @usableFromInline var entries: [ItemID: _SelectionEntry]
  /// The working tallies that differ from the saved ones, by node of the
  /// selection's snapshot: derived from ``entries``.
  @usableFromInline var tallies: [Int32: _SelectionTally]

  /// A session on `item`, at `node`, with `entries` as its working changes.
  init(item: ItemID, node: Int32, entries: [ItemID: _SelectionEntry] = [:]) {
    self.item = item
    self.node = node
    self.entries = entries
    self.tallies = [:]
  }
}

extension _EditingSession: Equatable {
  /// Whether two sessions edit the same item with the same working copy
  /// (the tallies follow from it; node identities may differ between
  /// equal snapshots).
  @usableFromInline
  static func == (lhs: _EditingSession, rhs: _EditingSession) -> Bool {
    lhs.item == rhs.item && lhs.entries == rhs.entries
  }
}
