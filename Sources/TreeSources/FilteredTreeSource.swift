import TreeIndex
import _SummaryTree

/// A tree source that shows the elements of another source that a
/// predicate lets through, with VS Code's three outcomes: visible, hidden
/// (with everything beneath), or visible only if a descendant is (a folder
/// that contains a match).
///
/// The filter keeps, for every item of the base, its outcome and, per
/// parent, the count of shown children as summaries of a balanced tree, so
/// that a filtered path maps to the base's path (and back) in
/// O(*d* log *b*), a change of the base becomes the filtered change in
/// O(*d* log *b*) per item it touches, and a new predicate
/// (``setPredicate(_:)``) becomes the minimal change set: the items whose
/// visibility changed are removed or inserted, the items that stay are
/// left alone (never removed and inserted again);
/// ``setPredicate(_:change:)`` with ``TreeFilterChange/narrowing`` asks
/// only the shown items.
///
/// A change of several steps (a batch of the base, or of the filter) is
/// decided as a whole: an item that the batch would hide — a folder
/// (`visibleIfDescendantIsVisible`) that loses its last shown child, or an
/// item a new predicate or a new element hides — stays shown until the
/// batch ends, and is hidden then only if it still would be, so an item
/// shown before and after the batch is never removed and inserted again.
/// (An item moved to where the filter does not show it leaves at once.)
public final class FilteredTreeSource<Base: TreeSource>: TreeSource {
  /// The source whose elements are filtered.
  public var base: Base { _base.unsafelyUnwrapped }

  /// ``base``, until the filter is released (see ``_ReleasesBase``).
  var _base: Base?

  /// The predicate: what it says of an element decides whether it is shown.
  public internal(set) var predicate: (Base.Element) -> TreeFilterOutcome

  // Unchecked: every access to the mirror is the filter's own, none lasts
  // across a call out of the filter (to the base, the predicate or a
  // subscriber: their results are read into locals first), and its items
  // hold no references, so no deinitializer runs inside one. The checks
  // cost about 100 instructions per access, a dozen accesses per edit.
  @exclusivity(unchecked) var _forest = SummaryForest<_FilterItem>()
  @exclusivity(unchecked) var _rootTree: Int32 = -1
  let _publisher = _ChangePublisher()
  /// ``base``, when it reads an element and its number of children in one
  /// walk (cast once here rather than on each item built).
  var _combinedBase: (any _ElementAndChildCount<Base.Element>)?
  var _subscription: TreeSourceSubscription?
  /// The items kept shown until the batch ends (`_FilterItem.isHeld`), in
  /// the order they were held; an item freed or released since is skipped.
  // Unchecked: as the mirror, the filter's own, in accesses that call out
  // to nothing, and of integers.
  @exclusivity(unchecked) var _held: [Int32] = []
  /// Whether the change being received holds folders (see `_hold`).
  var _holding = false
  /// Whether some outcomes may be above what the predicate says: set by a
  /// narrowing `setPredicate`, which asks only the items shown with their
  /// ancestors. Then the outcomes that may be stale are those of items
  /// hidden with `visibleIfDescendantIsVisible` (asked again before a child
  /// shows one) and of every item beneath a `hidden` one (asked again when
  /// it stops being hidden, or when an item moves out from beneath it).
  var _outcomesMayBeStale = false
  /// For each open batch, what its journal of the mirror does not restore.
  // Unchecked: as the mirror, the filter's own, in accesses that call out
  // to nothing.
  @exclusivity(unchecked) var _savedAtBatches:
    [(
      rootTree: Int32, held: [Int32], predicate: (Base.Element) -> TreeFilterOutcome, outcomesMayBeStale: Bool
    )] = []
  /// While a change of the base is received: the change and the step being
  /// applied, so that an element is read where the base holds it now.
  var _reading: (changes: TreeSourceChanges, step: Int)?
  /// From the time a change of the base is received until the composed
  /// sources linked above have taken in what it became: the base's
  /// elements read, by base path (the base does not change meanwhile). The composed sources above read the same
  /// elements through this filter as they take the change in; answered
  /// from here, a read does not descend the base again, so a change costs
  /// a composition nested *n* deep O(*n*) reads, not O(*n*²).
  var _readsOfBase: [TreePath: Base.Element]?
  /// How many sources that read through lie in this one's chain.
  let _nesting: Int

