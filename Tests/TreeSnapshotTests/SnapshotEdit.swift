import Foundation
import TreeDataSource
import TreeIndexTestSupport

/// One mutation of a `TreeSnapshot<Int>`, applied alike to the snapshot and
/// to the model.
enum SnapshotEdit: CustomStringConvertible {
  case append([Int], to: Int?)
  case insert([Int], before: Int)
  case insertAfter([Int], after: Int)
  case delete([Int])
  case deleteAll
  case moveBefore(Int, before: Int)
  case moveAfter(Int, after: Int)
  case move(Int, to: Int?, at: Int)
  case replaceChildren(of: Int, using: ModelSnapshot)
  case expand([Int])
  case collapse([Int])
  case reload([Int])

  var description: String {
    func show(_ parent: Int?) -> String { parent.map { "\($0)" } ?? "nil" }
    switch self {
    case .append(let items, let parent): return "append(\(items), to: \(show(parent)))"
    case .insert(let items, let reference): return "insert(\(items), before: \(reference))"
    case .insertAfter(let items, let reference): return "insert(\(items), after: \(reference))"
    case .delete(let items): return "delete(\(items))"
    case .deleteAll: return "deleteAll()"
    case .moveBefore(let item, let other): return "move(\(item), before: \(other))"
    case .moveAfter(let item, let other): return "move(\(item), after: \(other))"
    case .move(let item, let parent, let index): return "move(\(item), to: \(show(parent)), at: \(index))"
    case .replaceChildren(let parent, let source):
      return "replaceChildren(of: \(parent), using: [\(source.description.replacingOccurrences(of: "\n", with: " | "))])"
    case .expand(let items): return "expand(\(items))"
    case .collapse(let items): return "collapse(\(items))"
    case .reload(let items): return "reloadItems(\(items))"
    }
  }

  /// Whether the edit can throw (the others never do).
  var canThrow: Bool {
    switch self {
    case .delete, .deleteAll, .expand, .collapse, .reload: return false
    default: return true
    }
  }

  func apply(to model: inout ModelSnapshot) throws(ExpectedError) {
    switch self {
    case .append(let items, let parent): try model.append(items, to: parent)
    case .insert(let items, let reference): try model.insert(items, next: reference, after: false)
    case .insertAfter(let items, let reference): try model.insert(items, next: reference, after: true)
    case .delete(let items): model.delete(items)
    case .deleteAll: model.deleteAll()
    case .moveBefore(let item, let other): try model.move(item, next: other, after: false)
    case .moveAfter(let item, let other): try model.move(item, next: other, after: true)
    case .move(let item, let parent, let index): try model.move(item, to: parent, at: index)
    case .replaceChildren(let parent, let source): try model.replaceChildren(of: parent, using: source)
    case .expand(let items): model.expand(items)
    case .collapse(let items): model.collapse(items)
    case .reload(let items): model.reloadItems(items)
    }
  }

  func apply(to snapshot: inout TreeSnapshot<Int>) throws {
    switch self {
    case .append(let items, let parent): try snapshot.append(items, to: parent)
    case .insert(let items, let reference): try snapshot.insert(items, before: reference)
    case .insertAfter(let items, let reference): try snapshot.insert(items, after: reference)
    case .delete(let items): snapshot.delete(items)
    case .deleteAll: snapshot.deleteAll()
    case .moveBefore(let item, let other): try snapshot.move(item, before: other)
    case .moveAfter(let item, let other): try snapshot.move(item, after: other)
    case .move(let item, let parent, let index): try snapshot.move(item, to: parent, at: index)
    case .replaceChildren(let parent, let source): try snapshot.replaceChildren(of: parent, using: source.makeSnapshot())
    case .expand(let items): snapshot.expand(items)
    case .collapse(let items): snapshot.collapse(items)
    case .reload(let items): snapshot.reloadItems(items)
    }
  }
}

/// Draws random edits and random snapshots over identifiers `0..<pool`.
struct EditGenerator {
  var rng: SeededGenerator
  /// Identifiers are drawn from `0..<pool`: new ones are those the model
  /// lacks, so identifiers come back after a deletion.
  var pool: Int
  /// Above this many items, edits lean towards deletion.
  var targetSize: Int

  init(seed: UInt64, pool: Int = 48, targetSize: Int = 32) {
    rng = SeededGenerator(seed: seed)
    self.pool = pool
    self.targetSize = targetSize
  }

  mutating func chance(_ percent: Int) -> Bool { Int.random(in: 0..<100, using: &rng) < percent }
  mutating func int(_ range: ClosedRange<Int>) -> Int { Int.random(in: range, using: &rng) }
  mutating func pick<T>(_ values: [T]) -> T? {
    values.isEmpty ? nil : values[Int.random(in: 0..<values.count, using: &rng)]
  }

  /// An identifier the model lacks (or, when the pool is full, any).
  mutating func freshItem(_ model: ModelSnapshot, avoiding taken: Set<Int> = []) -> Int {
    for _ in 0..<8 {
      let item = int(0...(pool - 1))
      if !model.contains(item) && !taken.contains(item) { return item }
    }
    var item = pool + int(0...(pool - 1))
    while model.contains(item) || taken.contains(item) { item += 1 }
    return item
  }

