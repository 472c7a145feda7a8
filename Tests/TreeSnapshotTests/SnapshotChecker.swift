import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Compares a `TreeSnapshot<Int>` with a `ModelSnapshot`, query by query.
///
/// Each check collects every mismatch and records them as one issue whose
/// comment starts with the caller's context (seed, step, edit), and returns
/// whether everything matched.
enum SnapshotChecker {
  static let maximumListedMismatches = 12

  static func report(
    _ mismatches: [String], _ context: () -> String, _ detail: () -> String, _ sourceLocation: SourceLocation
  ) -> Bool {
    guard !mismatches.isEmpty else { return true }
    var lines = [context()]
    lines += mismatches.prefix(maximumListedMismatches).map { "  - " + $0 }
    if mismatches.count > maximumListedMismatches {
      lines.append("  … and \(mismatches.count - maximumListedMismatches) more")
    }
    let extra = detail()
    if !extra.isEmpty { lines.append(extra) }
    Issue.record(Comment(rawValue: lines.joined(separator: "\n")), sourceLocation: sourceLocation)
    return false
  }

  static func show<T>(_ value: T?) -> String { value.map { "\($0)" } ?? "nil" }

  /// Every mismatch between `snapshot` and `model`: every query for every
  /// item, `unknown` identifiers (which the snapshot lacks) and rows out of
  /// range. `probe` picks the item of `snapshot(of:includingParent:)`.
  static func mismatches(
    _ snapshot: TreeSnapshot<Int>, _ model: ModelSnapshot, unknown: [Int] = [], probe: Int? = nil
  ) -> [String] {
    var problems: [String] = []
    func expect(_ condition: Bool, _ message: @autoclosure () -> String) {
      if !condition { problems.append(message()) }
    }
    let items = model.items
    let visible = model.visibleItems

    // Collections.
    let snapshotItems = Array(snapshot.items)
    expect(snapshotItems == items, "items \(snapshotItems) != model \(items)")
    let roots = snapshot.rootItems
    expect(Array(roots) == model.rootItems, "rootItems \(Array(roots)) != model \(model.rootItems)")
    expect(roots.count == model.rootItems.count, "rootItems.count \(roots.count) != model \(model.rootItems.count)")
    expect(roots.startIndex == 0, "rootItems.startIndex is \(roots.startIndex), not 0")
    for (i, root) in model.rootItems.enumerated() where roots[i] != root {
      problems.append("rootItems[\(i)] \(roots[i]) != model \(root)")
    }
    let visibleItems = snapshot.visibleItems
    expect(
      visibleItems.count == visible.count, "visibleItems.count \(visibleItems.count) != model \(visible.count)")
    expect(visibleItems.startIndex == 0, "visibleItems.startIndex is \(visibleItems.startIndex), not 0")
    if visibleItems.count == visible.count {
      for (i, item) in visible.enumerated() where visibleItems[i] != item {
        problems.append("visibleItems[\(i)] \(visibleItems[i]) != model \(item)")
      }
    }
    expect(Array(visibleItems) == visible, "Array(visibleItems) \(Array(visibleItems)) != model \(visible)")

    // Every item, and identifiers the snapshot lacks.
    for item in items + unknown {
      let path = model.treePath(of: item)
      expect(snapshot.contains(item) == model.contains(item), "contains(\(item)) is \(snapshot.contains(item))")
      let parent = snapshot.parent(of: item)
      expect(parent == model.parent(of: item), "parent(of: \(item)) \(show(parent)) != model \(show(model.parent(of: item)))")
      let children = snapshot.children(of: item)
      let modelChildren = model.children(of: item)
      expect(
        Array(children) == modelChildren && children.count == modelChildren.count,
        "children(of: \(item)) \(Array(children)) (count \(children.count)) != model \(modelChildren)")
      let level = snapshot.level(of: item)
      expect(level == model.level(of: item), "level(of: \(item)) \(show(level)) != model \(show(model.level(of: item)))")
      expect(
        snapshot.isExpanded(item) == model.isExpanded(item),
        "isExpanded(\(item)) \(snapshot.isExpanded(item)) != model \(model.isExpanded(item))")
      expect(
        snapshot.isVisible(item) == model.isVisible(item),
        "isVisible(\(item)) \(snapshot.isVisible(item)) != model \(model.isVisible(item))")
      let treePath = snapshot.treePath(of: item)
      expect(treePath == path, "treePath(of: \(item)) \(show(treePath)) != model \(show(path))")
      if let path {
        let back = snapshot.item(at: path)
        expect(back == item, "item(at: \(path)) \(show(back)) != model \(item)")
      }
      let row = snapshot.row(of: item)
      let modelRow = visible.firstIndex(of: item)
      expect(row == modelRow, "row(of: \(item)) \(show(row)) != model \(show(modelRow))")
    }
    let rootChildren = snapshot.children(of: nil)
    expect(Array(rootChildren) == model.rootItems, "children(of: nil) \(Array(rootChildren)) != model \(model.rootItems)")

    // Paths that name nothing.
    var nowhere: [TreePath] = [[], [-1], [model.rootItems.count]]
    for item in items.prefix(6) {
      let path = model.treePath(of: item)!
      nowhere.append(path.appending(model.children(of: item).count))
      nowhere.append(path.appending(-1))
    }
    for path in nowhere {
      let found = snapshot.item(at: path)
      expect(found == nil, "item(at: \(path)) is \(show(found)) for a path that names nothing")
    }

    // Every row, and rows out of range.
    for (row, item) in visible.enumerated() {
      let found = snapshot.item(atRow: row)
      expect(found == item, "item(atRow: \(row)) \(show(found)) != model \(item)")
    }
    for row in [-1, visible.count, visible.count + 1, Int.max, Int.min] {
      let found = snapshot.item(atRow: row)
      expect(found == nil, "item(atRow: \(row)) is \(show(found)) for a row out of range")
    }

    // The index: the same tree, .flat, every item known.
    let index = snapshot.index
    expect(index.layout == .flat, "index.layout is \(index.layout), not .flat")
    expect(index.numberOfRows == visible.count, "index.numberOfRows \(index.numberOfRows) != model \(visible.count)")
    expect(
      index.numberOfSubitems(of: nil) == model.rootItems.count,
      "index.numberOfSubitems(of: nil) \(show(index.numberOfSubitems(of: nil))) != model \(model.rootItems.count)")
    for (row, item) in visible.enumerated() {
      let path = model.treePath(of: item)!
      let table = index.tableIndexPath(fromTreePath: path)
      expect(table == IndexPath(indexes: [0, row]), "index.tableIndexPath(fromTreePath: \(path)) \(show(table)) != [0, \(row)]")
      let back = index.treeIndexPath(fromTablePath: IndexPath(indexes: [0, row]))
      expect(back == path, "index.treeIndexPath(fromTablePath: [0, \(row)]) \(show(back)) != \(path)")
    }
    for item in items {
      let path = model.treePath(of: item)!
      let count = index.numberOfSubitems(of: path)
      expect(
        count == model.children(of: item).count,
        "index.numberOfSubitems(of: \(path)) \(show(count)) != model \(model.children(of: item).count) (item \(item))")
      expect(
        index.isExpanded(path) == model.isExpanded(item),
        "index.isExpanded(\(path)) \(index.isExpanded(path)) != model \(model.isExpanded(item)) (item \(item))")
    }

    // A sub-snapshot, both ways.
    if let probe {
      for includingParent in [false, true] {
        let sub = snapshot.snapshot(of: probe, includingParent: includingParent)
        let modelSub = model.snapshot(of: probe, includingParent: includingParent)
        let subProblems = contentMismatches(sub, modelSub)
        problems += subProblems.map { "snapshot(of: \(probe), includingParent: \(includingParent)): " + $0 }
      }
    }

    // visualDescription: one line per item.
    let lines = snapshot.visualDescription().split(separator: "\n", omittingEmptySubsequences: true)
    expect(lines.count == items.count, "visualDescription() has \(lines.count) lines for \(items.count) items")
    if lines.count == items.count {
      // Indented by level: one indentation per level, deeper is further in.
      var indents: [Int: Int] = [:]
      for (line, item) in zip(lines, items) {
        let indent = line.prefix { $0 == " " || $0 == "\t" }.count
        let level = model.level(of: item)!
        expect(indents[level, default: indent] == indent, "visualDescription() indents level \(level) unevenly")
        indents[level] = indent
        expect(line.contains("\(item)"), "visualDescription() line \"\(line)\" does not name \(item)")
      }
      let byLevel = indents.sorted { $0.key < $1.key }.map(\.value)
      expect(byLevel == byLevel.sorted() && Set(byLevel).count == byLevel.count, "visualDescription() indents \(indents)")
    }

    // ==, both ways, with the same content built from scratch.
    let rebuilt = model.makeSnapshot()
    expect(snapshot == rebuilt && rebuilt == snapshot, "the snapshot is not == to its content built from scratch")
    return problems
  }

