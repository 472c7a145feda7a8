import TreeIndex

/// Why a walk down the levels of a ``LeveledTreeSource`` stopped.
struct _LevelMiss: Error {
  var reason: TreeSourceError.Reason
}

/// One change to one array of a level: the array named by the parent path
/// the edit is given with.
enum _LevelEdit<Element> {
  case insert(Element, at: Int)
  case remove(at: Int)
  case move(from: Int, to: Int)
  case replace(at: Int, with: Element)
}

/// A level of a ``LeveledTreeSource``: items of one type, held in arrays,
/// and, unless it is the last level, where they keep their children.
///
/// Every walk takes the path relative to the level's array; an item's value
/// becomes the source's `Element` by a dynamic cast, and an `Element`
/// becomes an item by the cast back, so a value of another type is refused,
/// not trapped on.
final class _KeyPathLevel<Item, Element> {
  /// Where the items keep their children, and those children's level.
  let children: (any _LevelChildren<Item, Element>)?

  init(children: (any _LevelChildren<Item, Element>)?) {
    self.children = children
  }

  private static func checked(_ index: Int, in items: [Item]) throws(_LevelMiss) -> Int {
    guard index >= 0, index < items.count else { throw _LevelMiss(reason: .indexOutOfRange(count: items.count)) }
    return index
  }

  /// The element at `path` (not empty) among `items`.
  func element(in items: [Item], at path: ArraySlice<Int>) throws(_LevelMiss) -> Element {
    let i = try Self.checked(path[path.startIndex], in: items)
    if path.count == 1 {
      guard let element = items[i] as? Element else {
        throw _LevelMiss(reason: .wrongElementType(expected: "\(Element.self)"))
      }
      return element
    }
    guard let children else { throw _LevelMiss(reason: .indexOutOfRange(count: 0)) }
    return try children.element(beneath: items[i], at: path.dropFirst())
  }

  /// The number of children of the item at `path` (of `items` for an empty
  /// path); `nil` when items at its level keep none.
  func childCount(in items: [Item], of path: ArraySlice<Int>) throws(_LevelMiss) -> Int? {
    guard let first = path.first else { return items.count }
    let i = try Self.checked(first, in: items)
    guard let children else {
      if path.count == 1 { return nil }
      throw _LevelMiss(reason: .indexOutOfRange(count: 0))
    }
    return try children.childCount(beneath: items[i], of: path.dropFirst())
  }

  /// Applies `edit` to the array of the item at `parent` (to `items` for an
  /// empty parent), whose paths the caller has checked; returns the item
  /// the edit put in or took out, or `nil` when it could not be made.
  func apply(_ edit: _LevelEdit<Element>, to items: inout [Item], parent: ArraySlice<Int>) -> Any? {
    if let first = parent.first {
      guard let children, first >= 0, first < items.count else { return nil }
      return children.apply(edit, beneath: &items[first], parent: parent.dropFirst())
    }
    switch edit {
    case .insert(let element, let i):
      guard let item = element as? Item, i >= 0, i <= items.count else { return nil }
      items.insert(item, at: i)
      return item
    case .remove(let i):
      guard i >= 0, i < items.count else { return nil }
      return items.remove(at: i)
    case .move(let from, let to):
      guard from >= 0, from < items.count, to >= 0, to < items.count else { return nil }
      let item = items.remove(at: from)
      items.insert(item, at: to)
      return item
    case .replace(let i, let element):
      guard var item = element as? Item, i >= 0, i < items.count else { return nil }
      children?.keepChildren(of: items[i], in: &item)
      items[i] = item
      return item
    }
  }

  /// The name of the item type at `depth` (1 for this level), or `nil`
  /// below the last level.
  func itemTypeName(atDepth depth: Int) -> String? {
    depth == 1 ? "\(Item.self)" : children?.itemTypeName(atDepth: depth - 1)
  }

  /// Whether `element` is an item of the level at `depth` (1 for this one).
  func accepts(_ element: Element, atDepth depth: Int) -> Bool {
    depth == 1 ? element is Item : children?.accepts(element, atDepth: depth - 1) ?? false
  }
}

