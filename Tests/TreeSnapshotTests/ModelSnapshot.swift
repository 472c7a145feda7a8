import Foundation
import TreeDataSource

/// What the model expects a refused call to throw: the fields of a
/// `TreeSnapshotError`, with the identifier at fault as an `Int`.
struct ExpectedError: Error, Equatable, CustomStringConvertible {
  var operation: TreeSnapshotError.Operation
  var item: Int
  var reason: TreeSnapshotError.Reason

  init(_ operation: TreeSnapshotError.Operation, _ item: Int, _ reason: TreeSnapshotError.Reason) {
    self.operation = operation
    self.item = item
    self.reason = reason
  }

  var description: String { "\(operation) \(item): \(reason)" }

  /// Whether `error` names this operation, identifier and reason.
  func matches(_ error: TreeSnapshotError) -> Bool {
    error.operation == operation && error.item == String(describing: item) && error.reason == reason
  }
}

/// The naive model of `TreeSnapshot<Int>` (the contract in
/// notes/snapshot-contract.md): an array of children per parent, a parent
/// per item, a set of expanded identifiers and a set of pending reloads.
/// Every query walks the whole tree; nothing is shared with the library.
struct ModelSnapshot: CustomStringConvertible, Sendable {
  private(set) var rootItems: [Int] = []
  /// Each item's parent (`nil` for a root item): the keys are the items.
  private(set) var parents: [Int: Int?] = [:]
  /// The children of each item that has any.
  private(set) var childLists: [Int: [Int]] = [:]
  private(set) var expanded: Set<Int> = []
  /// Items marked by `reloadItems` and still in the snapshot.
  private(set) var pendingReloads: Set<Int> = []

  init() {}

  // MARK: Queries

  var count: Int { parents.count }

  func contains(_ item: Int) -> Bool { parents[item] != nil }

  func parent(of item: Int) -> Int? { parents[item] ?? nil }

  func children(of item: Int?) -> [Int] {
    guard let item else { return rootItems }
    return childLists[item] ?? []
  }

  /// Every item, depth first.
  var items: [Int] {
    var result: [Int] = []
    func visit(_ item: Int) {
      result.append(item)
      for child in children(of: item) { visit(child) }
    }
    for root in rootItems { visit(root) }
    return result
  }

  /// The items of rows in the `.flat` layout, depth first.
  var visibleItems: [Int] {
    var result: [Int] = []
    func visit(_ item: Int) {
      result.append(item)
      if expanded.contains(item) { for child in children(of: item) { visit(child) } }
    }
    for root in rootItems { visit(root) }
    return result
  }

  /// The rows of a table, per section: one section of every visible item
  /// (`.flat`), or one section per root item with its visible descendants
  /// (`.sectioned`).
  func rows(_ layout: TreeIndex.Layout) -> [[Int]] {
    switch layout {
    case .flat: return [visibleItems]
    case .sectioned:
      return rootItems.map { root in
        var result: [Int] = []
        func visit(_ item: Int) {
          result.append(item)
          if expanded.contains(item) { for child in children(of: item) { visit(child) } }
        }
        if expanded.contains(root) { for child in children(of: root) { visit(child) } }
        return result
      }
    }
  }

  func isExpanded(_ item: Int) -> Bool { expanded.contains(item) }

  func isVisible(_ item: Int) -> Bool {
    guard contains(item) else { return false }
    guard let parent = parent(of: item) else { return true }
    return expanded.contains(parent) && isVisible(parent)
  }

  /// The item and its ancestors, the item first.
  func chain(of item: Int) -> [Int] {
    guard contains(item) else { return [] }
    var result = [item]
    while let parent = parent(of: result.last!) { result.append(parent) }
    return result
  }

  func level(of item: Int) -> Int? { contains(item) ? chain(of: item).count - 1 : nil }

  func treePath(of item: Int) -> TreePath? {
    guard contains(item) else { return nil }
    return TreePath(chain(of: item).reversed().map { children(of: parent(of: $0)).firstIndex(of: $0)! })
  }

