/// An array kept in pages of 256 elements, 32 pages to a chunk, whose copies
/// share every page: a persistent array.
///
/// Copying a `PagedArray` is O(1). The first write to an element after a
/// copy copies the table of chunks (one reference per 8,192 elements), the
/// element's chunk (32 references) and its page (256 elements), and nothing
/// else; later writes to the same page copy nothing. So a value of 10⁶
/// elements that is copied and then edited at *w* places pays O(*w*) pages,
/// not the whole array, and the copy and the original keep sharing every
/// page neither wrote.
///
/// Reading an element follows two references more than a flat array
/// does (the chunk and the page); a caller that reads the same elements
/// many times per write, and never copies, is better served by a flat
/// array.
public struct PagedArray<Element> {
  /// The chunks: each an array of up to 32 pages, each page an array of up
  /// to 256 elements. Every page but the last is full, and so is every
  /// chunk but the last.
  @usableFromInline
  var chunks: ContiguousArray<ContiguousArray<ContiguousArray<Element>>>

  /// The number of elements.
  @usableFromInline var _count: Int

  /// The number of elements.
  ///
  /// - Complexity: O(1).
  @inlinable
  public var count: Int { _count }

  /// log₂ of the number of elements of a full page.
  @inlinable @inline(__always)
  static var pageShift: Int { 8 }

  /// log₂ of the number of elements of a full chunk.
  @inlinable @inline(__always)
  static var chunkShift: Int { 13 }

  /// An empty array.
  ///
  /// - Complexity: O(1); allocates nothing.
  @inlinable
  public init() {
    chunks = []
    _count = 0
  }

  /// An array of `elements`, in their order.
  ///
  /// - Complexity: O(*n*), copying the elements a page at a time.
  @inlinable
  public init(_ elements: some Collection<Element>) {
    self.init()
    // Contiguous elements: a page is one copy of 256 of them.
    let copied: Void? = elements.withContiguousStorageIfAvailable { elements in
      var start = 0
      while start < elements.count {
        let end = Swift.min(start + 256, elements.count)
        appendPage(ContiguousArray(UnsafeBufferPointer(rebasing: elements[start..<end])))
        start = end
      }
    }
    if copied != nil { return }
    var page = ContiguousArray<Element>()
    for element in elements {
      if page.count == 256 {
        appendPage(page)
        page = ContiguousArray()
        page.reserveCapacity(256)
      }
      page.append(element)
    }
    if !page.isEmpty { appendPage(page) }
  }

  /// Appends `page`, of 256 elements or fewer, when the last page is full.
  @inlinable
  mutating func appendPage(_ page: ContiguousArray<Element>) {
    if _count & ((1 << Self.chunkShift) - 1) == 0 { chunks.append([]) }
    chunks[chunks.count - 1].append(page)
    _count += page.count
  }

  /// The element at `i`, which must be less than ``count``.
  ///
  /// - Complexity: O(1). A write copies the page, the chunk and the table
  ///   of chunks on its way when a copy of the array still shares them:
  ///   O(256 + 32 + *n* / 8,192) then.
  @inlinable
  public subscript(i: Int) -> Element {
    @inline(__always) get {
      #if DEBUG
      // Checked, and few calls: what an unoptimized build runs fastest.
      return chunks[i &>> Self.chunkShift][(i &>> Self.pageShift) & 31][i & 255]
      #else
      // In range by the caller's contract: no bounds checks, and no
      // reference counting of the chunk and the page on the way.
      return chunks.withUnsafeBufferPointer { chunks in
        chunks[i &>> Self.chunkShift].withUnsafeBufferPointer { pages in
          pages[(i &>> Self.pageShift) & 31].withUnsafeBufferPointer { $0[i & 255] }
        }
      }
      #endif
    }
    @inline(__always) set {
      #if DEBUG
      chunks[i &>> Self.chunkShift][(i &>> Self.pageShift) & 31][i & 255] = newValue
      #else
      // Each level made unique (copied when a copy shares it) on the way
      // down, then written without bounds checks: in range by the
      // caller's contract.
      chunks.withUnsafeMutableBufferPointer { chunks in
        chunks[i &>> Self.chunkShift].withUnsafeMutableBufferPointer { pages in
          pages[(i &>> Self.pageShift) & 31].withUnsafeMutableBufferPointer { $0[i & 255] = newValue }
        }
      }
      #endif
    }
  }

  /// Appends `element`.
  ///
  /// - Complexity: amortized O(1); a shared last page or chunk is copied.
  @inlinable
  public mutating func append(_ element: Element) {
    let i = count
    let c = i &>> Self.chunkShift
    if i & ((1 << Self.chunkShift) - 1) == 0 { chunks.append([]) }
    if i & 255 == 0 {
      // A page after a full one will be full: room for 256 at once, not
      // eight reallocations on the way. The first page grows as it fills,
      // so that a small array stays small.
      var page = ContiguousArray<Element>()
      if i > 0 { page.reserveCapacity(256) }
      page.append(element)
      chunks[c].append(page)
    } else {
      chunks[c][(i &>> Self.pageShift) & 31].append(element)
    }
    _count = i + 1
  }

