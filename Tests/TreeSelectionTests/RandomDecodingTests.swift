import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// Random selections made through the API (`SelectionRun`), encoded, their
// JSON changed at random — answers reordered, repeated, dropped, emptied or
// not options; entries dropped, added for unknown items or outside the item
// open for editing; items checked that are no check toggles, or beside a
// checked child of a single-selection group; the item open for editing
// changed — and decoded. The rules the API keeps are judged here, on the
// naive `SelectionModel`, from the changed JSON: a document that breaks one
// must throw `DecodingError.dataCorrupted` naming an item; any other must
// decode to the selection the model holds, and behave as it does — every
// state, count and result, saving and cancelling the session, and packaged
// filters that restore.

/// The results of one item as the changed JSON gives them.
private typealias Entry = SelectionModel.Entry

/// A selection's encoding as a JSON object, and the changes made to it.
private struct Document {
  var object: [String: Any]

  func entries(_ key: String) -> [Int: Entry]? {
    guard let entries = object[key] as? [String: [String: Any]] else { return nil }
    var result: [Int: Entry] = [:]
    for (item, entry) in entries {
      result[Int(item)!] = Entry(
        isChecked: entry["isChecked"] as? Bool ?? false, results: entry["results"] as? [String] ?? [])
    }
    return result
  }

  mutating func setEntries(_ entries: [Int: Entry]?, _ key: String) {
    object[key] = entries.map { entries in
      Dictionary(
        uniqueKeysWithValues: entries.map { item, entry in
          (String(item), ["isChecked": entry.isChecked, "results": entry.results] as [String: Any])
        })
    }
  }

  var editedItem: Int? {
    get { object["editedItem"] as? Int }
    set { object["editedItem"] = newValue }
  }
}

/// The kinds of change, by name, as the counts name them.
private let changeKinds = [
  "reorder", "repeat answer", "drop entry", "drop answer", "outside the session", "unknown item", "empty text",
  "second checked child", "check a non-toggle", "not an option", "other edited item", "new answers", "empty entry",
]

/// One random change to `document`, made on `model`'s tree; returns its
/// kind.
private func randomChange(
  of document: inout Document, in model: SelectionModel, using random: inout SeededGenerator
) -> String {
  let items = model.snapshot.items
  let kind = Int.random(in: 0..<changeKinds.count, using: &random)
  let key = document.editedItem != nil && Bool.random(using: &random) ? "working" : "saved"
  var entries = document.entries(key) ?? [:]
  let someItem = items.randomElement(using: &random) ?? 10_000
  let existing = entries.keys.sorted().randomElement(using: &random)
  func options(_ item: Int) -> [String] {
    let interaction = model.interaction(item)
    if case .freeText = interaction { return ["6 months", "hello"] }
    return interaction.options
  }
  switch kind {
  case 0:
    if let item = existing { entries[item]!.results.shuffle(using: &random) }
  case 1:
    if let item = existing, let answer = entries[item]!.results.randomElement(using: &random) {
      entries[item]!.results.append(answer)
    }
  case 2:
    if let item = existing { entries[item] = nil }
  case 3:
    if let item = existing, !entries[item]!.results.isEmpty {
      entries[item]!.results.remove(at: Int.random(in: entries[item]!.results.indices, using: &random))
    }
  case 4:
    guard let session = document.editedItem, model.snapshot.contains(session) else { break }
    let inside = Set(model.subtree(session))
    guard let item = items.filter({ !inside.contains($0) }).randomElement(using: &random) else { break }
    var saved = document.entries("saved")?[item] ?? Entry()
    switch Int.random(in: 0..<3, using: &random) {
    case 0: saved.isChecked = false  // what checking inside may do
    case 1: saved.isChecked.toggle()
    default: saved.results = options(item).filter { _ in Bool.random(using: &random) }
    }
    var working = document.entries("working") ?? [:]
    working[item] = saved
    document.setEntries(working, "working")
    return changeKinds[kind]
  case 5:
    entries[10_000 + Int.random(in: 0..<3, using: &random)] = Entry(isChecked: Bool.random(using: &random))
  case 6:
    let item = existing ?? someItem
    if Bool.random(using: &random) {
      entries[item, default: Entry()].results = [""]
    } else {
      entries[item, default: Entry()].results.append("")
    }
  case 7:
    let groups = items.filter { model.isSingle($0) && model.snapshot.children(of: $0).count > 1 }
    if let group = groups.randomElement(using: &random),
      let toggle = model.snapshot.children(of: group).flatMap({ model.toggles(in: $0) }).randomElement(using: &random)
    {
      entries[toggle, default: Entry()].isChecked = true
    }
  case 8:
    entries[someItem, default: Entry()].isChecked = true
  case 9:
    entries[existing ?? someItem, default: Entry()].results.append("unknown")
  case 10:
    switch Int.random(in: 0..<4, using: &random) {
    case 0: document.editedItem = 10_000
    case 1: document.editedItem = nil
    default: document.editedItem = someItem
    }
    return changeKinds[kind]
  case 11:
    entries[someItem, default: Entry()].results = options(someItem).filter { _ in Bool.random(using: &random) }
      .shuffled(using: &random)
  default:
    entries[someItem] = Entry()
  }
  document.setEntries(entries, key)
  return changeKinds[kind]
}

