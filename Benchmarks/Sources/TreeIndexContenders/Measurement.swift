// The measuring loops: each workload replayed on one contender, one sample
// at a time between a meter's start and stop, with the answers checked
// against TreeIndex's outside the measured region.

import TreeIndex

/// How many samples a workload takes: at least `minimum`, at most
/// `maximum`, and no more once the measured total exceeds `budget`.
public struct SampleLimits: Sendable {
  public var minimum: Int
  public var maximum: Int
  public var budget: Int

  public init(minimum: Int, maximum: Int, budget: Int) {
    self.minimum = minimum
    self.maximum = maximum
    self.budget = budget
  }

  func wantsMore(count: Int, total: Int) -> Bool {
    count < maximum && (count < minimum || total < budget)
  }

  /// The limits of a full run: instruction counts under callgrind, or
  /// nanoseconds natively.
  public static func full(_ workload: Workload, unit: String) -> SampleLimits {
    let budget = unit == "instructions" ? 3_000_000_000 : 1_000_000_000
    switch workload {
    case .pathToRow, .rowToPath: return SampleLimits(minimum: 11, maximum: 201, budget: budget)
    case .toggle: return SampleLimits(minimum: 3, maximum: 51, budget: budget)
    case .session: return SampleLimits(minimum: 3, maximum: 20, budget: budget)
    case .build, .memory: return SampleLimits(minimum: 1, maximum: 11, budget: budget)
    case .move:
      return SampleLimits(minimum: 3, maximum: 51, budget: budget)
    case .sourceUpdate, .sourceAppend, .sourceRemove, .sourceMove, .sourceReevaluate:
      return SampleLimits(minimum: 3, maximum: 51, budget: budget / 3)
    case .sourceRefilter, .sourceBulkAppend:
      return SampleLimits(minimum: 1, maximum: 5, budget: budget / 3)
    case .batch, .treeListInsert, .treeListDelete, .treeListMove, .treeListReveal:
      // Today these copy the index (O(K)): with 100,000 known items one
      // sample is about 10⁹ instructions, so a third of the budget, and at
      // least 2 samples (the counts repeat exactly).
      return SampleLimits(minimum: 2, maximum: 21, budget: budget / 3)
    }
  }

  /// The limits of a smoke run: a handful of samples.
  public static func smoke(_ workload: Workload) -> SampleLimits {
    switch workload {
    case .pathToRow, .rowToPath: return SampleLimits(minimum: 1, maximum: 5, budget: 0)
    case .toggle, .session, .build, .memory: return SampleLimits(minimum: 1, maximum: 2, budget: 0)
    case .move, .batch, .treeListInsert, .treeListDelete, .treeListMove, .treeListReveal, .sourceUpdate,
      .sourceAppend, .sourceRemove, .sourceMove, .sourceRefilter, .sourceReevaluate, .sourceBulkAppend:
      return SampleLimits(minimum: 1, maximum: 3, budget: 0)
    }
  }
}

/// The measured samples of one contender on one workload, tree size and
/// depth.
public struct CellResult: Codable, Sendable {
  public var contender: Contender
  public var workload: Workload
  public var rows: Int
  public var depth: Int
  /// `instructions`, `ns` or `bytes`.
  public var unit: String
  public var operationsPerSample: Int
  /// Each sample's cost, net of ``overhead``.
  public var samples: [Int]
  /// The median cost of an empty sample (the meter's own), subtracted.
  public var overhead: Int
  /// Why the contender was not run here, if it was not.
  public var skipped: String?
  /// The workload's own size, for the TreeIndex-only workloads: the rows
  /// beneath the moved item (move), or the known items K (batch, TreeList).
  public var parameter: Int?
  /// Each sample's heap allocations (calls to malloc and its kin), net of
  /// an empty sample's; `nil` where the meter does not count them.
  public var allocations: [Int]?

  public init(
    contender: Contender, workload: Workload, rows: Int, depth: Int, unit: String, operationsPerSample: Int,
    samples: [Int], overhead: Int, skipped: String?, parameter: Int? = nil, allocations: [Int]? = nil
  ) {
    self.parameter = parameter
    self.allocations = allocations
    self.contender = contender
    self.workload = workload
    self.rows = rows
    self.depth = depth
    self.unit = unit
    self.operationsPerSample = operationsPerSample
    self.samples = samples
    self.overhead = overhead
    self.skipped = skipped
  }

  /// The median cost of one operation.
  public var medianPerOperation: Double? {
    Self.median(samples).map { $0 / Double(operationsPerSample) }
  }

