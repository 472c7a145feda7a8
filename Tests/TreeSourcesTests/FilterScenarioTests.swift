import Foundation
import Testing
import TreeDataSource

/// VS Code's tree filter behaviour (indexTreeModel tests) as scenarios:
/// the rows a list shows through a `FilteredTreeSource`, and the one
/// update each change reaches the host as.
@Suite("Filter scenarios after VS Code's tree filter")
struct FilterScenarioTests {
  struct Item: Hashable {
    var name: String
    var kids: [Item] = []
  }

  static func rows(_ host: ListHostSimulator) -> [String] {
    (host.rows?.first ?? []).map { ($0 as! Item).name }
  }

  static func folders() -> ArrayTreeSource<Item> {
    ArrayTreeSource(
      [
        Item(name: "src", kids: [Item(name: "a.swift"), Item(name: "b.txt")]),
        Item(name: "docs", kids: [Item(name: "c.txt")]),
        Item(name: "d.swift"),
      ], children: \.kids, name: "files")
  }

  @Test func simpleFilter() throws {
    let files = Self.folders()
    let filtered = FilteredTreeSource(files) { $0.name.hasPrefix("d") ? .hidden : .visible }
    let list = TreeList(source: filtered) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect(Self.rows(host) == ["src", "a.swift", "b.txt"])
    try files.append(Item(name: "e.swift"))
    #expect(host.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 3..<4)])))
    try files.append(Item(name: "dull"))  // hidden: the host hears nothing
    #expect(host.calls.count == 2)
    try files.remove(at: [4])  // the hidden one: nothing either
    #expect(host.calls.count == 2)
    #expect(host.violations.isEmpty)
  }

  @Test func recursiveFilterShowsParentsOfMatches() throws {
    let files = Self.folders()
    let filtered = FilteredTreeSource(files) { item in
      item.name.hasSuffix(".swift") ? .visible : .visibleIfDescendantIsVisible
    }
    let list = TreeList(source: filtered) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect(Self.rows(host) == ["src", "a.swift", "d.swift"])
    // A match inside docs shows docs, in one update.
    try files.append(Item(name: "guide.swift"), to: [1])
    #expect(Self.rows(host) == ["src", "a.swift", "docs", "guide.swift", "d.swift"])
    #expect(host.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 2..<4)])))
    // Its last match gone, src goes too.
    try files.remove(at: [0, 0])
    #expect(Self.rows(host) == ["docs", "guide.swift", "d.swift"])
    #expect(host.calls.last == .apply(TreeChanges(deletedRowRanges: [.init(section: 0, rows: 0..<2)])))
    #expect(host.violations.isEmpty)
  }

  @Test func refilterAfterThePredicateChanges() throws {
    let files = Self.folders()
    let filtered = FilteredTreeSource(files) { item in
      item.name.hasSuffix(".swift") ? .visible : .visibleIfDescendantIsVisible
    }
    let list = TreeList(source: filtered) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    try list.collapse([0])  // the user's state survives the refilter
    filtered.setPredicate { item in item.name.hasSuffix(".txt") ? .visible : .visibleIfDescendantIsVisible }
    #expect(Self.rows(host) == ["src", "docs", "c.txt"])
    #expect(!list.isExpanded([0]))
    try list.expand([0])
    #expect(Self.rows(host) == ["src", "b.txt", "docs", "c.txt"])
    // src stayed: it was never deleted and inserted.
    #expect(host.calls.count == 4)
    if case .apply(let changes) = host.calls[2] {
      #expect(!changes.deletedRowRanges.contains { $0.rows.contains(0) })
    }
    #expect(host.violations.isEmpty)
  }

