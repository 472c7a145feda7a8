/// How the subitems of one item changed during a batch: which old
/// positions were deleted and which new positions were inserted, so that
/// the surviving subitems map old ↔ new in order.
///
/// Both lists hold sorted, disjoint, non-adjacent ranges. Changes compose:
/// each recorded edit is in the coordinates the previous ones left.
///
/// A subitem moved away is a deleted old position tagged with a move tag
/// (``movedOut``); a subitem moved in is an inserted position tagged the
/// same (``movedIn``), here or in another item's changes. The batch diff
/// pairs the two ends of a tag into a move.
///
/// - Complexity: each operation is O(*r* + *m*) for *r* ranges and *m*
///   tagged positions held.
struct _IndexChanges: Sendable, Equatable {
  /// An inserted position (current coordinates) that holds a moved subitem.
  struct MovedIn: Sendable, Equatable {
    var position: Int
    var tag: Int
  }

  /// Deleted positions, in old coordinates.
  var deleted: [Range<Int>] = []
  /// Inserted positions, in new coordinates.
  var inserted: [Range<Int>] = []
  /// The move tag of each deleted old position whose subitem moved away.
  var movedOut: [Int: Int] = [:]
  /// The inserted positions that hold a moved subitem, ascending, with its
  /// move tag; each lies in ``inserted``.
  var movedIn: [MovedIn] = []