  func item(at treePath: TreePath) -> Int? {
    guard !treePath.isEmpty else { return nil }
    var item: Int?
    for index in treePath {
      let siblings = children(of: item)
      guard index >= 0 && index < siblings.count else { return nil }
      item = siblings[index]
    }
    return item
  }

  func row(of item: Int) -> Int? { visibleItems.firstIndex(of: item) }

  /// Whether `item` is `ancestor` or beneath it.
  func isInSubtree(_ item: Int, of ancestor: Int) -> Bool { chain(of: item).contains(ancestor) }

  /// The items beneath `item`, not itself.
  func descendants(of item: Int) -> [Int] {
    var result: [Int] = []
    func visit(_ item: Int) {
      for child in children(of: item) {
        result.append(child)
        visit(child)
      }
    }
    visit(item)
    return result
  }

  /// `snapshot(of:includingParent:)`: `parent`'s children as root items, or
  /// `parent` as the only root item; empty for an unknown parent.
  func snapshot(of parent: Int, includingParent: Bool) -> ModelSnapshot {
    var result = ModelSnapshot()
    guard contains(parent) else { return result }
    result.graft(includingParent ? [parent] : children(of: parent), from: self, under: nil)
    return result
  }

  /// Same items, structure and expansion (pending reloads aside), as `==`.
  func hasSameContent(as other: ModelSnapshot) -> Bool {
    rootItems == other.rootItems && parents == other.parents && expanded == other.expanded
      && childLists.filter { !$0.value.isEmpty } == other.childLists.filter { !$0.value.isEmpty }
  }

  var description: String {
    var lines: [String] = []
    func visit(_ item: Int, _ depth: Int) {
      let marks = (expanded.contains(item) ? "+" : "") + (pendingReloads.contains(item) ? "*" : "")
      lines.append(String(repeating: "  ", count: depth) + "\(item)\(marks)")
      for child in children(of: item) { visit(child, depth + 1) }
    }
    for root in rootItems { visit(root, 0) }
    return lines.isEmpty ? "(empty)" : lines.joined(separator: "\n")
  }

  // MARK: Building a TreeSnapshot

