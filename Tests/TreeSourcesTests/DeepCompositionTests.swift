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

  /// What `body` returns, run on a thread of `stackSize` bytes of stack
  /// (what Swift Testing may give a test on some platforms): a test that
  /// passes here uses no stack in proportion to the nesting.
  static func onThread(stackSize: Int, _ body: @escaping @Sendable () -> [String]) -> [String] {
    let box = ResultBox()
    let done = DispatchSemaphore(value: 0)
    let thread = Thread {
      box.value = body()
      done.signal()
    }
    thread.stackSize = stackSize
    thread.start()
    done.wait()
    return box.value!
  }

  /// Builds 20,000 levels, edits the base outside and inside a batch,
  /// reads the top and releases it all; returns what differs from the
  /// expected, or the error thrown.
  static func twentyThousandLevels() -> [String] {
    let levels = 20_000
    var differences: [String] = []
    do {
      let base = ArrayTreeSource<Int>([], name: "base")
      var top: AnyTreeSource<Int>? = Self.chain(levels, over: base)
      var heard: [TreeSourceChanges] = []
      let subscription = top!.subscribe { heard.append($0) }
      for value in 0..<4 { try base.append(value) }
      if try top!.element(at: [3]) != 3 + levels / 2 { differences.append("element after appends") }
      try base.replace(at: [0], with: 10)
      if try top!.element(at: [0]) != 10 + levels / 2 { differences.append("element after a replacement") }
      while !base.elements.isEmpty { try base.remove(at: [0]) }
      if heard.count != 9 { differences.append("\(heard.count) changes heard outside a batch") }
      try base.performBatchUpdates {
        try base.append(1)
        try base.append(2)
        try base.replace(at: [0], with: 3)
      }
      if heard.last?.steps != [.insert([0]), .insert([1])] { differences.append("the batch heard as \(heard.last!)") }
      if try top!.element(at: [0]) != 3 + levels / 2 { differences.append("element after the batch") }
      if try top!.numberOfChildren(of: nil) != 2 { differences.append("children after the batch") }
      subscription.cancel()
      weak let weakTop = top
      top = nil
      if weakTop != nil { differences.append("the top outlived its last reference") }
    } catch {
      differences.append("\(error)")
    }
    return differences
  }

  @Test func twentyThousandLevelsAreBuiltEditedReadAndReleasedOnASmallStack() {
    #expect(Self.onThread(stackSize: 512 * 1024) { Self.twentyThousandLevels() } == [])
  }

  @Test func anEditCostsTheNestingLinearly() throws {
    // Eight times the nesting: linear work gives about 8, the reads of
    // each filter through all the levels beneath it 64.
    let sources = [500, 4000].map { levels in
      let base = ArrayTreeSource<Int>([], name: "base")
      return (levels, base, Self.chain(levels, over: base))
    }
    let ratio = try Growth.timeRatio(
      small: { try Self.edit(sources[0].1, under: sources[0].2, levels: sources[0].0) },
      large: { try Self.edit(sources[1].1, under: sources[1].2, levels: sources[1].0) })
    #expect(ratio < 24, "ratio \(ratio)")
  }
}

/// What a thread's work returned, read once the thread signalled.
private final class ResultBox: @unchecked Sendable {
  var value: [String]?
}
