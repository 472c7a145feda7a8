import TreeIndex

/// A tree source that shows another source's tree with each element
/// transformed: the same paths and the same changes, other elements.
///
/// The transform runs each time an element is asked for (a list asks only
/// for the rows it shows), so it should be cheap. A mapped source cannot be
/// edited (its edits throw ``TreeSourceError/Reason/notMutable`` through
/// ``AnyTreeSource``); edit its base.
public final class MappedTreeSource<Base: TreeSource, Element>: TreeSource {
  /// The source whose elements are transformed.
  public var base: Base { _base.unsafelyUnwrapped }

  /// ``base``, until the source is released (see ``_ReleasesBase``).
  var _base: Base?

  /// The transform.
  let _transform: (Base.Element) -> Element

  /// How many sources that read through lie in this one's chain.
  let _nesting: Int

  /// Shows `base` with each element passed through `transform`.
  ///
  /// - Parameters:
  ///   - base: The source.
  ///   - transform: The element transform.
  /// - Complexity: O(1).
  public init(_ base: Base, transform: @escaping (Base.Element) -> Element) {
    self._base = base
    self._transform = transform
    self._nesting = _ReadThroughDepth.nesting(over: base)
  }

  deinit {
    guard _nesting > _ReadThroughDepth.recursionLimit else { return }
    var beneath = _takeBase()
    _releaseChain(&beneath)
  }

  /// `Mapped(` and the base's name `)`.
  public var name: String { "Mapped(\(base.name))" }

  /// The base's number of children.
  ///
  /// - Parameter parent: An item's path, or `nil` for the root.
  /// - Returns: How many children it has.
  /// - Throws: The base's ``TreeSourceError``.
  /// - Complexity: The base's.
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    try base.numberOfChildren(of: parent)
  }

  /// The base's element, transformed.
  ///
  /// - Parameter path: An item's path.
  /// - Returns: The transformed element.
  /// - Throws: The base's ``TreeSourceError``.
  /// - Complexity: The base's, plus one transform.
  public func element(at path: TreePath) throws(TreeSourceError) -> Element {
    if _nesting > _ReadThroughDepth.recursionLimit { return try _readDescending(from: self, at: path) }
    return _transform(try base.element(at: path))
  }

  /// Subscribes to the base: a mapped source changes where its base does.
  ///
  /// - Parameter observer: The closure to call with each change set.
  /// - Returns: The subscription.
  /// - Complexity: O(1).
  public func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    base.subscribe(observer)
  }

  /// A batch of the base.
  ///
  /// - Parameter updates: The edits.
  /// - Throws: Whatever `updates` throws.
  /// - Complexity: The base's.
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    try base.performBatchUpdates(updates)
  }
}

extension TreeSource {
  /// This source with each element transformed.
  ///
  /// - Parameter transform: The element transform.
  /// - Returns: A ``MappedTreeSource`` over this source.
  /// - Complexity: O(1).
  public func map<T>(_ transform: @escaping (Element) -> T) -> MappedTreeSource<Self, T> {
    MappedTreeSource(self, transform: transform)
  }

  /// This source, type-erased.
  ///
  /// - Returns: An ``AnyTreeSource`` over this source.
  /// - Complexity: O(1).
  public func eraseToAnyTreeSource() -> AnyTreeSource<Element> {
    AnyTreeSource(self)
  }
}

extension MappedTreeSource: _ReadThrough {
  func _readStep(at path: TreePath) throws(TreeSourceError) -> _ReadStep { .beneath(base, path) }

  func _lift(_ element: Any) -> Any { _transform(element as! Base.Element) }
}

extension MappedTreeSource: _ReleasesBase {
  func _takeBase() -> AnyObject? {
    defer { _base = nil }
    return _base.map { $0 as AnyObject }
  }
}
