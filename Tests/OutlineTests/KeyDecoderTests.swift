import Testing
@testable import outline

/// The escape byte.
private let esc: UInt8 = 0x1B

/// The bytes of `text` in UTF-8.
private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

/// The bytes of `ESC` followed by `text`.
private func escape(_ text: String) -> [UInt8] { [esc] + bytes(text) }

/// The keys a fresh decoder makes of `reads`, one array per read.
private func decode(_ reads: [UInt8]...) -> [[Key]] {
  var decoder = KeyDecoder()
  return reads.map { decoder.keys(from: $0) }
}

/// The keys a fresh decoder makes of `input` in one read.
private func keys(_ input: [UInt8]) -> [Key] { decode(input)[0] }

@Suite struct KeyDecoderTests {
  @Test func printableASCIIBytesAreCharacters() {
    for text in ["a", "z", "A", "Z", "0", "9", "*", "-", "/", "~", "[", "O"] {
      #expect(keys(bytes(text)) == [.character(Character(text))], "\(text)")
    }
    for byte in UInt8(0x21)...0x7E {
      #expect(keys([byte]) == [.character(Character(Unicode.Scalar(byte)))], "\(byte)")
    }
  }

  @Test func controlBytesAreTheirKeys() {
    #expect(keys([0x20]) == [.space])
    #expect(keys([0x0D]) == [.enter])
    #expect(keys([0x0A]) == [.enter])
    #expect(keys([0x09]) == [.tab])
    #expect(keys([0x7F]) == [.backspace])
    #expect(keys([0x08]) == [.backspace])
    #expect(keys([0x03]) == [.interrupt])
    #expect(keys([0x04]) == [.endOfInput])
  }

  @Test func otherControlBytesAreSkipped() {
    #expect(keys([0x00, 0x01, 0x1A, 0x1F]).isEmpty)
    #expect(keys([0x00] + bytes("a") + [0x1A] + bytes("b")) == [.character("a"), .character("b")])
  }

  @Test func arrowsInBothForms() {
    for (final, key) in [("A", Key.up), ("B", .down), ("C", .right), ("D", .left)] {
      #expect(keys(escape("[" + final)) == [key], "ESC [ \(final)")
      #expect(keys(escape("O" + final)) == [key], "ESC O \(final)")
    }
  }

  @Test func homeAndEndInEveryForm() {
    for sequence in ["[H", "OH", "[1~", "[7~"] {
      #expect(keys(escape(sequence)) == [.home], "ESC \(sequence)")
    }
    for sequence in ["[F", "OF", "[4~", "[8~"] {
      #expect(keys(escape(sequence)) == [.end], "ESC \(sequence)")
    }
  }

  @Test func pageUpAndPageDown() {
    #expect(keys(escape("[5~")) == [.pageUp])
    #expect(keys(escape("[6~")) == [.pageDown])
  }

  @Test func shiftAndOptionArrowsAreTheirOwnKeys() {
    #expect(keys(escape("[1;2A")) == [.shiftUp])
    #expect(keys(escape("[1;2B")) == [.shiftDown])
    #expect(keys(escape("[1;3C")) == [.altRight])
    #expect(keys(escape("[1;9C")) == [.altRight])
    #expect(keys(escape("[1;3D")) == [.altLeft])
  }

  @Test func otherModifiedArrowsAreThePlainKeys() {
    #expect(keys(escape("[1;5A")) == [.up])
    #expect(keys(escape("[1;5B")) == [.down])
    #expect(keys(escape("[1;2C")) == [.right])
    #expect(keys(escape("[1;5D")) == [.left])
    #expect(keys(escape("[1;5H")) == [.home])
    #expect(keys(escape("[1;2F")) == [.end])
  }

  @Test func unknownSequencesAreSkippedWithNothingAfterThemLost() {
    for sequence in ["[2~", "[3~", "[15~", "[24~", "[Z", "OP", "[200~", "[?1;2c"] {
      #expect(keys(escape(sequence)).isEmpty, "ESC \(sequence)")
      #expect(keys(escape(sequence) + bytes("x") + escape("[B")) == [.character("x"), .down], "ESC \(sequence)")
    }
  }

  @Test func aLoneEscapeAtTheEndOfAReadIsTheEscapeKey() {
    #expect(keys([esc]) == [.escape])
    #expect(keys(bytes("q") + [esc]) == [.character("q"), .escape])
    #expect(decode([esc], bytes("[A")) == [[.escape], [.character("["), .character("A")]])
  }

  @Test func escapeBeforeAnotherKeyIsEscapeThenThatKey() {
    #expect(keys(escape("x")) == [.escape, .character("x")])
    #expect(keys(escape("\r")) == [.escape, .enter])
    #expect(keys(escape(" ")) == [.escape, .space])
    #expect(keys([esc, esc]) == [.escape, .escape])
    #expect(keys([esc] + escape("[A")) == [.escape, .up])
    #expect(keys(escape("é")) == [.escape, .character("é")])
  }

  @Test func aSequenceSplitBetweenReadsWaitsForItsEnd() {
    #expect(decode(escape("["), bytes("A")) == [[], [.up]])
    #expect(decode(escape("O"), bytes("B")) == [[], [.down]])
    #expect(decode(escape("[1;"), bytes("5C")) == [[], [.right]])
    #expect(decode(escape("[5"), bytes("~")) == [[], [.pageUp]])
    #expect(decode(bytes("a") + escape("[6"), bytes("~b")) == [[.character("a")], [.pageDown, .character("b")]])
    #expect(decode(escape("["), bytes("1"), bytes(";5"), bytes("A")) == [[], [], [], [.up]])
    #expect(decode(escape("[1"), bytes("5~x")) == [[], [.character("x")]])
  }

