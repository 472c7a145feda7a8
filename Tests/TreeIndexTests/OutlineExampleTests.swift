// swift-format-ignore-file
// These tests hold the documentation's examples line for line, spacing
// and aligned comments included (see DocumentationExamples), so the
// formatter leaves them as written.

import Foundation
import Testing
import TreeIndex

/// The examples of the outline behaviours' documentation (README, the
/// OutlineBehaviours article and the doc comments), with the values their
/// comments claim.
@Suite("Outline behaviours: examples")
struct OutlineExampleTests {
  @Test func readmeAndArticle() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    try index.expand([0], numberOfSubitems: 2)
    #expect(index.numberOfRows == 5)

    #expect(index.dropLevels(beforeRowAt: [0, 3]) == 0...1)
    let target = index.dropTarget(beforeRowAt: [0, 3], level: 1)!    // after [0, 1]: parent [0], index 2
    #expect(target == TreeDropTarget(parent: [0], index: 2))
    #expect(index.highlightedRows(for: target) == 0..<3)
    let destination = index.moveDestination(for: target, movingItemAt: [2])!
    #expect(destination == [0, 2])
    try index.moveItem(at: [2], to: destination)                     // the item lands at [0, 2], row 3
    #expect(index.row(for: [0, 2]) == 3)
    #expect(index.indentGuides(forRow: 3)?.isLastSubitem == true)
  }

  @Test func dropLevels() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 2)
    #expect(index.dropLevels(beforeRowAt: [0, 3]) == 0...1)
  }

  @Test func dropTarget() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 2)
    #expect(index.dropTarget(beforeRowAt: [0, 3], level: 1) == TreeDropTarget(parent: [0], index: 2))
    #expect(index.dropTarget(beforeRowAt: [0, 3], level: 0) == TreeDropTarget(parent: nil, index: 1))
    #expect(index.dropTarget(beforeRowAt: [0, 3], level: 9) == TreeDropTarget(parent: [0], index: 2))
  }

  @Test func moveDestination() throws {
    var index = TreeIndex(numberOfRootItems: 4)
    let target = TreeDropTarget(parent: nil, index: 3)         // before [3]
    let destination = index.moveDestination(for: target, movingItemAt: [0])!   // the path [2]
    #expect(destination == [2])
    try index.moveItem(at: [0], to: destination)
  }

  @Test func indentGuides() throws {
    var index = TreeIndex(numberOfRootItems: 1)
    try index.expand([0], numberOfSubitems: 2)
    try index.expand([0, 0], numberOfSubitems: 1)
    let guides = index.indentGuides(forRow: 2)!   // the row of [0, 0, 0]
    #expect(guides.continuesBelow == [false, true])
    #expect(guides.isLastSubitem == true)
  }

  @Test func rowMapping() throws {
    var index = TreeIndex(numberOfRootItems: 3)
    let changes = try index.insertItems(at: [[0]])
    let mapping = changes.rowMapping
    #expect(mapping.newIndexPath(forOldIndexPath: [0, 2]) == [0, 3])
    #expect(mapping.oldIndexPath(forNewIndexPath: [0, 0]) == nil)
  }
}
