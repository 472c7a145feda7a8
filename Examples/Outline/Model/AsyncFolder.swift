import Foundation
import TreeDataSource

/// A folder as an outline whose listings arrive asynchronously, through an
/// `AsyncTreeSource`: a folder's entries are listed when the list expands
/// it, after `--latency` milliseconds, and an expanded folder whose listing
/// has not arrived shows a `loading…` row. With `--compact`, a chain of
/// folders each the only entry of the one before shows as one row
/// (`a/b/c`, through a `CompactedTreeSource`), and expanding it shows the
/// entries of the last.
@MainActor
final class AsyncFolder {
  typealias Source = AsyncTreeSource<FileSystemTree.Node, String>

  /// The source of the folder's entries.
  let source: Source
  /// The rows over `source`: its chains of single-entry folders compacted
  /// with `--compact`, every entry its own row without.
  let compacted: CompactedTreeSource<Source>
  /// Whether chains of single-entry folders are one row (`--compact`).
  let compacts: Bool
  /// The list that shows them.
  let list: TreeList<TreeSourceDataSource<MappedTreeSource<CompactedTreeSource<Source>, OutlineEntry>>>
  /// The folders whose listing is on its way, and a count of the loads
  /// that started or ended.
  private let loads: Loads
  /// The folders ``startOpening(as:)`` opened, by path.
  private var openedForOptions: Set<String> = []

  /// Lists the folder at `rootPath` (at once) and makes its list.
  ///
  /// - Parameters:
  ///   - rootPath: The folder to show.
  ///   - latency: How long each listing of a folder beneath waits first, in
  ///     milliseconds.
  ///   - compacts: Whether a chain of folders, each the only entry of the
  ///     one before, shows as one row.
  ///   - marksLoadingRows: Whether the row of a folder whose listing is on
  ///     its way says `loading…` (the interactive browser), rather than a
  ///     row beneath it in ``rowTexts`` (piped output).
  /// - Throws: ``OutlineError`` when the folder cannot be opened.
  /// - Complexity: O(*n* log *n*) for *n* root entries.
  init(rootPath: String, latency: Int, compacts: Bool = false, marksLoadingRows: Bool = false) throws(OutlineError) {
    let tree = try FileSystemTree(rootPath: rootPath)
    let roots = (0..<tree.numberOfSubitems(of: nil)).map { tree.node(at: [$0]) }
    source = Source(roots, id: \.path, hasChildren: \.isFolder, name: tree.title) { node in
      if latency > 0 { try await Task.sleep(for: .milliseconds(latency)) }
      do {
        return try FileSystemTree.nodes(inFolder: node.path)
      } catch {
        node.entry.detail = "(unreadable: \(FileSystemTree.reason(for: error)))"
        throw error
      }
    }
    self.compacts = compacts
    compacted = compacts ? source.compacted(isFolder: \.isFolder) : source.compacted(isFolder: { _ in false })
    let loads = Loads()
    self.loads = loads
    list = TreeList(
      source: compacted.map { chain in
        var entry = Self.entry(of: chain)
        if marksLoadingRows && loads.folders.contains(chain.last.path) { entry.detail = "loading…" }
        return entry
      })
    source.loadStateDidChange = { [unowned source] path, state in
      guard let folder = try? source.element(at: path).path else { return }
      if state.isLoading { loads.folders.insert(folder) } else { loads.folders.remove(folder) }
      loads.changes += 1
    }
    list.reloadData()
  }

  /// The folders whose listing is on its way, and how many times a load
  /// started or ended.
  @MainActor
  private final class Loads {
    var folders: Set<String> = []
    var changes = 0
  }

