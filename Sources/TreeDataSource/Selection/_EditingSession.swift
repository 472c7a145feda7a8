/// The editing session open on a ``TreeSelection``: the working copy, kept
/// as an overlay of the saved results so that opening, saving and
/// cancelling cost only what the session changed.
struct _EditingSession<ItemID: Hashable & Sendable>: Hashable, Sendable {
  /// The item (or group) open for editing.
  var item: ItemID
  /// The working entries that differ from the saved ones (an empty entry
  /// stands for a cleared one).
  var entries: [ItemID: _SelectionEntry] = [:]
  /// The working tallies that differ from the saved ones.
  var tallies: [ItemID: _SelectionTally] = [:]
}
