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
