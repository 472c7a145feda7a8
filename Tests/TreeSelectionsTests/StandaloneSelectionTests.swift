import Testing
import TreeIndex
import TreeIndexTestSupport
import TreeSelections

/// `TreeSelections` on its own: tri-state counts against a count from
/// scratch, with no list layer imported.
@Suite struct StandaloneSelectionTests {
  /// A random forest of `count` items (identifiers 0..<count), each item
  /// under a random earlier one or at the root.
  static func randomSnapshot(count: Int, using generator: inout SeededGenerator) throws -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    for item in 0..<count {
      let parent = item == 0 || Int.random(in: 0..<4, using: &generator) == 0 ? nil : Int.random(in: 0..<item, using: &generator)
      try snapshot.append([item], to: parent)
    }
    return snapshot
  }

  /// The check toggles of `item` and beneath it (default interactions).
  static func toggles(in item: Int, of snapshot: TreeSnapshot<Int>) -> [Int] {
    let children = snapshot.children(of: item)
    return children.isEmpty ? [item] : children.flatMap { toggles(in: $0, of: snapshot) }
  }

  @Test(arguments: 1...8 as ClosedRange<UInt64>)
  func triStateCountsMatchACountFromScratch(seed: UInt64) throws {
    var generator = SeededGenerator(seed: seed)
    let snapshot = try Self.randomSnapshot(count: 40, using: &generator)
    var selection = try TreeSelection(snapshot)
    var checked: Set<Int> = []
    for _ in 0..<60 {
      let item = Int.random(in: 0..<40, using: &generator)
      let state = try selection.toggle(item)
      // A toggle of a parent checks every toggle beneath it unless all
      // were checked, which unchecks them all.
      let beneath = Self.toggles(in: item, of: snapshot)
      if state == .checked { checked.formUnion(beneath) } else { checked.subtract(beneath) }
      for other in 0..<40 {
        let toggles = Self.toggles(in: other, of: snapshot)
        let on = toggles.filter(checked.contains).count
        #expect(selection.checkableCount(in: other) == toggles.count)
        #expect(selection.checkedCount(in: other) == on)
        let expected: TreeSelection<Int>.CheckState = on == 0 ? .unchecked : on == toggles.count ? .checked : .mixed
        #expect(selection.checkState(of: other) == expected, "item \(other)")
      }
    }
  }
}
