import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// The change set of a snapshot made from another by a few edits is worked
/// out from the edits (`_derivedChanges`), never by the full comparison:
/// both must give the same change set, and the derived one must exist.
@Suite struct DerivedChangesTests {
  /// A random forest of some of `ids`, some items expanded.
  static func randomSnapshot(_ g: inout SeededGenerator, ids: Range<Int>) -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    var placed: [Int] = []
    for id in ids.shuffled(using: &g) where Int.random(in: 0..<4, using: &g) != 0 {
      let parent = placed.isEmpty || Bool.random(using: &g) ? nil : placed.randomElement(using: &g)
      try! snapshot.append([id], to: parent)
      placed.append(id)
      if Int.random(in: 0..<3, using: &g) != 0 { snapshot.expand([id]) }
    }
    return snapshot
  }

  /// One random edit, valid or not (a refused one changes nothing).
  static func edit(_ s: inout TreeSnapshot<Int>, _ g: inout SeededGenerator, fresh: inout Int) {
    let items = s.items
    let x = items.randomElement(using: &g)
    let y = items.randomElement(using: &g)
    fresh += 2
    switch Int.random(in: 0..<11, using: &g) {
    case 0: if let x, let y { try? s.move(x, before: y) }
    case 1: if let x, let y { try? s.move(x, after: y) }
    case 2: if let x { s.delete([x]) }
    case 3: if let x { s.isExpanded(x) ? s.collapse([x]) : s.expand([x]) }
    case 4: try? s.append([fresh], to: x)
    case 5: if let y { try? s.insert([fresh, fresh + 1], before: y) }
    case 6: if let y { s.reloadItems([y]) }
    case 7: if let x { try? s.move(x, to: y, at: Int.random(in: 0...3, using: &g)) }
    case 8:
      try? s.append([fresh])
      s.expand([fresh])
    case 9:
      // Deleted, then back somewhere else: the same identifier, a new item.
      if let x {
        s.delete([x])
        try? s.append([x], to: y)
      }
    default: if let x, let y { try? s.move(x, to: s.parent(of: y), at: 0) }
    }
  }

  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func derivedEqualsFull(layout: TreeIndex.Layout) throws {
    var g = SeededGenerator(seed: 11)
    for trial in 0..<LongTests.choose(short: 3_000, long: 30_000) {
      let old = Self.randomSnapshot(&g, ids: 0..<Int.random(in: 1..<30, using: &g))
      var new = old
      var fresh = 10_000
      for _ in 0..<Int.random(in: 0..<6, using: &g) { Self.edit(&new, &g, fresh: &fresh) }
      let full = new._changesComparedInFull(from: old, layout: layout)
      let derived = try #require(new._derivedChanges(from: old, layout: layout), "trial \(trial)")
      #expect(
        derived == full,
        "trial \(trial)\nfull    \(full)\nderived \(derived)\nold\n\(old.visualDescription())new\n\(new.visualDescription())")
      if derived != full { return }
    }
  }

  /// The derivations that take a shortcut (items added and nothing else;
  /// one item moved, in `.flat`) against the full comparison, adjacent
  /// swaps and moves into collapsed parents included.
  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func shortcutsEqualFull(layout: TreeIndex.Layout) throws {
    var g = SeededGenerator(seed: 29)
    for trial in 0..<LongTests.choose(short: 3_000, long: 30_000) {
      let old = Self.randomSnapshot(&g, ids: 0..<Int.random(in: 1..<30, using: &g))
      var new = old
      var fresh = 10_000
      let items = old.items
      if Bool.random(using: &g) {
        // Additions only: appends and insertions, anywhere.
        for _ in 0..<Int.random(in: 1..<4, using: &g) {
          fresh += 2
          let y = new.items.randomElement(using: &g)
          switch Int.random(in: 0..<3, using: &g) {
          case 0: try new.append([fresh, fresh + 1], to: Bool.random(using: &g) ? nil : y)
          case 1: if let y { try new.insert([fresh], before: y) } else { try new.append([fresh]) }
          default: if let y { try new.insert([fresh], after: y) } else { try new.append([fresh]) }
          }
        }
      } else if let x = items.randomElement(using: &g), let y = items.randomElement(using: &g) {
        // One move: next to a sibling (often an adjacent one), or under
        // another parent.
        switch Int.random(in: 0..<3, using: &g) {
        case 0: try? new.move(x, before: y)
        case 1: try? new.move(x, after: y)
        default:
          let parent = Bool.random(using: &g) ? nil : y
          try? new.move(x, to: parent, at: Int.random(in: 0...new.children(of: parent).count, using: &g))
        }
      }
      let full = new._changesComparedInFull(from: old, layout: layout)
      let derived = try #require(new._derivedChanges(from: old, layout: layout), "trial \(trial)")
      #expect(
        derived == full,
        "trial \(trial)\nfull    \(full)\nderived \(derived)\nold\n\(old.visualDescription())new\n\(new.visualDescription())")
      if derived != full { return }
    }
  }

  @Test func aSnapshotIsItsOwnAncestor() throws {
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([1, 2])
    #expect(snapshot._derivedChanges(from: snapshot, layout: .flat) == TreeChanges())
    var marked = snapshot
    marked.reloadItems([2])
    #expect(
      marked._derivedChanges(from: snapshot, layout: .flat) == TreeChanges(reloadedRowRanges: [.init(section: 0, rows: 1..<2)]))
  }

  @Test func unrelatedSnapshotsAreComparedInFull() throws {
    var a = TreeSnapshot<Int>()
    try a.append([1, 2])
    let decoded = try JSONDecoder().decode(TreeSnapshot<Int>.self, from: JSONEncoder().encode(a))
    #expect(decoded._derivedChanges(from: a, layout: .flat) == nil)
    #expect(decoded.changes(from: a) == TreeChanges())
    var replaced = a
    try replaced.replaceChildren(of: 1, using: decoded.snapshot(of: 2))
    #expect(replaced._derivedChanges(from: a, layout: .flat) == nil)
  }
}