/// Whether `results` may be the results of an item with `interaction`,
/// in any order: the rules the API keeps, judged naively.
private func mayHold(_ results: [String], _ interaction: SelectionModel.Interaction) -> Bool {
  if results.isEmpty { return true }
  switch interaction {
  case .group, .checkToggle: return false
  case .freeText: return results.count == 1 && results[0] != ""
  case .checklist(let options), .singleChoice(let options):
    guard results.allSatisfy(options.contains), Set(results).count == results.count else { return false }
    if case .singleChoice = interaction { return results.count == 1 }
    return true
  }
}

/// The model `document` describes, or `nil` when it breaks a rule the API
/// keeps.
private func expectedModel(of document: Document, over model: SelectionModel) -> SelectionModel? {
  var expected = SelectionModel(model.snapshot, interactions: model.interactions)
  guard let saved = document.entries("saved") else { return nil }
  let working = document.entries("working")
  func normalized(_ entries: [Int: Entry]) -> [Int: Entry]? {
    var result: [Int: Entry] = [:]
    for (item, entry) in entries {
      guard expected.snapshot.contains(item) else { return nil }
      let interaction = expected.interaction(item)
      guard !entry.isChecked || interaction.isCheckToggle, mayHold(entry.results, interaction) else { return nil }
      let chosen = Set(entry.results)
      let ordered = interaction.options.isEmpty ? entry.results : interaction.options.filter(chosen.contains)
      result[item] = Entry(isChecked: entry.isChecked, results: ordered)
    }
    return result
  }
  func singleSelectionHolds(_ model: SelectionModel) -> Bool {
    model.snapshot.items.allSatisfy { group in
      !model.isSingle(group) || model.snapshot.children(of: group).filter { model.checkedCount(in: $0) > 0 }.count <= 1
    }
  }
  guard let savedEntries = normalized(saved) else { return nil }
  expected.saved = savedEntries.filter { $0.value != Entry() }
  guard singleSelectionHolds(expected) else { return nil }
  guard let session = document.editedItem else { return working?.isEmpty ?? true ? expected : nil }
  guard expected.snapshot.contains(session), let workingEntries = normalized(working ?? [:]) else { return nil }
  let inside = Set(expected.subtree(session))
  for (item, entry) in workingEntries where !inside.contains(item) {
    let old = expected.saved[item] ?? Entry()
    guard entry.results == old.results, !entry.isChecked || old.isChecked else { return nil }
  }
  expected.session = session
  expected.working = expected.saved.merging(workingEntries) { _, new in new }
  return singleSelectionHolds(expected) ? expected : nil
}

/// What the random runs found, by outcome.
private struct DecodingCounts {
  var tried = 0
  var refused = 0
  var decoded = 0
  var equalToTheOriginal = 0
  var byKind: [String: (refused: Int, decoded: Int)] = [:]
}

