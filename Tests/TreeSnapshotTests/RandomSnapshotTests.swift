import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

// Random mutations of a `TreeSnapshot<Int>` and of the naive
// `ModelSnapshot`, side by side. After every step every query is compared;
// a refused call must throw exactly the model's error and leave the
// snapshot == to a copy taken before, with the same answers to every query.
// A failure names its seed, step and edit.

/// A random run on one seed.
struct SnapshotRun {
  let seed: UInt64
  var generator: EditGenerator
  var snapshot = TreeSnapshot<Int>()
  var model = ModelSnapshot()
  var step = 0
  var failed = false
  var thrownCalls = 0
  /// The refused calls seen, as "operation reason" (the reason's case name).
  var thrownKinds: [String: Int] = [:]
  var invalidPercent = 15
  /// Whether every third step also checks `changes(from:)` against the
  /// snapshot before the step.
  var checksChanges = true

  init(seed: UInt64, pool: Int = 48, targetSize: Int = 32) {
    self.seed = seed
    generator = EditGenerator(seed: seed, pool: pool, targetSize: targetSize)
  }

  func context(_ edit: SnapshotEdit) -> String { "seed \(seed), step \(step): \(edit)" }

  mutating func fail(_ context: String, _ message: String, before: ModelSnapshot) {
    failed = true
    Issue.record(Comment(rawValue: context + "\n  - " + message + "\nmodel before:\n\(before)"))
  }

  /// A few identifiers the model lacks, for the negative queries.
  mutating func unknownSample() -> [Int] {
    var taken = Set<Int>()
    return (0..<3).map { _ in
      let item = generator.freshItem(model, avoiding: taken)
      taken.insert(item)
      return item
    }
  }

  /// Applies `edit` to both, checks the outcome and every query.
  mutating func apply(_ edit: SnapshotEdit) {
    step += 1
    let context = context(edit)
    let before = snapshot
    let modelBefore = model
    var modelAfter = model
    var expected: ExpectedError?
    do { try edit.apply(to: &modelAfter) } catch { expected = error }
    var thrown: (any Error)?
    do { try edit.apply(to: &snapshot) } catch { thrown = error }

    let unknown = unknownSample()
    switch (expected, thrown) {
    case (nil, nil):
      model = modelAfter
    case (let expected?, nil):
      fail(context, "the call should have thrown \(expected) but returned", before: modelBefore)
      return
    case (nil, let thrown?):
      fail(context, "the call threw \(thrown) but should not have", before: modelBefore)
      return
    case (let expected?, let thrown?):
      thrownCalls += 1
      guard let error = thrown as? TreeSnapshotError else {
        fail(context, "the call threw \(type(of: thrown)) \(thrown), not a TreeSnapshotError", before: modelBefore)
        return
      }
      thrownKinds["\(error.operation) \(String(describing: error.reason).prefix { $0 != "(" })", default: 0] += 1
      if !expected.matches(error) {
        fail(
          context,
          "threw (\(error.operation), \"\(error.item)\", \(error.reason)) \"\(error)\"; expected \(expected)",
          before: modelBefore)
        return
      }
      if error.description.isEmpty || !error.description.contains(error.item) {
        fail(context, "the error's description \"\(error.description)\" does not name \(error.item)", before: modelBefore)
      }
      if snapshot != before {
        fail(context, "the snapshot changed although the call threw", before: modelBefore)
        return
      }
    }
    let probe = generator.item(model, model.items, unknownPercent: 10)
    if !SnapshotChecker.check(snapshot, matches: model, unknown: unknown, probe: probe, context: context) {
      failed = true
      return
    }
    // The derived path after one edit (pending reloads included: every mark
    // on the new snapshot is a reload, per the contract).
    if checksChanges && step % 3 == 0 && expected == nil {
      for layout in [TreeIndex.Layout.flat, .sectioned]
      where !ChangesChecker.check(from: before, modelBefore, to: snapshot, model, layout: layout, context: context) {
        failed = true
        return
      }
    }
    // Value semantics: the copy taken before is untouched.
    if step % 7 == 0,
      !SnapshotChecker.check(before, matches: modelBefore, context: context + " (the copy taken before)")
    {
      failed = true
    }
  }

  mutating func run(steps: Int) {
    while step < steps && !failed {
      apply(generator.edit(model, invalidPercent: invalidPercent))
      if !failed && step % 25 == 0 { roundTripCoding() }
    }
  }

  /// Encodes and decodes the snapshot: the decoded value is == and answers
  /// alike; the run goes on with it when no reload is pending (whether an
  /// encoding keeps pending reloads is not in the contract).
  mutating func roundTripCoding() {
    let context = "seed \(seed), step \(step): Codable round trip"
    do {
      let data = try JSONEncoder().encode(snapshot)
      let decoded = try JSONDecoder().decode(TreeSnapshot<Int>.self, from: data)
      if decoded != snapshot {
        fail(context, "the decoded snapshot is not == to the encoded one", before: model)
        return
      }
      var modelNow = model
      modelNow.removePendingReloads()
      if !SnapshotChecker.check(decoded, matches: modelNow, context: context) {
        failed = true
        return
      }
      if model.pendingReloads.isEmpty { snapshot = decoded }
    } catch {
      fail(context, "threw \(error)", before: model)
    }
  }
}

@Suite("TreeSnapshot: random edits against the model")
struct RandomSnapshotTests {
  @Test(arguments: 0..<LongTests.choose(short: 8, long: 100))
  func randomEdits(seed: Int) {
    var run = SnapshotRun(seed: UInt64(seed))
    run.run(steps: LongTests.choose(short: 100, long: 500))
    #expect(run.failed || run.thrownCalls > 0, "seed \(seed): no call threw; the generator makes too few bad calls")
  }

  /// The generator reaches every error of every operation.
  @Test func everyErrorIsExercised() {
    var seen = Set<String>()
    for seed in 0..<4 {
      var run = SnapshotRun(seed: 3_000 + UInt64(seed), pool: 20, targetSize: 14)
      run.invalidPercent = 50
      run.checksChanges = false
      run.run(steps: 150)
      seen.formUnion(run.thrownKinds.keys)
    }
    let all: Set<String> = [
      "append duplicateItem", "append unknownItem", "insert duplicateItem", "insert unknownItem",
      "move unknownItem", "move moveIntoOwnSubtree", "move indexOutOfRange",
      "replaceChildren duplicateItem", "replaceChildren unknownItem",
    ]
    #expect(seen == all, "missing \(all.subtracting(seen).sorted()), unexpected \(seen.subtracting(all).sorted())")
  }

  /// Many refused calls, on a small pool: duplicates and clashes are common.
  @Test(arguments: 0..<LongTests.choose(short: 6, long: 60))
  func mostlyInvalidEdits(seed: Int) {
    var run = SnapshotRun(seed: 1_000 + UInt64(seed), pool: 16, targetSize: 12)
    run.invalidPercent = 60
    run.run(steps: LongTests.choose(short: 120, long: 600))
  }

  /// Larger trees: more levels, more siblings.
  @Test(arguments: 0..<LongTests.choose(short: 1, long: 10))
  func largerTrees(seed: Int) {
    var run = SnapshotRun(seed: 2_000 + UInt64(seed), pool: 160, targetSize: 110)
    run.invalidPercent = 8
    run.run(steps: LongTests.choose(short: 100, long: 800))
  }
}
