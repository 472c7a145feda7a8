import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// Sticky rows and scroll anchoring in `TreeList` and `DiffableTreeList`,
// against models over the visible rows with their heights, in random
// sessions of edits, both layouts.
//
// Sticky rows: after every few steps, at every row's top, half a unit
// either side of it and a quarter below, the list's rows equal the walk of
// `StickyRowModel` (exact boundaries and the push-up included).
//
// Anchoring: the test anchors at a random offset now and then; after each
// step, the anchor's item is followed by identity (a row of the model
// tree, an identifier): where it is now, or, when it is no longer visible,
// the nearest row before it that still is (its top at the viewport's top),
// or the first row; the anchored offset is that row's top plus the offset
// into it, clamped to its height, summed from the model's heights.

/// The counts that keep the sessions honest: a test expects each of them.
struct StickyAnchorCounts {
  var stickyQueries = 0
  var withSeveral = 0
  var pushedUp = 0
  var anchorsKept = 0
  var anchorsMoved = 0
  var anchorsFellBack = 0

  /// Counts one answer of the model.
  mutating func count(_ sticky: [TreeStickyRow], heights: [Double]) {
    stickyQueries += 1
    if sticky.count > 1 { withSeveral += 1 }
    if let last = sticky.last {
      let above = sticky.dropLast().reduce(0.0) { $0 + heights[$1.row] }
      if last.offset < above { pushedUp += 1 }
    }
  }
}

/// The offsets to ask at: around every row's top, and past the ends.
func stickyProbeOffsets(heights: [Double]) -> [Double] {
  var result: [Double] = [-1]
  var top = 0.0
  for height in heights {
    result += [top - 0.5, top, top + 0.25, top + 0.5]
    top += height
  }
  return result + [top - 0.25, top, top + 1]
}

/// The model's answer for an anchor at `offset`: the row covering it (the
/// last row past the end) and the offset into it.
func modelAnchor(at offset: Double, heights: [Double]) -> (row: Int, offsetInto: Double)? {
  guard !heights.isEmpty else { return nil }
  let clamped = max(0, offset)
  var top = 0.0
  for (row, height) in heights.enumerated() {
    if top <= clamped && clamped < top + height { return (row, clamped - top) }
    top += height
  }
  let lastTop = top - heights[heights.count - 1]
  return (heights.count - 1, clamped - lastTop)
}

/// The anchored offset the model expects: `item`, followed by identity from
/// `before` to `after`, or the nearest surviving item before it.
func modelAnchoredOffset<Item: Equatable>(
  item: inout Item?, offsetInto: inout Double, before: [Item], after: [Item], heights: [Double],
  counts: inout StickyAnchorCounts
) -> Double? {
  guard let anchored = item else { return nil }
  if let row = after.firstIndex(of: anchored) {
    if before.firstIndex(of: anchored) == row { counts.anchorsKept += 1 } else { counts.anchorsMoved += 1 }
  } else if let old = before.firstIndex(of: anchored),
    let survivor = before[..<old].last(where: { after.contains($0) })
  {
    item = survivor
    offsetInto = 0
    counts.anchorsFellBack += 1
  } else {
    item = after.first
    offsetInto = 0
  }
  guard let current = item, let row = after.firstIndex(of: current) else { return nil }
  let top = heights[..<row].reduce(0, +)
  return top + min(offsetInto, heights[row])
}

@Suite("Sticky rows and scroll anchoring in lists")
struct StickyRowAndAnchorTests {
  static let seeds: [UInt64] = Array(1...LongTests.choose(short: 3, long: 6))
  static let layouts: [TreeIndex.Layout] = [.flat, .sectioned]

