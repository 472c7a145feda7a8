// swift-format-ignore-file
// These tests hold the documentation's examples line for line, spacing
// and aligned comments included, so the formatter leaves them as written.

import Testing
import TreeDataSource

/// The row-selection example of the README's outline behaviours, with what
/// its comments claim.
@Suite("Row selection: examples")
struct RowSelectionExampleTests {
  @Test func readmeExample() throws {
    let list = DiffableTreeList<String>()
    var snapshot = list.snapshot
    try snapshot.append(["Fruit", "Vegetables"])
    try snapshot.append(["Apple", "Pear", "Plum"], to: "Fruit")
    snapshot.expand(["Fruit"])
    list.apply(snapshot)
    list.select("Apple")                     // a click: focus and anchor on Apple
    #expect(list.focusedItem == "Apple" && list.selectionAnchor == "Apple" && list.selectedItems == ["Apple"])
    list.extendSelection(to: "Plum")         // Shift-click: Apple, Pear, Plum
    #expect(list.selectedItems == ["Apple", "Pear", "Plum"] && list.selectedRows == [1, 2, 3])
    try list.collapse("Fruit")               // the focus moves to Fruit; the three stay selected
    #expect(list.focusedItem == "Fruit" && list.selectedItems == ["Apple", "Pear", "Plum"])
    #expect(list.selectedRows.isEmpty)
  }
}
