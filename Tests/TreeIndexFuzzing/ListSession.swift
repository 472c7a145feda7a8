import Foundation
import TreeDataSource

/// The tree a ``ListSession`` shows: items with identities, the expansion
/// they start with and their heights, edited by the session before it tells
/// the list, as an app does.
final class FuzzTree: TreeDataSource {
  struct Node {
    var id: Int
    var startsExpanded: Bool
    var height: Double
    var children: [Node] = []
  }

  var root = Node(id: 0, startsExpanded: true, height: 0)
  private var nextID = 1

  func makeNode(_ input: inout FuzzInput) -> Node {
    defer { nextID += 1 }
    let heights: [Double] = [1, 0, 2.5, 44, -1, .infinity, .nan, 1e300]
    return Node(id: nextID, startsExpanded: input.flag(), height: heights[input.number(below: heights.count)])
  }

  /// The node at `path`, or `nil` when the path names none.
  func node(at path: TreePath) -> Node? {
    var node = root
    for index in path {
      guard index >= 0, index < node.children.count else { return nil }
      node = node.children[index]
    }
    return path.isEmpty ? nil : node
  }

  /// Calls `body` with the children of the node at `parent` (the root for
  /// `nil`); `false` when there is no such node.
  func modifyChildren(of parent: TreePath?, _ body: (inout [Node]) -> Void) -> Bool {
    func walk(_ node: inout Node, _ rest: ArraySlice<Int>) -> Bool {
      guard let first = rest.first else {
        body(&node.children)
        return true
      }
      guard first >= 0, first < node.children.count else { return false }
      return walk(&node.children[first], rest.dropFirst())
    }
    return walk(&root, ArraySlice(parent.map(Array.init) ?? []))
  }

  func numberOfSubitems(of parent: TreePath?) -> Int {
    guard let parent else { return root.children.count }
    return node(at: parent)?.children.count ?? 0
  }

  func isExpanded(_ treePath: TreePath) -> Bool { node(at: treePath)?.startsExpanded ?? false }

  func height(ofItemAt treePath: TreePath) -> Double { node(at: treePath)?.height ?? 1 }

  func item(at treePath: TreePath) -> Int { node(at: treePath)?.id ?? -1 }
}

/// The delegate of a ``ListSession``'s list: refuses to expand, collapse or
/// select the items whose identity is a multiple of `refusing` (none while
/// it is 0), and checks what the list tells it during a call, without
/// calling back: nothing it refused when asked, and each "did" after its
/// "will".
final class FuzzDelegate: TreeListDelegate {
  let tree: FuzzTree
  var refusing = 0
  /// The first notification that broke the rules, if any.
  var failure: String?
  /// What the delegate refused during the current call, such as
  /// `"expand [0, 1]"`.
  private var refused: Set<String> = []
  /// The "will" notifications of the current call not yet followed by
  /// their "did".
  private var pending: [String] = []

  init(tree: FuzzTree) { self.tree = tree }

  /// Starts a call.
  func reset() {
    refused = []
    pending = []
  }

  private func should(_ action: String, _ treePath: TreePath) -> Bool {
    guard refusing > 0, let id = tree.node(at: treePath)?.id, id % refusing == 0 else { return true }
    refused.insert("\(action) \(treePath)")
    return false
  }

  private func will(_ action: String, _ treePath: TreePath) {
    let event = "\(action) \(treePath)"
    if failure == nil, refused.contains(event) { failure = "the list went on to \(event), which the delegate refused" }
    pending.append(event)
  }

  private func did(_ action: String, _ treePath: TreePath) {
    let event = "\(action) \(treePath)"
    if failure == nil, refused.contains(event) { failure = "the list did \(event), which the delegate refused" }
    if let k = pending.firstIndex(of: event) {
      pending.remove(at: k)
    } else if failure == nil {
      failure = "the list said it did \(event) without saying it would"
    }
  }

  func shouldExpandItem(at treePath: TreePath) -> Bool { should("expand", treePath) }
  func willExpandItem(at treePath: TreePath) { will("expand", treePath) }
  func didExpandItem(at treePath: TreePath) { did("expand", treePath) }
  func shouldCollapseItem(at treePath: TreePath) -> Bool { should("collapse", treePath) }
  func willCollapseItem(at treePath: TreePath) { will("collapse", treePath) }
  func didCollapseItem(at treePath: TreePath) { did("collapse", treePath) }
  func shouldSelectItem(at treePath: TreePath) -> Bool { should("select", treePath) }
  func didSelectItem(at treePath: TreePath) {
    let event = "select \(treePath)"
    if failure == nil, refused.contains(event) { failure = "the list selected \(treePath), which the delegate refused" }
  }
}

