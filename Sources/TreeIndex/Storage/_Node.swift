import _SummaryTree

/// The identity of a known item: its node in the ``_Arena``'s forest.
@usableFromInline
typealias _NodeID = Int32

extension _NodeID {
  /// No node: an empty subitem tree, or an item never expanded.
  @inlinable
  static var null: _NodeID { -1 }
}

/// One *known* item: an item whose number of subitems the index has been
/// told. Items that were never expanded are never allocated; they exist only
/// as counts (see ``gap``).
///
/// A known item is an element of its parent's balanced tree of known
/// subitems, ordered by subitem index. Positions are relative, as in a
/// rope: an item stores how many unknown siblings come right before it
/// (`gap`), never its absolute index, so an insertion or deletion among
/// siblings touches O(log *b*) nodes.
@usableFromInline
struct _Item: TreeElement {
  // The words first and the Boolean last: 33 bytes, whose end the forest
  // node's own small fields fill.

  /// The number of subitems.
  @usableFromInline
  var count: Int
  /// The number of unknown siblings between the previous known sibling (or
  /// the first subitem) and this item.
  @usableFromInline
  var gap: Int = 0
  /// The rows beneath the item if it were expanded: one per subitem plus the
  /// rows beneath each expanded subitem (`count` + the children's
  /// ``_RowSummary/extraRows``). Cached; ``_Arena/recount(_:)`` renews it.
  @usableFromInline
  var rowsBeneath: Int
  /// The root of the tree of known subitems, or `.null`.
  @usableFromInline
  var children: _NodeID = .null
  /// The known item whose subitem this is (`.null` for the virtual root and
  /// for a detached item), so that a change is carried up to the root
  /// without walking down from it.
  @usableFromInline
  var owner: _NodeID = .null
  /// Whether the subitems are shown when the item itself is visible.
  @usableFromInline
  var isExpanded: Bool

  @inlinable
  init(count: Int, isExpanded: Bool) {
    self.count = count
    self.isExpanded = isExpanded
    self.rowsBeneath = count
  }

  /// The positions the item spans in its parent (the unknown siblings before
  /// it, then itself), and the rows it adds while visible on top of its own.
  @inlinable
  var summary: _RowSummary {
    _RowSummary(span: gap &+ 1, extraRows: isExpanded ? rowsBeneath : 0)
  }
}

/// What a run of known siblings sums up to.
///
/// Sums wrap instead of trapping: they are hot (every descent adds them up),
/// and the index keeps every count and total far below `Int.max`, so a sum
/// that would wrap is refused before it is stored.
@usableFromInline
struct _RowSummary: TreeSummary {
  /// The subitem positions spanned, up to and including the last item.
  @usableFromInline
  var span: Int
  /// The rows the expanded items add on top of one row per subitem.
  @usableFromInline
  var extraRows: Int

  @inlinable
  init(span: Int, extraRows: Int) {
    self.span = span
    self.extraRows = extraRows
  }

  @inlinable
  static var zero: _RowSummary { _RowSummary(span: 0, extraRows: 0) }

  @inlinable
  static func + (lhs: _RowSummary, rhs: _RowSummary) -> _RowSummary {
    _RowSummary(span: lhs.span &+ rhs.span, extraRows: lhs.extraRows &+ rhs.extraRows)
  }
}

/// Subitem positions: a known item holds the positions of the unknown
/// siblings before it and its own.
@usableFromInline
enum _Positions: TreeMetric {
  @inlinable
  static func measure(_ summary: _RowSummary) -> Int { summary.span }
}

/// Rows among the rows beneath the parent: one per subitem position plus
/// the rows beneath the expanded items.
@usableFromInline
enum _Rows: TreeMetric {
  @inlinable
  static func measure(_ summary: _RowSummary) -> Int { summary.span &+ summary.extraRows }
}

/// Only the rows beneath the subitems, not the subitems themselves: how
/// the `.sectioned` layout counts the rows of its sections.
@usableFromInline
enum _DescendantRows: TreeMetric {
  @inlinable
  static func measure(_ summary: _RowSummary) -> Int { summary.extraRows }
}
