import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// Keyboard navigation through the lists: Page Up and Page Down by the
// viewport's height over rows of random heights (some 0), against a model
// that sums the heights of the visible rows as a plain array; the other
// keys as the index answers them; `DiffableTreeList` by identifier, as a
// `TreeList` of the same tree; and performing actions through a list gives
// its host one valid update per expansion change and none for a move.

@Suite("Keyboard navigation through the lists")
struct NavigationListTests {
  static let seeds: [UInt64] = Array(1...5)
  static let layouts: [TreeIndex.Layout] = [.flat, .sectioned]

  /// The visible rows of a tree whose items start as their nodes say, as
  /// a list first shows it.
  static func visibleNodes(_ tree: ModelTree, layout: TreeIndex.Layout) -> [ModelNode] {
    var rows: [ModelNode] = []
    func walk(_ node: ModelNode) {
      for child in node.children {
        rows.append(child)
        if child.startsExpanded { walk(child) }
      }
    }
    switch layout {
    case .flat: walk(tree.root)
    case .sectioned: for section in tree.root.children where section.startsExpanded { walk(section) }
    }
    return rows
  }

  /// Page Up and Page Down over rows whose tops are `tops` (and the total
  /// last), by a plain scan.
  struct PagingModel {
    var tops: [Double]
    var n: Int { tops.count - 1 }

    func lastFull(_ y: Double) -> Int { (0..<n).last { tops[$0 + 1] <= y } ?? -1 }
    func firstFull(_ y: Double) -> Int { (0..<n).first { tops[$0] >= y } ?? n }

    func pageDown(_ row: Int, top: Double, height: Double) -> Int {
      let visible = lastFull(top + height)
      let target = visible > row ? visible : max(lastFull(tops[row] + height), row + 1)
      return min(target, n - 1)
    }

    func pageUp(_ row: Int, top: Double, height: Double) -> Int {
      let visible = firstFull(top)
      let target = visible < row ? visible : min(firstFull(tops[row + 1] - height), row - 1)
      return max(target, 0)
    }
  }

  /// A `DiffableTreeList` of the same items, expanded and measured as a
  /// `TreeList` first shows them.
  static func diffableList(_ tree: ModelTree, layout: TreeIndex.Layout) throws -> DiffableTreeList<Int> {
    var snapshot = TreeSnapshot<Int>()
    var expanded: [Int] = []
    // Hidden items too: a `TreeList` asks whether an item starts expanded
    // when it first shows it.
    func add(_ node: ModelNode) throws {
      try snapshot.append(node.children.map(\.id), to: node === tree.root ? nil : node.id)
      for child in node.children {
        if child.startsExpanded { expanded.append(child.id) }
        try add(child)
      }
    }
    try add(tree.root)
    snapshot.expand(expanded)
    let list = DiffableTreeList<Int>(layout: layout)
    list.apply(snapshot)
    let heights = Dictionary(uniqueKeysWithValues: tree.allNodes.map { ($0.id, Double($0.height)) })
    list.heightOfItem = { heights[$0] ?? 1 }
    return list
  }

  @Test(arguments: seeds, layouts)
  func pagesByTheViewportsHeightMatchTheModel(seed: UInt64, layout: TreeIndex.Layout) throws {
    var rng = SeededGenerator(seed: seed &+ 313)
    var checked = 0
    var pagedFurther = 0
    for size in [0, 1, 6, 30, 80] {
      let tree = ModelTree.random(size: size, maxDepth: 4, expandedChance: 0.6, using: &rng)
      let list = TreeList(dataSource: ModelDataSource(tree: tree), layout: layout)
      list.reloadData()
      let nodes = Self.visibleNodes(tree, layout: layout)
      #expect(list.numberOfRows == nodes.count)
      var tops = [0.0]
      for node in nodes { tops.append(tops.last! + Double(node.height)) }
      let paging = PagingModel(tops: tops)
      let diffable = try Self.diffableList(tree, layout: layout)
      let isExpandable = { (path: TreePath) in !(tree.node(at: path)?.children.isEmpty ?? true) }
      let context = "seed \(seed), layout .\(layout), size \(size)"
      for _ in 0..<12 {
        let height = [0, 1, 3, 4.5, 7, 12][Int.random(in: 0..<6, using: &rng)]
        let top = Double(Int.random(in: -2...(Int(tops.last!) + 2), using: &rng))
        for row in [nil, -1, nodes.count] + nodes.indices.map({ $0 }) {
          for key in TreeNavigationKey.Direction.allCases.map({ TreeNavigationKey($0) }) + [.right(recursively: true)] {
            let got = list.navigationAction(
              for: key, fromRow: row, viewportOffset: top, viewportHeight: height, isExpandable: isExpandable)
            var want = list.index.navigationAction(for: key, fromRow: row, rowsPerPage: 1, isExpandable: isExpandable)
            if let row, nodes.indices.contains(row), key.direction == .pageDown || key.direction == .pageUp {
              let target =
                key.direction == .pageDown
                ? paging.pageDown(row, top: top, height: height) : paging.pageUp(row, top: top, height: height)
              want = TreeNavigationAction(focusedItem: list.treePath(forRow: target)!, focusedRow: target)
              if key.direction == .pageDown && target > paging.lastFull(top + height) { pagedFurther += 1 }
            }
            #expect(got == want, "\(context): \(key) from \(String(describing: row)), viewport \(top) + \(height)")
            checked += 1
            // The same tree by identifier.
            let item = row.flatMap { nodes.indices.contains($0) ? nodes[$0].id : nil }
            guard row == nil || item != nil else { continue }
            let byID = diffable.navigationAction(for: key, from: item, viewportOffset: top, viewportHeight: height)
            let wantByID = got.flatMap { action in
              TreeNavigationAction<Int>(
                focusedItem: tree.node(at: action.focusedItem)!.id, focusedRow: action.focusedRow,
                expansionChange: action.expansionChange.map {
                  switch $0 {
                  case .expand(let path, let recursively): .expand(tree.node(at: path)!.id, recursively: recursively)
                  case .collapse(let path, let recursively): .collapse(tree.node(at: path)!.id, recursively: recursively)
                  }
                })
            }
            #expect(byID == wantByID, "\(context): \(key) from item \(String(describing: item))")
          }
        }
      }
      #expect(diffable.navigationAction(for: .down, from: -5, viewportOffset: 0, viewportHeight: 10) == nil)
    }
    #expect(checked > 1_000 && pagedFurther > 0)
  }

