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
  /// - Parameter updates: A closure that edits the index it is given.
  /// - Returns: The rows and sections deleted, inserted and moved by the
  ///   whole batch.
  /// - Throws: Whatever `updates` throws; the index is then exactly as it
  ///   was before the batch.
  /// - Complexity: O(*k*) to keep the state to restore on error, where *k* is
  ///   the number of known items, plus the cost of the edits, plus, for each
  ///   item with changes beneath it, O(*c* (log *b* + *r*)) for its *c* known
  ///   subitems and *r* changed ranges of subitems; plus, for each item
  ///   with *m* subitems moved in or out, O(*m*² (*r* + *m*)) at worst, and
  ///   O(*s* log *s*) for the *s* ranges of the result.
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

  /// A batch opened by ``_beginBatch()``: the state to diff against and to
  /// return to. For the package's own modules, which cannot run their edits
  /// inside a closure that holds the index `inout`.
  package struct _OpenBatch: Sendable {
    /// The index as it was when the batch began.
    package let before: TreeIndex
    let token: UInt64
  }

  /// Starts recording a batch; every edit until ``_endBatch(_:)`` is part of
  /// it. Batches nest as ``performBatchUpdates(_:)`` calls do.
  ///
  /// - Complexity: O(1); the first edit after it copies the storage, O(*k*).
  package mutating func _beginBatch() -> _OpenBatch {
    let batch = _OpenBatch(before: self, token: UInt64.random(in: 1...UInt64.max))
    _recorder = _BatchRecorder(token: batch.token)
    return batch
  }

  /// Puts the index back as it was when `batch` began.
  ///
  /// - Complexity: O(1).
  package mutating func _abandonBatch(_ batch: _OpenBatch) {
    self = batch.before
  }

  /// Ends `batch` and returns its change set, folding what it recorded into
  /// the enclosing batch, if any.
  ///
  /// - Complexity: see ``performBatchUpdates(_:)``.
  package mutating func _endBatch(_ batch: _OpenBatch) -> TreeChanges {
    let before = batch.before
    guard let recorder = _recorder, recorder.token == batch.token else {
      // The closure put another index in place: no item is known to persist.
      _recorder = before._recorder
      if var outer = _recorder { outer.token = 0; _recorder = outer }  // the outer batch lost track too
      return _replacementChanges(from: before)
    }
    let changes = _changes(from: before, recorded: recorder)
    if var outer = before._recorder {
      outer.append(recorder)
      _recorder = outer
    } else {
      _recorder = nil
    }
    return changes
  }

  /// The change set that replaces every old section by every new one.
  func _replacementChanges(from before: TreeIndex) -> TreeChanges {
    var changes = _TreeChangesBuilder()
    changes.deleteSections(0..<before.numberOfSections)
    changes.insertSections(0..<numberOfSections)
    return changes.build()
  }
}
