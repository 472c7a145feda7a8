import Foundation
import TreeDataSource
import TreeIndexTestSupport
@testable import outline

/// Random outlines: uneven depths and fan-outs, empty containers, leaves,
/// some items starting expanded, names drawn from a few syllables so that
/// searches hit several items.
enum RandomOutline {
  static let syllables = ["ka", "lo", "mi", "ne", "ru", "so"]

  /// A tree of at most `depth` levels below the root items.
  static func make(depth: Int, using random: inout SeededNumbers) -> StaticTree {
    let count = Int.random(in: 0...6, using: &random)
    return StaticTree(title: "random", roots: (0..<count).map { _ in node(depth: depth, using: &random) })
  }

  private static func node(depth: Int, using random: inout SeededNumbers) -> StaticTree.Node {
    let name = (0..<Int.random(in: 1...3, using: &random)).map { _ in syllables.randomElement(using: &random)! }
      .joined()
    let isContainer = depth > 0 && Int.random(in: 0..<3, using: &random) > 0
    guard isContainer else { return StaticTree.Node(OutlineEntry(name: name)) }
    let count = Int.random(in: 0...4, using: &random)
    let children = (0..<count).map { _ in node(depth: depth - 1, using: &random) }
    return StaticTree.Node(
      OutlineEntry(name: name, isContainer: true), children: children,
      startsExpanded: Bool.random(using: &random))
  }
}

/// The browser's expected behaviour, computed the slow way: the visible
/// rows by walking the whole tree with a set of expanded paths, the cursor
/// as an index into them, the window's top scrolled by hand.
struct BrowserModel {
  let tree: StaticTree
  /// The lines the window shows.
  let height: Int
  /// The containers that are expanded (a leaf is never in it, so that it
  /// shows what the screen shows).
  var expanded: Set<TreePath>
  /// The items that have been on screen: the list has asked whether they
  /// start expanded and keeps their state from then on, also through a
  /// collapse of everything; the others are asked when they first show.
  var seen: Set<TreePath> = []
  var cursor = 0
  var top = 0
  var mode = Browser<StaticTree>.Mode.browsing
  var lastQuery: String?
  var isFinished = false

  init(tree: StaticTree, height: Int) {
    self.tree = tree
    self.height = Swift.max(1, height - 2)
    var expanded: Set<TreePath> = []
    func visit(_ node: StaticTree.Node, _ path: TreePath) {
      if node.startsExpanded { expanded.insert(path) }
      for (i, child) in node.children.enumerated() { visit(child, path.appending(i)) }
    }
    for (i, root) in tree.roots.enumerated() { visit(root, [i]) }
    self.expanded = expanded
    seen = Set(rows)
  }

  /// Every item of the tree in row order, as if everything were expanded.
  var allPaths: [TreePath] {
    var paths: [TreePath] = []
    func visit(_ node: StaticTree.Node, _ path: TreePath) {
      paths.append(path)
      for (i, child) in node.children.enumerated() { visit(child, path.appending(i)) }
    }
    for (i, root) in tree.roots.enumerated() { visit(root, [i]) }
    return paths
  }

  /// The visible items, top to bottom.
  var rows: [TreePath] {
    var paths: [TreePath] = []
    func visit(_ node: StaticTree.Node, _ path: TreePath) {
      paths.append(path)
      guard expanded.contains(path) else { return }
      for (i, child) in node.children.enumerated() { visit(child, path.appending(i)) }
    }
    for (i, root) in tree.roots.enumerated() { visit(root, [i]) }
    return paths
  }

  /// The row texts the screen should show, top to bottom.
  var rowTexts: [String] {
    rows.map { path in
      tree.node(at: path).entry.row(level: path.depth - 1, isExpanded: expanded.contains(path))
    }
  }

  /// The row texts as the screen draws them: the indentation drawn as
  /// indent guides, found by looking at each ancestor's siblings.
  var guidedRowTexts: [String] {
    rows.map { path in
      func isLast(_ depth: Int) -> Bool {
        let siblings = depth == 1 ? tree.roots.count : tree.node(at: TreePath(path.prefix(depth - 1))).children.count
        return path[depth - 1] == siblings - 1
      }
      var prefix = ""
      if path.depth > 1 {
        for depth in 2..<path.depth { prefix += isLast(depth) ? "  " : "│ " }
        prefix += isLast(path.depth) ? "└ " : "├ "
      }
      return prefix + tree.node(at: path).entry.row(level: 0, isExpanded: expanded.contains(path))
    }
  }

