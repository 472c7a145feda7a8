import TreeIndex

/// Brings a recorded sequence of edits into the published normal form:
/// nothing listed beneath an item the sequence inserted (a reader takes the
/// inserted item's children from the final tree), so that replaying the
/// steps against the source's final state is exact.
package enum _Normalization {
  /// The normal form of `steps`.
  ///
  /// The items the sequence inserted are tracked as runs of adjacent
  /// siblings, so that a bulk edit (*k* insertions at consecutive positions
  /// of one parent, the way `append(contentsOf:)` makes them) is one run
  /// however large *k* is.
  ///
  /// - Complexity: O(*k* *r* *d*) for *k* steps and at most *r* runs of
  ///   inserted siblings at any time: O(*k* *d*) for a bulk insertion.
  package static func normalize(_ steps: [TreeSourceChanges.Step]) -> [TreeSourceChanges.Step] {
    guard steps.count > 1 else { return steps }
    var fresh = _FreshRuns()
    var result: [TreeSourceChanges.Step] = []
    result.reserveCapacity(steps.count)
    for step in steps {
      switch step {
      case .insert(let q):
        if fresh.isInside(q) { continue }
        fresh.insert(at: q, isFresh: true)
        result.append(step)
      case .remove(let q):
        if fresh.isInside(q) { continue }
        fresh.remove(at: q)
        result.append(step)
      case .update(let q):
        if fresh.contains(q) || fresh.isInside(q) { continue }
        result.append(step)
      case .move(let a, let b):
        let sourceInside = fresh.isInside(a)
        let sourceIsFresh = !sourceInside && fresh.contains(a)
        var afterRemoval = fresh
        if !sourceInside { afterRemoval.remove(at: a) }
        let destinationInside = afterRemoval.isInside(b)
        switch (sourceInside, destinationInside) {
        case (true, true):
          continue
        case (true, false):
          afterRemoval.insert(at: b, isFresh: true)
          fresh = afterRemoval
          result.append(.insert(b))
        case (false, true):
          fresh = afterRemoval
          result.append(.remove(a))
        case (false, false):
          fresh.move(from: a, to: b, isFresh: sourceIsFresh)
          result.append(step)
        }
      }
    }
    return result
  }

  /// The normal form of `steps`, computed by tracking every inserted item's
  /// path on its own: the plain definition, which the tests compare
  /// ``normalize(_:)`` with.
  ///
  /// - Complexity: O(*k*² *d*) for *k* steps.
  package static func normalizeByScanning(_ steps: [TreeSourceChanges.Step]) -> [TreeSourceChanges.Step] {
    guard steps.count > 1 else { return steps }
    var fresh: [TreePath] = []
    var result: [TreeSourceChanges.Step] = []
    func isInsideFresh(_ path: TreePath, _ paths: [TreePath]) -> Bool {
      paths.contains { $0.isAncestor(of: path) }
    }
    for step in steps {
      switch step {
      case .insert(let q):
        if isInsideFresh(q, fresh) { continue }
        fresh = fresh.map { _PathShifts.afterInsertion(at: q, $0) }
        fresh.append(q)
        result.append(step)
      case .remove(let q):
        if isInsideFresh(q, fresh) { continue }
        fresh = fresh.compactMap { _PathShifts.afterRemoval(at: q, $0) }
        result.append(step)
      case .update(let q):
        if fresh.contains(q) || isInsideFresh(q, fresh) { continue }
        result.append(step)
      case .move(let a, let b):
        let sourceInside = isInsideFresh(a, fresh)
        let afterRemoval = fresh.compactMap { _PathShifts.afterRemoval(at: a, $0) }
        let destinationInside = isInsideFresh(b, afterRemoval)
        switch (sourceInside, destinationInside) {
        case (true, true):
          continue
        case (true, false):
          fresh = afterRemoval.map { _PathShifts.afterInsertion(at: b, $0) }
          fresh.append(b)
          result.append(.insert(b))
        case (false, true):
          fresh = afterRemoval
          result.append(.remove(a))
        case (false, false):
          fresh = fresh.map { _PathShifts.afterMove(from: a, to: b, $0) }
          result.append(step)
        }
      }
    }
    return result
  }
}

