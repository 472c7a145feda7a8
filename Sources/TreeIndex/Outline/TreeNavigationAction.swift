/// What a navigation key or a typed search does in an outline: the item
/// that gets the focus, the item to expand or collapse, and the row to
/// scroll into view.
///
/// A query answers with an action and changes nothing: the host moves its
/// focus to ``focusedItem``, scrolls ``rowToReveal`` into view, and applies
/// ``expansionChange`` (a list's `perform(_:)` does it as one update).
/// `Item` names items as the query does: a ``TreePath`` for ``TreeIndex``
/// and `TreeList`, an identifier for `DiffableTreeList`.
public struct TreeNavigationAction<Item: Hashable & Sendable>: Hashable, Sendable {
  /// Opening or closing an item.
  public enum ExpansionChange: Hashable, Sendable {
    /// Expand the item; recursively, its whole subtree.
    case expand(Item, recursively: Bool)
    /// Collapse the item; recursively, its whole subtree.
    case collapse(Item, recursively: Bool)
  }

  /// The item that has the focus after the key: another item, or the
  /// focused one when the focus stays.
  public var focusedItem: Item
  /// The global row of ``focusedItem``, in the rows as they are before
  /// ``expansionChange`` (which never moves it: it opens or closes the
  /// focused item itself).
  public var focusedRow: Int
  /// The item to expand or collapse, or `nil` when the key only moves the
  /// focus (or does nothing).
  public var expansionChange: ExpansionChange?
  /// The global row the host scrolls into view, with the least scrolling
  /// that shows it whole (`scrollRowToVisible(_:)`): the focused row.
  public var rowToReveal: Int

  /// Creates an action.
  ///
  /// - Parameters:
  ///   - focusedItem: The item that has the focus after the key.
  ///   - focusedRow: Its global row.
  ///   - expansionChange: The item to expand or collapse, if any.
  ///   - rowToReveal: The row to scroll into view; `nil` (the default)
  ///     for `focusedRow`.
  /// - Complexity: O(1).
  public init(focusedItem: Item, focusedRow: Int, expansionChange: ExpansionChange? = nil, rowToReveal: Int? = nil) {
    self.focusedItem = focusedItem
    self.focusedRow = focusedRow
    self.expansionChange = expansionChange
    self.rowToReveal = rowToReveal ?? focusedRow
  }

  /// The same action with its items named otherwise, for a list that names
  /// items by identifier.
  ///
  /// - Parameter transform: The new name of an item, or `nil` when it has
  ///   none.
  /// - Returns: The action, or `nil` when an item has no new name.
  /// - Complexity: O(1) calls of `transform`.
  package func _mapItems<Other>(_ transform: (Item) -> Other?) -> TreeNavigationAction<Other>? {
    guard let focused = transform(focusedItem) else { return nil }
    var change: TreeNavigationAction<Other>.ExpansionChange?
    switch expansionChange {
    case nil:
      change = nil
    case .expand(let item, let recursively):
      guard let other = transform(item) else { return nil }
      change = .expand(other, recursively: recursively)
    case .collapse(let item, let recursively):
      guard let other = transform(item) else { return nil }
      change = .collapse(other, recursively: recursively)
    }
    return TreeNavigationAction<Other>(
      focusedItem: focused, focusedRow: focusedRow, expansionChange: change, rowToReveal: rowToReveal)
  }
}