  /// Expands the items `options` open among those listed so far, without
  /// waiting for a listing: their listings start, and arrive while the
  /// browser runs. Called again as listings arrive, it opens what they
  /// brought; each folder is opened once, so that one the user collapsed
  /// stays collapsed. With `--compact`, it also starts the listing of every
  /// folder row shown that is not listed yet, without opening it, so that
  /// a row grows into the chain it heads as listings arrive.
  func startOpening(as options: OutlineOptions) {
    for row in (0..<list.numberOfRows).reversed() {
      guard let path = list.treePath(forRow: row), !list.isExpanded(path), let listed = sourcePath(ofRowAt: path)
      else { continue }
      if Self.opens(path, options), let folder = try? source.element(at: listed).path,
        openedForOptions.insert(folder).inserted
      {
        try? list.expand(path)
      } else if compacts, (try? source.hasChildren(at: listed)) == true,
        case .notLoaded = try? source.loadState(at: listed)
      {
        try? source.startLoading(childrenOf: listed)
      }
    }
  }

  /// Lets the main actor run what is due — listings that arrived, waits
  /// that ended — for a moment, and says whether a load started or ended
  /// meanwhile, so that the browser draws again.
  ///
  /// - Returns: Whether the rows may have changed.
  func runLoads() -> Bool {
    let before = loads.changes
    RunLoop.main.run(until: Date(timeIntervalSinceNow: 0.002))
    return loads.changes != before
  }

  /// The row of a chain of entries: their names joined by `/`, with the
  /// last one's detail and disclosure.
  static func entry(of chain: CompactedElement<FileSystemTree.Node>) -> OutlineEntry {
    var entry = chain.last.entry
    entry.name = chain.elements.map(\.entry.name).joined(separator: "/")
    return entry
  }

  /// The path in `source` of the entry whose children the row at `path`
  /// shows (the last of its chain).
  ///
  /// - Complexity: O(*d*).
  func sourcePath(ofRowAt path: TreePath) -> TreePath? {
    compacted.basePath(forCompactedPath: path)
  }

  /// The visible rows as text, with a `loading…` row beneath each expanded
  /// folder whose listing has not arrived.
  ///
  /// - Complexity: O(*n* *d* log *b*) for *n* rows.
  var rowTexts: [String] {
    (0..<list.numberOfRows).flatMap { row -> [String] in
      let path = list.treePath(forRow: row)!
      let text = list.rowText(row)
      guard list.isExpanded(path), let listed = sourcePath(ofRowAt: path),
        (try? source.loadState(at: listed))?.isLoading == true
      else { return [text] }
      return [text, String(repeating: "  ", count: path.depth) + "  loading…"]
    }
  }

  /// Opens what `options` say, waiting for the listings that opening
  /// needs: folders open level by level as their parents' listings arrive.
  /// With `--compact`, every folder row shown is listed too (without
  /// opening it), to learn whether it is a chain, until no chain grows.
  ///
  /// - Throws: An ``OutlineError`` naming an `--expand` path that names no
  ///   folder once everything above it is listed.
  func open(as options: OutlineOptions) async throws(OutlineError) {
    var opened = true
    while opened {
      opened = false
      for row in 0..<list.numberOfRows {
        guard let path = list.treePath(forRow: row), let listed = sourcePath(ofRowAt: path),
          (try? source.hasChildren(at: listed)) == true
        else { continue }
        if !list.isExpanded(path), Self.opens(path, options) {
          try? list.expand(path)
          opened = true
        } else if compacts, case .notLoaded = try? source.loadState(at: listed) {
          try? source.startLoading(childrenOf: listed)
          opened = true
        }
      }
      while source.numberOfRunningLoads > 0 { try? await Task.sleep(for: .milliseconds(1)) }
    }
    for path in options.expandedPaths where !list.isExpanded(path) {
      throw OutlineError("--expand \(path.map(String.init).joined(separator: ".")): there is no such folder")
    }
  }

  /// Whether the options open the item at `path`: every item, the top
  /// `--depth` levels, or an `--expand` path, its ancestors and `--depth`
  /// levels beneath it.
  static func opens(_ path: TreePath, _ options: OutlineOptions) -> Bool {
    if options.expandsAll { return true }
    guard !options.expandedPaths.isEmpty else { return options.depth.map { path.depth <= $0 } ?? false }
    return options.expandedPaths.contains { expanded in
      if path == expanded || path.isAncestor(of: expanded) { return true }
      return expanded.isAncestor(of: path) && path.depth - expanded.depth < (options.depth ?? 1)
    }
  }
}
