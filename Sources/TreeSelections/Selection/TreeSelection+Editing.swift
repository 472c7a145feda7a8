import TreeIndex

extension TreeSelection {
  /// The item (or group) open for editing, or `nil` when no editing
  /// session is open.
  ///
  /// - Complexity: O(1).
  public var editedItem: ItemID? { _session?.item }

  /// Whether the open editing session's working copy differs from the
  /// saved results; `false` when no session is open.
  ///
  /// - Complexity: O(1).
  public var hasUnsavedChanges: Bool { !(_session?.entries.isEmpty ?? true) }

  /// Opens `item` (a question, or a group with everything beneath it) for
  /// editing: from now on, changes to it and beneath it go to a working
  /// copy of their results, which ``saveEditing()`` keeps and
  /// ``cancelEditing()`` drops. Changes elsewhere throw until then.
  ///
  /// - Parameter item: An identifier.
  /// - Throws: A ``TreeSelectionError`` when the snapshot does not hold
  ///   `item` or an editing session is already open.
  /// - Complexity: O(1).
  public mutating func beginEditing(_ item: ItemID) throws(TreeSelectionError) {
    guard let node = _snapshot._node(ofItem: item) else {
      throw TreeSelectionError(operation: .beginEditing, item: "\(item)", reason: .unknownItem)
    }
    if let session = _session {
      throw TreeSelectionError(
        operation: .beginEditing, item: "\(item)", reason: .sessionAlreadyOpen("\(session.item)"))
    }
    _session = _EditingSession(item: item, node: node)
  }

  /// Copies the working copy over the saved results and closes the
  /// editing session.
  ///
  /// - Throws: A ``TreeSelectionError`` when no editing session is open.
  /// - Complexity: O(*c*) for *c* items whose results or counts the session
  ///   changed.
  public mutating func saveEditing() throws(TreeSelectionError) {
    defer { _checkInvariants() }
    guard let session = _session else {
      throw TreeSelectionError(operation: .saveEditing, item: nil, reason: .noEditingSession)
    }
    _session = nil
    for (item, entry) in session.entries { _entries[item] = entry.isEmpty ? nil : entry }
    for (node, tally) in session.tallies { _counts[Int(node)].tally = tally }
  }

  /// Drops the working copy and closes the editing session; the saved
  /// results are as they were when it opened. Does nothing when no session
  /// is open.
  ///
  /// - Complexity: O(1).
  public mutating func cancelEditing() {
    _session = nil
  }

  /// Clears, as a filter panel's Clear button does: with an editing
  /// session open, empties the working copy of the item open for editing
  /// and everything beneath it (``cancelEditing()`` still brings it back);
  /// with none open, empties every item's saved results.
  ///
  /// - Complexity: With a session, O(*k* *d*) for *k* items with results
  ///   beneath the item open for editing; without one, O(*n*) for *n*
  ///   items.
  public mutating func clear() {
    defer { _checkInvariants() }
    guard let session = _session else {
      _entries = [:]
      for node in _counts.indices {
        _counts[node].checked = 0
        _counts[node].answered = 0
      }
      return
    }
    Self._walk(_snapshot, from: session.node) { current in
      _changeEntry(of: _snapshot._item(ofNode: current), at: current) { $0 = .empty }
      return _tally(current) != .zero
    }
  }
}
