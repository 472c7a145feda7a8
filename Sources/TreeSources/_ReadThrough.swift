import TreeIndex

/// A composed source that reads an element by reading one source beneath
/// it (a filter, a map, an erased source): a read from the top of a
/// composition nested thousands deep descends level by level in a loop
/// (``_readDescending(from:at:)``) rather than by recursion, once the
/// nesting passes ``_ReadThroughDepth/recursionLimit``.
protocol _ReadThrough: AnyObject {
  /// How many sources that read through lie in this one's chain, this one
  /// included.
  var _nesting: Int { get }

  /// Where the element at `path` is read: here already, or in a source
  /// beneath, at a path of its own.
  ///
  /// - Throws: A ``TreeSourceError`` when no item is at `path`.
  func _readStep(at path: TreePath) throws(TreeSourceError) -> _ReadStep

  /// This source's element from the element read beneath it (both boxed).
  func _lift(_ element: Any) -> Any
}

/// One level of a read that descends a composition.
enum _ReadStep {
  /// The element, read at this level.
  case element(Any)
  /// Read in `source`, at `path`.
  case beneath(_ source: Any, _ path: TreePath)
}

/// How deep a read may recurse before it descends in a loop.
enum _ReadThroughDepth {
  /// Compositions nested less deep read by recursion (no boxing); deeper,
  /// a read descends in a loop.
  static let recursionLimit = 64

  /// The nesting of a source composed over `base`.
  static func nesting(over base: Any) -> Int { ((base as? any _ReadThrough)?._nesting ?? 0) + 1 }
}

extension TreeSource {
  /// The element at `path`, boxed.
  func _boxedElement(at path: TreePath) throws(TreeSourceError) -> Any { try element(at: path) }
}

/// The element at `path` of `top`, read level by level in a loop: each
/// level says where beneath it the element is, then each lifts the element
/// read beneath it, from the bottom up.
///
/// - Complexity: O(*n*) levels for a composition nested *n* deep, in
///   constant stack.
func _readDescending<Element>(from top: any _ReadThrough, at path: TreePath) throws(TreeSourceError) -> Element {
  var levels: [any _ReadThrough] = []
  var level = top
  var path = path
  var element: Any
  while true {
    levels.append(level)
    switch try level._readStep(at: path) {
    case .element(let read):
      element = read
    case .beneath(let source, let beneath):
      if let next = source as? any _ReadThrough {
        level = next
        path = beneath
        continue
      }
      element = try (source as! any TreeSource)._boxedElement(at: beneath)
    }
    break
  }
  for level in levels.reversed() { element = level._lift(element) }
  return element as! Element
}
