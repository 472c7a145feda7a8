/// One key press, as the browser understands it.
enum Key: Equatable, Sendable {
  /// An arrow key: ↑, ↓, ← or →.
  case up, down, left, right
  /// Shift-↑ or Shift-↓: extend the selection.
  case shiftUp, shiftDown
  /// Option-← or Option-→ (Alt): collapse or expand the whole subtree.
  case altLeft, altRight
  /// Page Up, Page Down, Home or End.
  case pageUp, pageDown, home, end
  /// Enter (CR or LF), Space, Tab, Backspace (DEL or BS) or Escape.
  case enter, space, tab, backspace, escape
  /// Ctrl-C, which the terminal delivers as a byte in raw mode.
  case interrupt
  /// Ctrl-D: the end of input.
  case endOfInput
  /// A printable character: letters, digits, `*`, `-`, `/`, and any
  /// Unicode character typed into a search.
  case character(Character)
}