  /// The median heap allocations of one operation, where counted.
  public var medianAllocationsPerOperation: Double? {
    allocations.flatMap(Self.median).map { $0 / Double(operationsPerSample) }
  }

  static func median(_ values: [Int]) -> Double? {
    guard !values.isEmpty else { return nil }
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? Double(sorted[middle]) : Double(sorted[middle - 1] + sorted[middle]) / 2
  }
}

/// The samples of one cell as they are taken: each one's cost and, where
/// the meter counts them, its allocations.
struct Samples {
  var costs: [Int] = []
  var allocations: [Int] = []
  var total = 0
  var count: Int { costs.count }

  /// Records the sample `meter` has just stopped on.
  mutating func add<M: Meter>(_ cost: Int, _ meter: M) {
    costs.append(cost)
    if let allocated = meter.allocations { allocations.append(allocated) }
    total += cost
  }

  func wantsMore(_ limits: SampleLimits) -> Bool {
    limits.wantsMore(count: count, total: total)
  }
}

/// What an empty sample costs: subtracted from every sample.
struct Overhead {
  var cost = 0
  var allocations = 0

  /// Measures 21 empty samples and keeps their medians.
  init<M: Meter>(_ meter: inout M) {
    var empty = Samples()
    for _ in 0..<21 {
      meter.start()
      consume(0)
      empty.add(meter.stop(), meter)
    }
    cost = empty.costs.sorted()[empty.count / 2]
    allocations = empty.allocations.isEmpty ? 0 : empty.allocations.sorted()[empty.allocations.count / 2]
  }

  /// The result of `samples` for a cell, net of this overhead.
  func apply(_ samples: Samples, to result: inout CellResult) {
    result.samples = samples.costs.map { Swift.max(0, $0 - cost) }
    result.allocations = samples.allocations.isEmpty ? nil : samples.allocations.map { Swift.max(0, $0 - allocations) }
  }
}

/// Runs workloads on contenders.
public enum Measurement {
  /// How samples are measured.
  public enum MeterChoice: Sendable {
    /// Instructions, under callgrind (see ``CallgrindMeter``).
    case callgrind(prefix: String, keepDumps: Bool)
    /// Nanoseconds of the monotonic clock.
    case clock
  }

  /// Builds `contender` for `tree` and measures each workload in turn (all
  /// but `.memory`, see ``bytesAllocated(by:tree:)``).
  ///
  /// - Parameters:
  ///   - limits: The number of samples per workload.
  ///   - skipping: Whether to leave out what ``Skips`` names; `false` to
  ///     time it anyway.
  ///   - log: Receives progress lines.
  ///   - movedSubtreeRows: The sizes N of the move workload, of which
  ///     those that fit the tree are measured
  ///     (``Sizes/movedSubtreeRows(inTreeOf:from:)``).
  public static func run(
    _ contender: Contender, tree: TreeShape, workloads: [Workload], meter: MeterChoice,
    limits: (Workload) -> SampleLimits, skipping: Bool = true, movedSubtreeRows: [Int] = Sizes.movedSubtreeRows,
    log: (String) -> Void
  ) -> [CellResult] {
    let sizes = Sizes.movedSubtreeRows(inTreeOf: tree.numberOfRows, from: movedSubtreeRows)
    switch meter {
    case .callgrind(let prefix, let keepDumps):
      let meter = CallgrindMeter(prefix: prefix, keepDumps: keepDumps)
      return run(contender, tree, workloads, meter, limits, skipping, sizes, log)
    case .clock:
      return run(contender, tree, workloads, ClockMeter(), limits, skipping, sizes, log)
    }
  }

  // Every contender and meter type is concrete from here on, so that the
  // measured loops are specialized: no protocol dispatch inside a sample.
  static func run<M: Meter>(
    _ contender: Contender, _ tree: TreeShape, _ workloads: [Workload], _ meter: M,
    _ limits: (Workload) -> SampleLimits, _ skipping: Bool, _ moveSizes: [Int], _ log: (String) -> Void
  ) -> [CellResult] {
    let skip: (Workload) -> String? = {
      skipping || $0.isTreeIndexOnly ? Skips.reason(contender, $0, rows: tree.numberOfRows) : nil
    }
    switch contender {
    case .treeIndex:
      return run(TreeIndexContender.self, contender, tree, workloads, meter, limits, skip, moveSizes, log)
    case .flatList:
      return run(FlatListBaseline.self, contender, tree, workloads, meter, limits, skip, moveSizes, log)
    case .siblingScan:
      return run(SiblingScanBaseline.self, contender, tree, workloads, meter, limits, skip, moveSizes, log)
    case .recount:
      return run(RecountBaseline.self, contender, tree, workloads, meter, limits, skip, moveSizes, log)
    case .floor:
      return run(FloorBaseline.self, contender, tree, workloads, meter, limits, skip, moveSizes, log)
    }
  }

