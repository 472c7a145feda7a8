import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// Random sequences of check, uncheck, toggle, answer, edit, save, cancel,
// clear, interaction changes and new trees, applied to a `TreeSelection<Int>`
// and to the naive `SelectionModel` side by side. After every step every
// item's state, counts and results are compared; a refused call must give
// the model's reason and leave the selection == to a copy taken before.

/// The options the random questions offer.
private let checklistOptions = ["a", "b", "c", "d"]
private let choiceOptions = ["x", "y", "z"]
private let texts = ["", "6 months", "2 years", "hello"]

/// A random run on one seed.
struct SelectionRun {
  typealias Interaction = TreeSelection<Int>.Interaction

  let seed: UInt64
  var random: SeededGenerator
  var selection: TreeSelection<Int>
  var model: SelectionModel
  var step = 0
  var nextItem: Int
  var refusals: [String: Int] = [:]
  var failures = 0

  init(seed: UInt64, size: Int) throws {
    self.seed = seed
    random = SeededGenerator(seed: seed)
    var snapshot = TreeSnapshot<Int>()
    for item in 0..<size {
      let parent = item == 0 || Int.random(in: 0..<4, using: &random) == 0 ? nil : Int.random(in: 0..<item, using: &random)
      try snapshot.append([item], to: parent)
    }
    nextItem = size
    var interactions: [Int: Interaction] = [:]
    for item in 0..<size {
      if let interaction = Self.randomInteraction(for: item, in: snapshot, using: &random) {
        interactions[item] = interaction
      }
    }
    selection = try TreeSelection(snapshot, interactions: interactions)
    model = SelectionModel(snapshot, interactions: interactions)
  }

  static func randomInteraction(
    for item: Int, in snapshot: TreeSnapshot<Int>, using random: inout SeededGenerator
  ) -> Interaction? {
    let roll = Int.random(in: 0..<20, using: &random)
    if !snapshot.children(of: item).isEmpty {
      switch roll {
      case 0..<4: return .group(selection: .single)
      case 4..<7: return .group(filter: .init(key: "K\(item % 3)", value: "V\(item % 3)"))
      case 7: return .checkToggle
      default: return nil
      }
    }
    switch roll {
    case 0..<3: return .checklist(options: checklistOptions)
    case 3..<5: return .singleChoice(options: choiceOptions)
    case 5..<7: return .freeText
    case 7: return .group()
    default: return nil
    }
  }

  func name(_ item: Int) -> String { "item \(item)" }

  mutating func fail(_ message: String, _ context: String) {
    failures += 1
    Issue.record(Comment(rawValue: "seed \(seed), step \(step): \(context)\n  - \(message)"))
  }

  /// An item of the tree, or now and then one it does not hold.
  mutating func randomItem() -> Int {
    let items = model.snapshot.items
    if items.isEmpty || Int.random(in: 0..<30, using: &random) == 0 { return -1 }
    return items.randomElement(using: &random)!
  }

  mutating func randomResults(for item: Int) -> [String] {
    let roll = Int.random(in: 0..<10, using: &random)
    switch model.interaction(item) {
    case .freeText:
      return roll == 0 ? ["6 months", "2 years"] : [texts.randomElement(using: &random)!]
    case .singleChoice:
      return roll == 0 ? ["x", "y"] : roll == 1 ? [] : [choiceOptions.randomElement(using: &random)!]
    default:
      var results = checklistOptions.filter { _ in Bool.random(using: &random) }.shuffled(using: &random)
      if roll == 0 { results.append("unknown") }
      if roll == 1, let first = results.first { results.append(first) }
      return results
    }
  }

  /// The item of an editing session: a question, or now and then a group.
  mutating func randomSessionItem() -> Int {
    let questions = model.snapshot.items.filter { model.interaction($0).takesAnswers }
    if let question = questions.randomElement(using: &random), Bool.random(using: &random) { return question }
    return randomItem()
  }

  /// A new tree: some items deleted, some moved, some inserted.
  mutating func randomSnapshot() -> TreeSnapshot<Int> {
    var snapshot = model.snapshot
    for _ in 0..<Int.random(in: 1...4, using: &random) {
      let items = snapshot.items
      let roll = Int.random(in: 0..<3, using: &random)
      if roll == 0, let item = items.randomElement(using: &random) {
        snapshot.delete([item])
      } else if roll == 1, let item = items.randomElement(using: &random) {
        let parent = Bool.random(using: &random) ? nil : items.randomElement(using: &random)
        try? snapshot.move(item, to: parent, at: 0)
      } else {
        let parent = Bool.random(using: &random) ? nil : items.randomElement(using: &random)
        try? snapshot.append([nextItem], to: parent)
        nextItem += 1
      }
    }
    return snapshot
  }

