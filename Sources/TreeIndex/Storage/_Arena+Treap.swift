/// The balanced-tree operations on one item's treap of known subitems.
///
/// Every operation keeps the summaries (`span`, `extraRows`) of the nodes it
/// touches up to date; it does not touch the item that owns the treap nor
/// that item's ancestors (see `TreeIndex._refresh(through:)`). Expected
/// treap height is O(log *k*) for *k* known subitems, so each operation is
/// O(log *b*).
extension _Arena {
  /// Splits a treap into the nodes whose subitem index is below `index` and
  /// the rest.
  mutating func split(_ t: _NodeID, at index: Int) -> (_NodeID, _NodeID) {
    guard t != .null else { return (.null, .null) }
    let node = nodes[Int(t)]
    let position = span(node.left) + node.gap
    if position < index {
      let (low, high) = split(node.right, at: index - position - 1)
      nodes[Int(t)].right = low
      update(t)
      return (t, high)
    } else {
      let (low, high) = split(node.left, at: index)
      nodes[Int(t)].left = high
      update(t)
      return (low, t)
    }
  }

  /// Concatenates two treaps, all of `a`'s positions before `b`'s.
  mutating func merge(_ a: _NodeID, _ b: _NodeID) -> _NodeID {
    if a == .null { return b }
    if b == .null { return a }
    if nodes[Int(a)].priority > nodes[Int(b)].priority {
      nodes[Int(a)].right = merge(nodes[Int(a)].right, b)
      update(a)
      return a
    } else {
      nodes[Int(b)].left = merge(a, nodes[Int(b)].left)
      update(b)
      return b
    }
  }

  /// Removes the first node of a non-empty treap; returns it and the rest.
  mutating func removeFirst(_ t: _NodeID) -> (first: _NodeID, rest: _NodeID) {
    let left = nodes[Int(t)].left
    if left == .null { return (t, nodes[Int(t)].right) }
    let (first, rest) = removeFirst(left)
    nodes[Int(t)].left = rest
    update(t)
    return (first, t)
  }

  /// Adds `delta` to the gap of the first node of a non-empty treap.
  mutating func addToFirstGap(_ t: _NodeID, _ delta: Int) {
    let left = nodes[Int(t)].left
    if left == .null {
      nodes[Int(t)].gap += delta
    } else {
      addToFirstGap(left, delta)
    }
    update(t)
  }

  /// Adds `delta` to the gap of the first node whose index is `index` or
  /// more. Returns `false` (and changes nothing) when there is none.
  @discardableResult
  mutating func addToGap(ofFirstAtOrAfter index: Int, in t: _NodeID, _ delta: Int) -> Bool {
    guard t != .null else { return false }
    let node = nodes[Int(t)]
    let position = span(node.left) + node.gap
    if index <= position {
      if !addToGap(ofFirstAtOrAfter: index, in: node.left, delta) {
        nodes[Int(t)].gap += delta
      }
      update(t)
      return true
    }
    guard addToGap(ofFirstAtOrAfter: index - position - 1, in: node.right, delta) else { return false }
    update(t)
    return true
  }

  // MARK: Subitems of an item

  /// Makes room for a new unknown subitem at `index` of item `x`.
  mutating func insertUnknownSubitem(in x: _NodeID, at index: Int) {
    addToGap(ofFirstAtOrAfter: index, in: nodes[Int(x)].children, 1)
    nodes[Int(x)].count += 1
  }

  /// Removes the unknown subitem at `index` of item `x`.
  mutating func removeUnknownSubitem(in x: _NodeID, at index: Int) {
    addToGap(ofFirstAtOrAfter: index, in: nodes[Int(x)].children, -1)
    nodes[Int(x)].count -= 1
  }

  /// Links the detached node `child` as the subitem at `index` of item `x`.
  ///
  /// - Parameter isNewSubitem: `true` when the subitem is new (the count of
  ///   `x` grows by one), `false` when it stands for the unknown subitem that
  ///   was at `index`.
  mutating func attach(_ child: _NodeID, to x: _NodeID, at index: Int, isNewSubitem: Bool) {
    let (low, high) = split(nodes[Int(x)].children, at: index)
    let gap = index - span(low)
    nodes[Int(child)].gap = gap
    nodes[Int(child)].left = .null
    nodes[Int(child)].right = .null
    update(child)
    if high != .null { addToFirstGap(high, isNewSubitem ? -gap : -gap - 1) }
    nodes[Int(x)].children = merge(merge(low, child), high)
    if isNewSubitem { nodes[Int(x)].count += 1 }
  }

  /// Unlinks the known subitem at `index` of item `x`, which loses that
  /// subitem; returns the detached node, with its own subitems intact.
  mutating func detach(from x: _NodeID, at index: Int) -> _NodeID {
    let (low, high) = split(nodes[Int(x)].children, at: index)
    let (child, rest) = removeFirst(high)
    let gap = nodes[Int(child)].gap
    if rest != .null && gap != 0 { addToFirstGap(rest, gap) }
    nodes[Int(x)].children = merge(low, rest)
    nodes[Int(x)].count -= 1
    return child
  }
}
