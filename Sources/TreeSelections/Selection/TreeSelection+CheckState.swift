extension TreeSelection {
  /// The check state of an item: its own check toggle, or for a parent
  /// the check toggles beneath it.
  public enum CheckState: String, Hashable, Sendable, Codable, CaseIterable {
    /// No check toggle of the item or beneath it is on (or there is none).
    case unchecked
    /// Some, but not all, of the check toggles of the item and beneath it
    /// are on.
    case mixed
    /// Every check toggle of the item and beneath it is on.
    case checked
  }
}