  /// An item of the model, or sometimes (`unknownPercent`) one it lacks.
  mutating func item(_ model: ModelSnapshot, _ items: [Int], unknownPercent: Int = 8) -> Int {
    if chance(unknownPercent) || items.isEmpty { return freshItem(model) }
    return pick(items)!
  }

  /// New identifiers for an insertion; with `clashPercent`, one is an item
  /// already there or given twice.
  mutating func newItems(_ model: ModelSnapshot, _ items: [Int], clashPercent: Int) -> [Int] {
    var result: [Int] = []
    var taken = Set<Int>()
    for _ in 0..<(chance(10) ? 0 : int(1...3)) {
      let item = freshItem(model, avoiding: taken)
      taken.insert(item)
      result.append(item)
    }
    if chance(clashPercent) {
      let clash = chance(50) && !result.isEmpty ? pick(result)! : item(model, items, unknownPercent: 0)
      result.insert(clash, at: int(0...result.count))
    }
    return result
  }

  /// A random forest over `0..<pool` (or `ids`), with random expansion.
  mutating func randomModel(size: Int, ids: [Int]? = nil, depth: Int = 4) -> ModelSnapshot {
    var model = ModelSnapshot()
    var candidates = (ids ?? Array(0..<pool)).shuffled(using: &rng)
    let count = min(size, candidates.count)
    candidates = Array(candidates.prefix(count))
    var placed: [Int] = []
    for item in candidates {
      let parent: Int? = chance(25) || placed.isEmpty ? nil : pick(placed)
      if let parent, (model.level(of: parent) ?? 0) >= depth {
        try? model.append([item], to: nil)
      } else {
        try? model.append([item], to: parent)
      }
      placed.append(item)
    }
    model.expand(placed.filter { _ in chance(60) })
    return model
  }

  /// A random edit: mostly valid, `invalidPercent` of them meant to be
  /// refused (duplicates, unknown items, moves into their own subtree,
  /// indices out of range, clashing replacements). The model decides.
  mutating func edit(
    _ model: ModelSnapshot, invalidPercent: Int, allowed: Set<Kind> = Set(Kind.allCases)
  ) -> SnapshotEdit {
    let items = model.items
    let bad = chance(invalidPercent)
    let unknownPercent = bad ? 40 : 0
    let clashPercent = bad ? 60 : 0
    var kind = pick(Array(allowed).sorted { $0.rawValue < $1.rawValue })!
    if items.count > targetSize && chance(40) && allowed.contains(.delete) { kind = .delete }
    if items.isEmpty && chance(70) && allowed.contains(.append) { kind = .append }
    switch kind {
    case .append:
      let parent: Int? = chance(30) ? nil : item(model, items, unknownPercent: unknownPercent)
      return .append(newItems(model, items, clashPercent: clashPercent), to: parent)
    case .insert:
      let reference = item(model, items, unknownPercent: unknownPercent)
      let new = newItems(model, items, clashPercent: clashPercent)
      return chance(50) ? .insert(new, before: reference) : .insertAfter(new, after: reference)
    case .delete:
      if chance(3) { return .deleteAll }
      return .delete((0..<int(1...3)).map { _ in item(model, items, unknownPercent: 15) })
    case .move:
      let moved = item(model, items, unknownPercent: unknownPercent / 2)
      let beneath = model.descendants(of: moved)
      // Into its own subtree, sometimes on purpose.
      let other =
        bad && !beneath.isEmpty && chance(50)
        ? pick(beneath)! : chance(6) ? moved : item(model, items, unknownPercent: unknownPercent / 2)
      switch int(0...2) {
      case 0: return .moveBefore(moved, before: other)
      case 1: return .moveAfter(moved, after: other)
      default:
        let parent: Int? = chance(25) ? nil : other
        var count = model.children(of: parent).count
        if model.parent(of: moved) == parent && model.contains(moved) { count -= 1 }
        let index = bad && chance(60) ? (chance(50) ? -int(1...2) : count + int(1...2)) : int(0...max(0, count))
        return .move(moved, to: parent, at: index)
      }
    case .replaceChildren:
      let parent = item(model, items, unknownPercent: unknownPercent)
      // Some of the new children are identifiers already beneath the parent
      // (allowed), or elsewhere in the snapshot (a clash).
      let beneath = model.descendants(of: parent)
      var ids: [Int] = []
      var taken = Set<Int>()
      for _ in 0..<int(0...5) {
        let id: Int
        if chance(40), let old = pick(beneath) {
          id = old
        } else if chance(clashPercent / 4), let clash = pick(items) {
          id = clash
        } else {
          id = freshItem(model, avoiding: taken)
        }
        if taken.insert(id).inserted { ids.append(id) }
      }
      return .replaceChildren(of: parent, using: randomModel(size: ids.count, ids: ids, depth: 2))
    case .expand:
      return .expand((0..<int(1...3)).map { _ in item(model, items, unknownPercent: 10) })
    case .collapse:
      return .collapse((0..<int(1...2)).map { _ in item(model, items, unknownPercent: 10) })
    case .reload:
      return .reload((0..<int(1...2)).map { _ in item(model, items, unknownPercent: 10) })
    }
  }

  /// The kinds of edits, for weighting and restricting.
  enum Kind: Int, CaseIterable, Hashable {
    case append, insert, delete, move, replaceChildren, expand, collapse, reload
  }
}
