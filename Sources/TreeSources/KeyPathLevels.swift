import TreeIndex

/// The levels of a ``LeveledTreeSource``, built one key path at a time:
/// an object's array property, then where its items keep their children,
/// then where those keep theirs, each level of its own item type.
///
/// ```swift
/// let levels = KeyPathLevels(person, \.friends, as: (any Named).self).children(\.pets)
/// ```
///
/// `Leaf` is the item type of the last level so far, which the next call of
/// ``children(_:)`` descends from; `Element` is the type the source gives
/// every item as, usually a protocol every level's type conforms to.
public struct KeyPathLevels<Object: AnyObject, Leaf, Element> {
  /// Builds the levels, given the last one.
  let _make: (_KeyPathLevel<Leaf, Element>) -> any _LeveledArrays<Element>

  init(_make: @escaping (_KeyPathLevel<Leaf, Element>) -> any _LeveledArrays<Element>) {
    self._make = _make
  }

  /// Creates the first level: `object`'s array at `keyPath`, whose items
  /// the source gives as `Element`.
  ///
  /// - Parameters:
  ///   - object: The object.
  ///   - keyPath: Its array of root items.
  ///   - element: The type the source gives every item as (for example a
  ///     protocol existential, `(any Named).self`).
  /// - Complexity: O(1).
  public init(_ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, [Leaf]>, as element: Element.Type) {
    self._make = { _ObjectLevels(object, keyPath, level: $0) }
  }

  /// These levels and one more: the children of the last level's items,
  /// at `keyPath`.
  ///
  /// - Parameter keyPath: Where an item of the last level keeps its
  ///   children.
  /// - Returns: The levels, the new one last.
  /// - Complexity: O(1).
  public func children<Child>(_ keyPath: WritableKeyPath<Leaf, [Child]>) -> KeyPathLevels<Object, Child, Element> {
    let make = _make
    return KeyPathLevels<Object, Child, Element>(_make: { child in
      make(_KeyPathLevel(children: _KeyPathChildren(keyPath: keyPath, level: child)))
    })
  }
}
