/// Hears about expansion and selection in a ``DiffableTreeList``, with item
/// identifiers. Every method is optional.
///
/// The rules are ``TreeListDelegate``'s: the `should` methods may refuse a
/// change, `will` and `did` bracket it; every call that opens several items
/// (a recursive ``DiffableTreeList/expand(_:recursively:)``,
/// ``DiffableTreeList/reveal(_:)``) asks and tells about each item it opens,
/// and a refused item stays collapsed with everything beneath it; a
/// recursive collapse asks only about the item it names. By the time a
/// `did` method is called, the list's ``DiffableTreeList/snapshot`` has the
/// change. ``DiffableTreeList/apply(_:)`` asks nothing: a snapshot's
/// expansion is the app's own.
public protocol DiffableTreeListDelegate<ItemID>: AnyObject {
  /// The type of the list's item identifiers.
  associatedtype ItemID: Hashable & Sendable

  /// Whether `item` may expand.
  ///
  /// - Parameter item: The item's identifier.
  /// - Returns: `false` to leave it collapsed.
  func shouldExpandItem(_ item: ItemID) -> Bool
  /// `item` is about to expand.
  ///
  /// - Parameter item: The item's identifier.
  func willExpandItem(_ item: ItemID)
  /// `item` expanded, and the host has its new rows.
  ///
  /// - Parameter item: The item's identifier.
  func didExpandItem(_ item: ItemID)
  /// Whether `item` may collapse.
  ///
  /// - Parameter item: The item's identifier.
  /// - Returns: `false` to leave it expanded.
  func shouldCollapseItem(_ item: ItemID) -> Bool
  /// `item` is about to collapse.
  ///
  /// - Parameter item: The item's identifier.
  func willCollapseItem(_ item: ItemID)
  /// `item` collapsed, and the host has lost its rows.
  ///
  /// - Parameter item: The item's identifier.
  func didCollapseItem(_ item: ItemID)
  /// Whether the row of `item` may be selected.
  ///
  /// - Parameter item: The item's identifier.
  /// - Returns: `false` to refuse the selection.
  func shouldSelectItem(_ item: ItemID) -> Bool
  /// The row of `item` was selected.
  ///
  /// - Parameter item: The item's identifier.
  func didSelectItem(_ item: ItemID)
  /// The focus, the selection anchor or the selected items changed: once
  /// per operation that changed them (see
  /// ``DiffableTreeList/selectedItems``); the list already has the change.
  func selectionDidChange()
}

extension DiffableTreeListDelegate {
  /// Allows every expansion.
  ///
  /// - Parameter item: The item's identifier.
  /// - Returns: `true`.
  public func shouldExpandItem(_ item: ItemID) -> Bool { true }
  /// Does nothing.
  ///
  /// - Parameter item: The item's identifier.
  public func willExpandItem(_ item: ItemID) {}
  /// Does nothing.
  ///
  /// - Parameter item: The item's identifier.
  public func didExpandItem(_ item: ItemID) {}
  /// Allows every collapse.
  ///
  /// - Parameter item: The item's identifier.
  /// - Returns: `true`.
  public func shouldCollapseItem(_ item: ItemID) -> Bool { true }
  /// Does nothing.
  ///
  /// - Parameter item: The item's identifier.
  public func willCollapseItem(_ item: ItemID) {}
  /// Does nothing.
  ///
  /// - Parameter item: The item's identifier.
  public func didCollapseItem(_ item: ItemID) {}
  /// Allows every selection.
  ///
  /// - Parameter item: The item's identifier.
  /// - Returns: `true`.
  public func shouldSelectItem(_ item: ItemID) -> Bool { true }
  /// Does nothing.
  ///
  /// - Parameter item: The item's identifier.
  public func didSelectItem(_ item: ItemID) {}
  /// Does nothing.
  public func selectionDidChange() {}
}
