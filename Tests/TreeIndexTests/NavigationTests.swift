import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

// Keyboard navigation against a naive model: the visible rows as a plain
// array, each with its path, depth and expansion. For every key, from every
// row of random trees (and from no row), the model's action is worked out
// by walking that array, and the index must give exactly it.

/// The action of every key, worked out on the visible rows as an array.
struct NavigationModel {
  var rows: [ReferenceTree.Row]
  var model: ReferenceTree
  var rowsPerPage: Int
  var isExpandable: ((TreePath) -> Bool)?

  init(_ model: ReferenceTree, rowsPerPage: Int, isExpandable: ((TreePath) -> Bool)? = nil) {
    self.model = model
    self.rows = model.visibleRows().flatMap { $0 }
    self.rowsPerPage = rowsPerPage
    self.isExpandable = isExpandable
  }

  func focusing(_ row: Int) -> TreeNavigationAction<TreePath> {
    TreeNavigationAction(focusedItem: rows[row].treePath, focusedRow: row)
  }

  /// The action of `key` from `row`, `nil` when there is nothing to focus.
  func action(for key: TreeNavigationKey, fromRow row: Int?) -> TreeNavigationAction<TreePath>? {
    guard !rows.isEmpty else { return nil }
    let last = rows.count - 1
    guard let row else {
      return [.up, .pageUp, .end].contains(key.direction) ? focusing(last) : focusing(0)
    }
    guard rows.indices.contains(row) else { return nil }
    let path = rows[row].treePath
    let stay = focusing(row)
    let page = max(1, rowsPerPage)
    switch key.direction {
    case .up: return focusing(max(row - 1, 0))
    case .down: return focusing(min(row + 1, last))
    case .home: return focusing(0)
    case .end: return focusing(last)
    case .pageUp: return focusing(max(row - page, 0))
    case .pageDown: return focusing(min(row + page, last))
    case .left:
      if model.isExpanded(path) {
        var action = stay
        action.expansionChange = .collapse(path, recursively: key.isRecursive)
        return action
      }
      // The nearest row above one level up is the parent's, if it is a row.
      var above = row - 1
      while above >= 0 && rows[above].treePath.depth >= path.depth { above -= 1 }
      return above >= 0 && rows[above].treePath.depth == path.depth - 1 ? focusing(above) : stay
    case .right:
      if model.isExpanded(path) {
        let hasSubitems = row < last && rows[row + 1].treePath.depth == path.depth + 1
        guard hasSubitems else { return stay }
        if !key.isRecursive { return focusing(row + 1) }
        var action = stay
        action.expansionChange = .expand(path, recursively: true)
        return action
      }
      let expandable = isExpandable?(path) ?? (model.node(at: path)?.children.map { !$0.isEmpty } ?? true)
      guard expandable else { return stay }
      var action = stay
      action.expansionChange = .expand(path, recursively: key.isRecursive)
      return action
    }
  }

  static let keys: [TreeNavigationKey] =
    TreeNavigationKey.Direction.allCases.map { TreeNavigationKey($0) } + [.left(recursively: true), .right(recursively: true)]
}