/// A session of `TreeList` calls chosen by the input, with the tree edited
/// first as an app does, shown by a `ListHostSimulator`. After every call
/// the host must have accepted every update, show what the list shows, and
/// the list must show the tree's items under its own expansion state.
struct ListSession {
  private let tree = FuzzTree()
  private let list: TreeList<FuzzTree>
  private let host: ListHostSimulator
  private let delegate: FuzzDelegate

  init(_ input: inout FuzzInput) {
    for _ in 0..<input.number(below: 5) {
      var node = tree.makeNode(&input)
      for _ in 0..<input.number(below: 4) { node.children.append(tree.makeNode(&input)) }
      tree.root.children.append(node)
    }
    list = TreeList(dataSource: tree, layout: input.flag() ? .sectioned : .flat)
    host = ListHostSimulator(list: list)
    delegate = FuzzDelegate(tree: tree)
    list.delegate = delegate
    list.reloadData()
  }

  func run(_ input: inout FuzzInput) -> String? {
    var step = 0
    while !input.isAtEnd && step < 100 {
      step += 1
      delegate.reset()
      let call = perform(&input)
      if let failure = delegate.failure ?? check() { return "step \(step), \(call): \(failure)" }
    }
    return nil
  }

  /// A path into the tree, mostly to an item that exists.
  private func path(_ input: inout FuzzInput, forInsertion: Bool = false) -> TreePath {
    var indices: [Int] = []
    var node: FuzzTree.Node? = tree.root
    for _ in 0...input.number(below: 3) {
      let count = node?.children.count ?? 2
      let index = input.index(amongst: Swift.max(0, count - (forInsertion ? 0 : 1)))
      indices.append(index)
      node = node.flatMap { index >= 0 && index < $0.children.count ? $0.children[index] : nil }
    }
    return TreePath(indices)
  }

  /// Makes one call the input picks; returns its description.
  private func perform(_ input: inout FuzzInput) -> String {
    switch input.number(below: 12) {
    case 0:
      let path = path(&input)
      let recursively = input.number(below: 4) == 0
      try? list.expand(path, recursively: recursively)
      return "expand(\(path), recursively: \(recursively))"
    case 1:
      let path = path(&input)
      let recursively = input.flag()
      try? list.collapse(path, recursively: recursively)
      return "collapse(\(path), recursively: \(recursively))"
    case 2:
      let path = path(&input)
      try? list.toggle(path)
      return "toggle(\(path))"
    case 3:
      let path = path(&input)
      try? list.reveal(path)
      return "reveal(\(path))"
    case 4:
      list.collapseAll()
      return "collapseAll()"
    case 5:
      list.reloadData()
      return "reloadData()"
    case 6:
      return edit(&input)
    case 7:
      let edits = (0...input.number(below: 3)).map { _ in input.byte() }
      var made: [String] = []
      try? list.performBatchUpdates {
        for byte in edits {
          var inner = FuzzInput([byte] + Array(repeating: byte, count: 4))
          made.append(edit(&inner))
        }
      }
      return "batch \(made)"
    case 8:
      _ = list.selectRow(at: [input.number(below: 3), input.index(amongst: 4)])
      return "selectRow"
    case 9:
      if tree.root.children.count < 8 { try? list.expandAll() }
      return "expandAll()"
    case 10:
      return edit(&input)
    default:
      delegate.refusing = input.number(below: 4)
      return "the delegate refuses multiples of \(delegate.refusing)"
    }
  }

