// The tables: for every workload and size, each contender's median cost per
// operation and the ratio baseline/TreeIndex; then the targets, met or not.

import Foundation
import TreeIndexContenders

/// Formats measured results as Markdown.
struct Report {
  var results: [CellResult]
  var snapshotResults: [SnapshotCellResult] = []

  func result(
    _ contender: Contender, _ workload: Workload, rows: Int, depth: Int, unit: String, parameter: Int? = nil
  ) -> CellResult? {
    results.first {
      $0.contender == contender && $0.workload == workload && $0.rows == rows && $0.depth == depth && $0.unit == unit
        && (parameter == nil || $0.parameter == parameter)
    }
  }

  /// The median per operation of a contender, or `nil` when it was not
  /// measured.
  func median(
    _ contender: Contender, _ workload: Workload, rows: Int, depth: Int, unit: String, parameter: Int? = nil
  ) -> Double? {
    result(contender, workload, rows: rows, depth: depth, unit: unit, parameter: parameter)?.medianPerOperation
  }

  /// TreeIndex's median heap allocations per operation, counted under
  /// callgrind, or `nil` when not counted.
  func mallocs(_ workload: Workload, rows: Int, depth: Int, parameter: Int? = nil) -> Double? {
    result(.treeIndex, workload, rows: rows, depth: depth, unit: "instructions", parameter: parameter)?
      .medianAllocationsPerOperation
  }

  /// A table of median costs per operation, in `unit` (memory rows always in
  /// bytes), with the ratio of each baseline to TreeIndex, and, for
  /// instructions, TreeIndex's mallocs per operation. The TreeIndex-only
  /// workloads are left to ``editTable(workloads:rows:depths:)``.
  func table(unit: String, workloads: [Workload], rows sizes: [Int], depths: [Int]) -> String {
    let workloads = workloads.filter { !$0.isTreeIndexOnly }
    let withMallocs = unit == "instructions"
    var lines: [String] = []
    var header = "| Workload | Depth | Rows | TreeIndex |" + (withMallocs ? " mallocs |" : "")
    var rule = "| --- | ---: | ---: | ---: |" + (withMallocs ? " ---: |" : "")
    for baseline in Contender.comparisons {
      header += " \(baseline.rawValue) | ratio |"
      rule += " ---: | ---: |"
    }
    lines += [header, rule]
    var footnotes: [String] = []
    for workload in workloads {
      let cellUnit = workload == .memory ? "bytes" : unit
      for depth in depths {
        for rows in sizes {
          guard Contender.allCases.contains(where: { result($0, workload, rows: rows, depth: depth, unit: cellUnit) != nil })
          else { continue }
          let base = median(.treeIndex, workload, rows: rows, depth: depth, unit: cellUnit)
          var line =
            "| \(workload.rawValue) | \(depth) | \(Format.rows(rows)) | \(cell(.treeIndex, workload, rows, depth, cellUnit, &footnotes)) |"
          if withMallocs {
            line += " \(mallocs(workload, rows: rows, depth: depth).map(Format.mallocs) ?? "—") |"
          }
          for baseline in Contender.comparisons {
            let value = median(baseline, workload, rows: rows, depth: depth, unit: cellUnit)
            let ratio = value.flatMap { value in base.map { Format.ratio(value / Swift.max($0, 1)) } } ?? ""
            line += " \(cell(baseline, workload, rows, depth, cellUnit, &footnotes)) | \(ratio) |"
          }
          lines.append(line)
        }
      }
    }
    if !footnotes.isEmpty {
      lines.append("")
      lines += footnotes
    }
    return lines.joined(separator: "\n")
  }

  private func cell(
    _ contender: Contender, _ workload: Workload, _ rows: Int, _ depth: Int, _ unit: String, _ footnotes: inout [String]
  ) -> String {
    guard let result = result(contender, workload, rows: rows, depth: depth, unit: unit) else { return "—" }
    if let reason = result.skipped {
      let note = "skipped: \(contender.rawValue), \(workload.rawValue), \(Format.rows(rows)) rows — \(reason)."
      let mark = "skipped"
      if !footnotes.contains("- " + note) { footnotes.append("- " + note) }
      return mark
    }
    guard let median = result.medianPerOperation else { return "—" }
    return Format.value(median, unit: unit)
  }