  /// The bytes the built state of `contender` for `tree` keeps allocated:
  /// the heap in use after building minus the heap in use before (after one
  /// build and release, so that one-time runtime allocations are left out).
  public static func bytesAllocated(by contender: Contender, tree: TreeShape) -> Int {
    switch contender {
    case .treeIndex: return bytesAllocated(TreeIndexContender.self, tree: tree)
    case .flatList: return bytesAllocated(FlatListBaseline.self, tree: tree)
    case .siblingScan: return bytesAllocated(SiblingScanBaseline.self, tree: tree)
    case .recount: return bytesAllocated(RecountBaseline.self, tree: tree)
    case .floor: return bytesAllocated(FloorBaseline.self, tree: tree)
    }
  }

  static func bytesAllocated<C: RowMapping>(_ type: C.Type, tree: TreeShape) -> Int {
    // A first build, dropped, so that the runtime's one-time allocations
    // (type metadata, caches) are not counted as the state's.
    withExtendedLifetime(C(tree: tree)) {}
    let before = HeapStatistics.bytesInUse()
    let built = C(tree: tree)
    let after = HeapStatistics.bytesInUse()
    precondition(built.numberOfRows == tree.numberOfRows)
    return withExtendedLifetime(built) { after - before }
  }

  static func run<C: RowMapping, M: Meter>(
    _ type: C.Type, _ contender: Contender, _ tree: TreeShape, _ workloads: [Workload], _ meter: M,
    _ limits: (Workload) -> SampleLimits, _ skip: (Workload) -> String?, _ moveSizes: [Int], _ log: (String) -> Void
  ) -> [CellResult] {
    var meter = meter
    let reference = TreeIndexContender(tree: tree).index
    let lookups = Swift.max(limits(.pathToRow).maximum, limits(.rowToPath).maximum)
    let queries = Queries(count: lookups, reference: reference)
    let toMeasure = workloads.filter { $0 != .memory && !$0.isOnKnownItems }
    let needsInstance = toMeasure.contains { $0 != .build && !$0.isTreeIndexOnly && skip($0) == nil }
    var instance: C?
    if needsInstance {
      log("building \(contender.rawValue) for \(tree.numberOfRows) rows, depth \(tree.depth)")
      instance = C(tree: tree)
      precondition(instance!.numberOfRows == tree.numberOfRows, "\(C.name) builds the wrong number of rows")
    }

    meter.beginRun()
    defer { meter.endRun() }
    let overhead = Overhead(&meter)

    var results: [CellResult] = []
    for workload in toMeasure {
      var result = CellResult(
        contender: contender, workload: workload, rows: tree.numberOfRows, depth: tree.depth, unit: meter.unit,
        operationsPerSample: workload.operationsPerSample, samples: [], overhead: overhead.cost,
        skipped: skip(workload))
      if workload == .move && result.skipped == nil {
        for size in moveSizes {
          log("measuring \(contender.rawValue) move of \(size) rows on \(tree.numberOfRows) rows, depth \(tree.depth)")
          var cell = result
          cell.parameter = size
          overhead.apply(measureMove(reference, tree, subtreeRows: size, &meter, limits(workload)), to: &cell)
          results.append(cell)
        }
        continue
      }
      if result.skipped == nil {
        log("measuring \(contender.rawValue) \(workload.rawValue) on \(tree.numberOfRows) rows, depth \(tree.depth)")
        let limit = limits(workload)
        let samples: Samples
        switch workload {
        case .pathToRow:
          samples = measurePathToRow(instance!, queries, &meter, limit)
        case .rowToPath:
          samples = measureRowToPath(instance!, queries, &meter, limit)
        case .toggle:
          samples = measureToggle(&instance!, tree, reference, &meter, limit)
        case .session:
          samples = measureSession(&instance!, tree, reference, &meter, limit)
        case .build:
          samples = measureBuild(C.self, tree, &meter, limit)
        case .memory, .move, .batch, .treeListInsert, .treeListDelete, .treeListMove, .treeListReveal, .sourceUpdate,
          .sourceAppend, .sourceRemove, .sourceMove, .sourceRefilter, .sourceReevaluate, .sourceBulkAppend:
          samples = Samples()  // memory has its own command; the others are measured above or elsewhere
        }
        overhead.apply(samples, to: &result)
      }
      results.append(result)
    }
    return results
  }