  /// Edits the tree, then tells the list; restores the tree when the list
  /// refuses.
  private func edit(_ input: inout FuzzInput) -> String {
    let saved = tree.root
    switch input.number(below: 4) {
    case 0:
      let path = path(&input, forInsertion: true)
      var node = tree.makeNode(&input)
      if input.flag() { node.children = [tree.makeNode(&input)] }
      var done = false
      _ = tree.modifyChildren(of: path.parent) { children in
        let index = path[path.depth - 1]
        if index >= 0 && index <= children.count {
          children.insert(node, at: index)
          done = true
        }
      }
      tell(done, saved) { try list.insertItems(at: [path]) }
      return "insertItems(at: [\(path)])"
    case 1:
      let path = path(&input)
      var done = false
      _ = tree.modifyChildren(of: path.parent) { children in
        let index = path[path.depth - 1]
        if index >= 0 && index < children.count {
          children.remove(at: index)
          done = true
        }
      }
      tell(done, saved) { try list.deleteItems(at: [path]) }
      return "deleteItems(at: [\(path)])"
    case 2:
      let source = path(&input)
      let destination = path(&input, forInsertion: true)
      // The destination is read once the item is removed, as the list reads it.
      var done = false
      if let moved = tree.node(at: source) {
        _ = tree.modifyChildren(of: source.parent) { $0.remove(at: source[source.depth - 1]) }
        _ = tree.modifyChildren(of: destination.parent) { children in
          let index = destination[destination.depth - 1]
          if index >= 0 && index <= children.count {
            children.insert(moved, at: index)
            done = true
          }
        }
        if !done { tree.root = saved }
      }
      tell(done, saved) { try list.moveItem(at: source, to: destination) }
      return "moveItem(at: \(source), to: \(destination))"
    default:
      let path = path(&input)
      do { try list.reloadItems(at: [path]) } catch {}
      return "reloadItems(at: [\(path)])"
    }
  }

  /// Tells the list of an edit. When the tree refused the edit (`done` is
  /// `false`) the list may still accept it, where the paths go beneath an
  /// item it never expanded and so cannot check: the app told it of an edit
  /// that did not happen, so the session reloads, as an app must. When the
  /// list refuses, the tree goes back to `saved`.
  private func tell(_ done: Bool, _ saved: FuzzTree.Node, _ call: () throws -> Void) {
    do {
      try call()
      if !done { list.reloadData() }
    } catch {
      tree.root = saved
    }
  }

  /// A row the tree says the list shows: the item's path and identity, and
  /// how many rows it and its visible descendants take.
  private struct ShownRow {
    var path: TreePath
    var id: Int
    var rowsTaken = 1
  }

  /// The rows the list must show: the tree's items, in order, under the
  /// list's own expansion state, per section; the global rows of each root
  /// item (of its section, in `.sectioned`); and the first subitem of each
  /// collapsed item, which must be hidden.
  private func shownRows() -> (sections: [[ShownRow]], rootRows: [Range<Int>], hidden: [TreePath]) {
    var sections: [[ShownRow]] = list.layout == .flat ? [[]] : []
    var rootRows: [Range<Int>] = []
    var hidden: [TreePath] = []
    var global = 0
    func visit(_ node: FuzzTree.Node, at path: TreePath, into rows: inout [ShownRow]) {
      let k = rows.count
      rows.append(ShownRow(path: path, id: node.id))
      if list.isExpanded(path) {
        for (i, child) in node.children.enumerated() { visit(child, at: path.appending(i), into: &rows) }
      } else if !node.children.isEmpty {
        hidden.append(path.appending(0))
      }
      rows[k].rowsTaken = rows.count - k
    }
    for (i, rootNode) in tree.root.children.enumerated() {
      var rows: [ShownRow] = []
      visit(rootNode, at: [i], into: &rows)
      if list.layout == .sectioned {
        rows.removeFirst()
        sections.append(rows)
      } else {
        sections[0] += rows
      }
      rootRows.append(global..<(global + rows.count))
      global += rows.count
    }
    return (sections, rootRows, hidden)
  }

