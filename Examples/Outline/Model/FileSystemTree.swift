#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif
import Foundation
import TreeDataSource

/// A folder as an outline, listed lazily: a folder's entries are read only
/// when the list asks how many subitems it has, that is when it is expanded,
/// and at most once.
///
/// Folders come first, then everything else, each group in name order.
/// Symbolic links are shown, never followed, so the tree has no cycles.
/// Every item starts collapsed.
///
/// Path lookups walk from the root node down the path, in O(*d*) for a path
/// of depth *d*; listing a folder of *n* entries is O(*n* log *n*).
final class FileSystemTree: OutlineSource {
  /// One file-system entry and, once its folder is listed, its entries.
  final class Node {
    /// The entry's full path.
    let path: String
    /// Whether the entry is a folder (a link to a folder is not).
    let isFolder: Bool
    /// What the entry's row shows; a folder's changes when its listing fails.
    var entry: OutlineEntry
    /// The entries, in order, once listed; `[]` for anything but a folder,
    /// and for a folder whose listing failed; `nil` until listed.
    var children: [Node]?

    /// Creates a node for the entry at `path`; a folder starts unlisted.
    init(path: String, isFolder: Bool, entry: OutlineEntry) {
      self.path = path
      self.isFolder = isFolder
      self.entry = entry
      self.children = isFolder ? nil : []
    }
  }

  let title: String
  /// The standardized absolute path of the folder shown.
  let rootPath: String
  /// How many times a folder was listed, the root's listing included, failed
  /// attempts included.
  private(set) var numberOfListings = 0

  /// Reads the names in a folder; tests replace it to simulate failures.
  private let listing: (String) throws -> [String]
  /// The root items: the entries of ``rootPath``.
  private var roots: [Node] = []

  /// Creates the tree of the folder at `rootPath` and lists its entries.
  ///
  /// - Parameters:
  ///   - rootPath: The folder to show, absolute or relative to the current
  ///     directory; a link to a folder is followed.
  ///   - listing: Reads the names in a folder (the default asks
  ///     `FileManager`).
  /// - Throws: ``OutlineError`` when `rootPath` is missing, is not a folder,
  ///   or cannot be listed.
  /// - Complexity: O(*n* log *n*) for *n* root entries.
  init(
    rootPath: String,
    listing: @escaping (String) throws -> [String] = { try FileManager.default.contentsOfDirectory(atPath: $0) }
  ) throws(OutlineError) {
    let path = URL(fileURLWithPath: rootPath).standardizedFileURL.path
    self.rootPath = path
    self.title = path
    self.listing = listing
    var info = stat()
    guard stat(path, &info) == 0 else {
      throw OutlineError("cannot open folder \(rootPath): \(Self.errorText(errno))")
    }
    guard info.st_mode & S_IFMT == S_IFDIR else {
      throw OutlineError("cannot open folder \(rootPath): not a folder")
    }
    do {
      roots = try list(path)
    } catch {
      throw OutlineError("cannot open folder \(rootPath): \(Self.reason(for: error))")
    }
  }

  /// The node at `treePath`, which must name an item, listing nothing.
  ///
  /// - Complexity: O(*d*) for a path of depth *d*.
  func node(at treePath: TreePath) -> Node {
    var node = roots[treePath[0]]
    for index in treePath.dropFirst() { node = node.children![index] }
    return node
  }

  /// The number of entries of the folder at `parent`, listing it first if
  /// it was never listed; 0 for anything else and for an unreadable folder.
  ///
  /// - Complexity: O(*d*) for a path of depth *d*, plus O(*n* log *n*) for
  ///   the first ask about a folder of *n* entries.
  func numberOfSubitems(of parent: TreePath?) -> Int {
    guard let parent else { return roots.count }
    return children(of: node(at: parent)).count
  }

  /// Every item starts collapsed.
  ///
  /// - Complexity: O(1).
  func isExpanded(_ treePath: TreePath) -> Bool { false }

  /// The entry of the item at `treePath`, listing nothing.
  ///
  /// - Complexity: O(*d*) for a path of depth *d*.
  func item(at treePath: TreePath) -> OutlineEntry { node(at: treePath).entry }

  // MARK: Listing

  /// The entries of `node`, listing its folder once; a failed listing
  /// leaves the folder with none and says why in its entry's detail.
  ///
  /// - Complexity: O(*n* log *n*) the first time, for *n* entries; O(1) after.
  private func children(of node: Node) -> [Node] {
    if let children = node.children { return children }
    do {
      node.children = try list(node.path)
    } catch {
      node.children = []
      node.entry.detail = "(unreadable: \(Self.reason(for: error)))"
    }
    return node.children!
  }

  /// The nodes of the entries in the folder at `path`, folders first, each
  /// group in name order.
  ///
  /// - Complexity: O(*n* log *n*) for *n* entries.
  private func list(_ path: String) throws -> [Node] {
    numberOfListings += 1
    return try Self.nodes(inFolder: path, listing: listing)
  }

