import Testing
import TreeIndexTestSupport
import TreeSources

/// `TreeSourceChanges.finalPath(of:afterStep:)` on any input: steps out of
/// range and paths with extreme indices give `nil` or a path, never a
/// trap; against a naive model that shifts plain arrays with overflow
/// checked arithmetic.
@Suite struct FinalPathTests {
  typealias Step = TreeSourceChanges.Step

  @Test func stepsOutOfRangeGiveNil() {
    let changes = TreeSourceChanges([.insert([0]), .remove([3])])
    for step in [-2, -3, 2, 3, Int.max, Int.min, Int.max - 1] {
      #expect(changes.finalPath(of: [1], afterStep: step) == nil, "step \(step)")
    }
    #expect(changes.finalPath(of: [1], afterStep: -1) == [2])
    #expect(changes.finalPath(of: [1], afterStep: 0) == [1])
    #expect(changes.finalPath(of: [1], afterStep: 1) == [1])
    #expect(TreeSourceChanges().finalPath(of: [1], afterStep: -1) == [1])
    #expect(TreeSourceChanges().finalPath(of: [1], afterStep: 0) == nil)
  }

  @Test func anIndexThatWouldPassIntMaxGivesNil() {
    let insertion = TreeSourceChanges([.insert([0])])
    #expect(insertion.finalPath(of: [Int.max], afterStep: -1) == nil)
    #expect(insertion.finalPath(of: [Int.max - 1], afterStep: -1) == [Int.max])
    #expect(insertion.finalPath(of: [1, Int.max], afterStep: -1) == [2, Int.max])
    #expect(TreeSourceChanges([.insert([1, 0])]).finalPath(of: [1, Int.max], afterStep: -1) == nil)
    #expect(TreeSourceChanges([.insert([2, 0])]).finalPath(of: [1, Int.max], afterStep: -1) == [1, Int.max])
    // A move inserts where it lands: past `Int.max` when it lands before
    // the item without leaving from before it on the same level.
    #expect(TreeSourceChanges([.move(from: [0, 1], to: [0])]).finalPath(of: [Int.max], afterStep: -1) == nil)
    #expect(TreeSourceChanges([.move(from: [5], to: [0])]).finalPath(of: [Int.max], afterStep: -1) == [Int.max])
    #expect(TreeSourceChanges([.move(from: [Int.max], to: [0])]).finalPath(of: [Int.max, 3], afterStep: -1) == [0, 3])
    #expect(TreeSourceChanges([.remove([Int.min])]).finalPath(of: [Int.max], afterStep: -1) == [Int.max - 1])
  }

  @Test(arguments: 0..<UInt64(8))
  func randomStepsAndPathsMatchTheNaiveModel(seed: UInt64) {
    var random = SeededGenerator(seed: 0xF1_9A7 &+ seed)
    func index() -> Int {
      switch Int.random(in: 0..<12, using: &random) {
      case 0: Int.max
      case 1: Int.max - 1
      case 2: Int.min
      case 3: -1
      default: Int.random(in: 0..<4, using: &random)
      }
    }
    func path() -> [Int] { (0..<Int.random(in: 0...3, using: &random)).map { _ in index() } }
    var tried = 0
    var representable = 0
    for _ in 0..<2_000 {
      let steps: [Step] = (0..<Int.random(in: 0...5, using: &random)).map { _ in
        switch Int.random(in: 0..<4, using: &random) {
        case 0: .insert(TreePath(path()))
        case 1: .remove(TreePath(path()))
        case 2: .move(from: TreePath(path()), to: TreePath(path()))
        default: .update(TreePath(path()))
        }
      }
      let step: Int
      switch Int.random(in: 0..<8, using: &random) {
      case 0: step = Int.max
      case 1: step = Int.min
      case 2: step = -2
      case 3: step = steps.count
      default: step = Int.random(in: -1..<max(steps.count, 0), using: &random)
      }
      let start = path()
      let final = TreeSourceChanges(steps).finalPath(of: TreePath(start), afterStep: step)
      let expected = Self.modelFinalPath(of: start, afterStep: step, steps: steps)
      #expect(final.map { Array($0) } == expected, "steps \(steps), step \(step), path \(start)")
      tried += 1
      if final != nil { representable += 1 }
    }
    #expect(representable > tried / 10 && representable < tried, "\(representable) of \(tried)")
  }