  @Test(arguments: seeds, layouts)
  func performingGivesOneHostUpdatePerExpansionChange(seed: UInt64, layout: TreeIndex.Layout) throws {
    var rng = SeededGenerator(seed: seed &+ 717)
    let tree = ModelTree.random(size: 120, maxDepth: 5, expandedChance: 0.3, using: &rng)
    // A snapshot keeps no expansion for an item without children.
    for node in tree.allNodes where node.children.isEmpty { node.startsExpanded = false }
    let list = TreeList(dataSource: ModelDataSource(tree: tree), layout: layout)
    let host = makeHost(for: list)
    list.reloadData()
    let diffable = try Self.diffableList(tree, layout: layout)
    let diffableHost = ListHostSimulator(list: diffable)
    let isExpandable = { (path: TreePath) in !(tree.node(at: path)?.children.isEmpty ?? true) }
    var focus: Int?
    var focusedItem: Int?
    var updates = 0
    var moves = 0
    let keys =
      TreeNavigationKey.Direction.allCases.map { TreeNavigationKey($0) } + [
        .left(recursively: true), .right(recursively: true), .right, .right, .left,
      ]
    for turn in 0..<300 {
      let key = keys.randomElement(using: &rng)!
      let context = "seed \(seed), layout .\(layout), turn \(turn), \(key) from \(String(describing: focus))"
      guard
        let action = list.navigationAction(
          for: key, fromRow: focus, viewportOffset: 0, viewportHeight: 10, isExpandable: isExpandable)
      else {
        #expect(list.numberOfRows == 0)
        break
      }
      let byID = diffable.navigationAction(for: key, from: focusedItem, viewportOffset: 0, viewportHeight: 10)
      #expect(byID?.focusedRow == action.focusedRow, "\(context)")
      host.removeRecordedCalls()
      diffableHost.removeRecordedCalls()
      let rowsBefore = list.numberOfRows
      try list.perform(action)
      if let byID { try diffable.perform(byID) }
      #expect(host.violations.isEmpty && diffableHost.violations.isEmpty, "\(context)")
      #expect(host.numberOfRows.reduce(0, +) == list.numberOfRows, "\(context)")
      #expect(host.mismatchedRows().isEmpty, "\(context)")
      #expect(diffable.numberOfRows == list.numberOfRows, "\(context)")
      if action.expansionChange == nil {
        #expect(host.calls.isEmpty && diffableHost.calls.isEmpty, "\(context)")
        moves += 1
      } else {
        let expected = list.numberOfRows == rowsBefore ? 0...1 : 1...1
        #expect(expected.contains(host.calls.count), "\(context): \(host.calls)")
        #expect(diffableHost.calls.count == host.calls.count, "\(context): \(diffableHost.calls)")
        if list.numberOfRows != rowsBefore { updates += 1 }
      }
      // Opening or closing the focused item never moves it.
      #expect(list.treePath(forRow: action.focusedRow) == action.focusedItem, "\(context)")
      focus = action.focusedRow
      focusedItem = byID?.focusedItem
      #expect(focusedItem == tree.node(at: action.focusedItem)?.id, "\(context)")
    }
    #expect(updates > 5 && moves > 5, "\(updates) updates, \(moves) moves")
  }

  @Test func typeSelectByPathAndByIdentifier() throws {
    let tree = ModelTree()
    for i in 0..<4 { tree.insert(tree.makeNode(startsExpanded: i == 1), into: tree.root, at: i) }
    tree.insert(tree.makeNode(), into: tree.root.children[1], at: 0)
    // Rows: #1 "Alpha", #2 "Beta", #5 "Ábaco", #3 "Gamma", #4 "alto"
    let names = [1: "Alpha", 2: "Beta", 3: "Gamma", 4: "alto", 5: "Ábaco"]
    let list = TreeList(dataSource: ModelDataSource(tree: tree))
    list.reloadData()
    let diffable = try Self.diffableList(tree, layout: .flat)
    var typeSelect = TreeTypeSelect()
    typeSelect.type("a", at: 0)
    let byPath = list.typeSelectAction(for: typeSelect, fromRow: 0) { names[tree.node(at: $0)!.id]! }
    #expect(byPath == TreeNavigationAction(focusedItem: [1, 0], focusedRow: 2))
    let byID = diffable.typeSelectAction(for: typeSelect, from: 1) { names[$0]! }
    #expect(byID == TreeNavigationAction(focusedItem: 5, focusedRow: 2))
    typeSelect.type("a", at: 0.5)
    #expect(diffable.typeSelectAction(for: typeSelect, from: 5) { names[$0]! }?.focusedItem == 4)
    #expect(diffable.typeSelectAction(for: typeSelect, from: 4) { names[$0]! }?.focusedItem == 1)
    #expect(diffable.typeSelectAction(for: typeSelect, from: 99) { names[$0]! } == nil)
    typeSelect.type("z", at: 0.7)
    #expect(list.typeSelectAction(for: typeSelect, fromRow: 1) { names[tree.node(at: $0)!.id]! } == nil)
  }
}
