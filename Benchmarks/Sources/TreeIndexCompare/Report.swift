// The tables: for every workload and size, each contender's median cost per
// operation and the ratio baseline/TreeIndex; then the targets, met or not.

import Foundation
import TreeIndexContenders

/// Formats measured results as Markdown.
struct Report {
  var results: [CellResult]

  func result(_ contender: Contender, _ workload: Workload, rows: Int, depth: Int, unit: String) -> CellResult? {
    results.first {
      $0.contender == contender && $0.workload == workload && $0.rows == rows && $0.depth == depth && $0.unit == unit
    }
  }

  /// The median per operation of TreeIndex, or `nil` when it was not measured.
  func median(_ contender: Contender, _ workload: Workload, rows: Int, depth: Int, unit: String) -> Double? {
    result(contender, workload, rows: rows, depth: depth, unit: unit)?.medianPerOperation
  }

  /// A table of median costs per operation, in `unit` (memory rows always in
  /// bytes), with the ratio of each baseline to TreeIndex.
  func table(unit: String, workloads: [Workload], rows sizes: [Int], depths: [Int]) -> String {
    var lines: [String] = []
    var header = "| Workload | Depth | Rows | TreeIndex |"
    var rule = "| --- | ---: | ---: | ---: |"
    for baseline in Contender.baselines {
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
          for baseline in Contender.baselines {
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

  /// The targets, each with its measured numbers and a verdict.
  func targets(unit: String) -> String {
    guard unit == "instructions" else { return "" }
    var lines: [String] = []
    func verdict(_ met: Bool) -> String { met ? "**met**" : "**missed**" }
    let big = 10_000_000
    let small = 1_000

    for workload in [Workload.pathToRow, .rowToPath] {
      guard let large = median(.treeIndex, workload, rows: big, depth: 6, unit: unit),
        let little = median(.treeIndex, workload, rows: small, depth: 6, unit: unit)
      else { continue }
      let met = large <= 2_000 && large <= 2 * little
      lines.append(
        "- \(workload.rawValue), depth 6, 10M rows: \(Format.count(large)) instructions (target ≤ 2,000), "
          + "\(Format.ratio(large / little)) its cost at 1,000 rows (\(Format.count(little)); target ≤ 2×): \(verdict(met))")
    }
    for depth in [6, 2] {
      let sizes = [small, 100_000, big]
      let values = sizes.compactMap { median(.treeIndex, .toggle, rows: $0, depth: depth, unit: unit) }
      guard values.count == 3 else { continue }
      let growth = values[2] / values[0]
      let subtree = TreeShape.generate(rows: big, depth: depth).rowsBeneathToggleTarget
      lines.append(
        "- collapse+expand, depth \(depth), of the item holding most rows (\(Format.count(Double(subtree))) rows beneath it at 10M): "
          + values.map(Format.count).joined(separator: " / ") + " instructions at 1K / 100K / 10M rows. "
          + "Target ≤ 5,000: \(verdict(values[2] <= 5_000))"
          + (values[2] > 5_000 ? " (by \(Format.ratio(values[2] / 5_000)))" : "")
          + "; independent of the subtree's size (from 1K to 10M rows at most 2×, like the lookups): "
          + "\(Format.ratio(growth)), \(verdict(growth <= 2))")
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
