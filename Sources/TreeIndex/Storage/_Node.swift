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
/// as counts (see ``_ArenaReading/gap(_:)``).
///
/// A known item is an element of its parent's balanced tree of known
/// subitems, ordered by subitem index. Positions are relative, as in a
/// rope: an item stores how many unknown siblings come right before it
/// (its gap), never its absolute index, so an insertion or deletion among
/// siblings touches O(log *b*) nodes.
///
/// The item is 17 bytes, and its forest node 48: nothing derived is stored.
/// The rows beneath an item are its count plus the extra rows of its
/// subitems' tree, which the tree's root already sums up, so the item's
/// summary reads them there. Counts and gaps take 32 bits each; an item
/// whose count or gap does not fit is *wide*: another node of the forest,
/// its *values node*, keeps both at 64 bits (see ``_Arena/setCount(of:to:gap:)``).
/// A snapshot's items, each fully known with fewer than 2³¹ children, are
/// never wide; an index of 2⁶² rows has a few.
@usableFromInline
struct _Item: TreeElement, Equatable {
  /// The number of subitems when 0 or more; when negative, the item is wide
  /// and `~_count` is its values node.
  @usableFromInline
  var _count: Int32
  /// The number of unknown siblings between the previous known sibling (or
  /// the first subitem) and this item; 0 while the item is wide.
  @usableFromInline
  var _gap: Int32 = 0
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

  /// A narrow item: `count` and `gap` fit in 32 bits, `count` is 0 or more.
  @inlinable
  init(narrowCount count: Int32, gap: Int32 = 0, isExpanded: Bool) {
    self._count = count
    self._gap = gap
    self.isExpanded = isExpanded
  }

  /// Whether the item's count and gap live in its values node.
  @inlinable
  var isWide: Bool { _count < 0 }

  /// The values node of a wide item.
  @inlinable
  var valuesNode: _NodeID { ~_count }

  /// Whether `count` and `gap` fit in an item's own fields.
  @inlinable @inline(__always)
  static func isNarrow(count: Int, gap: Int) -> Bool {
    0 <= count && count <= Int(Int32.max) && Int(Int32.min) <= gap && gap <= Int(Int32.max)
  }

  /// A values node's content: a wide item's count and gap, each split over
  /// two of the four 32-bit fields. Never an element of a tree.
  @inlinable
  init(keepingCount count: Int, gap: Int) {
    _count = Int32(truncatingIfNeeded: count >> 32)
    _gap = Int32(truncatingIfNeeded: count)
    children = Int32(truncatingIfNeeded: gap >> 32)
    owner = Int32(truncatingIfNeeded: gap)
    isExpanded = false
  }

  /// What a values node keeps (see ``init(keepingCount:gap:)``).
  @inlinable
  var kept: (count: Int, gap: Int) {
    (
      Int(_count) << 32 | Int(UInt32(bitPattern: _gap)),
      Int(children) << 32 | Int(UInt32(bitPattern: owner))
    )
  }

  /// The item's count and gap, read from its values node when it is wide.
  @inlinable @inline(__always)
  func countAndGap(reading node: (_NodeID) -> SummaryForest<_Item>.Node) -> (count: Int, gap: Int) {
    _count >= 0 ? (Int(_count), Int(_gap)) : node(~_count).element.kept
  }

  /// The positions the item spans in its parent (the unknown siblings before
  /// it, then itself), and the rows it adds while visible on top of its own:
  /// when expanded, one per subitem plus the extra rows of its subitems'
  /// tree, read off that tree's root.
  @inlinable @inline(__always)
  func summary(reading node: (_NodeID) -> SummaryForest<_Item>.Node) -> _RowSummary {
    let (count, gap) = countAndGap(reading: node)
    guard isExpanded else { return _RowSummary(span: gap &+ 1, extraRows: 0) }
    let beneath = children < 0 ? 0 : node(children).total.extraRows
    return _RowSummary(span: gap &+ 1, extraRows: count &+ beneath)
  }
}

/// What a run of known siblings sums up to.
///
/// Sums wrap instead of trapping: they are hot (every descent adds them up),
/// and the index keeps every count and total far below `Int.max`, so a sum
/// that would wrap is refused before it is stored.
@usableFromInline
struct _RowSummary: InvertibleTreeSummary, Equatable {
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

  @inlinable
  static func - (lhs: _RowSummary, rhs: _RowSummary) -> _RowSummary {
    _RowSummary(span: lhs.span &- rhs.span, extraRows: lhs.extraRows &- rhs.extraRows)
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
