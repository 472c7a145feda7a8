/// One key press, as the browser understands it.
enum Key: Equatable, Sendable {
  case up, down, left, right
  case pageUp, pageDown, home, end
  case enter, space, tab, backspace, escape
  /// Ctrl-C, which the terminal delivers as a byte in raw mode.
  case interrupt
  /// Ctrl-D: the end of input.
  case endOfInput
  /// A printable character: letters, digits, `*`, `-`, `/`, and any
  /// Unicode character typed into a search.
  case character(Character)
}
