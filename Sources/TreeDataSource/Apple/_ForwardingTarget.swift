#if canImport(ObjectiveC) || TREE_DATA_SOURCE_APPLE_SHIM
#if TREE_DATA_SOURCE_APPLE_SHIM
import AppleShim  // Linux tests: the Objective-C API used below (Tests/AppleShim)
#else
import ObjectiveC
#endif

/// The first of an adapter's own objects (its data source, then its
/// delegate) that answers `aSelector`, or `nil`: where the adapter's
/// `responds(to:)` and `forwardingTarget(for:)` send the methods it does
/// not implement.
///
/// - Complexity: O(1).
func _forwardingTarget(for aSelector: Selector!, among objects: (any NSObjectProtocol)?...) -> (any NSObjectProtocol)? {
  for case let object? in objects where object.responds(to: aSelector) { return object }
  return nil
}
#endif