  /// The window's lines of rows as the screen draws them while browsing:
  /// the guided texts from the top, with the sticky ancestors drawn over
  /// the first lines (at most a third of the window, none over the cursor).
  var windowLines: [String] {
    let texts = guidedRowTexts
    var lines = Array(texts.dropFirst(top).prefix(height))
    lines += Array(repeating: "", count: height - lines.count)
    let count = Swift.min(7, height / 3, cursor - top)
    guard count > 0, mode == .browsing || { if case .searching = mode { true } else { false } }() else { return lines }
    let sticky = StickyRowModel.stickyRows(
      rows: rows, heights: Array(repeating: 1, count: rows.count), contentOffset: Double(top), maximumCount: count,
      firstDepth: 1)
    for row in sticky {
      let line = Int(row.offset.rounded(.down))
      if line >= 0, line < height { lines[line] = texts[row.row] }
    }
    return lines
  }

  var cursorPath: TreePath? {
    let rows = rows
    return rows.isEmpty ? nil : rows[cursor]
  }

  private func isContainer(_ path: TreePath) -> Bool { tree.node(at: path).entry.isContainer }

  mutating func move(to row: Int) {
    let count = rows.count
    cursor = Swift.max(0, Swift.min(row, count - 1))
    if cursor >= top + height { top = cursor - height + 1 }
    if cursor < top { top = cursor }
    top = Swift.max(0, Swift.min(top, count - height))
  }

  mutating func move(to path: TreePath) {
    if let row = rows.firstIndex(of: path) { move(to: row) }
  }

  /// Expands every container beneath `path` and `path` itself.
  private mutating func expandSubtree(_ path: TreePath) {
    // As `NSOutlineView` does, a recursive expansion leaves an item with no
    // subitems (an empty container) as it was.
    if !tree.node(at: path).children.isEmpty { expanded.insert(path) }
    for i in tree.node(at: path).children.indices { expandSubtree(path.appending(i)) }
  }

  private mutating func search(_ query: String) {
    lastQuery = query
    let all = allPaths
    guard !all.isEmpty else { return }
    let start = cursorPath.flatMap { all.firstIndex(of: $0) }
    let order = start.map { Array(all[($0 + 1)...] + all[...$0]) } ?? all
    guard let hit = order.first(where: { tree.node(at: $0).entry.name.localizedCaseInsensitiveContains(query) })
    else { return }
    var ancestor = hit.parent
    while let path = ancestor {
      expanded.insert(path)
      ancestor = path.parent
    }
    move(to: hit)
  }

  mutating func handle(_ key: Key) {
    step(key)
    seen.formUnion(rows)
  }

  private mutating func step(_ key: Key) {
    if key == .interrupt || key == .endOfInput {
      isFinished = true
      return
    }
    if case .searching(let query) = mode {
      switch key {
      case .enter: mode = .browsing; if !query.isEmpty { search(query) }
      case .escape: mode = .browsing
      case .backspace: mode = .searching(String(query.dropLast()))
      case .space: mode = .searching(query + " ")
      case .character(let c): mode = .searching(query + String(c))
      default: break
      }
      return
    }
    let path = cursorPath
    switch key {
    case .up, .character("k"): move(to: cursor - 1)
    case .down, .character("j"): move(to: cursor + 1)
    case .right, .character("l"), .enter:
      guard let path, isContainer(path) else { break }
      if expanded.contains(path) {
        if !tree.node(at: path).children.isEmpty { move(to: cursor + 1) }
      } else {
        expanded.insert(path)
        move(to: path)
      }
    case .left, .character("h"), .backspace:
      guard let path else { break }
      if expanded.contains(path) {
        expanded.remove(path)
        move(to: path)
      } else if let parent = path.parent {
        move(to: parent)
      }
    case .space:
      guard let path, isContainer(path) else { break }
      if expanded.contains(path) { expanded.remove(path) } else { expanded.insert(path) }
      move(to: path)
    case .character("*"):
      guard let path, isContainer(path) else { break }
      expandSubtree(path)
      move(to: path)
    case .character("-"):
      guard let path else { break }
      expanded = expanded.filter { !seen.contains($0) }
      move(to: TreePath([path[0]]))
    // As the list's navigation pages: to the last (first) row wholly in
    // the window, or, from there, a window further on.
    case .pageUp:
      guard !rows.isEmpty else { break }
      move(to: top < cursor ? top : Swift.max(0, Swift.min(cursor + 1 - height, cursor - 1)))
    case .pageDown:
      let count = rows.count
      guard count > 0 else { break }
      let visible = Swift.min(top + height - 1, count - 1)
      move(to: visible > cursor ? visible : Swift.max(Swift.min(cursor + height - 1, count - 1), cursor + 1))
    case .home, .character("g"): move(to: 0)
    case .end, .character("G"): move(to: rows.count - 1)
    case .character("/"): mode = .searching("")
    case .character("n"): if let lastQuery { search(lastQuery) }
    case .character("q"): isFinished = true
    default: break
    }
  }
}
