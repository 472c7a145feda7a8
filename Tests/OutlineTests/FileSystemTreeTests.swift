import Foundation
import Testing
import TreeDataSource
@testable import outline

/// A temporary folder with a known layout, removed when dropped:
///
///     Alpha/          inner.txt (5 bytes), Deep/ (deep.txt, 1 byte)
///     beta/           b.txt (3,400 bytes)
///     Empty/
///     a.txt           12 bytes
///     B.bin           3,400 bytes
///     big.bin         1,234,567 bytes
///     broken          → missing.txt
///     link            → a.txt
///     shortcut        → Alpha
final class FileSystemFixture {
  /// The folder's path.
  let path: String

  /// Creates the folder and its contents under the temporary directory.
  init() throws {
    let url = FileManager.default.temporaryDirectory
      .appendingPathComponent("FileSystemTreeTests-\(UUID().uuidString)")
    path = url.path
    let files = FileManager.default
    for folder in ["Alpha/Deep", "beta", "Empty"] {
      try files.createDirectory(atPath: path + "/" + folder, withIntermediateDirectories: true)
    }
    let sizes = [
      "Alpha/inner.txt": 5, "Alpha/Deep/deep.txt": 1, "beta/b.txt": 3_400,
      "a.txt": 12, "B.bin": 3_400, "big.bin": 1_234_567,
    ]
    for (file, size) in sizes {
      try Data(repeating: 0x61, count: size).write(to: URL(fileURLWithPath: path + "/" + file))
    }
    let links = ["broken": "missing.txt", "link": "a.txt", "shortcut": "Alpha"]
    for (link, target) in links {
      try files.createSymbolicLink(atPath: path + "/" + link, withDestinationPath: target)
    }
  }

  deinit { try? FileManager.default.removeItem(atPath: path) }
}

/// The texts of the root items of `tree`.
private func rootTexts(_ tree: FileSystemTree) -> [String] {
  (0..<tree.numberOfSubitems(of: nil)).map { tree.item(at: [$0]).text }
}

