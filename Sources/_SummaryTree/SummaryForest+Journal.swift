/// Journals: undoing the writes since a point, and reading the forest as it
/// was then, without copying it.
///
/// While a journal is open, the first write to each node saves the node's
/// value (`record(_:)`); nodes allocated meanwhile are new and freed nodes
/// are not handed out again. Rolling back writes the saved values back and
/// forgets the new nodes; committing folds the journal into the enclosing
/// one, if any. A ``Past`` view reads the trees as they were when the
/// journal opened. So a batch of edits costs what its edits touch, whatever
/// the size of the forest: O(1) to open, O(*w*) to roll back or commit for
/// *w* nodes written.
extension SummaryForest {
  /// What one open journal keeps.
  public struct Journal: Sendable {
    /// The value of each node written since the journal opened, as it was.
    @usableFromInline var saved = SavedNodes()
    /// The number of nodes, and of free nodes, when the journal opened.
    @usableFromInline let nodeCount: Int
    @usableFromInline let freeCount: Int

    @inlinable
    init(nodeCount: Int, freeCount: Int) {
      self.nodeCount = nodeCount
      self.freeCount = freeCount
    }
  }

  /// Whether a journal is open.
  @inlinable
  public var isJournaling: Bool { !journals.isEmpty }

  /// Opens a journal inside any open ones.
  ///
  /// - Complexity: O(1).
  @inlinable
  public mutating func beginJournal() {
    journals.append(Journal(nodeCount: nodes.count, freeCount: freeList.count))
  }

  /// Closes the innermost journal, keeping the writes; the enclosing journal
  /// now covers them.
  ///
  /// - Complexity: O(*w*) for *w* nodes written under the journal.
  @inlinable
  public mutating func commitJournal() {
    let inner = journals.removeLast()
    guard !journals.isEmpty else { return }
    let outer = journals.count - 1
    let nodeCount = journals[outer].nodeCount
    for (t, node) in inner.saved.entries where Int(t) < nodeCount {
      journals[outer].saved.saveIfAbsent(t, node)
    }
  }

  /// Closes the innermost journal, undoing every write made under it: the
  /// forest is as it was when the journal opened.
  ///
  /// - Complexity: O(*w*) for *w* nodes written under the journal.
  @inlinable
  public mutating func rollBackJournal() {
    let journal = journals.removeLast()
    for (t, node) in journal.saved.entries { nodes[Int(t)] = node }
    nodes.removeLast(nodes.count - journal.nodeCount)
    freeList.removeLast(freeList.count - journal.freeCount)
    guard keepsSums else { return }
    // The sums are a cache of what the nodes' totals are made of: renew
    // those of the nodes written back (a node whose left subtree or own
    // summary changed was written too, its total with it).
    sums.removeLast(sums.count - journal.nodeCount)
    for (t, node) in journal.saved.entries {
      sums[Int(t)] = NodeSums(left: total(node.left), own: ownSummary(of: node.element))
    }
  }

  /// Saves node `t`'s value in the innermost journal before its first write
  /// under it.
  @inlinable @inline(__always)
  public mutating func record(_ t: NodeID) {
    if !journals.isEmpty { recordSlowPath(t) }
  }

  @inlinable @inline(never)
  mutating func recordSlowPath(_ t: NodeID) {
    let j = journals.count - 1
    guard Int(t) < journals[j].nodeCount else { return }
    journals[j].saved.saveIfAbsent(t, nodes[Int(t)])
  }

  /// The forest as it was when the innermost journal opened, read only.
  ///
  /// Read it before the next write to the forest: a view that outlives a
  /// write makes that write copy the node array (or, for paged nodes, the
  /// page written).
  ///
  /// - Complexity: O(1).
  @inlinable
  public var pastView: Past {
    Past(nodes: nodes, saved: journals.last?.saved ?? SavedNodes())
  }

  /// The forest as it was when a journal opened: each node's saved value if
  /// it was written since, else its value now.
  public struct Past {
    @usableFromInline let nodes: Nodes
    @usableFromInline let saved: SavedNodes

    @inlinable
    init(nodes: Nodes, saved: SavedNodes) {
      self.nodes = nodes
      self.saved = saved
    }

    /// Node `t` as it was.
    @inlinable
    public func node(_ t: NodeID) -> Node {
      saved[t] ?? nodes[Int(t)]
    }

    /// The element of node `t` as it was.
    @inlinable
    public subscript(t: NodeID) -> Element { node(t).element }

    /// The summary of the tree rooted at `t`, as it was.
    @inlinable
    public func total(_ t: NodeID) -> Summary { t < 0 ? .zero : node(t).total }

    /// The element that held `value` in metric `M`, as ``SummaryForest/find(_:by:in:)``.
    @inlinable
    public func find<M: TreeMetric>(_ value: M.Value, by metric: M.Type, in t: NodeID)
      -> (node: NodeID, before: Summary)? where M.Summary == Summary
    {
      SummaryForest.find(value, by: M.self, in: t, reading: node)
    }

    /// The summary of the elements before node `t` in the tree rooted at
    /// `root`, as ``SummaryForest/summary(before:inTreeAt:)``.
    @inlinable
    public func summary(before t: NodeID, inTreeAt root: NodeID) -> Summary? {
      SummaryForest.summary(before: t, inTreeAt: root, nodeCount: nodes.count, reading: node)
    }

    /// Calls `body` with each element of the tree rooted at `t` as it was,
    /// as ``SummaryForest/forEach(in:_:)``.
    @inlinable
    public func forEach(in t: NodeID, _ body: (_ node: NodeID, _ before: Summary) -> Void) {
      SummaryForest.forEach(in: t, reading: node, body)
    }
  }
}