  var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty }

  /// Records the removal of the subitem at `index` (current coordinates)
  /// for a move.
  ///
  /// - Parameter newTag: The tag to give the move if the subitem is one
  ///   that was there when the batch began.
  /// - Returns: The move's tag: the one the subitem came in with if it was
  ///   moved in during the batch, `newTag` if it was there when the batch
  ///   began, `nil` if it was inserted during the batch (its move is then a
  ///   plain insertion).
  mutating func removeForMove(at index: Int, newTag: Int) -> Int? {
    if let k = movedIn.firstIndex(where: { $0.position == index }) {
      let tag = movedIn[k].tag
      delete(index..<(index + 1))
      return tag
    }
    if isInserted(index) {
      delete(index..<(index + 1))
      return nil
    }
    let old = oldRanges(ofSurvivorRanks: rank(ofSurviving: index), count: 1)[0].lowerBound
    delete(index..<(index + 1))
    movedOut[old] = newTag
    return newTag
  }

  /// Records a subitem moved in at `index` (current coordinates), tagged
  /// `tag` (`nil`: a plain insertion).
  mutating func insertMoved(at index: Int, tag: Int?) {
    insert(1, at: index)
    guard let tag else { return }
    let k = movedIn.firstIndex { $0.position > index } ?? movedIn.endIndex
    movedIn.insert(MovedIn(position: index, tag: tag), at: k)
  }

  /// Records `count` new positions at `index` (current coordinates).
  mutating func insert(_ count: Int, at index: Int) {
    guard count > 0 else { return }
    for k in movedIn.indices where movedIn[k].position >= index { movedIn[k].position += count }
    var result: [Range<Int>] = []
    result.reserveCapacity(inserted.count + 2)
    for r in inserted {
      if r.upperBound <= index {
        result.append(r)
      } else if r.lowerBound >= index {
        result.append((r.lowerBound + count)..<(r.upperBound + count))
      } else {
        result.append(r.lowerBound..<index)
        result.append((index + count)..<(r.upperBound + count))
      }
    }
    result.append(index..<(index + count))
    inserted = Self.normalized(result)
  }

  /// Records the deletion of the positions `range` (current coordinates).
  mutating func delete(_ range: Range<Int>) {
    guard !range.isEmpty else { return }
    movedIn.removeAll { range.contains($0.position) }
    for k in movedIn.indices where movedIn[k].position >= range.upperBound { movedIn[k].position -= range.count }
    // Split the range into positions inserted during the batch (they just
    // vanish) and surviving ones (they become old deletions).
    var survivors: [Range<Int>] = []
    var cursor = range.lowerBound
    for r in inserted where r.upperBound > range.lowerBound && r.lowerBound < range.upperBound {
      if r.lowerBound > cursor { survivors.append(cursor..<r.lowerBound) }
      cursor = Swift.max(cursor, r.upperBound)
    }
    if cursor < range.upperBound { survivors.append(cursor..<range.upperBound) }

    var newlyDeleted: [Range<Int>] = []
    for run in survivors {
      newlyDeleted += oldRanges(ofSurvivorRanks: rank(ofSurviving: run.lowerBound), count: run.count)
    }

    var remaining: [Range<Int>] = []
    let width = range.count
    for r in inserted {
      if r.upperBound <= range.lowerBound {
        remaining.append(r)
      } else if r.lowerBound >= range.upperBound {
        remaining.append((r.lowerBound - width)..<(r.upperBound - width))
      } else {
        if r.lowerBound < range.lowerBound { remaining.append(r.lowerBound..<range.lowerBound) }
        if r.upperBound > range.upperBound { remaining.append((range.upperBound - width)..<(r.upperBound - width)) }
      }
    }
    inserted = Self.normalized(remaining)
    deleted = Self.normalized(deleted + newlyDeleted)
  }

  /// Applies the deletions of `later`, recorded after `self`: its moved-out
  /// positions as removals for moves, whose tags (`later`'s, then `self`'s)
  /// are added to `tags`. Then ``appendInsertions(of:tags:)`` applies its
  /// insertions, once every item's deletions are in.
  mutating func appendDeletions(of later: _IndexChanges, tags: inout [Int: Int], nextTag: inout Int) {
    let movedOut = later.movedOut.keys.sorted(by: >)
    var next = 0
    for r in later.deleted.reversed() {
      var upper = r.upperBound
      while next < movedOut.count, movedOut[next] >= r.lowerBound {
        let position = movedOut[next]
        next += 1
        guard position < upper else { continue }
        delete((position + 1)..<upper)
        if let tag = removeForMove(at: position, newTag: nextTag) {
          if tag == nextTag { nextTag += 1 }
          tags[later.movedOut[position]!] = tag
        }
        upper = position
      }
      delete(r.lowerBound..<upper)
    }
  }

  /// Applies the insertions of `later`, its moved-in positions tagged as
  /// `tags` maps `later`'s tags to `self`'s (unmapped: plain insertions).
  mutating func appendInsertions(of later: _IndexChanges, tags: [Int: Int]) {
    var next = 0
    for r in later.inserted {
      var lower = r.lowerBound
      while next < later.movedIn.count, later.movedIn[next].position < r.upperBound {
        let moved = later.movedIn[next]
        next += 1
        insert(moved.position - lower, at: lower)
        insertMoved(at: moved.position, tag: tags[moved.tag])
        lower = moved.position + 1
      }
      insert(r.upperBound - lower, at: lower)
    }
  }

  /// Turns the moves within this item that end where they started among
  /// the subitems that stayed back into no change, so that an item whose
  /// position other edits restore is not reported as moved.
  ///
  /// - Complexity: O(*m*² (*r* + *m*)) at worst for *m* tagged positions.
  mutating func restoringMovesInPlace() {
    guard !movedOut.isEmpty, !movedIn.isEmpty else { return }
    var sourceOfTag: [Int: Int] = [:]
    for (position, tag) in movedOut { sourceOfTag[tag] = position }
    var restored = true
    while restored {
      restored = false
      for moved in movedIn {
        guard let old = sourceOfTag[moved.tag] else { continue }
        guard old - Self.count(deleted, before: old) == moved.position - Self.count(inserted, before: moved.position)
        else { continue }
        deleted = Self.removing(old, from: deleted)
        inserted = Self.removing(moved.position, from: inserted)
        movedOut[old] = nil
        sourceOfTag[moved.tag] = nil
        movedIn.removeAll { $0.position == moved.position }
        restored = true
        break
      }
    }
  }

  /// The number of positions of `ranges` below `position`.
  private static func count(_ ranges: [Range<Int>], before position: Int) -> Int {
    ranges.reduce(0) { $0 + Swift.max(0, Swift.min($1.upperBound, position) - $1.lowerBound) }
  }

  private static func removing(_ position: Int, from ranges: [Range<Int>]) -> [Range<Int>] {
    var result: [Range<Int>] = []
    for r in ranges {
      if r.contains(position) {
        if r.lowerBound < position { result.append(r.lowerBound..<position) }
        if position + 1 < r.upperBound { result.append((position + 1)..<r.upperBound) }
      } else {
        result.append(r)
      }
    }
    return result
  }

  /// The rank, among surviving positions, of the surviving position at
  /// `index` in current coordinates.
  func rank(ofSurviving index: Int) -> Int {
    var rank = index
    for r in inserted {
      if r.upperBound <= index { rank -= r.count } else { break }
    }
    return rank
  }

  /// The old positions of the surviving positions ranked `rank ..< rank +
  /// count`, as ranges (deleted old positions break them up).
  func oldRanges(ofSurvivorRanks rank: Int, count: Int) -> [Range<Int>] {
    var result: [Range<Int>] = []
    var position = rank  // candidate old position, pushed past deletions
    var remaining = count
    var deletedIndex = 0
    while deletedIndex < deleted.count, deleted[deletedIndex].lowerBound <= position {
      position += deleted[deletedIndex].count
      deletedIndex += 1
    }
    while remaining > 0 {
      let limit = deletedIndex < deleted.count ? deleted[deletedIndex].lowerBound : Int.max
      let take = Swift.min(remaining, limit - position)
      result.append(position..<(position + take))
      remaining -= take
      position += take
      if remaining > 0 {
        position += deleted[deletedIndex].count
        deletedIndex += 1
      }
    }
    return result
  }

  /// Maps a surviving old position to its new position, or `nil` when it
  /// was deleted.
  func newPosition(ofOld index: Int) -> Int? {
    var rank = index
    for r in deleted {
      if r.contains(index) { return nil }
      if r.upperBound <= index { rank -= r.count } else { break }
    }
    var position = rank
    for r in inserted {
      if r.lowerBound <= position { position += r.count } else { break }
    }
    return position
  }

  /// Maps a new position to the old position it survives from, or `nil`
  /// when it was inserted during the batch.
  func oldPosition(ofNew index: Int) -> Int? {
    var rank = index
    for r in inserted {
      if r.contains(index) { return nil }
      if r.upperBound <= index { rank -= r.count } else { break }
    }
    var position = rank
    for r in deleted {
      if r.lowerBound <= position { position += r.count } else { break }
    }
    return position
  }

  /// Whether a new position was inserted during the batch.
  func isInserted(_ index: Int) -> Bool {
    inserted.contains { $0.contains(index) }
  }

  static func normalized(_ ranges: [Range<Int>]) -> [Range<Int>] {
    if ranges.count < 2 { return ranges.first?.isEmpty == true ? [] : ranges }  // nothing to sort or merge
    let sorted = ranges.filter { !$0.isEmpty }.sorted { $0.lowerBound < $1.lowerBound }
    var result: [Range<Int>] = []
    for r in sorted {
      if let last = result.last, r.lowerBound <= last.upperBound {
        result[result.count - 1] = last.lowerBound..<Swift.max(last.upperBound, r.upperBound)
      } else {
        result.append(r)
      }
    }
    return result
  }
}