  /// TreeIndex's own workloads (move, batch, TreeList edits), one line per
  /// size: instructions and mallocs (callgrind) and wall clock (native),
  /// median per operation, with each one's size (N rows beneath the moved
  /// item, or K known items).
  func editTable(workloads: [Workload], rows sizes: [Int], depths: [Int]) -> String {
    var lines = [
      "| Workload | Tree | Size | Instructions | Mallocs | Wall clock |",
      "| --- | --- | ---: | ---: | ---: | ---: |",
    ]
    func line(_ workload: Workload, _ tree: String, _ size: String, _ rows: Int, _ depth: Int, _ parameter: Int) {
      let instructions = median(.treeIndex, workload, rows: rows, depth: depth, unit: "instructions", parameter: parameter)
      let clock = median(.treeIndex, workload, rows: rows, depth: depth, unit: "ns", parameter: parameter)
      let allocations = mallocs(workload, rows: rows, depth: depth, parameter: parameter)
      lines.append(
        "| \(workload.rawValue) | \(tree) | \(size) | \(instructions.map(Format.count) ?? "—") | "
          + "\(allocations.map(Format.mallocs) ?? "—") | \(clock.map(Format.time) ?? "—") |")
    }
    func parameters(_ workload: Workload, rows: Int, depth: Int) -> [Int] {
      Array(
        Set(
          results.filter { $0.contender == .treeIndex && $0.workload == workload && $0.rows == rows && $0.depth == depth }
            .compactMap(\.parameter))
      ).sorted()
    }
    for workload in workloads where workload.isTreeIndexOnly {
      if workload == .move {
        for depth in depths {
          for rows in sizes {
            for n in parameters(workload, rows: rows, depth: depth) {
              line(workload, "depth \(depth), \(Format.rows(rows)) rows", "N = \(Format.rows(n)) rows", rows, depth, n)
            }
          }
        }
      } else {
        let known = Set(results.filter { $0.workload == workload }.compactMap(\.parameter)).sorted()
        for k in known {
          if workload.isOnSource {
            line(workload, "\(Format.rows(k)) elements", "K = \(Format.rows(k)) elements", k, 1, k)
          } else {
            line(workload, "\(Format.rows(2 * k)) rows", "K = \(Format.rows(k)) known", 2 * k, 2, k)
          }
        }
      }
    }
    return lines.joined(separator: "\n")
  }

