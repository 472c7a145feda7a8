import Foundation

/// The files of a fuzz corpus: a file, or every regular file in a folder,
/// sorted by name.
public enum FuzzCorpus {
  /// The files at `path`.
  ///
  /// - Parameter path: A file or a folder.
  /// - Returns: `path` itself when it is a file; the files in it, sorted,
  ///   when it is a folder; none when it does not exist.
  public static func files(at path: String) -> [String] {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else { return [] }
    guard isFolder.boolValue else { return [path] }
    let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
    return names.filter { !$0.hasPrefix(".") }.sorted().map { path + "/" + $0 }
  }
}
