/// Many balanced trees of ``TreeElement``s in one node array: each tree is a
/// sequence of elements whose nodes cache the summary of their subtree.
///
/// A tree is named by its root node (``SummaryForest/null`` for an empty
/// one); a node is an element, stable while the element lives, so the
/// client may use node identities as element identities and keep trees
/// inside elements (a tree of trees). The trees are AVL trees joined and
/// split by rank (join-based balancing): every operation keeps every tree's
/// height within 1.45 log₂(*n* + 2) whatever the order of operations, so
/// each descent, split, join and update is O(log *n*) in the worst case.
///
/// Copy on write comes from the node array itself: flat, or in pages that
/// copies share (``init(keepingSums:sharingPages:)``).
public struct SummaryForest<Element: TreeElement>: Sendable {
  /// The summary of the forest's elements.
  public typealias Summary = Element.Summary
  /// The identity of a node: its position in the node array.
  public typealias NodeID = Int32

  /// One element and its place in its tree.
  public struct Node: Sendable {
    // The fields are in this order so that the small ones fill the space
    // an element leaves at its end (a struct's next field starts right
    // after the previous one's size, not its stride): for the index's
    // items, 17 bytes of element and 15 of these make 32, then the
    // summary.

    /// The element.
    public var element: Element
    /// The height of the node's subtree: 1 for a leaf.
    public var height: Int8
    /// The root of the subtree of the elements before this one, or `null`.
    public var left: NodeID
    /// The root of the subtree of the elements after this one, or `null`.
    public var right: NodeID
    /// The node whose left or right child this node is; meaningless for the
    /// root of a tree (never followed past a root the caller names).
    public var parent: NodeID
    /// Summary of the node's subtree: its left subtree, its element, its
    /// right subtree. The left subtree's summary is not kept apart: a
    /// descent reads it off the left child, so a node stores each sum once.
    public var total: Summary

    @inlinable
    init(_ element: Element, summary: Summary) {
      self.element = element
      self.total = summary
      self.left = SummaryForest.null
      self.right = SummaryForest.null
      self.parent = SummaryForest.null
      self.height = 1
    }
  }

  /// No node: an empty tree, or a missing link.
  @inlinable
  public static var null: NodeID { -1 }

  /// Every node, in use or free, by identity.
  public var nodes: Nodes
  /// The identities of the freed nodes, to hand out again: in pages, so
  /// that a copy of a forest with many freed nodes shares them too.
  public var freeList = PagedArray<NodeID>()
  /// The open journals, innermost last: for each, the value every node
  /// had when the journal opened, for the nodes written since (see
  /// `SummaryForest+Journal.swift`).
  public var journals: [Journal] = []
  /// The summaries of each node's left subtree and of it with its own
  /// element, by node, when the forest keeps them (``keepsSums``); empty
  /// otherwise.
  ///
  /// A cache beside the nodes, not in them: a descent that finds it reads
  /// a node and its sums per tree level, not also the node's left child and
  /// what the element's summary refers to, for 2 summaries a node. A
  /// forest whose nodes are many and whose descents are few goes without
  /// it (`init(keepingSums: false)`).
  public var sums: [NodeSums] = []
  /// Whether ``sums`` is kept.
  public let keepsSums: Bool

  /// The summaries a forest may keep beside a node (see ``sums``).
  ///
  /// The node's own summary is kept added to its left subtree's: a descent
  /// that passes the node to the right skips both at once, and one that
  /// stops at it reads its own summary as the difference.
  public struct NodeSums: Sendable {
    /// The summary of the node's left subtree.
    public var left: Summary
    /// The summary of the node's left subtree and of its own element, in
    /// that order.
    public var through: Summary

    /// Sums of a node's left subtree and of its element.
    @inlinable
    public init(left: Summary, own: Summary) {
      self.left = left
      self.through = left + own
    }

    /// Sums of a node's left subtree, and of it and the node's element.
    @inlinable
    public init(left: Summary, through: Summary) {
      self.left = left
      self.through = through
    }
  }

  /// Creates an empty forest.
  ///
  /// - Parameters:
  ///   - keepingSums: Whether to keep ``sums``, the cache that spares a
  ///     descent reads beyond its node. Not with `sharingPages`.
  ///   - sharingPages: Whether to keep the nodes in pages that copies of
  ///     the forest share (see ``Nodes``): a copy is then O(1) and its
  ///     first write O(1) pages, for one reference more per node read.
  @inlinable
  public init(keepingSums: Bool = false, sharingPages: Bool = false) {
    precondition(!(keepingSums && sharingPages), "Kept sums are flat: a forest keeps them or shares pages")
    keepsSums = keepingSums
    nodes = Nodes(paged: sharingPages)
  }

  /// The number of nodes in use.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var liveNodeCount: Int { nodes.count - freeList.count }

  /// The number of slots in the node array, in use or free.
  @inlinable
  public var capacity: Int { nodes.count }

  // MARK: Elements

  /// The element of node `t`.
  @inlinable
  public subscript(t: NodeID) -> Element {
    // Node identities come from the forest itself: reads skip the bounds
    // check in release builds (debug builds still check).
    @inline(__always) get { nodes[Int(t)].element }
    @inline(__always) set {
      record(t)
      nodes.modify(Int(t)) { $0.element = newValue }
    }
  }

