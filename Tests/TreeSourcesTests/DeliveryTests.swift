import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Changes made while a change is being delivered: refused when the edit
/// can throw, run once the delivery has reached every subscriber when it
/// cannot; subscribers cancelled during a delivery are not called again.
@Suite("Edits made while a change is delivered")
struct DeliveryTests {
  static func rows<S>(_ list: TreeList<TreeSourceDataSource<S>>) -> [S.Element] {
    (0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])) }
  }

  @Test func aSubscriberThatEditsTheSourceWhileHearingIsRefusedAndTheListFollows() throws {
    let source = ArrayTreeSource(["a", "b"], name: "names")
    var refusals: [TreeSourceError] = []
    let first = source.subscribe { changes in
      guard changes.steps == [.insert([2])] else { return }
      do {
        try source.append("y")
      } catch let error as TreeSourceError {
        refusals.append(error)
      } catch {}
    }
    let list = TreeList(source: source)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try source.append("x")
    #expect(source.elements == ["a", "b", "x"])
    #expect(Self.rows(list) == ["a", "b", "x"])
    #expect(refusals.map(\.reason) == [.deliveringChanges])
    #expect(
      refusals.first?.description
        == "names: cannot insert [3]: a change is being delivered to the subscribers; edit after it has reached them")
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows().isEmpty)
    // Once the delivery is over, the same edit goes through.
    try source.append("y")
    #expect(Self.rows(list) == ["a", "b", "x", "y"])
    first.cancel()
  }

  @Test func aPredicateThatEditsItsBaseIsRefused() throws {
    let base = ArrayTreeSource(["a", "b"], name: "base")
    var refused = 0
    let filter = FilteredTreeSource(base) { name in
      if name == "x" {
        do { try base.append("y") } catch { refused += 1 }
      }
      return .visible
    }
    let list = TreeList(source: filter)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try base.append("x")
    #expect(refused == 1)
    #expect(base.elements == ["a", "b", "x"])
    #expect(Self.rows(list) == ["a", "b", "x"])
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows().isEmpty)
  }

  @Test func aSubscriberCancelledDuringADeliveryIsNotCalled() throws {
    let source = ArrayTreeSource(["a"], name: "s")
    var second: TreeSourceSubscription?
    var heardBySecond: [TreeSourceChanges] = []
    let first = source.subscribe { _ in second?.cancel() }
    second = source.subscribe { heardBySecond.append($0) }
    try source.append("b")
    #expect(heardBySecond.isEmpty)
    try source.append("c")
    #expect(heardBySecond.isEmpty)
    first.cancel()
  }

  @Test func editsThatCannotThrowWaitForTheDeliveryToEnd() throws {
    let source = ArrayTreeSource(["a", "b"], name: "s")
    let filter = FilteredTreeSource(source) { _ in .visible }
    var order: [String] = []
    let first = filter.subscribe { changes in
      order.append("heard \(changes)")
      guard changes.steps == [.insert([2])] else { return }
      // Both wait: the delivery of the insertion goes on first.
      (try? source.mutableChildren())?[0] = "A"
      filter.setPredicate { $0 == "b" ? .hidden : .visible }
      order.append("returned")
    }
    let list = TreeList(source: filter)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try source.append("c")
    #expect(source.elements == ["A", "b", "c"])
    #expect(Self.rows(list) == ["A", "c"])
    // Both wait for the whole delivery to end, then run in order.
    #expect(order == ["heard insert [2]", "returned", "heard update [0]", "heard remove [1]"])
    #expect(host.violations.isEmpty)
    #expect(host.mismatchedRows().isEmpty)
    first.cancel()
  }

  @Test func aSubscriberOfAComposedSourceCannotEditTheSourcesBeneathMidDelivery() throws {
    let a = ArrayTreeSource(["a"], name: "a")
    let b = ArrayTreeSource(["b"], name: "b")
    let join = JoinedTreeSource([a.eraseToAnyTreeSource(), b.eraseToAnyTreeSource()])
    var reasons: [TreeSourceError.Reason] = []
    let first = join.subscribe { _ in
      do { try b.append("b2") } catch let error as TreeSourceError { reasons.append(error.reason) } catch {}
      do { try join.remove(at: [0]) } catch let error as TreeSourceError { reasons.append(error.reason) } catch {}
    }
    let list = TreeList(source: join)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try a.append("a2")
    #expect(reasons == [.deliveringChanges, .deliveringChanges])
    #expect(Self.rows(list) == ["a", "a2", "b"])
    #expect(host.violations.isEmpty)
    first.cancel()
  }

  /// Random sessions: subscribers before and after the list, and a
  /// predicate, try edits of every kind while they hear of a change; the
  /// list must show the source after every step, with no invalid update.
  @Test(arguments: 0..<LongTests.choose(short: 16, long: 200))
  func randomSessionsWithReentrantSubscribers(seed: Int) throws {
    var g = SeededGenerator(seed: UInt64(seed) &* 0x2545_F491 &+ 3)
    let base = ArrayTreeSource((0..<6).map { "n\($0)" }, name: "base")
    let other = ArrayTreeSource(["o0", "o1"], name: "other")
    var hiddenSuffix = "3"
    var attempts = 0
    var refusals = 0
    // The predicate sometimes tries to edit the base.
    let filter = FilteredTreeSource(base) { name in
      if name.hasSuffix("7") {
        attempts += 1
        do { try base.append("p") } catch { refusals += 1 }
      }
      return name.hasSuffix(hiddenSuffix) ? .hidden : .visible
    }
    let join = JoinedTreeSource([filter.eraseToAnyTreeSource(), other.eraseToAnyTreeSource()])
    var rng = SeededGenerator(seed: UInt64(seed) &+ 99)
    var next = 100
    func meddle() {
      attempts += 1
      switch Int.random(in: 0..<5, using: &rng) {
      case 0:
        do { try base.append("m\(next)") } catch { refusals += 1 }
      case 1:
        do { try join.remove(at: [0]) } catch { refusals += 1 }
      case 2:
        do { try other.insert("q\(next)", at: [0]) } catch { refusals += 1 }
      case 3:
        // Deferred until the delivery ends.
        if let children = try? other.mutableChildren(), !children.isEmpty { children[0] = "r\(next)" }
        refusals += 1
      default:
        hiddenSuffix = String(Int.random(in: 0..<10, using: &rng))
        let suffix = hiddenSuffix
        filter.setPredicate { $0.hasSuffix(suffix) ? .hidden : .visible }
        refusals += 1
      }
      next += 1
    }
    let before = join.subscribe { _ in if Bool.random(using: &rng) { meddle() } }
    let list = TreeList(source: join)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    let after = base.subscribe { _ in if Int.random(in: 0..<3, using: &rng) == 0 { meddle() } }
    for step in 0..<60 {
      let edit = Int.random(in: 0..<5, using: &g)
      switch edit {
      case 0: try base.append("e\(step)7")
      case 1 where !base.elements.isEmpty: try base.remove(at: [Int.random(in: 0..<base.elements.count, using: &g)])
      case 2: try other.append("f\(step)")
      case 3 where try join.numberOfChildren(of: nil) > 1:
        try join.performBatchUpdates { () throws(TreeSourceError) in
          try join.move(from: [0], to: [try join.numberOfChildren(of: nil) - 1])
          try base.insert("g\(step)", at: [0])
        }
      default:
        try base.performBatchUpdates { () throws(TreeSourceError) in
          try base.append("h\(step)")
          if !base.elements.isEmpty { try base.replace(at: [0], with: "i\(step)7") }
        }
      }
      let expected = base.elements.filter { !$0.hasSuffix(hiddenSuffix) } + other.elements
      try #require(Self.rows(list) == expected, "seed \(seed), step \(step)")
      try #require(host.violations.isEmpty, "seed \(seed), step \(step): \(host.violations)")
      try #require(host.mismatchedRows().isEmpty, "seed \(seed), step \(step)")
    }
    #expect(attempts > 0 && refusals > 0)
    before.cancel()
    after.cancel()
  }
}
