import Foundation
import TreeSources

/// The ``TreeDataSource`` that shows a ``/TreeSources/TreeSource`` in a
/// ``TreeList``: it answers the list's questions from the source and turns
/// each change set the source publishes into exactly one update of the
/// list's host, moves as moves. Create it with ``TreeList/init(source:layout:isExpanded:)``.
///
/// The list stays lazy: it asks the source only about the items it shows.
/// Expansion state follows moved items (the list moves it with them);
/// items the source inserts (or a filter shows again) start as
/// `isExpanded` says.
public final class TreeSourceDataSource<Source: TreeSource>: TreeDataSource {
  /// The source shown.
  public let source: Source

  /// Whether a newly shown item starts expanded.
  let _isExpanded: (TreePath, Source.Element) -> Bool
  /// Whether every item starts collapsed (``TreeList/init(source:layout:)``):
  /// then the list's question reads no element. (A flag rather than an
  /// optional closure, whose type would be looked up at run time.)
  let _startsCollapsed: Bool

  /// The list that shows the source.
  weak var _list: TreeList<TreeSourceDataSource<Source>>?

  var _subscription: TreeSourceSubscription?

  /// While a change set is replayed into the list: the changes and the
  /// step being applied, so that the list's questions are read in the
  /// source's final tree.
  var _replaying: (changes: TreeSourceChanges, step: Int)?

  /// The items a recursive expansion opened before their children loaded:
  /// each is expanded recursively when they arrive.
  var _waiting = _WaitingExpansions()

  init(source: Source, isExpanded: ((TreePath, Source.Element) -> Bool)?) {
    self.source = source
    self._isExpanded = isExpanded ?? { _, _ in false }
    self._startsCollapsed = isExpanded == nil
  }

  /// The source's number of children, read at the item's place once the
  /// change being replayed has applied; 0 for a path the source refuses.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many children it has.
  /// - Complexity: The source's answer.
  public func numberOfSubitems(of parent: TreePath?) -> Int {
    guard let parent else { return (try? source.numberOfChildren(of: nil)) ?? 0 }
    guard let path = _finalPath(parent) else { return 0 }
    return (try? source.numberOfChildren(of: path)) ?? 0
  }

  /// What `isExpanded` says of the item; `false` for a list made without
  /// it.
  ///
  /// - Parameter treePath: A visible item's path.
  /// - Returns: Whether it starts expanded.
  /// - Complexity: The source's answer plus `isExpanded`; O(1) for a list
  ///   made without it (the element is not read).
  public func isExpanded(_ treePath: TreePath) -> Bool {
    if _startsCollapsed { return false }
    guard let path = _finalPath(treePath), let element = try? source.element(at: path) else { return false }
    return _isExpanded(path, element)
  }

  /// The source's element.
  ///
  /// - Parameter treePath: A visible row's item path.
  /// - Returns: The element.
  /// - Precondition: The list asks only about its rows, which the source
  ///   holds.
  /// - Complexity: The source's answer.
  public func item(at treePath: TreePath) -> Source.Element {
    guard let path = _finalPath(treePath) else {
      preconditionFailure("TreeSourceDataSource: \(treePath) is removed later in the change set being applied")
    }
    do {
      return try source.element(at: path)
    } catch {
      preconditionFailure("TreeSourceDataSource: the list asked for a row the source does not hold: \(error)")
    }
  }

  func _finalPath(_ path: TreePath) -> TreePath? {
    guard let replaying = _replaying else { return path }
    return replaying.changes.finalPath(of: path, afterStep: replaying.step)
  }

  /// Replays one change set into the list as one update: one batch, or,
  /// when the change set is one list edit (one step, or one run of
  /// removals at one place), that edit alone, which is one update by
  /// itself and costs no batch around it.
  func _receive(_ changes: TreeSourceChanges) {
    guard let list = _list else { return }
    // Items waited for that were looked at when the list could not
    // expand them: looked at again (the others wait for their loads).
    defer { _expandItemsWhoseSubitemsArrived(in: list) }
    do {
      if !list._usesGeneralPathsOnly && Self._isOneEdit(changes.steps) {
        try _replay(changes, into: list)
      } else {
        try list.performBatchUpdates { try _replay(changes, into: list) }
        // A row the batch moved keeps its cell: the items updated after
        // they moved are redrawn where they went, in a second update (the
        // list redraws those updated before they moved itself).
        let redrawn = Self._updatedAfterMoving(changes).filter { path in
          path.parent.map { list.numberOfSubitems(of: $0) != nil } ?? true
        }
        if !redrawn.isEmpty { try list.reloadItems(at: redrawn) }
      }
    } catch {
      // A change set the list cannot follow (one published while the list
      // was calling out, or one that does not match what it knows): show
      // the source afresh rather than an update that could be wrong.
      list.reloadData()
    }
  }

  /// The final paths of the items that `changes` updates after it moved
  /// them (or an ancestor of theirs).
  ///
  /// - Complexity: O(*k*² *d*) for *k* steps, when the change set both
  ///   moves and updates; O(*k*) otherwise.
  static func _updatedAfterMoving(_ changes: TreeSourceChanges) -> [TreePath] {
    let steps = changes.steps
    guard steps.contains(where: { if case .move = $0 { true } else { false } }),
      steps.contains(where: { if case .update = $0 { true } else { false } })
    else { return [] }
    var moved: [TreePath] = []
    var redrawn: [TreePath] = []
    for (i, step) in steps.enumerated() {
      if case .update(let p) = step, moved.contains(where: { $0 == p || $0.isAncestor(of: p) }),
        let final = changes.finalPath(of: p, afterStep: i)
      {
        redrawn.append(final)
      }
      // The moved items' paths, carried past this step.
      let one = TreeSourceChanges([step])
      moved = moved.compactMap { one.finalPath(of: $0, afterStep: -1) }
      if case .move(_, let b) = step { moved.append(b) }
    }
    return redrawn
  }

