/// What a descent to a row keeps of the items it passes: their indices
/// (the path), their number, or more.
protocol _PathRecorder {
  /// Takes the next item on the way down, outermost first.
  ///
  /// - Parameters:
  ///   - index: The item's index among its siblings.
  ///   - node: The item's node, `.null` when it was never expanded.
  ///   - row: The item's row.
  ///   - rowsBeneath: The rows shown beneath the item.
  ///   - siblings: The number of subitems of the item's parent.
  mutating func append(_ index: Int, node: _NodeID, row: Int, rowsBeneath: Int, siblings: Int)
}

/// A path kept in a buffer the caller provides (on the stack, for a path
/// that is returned as an array of exactly its length), spilling into an
/// array only when the buffer is full: a descent then stores each index
/// without a capacity or uniqueness check, and the path costs one
/// allocation of its final size.
struct _PathBuffer: _PathRecorder {
  /// The number of indices a buffer on the stack holds: deeper paths spill.
  static var stackCapacity: Int { 32 }

  /// The buffer.
  private let buffer: UnsafeMutableBufferPointer<Int>
  /// The number of indices in `buffer`.
  private var count = 0
  /// Every index, once `buffer` overflowed; `nil` before (an optional, so
  /// that a path that fits has no array to release).
  private var spill: [Int]? = nil

  /// An empty path kept in `buffer`, which must outlive it.
  init(_ buffer: UnsafeMutableBufferPointer<Int>) {
    self.buffer = buffer
  }

  /// Appends the item's index.
  @inline(__always)
  mutating func append(_ index: Int, node: _NodeID, row: Int, rowsBeneath: Int, siblings: Int) {
    // `count` stops at the buffer's size when the path spills.
    if count < buffer.count {
      buffer[count] = index
      count &+= 1
      return
    }
    if spill == nil { spill = Array(buffer) }
    spill!.append(index)
  }

  /// The indices, outermost first, in an array of exactly their number.
  var indices: [Int] {
    if let spill { return spill }
    // `Array(_:)` of a buffer is specialized where it is called; an array
    // made with `unsafeUninitializedCapacity` looks up its storage type at
    // run time.
    return Array(UnsafeBufferPointer(rebasing: buffer[..<count]))
  }
}

/// What a descent that only needs a depth keeps: the number of items it
/// passes.
struct _DepthRecorder: _PathRecorder {
  /// The number of items passed.
  var depth = 0

  /// Counts the item.
  @inline(__always)
  mutating func append(_ index: Int, node: _NodeID, row: Int, rowsBeneath: Int, siblings: Int) {
    depth &+= 1
  }
}
