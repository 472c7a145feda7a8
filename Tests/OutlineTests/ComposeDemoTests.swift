import Foundation
import Testing
import TreeDataSource

@testable import outline

/// `outline --compose`: the walkthrough's host batches, exactly — moves as
/// moves, one batch a step — and the rows and arrays after each step.
@Suite struct ComposeDemoTests {
  typealias Range = TreeChanges.RowRange

  @Test func eachStepIsOneHostBatch() throws {
    let steps = try ComposeDemo.run()
    #expect(
      steps.map(\.calls) == [
        [.reloadData],
        [.apply(TreeChanges(insertedRowRanges: [Range(section: 0, rows: 7..<8)]))],
        [
          .apply(
            TreeChanges(movedRowRanges: [.init(from: Range(section: 0, rows: 4..<5), to: Range(section: 0, rows: 8..<9))]))
        ],
        [
          .apply(
            TreeChanges(deletedRowRanges: [
              Range(section: 0, rows: 4..<5), Range(section: 0, rows: 6..<7), Range(section: 0, rows: 8..<9),
              Range(section: 0, rows: 10..<11),
            ]))
        ],
        [.apply(TreeChanges(deletedRowRanges: [Range(section: 0, rows: 6..<7)]))],
        [
          .apply(
            TreeChanges(movedRowRanges: [.init(from: Range(section: 0, rows: 4..<5), to: Range(section: 0, rows: 5..<6))]))
        ],
        [.apply(TreeChanges(insertedRowRanges: [Range(section: 0, rows: 4..<6), Range(section: 0, rows: 7..<10)]))],
      ])
  }

  @Test func theRowsAndTheArraysFollowTheEdits() throws {
    let steps = try ComposeDemo.run()
    let header = ["▾ Ann Lee", "    team: Reds", "    city: Oslo"]
    #expect(steps[0].rows == header + ["▾ Friends", "    Bob", "    Cy", "    Dee", "▾ Enemies", "    Eve", "    Finn"])
    #expect(steps[0].data == "friends: [Bob, Cy, Dee]  enemies: [Eve, Finn]")
    // The move through the composed tree moved Bob between the arrays.
    #expect(steps[2].data == "friends: [Cy, Dee, Gus]  enemies: [Bob, Eve, Finn]")
    #expect(steps[3].rows == header + ["▾ Friends", "    Dee", "▾ Enemies", "    Eve"])
    #expect(steps[4].rows == header + ["▾ Friends", "    Dee", "▾ Enemies"])
    // Through the filter, Dee goes after the hidden enemies.
    #expect(steps[5].data == "friends: [Cy, Gus]  enemies: [Bob, Eve, Finn, Dee]")
    #expect(
      steps[6].rows
        == header + ["▾ Friends", "    Cy", "    Gus", "▾ Enemies", "    Bob", "    Eve", "    Finn", "    Dee"])
  }

  @Test func thePrintedWalkthroughNamesEachStepAndBatch() throws {
    let lines = ComposeDemo.lines(of: try ComposeDemo.run())
    #expect(lines.first == "1. list.reloadData()    // Ann's profile, a static section, joined with her friends and her enemies")
    #expect(lines[1] == "host: reloadData()")
    #expect(lines.contains("host: apply(TreeChanges(movedRows: [0:[4..<5] -> 0:[8..<9]]))"))
    #expect(lines.filter { $0.hasPrefix("host: ") }.count == 7)
    #expect(lines.dropLast().last == "friends: [Cy, Gus]  enemies: [Bob, Eve, Finn, Dee]")
  }

  /// A window scrolled to Bob's row keeps him at its top while he moves,
  /// and keeps the row before him (here the Enemies section) once the
  /// filter hides him.
  @Test func theScrollAnchorFollowsBobThenTheRowBeforeHim() throws {
    let anchors = try ComposeDemo.run().map(\.anchor)
    #expect(
      anchors == [
        "anchor: Bob, row 4: the window's top at 4.0",
        "anchor: Bob, row 4: the window's top at 4.0",
        "anchor: Bob, row 8: the window's top at 8.0",  // moved to the enemies
        "anchor: Enemies, row 5: the window's top at 5.0",  // hidden by the filter
        "anchor: Enemies, row 5: the window's top at 5.0",
        "anchor: Enemies, row 4: the window's top at 4.0",  // Dee moved past it
        "anchor: Enemies, row 6: the window's top at 6.0",
      ])
  }

  @Test func theSampleRefusesBadEditsWithTheSourcesError() throws {
    let sample = ContactsSample()
    // A group's header cannot move; a contact's path past the end names nothing.
    #expect(throws: TreeSourceError.self) { try sample.contacts.move(from: [1], to: [2]) }
    let error = #expect(throws: TreeSourceError.self) { try sample.contacts.remove(at: [1, 7]) }
    #expect(error?.source == "Filtered(contacts)")
    #expect(error?.path == [1, 7])
    #expect(sample.friends.elements.map(\.name) == ["Bob", "Cy", "Dee"])
  }
}
