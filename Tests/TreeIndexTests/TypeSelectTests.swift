import Foundation
import Testing
import TreeIndex
import TreeIndexTestSupport

// Type-select against a naive model: a session of typed characters, pauses,
// resets and focus moves on random trees; the model keeps its own typed
// text and scans the visible rows as an array, and the focus the index's
// actions give must be the model's after every step.

@Suite("Type-select")
struct TypeSelectTests {
  static let words = ["apple", "Äpfel", "apricot", "banana", "Béla", "bongo", "cherry", "Çava", "éclair", "Eel"]

  /// The label of an item, by its identity.
  static func label(_ identity: Int) -> String { words[(identity &* 7) % words.count] }

  /// The model's session: the typed text and when, and the search it makes.
  struct Session {
    var typed = ""
    var last: Double?
    let timeout = 1.0

    mutating func type(_ character: Character, at time: Double) {
      if let last, time - last > timeout || time < last { typed = "" }
      typed.append(character)
      last = time
    }

    /// The row the search focuses from `focus`, or `nil` when none matches.
    func match(in labels: [String], from focus: Int?) -> Int? {
      guard let first = typed.first, !labels.isEmpty else { return nil }
      let repeated = typed.allSatisfy { $0 == first }
      let text = repeated ? String(first) : typed
      let start = focus.map { repeated ? $0 + 1 : $0 } ?? 0
      for step in 0..<labels.count {
        let row = (start + step) % labels.count
        if labels[row].range(of: text, options: [.anchored, .caseInsensitive, .diacriticInsensitive]) != nil {
          return row
        }
      }
      return nil
    }
  }

  @Test(arguments: DropTargetTests.seeds, RandomizedModelTests.layouts)
  func sessionsMatchTheModel(seed: UInt64, layout: TreeIndex.Layout) {
    var rng = SeededGenerator(seed: seed &+ 91)
    var matches = 0
    var misses = 0
    var stays = 0
    for (step, (index, model)) in DropTargetTests.trees(seed: seed, layout: layout).enumerated() {
      let rows = model.visibleRows().flatMap { $0 }
      let labels = rows.map { Self.label($0.identity) }
      let labelOfPath = Dictionary(
        zip(rows.map(\.treePath), labels), uniquingKeysWith: { a, _ in a })
      var session = Session()
      var typeSelect = TreeTypeSelect(timeout: 1)
      var focus: Int? = rows.isEmpty ? nil : Int.random(in: -1..<rows.count, using: &rng)
      if focus == -1 { focus = nil }
      var time = 0.0
      for turn in 0..<40 {
        let context = "seed \(seed), layout .\(layout), tree \(step), turn \(turn), typed \(session.typed)"
        switch Int.random(in: 0..<10, using: &rng) {
        case 0:
          session = Session()
          typeSelect.reset()
        case 1 where !rows.isEmpty:
          focus = Int.random(in: 0..<rows.count, using: &rng)
          session = Session()
          typeSelect.reset()
        default:
          time += [0.1, 0.5, 1.0, 1.5, 3][Int.random(in: 0..<5, using: &rng)]
          let character = Array("aabbcéÉäpPlx")[Int.random(in: 0..<12, using: &rng)]
          session.type(character, at: time)
          typeSelect.type(String(character), at: time)
          #expect(typeSelect.typedText == session.typed, "\(context)")
          let want = session.match(in: labels, from: focus)
          let got = index.typeSelectAction(for: typeSelect, fromRow: focus) { labelOfPath[$0]! }
          #expect(got?.focusedRow == want, "\(context)\n\(model)")
          if let got, let want {
            #expect(got == TreeNavigationAction(focusedItem: rows[want].treePath, focusedRow: want), "\(context)")
            if want == focus { stays += 1 }
            focus = want
            matches += 1
          } else {
            misses += 1
          }
        }
      }
    }
    #expect(matches > 50 && misses > 5 && stays > 0)
  }