  /// The mismatches of content only (items, structure, expansion, ==): for
  /// sub-snapshots and decoded values.
  static func contentMismatches(_ snapshot: TreeSnapshot<Int>, _ model: ModelSnapshot) -> [String] {
    var problems: [String] = []
    let items = Array(snapshot.items)
    if items != model.items { problems.append("items \(items) != model \(model.items)") }
    if Array(snapshot.visibleItems) != model.visibleItems {
      problems.append("visibleItems \(Array(snapshot.visibleItems)) != model \(model.visibleItems)")
    }
    for item in model.items {
      if snapshot.parent(of: item) != model.parent(of: item) {
        problems.append("parent(of: \(item)) \(show(snapshot.parent(of: item))) != model \(show(model.parent(of: item)))")
      }
      if snapshot.isExpanded(item) != model.isExpanded(item) {
        problems.append("isExpanded(\(item)) \(snapshot.isExpanded(item)) != model \(model.isExpanded(item))")
      }
    }
    if snapshot != model.makeSnapshot() { problems.append("not == to the model's content built from scratch") }
    return problems
  }

  @discardableResult
  static func check(
    _ snapshot: TreeSnapshot<Int>, matches model: ModelSnapshot, unknown: [Int] = [], probe: Int? = nil,
    context: @autoclosure () -> String, sourceLocation: SourceLocation = #_sourceLocation
  ) -> Bool {
    report(
      mismatches(snapshot, model, unknown: unknown, probe: probe), context, { "model:\n\(model)" }, sourceLocation)
  }
}