/// Where the items of a level keep their children, and the children's
/// level.
protocol _LevelChildren<Item, Element> {
  associatedtype Item
  associatedtype Element
  func element(beneath item: Item, at path: ArraySlice<Int>) throws(_LevelMiss) -> Element
  func childCount(beneath item: Item, of path: ArraySlice<Int>) throws(_LevelMiss) -> Int?
  func apply(_ edit: _LevelEdit<Element>, beneath item: inout Item, parent: ArraySlice<Int>) -> Any?
  /// Gives `new` the children `old` has.
  func keepChildren(of old: Item, in new: inout Item)
  func itemTypeName(atDepth depth: Int) -> String?
  func accepts(_ element: Element, atDepth depth: Int) -> Bool
}

/// Children of type `Child` in an array at a key path of `Item`.
struct _KeyPathChildren<Item, Child, Element>: _LevelChildren {
  let keyPath: WritableKeyPath<Item, [Child]>
  let level: _KeyPathLevel<Child, Element>

  func element(beneath item: Item, at path: ArraySlice<Int>) throws(_LevelMiss) -> Element {
    try level.element(in: item[keyPath: keyPath], at: path)
  }

  func childCount(beneath item: Item, of path: ArraySlice<Int>) throws(_LevelMiss) -> Int? {
    try level.childCount(in: item[keyPath: keyPath], of: path)
  }

  func apply(_ edit: _LevelEdit<Element>, beneath item: inout Item, parent: ArraySlice<Int>) -> Any? {
    level.apply(edit, to: &item[keyPath: keyPath], parent: parent)
  }

  func keepChildren(of old: Item, in new: inout Item) {
    new[keyPath: keyPath] = old[keyPath: keyPath]
  }

  func itemTypeName(atDepth depth: Int) -> String? { level.itemTypeName(atDepth: depth) }

  func accepts(_ element: Element, atDepth depth: Int) -> Bool { level.accepts(element, atDepth: depth) }
}

/// The levels of a ``LeveledTreeSource`` from their root array, erased to
/// the source's element type.
protocol _LeveledArrays<Element>: AnyObject {
  associatedtype Element
  func element(at path: ArraySlice<Int>) throws(_LevelMiss) -> Element
  func childCount(of parent: ArraySlice<Int>) throws(_LevelMiss) -> Int?
  func apply(_ edit: _LevelEdit<Element>, parent: ArraySlice<Int>) -> Any?
  func itemTypeName(atDepth depth: Int) -> String?
  func accepts(_ element: Element, atDepth depth: Int) -> Bool
  /// A closure that sets the root array back to what it is now.
  func restorer() -> () -> Void
}

/// Levels whose root array is an object's array property.
final class _ObjectLevels<Object: AnyObject, Root, Element>: _LeveledArrays {
  let object: Object
  let keyPath: ReferenceWritableKeyPath<Object, [Root]>
  let level: _KeyPathLevel<Root, Element>

  init(_ object: Object, _ keyPath: ReferenceWritableKeyPath<Object, [Root]>, level: _KeyPathLevel<Root, Element>) {
    self.object = object
    self.keyPath = keyPath
    self.level = level
  }

  func element(at path: ArraySlice<Int>) throws(_LevelMiss) -> Element {
    try level.element(in: object[keyPath: keyPath], at: path)
  }

  func childCount(of parent: ArraySlice<Int>) throws(_LevelMiss) -> Int? {
    try level.childCount(in: object[keyPath: keyPath], of: parent)
  }

  func apply(_ edit: _LevelEdit<Element>, parent: ArraySlice<Int>) -> Any? {
    level.apply(edit, to: &object[keyPath: keyPath], parent: parent)
  }

  func itemTypeName(atDepth depth: Int) -> String? { level.itemTypeName(atDepth: depth) }

  func accepts(_ element: Element, atDepth depth: Int) -> Bool { level.accepts(element, atDepth: depth) }

  func restorer() -> () -> Void {
    let saved = object[keyPath: keyPath]
    return { [object, keyPath] in object[keyPath: keyPath] = saved }
  }
}
