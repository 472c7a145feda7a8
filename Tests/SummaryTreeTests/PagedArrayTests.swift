import Testing
import TreeIndexTestSupport
import _SummaryTree

// `PagedArray` against `Array`: random appends, writes, removals and pops
// across page (256) and chunk (8,192) boundaries, with copies taken along
// the way that must keep their elements whatever the others do; and the
// sharing itself, counted in buffers.

@Suite("PagedArray against an array model")
struct PagedArrayTests {
  @Test("random appends, writes and removals; every copy keeps its value", arguments: LongTests.choose(short: 0..<3, long: 0..<6))
  func randomOperations(seed: UInt64) {
    var numbers = Numbers(state: seed &* 31 &+ 5)
    var array = PagedArray<Int>()
    var model: [Int] = []
    var copies: [(array: PagedArray<Int>, model: [Int])] = []
    for step in 0..<1_500 {
      switch numbers.next(10) {
      case 0..<4:  // a run of appends, sometimes across a chunk boundary; one by one or at once
        let values = (0..<numbers.next(step % 7 == 0 ? 3_000 : 40)).map { _ in numbers.next(1_000_000) }
        if numbers.next(2) == 0 {
          for value in values { array.append(value) }
        } else {
          values.withUnsafeBufferPointer { array.append(contentsOf: $0) }
        }
        model.append(contentsOf: values)
      case 4..<7:  // writes
        guard !model.isEmpty else { continue }
        for _ in 0..<numbers.next(8) {
          let i = numbers.next(model.count)
          let value = numbers.next(1_000_000)
          array[i] = value
          model[i] = value
        }
      case 7:  // a removal of the last few, across boundaries
        let k = numbers.next(min(model.count, 600) + 1)
        array.removeLast(k)
        model.removeLast(k)
      case 8:
        #expect(array.popLast() == model.popLast())
      default:  // a copy, kept, or a write to an older copy
        if numbers.next(2) == 0 || copies.isEmpty {
          copies.append((array, model))
        } else {
          let c = numbers.next(copies.count)
          guard !copies[c].model.isEmpty else { continue }
          let i = numbers.next(copies[c].model.count)
          copies[c].array[i] = -step
          copies[c].model[i] = -step
        }
      }
      #expect(array.count == model.count)
      if step % 100 == 0 {
        #expect(Array(array) == model)
        #expect(array.shapeFault == nil)
      }
    }
    #expect(Array(array) == model)
    for copy in copies {
      #expect(Array(copy.array) == copy.model)
      #expect(copy.array.shapeFault == nil)
    }
  }

  @Test("an array built from a collection holds its elements, page by page", arguments: [0, 1, 255, 256, 257, 8_192, 20_000])
  func initFromCollection(count: Int) {
    let array = PagedArray(0..<count)
    #expect(array.count == count)
    #expect(array.shapeFault == nil)
    #expect(Array(array) == Array(0..<count))
    var grown = array
    grown.append(count)
    #expect(Array(grown) == Array(0...count))
    #expect(Array(array) == Array(0..<count))
  }

  @Test("a copy written once holds one page, one chunk and one table of its own")
  func oneWriteCopiesOnePath() {
    let array = PagedArray(0..<100_000)
    var base = Set<UnsafeRawPointer>()
    array.forEachBufferIdentity { base.insert($0) }
    // 100,000 / 256 pages, 13 chunks, 1 table.
    #expect(base.count == 391 + 13 + 1)
    var copies: [PagedArray<Int>] = []
    var numbers = Numbers(state: 3)
    for _ in 0..<1_000 {
      var copy = array
      copy[numbers.next(100_000)] = -1
      copies.append(copy)
    }
    var all = base
    for copy in copies { copy.forEachBufferIdentity { all.insert($0) } }
    // Each copy adds exactly its own table, the chunk it wrote and the page
    // it wrote: 3 buffers, not 405.
    #expect(all.count == base.count + 3 * copies.count)
    #expect(Array(array) == Array(0..<100_000))
  }

  @Test("the pages two copies do not share hold every position where they differ, and no more pages than were written")
  func unsharedPagesCoverTheDifferences() {
    var numbers = Numbers(state: 11)
    for trial in 0..<40 {
      let base = PagedArray(0..<(numbers.next(30_000) + 1))
      var a = base
      var b = base
      var written = Set<Int>()  // the pages either copy wrote
      for _ in 0..<numbers.next(12) {
        let i = numbers.next(base.count)
        a[i] = -1
        written.insert(i / 256)
      }
      for _ in 0..<numbers.next(12) {
        let i = numbers.next(base.count)
        b[i] = -2
        written.insert(i / 256)
      }
      // Growth and shrinking at the end: positions one array holds alone.
      for _ in 0..<numbers.next(600) { b.append(7) }
      if numbers.next(2) == 0 && a.count > 300 { a.removeLast(numbers.next(300)) }
      var reported: [Range<Int>] = []
      let walkedAll = a.forEachUnsharedPage(with: b) { range in
        reported.append(range)
        return true
      }
      #expect(walkedAll)
      let end = max(a.count, b.count)
      for i in 0..<end where i >= a.count || i >= b.count || a[i] != b[i] {
        #expect(reported.contains { $0.contains(i) }, "trial \(trial): position \(i) differs outside the pages reported")
      }
      let tail = (min(a.count, b.count) - 1) / 256  // pages from here on may be rewritten by the resizing
      #expect(reported.allSatisfy { written.contains($0.lowerBound / 256) || $0.lowerBound / 256 >= tail }, "trial \(trial)")
      #expect(reported.allSatisfy { $0.lowerBound % 256 == 0 && $0.upperBound <= end }, "trial \(trial)")
      // A walk stops when asked to.
      var visits = 0
      let finished = a.forEachUnsharedPage(with: b) { _ in
        visits += 1
        return false
      }
      #expect(finished == reported.isEmpty && visits == min(1, reported.count))
      // Copies that nobody wrote share every page.
      let copy = a
      #expect(copy.forEachUnsharedPage(with: a) { _ in false })
    }
  }
}
