import TreeIndex

/// How one sequential edit moves the paths of the other items.
package enum _PathShifts {
  /// Where the item at `path` stands after `step`, or `nil` when the step
  /// removes it.
  package static func apply(_ step: TreeSourceChanges.Step, to path: TreePath) -> TreePath? {
    switch step {
    case .insert(let q): return afterInsertion(at: q, path)
    case .remove(let q): return afterRemoval(at: q, path)
    case .move(let a, let b): return afterMove(from: a, to: b, path)
    case .update: return path
    }
  }

  /// `path` once an item is inserted at `q`.
  /// An index at `Int.max` (no item's: a caller's bad path) stays.
  package static func afterInsertion(at q: TreePath, _ path: TreePath) -> TreePath {
    let level = q.depth - 1
    guard level >= 0, path.depth > level, path.prefix(level).elementsEqual(q.prefix(level)),
      q[level] <= path[level], path[level] < Int.max
    else { return path }
    var shifted = path
    shifted[level] += 1
    return shifted
  }

  /// `path` once the item at `q` is removed; `nil` when it was inside.
  package static func afterRemoval(at q: TreePath, _ path: TreePath) -> TreePath? {
    if q == path || q.isAncestor(of: path) { return nil }
    let level = q.depth - 1
    guard level >= 0, path.depth > level, path.prefix(level).elementsEqual(q.prefix(level)),
      q[level] < path[level]
    else { return path }
    var shifted = path
    shifted[level] -= 1
    return shifted
  }

  /// Where an insertion at `path`, read after the removal of `q`, is
  /// before it: the inverse of ``afterRemoval(at:_:)`` for positions,
  /// which shifts `path` as an insertion at `q` does.
  /// An index at `Int.max` (no item's: a caller's bad path) stays.
  package static func beforeRemoval(at q: TreePath, _ path: TreePath) -> TreePath {
    afterInsertion(at: q, path)
  }

  /// `path` once the item at `a` moves to `b`.
  package static func afterMove(from a: TreePath, to b: TreePath, _ path: TreePath) -> TreePath {
    if a == path || a.isAncestor(of: path) {
      return TreePath(Array(b) + Array(path.dropFirst(a.depth)))
    }
    return afterInsertion(at: b, afterRemoval(at: a, path)!)
  }
}