@Suite("Keyboard navigation")
struct NavigationTests {
  @Test(arguments: DropTargetTests.seeds, RandomizedModelTests.layouts)
  func everyKeyFromEveryRowMatchesTheModel(seed: UInt64, layout: TreeIndex.Layout) {
    var checked = 0
    var expansions = 0
    var collapses = 0
    var moves = 0
    var stays = 0
    for (step, (index, model)) in DropTargetTests.trees(seed: seed, layout: layout).enumerated() {
      let context = "seed \(seed), layout .\(layout), tree \(step)"
      let rowsPerPage = step % 4 + (step % 2 == 0 ? 0 : 2)
      // Half the trees ask an isExpandable closure: odd identities only.
      let identities = Dictionary(
        model.visibleRows().flatMap { $0 }.map { ($0.treePath, $0.identity) }, uniquingKeysWith: { a, _ in a })
      let closure: ((TreePath) -> Bool)? = step % 2 == 0 ? nil : { (identities[$0] ?? 0) % 2 == 1 }
      let expected = NavigationModel(model, rowsPerPage: rowsPerPage, isExpandable: closure)
      let rows: [Int?] = [nil, -1, expected.rows.count] + expected.rows.indices.map { $0 }
      for row in rows {
        for key in NavigationModel.keys {
          let want = expected.action(for: key, fromRow: row)
          let got = index.navigationAction(for: key, fromRow: row, rowsPerPage: rowsPerPage, isExpandable: closure)
          #expect(got == want, "\(context): \(key) from row \(String(describing: row))\n\(model)")
          checked += 1
          switch want?.expansionChange {
          case .expand?: expansions += 1
          case .collapse?: collapses += 1
          case nil where want?.focusedRow == row: stays += 1
          case nil: moves += 1
          }
          if let got { #expect(got.rowToReveal == got.focusedRow) }
        }
      }
    }
    #expect(checked > 1_000 && expansions > 0 && collapses > 0 && moves > 0 && stays > 0)
  }

  @Test func aSmallOutline() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([0, 1], numberOfSubitems: 0)
    // [0], [0, 0], [0, 1] (expanded, empty), [1]
    func action(_ key: TreeNavigationKey, _ row: Int?) -> TreeNavigationAction<TreePath>? {
      index.navigationAction(for: key, fromRow: row, rowsPerPage: 2)
    }
    #expect(action(.down, nil)?.focusedItem == [0])
    #expect(action(.end, nil)?.focusedItem == [1])
    #expect(action(.up, 0)?.focusedRow == 0)
    #expect(action(.down, 3)?.focusedRow == 3)
    #expect(action(.right, 0)?.focusedItem == [0, 0])
    #expect(action(.right(recursively: true), 0)?.expansionChange == .expand([0], recursively: true))
    #expect(action(.right, 1)?.expansionChange == .expand([0, 0], recursively: false))
    #expect(action(.right, 2) == TreeNavigationAction(focusedItem: [0, 1], focusedRow: 2))
    #expect(action(.left, 2)?.expansionChange == .collapse([0, 1], recursively: false))
    #expect(action(.left, 1)?.focusedItem == [0])
    #expect(action(.left, 3) == TreeNavigationAction(focusedItem: [1], focusedRow: 3))
    #expect(action(.left(recursively: true), 0)?.expansionChange == .collapse([0], recursively: true))
    #expect(action(.pageDown, 0)?.focusedRow == 2)
    #expect(action(.pageDown, 2)?.focusedRow == 3)
    #expect(action(.pageUp, 1)?.focusedRow == 0)
    #expect(action(.home, 3)?.focusedRow == 0)
    #expect(TreeIndex(numberOfRootItems: 0).navigationAction(for: .down, fromRow: nil, rowsPerPage: 1) == nil)
    // Option changes only Left and Right.
    #expect(TreeNavigationKey(.up, isRecursive: true) == .up)
    #expect(TreeNavigationKey.right(recursively: false) == .right)
  }

  @Test func aSectionedRowHasNoParentRow() throws {
    var index = TreeIndex(numberOfRootItems: 2, layout: .sectioned)
    try index.expand([0], numberOfSubitems: 1)
    try index.expand([0, 0], numberOfSubitems: 1)
    // Section 0: [0, 0], [0, 0, 0]
    #expect(index.navigationAction(for: .left, fromRow: 1, rowsPerPage: 1)?.focusedItem == [0, 0])
    #expect(
      index.navigationAction(for: .left, fromRow: 0, rowsPerPage: 1)?.expansionChange
        == .collapse([0, 0], recursively: false))
    try index.collapse([0, 0])
    #expect(index.navigationAction(for: .left, fromRow: 0, rowsPerPage: 1) == .init(focusedItem: [0, 0], focusedRow: 0))
  }
}

// A key costs O(d log b), whatever the number of rows, and a type-select
// search the rows it scans: the same keys on a tree 64 times larger take
// far less than 64 times as long. Linear work would give about 64; the
// bound, 8, leaves room for a busy machine.
@Suite("Keyboard navigation: growth")
struct NavigationGrowthTests {
  @Test(
    .enabled(
      if: !LongTests.checksInvariants,
      "the internal checks recount the index after each of the expansions that build the trees; the time ratio is for the other builds"
    )
  )
  func keysAndSearchesDoNotGrowWithTheRows() throws {
    let small = try OutlineGrowthTests.tree(roots: 200)
    let large = try OutlineGrowthTests.tree(roots: 12_800)
    var typeSelect = TreeTypeSelect()
    typeSelect.type("7", at: 0)
    func queries(_ index: TreeIndex) {
      var rng = SeededGenerator(seed: 8)
      var found = 0
      for turn in 0..<2_000 {
        let row = Int.random(in: 0..<index.numberOfRows, using: &rng)
        let key = NavigationModel.keys[turn % NavigationModel.keys.count]
        if index.navigationAction(for: key, fromRow: row, rowsPerPage: 30) != nil { found += 1 }
        // Every root item has 8 subitems: "7" is at most 9 rows away.
        if index.typeSelectAction(for: typeSelect, fromRow: row, label: { String($0.last!) }) != nil { found += 1 }
      }
      #expect(found == 4_000)
    }
    let ratio = Growth.timeRatio(small: { queries(small) }, large: { queries(large) })
    #expect(ratio < 8, "64 times the rows: \(ratio) times the time")
  }

  @Test func aSearchAsksTheLabelsOfTheRowsItScans() {
    let index = TreeIndex(numberOfRootItems: 1_000)
    var typeSelect = TreeTypeSelect()
    typeSelect.type("x", at: 0)
    var asked = 0
    let action = index.typeSelectAction(for: typeSelect, fromRow: 500) { path in
      asked += 1
      return path[0] == 510 ? "x" : "y"
    }
    #expect(action?.focusedRow == 510 && asked == 10)
  }
}
