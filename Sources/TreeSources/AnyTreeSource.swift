import TreeIndex

/// A type-erased tree source: any ``TreeSource`` of `Element`, so that
/// sources of different types can be joined.
///
/// Edits are forwarded when the wrapped source is a
/// ``MutableTreeSource``; otherwise they throw
/// ``TreeSourceError/Reason/notMutable``.
public final class AnyTreeSource<Element>: MutableTreeSource, _ElementAndChildCount {
  /// The wrapped source.
  public var base: any TreeSource<Element> { _base.unsafelyUnwrapped }

  /// ``base``, until the source is released (see ``_ReleasesBase``).
  var _base: (any TreeSource<Element>)?

  /// ``base``, when it reads an element and its number of children in one
  /// walk (cast once here rather than on each question).
  var _combinedBase: (any _ElementAndChildCount<Element>)?

  /// How many sources that read through lie in this one's chain.
  let _nesting: Int

  /// Wraps `base`.
  ///
  /// - Parameter base: Any tree source of `Element`.
  /// - Complexity: O(1).
  public init(_ base: any TreeSource<Element>) {
    let unwrapped = (base as? AnyTreeSource<Element>)?.base ?? base
    self._base = unwrapped
    _combinedBase = unwrapped as? any _ElementAndChildCount<Element>
    _nesting = _ReadThroughDepth.nesting(over: unwrapped)
  }

  deinit {
    guard _nesting > _ReadThroughDepth.recursionLimit else { return }
    var beneath = _takeBase()
    _releaseChain(&beneath)
  }

  /// The wrapped source's name.
  public var name: String { base.name }

  /// The wrapped source's answer.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many children it has.
  /// - Throws: The wrapped source's ``TreeSourceError``.
  /// - Complexity: The wrapped source's.
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    try base.numberOfChildren(of: parent)
  }

  /// The wrapped source's element.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: The element.
  /// - Throws: The wrapped source's ``TreeSourceError``.
  /// - Complexity: The wrapped source's.
  public func element(at path: TreePath) throws(TreeSourceError) -> Element {
    if _nesting > _ReadThroughDepth.recursionLimit { return try _readDescending(from: self, at: path) }
    return try base.element(at: path)
  }

  /// Subscribes to the wrapped source.
  ///
  /// - Parameter observer: The closure to call with each change set.
  /// - Returns: The subscription.
  /// - Complexity: O(1).
  public func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    base.subscribe(observer)
  }

  /// A batch of the wrapped source.
  ///
  /// - Parameter updates: The edits.
  /// - Throws: Whatever `updates` throws.
  /// - Complexity: The wrapped source's.
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    try base.performBatchUpdates(updates)
  }

  /// Inserts through the wrapped source.
  ///
  /// - Parameters:
  ///   - element: The new element.
  ///   - path: Its path once inserted.
  /// - Throws: The wrapped source's ``TreeSourceError``, or
  ///   ``TreeSourceError/Reason/notMutable``; nothing changes.
  /// - Complexity: The wrapped source's.
  public func insert(_ element: Element, at path: TreePath) throws(TreeSourceError) {
    try _mutable(.insert, path).insert(element, at: path)
  }

  /// Removes through the wrapped source.
  ///
  /// - Parameter path: The item's path.
  /// - Returns: The removed element.
  /// - Throws: The wrapped source's ``TreeSourceError``, or
  ///   ``TreeSourceError/Reason/notMutable``; nothing changes.
  /// - Complexity: The wrapped source's.
  @discardableResult
  public func remove(at path: TreePath) throws(TreeSourceError) -> Element {
    try _mutable(.remove, path).remove(at: path)
  }

  /// Moves through the wrapped source.
  ///
  /// - Parameters:
  ///   - source: The item's path.
  ///   - destination: Its path after the move.
  /// - Throws: The wrapped source's ``TreeSourceError``, or
  ///   ``TreeSourceError/Reason/notMutable``; nothing changes.
  /// - Complexity: The wrapped source's.
  public func move(from source: TreePath, to destination: TreePath) throws(TreeSourceError) {
    try _mutable(.move, source, destination).move(from: source, to: destination)
  }

  /// Replaces through the wrapped source.
  ///
  /// - Parameters:
  ///   - path: The item's path.
  ///   - element: The new element.
  /// - Throws: The wrapped source's ``TreeSourceError``, or
  ///   ``TreeSourceError/Reason/notMutable``; nothing changes.
  /// - Complexity: The wrapped source's.
  public func replace(at path: TreePath, with element: Element) throws(TreeSourceError) {
    try _mutable(.replace, path).replace(at: path, with: element)
  }

  /// The wrapped source's element at `path` (its first index lowered by
  /// `offset`) and its number of children, in one walk when it can.
  func _elementAndChildCount(
    at path: TreePath, firstIndexOffset offset: Int
  ) throws(TreeSourceError) -> (element: Element, childCount: Int) {
    if let combined = _combinedBase { return try combined._elementAndChildCount(at: path, firstIndexOffset: offset) }
    return try base._elementAndChildCountAsked(at: path, firstIndexOffset: offset)
  }

  func _mutable(
    _ operation: TreeSourceError.Operation, _ path: TreePath, _ destination: TreePath? = nil
  ) throws(TreeSourceError) -> any MutableTreeSource<Element> {
    guard let mutable = base as? any MutableTreeSource<Element> else {
      throw TreeSourceError(
        source: name, operation: operation, path: path, destination: destination, reason: .notMutable)
    }
    return mutable
  }
}

extension AnyTreeSource: _ReadThrough {
  func _readStep(at path: TreePath) throws(TreeSourceError) -> _ReadStep { .beneath(base, path) }

  func _lift(_ element: Any) -> Any { element }
}

extension AnyTreeSource: _ReleasesBase {
  func _takeBase() -> AnyObject? {
    _combinedBase = nil
    defer { _base = nil }
    return _base.map { $0 as AnyObject }
  }
}