  static func measurePathToRow<C: RowMapping, M: Meter>(
    _ instance: C, _ queries: Queries, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    consume(instance.row(for: queries.paths[0]))  // warm-up
    var samples = Samples()
    var k = 0
    while k < queries.paths.count && samples.wantsMore(limits) {
      let path = queries.paths[k]
      meter.start()
      let row = instance.row(for: path)
      consume(row)
      let cost = meter.stop()
      check(row == queries.rows[k], C.name, "row(for: \(path)) = \(String(describing: row)), not \(queries.rows[k])")
      samples.add(cost, meter)
      k += 1
    }
    return samples
  }

  static func measureRowToPath<C: RowMapping, M: Meter>(
    _ instance: C, _ queries: Queries, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    consume(instance.treePath(forRow: queries.rows[0]))  // warm-up
    var samples = Samples()
    var k = 0
    while k < queries.rows.count && samples.wantsMore(limits) {
      let row = queries.rows[k]
      meter.start()
      let path = instance.treePath(forRow: row)
      consume(path)
      let cost = meter.stop()
      check(path == queries.paths[k], C.name, "treePath(forRow: \(row)) = \(String(describing: path)), not \(queries.paths[k])")
      samples.add(cost, meter)
      k += 1
    }
    return samples
  }

  static func measureToggle<C: RowMapping, M: Meter>(
    _ instance: inout C, _ tree: TreeShape, _ reference: TreeIndex, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    let target = tree.toggleTarget
    let count = tree.folders.first { $0.path == target }!.numberOfSubitems
    var expectedIndex = reference
    let collapsed = try! expectedIndex.collapse(target).deletedRowRanges[0].rows
    let expanded = try! expectedIndex.expand(target, numberOfSubitems: count).insertedRowRanges[0].rows
    consume(instance.collapse(target))  // warm-up
    consume(instance.expand(target, numberOfSubitems: count))
    var samples = Samples()
    while samples.wantsMore(limits) {
      meter.start()
      let vanished = instance.collapse(target)
      let appeared = instance.expand(target, numberOfSubitems: count)
      consume(vanished)
      consume(appeared)
      let cost = meter.stop()
      check(vanished == collapsed && appeared == expanded, C.name, "toggle \(target): \(vanished), \(appeared)")
      samples.add(cost, meter)
    }
    return samples
  }

  static func measureSession<C: RowMapping, M: Meter>(
    _ instance: inout C, _ tree: TreeShape, _ reference: TreeIndex, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    let session = Session(slices: limits.maximum + limits.maximum % 2, tree: tree, reference: reference)
    var samples = Samples()
    var collapsedFolder: (TreePath, Int)?
    for slice in session.slices {
      guard samples.wantsMore(limits) else { break }
      meter.start()
      for step in slice {
        switch step {
        case .rowToPath(let row, _): consume(instance.treePath(forRow: row))
        case .pathToRow(let path, _): consume(instance.row(for: path))
        case .collapse(let path, _): consume(instance.collapse(path))
        case .expand(let path, let count, _): consume(instance.expand(path, numberOfSubitems: count))
        }
      }
      let cost = meter.stop()
      samples.add(cost, meter)
      if case .collapse(let path, _) = slice.last!,
        let folder = tree.folders.first(where: { $0.path == path })
      {
        collapsedFolder = (path, folder.numberOfSubitems)
      } else {
        collapsedFolder = nil
      }
    }
    if let (path, count) = collapsedFolder { _ = instance.expand(path, numberOfSubitems: count) }
    check(instance.numberOfRows == tree.numberOfRows, C.name, "the session did not restore the tree")
    return samples
  }

  static func measureBuild<C: RowMapping, M: Meter>(
    _ type: C.Type, _ tree: TreeShape, _ meter: inout M, _ limits: SampleLimits
  ) -> Samples {
    var samples = Samples()
    while samples.wantsMore(limits) {
      meter.start()
      var built: C? = C(tree: tree)
      consume(built)
      let cost = meter.stop()
      check(built!.numberOfRows == tree.numberOfRows, C.name, "built \(built!.numberOfRows) rows")
      samples.add(cost, meter)
      meter.endRun()  // freeing is not measured, and runs faster uninstrumented
      built = nil
      meter.beginRun()
    }
    return samples
  }

  static func check(_ condition: Bool, _ name: String, _ message: @autoclosure () -> String) {
    if !condition { fatalError("\(name) disagrees with TreeIndex: \(message())") }
  }
}
