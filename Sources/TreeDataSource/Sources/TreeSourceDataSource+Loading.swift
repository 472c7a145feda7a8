import TreeSources

/// A data source told when its list expands or collapses an item: the
/// list of a source that loads children on expansion starts and cancels
/// its loads through it, and a recursive expansion goes on beneath an item
/// when its children arrive.
protocol _ObservesExpansion: AnyObject {
  /// The list expanded the item at `treePath` (or was asked to, and it was
  /// expanded already).
  func _listDidExpand(_ treePath: TreePath)
  /// The list collapsed the item at `treePath`.
  func _listDidCollapse(_ treePath: TreePath)
  /// Whether the item at `treePath`, with no subitems now, has subitems
  /// still to come: a recursive expansion opens it with none.
  func _subitemsAreToCome(_ treePath: TreePath) -> Bool
  /// A recursive expansion opened the items at `treePaths`, whose subitems
  /// are still to come: their loads start, and each is expanded
  /// recursively when its subitems arrive.
  func _listExpandsWhenSubitemsArrive(_ treePaths: [TreePath])
}

/// The items a recursive expansion opened before their children loaded,
/// each to be expanded recursively when they arrive: named by the loader's
/// identities (``/TreeSources/_LoadKey``), which the source's edits leave
/// as they are, so that nothing is carried past a change; looked at only
/// when the loader says that an item's load ended (or that it was
/// removed), never all at once.
struct _WaitingExpansions {
  /// The items waited for, each with the stamp taken when the wait began.
  var items: [_LoadKey: Int] = [:]
  /// The items the list collapsed while others were waited for, each with
  /// the stamp taken at its last collapse: an item waited for since before
  /// an ancestor collapsed is not waited for any more.
  var collapsed: [_LoadKey: Int] = [:]
  /// The next stamp.
  var stamp = 0
  /// The items waited for whose loads ended, or that were looked at when
  /// the list could not expand them yet: looked at (again) when it can.
  var toLookAt: Set<_LoadKey> = []
  /// Whether the data source is calling the loader or expanding: a load
  /// that ends meanwhile waits in ``toLookAt``.
  var isBusy = false
  /// Whether a look waits for the list to end the call it is making out.
  var isLookScheduled = false
  /// The subscription to the loader's load ends, from the first recursive
  /// expansion that waits on.
  var subscription: TreeSourceSubscription?
  /// How many times an item waited for was looked at: what a change of
  /// the source costs beyond the list's own work.
  var looks = 0

  /// Starts waiting for `key`.
  mutating func add(_ key: _LoadKey) {
    items[key] = stamp
    stamp += 1
  }

  /// Stops waiting for `key` and the items beneath it.
  mutating func collapse(_ key: _LoadKey) {
    items[key] = nil
    collapsed[key] = stamp
    stamp += 1
    forgetCollapsesIfIdle()
  }

  /// Drops the collapses once nothing is waited for: none can matter.
  mutating func forgetCollapsesIfIdle() {
    guard items.isEmpty else { return }
    collapsed = [:]
    toLookAt = []
  }
}

extension TreeSourceDataSource: _ObservesExpansion {
  /// The source, when it loads children on expansion.
  var _loader: (any _LoadsOnExpansion)? { source as? any _LoadsOnExpansion }

  /// How many times an item a recursive expansion waits for was looked at
  /// since the list was made: once per load of one that ended, and once
  /// per change set for one whose children the list has not heard of yet
  /// — never once per item waited for at each change set.
  ///
  /// - Complexity: O(1).
  package var _waitingItemsLookedAt: Int { _waiting.looks }

  /// How many items a recursive expansion waits for (some perhaps no
  /// longer: an item beneath an item collapsed meanwhile is forgotten when
  /// its load ends).
  ///
  /// - Complexity: O(1).
  package var _numberOfItemsWaitedFor: Int { _waiting.items.count }

  /// Runs `body`, a call to the loader, with the loads that end meanwhile
  /// left to look at later.
  func _callingLoader<T>(_ body: () -> T) -> T {
    let wasBusy = _waiting.isBusy
    _waiting.isBusy = true
    defer { _waiting.isBusy = wasBusy }
    return body()
  }

  func _listDidExpand(_ treePath: TreePath) {
    guard let loader = _loader else { return }
    _callingLoader { loader._itemDidExpand(at: treePath) }
  }

  /// Cancels the item's load; the item and those beneath it are not
  /// waited for any more.
  ///
  /// - Complexity: O(*d*), plus the loader's cancellation.
  func _listDidCollapse(_ treePath: TreePath) {
    guard let loader = _loader else { return }
    _callingLoader { loader._itemDidCollapse(at: treePath) }
    guard !_waiting.items.isEmpty, let key = loader._loadKey(at: treePath) else { return }
    _waiting.collapse(key)
  }

