import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

// Drop targets against the naive model: every place an item can be
// inserted is tried in the model, and the row the new item gets names the
// gap and the level the place belongs to; the index must give exactly those
// levels and places for every gap. Then every target moves random items
// there, through `moveDestination` and `moveItem`, and the model tells where
// they must land.

/// The places of a model's tree, found by inserting an item at each one.
struct DropModel {
  /// The target of each level, per gap `[section, row]`.
  var targets: [IndexPath: [Int: TreeDropTarget]] = [:]

  init(_ model: ReferenceTree) {
    let rows = model.visibleRows()
    var places: [TreeDropTarget] = []
    for index in 0...model.numberOfRootItems { places.append(TreeDropTarget(parent: nil, index: index)) }
    for item in model.allItems() where item.isVisible && item.node.isExpanded {
      for index in 0...item.node.children!.count {
        places.append(TreeDropTarget(parent: item.treePath, index: index))
      }
    }
    for place in places {
      let level = place.parent?.depth ?? 0
      if model.layout == .sectioned && place.parent == nil {
        // A new root item is a section: after the section before it, or
        // before the first section when that one has rows.
        if place.index > 0 {
          let section = place.index - 1
          targets[IndexPath(indexes: [section, rows[section].count]), default: [:]][level] = place
        } else if !rows.isEmpty && !rows[0].isEmpty {
          targets[IndexPath(indexes: [0, 0]), default: [:]][level] = place
        }
        continue
      }
      var copy = model
      let identity = copy.nextIdentity
      try! copy.insertItems(at: [place.insertionPath])
      for (section, sectionRows) in copy.visibleRows().enumerated() {
        if let row = sectionRows.firstIndex(where: { $0.identity == identity }) {
          targets[IndexPath(indexes: [section, row]), default: [:]][level] = place
        }
      }
    }
    // An empty section whose item has known subitems takes a drop into it,
    // after its last subitem, expanded or not.
    if model.layout == .sectioned {
      for (section, sectionRows) in rows.enumerated() where sectionRows.isEmpty {
        if let count = model.numberOfSubitems(of: [section]) {
          targets[IndexPath(indexes: [section, 0]), default: [:]][1] = TreeDropTarget(parent: [section], index: count)
        }
      }
    }
  }

  /// Every gap of the model's table.
  static func gaps(_ model: ReferenceTree) -> [IndexPath] {
    model.visibleRows().enumerated().flatMap { section, rows in
      (0...rows.count).map { IndexPath(indexes: [section, $0]) }
    }
  }

  /// The identities of the subitems of the item with `identity` (0: the
  /// root), or nil when it is unknown or gone.
  static func subitems(of identity: Int, in model: ReferenceTree) -> [Int]? {
    if identity == 0 { return model.rootIdentities }
    guard let path = model.treePath(ofIdentity: identity) else { return nil }
    return model.node(at: path)?.children?.map(\.identity)
  }
}

@Suite("Drop targets")
struct DropTargetTests {
  static let seeds: [UInt64] = Array(1...6)

  /// Random trees from a model run, every few steps.
  static func trees(seed: UInt64, layout: TreeIndex.Layout, count: Int = 12) -> [(TreeIndex, ReferenceTree)] {
    var run = ModelRun(seed: seed &+ 7_000, layout: layout)
    var result: [(TreeIndex, ReferenceTree)] = []
    for k in 1...count {
      run.run(steps: k * 20)
      if run.failed { break }
      result.append((run.index, run.model))
    }
    return result
  }

  @Test(arguments: seeds, RandomizedModelTests.layouts)
  func everyGapAndLevelMatchesTheModel(seed: UInt64, layout: TreeIndex.Layout) {
    var checkedTargets = 0
    for (step, (index, model)) in Self.trees(seed: seed, layout: layout).enumerated() {
      let expected = DropModel(model)
      let context = "seed \(seed), layout .\(layout), tree \(step)"
      for gap in DropModel.gaps(model) {
        guard let levels = expected.targets[gap], let low = levels.keys.min(), let high = levels.keys.max() else {
          Issue.record("\(context): the model has no target at gap \(gap)\n\(model)")
          continue
        }
        #expect(levels.count == high - low + 1, "\(context): the model's levels at \(gap) are not a range")
        #expect(index.dropLevels(beforeRowAt: gap) == low...high, "\(context): levels at \(gap)\n\(model)")
        for level in (low - 2)...(high + 2) {
          let want = levels[Swift.min(Swift.max(level, low), high)]
          let got = index.dropTarget(beforeRowAt: gap, level: level)
          #expect(got == want, "\(context): gap \(gap) level \(level)\n\(model)")
          checkedTargets += 1
        }
      }
      // No gap past the table.
      #expect(index.dropLevels(beforeRowAt: [index.numberOfSections, 0]) == nil)
      for section in 0..<index.numberOfSections {
        let past = IndexPath(indexes: [section, index.numberOfRows(inSection: section) + 1])
        #expect(index.dropTarget(beforeRowAt: past, level: 0) == nil)
      }
    }
    #expect(checkedTargets > 500)
  }