  /// A `TreeSnapshot` of the same content built from scratch: one `append`
  /// per item in depth-first order, then `expand`, then `reloadItems`.
  func makeSnapshot() -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    for item in items {
      do { try snapshot.append([item], to: parent(of: item)) } catch { fatalError("building \(self): \(error)") }
    }
    snapshot.expand(items.filter { expanded.contains($0) })
    snapshot.reloadItems(items.filter { pendingReloads.contains($0) })
    return snapshot
  }

  // MARK: Mutations (the contract's error rules)

  /// Throws `duplicateItem` for the first of `items` (depth first for a
  /// `replaceChildren`) that is in the snapshot (outside `replaced`) or
  /// given twice.
  private func checkNew(
    _ items: [Int], _ operation: TreeSnapshotError.Operation, replaced: Set<Int> = []
  ) throws(ExpectedError) {
    var seen = Set<Int>()
    for item in items where (contains(item) && !replaced.contains(item)) || !seen.insert(item).inserted {
      throw ExpectedError(operation, item, .duplicateItem)
    }
  }

  private mutating func setChildren(of parent: Int?, _ children: [Int]) {
    if let parent { childLists[parent] = children.isEmpty ? nil : children } else { rootItems = children }
  }

  /// Takes `item` (with its subtree) out of its parent's children.
  private mutating func detach(_ item: Int) {
    let parent = parent(of: item)
    setChildren(of: parent, children(of: parent).filter { $0 != item })
  }

  private mutating func forget(_ item: Int) {
    for gone in [item] + descendants(of: item) {
      parents[gone] = nil
      childLists[gone] = nil
      expanded.remove(gone)
      pendingReloads.remove(gone)
    }
  }

  /// Adds `roots` with their subtrees and expansion, as in `source`, as
  /// the last children of `parent`.
  private mutating func graft(_ roots: [Int], from source: ModelSnapshot, under parent: Int?) {
    setChildren(of: parent, children(of: parent) + roots)
    for root in roots {
      parents[root] = .some(parent)
      for item in [root] + source.descendants(of: root) {
        if item != root { parents[item] = .some(source.parent(of: item)) }
        let children = source.children(of: item)
        childLists[item] = children.isEmpty ? nil : children
        if source.expanded.contains(item) { expanded.insert(item) }
      }
    }
  }

  mutating func append(_ items: [Int], to parent: Int?) throws(ExpectedError) {
    if let parent, !contains(parent) { throw ExpectedError(.append, parent, .unknownItem) }
    try checkNew(items, .append)
    for item in items { parents[item] = .some(parent) }
    setChildren(of: parent, children(of: parent) + items)
  }

  mutating func insert(_ items: [Int], next reference: Int, after: Bool) throws(ExpectedError) {
    guard contains(reference) else { throw ExpectedError(.insert, reference, .unknownItem) }
    try checkNew(items, .insert)
    let parent = parent(of: reference)
    var siblings = children(of: parent)
    siblings.insert(contentsOf: items, at: siblings.firstIndex(of: reference)! + (after ? 1 : 0))
    for item in items { parents[item] = .some(parent) }
    setChildren(of: parent, siblings)
  }

  mutating func delete(_ items: [Int]) {
    for item in items where contains(item) {
      detach(item)
      forget(item)
    }
  }

  mutating func deleteAll() { self = ModelSnapshot() }

  mutating func move(_ item: Int, next other: Int, after: Bool) throws(ExpectedError) {
    guard contains(item) else { throw ExpectedError(.move, item, .unknownItem) }
    guard contains(other) else { throw ExpectedError(.move, other, .unknownItem) }
    if item == other { return }
    if isInSubtree(other, of: item) { throw ExpectedError(.move, item, .moveIntoOwnSubtree) }
    detach(item)
    let parent = parent(of: other)
    var siblings = children(of: parent)
    siblings.insert(item, at: siblings.firstIndex(of: other)! + (after ? 1 : 0))
    parents[item] = .some(parent)
    setChildren(of: parent, siblings)
  }

  mutating func move(_ item: Int, to parent: Int?, at index: Int) throws(ExpectedError) {
    guard contains(item) else { throw ExpectedError(.move, item, .unknownItem) }
    if let parent {
      guard contains(parent) else { throw ExpectedError(.move, parent, .unknownItem) }
      if isInSubtree(parent, of: item) { throw ExpectedError(.move, item, .moveIntoOwnSubtree) }
    }
    var siblings = children(of: parent).filter { $0 != item }
    guard index >= 0 && index <= siblings.count else {
      throw ExpectedError(.move, item, .indexOutOfRange(index: index, count: siblings.count))
    }
    detach(item)
    siblings.insert(item, at: index)
    parents[item] = .some(parent)
    setChildren(of: parent, siblings)
  }

  mutating func replaceChildren(of parent: Int, using source: ModelSnapshot) throws(ExpectedError) {
    guard contains(parent) else { throw ExpectedError(.replaceChildren, parent, .unknownItem) }
    try checkNew(source.items, .replaceChildren, replaced: Set(descendants(of: parent)))
    for child in children(of: parent) { forget(child) }
    setChildren(of: parent, [])
    graft(source.rootItems, from: source, under: parent)
  }

  mutating func expand(_ items: [Int]) { expanded.formUnion(items.filter(contains)) }

  mutating func collapse(_ items: [Int]) { expanded.subtract(items) }

  mutating func reloadItems(_ items: [Int]) { pendingReloads.formUnion(items.filter(contains)) }

  /// Forgets the pending reloads (a snapshot built without marks).
  mutating func removePendingReloads() { pendingReloads = [] }
}