  /// Filters `base` with `predicate`.
  ///
  /// - Parameters:
  ///   - base: The source to filter.
  ///   - predicate: The outcome for an element.
  /// - Complexity: O(*n* *d*) for the *n* items of the base: each is asked
  ///   about once.
  public init(_ base: Base, predicate: @escaping (Base.Element) -> TreeFilterOutcome) {
    self._base = base
    self.predicate = predicate
    _combinedBase = base as? any _ElementAndChildCount<Base.Element>
    _nesting = _ReadThroughDepth.nesting(over: base)
    _rootTree = _buildChildren(of: nil, owner: -1)
    let filter = _Weak(object: self)
    // Every batch, the filter's own or one its base opened, is journaled,
    // so that a failed one restores the filter exactly (an item it held
    // shown stays held, which taking back the base's undoing steps would
    // not give).
    _publisher.restoresOnDiscard = true
    _publisher.didBegin = { filter.object?._batchBegan() }
    _publisher.willEnd = { discard in filter.object?._batchEnds(discarding: discard) }
    _publisher.didCarryUp = { filter.object?._readsOfBase = nil }
    _subscription = base._listen(publishingTo: _publisher) { changes in filter.object?._receive(changes) }
  }

  deinit {
    guard _nesting > _ReadThroughDepth.recursionLimit else { return }
    var beneath = _takeBase()
    _releaseChain(&beneath)
  }

  /// `Filtered(` and the base's name `)`.
  public var name: String { "Filtered(\(base.name))" }

  // MARK: TreeSource

