// swift-format-ignore-file
// These tests hold the documentation's examples line for line, spacing
// and aligned comments included (see DocumentationExamples), so the
// formatter leaves them as written.

import Foundation
import Testing
import TreeIndex

/// The sticky rows' examples (the OutlineBehaviours article and the doc
/// comments), with the values their comments claim.
@Suite("Sticky rows: examples")
struct StickyRowExampleTests {
  @Test func article() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 3)
    try index.expand([0, 0], numberOfSubitems: 2)
    let sticky = index.stickyRows(forTopRow: 2)    // sticks [0] at 0, [0, 0] at 1
    #expect(sticky == [TreeStickyRow(treePath: [0], row: 0, offset: 0), TreeStickyRow(treePath: [0, 0], row: 1, offset: 1)])
  }

  @Test func docComment() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 3)
    try index.expand([0, 0], numberOfSubitems: 2)
    #expect(index.stickyRows(forTopRow: 2) == [TreeStickyRow(treePath: [0], row: 0, offset: 0), TreeStickyRow(treePath: [0, 0], row: 1, offset: 1)])
    #expect(index.stickyRows(forTopRow: 3) == [TreeStickyRow(treePath: [0], row: 0, offset: 0)])
  }
}
