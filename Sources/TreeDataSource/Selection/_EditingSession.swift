/// The editing session open on a ``TreeSelection``: the working copy, kept
/// as an overlay of the saved results so that opening, saving and
/// cancelling cost only what the session changed.
@usableFromInline
struct _EditingSession<ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// The item (or group) open for editing.
  @usableFromInline var item: ItemID
  /// The working entries that differ from the saved ones (an empty entry
  /// stands for a cleared one).
  @usableFromInline var entries: [ItemID: _SelectionEntry]
  /// The working tallies that differ from the saved ones.
  @usableFromInline var tallies: [ItemID: _SelectionTally]

  /// A session on `item` with `entries` as its working changes.
  init(item: ItemID, entries: [ItemID: _SelectionEntry] = [:], tallies: [ItemID: _SelectionTally] = [:]) {
    self.item = item
    self.entries = entries
    self.tallies = tallies
  }
}