  /// The nodes of the entries in the folder at `path`, as `listing` names
  /// them, folders first, each group in name order.
  ///
  /// - Complexity: O(*n* log *n*) for *n* entries.
  static func nodes(
    inFolder path: String,
    listing: (String) throws -> [String] = { try FileManager.default.contentsOfDirectory(atPath: $0) }
  ) throws -> [Node] {
    let names = try listing(path)
    let nodes = names.map { Self.makeNode(name: $0, path: Self.path(path, appending: $0)) }
    let keys = nodes.map { ($0, $0.entry.name.lowercased()) }
    return keys.sorted { a, b in
      if a.0.isFolder != b.0.isFolder { return a.0.isFolder }
      if a.1 != b.1 { return a.1 < b.1 }
      return Self.isOrderedCaseSensitively(a.0.entry.name, before: b.0.entry.name)
    }.map(\.0)
  }

  /// Whether the name `a` sorts before `b` in a folder's listing: by their
  /// lowercased forms, then case-sensitively, then by their UTF-8 bytes, so
  /// that the order is total.
  ///
  /// - Complexity: O(*m*) for names of *m* characters.
  static func areInIncreasingOrder(_ a: String, _ b: String) -> Bool {
    let (lowerA, lowerB) = (a.lowercased(), b.lowercased())
    if lowerA != lowerB { return lowerA < lowerB }
    return isOrderedCaseSensitively(a, before: b)
  }

  /// Whether `a` sorts before `b` case-sensitively, by their UTF-8 bytes
  /// when Swift deems them equal.
  ///
  /// - Complexity: O(*m*) for names of *m* characters.
  private static func isOrderedCaseSensitively(_ a: String, before b: String) -> Bool {
    if a != b { return a < b }
    return a.utf8.lexicographicallyPrecedes(b.utf8)
  }

  // MARK: Entries

  /// A node for the entry `name` at `path`, classified without following a
  /// link.
  ///
  /// - Complexity: O(1) file-system calls.
  private static func makeNode(name: String, path: String) -> Node {
    var info = stat()
    guard lstat(path, &info) == 0 else {
      return Node(
        path: path, isFolder: false,
        entry: OutlineEntry(name: name, detail: "(unreadable: \(errorText(errno)))"))
    }
    switch info.st_mode & S_IFMT {
    case S_IFDIR:
      return Node(path: path, isFolder: true, entry: OutlineEntry(name: name, isContainer: true))
    case S_IFREG:
      return Node(
        path: path, isFolder: false,
        entry: OutlineEntry(name: name, detail: sizeText(UInt64(max(0, info.st_size)))))
    case S_IFLNK:
      return Node(path: path, isFolder: false, entry: OutlineEntry(name: name, detail: linkText(path)))
    default:
      return Node(path: path, isFolder: false, entry: OutlineEntry(name: name))
    }
  }

  /// The detail of the link at `path`: `→ target`, with ` (broken link)`
  /// when the target does not exist.
  ///
  /// - Complexity: O(1) file-system calls.
  private static func linkText(_ path: String) -> String {
    guard let target = try? FileManager.default.destinationOfSymbolicLink(atPath: path) else {
      return "(unreadable link)"
    }
    var info = stat()
    return stat(path, &info) == 0 ? "→ \(target)" : "→ \(target) (broken link)"
  }

  /// A file size for people: `1 byte`, `999 bytes`, then one decimal in
  /// decimal units, `3.4 kB`, `1.2 MB`, `5.0 GB`, rounded half up.
  ///
  /// - Complexity: O(1).
  static func sizeText(_ bytes: UInt64) -> String {
    if bytes == 1 { return "1 byte" }
    if bytes < 1000 { return "\(bytes) bytes" }
    var unit: UInt64 = 1000
    for name in ["kB", "MB", "GB", "TB", "PB"] {
      let tenths = (bytes + unit / 20) / (unit / 10)
      if tenths < 10_000 || name == "PB" { return "\(tenths / 10).\(tenths % 10) \(name)" }
      unit *= 1000
    }
    return "\(bytes) bytes"
  }

  /// The path of the entry `name` in the folder at `folder`.
  ///
  /// - Complexity: O(*m*) for paths of *m* characters.
  private static func path(_ folder: String, appending name: String) -> String {
    folder.hasSuffix("/") ? folder + name : folder + "/" + name
  }

  /// Why `error` happened, in a few words: the system's message for a
  /// POSIX error (also when it underlies a Foundation error), else the
  /// error's description.
  ///
  /// - Complexity: O(1).
  static func reason(for error: any Error) -> String {
    if let error = error as? OutlineError { return error.message }
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return errorText(Int32(error.code)) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? any Error,
      case let underlying = underlying as NSError, underlying.domain == NSPOSIXErrorDomain
    {
      return errorText(Int32(underlying.code))
    }
    return error.localizedDescription
  }

  /// The system's message for the error number `code`.
  ///
  /// - Complexity: O(1).
  private static func errorText(_ code: Int32) -> String {
    String(cString: strerror(code))
  }
}
