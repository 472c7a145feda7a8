/// A place where a dragged item can be dropped: an index among the
/// subitems of a parent, in the tree as it is now.
///
/// ``TreeIndex/dropTarget(beforeRowAt:level:)`` gives the target for a gap
/// between rows and ``TreeIndex/dropTarget(onItemAt:asFirstSubitem:)`` the
/// target for a drop on an item, as `NSOutlineView` proposes an item and a
/// child index. The target reads the tree before anything moves: to move an
/// item there, convert it with ``TreeIndex/moveDestination(for:movingItemAt:)``.
public struct TreeDropTarget: Hashable, Sendable {
  /// The item the dropped item becomes a subitem of, or `nil` for the root
  /// (the dropped item becomes a root item).
  public var parent: TreePath?
  /// The dropped item's index among the subitems of ``parent``, in the tree
  /// as it is now: 0 puts it first, the number of subitems last.
  public var index: Int

  /// Creates a target from a parent and an index among its subitems.
  ///
  /// - Parameters:
  ///   - parent: The item to drop into, or `nil` for the root.
  ///   - index: The index among the parent's subitems, in the tree as it is
  ///     now.
  /// - Complexity: O(1).
  public init(parent: TreePath?, index: Int) {
    self.parent = parent
    self.index = index
  }

  /// The path an item inserted at the target gets: ``parent`` with
  /// ``index`` appended, the path ``TreeIndex/insertItems(at:)`` takes.
  ///
  /// - Complexity: O(*d*).
  public var insertionPath: TreePath {
    (parent ?? TreePath([])).appending(index)
  }

  /// The nesting level of a dropped item, where the insertion marker is
  /// indented to: 0 for a root item, 1 for a subitem of one, and so on (as
  /// ``TreeIndex/level(forRow:)`` counts).
  ///
  /// - Complexity: O(1).
  public var level: Int { parent?.depth ?? 0 }
}
