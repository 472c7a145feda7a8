/// Keeping the rows' heights in step with the rows, while ``heightOfItem``
/// is set: every change set the host gets is made on the heights too, so a
/// row that stays (or moves) keeps its height, and only new rows are
/// measured.
extension DiffableTreeList {
  /// Measures every visible row again, or drops the heights when
  /// ``heightOfItem`` is `nil`.
  ///
  /// - Complexity: O(*v* *d* log *b*) for *v* visible items, plus a call
  ///   per row.
  func _measureAllRows() {
    guard let height = _heightOfItem else {
      _heights = nil
      return
    }
    var heights: [Double] = []
    heights.reserveCapacity(numberOfRows)
    for item in _snapshot.visibleItems where layout == .flat || _snapshot.parent(of: item) != nil {
      heights.append(_measure(item, by: height))
    }
    var rows = _heights ?? _RowHeights()
    rows.replaceAll(with: heights)
    _heights = rows
    _checkHeights()
  }

  /// Measures the rows `rows` (global rows of the current snapshot) and
  /// puts them in at their place.
  ///
  /// - Complexity: O(*k* *d* log *b* + log *r*) for *k* rows.
  func _insertMeasuredRows(_ rows: Range<Int>) {
    let piece = _measuredPiece(rows)
    _heights?.insert(piece, at: rows.lowerBound)
  }

  /// Makes the change set `changes`, which took the rows of `old` to those
  /// of the current snapshot, on the heights: rows deleted are dropped,
  /// moved rows and sections carry their heights, new rows and the rows of
  /// `reloaded` items are measured.
  ///
  /// Removals go first, from the last row up, each cut out as a piece
  /// (kept for a move); then insertions, from the first row down, each put
  /// in at its final row. Rows deleted or moved out of a moved section go
  /// before the section's remaining rows are cut; a moved section's rows
  /// go in before rows inserted into it.
  ///
  /// - Complexity: O(*c* log *c* + *c* log *r*) for *c* ranges and
  ///   sections in `changes`, plus a height asked for each new row.
  func _updateHeights(for changes: TreeChanges, from old: TreeSnapshot<ItemID>, reloading reloaded: Set<ItemID>) {
    guard _heights != nil else { return }
    let oldRows = old.index._viewed(in: layout)
    let newRows = _rows
    let moves = changes.movedRowRanges.count
    var pieces = [_RowHeights.Piece?](repeating: nil, count: moves + changes.movedSections.count)

    // Removals, in old global rows; `slot` keeps the piece for a move.
    var removals: [(start: Int, length: Int, slot: Int?)] = []
    for range in changes.deletedRowRanges {
      removals.append((Self._start(of: range.section, in: oldRows) + range.rows.lowerBound, range.rows.count, nil))
    }
    for (i, move) in changes.movedRowRanges.enumerated() {
      let from = move.from
      removals.append((Self._start(of: from.section, in: oldRows) + from.rows.lowerBound, from.rows.count, i))
    }
    for section in changes.deletedSections {
      removals.append((Self._start(of: section, in: oldRows), oldRows.numberOfRows(inSection: section), nil))
    }
    // A moved section's own rows, less those removed from it above.
    removals.sort { $0.start < $1.start }
    var removedBefore = [0]
    for removal in removals { removedBefore.append(removedBefore.last! + removal.length) }
    func removed(within rows: Range<Int>) -> Int {
      let first = Self._firstIndex(in: removals.lazy.map(\.start), notBelow: rows.lowerBound)
      let end = Self._firstIndex(in: removals.lazy.map(\.start), notBelow: rows.upperBound)
      return removedBefore[end] - removedBefore[first]
    }
    var blocks: [(start: Int, length: Int, slot: Int?)] = []
    for (j, move) in changes.movedSections.enumerated() {
      let start = Self._start(of: move.from, in: oldRows)
      let rows = start..<(start + oldRows.numberOfRows(inSection: move.from))
      blocks.append((start, rows.count - removed(within: rows), moves + j))
    }
    // From the last row up; at one start, what lies inside a section first.
    let ordered = (removals.map { ($0, false) } + blocks.map { ($0, true) }).sorted {
      ($0.0.start, $0.1 ? 0 : 1) > ($1.0.start, $1.1 ? 0 : 1)
    }
    for (removal, _) in ordered where removal.length > 0 {
      let piece = _heights!.cut(removal.start..<(removal.start + removal.length))
      if let slot = removal.slot { pieces[slot] = piece } else { _heights!.free(piece) }
    }

    // Insertions, in new global rows; a piece kept, or rows to measure.
    var insertions: [(start: Int, length: Int, slot: Int?, isSection: Bool)] = []
    for (j, move) in changes.movedSections.enumerated() {
      insertions.append((Self._start(of: move.to, in: newRows), 0, moves + j, true))
    }
    for section in changes.insertedSections {
      insertions.append((Self._start(of: section, in: newRows), newRows.numberOfRows(inSection: section), nil, true))
    }
    for (i, move) in changes.movedRowRanges.enumerated() {
      insertions.append((Self._start(of: move.to.section, in: newRows) + move.to.rows.lowerBound, 0, i, false))
    }
    for range in changes.insertedRowRanges {
      insertions.append(
        (Self._start(of: range.section, in: newRows) + range.rows.lowerBound, range.rows.count, nil, false))
    }
    // From the first row down; at one start, a section before its rows.
    insertions.sort { ($0.start, $0.isSection ? 0 : 1) < ($1.start, $1.isSection ? 0 : 1) }
    for insertion in insertions {
      if let slot = insertion.slot {
        if let piece = pieces[slot] { _heights!.insert(piece, at: insertion.start) }
      } else if insertion.length > 0 {
        _insertMeasuredRows(insertion.start..<(insertion.start + insertion.length))
      }
    }

    // Items redrawn in place may have a new height.
    for item in reloaded {
      guard let row = row(of: item) else { continue }
      _heights!.free(_heights!.cut(row..<(row + 1)))
      _insertMeasuredRows(row..<(row + 1))
    }
    _checkHeights()
  }

