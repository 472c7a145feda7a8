import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

/// A snapshot's history: the edits since a recent ancestor are found (and
/// give the change set the full comparison gives), an ancestor older than
/// the limit is compared in full.
@Suite struct HistoryTests {
  /// A snapshot of `count` root items, appended `perEdit` at a time.
  static func appended(_ count: Int, perEdit: Int = 1) -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    for start in stride(from: 0, to: count, by: perEdit) {
      try! snapshot.append(Array(start..<Swift.min(start + perEdit, count)))
    }
    return snapshot
  }

  @Test func recentAncestorsAreFoundAcrossATrimmedHistory() throws {
    // 20,000 identifiers in 200 edits: the history has been trimmed
    // several times (few edits: the internal checks are O(n) per edit).
    var snapshot = Self.appended(20_000, perEdit: 100)
    let recent = snapshot
    var model = Array(0..<20_000)
    for item in 20_000..<20_100 {
      try snapshot.append([item], to: nil)
      model.append(item)
    }
    try snapshot.move(5, to: nil, at: 19_000)
    model.remove(at: 5)
    model.insert(5, at: 19_000)
    #expect(Array(snapshot.rootItems) == model)
    let edits = try #require(snapshot._edits(since: recent))
    #expect(edits.count == 101)
    #expect(snapshot._derivedChanges(from: recent, layout: .flat) == snapshot._changesComparedInFull(from: recent, layout: .flat))
    #expect(snapshot._edits(since: snapshot)?.isEmpty == true)

    // An ancestor more than 4,096 identifiers back is compared in full.
    var later = snapshot
    for start in stride(from: 30_000, to: 35_000, by: 100) { try later.append(Array(start..<(start + 100))) }
    #expect(later._edits(since: snapshot) == nil)
    #expect(later._derivedChanges(from: snapshot, layout: .flat) == nil)
    let changes = later.changes(from: snapshot)
    #expect(changes.insertedRowRanges == [.init(section: 0, rows: 20_100..<25_100)])
    // Unrelated snapshots never look related.
    #expect(Self.appended(3)._edits(since: Self.appended(2).reversedRoots()) == nil)
  }
}

extension TreeSnapshot<Int> {
  /// The same root items in reverse order, made anew.
  fileprivate func reversedRoots() -> TreeSnapshot<Int> {
    var snapshot = TreeSnapshot<Int>()
    try! snapshot.append(rootItems.reversed())
    return snapshot
  }
}