  /// Whether `steps` make one call of the list's edits in ``_replay(_:into:)``:
  /// one step, or removals all at one place.
  static func _isOneEdit(_ steps: [TreeSourceChanges.Step]) -> Bool {
    guard let first = steps.first else { return false }
    guard steps.count > 1 else { return true }
    guard case .remove(let p) = first else { return false }
    return steps.allSatisfy { $0 == .remove(p) }
  }

  /// Calls the list's edits for each step of `changes`, in order.
  func _replay(_ changes: TreeSourceChanges, into list: TreeList<TreeSourceDataSource>) throws {
    let changes = changes.preparedForFinalPaths()
    defer { _replaying = nil }
    let steps = changes.steps
    // The items the list inserts for a move it could not follow (the item
    // came from beneath an item it never expanded): like an item the
    // change inserts, each comes with its subitems as the source holds
    // them at the end, so later steps beneath it are passed over.
    var fresh: [TreePath] = []
    func isFresh(_ path: TreePath) -> Bool { fresh.contains { $0.isAncestor(of: path) } }
    var i = 0
    while i < steps.count {
      let step = steps[i]
      _replaying = (changes, i)
      i += 1
      // Beneath an item the list never expanded, it knows no subitems:
      // a change there changes nothing it shows.
      func isKnown(_ path: TreePath) -> Bool {
        !isFresh(path) && (path.parent.map { list.numberOfSubitems(of: $0) != nil } ?? true)
      }
      var replayed = 1
      var freshNow: TreePath?
      switch step {
      case .insert(let p):
        if !isFresh(p) { try list.insertItems(at: [p]) }
      case .remove(let p):
        // A run of removals at one place (what a filter publishes when
        // it hides consecutive siblings): one deletion of them all, in
        // the coordinates before the run. Scattered removals stay one
        // deletion each, as they come (the batch records each in
        // O(log r) amortized for r changed ranges, whatever the order).
        var paths = [p]
        while i < steps.count, case .remove(let q) = steps[i], q == p {
          paths.append((p.parent ?? []).appending(p[p.depth - 1] + paths.count))
          _replaying = (changes, i)
          i += 1
        }
        if isKnown(p) { try list.deleteItems(at: paths) }
        replayed = paths.count
      case .move(let a, let b):
        switch (isKnown(a), isKnown(_PathShifts.beforeRemoval(at: a, b))) {
        case (true, true): try list.moveItem(at: a, to: b)
        case (true, false): try list.deleteItems(at: [a])
        case (false, true):
          try list.insertItems(at: [b])
          freshNow = b
        case (false, false): break
        }
      case .update(let p):
        if isKnown(p) { try list.reloadItems(at: [p]) }
      }
      // The fresh items, carried past the steps replayed (a step beneath
      // one of them moves none of them); then the one this step made,
      // whose path reads after it.
      if !fresh.isEmpty {
        let one = TreeSourceChanges([step])
        for _ in 0..<replayed { fresh = fresh.compactMap { one.finalPath(of: $0, afterStep: -1) } }
      }
      if let freshNow { fresh.append(freshNow) }
    }
  }
}

extension TreeList {
  /// Creates a list that shows a tree source and follows its changes: each
  /// change set the source publishes reaches the host as one update.
  ///
  /// Call ``reloadData()`` (or set a host, which reads the list) to load it.
  ///
  /// - Parameters:
  ///   - source: The source to show.
  ///   - layout: `.flat` or `.sectioned`.
  ///   - isExpanded: Whether an item starts expanded when the list first
  ///     shows it; by default none does.
  /// - Complexity: O(1); asks the source nothing.
  public convenience init<Source: TreeSource>(
    source: Source, layout: TreeIndex.Layout = .flat,
    isExpanded: @escaping (TreePath, Source.Element) -> Bool = { _, _ in false }
  ) where DataSource == TreeSourceDataSource<Source> {
    self.init(_source: source, layout: layout, isExpanded: isExpanded)
  }

  /// Creates a list that shows a tree source and follows its changes: each
  /// change set the source publishes reaches the host as one update. Every
  /// item starts collapsed when the list first shows it (expand items with
  /// ``expand(_:recursively:)`` and its kin).
  ///
  /// The same list as ``init(source:layout:isExpanded:)`` with its default
  /// `isExpanded`, but the list never reads an element to learn that an
  /// item starts collapsed: an item the source inserts costs one read of
  /// the source less.
  ///
  /// Call ``reloadData()`` (or set a host, which reads the list) to load it.
  ///
  /// - Parameters:
  ///   - source: The source to show.
  ///   - layout: `.flat` or `.sectioned`.
  /// - Complexity: O(1); asks the source nothing.
  public convenience init<Source: TreeSource>(source: Source, layout: TreeIndex.Layout = .flat)
  where DataSource == TreeSourceDataSource<Source> {
    self.init(_source: source, layout: layout, isExpanded: nil)
  }

  convenience init<Source: TreeSource>(
    _source source: Source, layout: TreeIndex.Layout, isExpanded: ((TreePath, Source.Element) -> Bool)?
  ) where DataSource == TreeSourceDataSource<Source> {
    let dataSource = TreeSourceDataSource(source: source, isExpanded: isExpanded)
    self.init(dataSource: dataSource, layout: layout)
    dataSource._list = self
    dataSource._subscription = source.subscribe { [weak dataSource] changes in
      dataSource?._receive(changes)
    }
  }
}
