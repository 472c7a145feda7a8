/// A composed source that hands over the source beneath it as it is
/// released, so that a composition nested thousands deep is released in a
/// loop (``_releaseChain(_:)``) rather than each source inside the release
/// of the one above.
protocol _ReleasesBase: AnyObject {
  /// Takes the source beneath out, as an object (a source of value type
  /// boxed); this source holds it no more. Called only as this source is
  /// released, or by ``_releaseChain(_:)`` on a source only it holds.
  func _takeBase() -> AnyObject?
}

/// Releases `next` and, while the source released holds the only
/// reference to the one beneath it, that one too, one at a time: each
/// source hands over the one beneath before it goes, so none is released
/// inside another's release.
///
/// - Complexity: O(*n*) for the *n* sources released, in constant stack.
func _releaseChain(_ next: inout AnyObject?) {
  while isKnownUniquelyReferenced(&next), let source = next as? any _ReleasesBase {
    next = source._takeBase()
    // `source` goes here, holding nothing beneath it.
  }
  next = nil
}
