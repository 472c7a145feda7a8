import Testing
import TreeDataSource
import TreeIndexTestSupport

// Copies of a snapshot share its storage (nodes, node table, identifiers,
// in pages): random edit sessions over snapshots of several pages and
// chunks, with a copy kept at every step, each of which must still equal
// the model's state at its step at the end — also when copies are edited
// in turn; and the sharing itself, counted in buffers: copies edited once
// each hold O(edits) buffers beyond the original, not O(copies × n).

@Suite("TreeSnapshot: copies share their storage")
struct SharedStorageTests {
  /// A random forest of `size` items, as a model and a snapshot.
  static func start(seed: UInt64, size: Int) -> (EditGenerator, ModelSnapshot, TreeSnapshot<Int>) {
    var generator = EditGenerator(seed: seed, pool: size * 2, targetSize: size)
    let model = generator.randomModel(size: size, depth: 5)
    var snapshot = model.makeSnapshot()
    snapshot.expand(model.items.filter(model.isExpanded))
    return (generator, model, snapshot)
  }

  @Test("every copy keeps its value while the original and other copies are edited", arguments: 0..<3)
  func copiesKeepTheirValues(seed: UInt64) {
    // Over 8,192 nodes: several chunks of pages.
    let size = LongTests.checksInvariants ? 600 : 9_000
    var (generator, model, snapshot) = Self.start(seed: seed, size: size)
    var copies: [(snapshot: TreeSnapshot<Int>, model: ModelSnapshot, step: Int)] = []
    for step in 0..<40 {
      copies.append((snapshot, model, step))
      let edit = generator.edit(model, invalidPercent: 10)
      var after = model
      let expected: ExpectedError?
      do {
        try edit.apply(to: &after)
        expected = nil
      } catch { expected = error }
      do {
        try edit.apply(to: &snapshot)
        #expect(expected == nil, "seed \(seed), step \(step): \(edit) should have thrown")
        model = after
      } catch {
        #expect(expected != nil, "seed \(seed), step \(step): \(edit) threw \(error)")
      }
      // Now and then an older copy is edited too: it copies what it
      // writes, and neither the original nor the other copies see it.
      if step % 4 == 3 {
        let c = generator.int(0...(copies.count - 1))
        let edit = generator.edit(copies[c].model, invalidPercent: 0, allowed: [.append, .move, .delete, .expand])
        var after = copies[c].model
        if (try? edit.apply(to: &after)) != nil, (try? edit.apply(to: &copies[c].snapshot)) != nil {
          copies[c].model = after
        }
      }
    }
    SnapshotChecker.check(snapshot, matches: model, context: "seed \(seed): the original")
    for copy in copies {
      let context = "seed \(seed), the copy of step \(copy.step)"
      #expect(Array(copy.snapshot.items) == copy.model.items, "\(context): items")
      #expect(Array(copy.snapshot.visibleItems) == copy.model.visibleItems, "\(context): visible items")
      let wrong = copy.model.items.filter {
        copy.snapshot.parent(of: $0) != copy.model.parent(of: $0)
          || copy.snapshot.isExpanded($0) != copy.model.isExpanded($0)
      }
      #expect(wrong.isEmpty, "\(context): parent or expansion of \(wrong.prefix(3))")
    }
  }

  @Test("copies edited once each hold O(edits) buffers of their own, not O(copies × items)")
  func copiesShareWhatTheyDoNotWrite() throws {
    // 5 levels, 8 subitems an item: 37,448 items. The internal checks walk
    // the whole snapshot after each of its appends: 4 levels (4,680 items,
    // still many pages) there.
    let levels = LongTests.checksInvariants ? 4 : 5
    var snapshot = TreeSnapshot<Int>()
    var level = Array(0..<8)
    try snapshot.append(level)
    var next = 8
    var parents: [Int] = []
    for _ in 1..<levels {
      var deeper: [Int] = []
      for parent in level {
        let children = Array(next..<(next + 8))
        next += 8
        try snapshot.append(children, to: parent)
        deeper += children
      }
      snapshot.expand(level)
      parents += level
      level = deeper
    }
    let items = snapshot.count
    var base = Set<UnsafeRawPointer>()
    snapshot._forEachBufferIdentity { base.insert($0) }
    var copies: [TreeSnapshot<Int>] = []
    var random = SeededGenerator(seed: 27)
    let edits = LongTests.checksInvariants ? 50 : 300
    for _ in 0..<edits {
      var copy = snapshot
      if Bool.random(using: &random) {
        try copy.append([next], to: parents.randomElement(using: &random)!)
        next += 1
      } else {
        try copy.move(parents.randomElement(using: &random)!, to: nil, at: 0)
      }
      copies.append(copy)
    }
    var all = base
    for copy in copies { copy._forEachBufferIdentity { all.insert($0) } }
    let perEdit = Double(all.count - base.count) / Double(edits)
    // An edit writes O(d log b) nodes, one bucket and one identifier: each
    // in its page, chunk and table. A full copy would hold every buffer
    // of the original again.
    #expect(perEdit < 40, "\(perEdit) buffers a copy, \(base.count) in the original of \(items) items")
    #expect(perEdit * 8 < Double(base.count), "\(perEdit) buffers a copy, \(base.count) in the original of \(items) items")
    #expect(snapshot.count == items)
  }
}