  @Test func recursiveFilterWhileTheParentIsCollapsed() throws {
    let files = Self.folders()
    let filtered = FilteredTreeSource(files) { item in
      item.name.hasSuffix(".swift") ? .visible : .visibleIfDescendantIsVisible
    }
    let list = TreeList(source: filtered)  // everything collapsed
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect(Self.rows(host) == ["src", "d.swift"])
    try files.append(Item(name: "z.swift"), to: [1])  // docs appears, collapsed
    #expect(Self.rows(host) == ["src", "docs", "d.swift"])
    try files.append(Item(name: "y.swift"), to: [0])  // beneath collapsed src: no row changes
    #expect(host.calls.count == 2)
    try list.expand([0])
    #expect(Self.rows(host) == ["src", "a.swift", "y.swift", "docs", "d.swift"])
    #expect(host.violations.isEmpty)
  }

  @Test func aFolderThatLosesItsMatchAndGainsAnotherInOneBatchStays() throws {
    let files = Self.folders()
    let filtered = FilteredTreeSource(files) { item in
      item.name.hasSuffix(".swift") ? .visible : .visibleIfDescendantIsVisible
    }
    var heard: [TreeSourceChanges] = []
    let subscription = filtered.subscribe { heard.append($0) }
    let list = TreeList(source: filtered) { _, _ in true }
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect(Self.rows(host) == ["src", "a.swift", "d.swift"])
    // src's only match goes, then another comes: src stays a row.
    try files.performBatchUpdates { () throws(TreeSourceError) in
      try files.remove(at: [0, 0])
      try files.append(Item(name: "e.swift"), to: [0])
    }
    #expect(heard.last == TreeSourceChanges([.remove([0, 0]), .insert([0, 0])]))
    #expect(Self.rows(host) == ["src", "e.swift", "d.swift"])
    if case .apply(let changes)? = host.calls.last {
      #expect(changes.deletedRowRanges == [.init(section: 0, rows: 1..<2)])
      #expect(changes.insertedRowRanges == [.init(section: 0, rows: 1..<2)])
    } else {
      Issue.record("no update: \(host.calls)")
    }
    // The same through the filter's own batch, where a folder (docs) also
    // shows and one that loses its match for good (src) goes at the end.
    try filtered.performBatchUpdates { () throws(TreeSourceError) in
      try files.remove(at: [0, 1])
      try files.append(Item(name: "f.swift"), to: [1])
      try files.append(Item(name: "g.txt"), to: [0])
    }
    #expect(Self.rows(host) == ["docs", "f.swift", "d.swift"])
    #expect(heard.last == TreeSourceChanges([.remove([0, 0]), .insert([1]), .remove([0])]))
    // One step outside a batch hides the folder at once: one removal.
    try files.append(Item(name: "h.swift"), to: [0])
    try files.remove(at: [0, 2])
    #expect(heard.last == TreeSourceChanges([.remove([0])]))
    #expect(Self.rows(host) == ["docs", "f.swift", "d.swift"])
    #expect(host.violations.isEmpty)
    subscription.cancel()
  }

  @Test func aNarrowingThatHidesConsecutiveSiblingsDeletesTheirRowsAsOneRange() throws {
    let files = ArrayTreeSource(
      ["a.swift", "b.swift", "c.txt", "d.txt", "e.txt", "f.swift", "g.txt"].map { Item(name: $0) }, children: \.kids,
      name: "files")
    let filtered = FilteredTreeSource(files) { _ in .visible }
    var heard: [TreeSourceChanges] = []
    let subscription = filtered.subscribe { heard.append($0) }
    let list = TreeList(source: filtered)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    filtered.setPredicate({ $0.name.hasSuffix(".swift") ? .visible : .hidden }, change: .narrowing)
    #expect(heard.last == TreeSourceChanges([.remove([2]), .remove([2]), .remove([2]), .remove([3])]))
    #expect(Self.rows(host) == ["a.swift", "b.swift", "f.swift"])
    #expect(
      host.calls.last == .apply(TreeChanges(deletedRowRanges: [.init(section: 0, rows: 2..<5), .init(section: 0, rows: 6..<7)])))
    #expect(host.violations.isEmpty)
    subscription.cancel()
  }
}
