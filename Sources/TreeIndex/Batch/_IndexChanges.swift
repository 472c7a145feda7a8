/// How the subitems of one item changed during a batch: which old
/// positions were deleted and which new positions were inserted, so that
/// the surviving subitems map old ↔ new in order.
///
/// Both lists hold sorted, disjoint, non-adjacent ranges. Changes compose:
/// each recorded edit is in the coordinates the previous ones left.
///
/// - Complexity: each operation is O(*r*) for *r* ranges held.
struct _IndexChanges: Sendable, Equatable {
  /// Deleted positions, in old coordinates.
  var deleted: [Range<Int>] = []
  /// Inserted positions, in new coordinates.
  var inserted: [Range<Int>] = []

  var isEmpty: Bool { deleted.isEmpty && inserted.isEmpty }

  /// Records `count` new positions at `index` (current coordinates).
  mutating func insert(_ count: Int, at index: Int) {
    guard count > 0 else { return }
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

  /// Applies `later`, recorded after `self`, so that `self` spans both.
  mutating func append(_ later: _IndexChanges) {
    for r in later.deleted.reversed() { delete(r) }
    for r in later.inserted { insert(r.count, at: r.lowerBound) }
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
