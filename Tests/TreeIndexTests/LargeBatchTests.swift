import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// Large batches under one parent: the batch records each edit in O(log *k*)
/// amortized for *k* edits, whatever their order, and its change set is the
/// one the reference model gives.
@Suite("Large batches under one parent")
struct LargeBatchTests {
  /// 20,000 scattered deletions (every other subitem of 40,000, left to
  /// right, so that none touches another) in one batch. Recording each in
  /// O(the batch's deleted ranges) took about 11 s here in a debug build; the bound
  /// only catches that.
  @Test(.enabled(if: !LongTests.checksInvariants, "the internal checks make each edit O(known items)"))
  func twentyThousandScatteredDeletionsInOneBatchAreQuick() throws {
    let k = 20_000
    var index = TreeIndex(numberOfRootItems: 1)
    try index.expand([0], numberOfSubitems: 2 * k)
    let clock = ContinuousClock()
    var changes: TreeChanges?
    let elapsed = try clock.measure {
      changes = try index.performBatchUpdates { index in
        for i in 0..<k { try index.deleteItems(at: [[0, i]]) }
      }
    }
    #expect(elapsed < .seconds(2), "took \(elapsed)")
    // Rows: [0] is row 0, its subitem i row 1 + i; the even subitems go.
    let deleted = try #require(changes?.deletedRowRanges)
    #expect(deleted == (0..<k).map { TreeChanges.RowRange(section: 0, rows: (1 + 2 * $0)..<(2 + 2 * $0)) })
    #expect(changes?.insertedRowRanges.isEmpty == true)
    #expect(index.numberOfSubitems(of: [0]) == k)
  }
}
