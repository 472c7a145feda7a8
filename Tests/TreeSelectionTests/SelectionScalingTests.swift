import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Toggling a leaf and reading the root's state cost the same in a small
/// tree and in one a hundred times larger with a hundred times more items
/// checked: the counts are kept along the ancestors, never recounted, and
/// no change copies the selection's storage.
@Suite struct SelectionScalingTests {
  /// A root with `groups` groups of `leaves` check toggles each, the first
  /// third of the groups checked.
  func selection(groups: Int, leaves: Int) throws -> TreeSelection<Int> {
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([0])
    try snapshot.append(Array(1...groups), to: 0)
    var next = groups + 1
    for group in 1...groups {
      try snapshot.append(Array(next..<next + leaves), to: group)
      next += leaves
    }
    var selection = try TreeSelection(snapshot)
    for group in 1...max(1, groups / 3) { try selection.check(group) }
    return selection
  }

  /// The fastest of three runs of `toggles` toggles of random leaves, each
  /// followed by a read of the root's state and count.
  func time(_ selection: TreeSelection<Int>, groups: Int, toggles: Int) throws -> Duration {
    var best = Duration.seconds(1_000)
    let leaves = Array(groups + 1..<selection.snapshot.count)
    for round in 0..<3 {
      var selection = selection
      var random = SeededGenerator(seed: UInt64(round))
      let picks = (0..<toggles).map { _ in leaves.randomElement(using: &random)! }
      var states = 0
      let elapsed = try ContinuousClock().measure {
        for leaf in picks {
          try selection.toggle(leaf)
          if selection.checkState(of: 0) == .mixed { states += selection.checkedCount(in: 0) }
        }
      }
      #expect(states > 0)
      best = min(best, elapsed)
    }
    return best
  }

  // With the internal checks compiled in, every change recounts the whole
  // selection to compare: the time bound is the other builds'.
  @Test(.enabled(if: !LongTests.checksInvariants, "each change recounts the selection under the internal checks"))
  func togglingALeafDoesNotDependOnTheTreeSize() throws {
    let small = try selection(groups: 30, leaves: 30)
    let large = try selection(groups: 300, leaves: 300)
    #expect(large.checkedCount(in: 0) == 100 * 300)
    let smallTime = try time(small, groups: 30, toggles: 2_000)
    let largeTime = try time(large, groups: 300, toggles: 2_000)
    // Recounting, or copying the storage, would make the large tree about
    // a hundred times slower.
    #expect(largeTime < smallTime * 8, "small tree \(smallTime), large tree \(largeTime)")
  }
}