  /// Where the item at `path` after step `step` ends, shifting plain arrays.
  static func modelFinalPath(of path: [Int], afterStep step: Int, steps: [Step]) -> [Int]? {
    guard step >= -1, step < steps.count else { return nil }
    // The item at `q` or one beneath it (the empty path is the item at
    // the empty path only).
    func isPrefix(_ q: [Int], of p: [Int]) -> Bool { q == p || (!q.isEmpty && Array(p.prefix(q.count)) == q) }
    func sharesLevel(_ q: [Int], _ p: [Int]) -> Bool {
      !q.isEmpty && p.count >= q.count && Array(p.prefix(q.count - 1)) == Array(q.dropLast())
    }
    func inserted(_ q: [Int], _ p: [Int]) -> [Int]? {
      guard sharesLevel(q, p), q.last! <= p[q.count - 1] else { return p }
      var p = p
      let (next, overflow) = p[q.count - 1].addingReportingOverflow(1)
      if overflow { return nil }
      p[q.count - 1] = next
      return p
    }
    func removed(_ q: [Int], _ p: [Int]) -> [Int]? {
      if isPrefix(q, of: p) { return nil }
      guard sharesLevel(q, p), q.last! < p[q.count - 1] else { return p }
      var p = p
      p[q.count - 1] -= 1
      return p
    }
    var current = path
    for later in steps.dropFirst(step + 1) {
      switch later {
      case .insert(let q):
        guard let next = inserted(Array(q), current) else { return nil }
        current = next
      case .remove(let q):
        guard let next = removed(Array(q), current) else { return nil }
        current = next
      case .move(let a, let b):
        if isPrefix(Array(a), of: current) {
          current = Array(b) + current.dropFirst(a.depth)
        } else {
          guard let next = inserted(Array(b), removed(Array(a), current)!) else { return nil }
          current = next
        }
      case .update:
        break
      }
    }
    return current
  }
}

extension FinalPathTests {
  /// Where each step's item ends, by applying the later steps one at a
  /// time (each a batch of one step, which has no later step to consult).
  static func finalPathStepByStep(_ steps: [Step], of path: TreePath, afterStep step: Int) -> TreePath? {
    var path: TreePath? = path
    for later in steps.dropFirst(step + 1) {
      guard let current = path else { return nil }
      path = TreeSourceChanges([later]).finalPath(of: current, afterStep: -1)
    }
    return path
  }

  /// Batches whose later steps are insertions beneath one parent (a bulk
  /// insertion's), with updates and other steps mixed in: the final path
  /// the batch gives at once is the one the steps give one at a time.
  @Test(arguments: 0..<200)
  func bulkInsertionsGiveTheSameFinalPaths(seed: UInt64) {
    var rng = SeededGenerator(seed: seed)
    let parents: [TreePath] = [[], [1], [0, 2]]
    var steps: [Step] = []
    for _ in 0..<Int.random(in: 1...12, using: &rng) {
      let parent = Int.random(in: 0..<4, using: &rng) == 0 ? parents.randomElement(using: &rng)! : parents[1]
      let path = parent.appending(Int.random(in: 0...6, using: &rng))
      switch Int.random(in: 0..<10, using: &rng) {
      case 0: steps.append(.remove(path))
      case 1: steps.append(.update(path))
      case 2: steps.append(.move(from: path, to: parents[1].appending(Int.random(in: 0...6, using: &rng))))
      default: steps.append(.insert(path))
      }
    }
    let changes = TreeSourceChanges(steps)
    // The same batch built a step at a time, as a source's own code may:
    // it answers by walking until it is prepared, and alike either way.
    var appended = TreeSourceChanges()
    for step in steps { appended.steps.append(step) }
    let prepared = appended.preparedForFinalPaths()
    #expect(appended == changes && prepared == changes)
    for step in -1..<steps.count {
      for _ in 0..<6 {
        let depth = Int.random(in: 1...3, using: &rng)
        let path = TreePath((0..<depth).map { _ in Int.random(in: 0...8, using: &rng) })
        let expected = Self.finalPathStepByStep(steps, of: path, afterStep: step)
        #expect(changes.finalPath(of: path, afterStep: step) == expected, "seed \(seed): \(changes), \(path) after step \(step)")
        #expect(appended.finalPath(of: path, afterStep: step) == expected, "seed \(seed), appended: \(path) after \(step)")
        #expect(prepared.finalPath(of: path, afterStep: step) == expected, "seed \(seed), prepared: \(path) after \(step)")
      }
    }
  }
}