  /// The issue's targets, each with its measured numbers and a verdict.
  func targets(unit: String) -> String {
    guard unit == "instructions" else { return "" }
    var lines: [String] = []
    func verdict(_ met: Bool) -> String { met ? "**met**" : "**missed**" }
    let big = 10_000_000
    let small = 1_000

    // The lookups: a ceiling in instructions and in mallocs, and no growth
    // with the tree.
    for (workload, ceiling, allocationCeiling) in [(Workload.pathToRow, 450.0, 0.0), (.rowToPath, 700, 1)] {
      guard let large = median(.treeIndex, workload, rows: big, depth: 6, unit: unit) else { continue }
      let little = median(.treeIndex, workload, rows: small, depth: 6, unit: unit)
      let allocations = mallocs(workload, rows: big, depth: 6)
      let met = large <= ceiling && (allocations ?? .infinity) <= allocationCeiling && little.map { large <= 2 * $0 } ?? true
      let growth =
        little.map { "\(Format.ratio(large / $0)) its cost at 1,000 rows (\(Format.count($0)); target ≤ 2×)" }
        ?? "not measured at 1,000 rows (target ≤ 2× that cost)"
      lines.append(
        "- \(workload.rawValue), depth 6, 10M rows: \(Format.count(large)) instructions (target ≤ \(Format.count(ceiling))), "
          + "\(allocations.map(Format.mallocs) ?? "—") mallocs (target ≤ \(Format.mallocs(allocationCeiling))), "
          + "\(growth): \(verdict(met))")
    }
    // The lookups against the floor, on every tree measured.
    for (workload, bound) in [(Workload.pathToRow, 1.25), (.rowToPath, 1.5)] {
      var ratios: [String] = []
      var met = true
      let trees = Set(results.filter { $0.contender == .floor && $0.workload == workload }.map { [$0.depth, $0.rows] })
      for tree in trees.sorted(by: { $0.lexicographicallyPrecedes($1) }) {
        let (depth, rows) = (tree[0], tree[1])
        do {
          guard let mine = median(.treeIndex, workload, rows: rows, depth: depth, unit: unit),
            let floor = median(.floor, workload, rows: rows, depth: depth, unit: unit)
          else { continue }
          let ratio = mine / Swift.max(floor, 1)
          met = met && ratio <= bound
          ratios.append("\(Format.rows(rows)) rows depth \(depth) \(Format.ratio(ratio))")
        }
      }
      guard !ratios.isEmpty else { continue }
      lines.append(
        "- \(workload.rawValue) against the floor, TreeIndex's instructions over the floor's (target ≤ \(bound)× on "
          + "every tree): \(ratios.joined(separator: ", ")): \(verdict(met))")
    }
    for (depth, ceiling) in [(6, 3_500.0), (2, 4_500)] {
      let sizes = [small, 100_000, big].filter { median(.treeIndex, .toggle, rows: $0, depth: depth, unit: unit) != nil }
      let values = sizes.compactMap { median(.treeIndex, .toggle, rows: $0, depth: depth, unit: unit) }
      guard sizes.last == big else { continue }
      let subtree = TreeShape.generate(rows: big, depth: depth).rowsBeneathToggleTarget
      var target = "Target ≤ \(Format.count(ceiling)) instructions"
      var met = values.last! <= ceiling
      if depth == 6 {
        let allocations = mallocs(.toggle, rows: big, depth: depth)
        target += " and ≤ 4 mallocs (\(allocations.map(Format.mallocs) ?? "—") mallocs)"
        met = met && (allocations ?? .infinity) <= 4
      }
      let largest = values.last!
      let growth =
        sizes.first == small
        ? "\(Format.ratio(largest / values[0])), \(verdict(largest / values[0] <= 2))" : "not measured at 1K rows"
      lines.append(
        "- collapse+expand, depth \(depth), of the item holding most rows (\(Format.count(Double(subtree))) rows beneath it at 10M): "
          + values.map(Format.count).joined(separator: " / ") + " instructions at "
          + sizes.map(Format.rows).joined(separator: " / ") + " rows. "
          + "\(target): \(verdict(met))"
          + (largest > ceiling ? " (by \(Format.ratio(largest / ceiling)))" : "")
          + "; independent of the subtree's size (from 1K to 10M rows at most 2×, like the lookups): \(growth)")
    }
    // A move of a big subtree and back: a ceiling, and no growth with the
    // subtree.
    let moveSizes = results.filter { $0.workload == .move && $0.rows == big && $0.depth == 6 && $0.unit == unit }
      .compactMap(\.parameter).sorted()
    if let least = moveSizes.first, let most = moveSizes.last,
      let largest = median(.treeIndex, .move, rows: big, depth: 6, unit: unit, parameter: most),
      let smallest = median(.treeIndex, .move, rows: big, depth: 6, unit: unit, parameter: least)
    {
      let growth = largest / smallest
      let all = moveSizes.compactMap { median(.treeIndex, .move, rows: big, depth: 6, unit: unit, parameter: $0) }
      lines.append(
        "- move and back, depth 6, 10M rows, of an item with \(Format.rows(most)) rows beneath: \(Format.count(largest)) "
          + "instructions (target ≤ 8,000): \(verdict(largest <= 8_000))"
          + (largest > 8_000 ? " (by \(Format.ratio(largest / 8_000)))" : "")
          + "; from \(Format.rows(least)) to \(Format.rows(most)) rows beneath ("
          + all.map(Format.count).joined(separator: " / ") + "): \(Format.ratio(growth)) (target ≤ 1.5×): "
          + verdict(growth <= 1.5))
    }
    // The batch and the TreeList edits: no growth with the known items.
    for (workload, what) in [
      (Workload.batch, "O(edits × d log b), independent of the known items"),
      (.treeListInsert, "no copy of the index per edit"), (.treeListDelete, "no copy of the index per edit"),
      (.treeListMove, "no copy of the index per edit"), (.treeListReveal, "no copy of the index per edit"),
    ] {
      let known = results.filter { $0.workload == workload && $0.unit == unit }.compactMap(\.parameter).sorted()
      guard let least = known.first, let most = known.last, least < most,
        let large = median(.treeIndex, workload, rows: 2 * most, depth: 2, unit: unit, parameter: most),
        let little = median(.treeIndex, workload, rows: 2 * least, depth: 2, unit: unit, parameter: least)
      else { continue }
      let growth = large / little
      lines.append(
        "- \(workload.rawValue) (\(what)): \(Format.count(large)) instructions with \(Format.rows(most)) known items, "
          + "\(Format.count(little)) with \(Format.rows(least)): \(Format.ratio(growth)) (target ≤ 2×): \(verdict(growth <= 2))")
    }
    // A source workload at the fewest and the most elements K measured:
    // (least, most, median at least, median at most).
    func sourceMedians(_ workload: Workload) -> (least: Int, most: Int, little: Double, large: Double)? {
      let known = results.filter { $0.workload == workload && $0.unit == unit }.compactMap(\.parameter).sorted()
      guard let least = known.first, let most = known.last,
        let large = median(.treeIndex, workload, rows: workload.rows(known: most), depth: 1, unit: unit, parameter: most),
        let little = median(.treeIndex, workload, rows: workload.rows(known: least), depth: 1, unit: unit, parameter: least)
      else { return nil }
      return (least, most, little, large)
    }
    // One edit of an array source behind a join and a filter, reaching the
    // host: at most 20,000 instructions with 10⁶ elements, independent of K.
    for workload in [Workload.sourceUpdate, .sourceAppend, .sourceRemove, .sourceMove] {
      guard let (least, most, little, large) = sourceMedians(workload) else { continue }
      let growth = large / little
      lines.append(
        "- \(workload.rawValue) (array source of \(Format.rows(most)) elements behind a join and a filter, to the host): "
          + "\(Format.count(large)) instructions (target ≤ 20,000): \(verdict(large <= 20_000)); "
          + "\(Format.count(little)) with \(Format.rows(least)): \(Format.ratio(growth)) (target ≤ 2×): \(verdict(growth <= 2))")
    }
    // A new predicate that names the one element it judges otherwise:
    // O(d log b), so the same instructions whatever K (no instruction
    // target: the issue's 20,000 is for an edit of the array).
    if let (least, most, little, large) = sourceMedians(.sourceReevaluate) {
      let growth = large / little
      lines.append(
        "- \(Workload.sourceReevaluate.rawValue) (a new predicate naming the one element of \(Format.rows(most)) it hides): "
          + "\(Format.count(large)) instructions, \(Format.count(little)) with \(Format.rows(least)): "
          + "\(Format.ratio(growth)) (target: independent of K, ≤ 2×): \(verdict(growth <= 2))")
    }
    // The narrower predicate: O(K) here (two thirds of the elements are
    // shown, and the hint asks the shown ones), reported without a target.
    if let (least, most, little, large) = sourceMedians(.sourceRefilter) {
      lines.append(
        "- \(Workload.sourceRefilter.rawValue) (a narrower predicate over \(Format.rows(most)) elements, with the narrowing hint; "
          + "2K/3 of them shown and asked, so O(K)): "
          + "\(Format.count(large)) instructions, \(Format.count(little)) with \(Format.rows(least)) "
          + "(\(Format.ratio(large / little))); no target")
    }
    // K/10 elements appended as one change set: per element, against the
    // issue's 300 instructions at 10⁵ elements.
    if let (least, most, little, large) = sourceMedians(.sourceBulkAppend) {
      let perElement = large / Double(Swift.max(1, most / 10))
      let littlePerElement = little / Double(Swift.max(1, least / 10))
      lines.append(
        "- \(Workload.sourceBulkAppend.rawValue) (\(Format.rows(Swift.max(1, most / 10))) elements appended to "
          + "\(Format.rows(most)) behind a join and a filter, to the host): \(Format.count(perElement)) instructions an "
          + "element (target ≤ 300): \(verdict(perElement <= 300)); \(Format.count(littlePerElement)) an element with "
          + "\(Format.rows(least)) (\(Format.ratio(perElement / littlePerElement)): linear when about 1×)")
    }
    for depth in [6, 2] {
      guard let mine = median(.treeIndex, .session, rows: big, depth: depth, unit: unit) else { continue }
      let best = Contender.baselines.compactMap { baseline in
        median(baseline, .session, rows: big, depth: depth, unit: unit).map { (baseline, $0) }
      }.min { $0.1 < $1.1 }
      guard let (baseline, value) = best else { continue }
      let ratio = value / mine
      lines.append(
        "- mixed session, depth \(depth), 10M rows: \(Format.count(mine)) instructions per operation; best baseline "
          + "\(baseline.rawValue) \(Format.count(value)), \(Format.ratio(ratio)) more (target ≥ 100×): \(verdict(ratio >= 100))")
    }
    for depth in [6, 2] {
      guard let bytes = median(.treeIndex, .memory, rows: big, depth: depth, unit: "bytes") else { continue }
      lines.append(
        "- memory, depth \(depth), 10M rows: \(Format.bytes(bytes)) (target < 1 MB = 1,000,000 bytes): \(verdict(bytes < 1_000_000))"
      )
    }
    if lines.isEmpty { lines.append("(none of the targets' sizes was measured in this run)") }
    return lines.joined(separator: "\n")
  }
}