  @Test(arguments: seeds, layouts)
  func treeList(seed: UInt64, layout: TreeIndex.Layout) {
    let session = RandomSession<ModelDataSource>(seed: seed &+ 4_200, layout: layout, targetSize: 60)
    session.run(steps: 0)
    let list = session.list
    var counts = StickyAnchorCounts()
    var anchor: ModelNode?
    var offsetInto = 0.0
    func visible() -> (nodes: [ModelNode], paths: [TreePath], heights: [Double]) {
      let nodes = session.model.rows.flatMap { $0 }
      return (nodes, nodes.map { session.tree.path(of: $0)! }, nodes.map { list.dataSource.expectedHeight(of: $0) })
    }
    for step in 1...90 {
      let (nodes, paths, heights) = visible()
      if step % 3 == 0 {
        for offset in stickyProbeOffsets(heights: heights) {
          for maximumCount in [7, 2] {
            let want = StickyRowModel.stickyRows(
              rows: paths, heights: heights, contentOffset: offset, maximumCount: maximumCount,
              firstDepth: layout == .flat ? 1 : 2)
            let got = list.stickyRows(atContentOffset: offset, maximumCount: maximumCount)
            if got != want {
              Issue.record("seed \(seed), \(layout), step \(step), offset \(offset), max \(maximumCount): \(got) != \(want)")
              return
            }
            if maximumCount == 7 { counts.count(want, heights: heights) }
          }
        }
      }
      if anchor == nil || step % 4 == 0 {
        let offset = Double.random(in: -1...(heights.reduce(0, +) + 1), using: &session.rng).rounded() / 2
        list.setScrollAnchor(atContentOffset: offset)
        let expected = modelAnchor(at: offset, heights: heights)
        anchor = expected.map { nodes[$0.row] }
        offsetInto = expected?.offsetInto ?? 0
        #expect(list.scrollAnchorTreePath == anchor.flatMap { session.tree.path(of: $0) })
      }
      session.host.removeRecordedCalls()
      session.step += 1
      session.randomStep()
      if session.failed { return }
      if session.host.calls.contains(.reloadData) {
        anchor = nil  // a reload hands the host no changes to follow
        continue
      }
      let after = visible()
      var item = anchor.map(ObjectIdentifier.init)
      let want = modelAnchoredOffset(
        item: &item, offsetInto: &offsetInto, before: nodes.map(ObjectIdentifier.init),
        after: after.nodes.map(ObjectIdentifier.init), heights: after.heights, counts: &counts)
      anchor = item.flatMap { id in after.nodes.first { ObjectIdentifier($0) == id } }
      let got = list.anchoredContentOffset
      if got != want {
        Issue.record(
          "seed \(seed), \(layout), step \(step), \(session.operation): anchored \(String(describing: got)) != \(String(describing: want))"
        )
        return
      }
      #expect(list.scrollAnchorTreePath == anchor.flatMap { session.tree.path(of: $0) })
    }
    #expect(counts.withSeveral > 0 && counts.pushedUp > 0, "\(counts)")
    #expect(counts.anchorsKept > 0 && counts.anchorsMoved > 0, "\(counts)")
  }

  @Test(arguments: seeds, layouts)
  func diffableTreeList(seed: UInt64, layout: TreeIndex.Layout) {
    let session = DiffableSession(seed: seed &+ 4_300, layout: layout)
    let list = session.list
    let heightOf: (Int) -> Double = { [0.5, 1, 2, 3, 0, 1.5][$0 % 6] }
    list.heightOfItem = heightOf
    session.apply(session.unrelatedSnapshot(count: session.int(5..<40)))
    var counts = StickyAnchorCounts()
    var anchor: Int?
    var offsetInto = 0.0
    var trace = ""
    func visible() -> (items: [Int], paths: [TreePath], heights: [Double]) {
      let items = expectedRows(list.snapshot, layout: layout).flatMap { $0 }.map { $0.base as! Int }
      return (items, items.map { list.snapshot.treePath(of: $0)! }, items.map(heightOf))
    }
    for step in 1...150 {
      let (items, paths, heights) = visible()
      if step % 3 == 0 {
        for offset in stickyProbeOffsets(heights: heights) {
          let want = StickyRowModel.stickyRows(
            rows: paths, heights: heights, contentOffset: offset, maximumCount: 7, firstDepth: layout == .flat ? 1 : 2)
          let got = list.stickyRows(atContentOffset: offset)
          let wantItems = want.map { DiffableTreeList<Int>.StickyRow(itemID: items[$0.row], row: $0.row, offset: $0.offset) }
          if got != wantItems {
            Issue.record("seed \(seed), \(layout), step \(step), offset \(offset): \(got) != \(wantItems)")
            return
          }
          counts.count(want, heights: heights)
        }
      }
      if anchor == nil || step % 4 == 0 {
        let offset = Double.random(in: -1...(heights.reduce(0, +) + 1), using: &session.rng).rounded() / 2
        list.setScrollAnchor(atContentOffset: offset)
        let expected = modelAnchor(at: offset, heights: heights)
        anchor = expected.map { items[$0.row] }
        offsetInto = expected?.offsetInto ?? 0
        #expect(list.scrollAnchorItemID == anchor)
      }
      session.step = step
      session.delegate.refused = Set((0..<session.nextID).filter { $0 % 7 == Int(seed % 7) })
      switch session.int(0..<10) {
      case 0, 1, 2:
        let next = session.derivedSnapshot()
        trace = "\(next.changes(from: list.snapshot, layout: layout))"
        session.apply(next)
      case 3: session.apply(session.chance(0.2) ? list.snapshot : session.unrelatedSnapshot(count: session.int(0..<40)))
      default: session.interact()
      }
      session.check()
      if session.failures > 0 { return }
      let after = visible()
      let want = modelAnchoredOffset(
        item: &anchor, offsetInto: &offsetInto, before: items, after: after.items, heights: after.heights,
        counts: &counts)
      let got = list.anchoredContentOffset
      if got != want {
        Issue.record(
          "seed \(seed), \(layout), step \(step), \(session.operation): anchored \(String(describing: got)) != \(String(describing: want)) \(items) -> \(after.items), anchor \(String(describing: anchor)) list \(String(describing: list.scrollAnchorItemID)) \(trace)"
        )
        return
      }
      #expect(list.scrollAnchorItemID == anchor)
    }
    #expect(counts.withSeveral > 0 && counts.pushedUp > 0, "\(counts)")
    #expect(counts.anchorsKept > 0 && counts.anchorsMoved > 0, "\(counts)")
  }
}

