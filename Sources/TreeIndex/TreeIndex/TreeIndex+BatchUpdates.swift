#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Grouping several edits into one table view update.
extension TreeIndex {
  /// Runs several edits as one update and returns one change set from the
  /// state before to the state after, valid as a single `UITableView` batch
  /// update.
  ///
  /// The edits run one after another, each in the coordinates the previous
  /// one left. The result lists deletions and move sources in old
  /// coordinates and insertions and move destinations in new coordinates;
  /// rows inside deleted or inserted sections are not listed; and a row
  /// whose item persists and did not move is in no list — even if the batch
  /// hid it and showed it again.
  ///
  /// An item moved (once or several times) that is a row before and after
  /// the batch is a move from its rows before to its rows after
  /// (``TreeChanges/movedRowRanges``; in `.sectioned`, a root item that is a
  /// root item before and after is a section move). Its rows that persist
  /// are moved; rows that appear or vanish inside it in the same batch are
  /// insertions or deletions, so one item's move may be several ranges. An
  /// item whose position the batch's other edits restore is in no list.
  ///
  ///     let changes = try index.performBatchUpdates { index in
  ///       try index.insertItems(at: [[0]])
  ///       try index.expand([2], numberOfSubitems: 4)
  ///       try index.moveItem(at: [3], to: [0])
  ///     }
  ///     tableView.performBatchUpdates {
  ///       tableView.deleteRows(at: changes.deletedRows, with: .fade)
  ///       tableView.insertRows(at: changes.insertedRows, with: .fade)
  ///       for move in changes.movedRows { tableView.moveRow(at: move.from, to: move.to) }
  ///     }
  ///
  /// Batches nest. If the closure replaces the whole index (assigns another
  /// value to it), the change set deletes every old section and inserts
  /// every new one.
  ///
  /// The batch keeps no copy of the index: it journals the storage its edits
  /// write, so that it can undo them and read the rows as they were.
  ///
  /// - Parameter updates: A closure that edits the index it is given.
  /// - Returns: The rows and sections deleted, inserted and moved by the
  ///   whole batch.
  /// - Throws: Whatever `updates` throws; the index is then exactly as it
  ///   was before the batch (unless the closure assigned another index to
  ///   it: that index is kept).
  /// - Complexity: the cost of the edits, each recorded in O(log *r*)
  ///   amortized (so *k* edits under one item cost O(*k* log *k*) more,
  ///   whatever their order); plus, for each item with changes beneath it,
  ///   O(*r* + *c* (log *b* + log *r*)) for its *c* changed known subitems
  ///   and *r* changed ranges of subitems; plus, for each item with *m*
  ///   subitems moved in or out, O((*m* + *r*) log *r*), and O(*s* log *s*)
  ///   for the *s* ranges of the result: independent of the number of items
  ///   the index knows. A batch nested in another is folded into it in
  ///   O(*r'* log *r*) for the *r'* ranges it changed.
  @discardableResult
  public mutating func performBatchUpdates(_ updates: (inout TreeIndex) throws -> Void) throws -> TreeChanges {
    defer { _checkInvariants() }
    let batch = _beginBatch()
    do {
      try updates(&self)
    } catch {
      _abandonBatch(batch)
      throw error
    }
    return _endBatch(batch)
  }

  /// A batch opened by ``_beginBatch()``: what to return to. For the
  /// package's own modules, which cannot run their edits inside a closure
  /// that holds the index `inout`.
  package struct _OpenBatch: Sendable {
    /// Tells the batch's recorder from any other.
    let token: UInt64
    /// Whether the batch began inside another. The enclosing batch's
    /// recorder is not kept here but inside the new one
    /// (``_BatchRecorder/enclosing``): a second reference to it would make
    /// folding the nested batch in copy every item's changes.
    let isNested: Bool
    /// The number of sections when the batch began.
    let numberOfSections: Int
  }

  /// Starts recording a batch; every edit until ``_endBatch(_:)`` is part of
  /// it. Batches nest as ``performBatchUpdates(_:)`` calls do.
  ///
  /// - Complexity: O(1).
  package mutating func _beginBatch() -> _OpenBatch {
    let batch = _OpenBatch(
      token: UInt64.random(in: 1...UInt64.max), isNested: _isRecording, numberOfSections: numberOfSections)
    _arena.forest.beginJournal()
    var recorder = _BatchRecorder(token: batch.token)
    if let enclosing = _recorder.take() { recorder.enclosing = [enclosing] }
    _recorder = recorder
    return batch
  }

  /// Whether the index is still the one `batch` began on (the edits did not
  /// assign another index).
  func _isOpen(_ batch: _OpenBatch) -> Bool {
    _recorder?.token == batch.token && _arena.forest.isJournaling
  }

  /// Puts the index back as it was when `batch` began.
  ///
  /// - Complexity: O(*w*) for the *w* storage nodes the batch wrote.
  package mutating func _abandonBatch(_ batch: _OpenBatch) {
    guard _isOpen(batch) else { return }  // another index was put in place: keep it
    _arena.forest.rollBackJournal()
    var recorder = _recorder.take()
    _recorder = recorder?.enclosing.popLast()
  }

  /// Ends `batch` and returns its change set, folding what it recorded into
  /// the enclosing batch, if any.
  ///
  /// - Complexity: see ``performBatchUpdates(_:)``.
  package mutating func _endBatch(_ batch: _OpenBatch) -> TreeChanges {
    _closeBatch(batch, computingChanges: true)
  }

  /// Ends `batch` as ``_endBatch(_:)`` does, without working out its change
  /// set: for a batch inside another, whose changes only the enclosing
  /// batch's set reports.
  ///
  /// - Complexity: O(*w*) for the *w* storage nodes the batch wrote.
  package mutating func _commitBatch(_ batch: _OpenBatch) {
    _ = _closeBatch(batch, computingChanges: false)
  }

  /// Ends `batch`, folding what it recorded into the enclosing batch, if
  /// any; returns its change set when asked to, else an empty one.
  private mutating func _closeBatch(_ batch: _OpenBatch, computingChanges: Bool) -> TreeChanges {
    guard _isOpen(batch), _isRecording else {
      // The closure put another index in place: no item is known to
      // persist, and an enclosing batch is told so by a recorder no batch
      // owns.
      _recorder = batch.isNested ? _BatchRecorder(token: 0) : nil
      var changes = _TreeChangesBuilder()
      changes.deleteSections(0..<batch.numberOfSections)
      changes.insertSections(0..<numberOfSections)
      return changes.build()
    }
    // The diff reads the recorder in place (the index answers for the
    // batch's start through it); only then is it taken out.
    let changes = computingChanges ? _changes(recorded: _recorder!) : TreeChanges()
    _arena.forest.commitJournal()
    var recorder = _recorder.take()!
    // Taken out of the index and out of the nested recorder, the enclosing
    // recorder is held once, so that folding the nested one in edits its
    // changes in place.
    if var outer = recorder.enclosing.popLast() {
      outer.append(recorder)
      _recorder = outer
    }
    return changes
  }

  /// The table path where the item at `treePath` (a path in the tree as it
  /// was when the outermost open batch began) was drawn then; outside a
  /// batch, where it is drawn now.
  ///
  /// - Complexity: O(*d* log *b*).
  package func _tableIndexPathAtBatchStart(fromTreePath treePath: TreePath) -> IndexPath? {
    guard _arena.forest.isJournaling, _recorder?.token != 0 else { return tableIndexPath(fromTreePath: treePath) }
    return _tableIndexPath(of: treePath, at: _PastArena(_arena).flatRowByDescents(of: treePath))
  }
}
