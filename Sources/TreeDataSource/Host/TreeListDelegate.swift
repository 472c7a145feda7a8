/// Hears about expansion and selection in a ``TreeList``, with tree paths
/// rather than table paths. Every method is optional.
///
/// The `should` methods may refuse a change; `will` and `did` bracket it.
/// They are called for the item a call names (``TreeList/expand(_:recursively:)``,
/// ``TreeList/collapse(_:recursively:)``, ``TreeList/toggle(_:)``,
/// ``TreeList/selectRow(at:)``). Every call that opens several items —
/// ``TreeList/expand(_:recursively:)`` recursively,
/// ``TreeList/expandAll()`` and ``TreeList/reveal(_:)`` — asks and tells
/// about each item it opens, as a single expansion does; a refused item
/// stays collapsed with everything beneath it. A recursive collapse asks
/// only about the item it names.
public protocol TreeListDelegate: AnyObject {
  /// Whether the item at `treePath` may expand.
  ///
  /// - Parameter treePath: The item's path.
  /// - Returns: `false` to leave it collapsed.
  func shouldExpandItem(at treePath: TreePath) -> Bool
  /// The item at `treePath` is about to expand.
  ///
  /// - Parameter treePath: The item's path.
  func willExpandItem(at treePath: TreePath)
  /// The item at `treePath` expanded, and the host has its new rows.
  ///
  /// - Parameter treePath: The item's path.
  func didExpandItem(at treePath: TreePath)
  /// Whether the item at `treePath` may collapse.
  ///
  /// - Parameter treePath: The item's path.
  /// - Returns: `false` to leave it expanded.
  func shouldCollapseItem(at treePath: TreePath) -> Bool
  /// The item at `treePath` is about to collapse.
  ///
  /// - Parameter treePath: The item's path.
  func willCollapseItem(at treePath: TreePath)
  /// The item at `treePath` collapsed, and the host has lost its rows.
  ///
  /// - Parameter treePath: The item's path.
  func didCollapseItem(at treePath: TreePath)
  /// Whether the row of the item at `treePath` may be selected.
  ///
  /// - Parameter treePath: The item's path.
  /// - Returns: `false` to refuse the selection.
  func shouldSelectItem(at treePath: TreePath) -> Bool
  /// The row of the item at `treePath` was selected.
  ///
  /// - Parameter treePath: The item's path.
  func didSelectItem(at treePath: TreePath)
  /// The focus, the selection anchor or the selected items changed: once
  /// per operation that changed them (see ``TreeList/selectedTreePaths``);
  /// the list already has the change.
  func selectionDidChange()
}

extension TreeListDelegate {
  /// Allows every expansion.
  ///
  /// - Parameter treePath: The item's path.
  /// - Returns: `true`.
  public func shouldExpandItem(at treePath: TreePath) -> Bool { true }
  /// Does nothing.
  ///
  /// - Parameter treePath: The item's path.
  public func willExpandItem(at treePath: TreePath) {}
  /// Does nothing.
  ///
  /// - Parameter treePath: The item's path.
  public func didExpandItem(at treePath: TreePath) {}
  /// Allows every collapse.
  ///
  /// - Parameter treePath: The item's path.
  /// - Returns: `true`.
  public func shouldCollapseItem(at treePath: TreePath) -> Bool { true }
  /// Does nothing.
  ///
  /// - Parameter treePath: The item's path.
  public func willCollapseItem(at treePath: TreePath) {}
  /// Does nothing.
  ///
  /// - Parameter treePath: The item's path.
  public func didCollapseItem(at treePath: TreePath) {}
  /// Allows every selection.
  ///
  /// - Parameter treePath: The item's path.
  /// - Returns: `true`.
  public func shouldSelectItem(at treePath: TreePath) -> Bool { true }
  /// Does nothing.
  ///
  /// - Parameter treePath: The item's path.
  public func didSelectItem(at treePath: TreePath) {}
  /// Does nothing.
  public func selectionDidChange() {}
}
