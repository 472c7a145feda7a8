import TreeIndex

/// A composed source that turns its base's change sets into its own one
/// step at a time: ``FilteredTreeSource`` and ``CompactedTreeSource``.
protocol _BaseSteps {
  /// The base inserted an item at `p`, which is at `reading` (or no
  /// longer there, `nil`) in the base as it is now.
  func _baseInserted(at p: TreePath, reading: TreePath?, into out: inout [TreeSourceChanges.Step])
  /// The base removed the item at `p`.
  func _baseRemoved(at p: TreePath, into out: inout [TreeSourceChanges.Step])
  /// The base moved the item at `a` to `b`.
  func _baseMoved(from a: TreePath, to b: TreePath, into out: inout [TreeSourceChanges.Step])
  /// The base updated the item at `p`, at `reading` now.
  func _baseUpdated(at p: TreePath, reading: TreePath?, into out: inout [TreeSourceChanges.Step])
}

extension _BaseSteps {
  /// Takes each step of `changes` (prepared for final paths) in, in order,
  /// calling `beforeStep` with the step's index first.
  func _takeSteps(
    of changes: TreeSourceChanges, into out: inout [TreeSourceChanges.Step], beforeStep: (Int) -> Void = { _ in }
  ) {
    for (i, step) in changes.steps.enumerated() {
      beforeStep(i)
      switch step {
      case .insert(let p):
        _baseInserted(at: p, reading: changes.finalPath(of: p, afterStep: i), into: &out)
      case .remove(let p):
        _baseRemoved(at: p, into: &out)
      case .move(let a, let b):
        _baseMoved(from: a, to: b, into: &out)
      case .update(let p):
        _baseUpdated(at: p, reading: changes.finalPath(of: p, afterStep: i), into: &out)
      }
    }
  }
}