/// Changes and decodes the encoding of `run`'s selection `rounds` times,
/// checking each outcome.
private func checkChangedEncodings(
  of run: SelectionRun, rounds: Int, using random: inout SeededGenerator, counts: inout DecodingCounts
) throws {
  let original = try #require(try JSONSerialization.jsonObject(with: JSONEncoder().encode(run.selection)) as? [String: Any])
  for round in 0..<rounds {
    var document = Document(object: original)
    var kinds: [String] = []
    for _ in 0..<Int.random(in: 1...3, using: &random) {
      kinds.append(randomChange(of: &document, in: run.model, using: &random))
    }
    let label = "seed \(run.seed), round \(round), changes \(kinds)"
    let data = try JSONSerialization.data(withJSONObject: document.object)
    let expected = expectedModel(of: document, over: run.model)
    counts.tried += 1
    let decoded: TreeSelection<Int>
    do {
      decoded = try JSONDecoder().decode(TreeSelection<Int>.self, from: data)
    } catch DecodingError.dataCorrupted(let context) {
      counts.refused += 1
      for kind in kinds { counts.byKind[kind, default: (0, 0)].refused += 1 }
      #expect(expected == nil, "\(label): refused (\(context.debugDescription)), but the API could have made it")
      let items = run.model.snapshot.items + (10_000..<10_003)
      #expect(
        items.contains { context.debugDescription.contains("\"\($0)\"") },
        "\(label): \(context.debugDescription) names no item")
      continue
    } catch {
      Issue.record("\(label): threw \(error), not DecodingError.dataCorrupted")
      continue
    }
    counts.decoded += 1
    for kind in kinds { counts.byKind[kind, default: (0, 0)].decoded += 1 }
    guard let expected else {
      Issue.record("\(label): decoded a selection the API could not have made")
      continue
    }
    func nonEmpty(_ entries: [Int: Entry]?) -> [Int: Entry]? { entries?.filter { $0.value != Entry() } }
    if nonEmpty(expected.saved) == nonEmpty(run.model.saved) && expected.session == run.model.session
      && nonEmpty(expected.working) == nonEmpty(run.model.working)
    {
      counts.equalToTheOriginal += 1
      #expect(decoded == run.selection, "\(label)")
    }
    try checkBehaviour(of: decoded, as: expected, in: run, label)
  }
}

/// `selection` behaves as `model` does: its states, counts and results;
/// its encoding; saving and cancelling; its packaged filters restored.
private func checkBehaviour(
  of selection: TreeSelection<Int>, as model: SelectionModel, in run: SelectionRun, _ context: String
) throws {
  var check = run
  check.selection = selection
  check.model = model
  check.compare(context)
  let again = try JSONDecoder().decode(TreeSelection<Int>.self, from: JSONEncoder().encode(selection))
  #expect(again == selection, "\(context): the decoded selection does not survive coding")
  var saved = check
  if model.session != nil {
    try saved.selection.saveEditing()
    try saved.model.saveEditing()
    saved.compare(context + ", saved")
    var cancelled = check
    cancelled.selection.cancelEditing()
    cancelled.model.cancelEditing()
    cancelled.compare(context + ", cancelled")
  }
  let filters = saved.selection.packagedFilters(naming: run.name)
  var restored = saved.selection
  restored.clear()
  try restored.restore(from: PackagedFilter.filters(fromJSON: PackagedFilter.jsonData(for: filters))) { "item \($0)" }
  #expect(restored.packagedFilters(naming: run.name) == filters, "\(context): packaged filters")
  #expect(check.failures == 0 && saved.failures == 0, "\(context)")
}

@Suite struct RandomDecodingTests {
  /// Random selections, changed encodings: each is refused naming an item
  /// exactly when it breaks a rule, and otherwise decodes to what the
  /// model says and behaves so. Both outcomes are reached for every kind
  /// of change.
  @Test func changedEncodingsAreRefusedOrDecodeAsTheAPIWouldHaveMadeThem() throws {
    var counts = DecodingCounts()
    for seed in 3_000..<UInt64(3_000 + LongTests.choose(short: 24, long: 200)) {
      var run = try SelectionRun(seed: seed, size: 8 + Int(seed % 24))
      var random = SeededGenerator(seed: seed &* 31 &+ 7)
      for _ in 0..<8 {
        for _ in 0..<Int.random(in: 5...40, using: &random) { run.randomStep() }
        try checkChangedEncodings(of: run, rounds: 12, using: &random, counts: &counts)
      }
    }
    #expect(counts.refused > counts.tried / 10 && counts.decoded > counts.tried / 10, "\(counts)")
    #expect(counts.equalToTheOriginal > 0, "\(counts)")
    for kind in changeKinds {
      let seen = counts.byKind[kind, default: (0, 0)]
      #expect(seen.refused > 0 && seen.decoded > 0, "\(kind): \(seen)")
    }
  }
}
