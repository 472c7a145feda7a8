import Testing
import TreeIndex

/// The examples of `TreeSnapshot`'s documentation, line for line.
@Suite struct TreeSnapshotExampleTests {
  @Test func typeOverview() throws {
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["Fruit", "Vegetables"])
    try snapshot.append(["Apple", "Pear"], to: "Fruit")
    snapshot.expand(["Fruit"])
    #expect(snapshot.row(of: "Pear") == 2)
    #expect(snapshot.item(atRow: 3) == "Vegetables")
    #expect(snapshot.treePath(of: "Pear") == [0, 1])
  }

  @Test func visualDescription() throws {
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["Fruit", "Vegetables"])
    try snapshot.append(["Apple", "Pear"], to: "Fruit")
    try snapshot.append(["Leek"], to: "Vegetables")
    snapshot.expand(["Fruit"])
    #expect(
      snapshot.visualDescription() == """
        ▾ Fruit
          · Apple
          · Pear
        ▸ Vegetables
          · Leek (hidden)

        """)
  }

  @Test func itemsByIdentifierArticle() throws {
    var snapshot = TreeSnapshot<String>()
    try snapshot.append(["Inbox", "Archive"])
    try snapshot.append(["Today", "Yesterday"], to: "Inbox")
    snapshot.expand(["Inbox"])
    #expect(snapshot.row(of: "Yesterday") == 2)
    #expect(snapshot.visibleItems.count == 4)

    let before = snapshot
    do {
      try snapshot.append(["Today"], to: "Archive")
    } catch let error as TreeSnapshotError {
      #expect(error.reason == .duplicateItem)
      #expect(error.description == "cannot append \"Today\": \"Today\" is already in the snapshot")
    }
    #expect(snapshot == before)

    var next = snapshot
    try next.move("Archive", before: "Inbox")
    let changes = next.changes(from: snapshot)
    #expect(changes.movedRowRanges.count == 1)
  }
}
