/// A subscription to a ``TreeSource``'s changes: the observer is called
/// until ``cancel()`` is called or the subscription is released.
public final class TreeSourceSubscription {
  /// What ends the subscription; `nil` once it has ended.
  private var _cancel: (() -> Void)?

  /// Creates a subscription that calls `cancel` once when it ends.
  ///
  /// - Parameter cancel: What removes the observer.
  /// - Complexity: O(1).
  public init(cancel: @escaping () -> Void) {
    _cancel = cancel
  }

  /// Ends the subscription: the observer is not called again.
  ///
  /// - Complexity: O(1).
  public func cancel() {
    let cancel = _cancel
    _cancel = nil
    cancel?()
  }

  deinit { cancel() }
}
