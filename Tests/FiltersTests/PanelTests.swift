import TreeDataSource
import Testing
import TreeIndexTestSupport

@testable import filters

/// The keys the random runs press: mostly moves, opening and checking,
/// some editing keys and letters, rarely the ones that end the panel.
private let keys: [Key] =
  [.up, .down, .down, .down, .right, .left, .space, .space, .enter, .enter, .backspace, .clearLine]
  + [.character("j"), .character("k"), .character("a"), .character("x"), .right, .down, .character("e")]

@Suite struct PanelTests {
  /// Presses `text`'s keys in order.
  func press(_ keys: [Key], on panel: inout Panel) {
    for key in keys { panel.handle(key) }
  }

  @Test func theListShowsGroupsChecksAndCounts() throws {
    var panel = Panel(selection: try FilterSet.demo.makeSelection())
    let screen = panel.screen(width: 80, height: 12)
    #expect(
      screen.lines == [
        Panel.title,
        "▾ [ ] Labels",
        "    [ ] Freshman",
        "    [ ] Sophomore",
        "    [ ] Junior",
        "    [ ] Senior",
        "▾ Surveys",
        "  ▸ Survey 1",
        "  ▸ Survey 2",
        "",
        "",
        "row 1 of 8",
      ])
    #expect(screen.highlightedLine == 1)
    press([.down, .space, .down, .down, .character("j"), .space], on: &panel)
    #expect(panel.screen(width: 80, height: 12).lines[1] == "▾ [-] Labels  (2 selected)")
    #expect(panel.screen(width: 80, height: 12).lines[5] == "    [x] Senior")
    press([.character("k"), .character("k"), .character("k"), .character("k"), .space], on: &panel)
    #expect(panel.screen(width: 80, height: 12).lines[1] == "▾ [x] Labels  (4 selected)")
    press([.left], on: &panel)
    #expect(panel.screen(width: 80, height: 12).lines[2] == "▾ Surveys")
  }

  @Test func aQuestionOpensItsEditorBelowTheList() throws {
    var panel = Panel(selection: try FilterSet.demo.makeSelection())
    press([.down, .down, .down, .down, .down, .down, .right, .right, .enter], on: &panel)
    #expect(panel.editor?.item == "How long have you been in America?")
    press([.space, .down, .down, .space], on: &panel)
    var screen = panel.screen(width: 80, height: 20)
    #expect(
      Array(screen.lines.suffix(7)) == [
        "── How long have you been in America? (checklist) ──",
        "  [x] 6 months",
        "  [ ] 1 year",
        "  [x] 2 years",
        "  [ ] 5 years",
        "  Space choose · Enter Save · Esc Cancel · x Clear",
        "row 8 of 10",
      ])
    #expect(screen.highlightedLine == screen.lines.count - 4)
    #expect(screen.lines.contains("      How long have you been in America?: 6 months, 2 years"))
    // Clear empties the working copy; Cancel brings back the saved (none).
    press([.character("x")], on: &panel)
    #expect(panel.selection.results(of: "How long have you been in America?") == [])
    press([.escape], on: &panel)
    #expect(panel.editor == nil)
    #expect(panel.selection.results(of: "How long have you been in America?") == [])
    // Save keeps the answers.
    press([.enter, .space, .enter], on: &panel)
    screen = panel.screen(width: 80, height: 20)
    #expect(screen.lines.contains("      How long have you been in America?: 6 months"))
    #expect(screen.lines.contains("▾ Surveys  (1 selected)"))
    press([.character("s")], on: &panel)
    #expect(
      panel.outcome
        == .saved([
          PackagedFilter(
            key: "Survey", value: "Question",
            pairs: [.init(key: "How long have you been in America?", value: "6 months")])
        ]))
  }

  @Test func freeTextTakesTypedTextAndClearsWithCtrlU() throws {
    var panel = Panel(selection: try FilterSet.demo.makeSelection())
    press(Array(repeating: .down, count: 7) + [.right, .down, .down, .enter], on: &panel)
    #expect(panel.editor?.item == "Anything else?")
    press("sx c".map { Key.character($0) }, on: &panel)
    #expect(panel.selection.results(of: "Anything else?") == ["sx c"])
    press([.backspace, .clearLine], on: &panel)
    #expect(panel.selection.results(of: "Anything else?") == [])
    press([.character("k"), .enter], on: &panel)
    #expect(panel.selection.savedResults(of: "Anything else?") == ["k"])
    press([.character("x")], on: &panel)
    #expect(panel.selection.savedResults(of: "Anything else?") == [])
    #expect(panel.message == "cleared every group")
  }

  @Test func aGroupOpenForEditingHasItsOwnSaveCancelAndClear() throws {
    var panel = Panel(selection: try FilterSet.demo.makeSelection())
    press([.character("e"), .down, .space], on: &panel)
    #expect(panel.selection.editedItem == "Labels")
    #expect(panel.screen(width: 80, height: 12).lines.last == "row 2 of 8  ·  editing Labels")
    #expect(panel.selection.checkState(of: "Freshman") == .checked)
    #expect(panel.selection.savedResults(of: "Freshman") == [])
    press([.character("c")], on: &panel)
    #expect(panel.message == "cancelled Labels")
    #expect(panel.selection.checkState(of: "Freshman") == .unchecked)
    #expect(panel.outcome == nil)
    press([.up, .character("e"), .down, .space, .down, .space, .character("x")], on: &panel)
    #expect(panel.selection.checkedCount(in: "Labels") == 0)
    press([.space, .character("s")], on: &panel)
    #expect(panel.message == "saved Labels")
    #expect(panel.selection.editedItem == nil)
    #expect(panel.selection.checkState(of: "Sophomore") == .checked)
    // Checks outside the group, and questions, are refused while it is open.
    press([.up, .up, .character("e"), .down, .down, .down, .down, .down, .space], on: &panel)
    #expect(panel.message == "cannot check \"Surveys\": it is outside the editing session open on \"Labels\"")
    press([.escape, .character("s")], on: &panel)
    #expect(
      panel.outcome == .saved([PackagedFilter(key: "Label", value: "Label", pairs: [.init(key: "Label", value: "Sophomore")])]))
  }

  @Test func cancelAndCtrlCEndWithoutFilters() throws {
    for key in [Key.character("c"), .escape, .character("q"), .interrupt] {
      var panel = Panel(selection: try FilterSet.demo.makeSelection())
      press([.down, .space, key], on: &panel)
      #expect(panel.outcome == .cancelled)
      #expect(panel.isFinished)
    }
  }

  @Test func refusedChecksShowTheErrorOnTheStatusLine() throws {
    var panel = Panel(selection: try FilterSet.demo.makeSelection())
    press([.down, .down, .down, .down, .down, .down, .right, .right, .space], on: &panel)
    #expect(
      panel.screen(width: 200, height: 20).lines.last
        == "cannot check \"How long have you been in America?\": \"How long have you been in America?\" holds no check toggle")
  }

  @Test(arguments: 0..<UInt64(40))
  func randomKeysMatchTheModel(seed: UInt64) throws {
    var random = SeededGenerator(seed: seed)
    var panel = Panel(selection: try FilterSet.demo.makeSelection())
    var model = try PanelModel(FilterSet.demo)
    for step in 0..<300 {
      let roll = Int.random(in: 0..<200, using: &random)
      let key: Key
      if roll == 0 {
        key = .character("s")
      } else if roll < 4, panel.selection.editedItem != nil, panel.editor == nil {
        key = [Key.character("s"), .character("c"), .escape].randomElement(using: &random)!
      } else {
        key = keys.randomElement(using: &random)!
      }
      panel.handle(key)
      model.handle(key)
      let context = Comment(rawValue: "seed \(seed), step \(step), key \(key)")
      #expect(panel.outcome == model.outcome, context)
      #expect(panel.selection == model.selection, context)
      #expect(panel.editor?.item == model.editing?.item, context)
      #expect(panel.editor?.cursor ?? 0 == model.editing?.cursor ?? 0, context)
      #expect(panel.editor?.text ?? "" == model.editing?.text ?? "", context)
      let rows = model.rows
      #expect(Array(panel.layout.visibleItems) == rows, context)
      #expect(panel.currentItem == rows[model.cursor], context)
      // The check boxes, counted from the leaves.
      for row in rows where panel.selection.checkableCount(in: row) > 0 {
        let counts = model.leafCounts(row)
        let box = counts.checked == 0 ? "[ ]" : counts.checked == counts.all ? "[x]" : "[-]"
        #expect(panel.rowText(row).contains(box + " " + row), context)
      }
      if panel.isFinished { break }
    }
  }
}