/// Number formatting for the tables.
enum Format {
  static func value(_ value: Double, unit: String) -> String {
    switch unit {
    case "bytes": return bytes(value)
    case "ns": return time(value)
    default: return count(value)
    }
  }

  /// Exact below 10,000, then three significant digits with K, M, G.
  static func count(_ value: Double) -> String {
    if value < 10_000 { return grouped(Int(value.rounded())) }
    for (scale, suffix) in [(1e9, "G"), (1e6, "M"), (1e3, "K")] where value >= scale {
      return significant(value / scale) + suffix
    }
    return grouped(Int(value.rounded()))
  }

  /// Mallocs per operation: whole numbers exact, fractions (per-operation
  /// shares of a session) with one decimal.
  static func mallocs(_ value: Double) -> String {
    value == value.rounded() || value >= 100 ? count(value) : String(format: "%.1f", value)
  }

  static func bytes(_ value: Double) -> String {
    for (scale, suffix) in [(1e9, " GB"), (1e6, " MB"), (1e3, " kB")] where value >= scale {
      return significant(value / scale) + suffix
    }
    return "\(Int(value.rounded())) B"
  }

  static func time(_ nanoseconds: Double) -> String {
    for (scale, suffix) in [(1e9, " s"), (1e6, " ms"), (1e3, " µs")] where nanoseconds >= scale {
      return significant(nanoseconds / scale) + suffix
    }
    return "\(Int(nanoseconds.rounded())) ns"
  }

  /// Two significant digits: 0.49×, 3.8×, 38×, 3,800×, 3,800,000×.
  static func ratio(_ value: Double) -> String {
    guard value.isFinite, value > 0 else { return "—" }
    if value < 10 { return String(format: "%.2g", value) + "×" }
    let digits = Int(log10(value).rounded(.down)) + 1
    let scale = pow(10, Double(digits - 2))
    return grouped(Int((value / scale).rounded() * scale)) + "×"
  }

  static func rows(_ rows: Int) -> String {
    switch rows {
    case 1_000_000...: return "\(rows / 1_000_000)M"
    case 1_000...: return "\(rows / 1_000)K"
    default: return "\(rows)"
    }
  }

  static func significant(_ value: Double) -> String {
    value >= 100 ? String(format: "%.0f", value) : value >= 10 ? String(format: "%.1f", value) : String(format: "%.2f", value)
  }

  static func grouped(_ value: Int) -> String {
    let digits = String(value.magnitude)
    var result = ""
    for (offset, digit) in digits.enumerated() {
      if offset > 0 && (digits.count - offset) % 3 == 0 { result.append(",") }
      result.append(digit)
    }
    return value < 0 ? "-" + result : result
  }
}
