// swift-format-ignore-file
// These tests hold the documentation's examples line for line, spacing
// and aligned comments included (see DocumentationExamples), so the
// formatter leaves them as written.

import Foundation
import Testing
import TreeIndex

/// The examples of keyboard navigation and type-select (README, the
/// OutlineBehaviours article and the doc comments), with the values their
/// comments claim.
@Suite("Keyboard navigation: examples")
struct NavigationExampleTests {
  @Test func readme() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 2)
    #expect(index.navigationAction(for: .right, fromRow: 0, rowsPerPage: 20)?.focusedItem == [0, 0])
    #expect(index.navigationAction(for: .left, fromRow: 0, rowsPerPage: 20)?.expansionChange == .collapse([0], recursively: false))
    let names = ["Fruit", "Apple", "Banana", "Vegetables"]                              // by row
    var typeSelect = TreeTypeSelect()
    typeSelect.type("b", at: 0.0)                                                       // seconds, from the key event
    #expect(index.typeSelectAction(for: typeSelect, fromRow: 0) { names[index.row(for: $0)!] }?.focusedRow == 2)
  }

  @Test func navigationActionDocComment() throws {
    var index = TreeIndex(numberOfRootItems: 2)
    try index.expand([0], numberOfSubitems: 2)
    #expect(index.navigationAction(for: .right, fromRow: 0, rowsPerPage: 10)?.focusedItem == [0, 0])
    #expect(index.navigationAction(for: .left, fromRow: 1, rowsPerPage: 10)?.focusedItem == [0])
    #expect(index.navigationAction(for: .left, fromRow: 0, rowsPerPage: 10)?.expansionChange == .collapse([0], recursively: false))
  }

  @Test func typeSelectDocComments() {
    let names = ["Apple", "Éclair", "apricot"]
    let index = TreeIndex(numberOfRootItems: 3)
    var typeSelect = TreeTypeSelect()
    typeSelect.type("a", at: 0)
    #expect(index.typeSelectAction(for: typeSelect, fromRow: 0) { names[$0[0]] }?.focusedRow == 2)
    typeSelect.type("e", at: 5)   // a pause: a new search
    #expect(index.typeSelectAction(for: typeSelect, fromRow: 2) { names[$0[0]] }?.focusedRow == 1)

  }

  @Test func typeSelectSession() {
    var typeSelect = TreeTypeSelect()
    typeSelect.type("p", at: 10.0)   // searches "p", after the focused row
    #expect(typeSelect.searchText == "p" && typeSelect.startsAfterFocusedRow)
    typeSelect.type("l", at: 10.3)   // searches "pl", from the focused row
    #expect(typeSelect.searchText == "pl" && !typeSelect.startsAfterFocusedRow)
    typeSelect.type("x", at: 12.0)   // a pause: searches "x"
    #expect(typeSelect.searchText == "x")
  }

  @Test func keyDocComment() throws {
    var index = TreeIndex(numberOfRootItems: 4)
    try index.expand([3], numberOfSubitems: 2)
    try index.expand([3, 0], numberOfSubitems: 1)
    #expect(index.navigationAction(for: .right, fromRow: 3, rowsPerPage: 20)?.focusedItem == [3, 0])
    #expect(index.navigationAction(for: .right(recursively: true), fromRow: 3, rowsPerPage: 20)?.expansionChange == .expand([3], recursively: true))
  }
}
