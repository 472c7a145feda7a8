import Testing
import TreeDataSource

/// The examples in the filter's doc comments, run.
@Suite("Filter documentation examples")
struct FilterExampleTests {
  /// `FilteredTreeSource.reevaluateItems(at:)`: a filter that shows the
  /// unread messages hears that two of them were read.
  @Test func twoMessagesRead() throws {
    let messages = ArrayTreeSource([1, 2, 3, 4])
    var unread: Set<Int> = [1, 2, 3]
    let filter = FilteredTreeSource(messages) { unread.contains($0) ? .visible : .hidden }
    var published: [TreeSourceChanges] = []
    let subscription = filter.subscribe { published.append($0) }
    defer { subscription.cancel() }
    let (a, b) = (1, 2)
    let (pathOfA, pathOfB) = (TreePath([0]), TreePath([1]))

    // The predicate reads `unread`; two messages were read.
    unread.subtract([a, b])
    try filter.reevaluateItems(at: [pathOfA, pathOfB])

    #expect(try filter.numberOfChildren(of: nil) == 1)
    #expect(try filter.element(at: [0]) == 3)
    #expect(published == [TreeSourceChanges([.remove([1]), .remove([0])])])
  }
}
