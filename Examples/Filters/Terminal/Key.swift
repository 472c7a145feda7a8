/// One key press, as the panel understands it.
enum Key: Equatable, Sendable {
  /// An arrow key.
  case up, down, left, right
  /// Enter (CR or LF), Space, Backspace (DEL or BS), Escape.
  case enter, space, backspace, escape
  /// Ctrl-U: Clear.
  case clearLine
  /// Ctrl-C.
  case interrupt
  /// A printable character.
  case character(Character)

  /// The keys in `bytes` as a terminal sends them in raw mode: arrows as
  /// `ESC [ A`…`D` (or `ESC O A`…), a lone `ESC` as Escape, control bytes,
  /// and UTF-8 text. Bytes it does not know are skipped.
  static func keys(in bytes: [UInt8]) -> [Key] {
    var keys: [Key] = []
    var text: [UInt8] = []
    func flushText() {
      for character in String(decoding: text, as: UTF8.self) {
        keys.append(character == " " ? .space : .character(character))
      }
      text.removeAll()
    }
    var index = 0
    while index < bytes.count {
      let byte = bytes[index]
      index += 1
      guard byte < 0x20 || byte == 0x7F else {
        text.append(byte)
        continue
      }
      flushText()
      switch byte {
      case 0x1B:
        if index + 1 < bytes.count, bytes[index] == 0x5B || bytes[index] == 0x4F {
          let arrows: [UInt8: Key] = [0x41: .up, 0x42: .down, 0x43: .right, 0x44: .left]
          if let arrow = arrows[bytes[index + 1]] { keys.append(arrow) }
          index += 2
        } else {
          keys.append(.escape)
        }
      case 0x0D, 0x0A: keys.append(.enter)
      case 0x7F, 0x08: keys.append(.backspace)
      case 0x15: keys.append(.clearLine)
      case 0x03: keys.append(.interrupt)
      default: break
      }
    }
    flushText()
    return keys
  }
}
