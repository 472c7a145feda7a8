#if canImport(Glibc)
import Glibc
#elseif canImport(Musl)
import Musl
#elseif canImport(Darwin)
import Darwin
#endif

/// Reading a document the command line names (`outline --json FILE`,
/// `filters --restore FILE`), up to a size limit, so that `/dev/zero` or a
/// huge file is one clear error rather than all of memory.
package enum DocumentFile {
  /// The largest document read unless a flag raises it: 64 MiB.
  package static let defaultMaximumBytes = 64 << 20

  /// Why a document cannot be read.
  package enum Failure: Error, Equatable {
    /// The system refused: the path and its reason (`strerror`).
    case unreadable(path: String, reason: String)
    /// The document holds more than `maximumBytes` bytes.
    case tooLarge(path: String, maximumBytes: Int)

    /// The error as one line, without the program's name: `cannot read
    /// data.json: No such file or directory`, or `cannot read /dev/zero:
    /// larger than 67,108,864 bytes`.
    package var message: String {
      switch self {
      case .unreadable(let path, let reason): return "cannot read \(path): \(reason)"
      case .tooLarge(let path, let maximumBytes):
        return "cannot read \(path): larger than \(Screen.grouped(maximumBytes)) bytes"
      }
    }
  }

  /// The whole file at `path`, as bytes, read in chunks and at most
  /// `maximumBytes` of them.
  ///
  /// - Parameters:
  ///   - path: The file, absolute or relative to the current directory.
  ///   - maximumBytes: The most bytes to accept.
  /// - Returns: The file's bytes.
  /// - Throws: ``Failure/unreadable(path:reason:)`` with the system's
  ///   reason (`No such file or directory`, `Is a directory`), or
  ///   ``Failure/tooLarge(path:maximumBytes:)`` once more than
  ///   `maximumBytes` bytes are read (at once for a regular file whose
  ///   size says so).
  /// - Complexity: O(min(*n*, `maximumBytes`)) for a file of *n* bytes.
  package static func bytes(atPath path: String, maximumBytes: Int = defaultMaximumBytes) throws(Failure) -> [UInt8] {
    let descriptor = open(path, O_RDONLY)
    guard descriptor >= 0 else { throw unreadable(path, errno: errno) }
    defer { close(descriptor) }

    var status = stat()
    let hasSize = fstat(descriptor, &status) == 0 && status.st_size > 0
    let expectedSize = hasSize ? Int(status.st_size) : 0
    guard expectedSize <= maximumBytes else { throw .tooLarge(path: path, maximumBytes: maximumBytes) }
    // Up to one byte past the limit, which tells a file over it; and one
    // byte more than expected, so that a whole file takes one short read.
    let readLimit = maximumBytes < Int.max ? maximumBytes + 1 : maximumBytes
    var chunkSize = min(max(expectedSize + 1, 1 << 16), readLimit)
    var bytes: [UInt8] = []
    while true {
      var readError: Int32 = 0
      let chunk = [UInt8](unsafeUninitializedCapacity: chunkSize) { buffer, count in
        guard let base = buffer.baseAddress else { return }
        while count < chunkSize {
          let result = read(descriptor, base + count, chunkSize - count)
          if result > 0 {
            count += result
          } else if result == 0 {
            return
          } else if errno != EINTR {
            readError = errno
            return
          }
        }
      }
      guard readError == 0 else { throw unreadable(path, errno: readError) }
      if bytes.isEmpty { bytes = chunk } else { bytes.append(contentsOf: chunk) }
      guard bytes.count <= maximumBytes else { throw .tooLarge(path: path, maximumBytes: maximumBytes) }
      if chunk.count < chunkSize || bytes.count == readLimit { return bytes }
      chunkSize = min(max(chunkSize, 1 << 20), readLimit - bytes.count)
    }
  }

  /// A byte count as the command line gives it: digits, at least 1.
  ///
  /// - Returns: The count, or `nil` for anything else.
  /// - Complexity: O(*n*) for *n* characters.
  package static func byteCount(_ text: String) -> Int? {
    guard !text.isEmpty, text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let count = Int(text), count > 0 else {
      return nil
    }
    return count
  }

  /// The failure for a file the system refuses, with its reason.
  private static func unreadable(_ path: String, errno code: Int32) -> Failure {
    .unreadable(path: path, reason: String(cString: strerror(code)))
  }
}