  // MARK: Implementation

  /// The height of `item`'s row as the list keeps it: a height that is not
  /// a number or is negative is 0, and one above 2⁴⁰ (infinity included)
  /// is 2⁴⁰, so that every sum of heights stays a finite number.
  func _measure(_ item: ItemID, by height: (ItemID) -> Double) -> Double {
    let measured = _callOut { height(item) }
    guard measured > 0 else { return 0 }  // negative, zero or NaN
    return Swift.min(measured, _maximumRowHeight)
  }

  /// A piece of the heights of the global rows `rows` of the current
  /// snapshot, each asked.
  func _measuredPiece(_ rows: Range<Int>) -> _RowHeights.Piece {
    let height = _heightOfItem
    let index = _rows
    var heights: [Double] = []
    heights.reserveCapacity(rows.count)
    for row in rows {
      let item = layout == .flat ? _snapshot.item(atRow: row) : index.treePath(forRow: row).flatMap(_snapshot.item(at:))
      heights.append(item.map { item in height.map { _measure(item, by: $0) } ?? 1 } ?? 0)
    }
    return _heights!.piece(of: heights)
  }

  /// The global row where `section` starts in `rows` (the end of the rows
  /// for a section past the last).
  ///
  /// - Complexity: O(log *b*).
  static func _start(of section: Int, in rows: TreeIndex) -> Int {
    guard rows.layout == .sectioned else { return 0 }
    guard section < rows.numberOfRootItems else { return rows.numberOfRows }
    return rows.rows(inSubtreeAt: [section])?.lowerBound ?? rows.numberOfRows
  }

  /// The first position of the ascending `values` whose value is at least
  /// `bound` (`values.count` when none is).
  ///
  /// - Complexity: O(log *n*).
  static func _firstIndex(in values: some RandomAccessCollection<Int>, notBelow bound: Int) -> Int {
    var low = 0
    var high = values.count
    while low < high {
      let middle = (low + high) / 2
      if values[values.index(values.startIndex, offsetBy: middle)] < bound { low = middle + 1 } else { high = middle }
    }
    return low
  }

  /// Under `-D TREE_INDEX_INTERNAL_CHECKS`: the heights hold one entry per
  /// row.
  func _checkHeights() {
    #if TREE_INDEX_INTERNAL_CHECKS
    if let heights = _heights {
      precondition(heights.count == numberOfRows, "DiffableTreeList: \(heights.count) heights for \(numberOfRows) rows")
    }
    #endif
  }
}