/// The items a sequence of edits inserted so far, as runs of adjacent
/// siblings: `parent`'s children at the positions `range`, in the tree as
/// the edits so far left it.
struct _FreshRuns {
  /// One run: the children of `parent` at `range`.
  struct Run {
    var parent: TreePath
    var range: Range<Int>
  }

  private(set) var runs: [Run] = []

  /// Whether `path` lies strictly beneath an item of a run.
  ///
  /// - Complexity: O(*r* *d*).
  func isInside(_ path: TreePath) -> Bool {
    runs.contains { run in
      let level = run.parent.depth
      return path.depth > level + 1 && run.range.contains(path[level]) && Self.hasPrefix(path, run.parent)
    }
  }

  /// Whether `path` names an item of a run.
  ///
  /// - Complexity: O(*r* *d*).
  func contains(_ path: TreePath) -> Bool {
    runs.contains { run in
      let level = run.parent.depth
      return path.depth == level + 1 && run.range.contains(path[level]) && Self.hasPrefix(path, run.parent)
    }
  }

  /// Shifts the runs for an item inserted at `q` (not beneath a run's
  /// item), and adds the item when `isFresh`.
  ///
  /// - Complexity: O(*r* *d*).
  mutating func insert(at q: TreePath, isFresh: Bool) {
    let level = q.depth - 1
    let index = q[level]
    var joined = false
    var split: [Run] = []
    for i in runs.indices {
      if runs[i].parent.depth == level && Self.hasPrefix(q, runs[i].parent) {
        let range = runs[i].range
        if index < range.lowerBound || (index == range.lowerBound && !(isFresh && !joined)) {
          runs[i].range = (range.lowerBound + 1)..<(range.upperBound + 1)
        } else if index <= range.upperBound {
          if isFresh && !joined {
            runs[i].range = range.lowerBound..<(range.upperBound + 1)
            joined = true
          } else if index < range.upperBound {
            // A kept item (or one already joined to another run) splits it.
            runs[i].range = range.lowerBound..<index
            split.append(Run(parent: runs[i].parent, range: (index + 1)..<(range.upperBound + 1)))
          }
        }
      } else {
        runs[i].parent = _PathShifts.afterInsertion(at: q, runs[i].parent)
      }
    }
    runs.append(contentsOf: split)
    if isFresh && !joined {
      runs.append(Run(parent: TreePath(q.prefix(level)), range: index..<(index + 1)))
    }
  }

  /// Shifts the runs for the item at `q` removed (not beneath a run's
  /// item), dropping it from its run when it is in one, and dropping the
  /// runs beneath it.
  ///
  /// - Complexity: O(*r* *d*).
  mutating func remove(at q: TreePath) {
    let level = q.depth - 1
    let index = q[level]
    var kept: [Run] = []
    kept.reserveCapacity(runs.count)
    for var run in runs {
      if run.parent.depth == level && Self.hasPrefix(q, run.parent) {
        if index < run.range.lowerBound {
          run.range = (run.range.lowerBound - 1)..<(run.range.upperBound - 1)
        } else if index < run.range.upperBound {
          run.range = run.range.lowerBound..<(run.range.upperBound - 1)
        }
        if !run.range.isEmpty { kept.append(run) }
      } else if let parent = _PathShifts.afterRemoval(at: q, run.parent) {
        run.parent = parent
        kept.append(run)
      }
    }
    runs = kept
  }

  /// Shifts the runs for the item at `a` moved to `b` (neither beneath a
  /// run's item), carrying the runs beneath it along; the item stays in a
  /// run when `isFresh`.
  ///
  /// - Complexity: O(*r* *d*).
  mutating func move(from a: TreePath, to b: TreePath, isFresh: Bool) {
    let carried = runs.compactMap { run -> (suffix: [Int], range: Range<Int>)? in
      Self.hasPrefix(run.parent, a) ? (Array(run.parent.dropFirst(a.depth)), run.range) : nil
    }
    remove(at: a)
    insert(at: b, isFresh: isFresh)
    for run in carried {
      runs.append(Run(parent: TreePath(Array(b) + run.suffix), range: run.range))
    }
  }

  /// Whether `path` starts with the indices of `prefix`.
  ///
  /// - Complexity: O(*d*).
  private static func hasPrefix(_ path: TreePath, _ prefix: TreePath) -> Bool {
    path.depth >= prefix.depth && path.prefix(prefix.depth).elementsEqual(prefix)
  }
}
