extension TreeSelection {
  /// How many children of a group may hold checked items.
  public enum SelectionMode: String, Hashable, Sendable, Codable, CaseIterable {
    /// Any number: checking an item leaves its siblings as they are.
    case multiple
    /// At most one: checking an item unchecks everything under its
    /// siblings.
    case single
  }
}