  /// What must hold after every call: the host accepted every update and
  /// shows the tree's items; the list shows them too, and answers every
  /// query about every row both ways; its geometry adds up.
  private func check() -> String? {
    if let violation = host.violations.first { return "the host was handed an invalid update: \(violation)" }
    let counts = (0..<list.numberOfSections).map { list.numberOfRows(inSection: $0) }
    guard host.numberOfRows == counts else { return "the host shows \(host.numberOfRows) rows, the list \(counts)" }
    if let row = host.mismatchedRows().first { return "the host's row \(Array(row)) shows a stale item" }
    let (expected, rootRows, hidden) = shownRows()
    guard expected.map(\.count) == counts else { return "the tree shows \(expected.map(\.count)) rows, the list \(counts)" }
    let total = counts.reduce(0, +)
    guard list.numberOfRows == total else { return "numberOfRows is \(list.numberOfRows), the sections hold \(total)" }
    guard let hostRows = host.rows else { return "the host records no rows" }
    var global = 0
    for (section, rows) in expected.enumerated() {
      for (row, shown) in rows.enumerated() {
        defer { global += 1 }
        let table = IndexPath(indexes: [section, row])
        let path = shown.path
        if list.item(at: table) != shown.id { return "row \(Array(table)) shows \(list.item(at: table)), the tree \(shown.id)" }
        if hostRows[section][row] != AnyHashable(shown.id) {
          return "the host's row \(Array(table)) shows \(hostRows[section][row]), the tree \(shown.id)"
        }
        if let failure = mapping(path, row: global, table: table, rowsTaken: shown.rowsTaken) { return failure }
      }
    }
    for (i, rows) in rootRows.enumerated() where list.layout == .sectioned {
      guard list.isVisible([i]), list.row(for: [i]) == nil, list.rows(inSubtreeAt: [i]) == rows else {
        return "section item [\(i)]: visible \(list.isVisible([i])), row \(String(describing: list.row(for: [i]))), "
          + "rows \(String(describing: list.rows(inSubtreeAt: [i]))), not \(rows)"
      }
    }
    for path in hidden {
      guard !list.isVisible(path), list.row(for: path) == nil, list.rows(inSubtreeAt: path) == nil,
        list.tableIndexPath(fromTreePath: path) == nil
      else { return "the hidden item \(path) has a row" }
    }
    for row in [-1, total, total + 1] where list.treePath(forRow: row) != nil || list.level(forRow: row) != nil {
      return "the missing row \(row) has a path"
    }
    guard list.contentHeight.isFinite, list.contentHeight >= 0 else { return "content height \(list.contentHeight)" }
    return geometry(expected)
  }

  /// Checks that the list maps the item at `path` and the row `row`, at
  /// `table`, to each other every way it can.
  private func mapping(_ path: TreePath, row: Int, table: IndexPath, rowsTaken: Int) -> String? {
    let forRow = list.treePath(forRow: row)
    guard forRow == path else { return "treePath(forRow: \(row)) is \(String(describing: forRow)), not \(path)" }
    let rowFor = list.row(for: path)
    guard rowFor == row else { return "row(for: \(path)) is \(String(describing: rowFor)), not \(row)" }
    let tablePath = list.tableIndexPath(fromTreePath: path)
    guard tablePath == table else {
      return "tableIndexPath(fromTreePath: \(path)) is \(String(describing: tablePath)), not \(Array(table))"
    }
    let treePath = list.treeIndexPath(fromTablePath: table)
    guard treePath == path else {
      return "treeIndexPath(fromTablePath: \(Array(table))) is \(String(describing: treePath)), not \(path)"
    }
    let level = list.level(forRow: row)
    guard level == path.depth - 1 else { return "level(forRow: \(row)) is \(String(describing: level)) for \(path)" }
    guard list.isVisible(path) else { return "isVisible(\(path)) is false for row \(row)" }
    let rows = list.rows(inSubtreeAt: path)
    guard rows == row..<(row + rowsTaken) else {
      return "rows(inSubtreeAt: \(path)) is \(String(describing: rows)), not \(row..<(row + rowsTaken))"
    }
    return nil
  }

  /// Checks that every row's height is finite and not negative, and that
  /// the offsets of the rows sum their heights up to the content height.
  /// Where the sums are exact (the heights are halves), the row at each
  /// row's offset is that row, unless its height is 0.
  private func geometry(_ expected: [[ShownRow]]) -> String? {
    let contentHeight = list.contentHeight
    let tolerance = 1e-9 * Swift.max(1, contentHeight)
    let exact = contentHeight < 1e12
    var global = 0
    var top = list.offset(ofRow: 0)
    guard top == 0 else { return "the first row's offset is \(top)" }
    for (section, rows) in expected.enumerated() {
      for row in rows.indices {
        defer { global += 1 }
        let height = list.height(at: [section, row])
        guard height.isFinite, height >= 0 else { return "row \([section, row]) has height \(height)" }
        let bottom = list.offset(ofRow: global + 1)
        guard abs(bottom - top - height) <= tolerance else {
          return "row \(global) spans \(top)..<\(bottom) with height \(height)"
        }
        if exact && height > 0, list.row(atOffset: top) != global {
          return "row(atOffset: \(top)) is \(String(describing: list.row(atOffset: top))), not \(global)"
        }
        top = bottom
      }
    }
    guard abs(top - contentHeight) <= tolerance else { return "the rows end at \(top), the content height is \(contentHeight)" }
    for offset in [-1, contentHeight] where list.row(atOffset: offset) != nil {
      return "row(atOffset: \(offset)) is a row, past the content"
    }
    return nil
  }
}