@Suite struct FileSystemTreeTests {
  @Test func rootEntriesComeFoldersFirstInNameOrder() throws {
    let folder = try FileSystemFixture()
    let tree = try FileSystemTree(rootPath: folder.path)
    #expect(tree.title == folder.path)
    #expect(
      rootTexts(tree) == [
        "Alpha", "beta", "Empty",
        "a.txt  12 bytes", "B.bin  3.4 kB", "big.bin  1.2 MB",
        "broken  → missing.txt (broken link)", "link  → a.txt", "shortcut  → Alpha",
      ])
    #expect(tree.item(at: [0]) == OutlineEntry(name: "Alpha", isContainer: true))
    #expect(tree.item(at: [3]) == OutlineEntry(name: "a.txt", detail: "12 bytes"))
    #expect(tree.item(at: [8]) == OutlineEntry(name: "shortcut", detail: "→ Alpha"))
    #expect((0..<9).allSatisfy { !tree.isExpanded([$0]) })
  }

  @Test func subfoldersListTheirEntries() throws {
    let folder = try FileSystemFixture()
    let tree = try FileSystemTree(rootPath: folder.path)
    #expect(tree.numberOfSubitems(of: [0]) == 2)
    #expect(tree.item(at: [0, 0]) == OutlineEntry(name: "Deep", isContainer: true))
    #expect(tree.item(at: [0, 1]) == OutlineEntry(name: "inner.txt", detail: "5 bytes"))
    #expect(tree.numberOfSubitems(of: [0, 0]) == 1)
    #expect(tree.item(at: [0, 0, 0]) == OutlineEntry(name: "deep.txt", detail: "1 byte"))
    #expect(tree.numberOfSubitems(of: [2]) == 0)  // Empty/
    #expect(tree.numberOfSubitems(of: [3]) == 0)  // a file
    #expect(tree.numberOfSubitems(of: [8]) == 0)  // a link to a folder is not followed
  }

  @Test func foldersAreListedOnlyWhenAskedAndOnce() throws {
    let folder = try FileSystemFixture()
    let tree = try FileSystemTree(rootPath: folder.path)
    #expect(tree.numberOfListings == 1)  // the root
    _ = rootTexts(tree)
    #expect(tree.numberOfListings == 1)  // entries alone list nothing
    #expect(tree.node(at: [0]).children == nil)
    #expect(tree.numberOfSubitems(of: [0]) == 2)
    #expect(tree.numberOfListings == 2)
    #expect(tree.node(at: [0, 0]).children == nil)  // Deep/ not yet listed
    #expect(tree.numberOfSubitems(of: [0]) == 2)
    _ = tree.item(at: [0, 0])
    #expect(tree.numberOfListings == 2)  // asked again: cached
    #expect(tree.numberOfSubitems(of: [0, 0]) == 1)
    #expect(tree.numberOfListings == 3)
    #expect(tree.numberOfSubitems(of: [3]) == 0)
    #expect(tree.numberOfSubitems(of: [8]) == 0)
    #expect(tree.numberOfListings == 3)  // files and links are never listed
  }

  @Test func anUnreadableFolderShowsWhyAndHasNoSubitems() throws {
    let folder = try FileSystemFixture()
    var listed: [String] = []
    let tree = try FileSystemTree(rootPath: folder.path) { path in
      listed.append(path)
      if path.hasSuffix("/beta") { throw POSIXError(.EACCES) }
      return try FileManager.default.contentsOfDirectory(atPath: path)
    }
    #expect(tree.item(at: [1]) == OutlineEntry(name: "beta", isContainer: true))
    #expect(tree.numberOfSubitems(of: [1]) == 0)
    #expect(tree.item(at: [1]) == OutlineEntry(name: "beta", detail: "(unreadable: Permission denied)", isContainer: true))
    #expect(tree.numberOfSubitems(of: [1]) == 0)
    #expect(tree.numberOfListings == 2)  // the failure is not retried
    #expect(listed == [folder.path, folder.path + "/beta"])
    #expect(tree.numberOfSubitems(of: [0]) == 2)  // other folders still list
  }

  @Test func rootErrors() throws {
    let folder = try FileSystemFixture()
    let missing = folder.path + "/nope"
    #expect(throws: OutlineError("cannot open folder \(missing): No such file or directory")) {
      _ = try FileSystemTree(rootPath: missing)
    }
    #expect(throws: OutlineError("cannot open folder \(folder.path)/a.txt: not a folder")) {
      _ = try FileSystemTree(rootPath: folder.path + "/a.txt")
    }
    #expect(throws: OutlineError("cannot open folder \(folder.path): Permission denied")) {
      _ = try FileSystemTree(rootPath: folder.path) { _ in throw POSIXError(.EACCES) }
    }
    // A Foundation error gives the system's message of the error beneath it.
    #expect(throws: OutlineError("cannot open folder \(folder.path): Not a directory")) {
      _ = try FileSystemTree(rootPath: folder.path) { _ in
        try FileManager.default.contentsOfDirectory(atPath: folder.path + "/a.txt")
      }
    }
  }

  @Test func titleIsTheStandardizedAbsolutePath() throws {
    let folder = try FileSystemFixture()
    let tree = try FileSystemTree(rootPath: folder.path + "/Alpha/../beta/")
    #expect(tree.title == folder.path + "/beta")
    #expect(rootTexts(tree) == ["b.txt  3.4 kB"])
  }

  @Test func sizeText() {
    #expect(FileSystemTree.sizeText(0) == "0 bytes")
    #expect(FileSystemTree.sizeText(1) == "1 byte")
    #expect(FileSystemTree.sizeText(999) == "999 bytes")
    #expect(FileSystemTree.sizeText(1_000) == "1.0 kB")
    #expect(FileSystemTree.sizeText(3_449) == "3.4 kB")
    #expect(FileSystemTree.sizeText(3_450) == "3.5 kB")
    #expect(FileSystemTree.sizeText(999_949) == "999.9 kB")
    #expect(FileSystemTree.sizeText(999_950) == "1.0 MB")
    #expect(FileSystemTree.sizeText(1_234_567) == "1.2 MB")
    #expect(FileSystemTree.sizeText(5_000_000_000) == "5.0 GB")
    #expect(FileSystemTree.sizeText(2_500_000_000_000_000) == "2.5 PB")
    #expect(FileSystemTree.sizeText(2_500_000_000_000_000_000) == "2500.0 PB")
  }

  @Test func nameOrderIsCaseInsensitiveThenCaseSensitive() {
    let names = ["b", "README", "a", "B", "readme", "Readme", "ab"]
    #expect(names.sorted(by: FileSystemTree.areInIncreasingOrder) == ["a", "ab", "B", "b", "README", "Readme", "readme"])
  }

  @Test func aTreeListExpandsAFolderLazily() throws {
    let folder = try FileSystemFixture()
    let tree = try FileSystemTree(rootPath: folder.path)
    let list = TreeList(dataSource: tree)
    let host = ListHostSimulator(list: list)
    list.reloadData()
    #expect(list.numberOfRows == 9)
    #expect(tree.numberOfListings == 1)  // collapsed folders are not listed

    try list.expand([0])
    #expect(tree.numberOfListings == 2)
    #expect(host.calls.last == .apply(TreeChanges(insertedRowRanges: [.init(section: 0, rows: 1..<3)])))
    let rows = (0..<list.numberOfRows).map { list.item(at: IndexPath(indexes: [0, $0])).text }
    #expect(rows.prefix(5) == ["Alpha", "Deep", "inner.txt  5 bytes", "beta", "Empty"])
    #expect(list.treeIndexPath(fromTablePath: [0, 2]) == [0, 1])
    #expect(host.numberOfRows == [11])
    #expect(host.violations.isEmpty)
  }
}