@Suite("Scroll anchoring: falling back")
struct ScrollAnchorFallbackTests {
  @Test func treeListFallsBackToTheCollapsedAncestorAndTheRowBefore() throws {
    // Rows: A [0, 2), a1 [2, 3), a2 [3, 4), a3 [4, 5), B [5, 6).
    let tree = ModelTree()
    let a = tree.makeNode(startsExpanded: true, height: 2)
    tree.insert(a, into: tree.root, at: 0)
    for i in 0..<3 { tree.insert(tree.makeNode(), into: a, at: i) }
    tree.insert(tree.makeNode(), into: tree.root, at: 1)
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    list.reloadData()
    #expect(list.anchoredContentOffset == nil)
    list.setScrollAnchor(atContentOffset: 3.5)
    #expect(list.scrollAnchorTreePath == [0, 1] && list.anchoredContentOffset == 3.5)
    try list.collapse([0])
    #expect(list.scrollAnchorTreePath == [0] && list.anchoredContentOffset == 0)
    try list.expand([0])
    list.setScrollAnchor(atContentOffset: 4.25)
    _ = tree.remove(a.children[2])
    try list.deleteItems(at: [[0, 2]])
    #expect(list.scrollAnchorTreePath == [0, 1] && list.anchoredContentOffset == 3)
    list.setScrollAnchor(atContentOffset: 5.5)
    _ = tree.remove(tree.root.children[1])
    try list.deleteItems(at: [[1]])
    #expect(list.scrollAnchorTreePath == [0, 1] && list.anchoredContentOffset == 3)
    list.removeScrollAnchor()
    #expect(list.scrollAnchorTreePath == nil && list.anchoredContentOffset == nil)
  }

  @Test(arguments: [TreeIndex.Layout.flat, .sectioned])
  func diffableTreeListFallsBackByIdentifier(layout: TreeIndex.Layout) throws {
    let list = DiffableTreeList<Int>(layout: layout)
    list.heightOfItem = { $0 == 1 ? 2 : 1 }
    var snapshot = TreeSnapshot<Int>()
    try snapshot.append([0])
    try snapshot.append([1, 5], to: 0)
    try snapshot.append([2, 3, 4], to: 1)
    snapshot.expand([0, 1])
    list.apply(snapshot)
    let base = layout == .flat ? 1.0 : 0  // the row of item 0 in `.flat`
    // Rows from `base`: 1 [0, 2), 2, 3, 4, 5.
    list.setScrollAnchor(atContentOffset: base + 3.5)
    #expect(list.scrollAnchorItemID == 3 && list.anchoredContentOffset == base + 3.5)
    try list.collapse(1)
    #expect(list.scrollAnchorItemID == 1 && list.anchoredContentOffset == base)
    try list.expand(1)
    list.setScrollAnchor(atContentOffset: base + 4.75)
    var next = list.snapshot
    next.delete([4])
    list.apply(next)
    #expect(list.scrollAnchorItemID == 3 && list.anchoredContentOffset == base + 3)
    // An unrelated snapshot keeping 2 but not 3: the nearest survivor by identifier.
    var unrelated = TreeSnapshot<Int>()
    try unrelated.append([9])
    try unrelated.append([7, 2, 8], to: 9)
    unrelated.expand([9])
    list.apply(unrelated)
    #expect(list.scrollAnchorItemID == 2 && list.anchoredContentOffset == base + 1)
  }
}
