/// Why the outline cannot start: a missing or malformed input, or a bad
/// argument. Printed as one line on standard error, with a non-zero exit.
struct OutlineError: Error, Equatable, CustomStringConvertible {
  /// The line to print, without the program's name.
  var message: String

  /// Creates an error with the line to print.
  init(_ message: String) {
    self.message = message
  }

  var description: String { message }
}
