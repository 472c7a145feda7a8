import TreeDataSource
import TreeIndexTestSupport

/// An element of the asynchronous tests: an identity, and whether it can
/// have children.
struct AsyncItem: Identifiable, Hashable {
  var id: Int
  var hasChildren: Bool
}

/// A loader the test drives: every load waits until the test completes or
/// fails it; a cancelled load ends with `CancellationError` once the main
/// actor takes the cancellation in.
@MainActor
final class ControlledLoader {
  struct Request {
    var number: Int
    var item: AsyncItem
    var continuation: CheckedContinuation<[AsyncItem], any Error>
  }

  /// The loads waiting for the test, in the order they started.
  private(set) var requests: [Request] = []
  /// The loads whose tasks are inside the loader.
  private(set) var live = 0
  /// How many loads started, and how many saw cancellation.
  private(set) var started = 0
  private(set) var cancelled = 0
  /// The most loads inside the loader at once.
  private(set) var mostLive = 0
  /// The listing a completed load gives, by parent identity.
  var listing: (AsyncItem) -> [AsyncItem] = { _ in [] }

  func load(_ item: AsyncItem) async throws -> [AsyncItem] {
    live += 1
    mostLive = max(mostLive, live)
    started += 1
    defer { live -= 1 }
    let number = started
    return try await withTaskCancellationHandler {
      try await withCheckedThrowingContinuation { continuation in
        requests.append(Request(number: number, item: item, continuation: continuation))
      }
    } onCancel: {
      Task { @MainActor in self.cancel(number) }
    }
  }

  private func cancel(_ number: Int) {
    guard let i = requests.firstIndex(where: { $0.number == number }) else { return }
    cancelled += 1
    requests.remove(at: i).continuation.resume(throwing: CancellationError())
  }

  /// Completes the request at `index` with the item's listing.
  func complete(_ index: Int) {
    let request = requests.remove(at: index)
    request.continuation.resume(returning: listing(request.item))
  }

  /// Fails the request at `index`.
  func fail(_ index: Int) {
    requests.remove(at: index).continuation.resume(throwing: LoadFailure(id: requests.count))
  }

  struct LoadFailure: Error { var id: Int }
}

/// Lets the tasks the main actor holds run: loads that were completed,
/// failed or cancelled reach the source.
@MainActor
func settleLoads() async {
  for _ in 0..<40 { await Task.yield() }
}
