import ExampleTerminal
import Foundation

/// Why `filters` cannot go on: a bad argument, an unreadable or malformed
/// file, an unknown item or answer. Printed as one line on standard error,
/// with a non-zero exit.
struct FiltersError: Error, Equatable, CustomStringConvertible {
  /// The line to print, without the program's name.
  var message: String

  /// Creates an error with the line to print.
  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}

extension FiltersError {
  /// The whole file at `path`, if it holds at most `maximumBytes`.
  ///
  /// - Throws: A ``FiltersError`` naming the path and the system's reason
  ///   (`cannot read f.json: No such file or directory`), or the limit
  ///   (`cannot read /dev/zero: larger than 67,108,864 bytes (see
  ///   --max-input-bytes)`).
  /// - Complexity: O(min(*n*, `maximumBytes`)) for a file of *n* bytes.
  static func fileData(atPath path: String, maximumBytes: Int) throws(FiltersError) -> Data {
    do {
      return Data(try DocumentFile.bytes(atPath: path, maximumBytes: maximumBytes))
    } catch .tooLarge {
      throw FiltersError(
        DocumentFile.Failure.tooLarge(path: path, maximumBytes: maximumBytes).message + " (see --max-input-bytes)")
    } catch {
      throw FiltersError(error.message)
    }
  }
}
