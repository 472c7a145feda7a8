import TreeIndex

/// Brings a recorded sequence of edits into the published normal form:
/// nothing listed beneath an item the sequence inserted (a reader takes the
/// inserted item's children from the final tree), so that replaying the
/// steps against the source's final state is exact.
enum _Normalization {
  /// The normal form of `steps`.
  ///
  /// - Complexity: O(*k*² *d*) for *k* steps (only items inserted by the
  ///   batch are tracked).
  static func normalize(_ steps: [TreeSourceChanges.Step]) -> [TreeSourceChanges.Step] {
    guard steps.count > 1 else { return steps }
    var fresh: [TreePath] = []
    var result: [TreeSourceChanges.Step] = []
    result.reserveCapacity(steps.count)
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
