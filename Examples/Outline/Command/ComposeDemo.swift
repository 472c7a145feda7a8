import Foundation
import TreeDataSource

/// `outline --compose`: composed tree sources at work. A list shows
/// ``ContactsSample`` (a static profile section joined with Ann's friends
/// and enemies, through a filter), and each step edits the data — never the
/// list — while a `ListHostSimulator` stands in for the table: it receives
/// each update the list makes of a source's change set, and checks it as
/// `UITableView` would.
enum ComposeDemo {
  /// One step of the walkthrough: what was done, the host's calls it
  /// caused, and what the list shows then.
  struct Step: Equatable {
    /// The code the step ran.
    var code: String
    /// What it shows.
    var explanation: String
    /// The calls the host received during the step: one each.
    var calls: [ListHostSimulator.Call]
    /// The visible rows afterwards, as the outline prints them.
    var rows: [String]
    /// The arrays behind the two contact sections afterwards.
    var data: String
    /// Where the list's scroll anchor is afterwards: the item a window
    /// scrolled to Bob's row keeps at its top, and the content offset that
    /// keeps it there.
    var anchor: String
  }

  /// Runs the walkthrough on a new sample.
  ///
  /// - Returns: The steps, in order.
  /// - Throws: An ``OutlineError`` if a source refuses a step, or the host
  ///   receives an update `UITableView` would reject or ends up showing
  ///   other rows than the list (none of which happens).
  /// - Complexity: O(*n* *d* log *b*) per step for the sample's *n* items.
  static func run() throws(OutlineError) -> [Step] {
    let sample = ContactsSample()
    let list = TreeList(source: sample.contacts) { path, _ in path.depth == 1 }
    // The host keeps each row's text as it loaded it, so that what it shows
    // after replaying the updates can be compared with the list.
    let host = ListHostSimulator(
      numberOfSections: { list.numberOfSections }, numberOfRows: { list.numberOfRows(inSection: $0) },
      rowContent: { AnyHashable(list.item(at: $0).text) })
    list.host = host
    var steps: [Step] = []
    func step(_ code: String, _ explanation: String, _ body: () throws -> Void) throws(OutlineError) {
      let before = host.calls.count
      do {
        try body()
      } catch {
        throw OutlineError("--compose: \(code): \(error)")
      }
      if let violation = host.violations.first {
        throw OutlineError("--compose: \(code): the host got an invalid update: \(violation)")
      }
      guard host.mismatchedRows().isEmpty else {
        throw OutlineError("--compose: \(code): the host's rows differ from the list's")
      }
      let names = { (source: ArrayTreeSource<OutlineEntry>) in source.elements.map(\.name).joined(separator: ", ") }
      // A window scrolled to Bob's row once the list is loaded: its anchor
      // follows Bob through the edits, and the row before him when he goes.
      if steps.isEmpty, let bob = list.index.row(for: [1, 0]) { list.setScrollAnchor(atContentOffset: list.offset(ofRow: bob)) }
      var anchor = "anchor: none"
      if let path = list.scrollAnchorTreePath, let offset = list.anchoredContentOffset, let row = list.row(for: path) {
        anchor = "anchor: \(list.item(at: IndexPath(indexes: [0, row])).name), row \(row): the window's top at \(offset)"
      }
      steps.append(
        Step(
          code: code, explanation: explanation, calls: Array(host.calls.dropFirst(before)), rows: list.rowTexts,
          data: "friends: [\(names(sample.friends))]  enemies: [\(names(sample.enemies))]", anchor: anchor))
    }

    let script: [(code: String, explanation: String, run: () throws -> Void)] = [
      ("list.reloadData()", "Ann's profile, a static section, joined with her friends and her enemies", list.reloadData),
      (
        "try friends.mutableChildren().append(\"Gus\")", "an array edit through the children view: one insertion",
        { try sample.friends.mutableChildren().append(OutlineEntry(name: "Gus")) }
      ),
      (
        "try contacts.move(from: [1, 0], to: [2, 0])",
        "Bob moves from Friends to Enemies through the composed tree: one move, and the arrays change",
        { try sample.contacts.move(from: [1, 0], to: [2, 0]) }
      ),
      (
        "filter(\"e\")", "only the contacts whose names contain \"e\": the others go in one update",
        { sample.filter("e") }
      ),
      ("filter(\"d\")", "a new predicate: Dee stays, Eve goes", { sample.filter("d") }),
      (
        "try contacts.move(from: [1, 0], to: [2, 0])",
        "Dee moves from Friends to Enemies through the filter: filtered paths, one move",
        { try sample.contacts.move(from: [1, 0], to: [2, 0]) }
      ),
      ("filter(\"\")", "no filter: every contact comes back in one update", { sample.filter("") }),
    ]
    for (code, explanation, run) in script { try step(code, explanation, run) }
    return steps
  }

  /// The walkthrough as the command prints it: each step's code and
  /// explanation, the host's calls, the rows, and the arrays.
  ///
  /// - Complexity: O(the steps' rows).
  static func lines(of steps: [Step]) -> [String] {
    var lines: [String] = []
    for (i, step) in steps.enumerated() {
      if i > 0 { lines.append("") }
      lines.append("\(i + 1). \(step.code)    // \(step.explanation)")
      for call in step.calls {
        switch call {
        case .reloadData: lines.append("host: reloadData()")
        case .apply(let changes): lines.append("host: apply(\(changes))")
        }
      }
      lines += step.rows
      lines.append(step.data)
      lines.append(step.anchor)
    }
    return lines
  }
}