  func _subitemsAreToCome(_ treePath: TreePath) -> Bool {
    _loader?._childrenToCome(at: treePath) != nil
  }

  /// Starts the loads of the items at `treePaths` and waits for each.
  ///
  /// - Complexity: O(*d*) per item, plus the loader's.
  func _listExpandsWhenSubitemsArrive(_ treePaths: [TreePath]) {
    guard let loader = _loader else { return }
    if _waiting.subscription == nil {
      _waiting.subscription = loader._observeLoadEnds { [weak self] key in self?._loadDidEnd(key) }
    }
    _callingLoader {
      for path in treePaths {
        // Waited for before the load starts: one that ends at once is
        // looked at with the next change set.
        if let key = loader._loadKey(at: path) { _waiting.add(key) }
        loader._itemDidExpand(at: path)
      }
    }
  }

  /// The load of the item `key` ended (its children arrived, or it failed)
  /// or the item was removed: looked at now if it is waited for, unless
  /// the data source or the list is busy.
  ///
  /// - Complexity: O(1) for an item not waited for; otherwise
  ///   ``_expandItemsWhoseSubitemsArrived(in:)``.
  func _loadDidEnd(_ key: _LoadKey) {
    guard _waiting.items[key] != nil else { return }
    _waiting.toLookAt.insert(key)
    if !_waiting.isBusy, let list = _list { _expandItemsWhoseSubitemsArrived(in: list) }
  }

  /// Looks at each item waited for whose load ended: expands it
  /// recursively if its subitems have arrived; forgets it if the list
  /// collapsed it (or an ancestor) or the source removed it, or if its
  /// load failed or brought none; starts the load of one whose subitems
  /// are to come from elsewhere now (a compacted row's chain grew).
  ///
  /// From inside a call the list makes, it can expand nothing: the look
  /// waits until the call ends (and the next change set looks too).
  ///
  /// - Complexity: O(*d* log *b*) per item looked at, plus the
  ///   expansions; O(1) when no load ended.
  func _expandItemsWhoseSubitemsArrived(in list: TreeList<TreeSourceDataSource>) {
    guard !_waiting.toLookAt.isEmpty, !_waiting.isBusy, let loader = _loader else { return }
    guard list._callOuts.depth == 0 else {
      if !_waiting.isLookScheduled {
        _waiting.isLookScheduled = true
        list._whenNotCallingOut { [weak self] list in
          self?._waiting.isLookScheduled = false
          self?._expandItemsWhoseSubitemsArrived(in: list)
        }
      }
      return
    }
    _waiting.isBusy = true
    defer { _waiting.isBusy = false }
    let keys = _waiting.toLookAt
    _waiting.toLookAt = []
    var arrived: [TreePath] = []
    var again: [_LoadKey] = []
    for key in keys {
      guard let stamp = _waiting.items[key] else { continue }
      switch _look(at: key, waitingSince: stamp, in: list, loader: loader) {
      case .expand(let path):
        _waiting.items[key] = nil
        arrived.append(path)
      case .wait: break
      case .lookAgain: again.append(key)
      case .forget: _waiting.items[key] = nil
      }
    }
    // Paths name items, not rows: expanding one leaves the others' paths.
    for path in arrived { try? list.expand(path, recursively: true) }
    _waiting.toLookAt.formUnion(again)
    _waiting.forgetCollapsesIfIdle()
  }

  /// What becomes of an item waited for.
  enum _WaitOutcome {
    /// Its subitems arrived: it is expanded recursively, at this path.
    case expand(TreePath)
    /// Its load goes on.
    case wait
    /// The source holds its children, which the list has not heard of yet
    /// (they come in a change set not yet published): looked at again.
    case lookAgain
    /// It is not waited for any more.
    case forget
  }

  /// Looks at the item `key`, waited for since `stamp`.
  ///
  /// - Complexity: O(*d* log *b*).
  func _look(
    at key: _LoadKey, waitingSince stamp: Int, in list: TreeList<TreeSourceDataSource>, loader: any _LoadsOnExpansion
  ) -> _WaitOutcome {
    _waiting.looks += 1
    guard let path = loader._path(of: key) else { return .forget }
    if !_waiting.collapsed.isEmpty,
      loader._lineage(of: key).contains(where: { (_waiting.collapsed[$0] ?? -1) > stamp })
    {
      return .forget
    }
    guard list.isExpanded(path) else { return .forget }
    if let count = list.numberOfSubitems(of: path), count > 0 { return .expand(path) }
    switch loader._childrenToCome(at: path) {
    case .loading?: return .wait
    case .notRequested?:
      loader._itemDidExpand(at: path)
      return .wait
    case .failed?: return .forget
    case nil: return ((try? source.numberOfChildren(of: path)) ?? 0) > 0 ? .lookAgain : .forget
    }
  }
}