  /// Appends `elements`, in their order, a page at a time: one copy per
  /// page filled, where appending one by one reaches the page once per
  /// element.
  ///
  /// - Complexity: O(*k*) for *k* elements; a shared last page or chunk is
  ///   copied.
  @inlinable
  public mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
    var start = 0
    while start < elements.count {
      let i = count
      let end = Swift.min(start + 256 - (i & 255), elements.count)
      let part = UnsafeBufferPointer(rebasing: elements[start..<end])
      if i & ((1 << Self.chunkShift) - 1) == 0 { chunks.append([]) }
      if i & 255 == 0 {
        // As in `append(_:)`: a page after a full one gets its 256 at once.
        var page = ContiguousArray<Element>()
        if i > 0 { page.reserveCapacity(256) }
        page.append(contentsOf: part)
        chunks[chunks.count - 1].append(page)
      } else {
        chunks[chunks.count - 1][(i &>> Self.pageShift) & 31].append(contentsOf: part)
      }
      _count = i + part.count
      start = end
    }
  }

  /// Removes the last `k` elements.
  ///
  /// - Complexity: O(*k*).
  @inlinable
  public mutating func removeLast(_ k: Int) {
    precondition(k >= 0 && k <= count, "Can't remove more elements than the array holds")
    for _ in 0..<k {
      let i = count - 1
      let c = i &>> Self.chunkShift
      chunks[c][(i &>> Self.pageShift) & 31].removeLast()
      if i & 255 == 0 { chunks[c].removeLast() }
      if i & ((1 << Self.chunkShift) - 1) == 0 { chunks.removeLast() }
      _count = i
    }
  }

  /// Removes and returns the last element, or returns `nil` when empty.
  ///
  /// - Complexity: O(1).
  @inlinable
  public mutating func popLast() -> Element? {
    guard count > 0 else { return nil }
    let last = self[count - 1]
    removeLast(1)
    return last
  }

  /// The address of the table of chunks, which two copies share until one
  /// of them writes: an identity of the storage for tests that check what
  /// is shared.
  public var storageIdentity: UnsafeRawPointer? {
    chunks.withUnsafeBufferPointer { UnsafeRawPointer($0.baseAddress) }
  }

  /// Calls `body` with the positions of each page that this array and
  /// `other` do not share, in order, until `body` returns `false`: where
  /// the two may differ. Two copies of one array share every page neither
  /// wrote since the copy, so what they do not share is the pages they
  /// wrote; positions held by one array only are in pages it does not
  /// share. Arrays that were never copies of each other share nothing.
  ///
  /// - Parameters:
  ///   - other: Another array, usually a copy of this one edited apart.
  ///   - body: Called with the positions of a page held by either array
  ///     (up to the larger count); returns whether to go on.
  /// - Returns: `false` when `body` stopped the walk.
  /// - Complexity: O(*n* / 8,192 + *u*) for *u* pages not shared, plus
  ///   `body`: a chunk both arrays share is passed over whole.
  @inlinable
  public func forEachUnsharedPage(with other: PagedArray, _ body: (Range<Int>) -> Bool) -> Bool {
    func isShared<T>(_ a: ContiguousArray<T>, _ b: ContiguousArray<T>) -> Bool {
      a.withUnsafeBufferPointer { a in b.withUnsafeBufferPointer { b in a.baseAddress == b.baseAddress } }
    }
    let end = Swift.max(count, other.count)
    guard !isShared(chunks, other.chunks) || count != other.count else { return true }
    let pageCount = (end + 255) &>> Self.pageShift
    var page = 0
    while page < pageCount {
      let c = page &>> (Self.chunkShift - Self.pageShift)
      if c < chunks.count, c < other.chunks.count, isShared(chunks[c], other.chunks[c]),
        chunks[c].count == other.chunks[c].count
      {
        page = (c + 1) &<< (Self.chunkShift - Self.pageShift)
        continue
      }
      let p = page & 31
      let mine = c < chunks.count && p < chunks[c].count ? chunks[c][p] : nil
      let theirs = c < other.chunks.count && p < other.chunks[c].count ? other.chunks[c][p] : nil
      if let mine, let theirs, mine.count == theirs.count, isShared(mine, theirs) {
        page += 1
        continue
      }
      let start = page &<< Self.pageShift
      guard body(start..<Swift.min(start + 256, end)) else { return false }
      page += 1
    }
    return true
  }

  /// Calls `body` with the address of every buffer of the array: the
  /// table of chunks, each chunk and each page. Two copies give the same
  /// address for each buffer they share, so counting the distinct
  /// addresses of many copies measures what they share.
  ///
  /// - Complexity: O(*n* / 256).
  public func forEachBufferIdentity(_ body: (UnsafeRawPointer) -> Void) {
    func visit<T>(_ buffer: ContiguousArray<T>) {
      buffer.withUnsafeBufferPointer { if let base = $0.baseAddress { body(UnsafeRawPointer(base)) } }
    }
    visit(chunks)
    for chunk in chunks {
      visit(chunk)
      for page in chunk { visit(page) }
    }
  }
}

extension PagedArray {
  /// A description of the first fault in the array's shape, or `nil`:
  /// every chunk but the last holds 32 pages, every page but the last 256
  /// elements, none is empty, and the pages hold ``count`` elements.
  ///
  /// - Complexity: O(*n* / 256).
  public var shapeFault: String? {
    var held = 0
    for (c, chunk) in chunks.enumerated() {
      let isLastChunk = c == chunks.count - 1
      if chunk.isEmpty || chunk.count > 32 || (!isLastChunk && chunk.count != 32) {
        return "chunk \(c) holds \(chunk.count) pages"
      }
      for (p, page) in chunk.enumerated() {
        let isLastPage = isLastChunk && p == chunk.count - 1
        if page.isEmpty || page.count > 256 || (!isLastPage && page.count != 256) {
          return "page \(p) of chunk \(c) holds \(page.count) elements"
        }
        held += page.count
      }
    }
    return held == count ? nil : "the pages hold \(held) elements for a count of \(count)"
  }
}

extension PagedArray: Sendable where Element: Sendable {}

extension PagedArray: RandomAccessCollection {
  /// The position of the first element: 0.
  @inlinable
  public var startIndex: Int { 0 }

  /// The position past the last element: ``count``.
  @inlinable
  public var endIndex: Int { count }
}