  /// The number of shown children of the shown item at `parent`, or of
  /// shown root items when `parent` is `nil`.
  ///
  /// - Parameter parent: A filtered path, or `nil` for the root.
  /// - Returns: How many children are shown.
  /// - Throws: ``TreeSourceError`` when `parent` names no shown item.
  /// - Complexity: O(*d* log *b*).
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    guard let parent else { return _forest.total(_rootTree).shown }
    let node = try _shownNode(at: parent, for: .numberOfChildren)
    return _forest.total(_forest[node].children).shown
  }

  /// The element of the shown item at `path`.
  ///
  /// - Parameter path: A filtered path.
  /// - Returns: The base's element.
  /// - Throws: ``TreeSourceError`` when `path` names no shown item.
  /// - Complexity: O(*d* log *b*) plus the base's answer.
  public func element(at path: TreePath) throws(TreeSourceError) -> Base.Element {
    if _nesting > _ReadThroughDepth.recursionLimit { return try _readDescending(from: self, at: path) }
    let node = try _shownNode(at: path, for: .element)
    let basePath = _basePath(of: node)
    if let read = _readsOfBase?[basePath] { return read }
    return try base.element(at: basePath)
  }

  /// The base's path of the shown item at a filtered path.
  ///
  /// - Parameter path: A filtered path.
  /// - Returns: The item's path in the base, or `nil` when no shown item is
  ///   there.
  /// - Complexity: O(*d* log *b*).
  public func basePath(forFilteredPath path: TreePath) -> TreePath? {
    (try? _shownNode(at: path, for: .element)).map { _basePath(of: $0) }
  }

  /// The filtered path of the base's item at `path`.
  ///
  /// - Parameter path: A path of the base.
  /// - Returns: The item's filtered path, or `nil` when it is hidden (or an
  ///   ancestor is) or does not exist.
  /// - Complexity: O(*d* log *b*).
  public func filteredPath(forBasePath path: TreePath) -> TreePath? {
    guard let node = _node(atBase: path), _isFullyShown(node) else { return nil }
    return _filteredPath(of: node)
  }

  /// Calls `observer` after every change of what the filter shows, until
  /// the subscription ends.
  ///
  /// - Parameter observer: The closure to call with each change set.
  /// - Returns: The subscription.
  /// - Complexity: O(1).
  public func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    _publisher.subscribe(observer)
  }

  /// Runs `updates` as one batch of the filter and of its base: folders
  /// that lose their matches are hidden when it ends, if they gained none.
  ///
  /// - Parameter updates: The edits.
  /// - Throws: Whatever `updates` throws; the base undoes its edits.
  /// - Complexity: `updates`, plus O(*k* *r* *d*) for its *k* edits and the
  ///   *r* runs of adjacent items they insert (O(*k* *d*) for one run).
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    try _publisher.batch(over: base, updates)
  }

  // MARK: The predicate

  /// Filters with a new predicate: subscribers get the minimal change set,
  /// the shown items that are hidden now removed and the hidden items that
  /// are shown now inserted; items shown before and after stay.
  ///
  /// The same as ``setPredicate(_:change:)`` with
  /// ``TreeFilterChange/unrelated``.
  ///
  /// - Parameter predicate: The new predicate.
  /// - Complexity: O(*n* *d*) for the *n* items of the base (each is asked
  ///   about again), plus the change set.
  public func setPredicate(_ predicate: @escaping (Base.Element) -> TreeFilterOutcome) {
    setPredicate(predicate, change: .unrelated)
  }

  /// Filters with a new predicate that `change` says how to compare with
  /// the current one: subscribers get the minimal change set, the shown
  /// items that are hidden now removed and the hidden items that are shown
  /// now inserted; items shown before and after stay.
  ///
  /// With ``TreeFilterChange/narrowing`` (the new predicate shows a subset:
  /// a query that grew) only the shown items are asked about, so a refined
  /// search costs what the rows it shows cost, not what the base holds.
  /// The hidden items keep their old outcome until they matter (an edit
  /// shows a child of theirs, or makes one of them shown), when they are
  /// asked again.
  ///
  /// Called while the filter (or its base) is delivering a change to its
  /// subscribers, the new predicate takes effect once the delivery has
  /// reached them all.
  ///
  /// - Parameters:
  ///   - predicate: The new predicate.
  ///   - change: How the new predicate relates to the current one; the
  ///     filter trusts it (see ``TreeFilterChange`` for what a broken
  ///     promise does).
  /// - Complexity: ``TreeFilterChange/unrelated`` and
  ///   ``TreeFilterChange/widening``: O(*n* *d*) for the *n* items of the
  ///   base; ``TreeFilterChange/narrowing``: O(*v* *d* log *b*) for the
  ///   *v* items shown with all their ancestors. Plus the change set.
  public func setPredicate(
    _ predicate: @escaping (Base.Element) -> TreeFilterOutcome, change: TreeFilterChange
  ) {
    guard !_publisher.isDelivering else {
      _publisher.runOrDefer { [weak self] in self?.setPredicate(predicate, change: change) }
      return
    }
    // The predicate is asked about many items: a call out, during which
    // nothing of the composition is edited.
    _publisher.callingOut { _setPredicate(predicate, change: change) }
  }

  func _setPredicate(_ predicate: @escaping (Base.Element) -> TreeFilterOutcome, change: TreeFilterChange) {
    self.predicate = predicate
    var steps: [TreeSourceChanges.Step] = []
    switch change {
    case .narrowing:
      var next: [Int32: Bool] = [:]
      _evaluateShown(tree: _rootTree, parentPath: nil, into: &next)
      // In a batch, what the predicate hides stays until the batch ends.
      var held: [Int32] = []
      if _publisher.batchDepth > 0 {
        for (node, shown) in next where !shown {
          next[node] = true
          held.append(node)
        }
      }
      _diffShown(tree: _rootTree, at: nil, next: next, into: &steps)
      for (node, shown) in next {
        _forest[node].isHeld = false
        guard _forest[node].isShown != shown else { continue }
        _forest[node].isShown = shown
        _forest.refreshUpward(from: node, inTreeAt: _tree(of: node))
      }
      for node in held { _ = _hold(node) }
      // The hidden items were not asked: their outcomes may be above the
      // new predicate's until they are asked again.
      _outcomesMayBeStale = true
    case .unrelated, .widening:
      var next = [Bool](repeating: false, count: _forest.capacity)
      // Widening keeps `visible` outcomes, when they are the current
      // predicate's.
      let keepVisible = change == .widening
      _evaluate(tree: _rootTree, parentPath: nil, keepingVisible: keepVisible, exact: true, into: &next)
      // In a batch, what the predicate hides stays until the batch ends.
      var held: [Int32] = []
      if _publisher.batchDepth > 0 { _keepShown(tree: _rootTree, next: &next, held: &held) }
      _diff(tree: _rootTree, at: nil, next: next, into: &steps)
      _commit(tree: _rootTree, next: next)
      for node in held { _ = _hold(node) }
      _outcomesMayBeStale = false
    }
    _publisher.publish(steps)
  }

  /// Calls `body` with every shown item of the sibling tree `tree`, left to
  /// right, and its index among all the siblings; runs without a shown
  /// item are skipped in O(1).
  func _forEachShown(in tree: Int32, offset: Int, _ body: (_ node: Int32, _ index: Int) -> Void) {
    guard tree >= 0, _forest.total(tree).shown > 0 else { return }
    let left = _forest.left(tree)
    _forEachShown(in: left, offset: offset, body)
    let index = offset + _forest.total(left).count
    if _forest[tree].isShown { body(tree, index) }
    _forEachShown(in: _forest.right(tree), offset: index + 1, body)
  }

  /// Evaluates the predicate on the shown items of `tree` and, beneath
  /// each that stays shown, on its shown children, writing whether each
  /// would be shown into `next`; returns whether any of them would.
  @discardableResult
  func _evaluateShown(tree: Int32, parentPath: TreePath?, into next: inout [Int32: Bool]) -> Bool {
    var children: [(node: Int32, index: Int)] = []
    _forEachShown(in: tree, offset: 0) { children.append(($0, $1)) }
    var anyShown = false
    for (node, index) in children {
      let path = (parentPath ?? []).appending(index)
      let outcome = (try? base.element(at: path)).map(predicate) ?? .hidden
      _forest[node].outcome = outcome
      // Beneath an item hidden now nothing shows: its items are not asked
      // (see `_refreshHiddenSubtree`).
      let anyChildShown =
        outcome != .hidden && _evaluateShown(tree: _forest[node].children, parentPath: path, into: &next)
      let shown = Self._isShown(outcome, anyChildShown: anyChildShown)
      next[node] = shown
      anyShown = anyShown || shown
    }
    return anyShown
  }

  /// The steps that take the shown children of a parent shown before and
  /// after to their visibility in `next`, left to right.
  func _diffShown(tree: Int32, at parentPath: TreePath?, next: [Int32: Bool], into steps: inout [TreeSourceChanges.Step]) {
    var children: [Int32] = []
    _forEachShown(in: tree, offset: 0) { node, _ in children.append(node) }
    var index = 0
    for node in children {
      let path = (parentPath ?? []).appending(index)
      if next[node] ?? true {
        _diffShown(tree: _forest[node].children, at: path, next: next, into: &steps)
        index += 1
      } else {
        steps.append(.remove(path))
      }
    }
  }

  /// Evaluates the predicate on every item of `tree` and beneath, writing
  /// whether each would be shown into `next`.
  /// When `keepingVisible`, an item whose outcome is `visible` keeps it
  /// without being asked, if its outcome is `exact` (the current
  /// predicate's: after a narrowing, only outside the subtrees of `hidden`
  /// items).
  func _evaluate(tree: Int32, parentPath: TreePath?, keepingVisible: Bool, exact: Bool, into next: inout [Bool]) {
    var children: [Int32] = []
    _forest.forEach(in: tree) { node, _ in children.append(node) }
    for (i, node) in children.enumerated() {
      let path = (parentPath ?? []).appending(i)
      let old = _forest[node].outcome
      let outcome: TreeFilterOutcome
      if keepingVisible && exact && old == .visible {
        outcome = .visible
      } else {
        outcome = (try? base.element(at: path)).map(predicate) ?? .hidden
        _forest[node].outcome = outcome
      }
      _evaluate(
        tree: _forest[node].children, parentPath: path, keepingVisible: keepingVisible,
        exact: exact && (old != .hidden || !_outcomesMayBeStale), into: &next)
      var anyShown = false
      _forest.forEach(in: _forest[node].children) { child, _ in anyShown = anyShown || next[Int(child)] }
      next[Int(node)] = Self._isShown(outcome, anyChildShown: anyShown)
    }
  }

  /// The steps that take the children of a parent shown before and after
  /// from the old visibility to `next`, left to right.
  func _diff(tree: Int32, at parentPath: TreePath?, next: [Bool], into steps: inout [TreeSourceChanges.Step]) {
    var index = 0
    _forest.forEach(in: tree) { node, _ in
      let path = (parentPath ?? []).appending(index)
      switch (_forest[node].isShown, next[Int(node)]) {
      case (true, true):
        _diff(tree: _forest[node].children, at: path, next: next, into: &steps)
        index += 1
      case (true, false):
        steps.append(.remove(path))
      case (false, true):
        steps.append(.insert(path))
        index += 1
      case (false, false):
        break
      }
    }
  }

  /// Keeps shown in `next` every shown item of `tree` and beneath, adding
  /// those `next` would hide to `held`.
  func _keepShown(tree: Int32, next: inout [Bool], held: inout [Int32]) {
    _forEachShown(in: tree, offset: 0) { node, _ in
      if !next[Int(node)] {
        next[Int(node)] = true
        held.append(node)
      }
    }
    var shown: [Int32] = []
    _forEachShown(in: tree, offset: 0) { node, _ in shown.append(node) }
    for node in shown { _keepShown(tree: _forest[node].children, next: &next, held: &held) }
  }

  /// Stores `next` and brings every summary up to date.
  func _commit(tree: Int32, next: [Bool]) {
    guard tree >= 0 else { return }
    _commit(tree: _forest.left(tree), next: next)
    _commit(tree: _forest.right(tree), next: next)
    _commit(tree: _forest[tree].children, next: next)
    _forest[tree].isShown = next[Int(tree)]
    _forest[tree].isHeld = false
    _forest.update(tree)
  }

  static func _isShown(_ outcome: TreeFilterOutcome, anyChildShown: Bool) -> Bool {
    switch outcome {
    case .visible: true
    case .hidden: false
    case .visibleIfDescendantIsVisible: anyChildShown
    }
  }

  // MARK: The mirror

  /// Builds the mirror of the base's children of `parent` (read in the
  /// base's current tree; `count` of them, or as many as the base says when
  /// `nil`), returning the root of their tree.
  func _buildChildren(of parent: TreePath?, owner: Int32, count: Int? = nil) -> Int32 {
    let count = count ?? (try? base.numberOfChildren(of: parent)) ?? 0
    guard count > 0 else { return -1 }
    var nodes: [Int32] = []
    nodes.reserveCapacity(count)
    for i in 0..<count {
      let node = _build(at: (parent ?? []).appending(i))
      _forest[node].owner = owner
      nodes.append(node)
    }
    return _balanced(nodes[...])
  }

  /// Builds the mirror of the base's item at `path` (`nil`: an item the
  /// batch removes later, kept hidden and empty), detached.
  func _build(at path: TreePath?) -> Int32 {
    guard let path else { return _forest.allocate(_FilterItem(outcome: .hidden, isShown: false)) }
    // Read without `try?`, whose optional element would cost a look-up of
    // its type at run time; with its number of children in one walk when
    // the base can (`nil`: asked after the predicate).
    let element: Base.Element
    let childCount: Int?
    do {
      if let combined = _combinedBase {
        (element, childCount) = try combined._elementAndChildCount(at: path, firstIndexOffset: 0)
      } else {
        element = try base.element(at: path)
        childCount = nil
      }
    } catch {
      return _forest.allocate(_FilterItem(outcome: .hidden, isShown: false))
    }
    _readsOfBase?[path] = element
    let outcome = predicate(element)
    let node = _forest.allocate(_FilterItem(outcome: outcome, isShown: false))
    let children = _buildChildren(of: path, owner: node, count: childCount)
    _forest[node].children = children
    _forest[node].isShown = Self._isShown(outcome, anyChildShown: _forest.total(children).shown > 0)
    _forest.update(node)
    return node
  }

  func _balanced(_ nodes: ArraySlice<Int32>) -> Int32 {
    guard !nodes.isEmpty else { return -1 }
    let mid = nodes.startIndex + nodes.count / 2
    let left = _balanced(nodes[..<mid])
    let right = _balanced(nodes[(mid + 1)...])
    return _forest.join(left, nodes[mid], right)
  }

  /// The root of the tree that holds `node`.
  func _tree(of node: Int32) -> Int32 {
    let owner = _forest[node].owner
    return owner < 0 ? _rootTree : _forest[owner].children
  }

  func _setChildren(of owner: Int32, to root: Int32) {
    if owner < 0 { _rootTree = root } else { _forest[owner].children = root }
  }

  func _children(of owner: Int32) -> Int32 { owner < 0 ? _rootTree : _forest[owner].children }

  func _node(atBase path: TreePath) -> Int32? {
    var tree = _rootTree
    var node: Int32 = -1
    for i in path {
      guard let found = _forest.find(i, by: _BaseIndices.self, in: tree) else { return nil }
      node = found.node
      tree = _forest[node].children
    }
    return path.depth > 0 ? node : nil
  }

  func _shownNode(at path: TreePath, for operation: TreeSourceError.Operation) throws(TreeSourceError) -> Int32 {
    guard path.depth > 0 else {
      throw TreeSourceError(source: name, operation: operation, path: path, reason: .emptyPath)
    }
    var tree = _rootTree
    var node: Int32 = -1
    for i in path {
      guard let found = _forest.find(i, by: _ShownIndices.self, in: tree) else {
        throw TreeSourceError(
          source: name, operation: operation, path: path, reason: .indexOutOfRange(count: _forest.total(tree).shown))
      }
      node = found.node
      tree = _forest[node].children
    }
    return node
  }

  /// The item's base path.
  ///
  /// - Complexity: O(*d* log *b*).
  func _basePath(of node: Int32) -> TreePath { _path(of: node, filtered: false) }

  /// The item's filtered position path (the shown siblings before it at
  /// each level, whether it is shown or not).
  ///
  /// - Complexity: O(*d* log *b*).
  func _filteredPath(of node: Int32) -> TreePath { _path(of: node, filtered: true) }

  /// The item's base path, or its filtered position path: one array,
  /// filled from the item up.
  func _path(of node: Int32, filtered: Bool) -> TreePath {
    // Appended from the item up, then reversed: `[Int](repeating:count:)`
    // is not specialized here and looked up its storage's type at run time
    // (about 700 instructions).
    var indices: [Int] = []
    var n = node
    while n >= 0 {
      let before = _forest.summary(before: n, inTreeAt: _tree(of: n)) ?? .zero
      indices.append(filtered ? before.shown : before.count)
      n = _forest[n].owner
    }
    indices.reverse()
    return TreePath(indices)
  }

  /// The item and its ancestors, the item first.
  func _chain(_ node: Int32) -> [Int32] {
    var chain: [Int32] = []
    var n = node
    while n >= 0 {
      chain.append(n)
      n = _forest[n].owner
    }
    return chain
  }

  func _isFullyShown(_ node: Int32) -> Bool {
    var n = node
    while n >= 0 {
      guard _forest[n].isShown else { return false }
      n = _forest[n].owner
    }
    return true
  }

  /// Brings `owner` and its ancestors' visibility up to date after their
  /// children changed. When `holding` (within a batch), a shown folder
  /// whose last shown child went is held shown until the batch ends
  /// (``_releaseHeld(into:)``) rather than hidden.
  func _recheck(_ owner: Int32, holding: Bool) {
    var o = owner
    while o >= 0 {
      var item = _forest[o]
      let anyChildShown = _forest.total(item.children).shown > 0
      if _outcomesMayBeStale && anyChildShown && !item.isShown && item.outcome == .visibleIfDescendantIsVisible,
        let outcome = _currentOutcome(of: o)
      {
        _forest[o].outcome = outcome
        item.outcome = outcome
      }
      let shown = Self._isShown(item.outcome, anyChildShown: anyChildShown)
      guard shown != item.isShown else { return }
      if holding && _hold(o) { return }
      _forest[o].isShown = shown
      _forest.refreshUpward(from: o, inTreeAt: _tree(of: o))
      o = item.owner
    }
  }

  // MARK: Outcomes a narrowing left behind

  /// The base's element of the mirror's item at base path `path`, read
  /// where the base holds it now (past the change being received); `nil`
  /// when a later step of that change removes it.
  func _currentElement(at path: TreePath) -> Base.Element? {
    var path = path
    if let reading = _reading {
      guard let final = reading.changes.finalPath(of: path, afterStep: reading.step) else { return nil }
      path = final
    }
    return try? base.element(at: path)
  }

  /// What the predicate says of the element of `node` now, or `nil` when
  /// the base no longer holds it at the end of the change being received.
  func _currentOutcome(of node: Int32) -> TreeFilterOutcome? {
    _currentElement(at: _basePath(of: node)).map(predicate)
  }

  /// Asks the predicate again about every item beneath `node` (at base
  /// path `path`), an item that was `hidden` and is no more, when a
  /// narrowing may have left outcomes beneath it unasked; brings their
  /// visibility and summaries up to date. Nothing beneath was shown, so
  /// nothing is published.
  func _refreshHiddenSubtree(of node: Int32, at path: TreePath) {
    let tree = _forest[node].children
    var children: [Int32] = []
    _forest.forEach(in: tree) { child, _ in children.append(child) }
    for (i, child) in children.enumerated() {
      let childPath = path.appending(i)
      if let element = _currentElement(at: childPath) {
        let outcome = predicate(element)
        _forest[child].outcome = outcome
      }
      _refreshHiddenSubtree(of: child, at: childPath)
      let item = _forest[child]
      _forest[child].isShown = Self._isShown(item.outcome, anyChildShown: _forest.total(item.children).shown > 0)
      _forest[child].isHeld = false
    }
    _resummarize(tree)
  }

  /// Recomputes the summaries of the sibling tree `tree`, bottom up.
  func _resummarize(_ tree: Int32) {
    guard tree >= 0 else { return }
    _resummarize(_forest.left(tree))
    _resummarize(_forest.right(tree))
    _forest.update(tree)
  }

  // MARK: Holding items until the batch ends

  /// Holds the shown item `node`, about to be hidden (a folder for want of
  /// a shown child, or an item the predicate hides now), shown until the
  /// batch ends; returns whether it did (`false`: it is not shown).
  func _hold(_ node: Int32) -> Bool {
    let item = _forest[node]
    guard item.isShown else { return false }
    if !item.isHeld {
      _forest[node].isHeld = true
      _held.append(node)
    }
    return true
  }

  /// Ends the holds of the batch: every held item that its outcome (and,
  /// for a folder, its children) still hides is hidden now, with the step
  /// that removes its row (or the row of the topmost ancestor that it
  /// leaves without a shown child). An item shown again within the batch
  /// stays: it is never removed and inserted again.
  func _releaseHeld(into out: inout [TreeSourceChanges.Step]) {
    guard !_held.isEmpty else { return }
    let held = _held
    _held = []
    for node in held where _forest[node].isHeld {
      _forest[node].isHeld = false
      let item = _forest[node]
      guard item.isShown, !Self._isShown(item.outcome, anyChildShown: _forest.total(item.children).shown > 0) else {
        continue
      }
      let wasFullyShown = _isFullyShown(node)
      let oldPath = _filteredPath(of: node)
      let ancestors = _snapshot(Array(_chain(node).dropFirst()))
      _forest[node].isShown = false
      _forest.refreshUpward(from: node, inTreeAt: _tree(of: node))
      _recheck(item.owner, holding: false)
      guard wasFullyShown else { continue }
      let depth = _topmostFlip(ancestors, from: true).map { _chain($0).count } ?? oldPath.depth
      out.append(.remove(TreePath(oldPath.prefix(depth))))
    }
  }

  /// Opens a journal of the mirror for a batch that opened, and keeps
  /// what the journal does not hold.
  func _batchBegan() {
    _forest.beginJournal()
    _savedAtBatches.append((_rootTree, _held, predicate, _outcomesMayBeStale))
  }

  /// Closes the journal of a batch that ends: a discarded batch restores
  /// the filter as it was when the batch opened (the predicate included);
  /// when the outermost batch ends, the holds are released and the
  /// removals published.
  func _batchEnds(discarding discard: Bool) {
    // A discarded batch restores the base without telling the filter.
    _readsOfBase = nil
    let saved = _savedAtBatches.removeLast()
    if discard {
      _forest.rollBackJournal()
      (_rootTree, _held, predicate, _outcomesMayBeStale) = saved
    } else {
      _forest.commitJournal()
    }
    guard _publisher.batchDepth == 1, !discard else { return }
    // Releasing may ask the predicate again (outcomes a narrowing left).
    _publisher.callingOut {
      var out: [TreeSourceChanges.Step] = []
      _releaseHeld(into: &out)
      _publisher.publish(out)
    }
  }

  func _detach(_ node: Int32) -> Int32 {
    let owner = _forest[node].owner
    _setChildren(of: owner, to: _forest.remove(node, fromTreeAt: _children(of: owner)))
    _forest[node].owner = -1
    return owner
  }

  /// Links the detached `node` among the children of `owner` at base
  /// index `index` (after the last when `index` is past them): before the
  /// child now there, by parent links, in O(log *b*) with no split.
  func _attach(_ node: Int32, to owner: Int32, at index: Int) {
    let tree = _children(of: owner)
    let next = _forest.find(index, by: _BaseIndices.self, in: tree)?.node ?? -1
    _setChildren(of: owner, to: _forest.insert(node, before: next, inTreeAt: tree))
    _forest[node].owner = owner
  }

  func _free(_ node: Int32) {
    var stack = [node]
    while let n = stack.popLast() {
      _forest.forEachNode(in: _forest[n].children) { stack.append($0) }
      if _forest[n].isHeld { _forest[n].isHeld = false }
      _forest.free(n)
    }
  }
}

extension FilteredTreeSource: _ReleasesBase {
  func _takeBase() -> AnyObject? {
    _combinedBase = nil
    defer { _base = nil }
    return _base.map { $0 as AnyObject }
  }
}

extension FilteredTreeSource: _ReadThrough {
  func _readStep(at path: TreePath) throws(TreeSourceError) -> _ReadStep {
    let basePath = _basePath(of: try _shownNode(at: path, for: .element))
    if let read = _readsOfBase?[basePath] { return .element(read) }
    return .beneath(base, basePath)
  }

  func _lift(_ element: Any) -> Any { element }
}