  /// Allocates a detached node (a tree of one element).
  ///
  /// - Parameter reusingFreedNodes: Whether a freed node may be handed out
  ///   again; `false` keeps every identity handed out so far unambiguous.
  /// - Complexity: amortized O(1).
  @inlinable
  public mutating func allocate(_ element: Element, reusingFreedNodes: Bool = true) -> NodeID {
    let node = Node(element, summary: ownSummary(of: element))
    if reusingFreedNodes, journals.isEmpty, let id = freeList.popLast() {
      nodes[Int(id)] = node
      if keepsSums { sums[Int(id)] = NodeSums(left: .zero, own: node.total) }
      return id
    }
    nodes.append(node)
    if keepsSums { sums.append(NodeSums(left: .zero, own: node.total)) }
    return NodeID(nodes.count - 1)
  }

  /// Returns node `t` to the free list. The caller has unlinked it.
  ///
  /// - Complexity: amortized O(1).
  @inlinable
  public mutating func free(_ t: NodeID) {
    freeList.append(t)
  }

  // MARK: Summaries

  /// The summary of the tree rooted at `t`.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public func total(_ t: NodeID) -> Summary {
    t < 0 ? .zero : nodes[Int(t)].total
  }

  /// The own summary of `element`, reading the nodes it refers to as they
  /// are now.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public func ownSummary(of element: Element) -> Summary {
    nodes.withReader { node in element.summary(reading: node) }
  }

  /// Stores node `t`'s left subtree's summary and its element's own, when
  /// the forest keeps ``sums``.
  @inlinable @inline(__always)
  mutating func setSums(left: Summary, own: Summary, of t: NodeID) {
    if keepsSums { sums.withUnsafeMutableBufferPointer { $0[Int(t)] = NodeSums(left: left, own: own) } }
  }

  /// The height of the tree rooted at `t`: 0 for an empty tree.
  @inlinable @inline(__always)
  public func height(_ t: NodeID) -> Int8 {
    t < 0 ? 0 : nodes[Int(t)].height
  }

  /// The left child of node `t`.
  @inlinable @inline(__always)
  public func left(_ t: NodeID) -> NodeID { nodes[Int(t)].left }

  /// The right child of node `t`.
  @inlinable @inline(__always)
  public func right(_ t: NodeID) -> NodeID { nodes[Int(t)].right }

  /// Recomputes the height and summaries of node `t` from its children and
  /// its element, and points the children back at it; call it after
  /// changing either.
  ///
  /// - Complexity: O(1).
  @inlinable @inline(__always)
  public mutating func update(_ t: NodeID) {
    guard journals.isEmpty else { return updateRecording(t) }
    guard !nodes.isPaged else { return updatePaged(t) }
    // No journal to record in, and one buffer: one write access to it.
    let (leftTotal, own) = nodes.withUnsafeMutableBufferPointer { nodes in
      let node = nodes[Int(t)]
      let own = node.element.summary(reading: { nodes[Int($0)] })
      var total = own
      var leftTotal = Summary.zero
      var height: Int8 = 0
      if node.left >= 0 {
        let left = nodes[Int(node.left)]
        leftTotal = left.total
        total = leftTotal + total
        height = left.height
        if left.parent != t { nodes[Int(node.left)].parent = t }
      }
      if node.right >= 0 {
        let right = nodes[Int(node.right)]
        total = total + right.total
        height = Swift.max(height, right.height)
        if right.parent != t { nodes[Int(node.right)].parent = t }
      }
      nodes[Int(t)].total = total
      nodes[Int(t)].height = height + 1
      return (leftTotal, own)
    }
    setSums(left: leftTotal, own: own, of: t)
  }

  /// ``update(_:)`` over paged nodes, with no journal to record in: the
  /// node read and written whole, once, and a child written only when it
  /// does not point back at `t` yet.
  @inlinable
  mutating func updatePaged(_ t: NodeID) {
    var node = nodes[Int(t)]
    var total = ownSummary(of: node.element)
    var height: Int8 = 0
    if node.left >= 0 {
      var left = nodes[Int(node.left)]
      total = left.total + total
      height = left.height
      if left.parent != t {
        left.parent = t
        nodes[Int(node.left)] = left
      }
    }
    if node.right >= 0 {
      var right = nodes[Int(node.right)]
      total = total + right.total
      height = Swift.max(height, right.height)
      if right.parent != t {
        right.parent = t
        nodes[Int(node.right)] = right
      }
    }
    node.total = total
    node.height = height + 1
    nodes[Int(t)] = node
  }

  /// ``update(_:)`` while a journal is open: each node is recorded before
  /// its first write.
  @inlinable @inline(never)
  mutating func updateRecording(_ t: NodeID) {
    updateSummary(t)  // records `t`
    let node = nodes[Int(t)]
    let newHeight = Swift.max(height(node.left), height(node.right)) + 1
    nodes.modify(Int(t)) { $0.height = newHeight }
    if node.left >= 0 && nodes[Int(node.left)].parent != t {
      record(node.left)
      nodes.modify(Int(node.left)) { $0.parent = t }
    }
    if node.right >= 0 && nodes[Int(node.right)].parent != t {
      record(node.right)
      nodes.modify(Int(node.right)) { $0.parent = t }
    }
  }
}
