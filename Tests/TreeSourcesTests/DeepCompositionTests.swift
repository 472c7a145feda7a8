import Foundation
import Testing
import TreeDataSource
import TreeIndexTestSupport

/// Compositions nested thousands deep (a filter of a map of a filter …):
/// an edit costs O(nesting), not O(nesting²).
@Suite("Compositions nested thousands deep")
struct DeepCompositionTests {
  /// `levels` sources over `base`, a filter and a map by turns, each
  /// filter showing every item and each map adding one.
  static func chain(_ levels: Int, over base: ArrayTreeSource<Int>) -> AnyTreeSource<Int> {
    var source = AnyTreeSource(base)
    for level in 0..<levels {
      source =
        level.isMultiple(of: 2)
        ? AnyTreeSource(FilteredTreeSource(source) { _ in .visible })
        : AnyTreeSource(source.map { $0 + 1 })
    }
    return source
  }

  /// Edits `base` under `levels` sources: appends, replacements and
  /// removals, one change each, checking what the top shows.
  static func edit(_ base: ArrayTreeSource<Int>, under top: AnyTreeSource<Int>, levels: Int) throws {
    for value in 0..<4 {
      try base.append(value)
      #expect(try top.element(at: [base.elements.count - 1]) == value + levels / 2)
    }
    try base.replace(at: [0], with: 10)
    #expect(try top.element(at: [0]) == 10 + levels / 2)
    while !base.elements.isEmpty { try base.remove(at: [0]) }
    #expect(try top.numberOfChildren(of: nil) == 0)
  }

  @Test func anEditCostsTheNestingLinearly() throws {
    // Eight times the nesting: linear work gives about 8, the reads of
    // each filter through all the levels beneath it 64.
    let sources = [250, 2000].map { levels in
      let base = ArrayTreeSource<Int>([], name: "base")
      return (levels, base, Self.chain(levels, over: base))
    }
    let ratio = try Growth.timeRatio(
      small: { try Self.edit(sources[0].1, under: sources[0].2, levels: sources[0].0) },
      large: { try Self.edit(sources[1].1, under: sources[1].2, levels: sources[1].0) })
    #expect(ratio < 24, "ratio \(ratio)")
  }
}
