import Foundation
import TreeDataSource

/// A move in progress (`m`): the item that moves, and the gap and level
/// where the marker shows it would land.
///
/// The gap is named by the row after it (the number of rows: after the
/// last), as `TreeIndex.dropTarget(beforeRowAt:level:)` names it; the level
/// is the one asked for with ← and →, clamped into what the gap admits when
/// the marker is drawn, so that ↑ and ↓ keep it where they can.
struct OutlineMove: Equatable {
  /// The path of the item that moves.
  var source: TreePath
  /// The row after the gap: 0 before the first row, the number of rows
  /// after the last.
  var gap: Int
  /// The level asked for: 0 for a root item.
  var level: Int
}

extension Browser {
  /// The target the marker shows for `move`: the gap's target at the level
  /// asked for, clamped, or `nil` when the gap is out of range.
  ///
  /// - Complexity: O(*d* log *b*).
  func dropTarget(for move: OutlineMove) -> TreeDropTarget? {
    list.index.dropTarget(beforeRowAt: IndexPath(indexes: [0, move.gap]), level: move.level)
  }

  /// Starts moving the cursor's item, with the marker at its own place.
  mutating func startMoving() {
    guard let path = cursorPath else { return }
    guard list.dataSource.canMoveItems else {
      message = "this outline cannot be rearranged"
      return
    }
    mode = .moving(OutlineMove(source: path, gap: cursor, level: path.depth - 1))
  }

  /// ↑ and ↓ move the marker from gap to gap, ← and → change its level,
  /// Enter drops the item there, Esc cancels.
  mutating func handleMoveKey(_ key: Key, move: OutlineMove) {
    var move = move
    switch key {
    case .up: move.gap = Swift.max(0, move.gap - 1)
    case .down: move.gap = Swift.min(list.numberOfRows, move.gap + 1)
    case .left, .right:
      let gap = IndexPath(indexes: [0, move.gap])
      guard let levels = list.index.dropLevels(beforeRowAt: gap) else { return }
      let shown = Swift.min(Swift.max(move.level, levels.lowerBound), levels.upperBound)
      move.level = Swift.min(Swift.max(shown + (key == .left ? -1 : 1), levels.lowerBound), levels.upperBound)
    case .enter:
      drop(move)
      return
    case .escape:
      mode = .browsing
      moveCursor(to: move.source)
      return
    default:
      return
    }
    mode = .moving(move)
    scroll(toShow: Swift.min(move.gap, list.numberOfRows - 1))
  }

  /// Moves the item to the marker's target: in the outline, then in the
  /// list, which tells its host in one update; the cursor follows it.
  private mutating func drop(_ move: OutlineMove) {
    mode = .browsing
    guard let target = dropTarget(for: move),
      let destination = list.index.moveDestination(for: target, movingItemAt: move.source)
    else {
      message = "cannot drop an item inside itself"
      moveCursor(to: move.source)
      return
    }
    guard destination != move.source else {
      moveCursor(to: move.source)
      return
    }
    guard list.dataSource.moveItem(at: move.source, to: destination) else {
      message = "cannot move \(OutlineOptions.text(of: move.source)) there"
      moveCursor(to: move.source)
      return
    }
    do {
      try list.moveItem(at: move.source, to: destination)
    } catch {
      message = "\(error)"
      list.reloadData()
    }
    moveCursor(to: destination)
  }
}