  /// Root items with these labels, and the action's row from `row`.
  func select(_ text: [(String, Double)], in names: [String], from row: Int?) -> Int? {
    let index = TreeIndex(numberOfRootItems: names.count)
    var typeSelect = TreeTypeSelect()
    for (characters, time) in text { typeSelect.type(characters, at: time) }
    return index.typeSelectAction(for: typeSelect, fromRow: row) { names[$0[0]] }?.focusedRow
  }

  @Test func findersRules() {
    let names = ["Apple", "apricot", "Banana", "Éclair", "eel", "avocado"]
    // Accumulating: "ap" keeps "Apple", "apr" moves on.
    #expect(select([("a", 0), ("p", 0.2)], in: names, from: 0) == 0)
    #expect(select([("a", 0), ("p", 0.2), ("r", 0.4)], in: names, from: 0) == 1)
    // A first character moves past the focused row; a repeated one cycles
    // and wraps around.
    #expect(select([("a", 0)], in: names, from: 0) == 1)
    #expect(select([("a", 0), ("a", 0.2)], in: names, from: 1) == 5)
    #expect(select([("a", 0), ("a", 0.2), ("a", 0.4)], in: names, from: 5) == 0)
    // Case and diacritics do not count.
    #expect(select([("E", 0)], in: names, from: 0) == 3)
    #expect(select([("é", 0), ("E", 0.1)], in: names, from: 3) == 4)
    #expect(select([("ÉCL", 0)], in: names, from: nil) == 3)
    // No match: no action, the focus stays.
    #expect(select([("z", 0)], in: names, from: 2) == nil)
    #expect(select([], in: names, from: 2) == nil)
    // A pause longer than the time-out starts a new search.
    #expect(select([("b", 0), ("e", 5)], in: names, from: 0) == 3)
    #expect(select([("b", 0), ("e", 0.5)], in: names, from: 0) == nil)
    // A row out of range is refused.
    #expect(select([("a", 0)], in: names, from: 6) == nil)
  }

  @Test func theTypedText() {
    var typeSelect = TreeTypeSelect(timeout: 2)
    typeSelect.type("a", at: 10)
    #expect(typeSelect.searchText == "a" && typeSelect.startsAfterFocusedRow)
    typeSelect.type("a", at: 11)
    #expect(typeSelect.typedText == "aa" && typeSelect.searchText == "a" && typeSelect.startsAfterFocusedRow)
    typeSelect.type("b", at: 12.5)
    #expect(typeSelect.searchText == "aab" && !typeSelect.startsAfterFocusedRow)
    typeSelect.type("c", at: 9)  // the clock went back: a new search
    #expect(typeSelect.typedText == "c")
    typeSelect.reset()
    #expect(typeSelect.typedText.isEmpty && typeSelect.timeOfLastCharacter == nil)
    #expect(typeSelect.matches("") == false)
    typeSelect.type("Ö", at: 0)
    #expect(typeSelect.matches("ostrich") && typeSelect.matches("Öl") && !typeSelect.matches("bo"))
  }

  @Test func matchingAgreesWithFoundationsAnchoredSearch() {
    let labels = [
      "abc", "ABC", "a\u{301}bc", "Ábc", "ab", "a", "", "b", "æb", "Straße", "STRASSE", "ǅemal", "e\u{301}clair",
      "Éclair", "eclair", "aBc!", "ab\u{301}c",
    ]
    for text in ["a", "ab", "AB", "é", "e", "str", "ß", "ǆ", "abc", "ecl", "x"] {
      var typeSelect = TreeTypeSelect()
      typeSelect.type(text, at: 0)
      for label in labels {
        let want = label.range(of: text, options: [.anchored, .caseInsensitive, .diacriticInsensitive]) != nil
        #expect(typeSelect.matches(label) == want, "\(text) in \(label)")
      }
    }
  }
}
