// The snapshot tables: TreeSnapshot against the model of ListKit's section
// snapshot, per workload, shape and size, with the ratio baseline/TreeSnapshot;
// then the issue's targets, met or not.

import Foundation
import TreeIndexContenders

extension Report {
  func snapshotResult(
    _ contender: SnapshotContender, _ workload: SnapshotWorkload, items: Int, shape: SnapshotForest.Shape, unit: String
  ) -> SnapshotCellResult? {
    snapshotResults.first {
      $0.contender == contender && $0.workload == workload && $0.items == items && $0.shape == shape && $0.unit == unit
    }
  }

  func snapshotMedian(
    _ contender: SnapshotContender, _ workload: SnapshotWorkload, items: Int, shape: SnapshotForest.Shape, unit: String
  ) -> Double? {
    snapshotResult(contender, workload, items: items, shape: shape, unit: unit).flatMap {
      $0.skipped == nil ? $0.medianPerOperation : nil
    }
  }

  /// One line per workload, shape and size: each contender's median per
  /// operation (memory in bytes, with bytes per item), TreeSnapshot's mallocs
  /// when counted, and the ratio baseline/TreeSnapshot.
  func snapshotTable(unit: String, options: Options) -> String {
    let withMallocs = unit == "instructions"
    let baseline = SnapshotContender.sectionSnapshot
    var lines = [
      "| Workload | Shape | Items | TreeSnapshot |" + (withMallocs ? " mallocs |" : "") + " \(baseline.rawValue) | ratio |",
      "| --- | --- | ---: | ---: |" + (withMallocs ? " ---: |" : "") + " ---: | ---: |",
    ]
    var footnotes: [String] = []
    let workloads = options.snapshotWorkloads.filter { unit == "ns" ? $0 != .memory : (unit == "bytes" ? $0 == .memory : true) }
    for workload in workloads {
      let cellUnit = workload == .memory ? "bytes" : unit
      for shape in options.shapes {
        for items in options.items {
          guard
            SnapshotContender.allCases.contains(where: {
              snapshotResult($0, workload, items: items, shape: shape, unit: cellUnit) != nil
            })
          else { continue }
          func cell(_ contender: SnapshotContender) -> String {
            guard let result = snapshotResult(contender, workload, items: items, shape: shape, unit: cellUnit) else {
              return "—"
            }
            if let reason = result.skipped {
              let note = "- skipped: \(contender.rawValue), \(workload.rawValue), \(Format.rows(items)) items — \(reason)."
              if !footnotes.contains(note) { footnotes.append(note) }
              return "skipped"
            }
            guard let median = result.medianPerOperation else { return "—" }
            if workload == .memory {
              return "\(Format.bytes(median)) (\(Int((median / Double(items)).rounded())) B/item)"
            }
            return Format.value(median, unit: cellUnit)
          }
          let mine = snapshotMedian(.treeSnapshot, workload, items: items, shape: shape, unit: cellUnit)
          let theirs = snapshotMedian(baseline, workload, items: items, shape: shape, unit: cellUnit)
          let ratio = mine.flatMap { mine in theirs.map { Format.ratio($0 / Swift.max(mine, 1)) } } ?? ""
          var line = "| \(workload.rawValue) | \(shape.rawValue) | \(Format.rows(items)) | \(cell(.treeSnapshot)) |"
          if withMallocs {
            let mallocs = snapshotResult(.treeSnapshot, workload, items: items, shape: shape, unit: cellUnit)?
              .medianAllocationsPerOperation
            line += " \(mallocs.map(Format.mallocs) ?? "—") |"
          }
          line += " \(cell(baseline)) | \(ratio) |"
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

  /// The issue's snapshot targets at 10⁶ items, each with its numbers and a
  /// verdict.
  func snapshotTargets() -> String {
    let big = 1_000_000
    let unit = "instructions"
    var lines: [String] = []
    func verdict(_ met: Bool) -> String { met ? "**met**" : "**missed**" }
    for shape in SnapshotForest.Shape.allCases {
      if let build = snapshotMedian(.treeSnapshot, .build, items: big, shape: shape, unit: unit) {
        let perItem = build / Double(big)
        lines.append(
          "- TreeSnapshot build by append(_:to:), \(shape.rawValue), 1M items: \(Format.count(perItem)) instructions "
            + "per item (target ≤ 1,000): \(verdict(perItem <= 1_000))")
      }
      if let toggle = snapshotMedian(.treeSnapshot, .toggleRow, items: big, shape: shape, unit: unit) {
        lines.append(
          "- TreeSnapshot expand or collapse + row(of:), \(shape.rawValue), 1M items: \(Format.count(toggle)) "
            + "instructions (target ≤ 10,000): \(verdict(toggle <= 10_000))")
      }
      for workload in [SnapshotWorkload.derivedAppend, .derivedMove] {
        if let diff = snapshotMedian(.treeSnapshot, workload, items: big, shape: shape, unit: unit) {
          lines.append(
            "- TreeSnapshot \(workload.rawValue) (changes(from:) only), \(shape.rawValue), 1M items: "
              + "\(Format.count(diff)) instructions (target ≤ 20,000 for the apply): \(verdict(diff <= 20_000))")
        }
      }
      for workload in [SnapshotWorkload.applyAppend, .applyMove] {
        if let apply = snapshotMedian(.treeSnapshot, workload, items: big, shape: shape, unit: unit) {
          lines.append(
            "- DiffableTreeList \(workload.rawValue), \(shape.rawValue), 1M items: "
              + "\(Format.count(apply)) instructions (target ≤ 20,000): \(verdict(apply <= 20_000))")
        }
      }
      if let mine = snapshotMedian(.treeSnapshot, .unrelated, items: big, shape: shape, unit: unit),
        let theirs = snapshotMedian(.sectionSnapshot, .unrelated, items: big, shape: shape, unit: unit)
      {
        lines.append(
          "- TreeSnapshot changes(from:) of an unrelated snapshot (1 % differ), \(shape.rawValue), 1M items: "
            + "\(Format.count(mine)) instructions; the ListKit model's Heckel diff of the visible arrays "
            + "\(Format.count(theirs)) (target: no slower, ≤ 1×; \(Format.ratio(mine / theirs))): \(verdict(mine <= theirs))")
      }
      if let toggle = snapshotMedian(.treeSnapshot, .selectionToggle, items: big, shape: shape, unit: unit) {
        lines.append(
          "- TreeSelection toggle of a leaf + the root's check state and checked count, \(shape.rawValue), 1M items: "
            + "\(Format.count(toggle)) instructions (target ≤ 5,000): \(verdict(toggle <= 5_000))")
      }
      if let bytes = snapshotMedian(.treeSnapshot, .memory, items: big, shape: shape, unit: "bytes") {
        let perItem = bytes / Double(big)
        let ceiling = 64.0 + Double(MemoryLayout<Int>.size)
        lines.append(
          "- TreeSnapshot memory, \(shape.rawValue), 1M items: \(Format.bytes(bytes)), "
            + "\(String(format: "%.1f", perItem)) bytes per item (target ≤ 64 + 8 for the Int identifier = 72): "
            + verdict(perItem <= ceiling))
      }
    }
    if lines.isEmpty { lines.append("(the snapshot targets are at 1M items, not measured in this run)") }
    return lines.joined(separator: "\n")
  }
}
