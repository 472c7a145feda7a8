import Testing
import TreeIndexTestSupport
import _SummaryTree

// The snapshot's node table (`_NodeTable`) against a dictionary, on
// identifiers whose hashes spread well, fall into a few runs, or all
// collide; with nodes allocated one after another as a snapshot does, or
// far beyond the table's size (so that its node bits widen); with
// reservations and removals between insertions.

/// An identifier whose hash keeps only `id % spread`.
private protocol TableKey: Hashable {
  init(_ id: Int)
}

/// Hashes as well as `Int`.
private struct SpreadKey: TableKey {
  let id: Int
  init(_ id: Int) { self.id = id }
}

/// 64 hashes in all: long runs, many far buckets.
private struct ClusteredKey: TableKey {
  let id: Int
  init(_ id: Int) { self.id = id }
  static func == (a: Self, b: Self) -> Bool { a.id == b.id }
  func hash(into hasher: inout Hasher) { hasher.combine(id % 64) }
}

/// One hash for all: one run.
private struct CollidingKey: TableKey {
  let id: Int
  init(_ id: Int) { self.id = id }
  static func == (a: Self, b: Self) -> Bool { a.id == b.id }
  func hash(into hasher: inout Hasher) { hasher.combine(0) }
}

/// The table, its dictionary, and the items array a snapshot would keep
/// (slot 0 and free slots hold a stand-in).
private struct TableModel<Key: TableKey> {
  var table = _NodeTable()
  var expected: [Key: Int32] = [:]
  var items = PagedArray([Key(-1)])
  var freeNodes: [Int32] = []
  var nextNode: Int32 = 1
  var nextID = 0
  var random: SeededGenerator
  /// Nodes are drawn below this bound instead of one after another, when
  /// set.
  let sparseNodes: Int32?

  init(seed: UInt64, sparseNodes: Int32?) {
    random = SeededGenerator(seed: seed)
    self.sparseNodes = sparseNodes
  }

  mutating func allocate() -> Int32 {
    if let sparseNodes {
      while true {
        let node = Int32.random(in: 1..<sparseNodes, using: &random)
        if Int(node) >= items.count {
          for _ in items.count...Int(node) { items.append(items[0]) }
          return node
        }
        if !expected.values.contains(node) { return node }
      }
    }
    if let node = freeNodes.popLast() { return node }
    defer { nextNode += 1 }
    items.append(items[0])
    return nextNode
  }

  mutating func insertNew() {
    let key = Key(nextID)
    nextID += 1
    let node = allocate()
    items[Int(node)] = key
    #expect(table.insert(key, node: node, in: items) == nil)
    expected[key] = node
  }

  mutating func insertDuplicate() {
    guard let (key, node) = expected.randomElement(using: &random) else { return }
    let spare = allocate()
    items[Int(spare)] = key
    #expect(table.insert(key, node: spare, in: items) == node)
    items[Int(spare)] = items[0]
    if sparseNodes == nil { freeNodes.append(spare) }
  }

  mutating func remove() {
    guard let (key, node) = expected.randomElement(using: &random) else { return }
    table.remove(key, in: items)
    expected[key] = nil
    items[Int(node)] = items[0]
    if sparseNodes == nil { freeNodes.append(node) }
  }

  func check() {
    #expect(table.count == expected.count)
    for (key, node) in expected {
      #expect(table.node(of: key, in: items) == node)
    }
    for id in nextID..<nextID + 20 {
      #expect(table.node(of: Key(id), in: items) == nil)
    }
    table._checkInvariants(items)
  }
}

@Suite("TreeSnapshot: the node table")
struct NodeTableTests {
  private static func run<Key: TableKey>(
    _: Key.Type, seed: UInt64, operations: Int, sparseNodes: Int32? = nil
  ) {
    var model = TableModel<Key>(seed: seed, sparseNodes: sparseNodes)
    for step in 0..<operations {
      switch Int.random(in: 0..<20, using: &model.random) {
      case 0..<11: model.insertNew()
      case 11..<13: model.insertDuplicate()
      case 13..<19: model.remove()
      default:
        // A batch: reserve, then insert it.
        let batch = Int.random(in: 1...64, using: &model.random)
        model.table.reserveCapacity(model.table.count + batch)
        for _ in 0..<batch { model.insertNew() }
      }
      if step % 97 == 0 { model.check() }
    }
    model.check()
    // Empty it, and fill it again.
    for _ in 0..<model.expected.count { model.remove() }
    model.check()
    for _ in 0..<200 { model.insertNew() }
    model.check()
  }

  @Test("hashes that spread well")
  func spread() {
    Self.run(SpreadKey.self, seed: 1, operations: 6_000)
  }

  @Test("64 hashes in all: long runs, far buckets")
  func clustered() {
    Self.run(ClusteredKey.self, seed: 2, operations: 3_000)
  }

  @Test("one hash for all")
  func colliding() {
    Self.run(CollidingKey.self, seed: 3, operations: 600)
  }

  @Test("nodes far beyond the table's size: the node bits widen, and the table grows by hashing again")
  func sparseNodes() {
    Self.run(SpreadKey.self, seed: 4, operations: 3_000, sparseNodes: 1 << 21)
    Self.run(ClusteredKey.self, seed: 5, operations: 1_500, sparseNodes: 1 << 20)
  }

  @Test("one large reservation, then the insertions, then removing everything")
  func reservation() {
    var model = TableModel<SpreadKey>(seed: 6, sparseNodes: nil)
    model.table.reserveCapacity(100_000)
    #expect(model.table.count == 0)
    for _ in 0..<100_000 { model.insertNew() }
    model.check()
    for (key, node) in model.expected.shuffled(using: &model.random) {
      model.table.remove(key, in: model.items)
      model.items[Int(node)] = model.items[0]
    }
    model.expected = [:]
    model.check()
  }

  @Test("a snapshot of identifiers whose hashes collide")
  func collidingSnapshot() throws {
    var snapshot = TreeSnapshot<ClusteredKey>()
    try snapshot.append((0..<500).map(ClusteredKey.init))
    for parent in 0..<50 {
      try snapshot.append((0..<20).map { ClusteredKey(1_000 + parent * 20 + $0) }, to: ClusteredKey(parent))
    }
    #expect(snapshot.count == 1_500)
    snapshot.delete((0..<50).map(ClusteredKey.init))
    #expect(snapshot.count == 450)
    for id in 0..<2_000 {
      #expect(snapshot.contains(ClusteredKey(id)) == ((50..<500).contains(id)))
    }
  }
}
