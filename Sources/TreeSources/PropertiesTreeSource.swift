import TreeIndex

/// A flat tree source whose rows are properties of one object, read
/// through leaf key paths (`\.team.name`, `\.firstName`, `\.lastName`):
/// row *i* shows the value at the *i*-th key path.
///
/// The rows read the object each time they are asked. After the object
/// changes, call ``update()``: it compares each value with the one it
/// last published and publishes one update of the rows whose values
/// changed, and only of those. (Swift on every platform has no key-value
/// observing of plain properties, so the source does not watch the object
/// itself.)
public final class PropertiesTreeSource<Object: AnyObject, Value: Equatable>: TreeSource {
  /// The object whose properties are shown.
  public let object: Object

  /// The key paths, one row each, in order.
  public let keyPaths: [KeyPath<Object, Value>]

  /// A short name for the source, used in its errors.
  public let name: String

  /// The values as last published.
  var _values: [Value]

  let _publisher = _ChangePublisher()

  /// Creates a source whose rows are `object`'s values at `keyPaths`.
  ///
  /// - Parameters:
  ///   - object: The object.
  ///   - keyPaths: The properties, one row each.
  ///   - name: A name for errors; `PropertiesTreeSource` by default.
  /// - Complexity: O(*p*) for *p* key paths (each value is read once).
  public init(_ object: Object, keyPaths: [KeyPath<Object, Value>], name: String = "PropertiesTreeSource") {
    self.object = object
    self.keyPaths = keyPaths
    self.name = name
    self._values = keyPaths.map { object[keyPath: $0] }
  }

  /// The number of rows (one a key path) when `parent` is `nil`; a row has
  /// no children.
  ///
  /// - Parameter parent: `nil`, or a row's path.
  /// - Returns: The number of key paths, or 0 for a row.
  /// - Throws: ``TreeSourceError`` when `parent` names no row.
  /// - Complexity: O(1).
  public func numberOfChildren(of parent: TreePath?) throws(TreeSourceError) -> Int {
    guard let parent else { return keyPaths.count }
    _ = try _row(parent, for: .numberOfChildren)
    return 0
  }

  /// The value of the property of the row at `path`, read now.
  ///
  /// - Parameter path: A row's path (`[i]`).
  /// - Returns: The object's value at the *i*-th key path.
  /// - Throws: ``TreeSourceError`` when `path` names no row.
  /// - Complexity: O(1) plus the key path's read.
  public func element(at path: TreePath) throws(TreeSourceError) -> Value {
    object[keyPath: keyPaths[try _row(path, for: .element)]]
  }

  /// Reads every property again and publishes one update of the rows
  /// whose values differ from the values last published (nothing when none
  /// does).
  ///
  /// Called while the source is delivering a change to its subscribers,
  /// the reading waits until the delivery has reached them all, and this
  /// call returns no path.
  ///
  /// - Returns: The paths of the rows updated, in order.
  /// - Complexity: O(*p*) reads and comparisons for *p* key paths.
  @discardableResult
  public func update() -> [TreePath] {
    guard !_publisher.isDelivering else {
      _publisher.runOrDefer { [weak self] in self?.update() }
      return []
    }
    var changed: [TreePath] = []
    for (i, keyPath) in keyPaths.enumerated() {
      let value = object[keyPath: keyPath]
      if value != _values[i] {
        _values[i] = value
        changed.append([i])
      }
    }
    _publisher.publish(changed.map { .update($0) })
    return changed
  }

  /// Calls `observer` after every ``update()`` that found a change, until
  /// the subscription ends.
  ///
  /// - Parameter observer: The closure to call with each change set.
  /// - Returns: The subscription.
  /// - Complexity: O(1).
  public func subscribe(_ observer: @escaping (TreeSourceChanges) -> Void) -> TreeSourceSubscription {
    _publisher.subscribe(observer)
  }

  /// Runs `updates` as one batch: the ``update()`` calls inside it are
  /// published once, when the outermost batch ends.
  ///
  /// - Parameter updates: The changes.
  /// - Throws: Whatever `updates` throws; the updates made inside it are
  ///   not published, and the next ``update()`` finds their rows changed
  ///   again (the source cannot restore the object).
  /// - Complexity: `updates`, plus O(*k* *r* *d*) for its *k* changes and the
  ///   *r* runs of adjacent items they insert.
  public func performBatchUpdates<Failure: Error>(_ updates: () throws(Failure) -> Void) throws(Failure) {
    let saved = _values
    _publisher.begin()
    do {
      try updates()
    } catch {
      _values = saved
      _publisher.end(discarding: true)
      throw error
    }
    _publisher.end()
  }

  func _row(_ path: TreePath, for operation: TreeSourceError.Operation) throws(TreeSourceError) -> Int {
    guard path.depth == 1 else {
      throw TreeSourceError(
        source: name, operation: operation, path: path, reason: path.depth == 0 ? .emptyPath : .noSuchItem)
    }
    guard path[0] >= 0, path[0] < keyPaths.count else {
      throw TreeSourceError(
        source: name, operation: operation, path: path, reason: .indexOutOfRange(count: keyPaths.count))
    }
    return path[0]
  }
}