  @Test(arguments: seeds, RandomizedModelTests.layouts)
  func dropsOnItemsAndTheirHighlights(seed: UInt64, layout: TreeIndex.Layout) {
    for (index, model) in Self.trees(seed: seed, layout: layout) {
      for item in model.allItems() {
        let count = item.node.children?.count
        #expect(index.dropTarget(onItemAt: item.treePath) == count.map { .init(parent: item.treePath, index: $0) })
        #expect(
          index.dropTarget(onItemAt: item.treePath, asFirstSubitem: true)
            == count.map { _ in .init(parent: item.treePath, index: 0) })
        let target = TreeDropTarget(parent: item.treePath, index: 0)
        #expect(target.level == item.treePath.depth)
        #expect(index.highlightedRows(for: target) == index.rows(inSubtreeAt: item.treePath))
      }
      #expect(index.highlightedRows(for: TreeDropTarget(parent: nil, index: 0)) == nil)
      #expect(index.dropTarget(onItemAt: [model.numberOfRootItems]) == nil)
    }
  }

  /// Moves the items at `sources` to `target` in the index (one batch) and
  /// in the model, and checks where they land.
  static func checkMove(
    _ sources: [TreePath], to target: TreeDropTarget, index: TreeIndex, model: ReferenceTree, context: String
  ) -> Bool {
    let topLevel = sources.enumerated().filter { k, source in
      !sources.contains { $0.isAncestor(of: source) } && !sources[..<k].contains(source)
    }.map(\.element)
    let insideSource = topLevel.contains { $0 == target.parent || target.parent.map($0.isAncestor(of:)) == true }
    let moves = index.moveDestinations(for: target, movingItemsAt: sources)
    if sources.count == 1 {
      let single = index.moveDestination(for: target, movingItemAt: sources[0])
      #expect(single == moves?.first?.destination, "\(context): one source")
    }
    guard !insideSource else {
      #expect(moves == nil, "\(context): a drop inside a moved item is refused")
      return moves == nil
    }
    guard let moves else {
      Issue.record("\(context): refused")
      return false
    }
    let identities = topLevel.map { model.node(at: $0)!.identity }
    let parentIdentity = target.parent.map { model.node(at: $0)!.identity } ?? 0
    var expected: [Int?] = DropModel.subitems(of: parentIdentity, in: model)!.map { $0 }
    expected.insert(nil, at: target.index)
    expected.removeAll { $0.map(identities.contains) == true }
    let sentinel = expected.firstIndex(of: nil)!
    expected.replaceSubrange(sentinel...sentinel, with: identities.map { $0 })

    var movedIndex = index
    var movedModel = model
    movedModel.movedIdentities = []
    let changes: TreeChanges
    do {
      changes = try movedIndex.performBatchUpdates { index in
        for move in moves { try index.moveItem(at: move.source, to: move.destination) }
      }
      for move in moves { try movedModel.moveItem(at: move.source, to: move.destination) }
    } catch {
      Issue.record("\(context): moving \(moves) threw \(error)")
      return false
    }
    guard TreeIndexChecker.check(movedIndex, matches: movedModel, context: context),
      TreeIndexChecker.check(
        changes, from: model, to: movedModel, moved: movedModel.movedIdentities, context: context)
    else { return false }
    let landed = DropModel.subitems(of: parentIdentity, in: movedModel)
    #expect(landed == expected.map { $0! }, "\(context): moves \(moves)\n\(model)")
    return landed == expected.map { $0! }
  }

  @Test(arguments: seeds, RandomizedModelTests.layouts)
  func movingByEachTargetPutsTheItemWhereTheMarkerShowedIt(seed: UInt64, layout: TreeIndex.Layout) {
    var rng = SeededGenerator(seed: seed &+ 91)
    var moved = 0
    var refused = 0
    for (step, (index, model)) in Self.trees(seed: seed, layout: layout).enumerated() {
      let items = model.allItems()
      guard !items.isEmpty else { continue }
      for gap in DropModel.gaps(model) {
        guard let levels = index.dropLevels(beforeRowAt: gap) else { continue }
        for level in levels {
          let target = index.dropTarget(beforeRowAt: gap, level: level)!
          let source = items.randomElement(using: &rng)!.treePath
          let context = "seed \(seed), layout .\(layout), tree \(step), gap \(gap) level \(level) \(target), source \(source)"
          if !Self.checkMove([source], to: target, index: index, model: model, context: context) { return }
          if target.parent == source || target.parent.map(source.isAncestor(of:)) == true { refused += 1 } else { moved += 1 }
        }
      }
    }
    #expect(moved > 100)
    #expect(refused > 0)
  }

  @Test(arguments: seeds, RandomizedModelTests.layouts)
  func movingSeveralItemsPutsThemSideBySideInOrder(seed: UInt64, layout: TreeIndex.Layout) {
    var rng = SeededGenerator(seed: seed &+ 92)
    var moved = 0
    for (step, (index, model)) in Self.trees(seed: seed, layout: layout).enumerated() {
      let items = model.allItems()
      guard !items.isEmpty else { continue }
      for gap in DropModel.gaps(model) {
        guard let levels = index.dropLevels(beforeRowAt: gap) else { continue }
        let level = Int.random(in: levels, using: &rng)
        let target = index.dropTarget(beforeRowAt: gap, level: level)!
        let sources = (0..<Int.random(in: 1...4, using: &rng)).map { _ in items.randomElement(using: &rng)!.treePath }
        let context = "seed \(seed), layout .\(layout), tree \(step), gap \(gap) level \(level) \(target), sources \(sources)"
        if !Self.checkMove(sources, to: target, index: index, model: model, context: context) { return }
        moved += 1
      }
    }
    #expect(moved > 50)
  }

  @Test func betweenSectionsAndIntoAnEmptySection() throws {
    // Sections [0] (rows [0, 0], [0, 1]), [1] (expanded, empty), [2] (collapsed, 1 subitem).
    var index = TreeIndex(numberOfRootItems: 3, layout: .sectioned)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([1], numberOfSubitems: 0)
    try index.expand([2], numberOfSubitems: 1)
    try index.collapse([2])
    #expect(index.dropLevels(beforeRowAt: [0, 0]) == 0...1)
    #expect(index.dropTarget(beforeRowAt: [0, 0], level: 0) == .init(parent: nil, index: 0))
    #expect(index.dropLevels(beforeRowAt: [0, 1]) == 1...1)
    #expect(index.dropLevels(beforeRowAt: [0, 2]) == 0...1)
    #expect(index.dropTarget(beforeRowAt: [0, 2], level: 0) == .init(parent: nil, index: 1))
    #expect(index.dropTarget(beforeRowAt: [1, 0], level: 0) == .init(parent: nil, index: 2))
    #expect(index.dropTarget(beforeRowAt: [1, 0], level: 1) == .init(parent: [1], index: 0))
    #expect(index.dropTarget(beforeRowAt: [2, 0], level: 1) == .init(parent: [2], index: 1))
    #expect(index.dropLevels(beforeRowAt: [3, 0]) == nil)
    #expect(index.dropTarget(beforeRowAt: [0, 2], level: .max) == .init(parent: [0], index: 2))
    #expect(index.dropTarget(beforeRowAt: [0, 2], level: .min) == .init(parent: nil, index: 1))

    // Into the empty section: the row [0, 1] becomes section 1's only row.
    var moved = index
    let into = moved.moveDestination(for: .init(parent: [1], index: 0), movingItemAt: [0, 1])
    #expect(into == [1, 0])
    let changes = try moved.moveItem(at: [0, 1], to: into!)
    #expect(changes.movedRows.map(\.from) == [[0, 1]] && changes.movedRows.map(\.to) == [[1, 0]])
    #expect(moved.numberOfRows(inSection: 1) == 1)

    // Between sections: section 0 goes after section 1.
    moved = index
    let after = moved.moveDestination(for: .init(parent: nil, index: 2), movingItemAt: [0])
    #expect(after == [1])
    let sections = try moved.moveItem(at: [0], to: after!)
    #expect(sections.movedSections == [.init(from: 0, to: 1)])
    #expect(moved.numberOfRows(inSection: 1) == 2)
  }

  @Test func refusalsAndNoOps() {
    var index = TreeIndex(numberOfRootItems: 3)
    try! index.expand([1], numberOfSubitems: 2)
    #expect(index.moveDestination(for: .init(parent: [1], index: 0), movingItemAt: [1]) == nil)
    #expect(index.moveDestination(for: .init(parent: nil, index: 1), movingItemAt: [1]) == [1])
    #expect(index.moveDestination(for: .init(parent: nil, index: 2), movingItemAt: [1]) == [1])
    #expect(index.moveDestination(for: .init(parent: nil, index: 4), movingItemAt: [1]) == nil)
    #expect(index.moveDestination(for: .init(parent: [0], index: 0), movingItemAt: [1]) == nil)
    #expect(index.moveDestination(for: .init(parent: nil, index: 0), movingItemAt: [3]) == nil)
    #expect(index.moveDestinations(for: .init(parent: [1], index: 2), movingItemsAt: [[0], [1]]) == nil)
  }
}
