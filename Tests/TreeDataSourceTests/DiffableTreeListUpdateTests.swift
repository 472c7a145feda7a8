import Testing
import TreeDataSource
import TreeIndexTestSupport

// `DiffableTreeList.update(_:)` against a twin list that takes the same
// edits the long way (`var next = list.snapshot`, the edits,
// `list.apply(next)`): random sessions of a few edits per update, both
// layouts. After every update: the same change set, one host update or
// none, the same snapshot, no violation; an update whose body throws
// changes nothing and reaches no host.

@Suite("DiffableTreeList: update(_:)")
struct DiffableTreeListUpdateTests {
  struct Refused: Error {}

  /// Edits drawn from `random`, with fresh identifiers from `next` on.
  static func edit(_ snapshot: inout TreeSnapshot<Int>, _ random: inout SeededGenerator, _ next: inout Int) throws {
    let items = Array(snapshot.items)
    let kind = items.isEmpty ? 0 : Int.random(in: 0..<10, using: &random)
    switch kind {
    case 0..<4:
      let parent = items.isEmpty || Bool.random(using: &random) ? nil : items.randomElement(using: &random)
      let count = Int.random(in: 1...3, using: &random)
      try snapshot.append(Array(next..<(next + count)), to: parent)
      next += count
    case 4..<6:
      // A move into the item's own subtree throws: the whole update then
      // throws and changes nothing.
      try snapshot.move(items.randomElement(using: &random)!, before: items.randomElement(using: &random)!)
    case 6:
      snapshot.delete([items.randomElement(using: &random)!])
    case 7..<9:
      snapshot.expand([items.randomElement(using: &random)!])
    default:
      snapshot.collapse([items.randomElement(using: &random)!])
    }
  }

  @Test(
    "an update gives what apply of the same edits gives, as one host update",
    arguments: 0..<6, [TreeIndex.Layout.flat, .sectioned])
  func updateMatchesApply(seed: UInt64, layout: TreeIndex.Layout) throws {
    let list = DiffableTreeList<Int>(layout: layout)
    let twin = DiffableTreeList<Int>(layout: layout)
    let host = ListHostSimulator(list: list)
    let twinHost = ListHostSimulator(list: twin)
    var random = SeededGenerator(seed: seed)
    for step in 0..<120 {
      let editCount = Int.random(in: 1...4, using: &random)
      let refuses = Int.random(in: 0..<10, using: &random) == 0
      let plan = UInt64.random(in: 0...UInt64.max, using: &random)
      let before = list.snapshot
      let callsBefore = host.calls.count
      // The same edits on both sides: the same plan, the same identifiers.
      var edits = SeededGenerator(seed: plan)
      var next = step * 1_000
      var changes: TreeChanges?
      do {
        changes = try list.update { snapshot in
          for _ in 0..<editCount { try Self.edit(&snapshot, &edits, &next) }
          if refuses { throw Refused() }
        }
      } catch {}
      var twinEdits = SeededGenerator(seed: plan)
      var twinNext = step * 1_000
      var copy = twin.snapshot
      var twinThrew = refuses
      do {
        for _ in 0..<editCount { try Self.edit(&copy, &twinEdits, &twinNext) }
      } catch { twinThrew = true }
      let context = "seed \(seed), step \(step)"
      if twinThrew {
        #expect(changes == nil, "\(context): the update should have thrown")
        #expect(list.snapshot == before, "\(context): a thrown update changed the snapshot")
        #expect(host.calls.count == callsBefore, "\(context): a thrown update reached the host")
        continue
      }
      let twinChanges = twin.apply(copy)
      #expect(changes == twinChanges, "\(context)")
      #expect(list.snapshot == twin.snapshot, "\(context)")
      #expect(host.calls.count - callsBefore <= 1, "\(context): more than one host update")
      #expect(host.calls.count == twinHost.calls.count, "\(context)")
    }
    #expect(host.violations.isEmpty)
    #expect(twinHost.violations.isEmpty)
    #expect(host.rows == twinHost.rows)
  }
}