  /// A byte that cannot continue a sequence (a control byte, an escape) ends
  /// it and is decoded on its own: an unfinished `ESC [` (Alt-[) does not
  /// swallow the key typed next.
  @Test func aByteThatCannotContinueASequenceIsNotSwallowed() {
    #expect(keys(escape("[\r")) == [.enter])
    #expect(keys(escape("[") + escape("[A")) == [.up])
    #expect(keys(escape("[1;") + escape("OB")) == [.down])
    #expect(keys(escape("[\u{7F}")) == [.backspace])
    #expect(decode(escape("["), escape("[D")) == [[], [.left]])
    #expect(decode(escape("["), [0x03]) == [[], [.interrupt]])
    #expect(decode(escape("O"), bytes("é")) == [[], [.character("é")]])
  }

  @Test func multiByteCharactersAreWholeCharacters() {
    #expect(keys([0xC3, 0xA9]) == [.character("é")])
    #expect(keys([0xE6, 0x97, 0xA5]) == [.character("日")])
    #expect(keys([0xF0, 0x9F, 0x98, 0x80]) == [.character("😀")])
    #expect(keys(bytes("aé日😀b")) == ["a", "é", "日", "😀", "b"].map { .character($0) })
  }

  @Test func multiByteCharactersSplitAtAnyByteArriveWhole() {
    let text = "é日😀ß"
    let input = bytes(text)
    let expected: [Key] = text.map { .character($0) }
    for split in 0...input.count {
      let reads = decode(Array(input[..<split]), Array(input[split...]))
      #expect(reads.flatMap { $0 } == expected, "split at \(split)")
    }
    var decoder = KeyDecoder()
    var keys: [Key] = []
    for byte in input {
      let decoded = decoder.keys(from: [byte])
      #expect(decoded.count <= 1)
      keys += decoded
    }
    #expect(keys == expected)
    #expect(decode([0xF0, 0x9F], [0x98], [0x80]) == [[], [], [.character("😀")]])
  }

  @Test func invalidUTF8IsSkippedAndTheKeysAfterItKept() {
    let a = Key.character("a")
    #expect(keys([0x80] + bytes("a")) == [a], "a lone continuation byte")
    #expect(keys([0xBF, 0x80, 0x80] + bytes("a")) == [a], "continuation bytes")
    #expect(keys([0xC3] + bytes("a")) == [a], "a two-byte lead before ASCII")
    #expect(keys([0xE6] + bytes("a")) == [a], "a three-byte lead before ASCII")
    #expect(keys([0xE6, 0x97] + bytes("a")) == [a], "a truncated three-byte character")
    #expect(keys([0xF0, 0x9F] + bytes("a")) == [a], "a truncated four-byte character")
    #expect(keys([0xF0, 0x9F, 0x98] + escape("[A")) == [.up], "a truncated character before a sequence")
    #expect(keys([0xFF] + bytes("a")) == [a], "an invalid lead byte")
    #expect(keys([0xFE, 0xC0] + bytes("ab")) == [a, .character("b")], "invalid lead bytes")
    #expect(keys([0xC0, 0x80] + bytes("a")) == [a], "an overlong encoding")
    #expect(keys([0xE0, 0x80, 0x80] + bytes("a")) == [a], "an overlong encoding")
    #expect(keys([0xED, 0xA0, 0x80] + bytes("a")) == [a], "a surrogate")
    #expect(keys([0xF4, 0x90, 0x80, 0x80] + bytes("a")) == [a], "beyond U+10FFFF")
    #expect(keys([0xC3] + [0xC3, 0xA9]) == [.character("é")], "a lead byte before a character")
  }

  @Test func invalidUTF8AtTheEndOfAReadDoesNotHoldBackTheNextKey() {
    let a = Key.character("a")
    #expect(decode([0xE6], bytes("a")) == [[], [a]])
    #expect(decode([0xF0, 0x9F], bytes("a")) == [[], [a]])
    #expect(decode([0xFF], bytes("a")) == [[], [a]])
    #expect(decode([0xE6] + bytes("a"), bytes("b")) == [[a], [.character("b")]])
    #expect(decode([0xF0], escape("[B")) == [[], [.down]])
    #expect(decode([0xF0], [esc]) == [[], [.escape]])
  }

  @Test func severalKeysInOneReadComeInOrder() {
    let input =
      bytes("j") + escape("[B") + escape("OA") + bytes("é") + [0x0D, 0x7F]
      + escape("[6~") + escape("[2~") + bytes(" /") + [0x09, 0x03] + escape("[1;5D") + [esc]
    #expect(
      keys(input) == [
        .character("j"), .down, .up, .character("é"), .enter, .backspace,
        .pageDown, .space, .character("/"), .tab, .interrupt, .left, .escape,
      ])
  }

  @Test func nothingIsLeftPendingAfterACompleteRead() {
    var decoder = KeyDecoder()
    #expect(decoder.keys(from: escape("[A") + bytes("é")) == [.up, .character("é")])
    #expect(decoder.keys(from: bytes("b")) == [.character("b")])
    #expect(decoder.keys(from: []) == [])
    #expect(decoder.keys(from: escape("[")) == [])
    #expect(decoder.keys(from: []) == [])
    #expect(decoder.keys(from: bytes("H")) == [.home])
  }
}
