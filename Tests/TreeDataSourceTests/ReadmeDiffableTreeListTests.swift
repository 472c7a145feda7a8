// swift-format-ignore-file
// These tests hold the documentation's examples line for line, spacing
// and aligned comments included (see DocumentationExamples), so the
// formatter leaves them as written.

import Foundation
import Testing
import TreeDataSource

@Suite("README and doc comments: DiffableTreeList")
struct ReadmeDiffableTreeListTests {
  /// The README's "Items by identifier" example.
  @Test func itemsByIdentifier() throws {
    let list = DiffableTreeList<String>()
    let host = ListHostSimulator(list: list)     // any TreeListHost; it reads the list when set
    var snapshot = list.snapshot
    try snapshot.append(["Inbox", "Archive"])
    try snapshot.append(["Today", "Yesterday"], to: "Inbox")
    list.apply(snapshot)                         // host: apply(insertedRows: 0:[0..<2])
    #expect(host.calls == [.reloadData, .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 0..<2)]))])
    try list.expand("Inbox")                     // the user opens it: 0:[1..<3] inserted
    #expect(host.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 1..<3)])))
    #expect(list.tablePath(of: "Yesterday") == [0, 2])

    var next = list.snapshot                     // with the user's expansion
    #expect(next.isExpanded("Inbox"))
    try next.append(["Earlier"], to: "Inbox")
    try next.move("Archive", before: "Inbox")
    let changes = list.apply(next)               // one batch: a move and an insertion
    #expect(changes.movedRowRanges.count == 1)
    #expect(changes.insertedRowRanges.count == 1)
    #expect(host.calls.count == 4)
    #expect(host.violations.isEmpty)
    #expect(host.rows == [["Archive", "Inbox", "Today", "Yesterday", "Earlier"]])
  }

  /// ``DiffableTreeList/update(_:)``'s doc comment.
  @Test func update() throws {
    let list = DiffableTreeList<String>()
    let host = ListHostSimulator(list: list)
    var snapshot = list.snapshot
    try snapshot.append(["Mail", "Drafts"])
    snapshot.expand(["Mail"])
    list.apply(snapshot)
    try list.update { snapshot in
      try snapshot.append(["Inbox"], to: "Mail")
      try snapshot.move("Drafts", to: "Mail", at: 0)
    }
    #expect(host.calls.count == 3)               // reloadData, then one update each
    #expect(host.violations.isEmpty)
    #expect(host.rows == [["Mail", "Drafts", "Inbox"]])
    #expect(throws: TreeSnapshotError.self) {
      try list.update { snapshot in
        try snapshot.append(["Sent"], to: "Mail")
        try snapshot.move("Mail", to: "Drafts", at: 0)   // into its own subtree: nothing is applied
      }
    }
    #expect(host.calls.count == 3)
    #expect(list.snapshot.children(of: "Mail").count == 2)
  }

  /// ``DiffableTreeList``'s doc comment.
  @Test func diffableTreeList() throws {
    let list = DiffableTreeList<String>()
    let host = ListHostSimulator(list: list)   // becomes list.host
    var snapshot = list.snapshot
    try snapshot.append(["Fruit", "Vegetables"])
    try snapshot.append(["Apple", "Pear"], to: "Fruit")
    list.apply(snapshot)                       // host: rows 0..<2 inserted
    #expect(host.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 0..<2)])))
    try list.expand("Fruit")                   // host: rows 1..<3 inserted
    #expect(host.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 1..<3)])))
    #expect(list.itemID(at: IndexPath(indexes: [0, 2])) == "Pear")
    #expect(host.rows == [["Fruit", "Apple", "Pear", "Vegetables"]])
  }
}