  /// One random call on both, then every comparison.
  mutating func randomStep() {
    step += 1
    let before = selection
    var modelAfter = model
    var context = ""
    var expected: SelectionModel.Refusal?
    var thrown: TreeSelectionError?
    func run(
      _ modelCall: (inout SelectionModel) throws(SelectionModel.Refusal) -> Void, _ call: () throws(TreeSelectionError) -> Void
    ) {
      do { try modelCall(&modelAfter) } catch { expected = error }
      do { try call() } catch { thrown = error }
    }
    let roll = Int.random(in: 0..<100, using: &random)
    switch roll {
    case 0..<20:
      let item = randomItem()
      context = "toggle(\(item))"
      run(
        { m throws(SelectionModel.Refusal) in try m.toggle(item) },
        { () throws(TreeSelectionError) in try selection.toggle(item) })
    case 20..<28:
      let item = randomItem()
      context = "check(\(item))"
      run(
        { m throws(SelectionModel.Refusal) in try m.check(item) }, { () throws(TreeSelectionError) in try selection.check(item) })
    case 28..<34:
      let item = randomItem()
      context = "uncheck(\(item))"
      run(
        { m throws(SelectionModel.Refusal) in try m.uncheck(item) },
        { () throws(TreeSelectionError) in try selection.uncheck(item) })
    case 34..<48:
      let item = Bool.random(using: &random) ? (model.session ?? randomItem()) : randomItem()
      let results = model.snapshot.contains(item) ? randomResults(for: item) : ["a"]
      context = "setResults(\(results), for: \(item))"
      run(
        { m throws(SelectionModel.Refusal) in try m.setResults(results, for: item) },
        { () throws(TreeSelectionError) in try selection.setResults(results, for: item) })
    case 48..<56:
      let item = Bool.random(using: &random) ? (model.session ?? randomItem()) : randomItem()
      let option = (checklistOptions + choiceOptions).randomElement(using: &random)!
      context = "toggle(option: \(option), for: \(item))"
      run(
        { m throws(SelectionModel.Refusal) in try m.toggle(option: option, for: item) },
        { () throws(TreeSelectionError) in try selection.toggle(option: option, for: item) })
    case 56..<66:
      let item = randomSessionItem()
      context = "beginEditing(\(item))"
      run(
        { m throws(SelectionModel.Refusal) in try m.beginEditing(item) },
        { () throws(TreeSelectionError) in try selection.beginEditing(item) })
    case 66..<73:
      context = "saveEditing()"
      run(
        { m throws(SelectionModel.Refusal) in try m.saveEditing() },
        { () throws(TreeSelectionError) in try selection.saveEditing() })
    case 73..<78:
      context = "cancelEditing()"
      run(
        { m throws(SelectionModel.Refusal) in m.cancelEditing() }, { () throws(TreeSelectionError) in selection.cancelEditing() })
    case 78..<84:
      context = "clear()"
      run({ m throws(SelectionModel.Refusal) in m.clear() }, { () throws(TreeSelectionError) in selection.clear() })
    case 84..<90:
      let item = randomItem()
      let interaction: Interaction
      if Int.random(in: 0..<8, using: &random) == 0 {
        interaction = .checklist(options: ["a", "a"])
      } else {
        interaction = Self.randomInteraction(for: item, in: model.snapshot, using: &random) ?? .checkToggle
      }
      context = "setInteraction(\(interaction), for: \(item))"
      run(
        { m throws(SelectionModel.Refusal) in try m.setInteraction(interaction, for: item) },
        { () throws(TreeSelectionError) in try selection.setInteraction(interaction, for: item) })
    default:
      let snapshot = randomSnapshot()
      context = "apply(a snapshot of \(snapshot.count) items)"
      run(
        { m throws(SelectionModel.Refusal) in m.apply(snapshot) }, { () throws(TreeSelectionError) in selection.apply(snapshot) })
    }
    switch (expected, thrown) {
    case (nil, nil):
      model = modelAfter
    case (let expected?, nil):
      fail("should have thrown \(expected.reason) but returned", context)
      selection = before
    case (nil, let thrown?):
      fail("threw \(thrown) but should not have", context)
      selection = before
    case (let expected?, let thrown?):
      let reason = String(describing: thrown.reason).prefix { $0 != "(" }
      refusals[String(reason), default: 0] += 1
      if reason != expected.reason { fail("threw \(thrown) (\(reason)), the model \(expected.reason)", context) }
      if selection != before { fail("a refused call changed the selection", context) }
    }
    compare(context)
  }

  /// Every item's state, counts and results, and the packaged filters.
  mutating func compare(_ context: String) {
    if selection.snapshot != model.snapshot { fail("the snapshots differ", context) }
    if selection.editedItem != model.session {
      fail("edited item \(String(describing: selection.editedItem)), model \(String(describing: model.session))", context)
    }
    for item in model.snapshot.items {
      let state = selection.checkState(of: item)
      let expectedState = model.checkState(of: item)
      if state != expectedState { fail("item \(item): state \(state), model \(expectedState)", context) }
      if selection.checkedCount(in: item) != model.checkedCount(in: item) {
        fail("item \(item): checked \(selection.checkedCount(in: item)), model \(model.checkedCount(in: item))", context)
      }
      if selection.checkableCount(in: item) != model.toggles(in: item).count {
        fail("item \(item): checkable \(selection.checkableCount(in: item)), model \(model.toggles(in: item).count)", context)
      }
      if selection.answeredCount(in: item) != model.answeredCount(in: item) {
        fail("item \(item): answered \(selection.answeredCount(in: item)), model \(model.answeredCount(in: item))", context)
      }
      if selection.selectedCount(in: item) != model.checkedCount(in: item) + model.answeredCount(in: item) {
        fail("item \(item): selected count", context)
      }
      if selection.results(of: item) != model.entry(item).results {
        fail("item \(item): results \(selection.results(of: item)), model \(model.entry(item).results)", context)
      }
      if selection.savedResults(of: item) != (model.saved[item]?.results ?? []) {
        fail("item \(item): saved results \(selection.savedResults(of: item))", context)
      }
      if selection.interaction(of: item) != model.interaction(item) { fail("item \(item): interaction", context) }
    }
    let filters = selection.packagedFilters(naming: name)
    let expectedFilters = model.packagedFilters(naming: name)
    if filters != expectedFilters { fail("packaged filters \(filters), model \(expectedFilters)", context) }
  }
}

@Suite struct RandomSelectionTests {
  @Test(arguments: 0..<UInt64(LongTests.choose(short: 24, long: 100)))
  func randomCallsMatchTheNaiveModel(seed: UInt64) throws {
    var run = try SelectionRun(seed: seed, size: 6 + Int(seed % 30))
    for _ in 0..<LongTests.choose(short: 300, long: 2_000) where run.failures < 5 {
      run.randomStep()
    }
  }

  /// The runs reach every kind of refusal, so the comparisons of refused
  /// calls are not vacuous.
  @Test func theRunsReachEveryRefusal() throws {
    var seen: [String: Int] = [:]
    for seed in 1_000..<UInt64(1_012) {
      var run = try SelectionRun(seed: seed, size: 20)
      for _ in 0..<400 { run.randomStep() }
      seen.merge(run.refusals, uniquingKeysWith: +)
    }
    for reason in [
      "unknownItem", "sessionAlreadyOpen", "noEditingSession", "outsideEditingSession", "notCheckable",
      "singleSelectionConflict", "notAnswerable", "invalidResults", "invalidInteraction",
    ] {
      #expect(seen[reason, default: 0] > 0, "no call was refused with \(reason): \(seen)")
    }
  }
}

@Suite struct RandomPackagedFilterTests {
  /// After random calls, packaging the saved results, writing them as
  /// JSON, reading them back and restoring them into a cleared copy gives
  /// the same saved results for every item under a filter group.
  @Test(arguments: 100..<UInt64(LongTests.choose(short: 116, long: 300)))
  func packagedFiltersRoundTrip(seed: UInt64) throws {
    var run = try SelectionRun(seed: seed, size: 24)
    for _ in 0..<200 { run.randomStep() }
    var selection = run.selection
    selection.cancelEditing()
    let filters = selection.packagedFilters(naming: run.name)
    let read = try PackagedFilter.filters(fromJSON: PackagedFilter.jsonData(for: filters))
    #expect(read == filters)
    var restored = selection
    restored.clear()
    try restored.restore(from: read) { "item \($0)" }
    #expect(restored.packagedFilters(naming: run.name) == filters)
    // Every item under a filter group has its saved results back.
    for item in selection.snapshot.items where run.model.packagedFiltersOwner(of: item) != nil {
      #expect(restored.savedResults(of: item) == selection.savedResults(of: item), "seed \(seed), item \(item)")
      if selection.interaction(of: item)?.isCheckToggle == true, selection.checkableCount(in: item) == 1 {
        #expect(restored.checkState(of: item) == selection.checkState(of: item), "seed \(seed), item \(item)")
      }
    }
  }
}
